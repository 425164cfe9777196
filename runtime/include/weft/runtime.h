/*===- runtime.h - The Weft runtime C API ---------------------------------===*\
|*                                                                            *|
|* Load an engine written by `weft compile`, bind inputs, run it, read the    *|
|* outputs. Plain C (C99 and C++); no call throws or aborts.                  *|
|*                                                                            *|
|* Conventions                                                                *|
|*  - Every call that can fail returns a `weft_status *`: NULL means success; *|
|*    otherwise the status carries a code and a human-readable message and   *|
|*    the caller frees it with weft_status_free.                              *|
|*  - Out-parameters are written only on success.                             *|
|*  - An engine is immutable and may be shared by any number of threads and   *|
|*    contexts. A context holds the per-run state (inputs, outputs, arena,    *|
|*    thread pool, profile) and is used by one thread at a time.              *|
|*  - Engines and contexts are reference-counted internally: freeing an       *|
|*    engine while contexts created from it are alive is allowed.             *|
|*  - Strings and arrays returned through descriptors stay valid as long as   *|
|*    the object they came from (engine, context or info).                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef WEFT_RUNTIME_H
#define WEFT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===-- Status ------------------------------------------------------------===*/

typedef enum weft_code {
  WEFT_OK = 0,
  /* A bad argument: NULL pointer, index out of range, wrong input name,
     dtype, shape or byte size. */
  WEFT_INVALID_ARGUMENT = 1,
  /* An I/O failure: the file does not exist or cannot be read. */
  WEFT_IO_ERROR = 2,
  /* The bytes are not a valid engine: wrong magic, truncated, corrupted,
     inconsistent, or an unsupported format version. */
  WEFT_INVALID_ENGINE = 3,
  /* A valid engine built for another target (triple, CPU features,
     executor kind). */
  WEFT_TARGET_MISMATCH = 4,
  /* The code object could not be loaded or lacks a kernel symbol. */
  WEFT_CODE_LOAD_ERROR = 5,
  /* A call in the wrong state (e.g. reading outputs before any run). */
  WEFT_FAILED_PRECONDITION = 6,
  /* Memory or another resource could not be obtained. */
  WEFT_RESOURCE_EXHAUSTED = 7,
  WEFT_INTERNAL = 8,
} weft_code;

typedef struct weft_status weft_status;

/* The message, e.g. "input 'x': dtype mismatch: engine expects float32,
   got int64". NULL status gives "ok". */
const char *weft_status_message(const weft_status *status);
/* WEFT_OK for a NULL status. */
weft_code weft_status_code(const weft_status *status);
/* Frees a status; NULL is fine. */
void weft_status_free(weft_status *status);
/* The name of a code ("invalid engine"). */
const char *weft_code_name(weft_code code);

/*===-- Versions and element types -----------------------------------------===*/

/* The runtime's own version, e.g. "0.3.0". */
const char *weft_runtime_version(void);
/* The engine format version this runtime reads (major.minor; engines with
   the same major and a minor <= this one load). */
uint32_t weft_format_version_major(void);
uint32_t weft_format_version_minor(void);

/* Values match the engine schema and weft::engine::DType. */
typedef enum weft_dtype {
  WEFT_DTYPE_F32 = 0,
  WEFT_DTYPE_F16 = 1,
  WEFT_DTYPE_BF16 = 2,
  WEFT_DTYPE_F64 = 3,
  WEFT_DTYPE_I8 = 4,
  WEFT_DTYPE_I16 = 5,
  WEFT_DTYPE_I32 = 6,
  WEFT_DTYPE_I64 = 7,
  WEFT_DTYPE_U8 = 8,
  WEFT_DTYPE_U16 = 9,
  WEFT_DTYPE_U32 = 10,
  WEFT_DTYPE_U64 = 11,
  WEFT_DTYPE_BOOL = 12,
  /* Strings: each element is a `const char *` to NUL-terminated UTF-8.
     weft_context_set_input copies the strings; an output's pointers stay
     valid until the next run. */
  WEFT_DTYPE_STRING = 13,
} weft_dtype;

/* numpy-style name ("float32", "int64", "bool"); "unknown" when invalid. */
const char *weft_dtype_name(weft_dtype dtype);
/* Bytes per element; 0 when invalid. */
size_t weft_dtype_size(weft_dtype dtype);

/* A model input or output. */
typedef struct weft_tensor_desc {
  const char *name;
  weft_dtype dtype;
  int32_t rank;
  const int64_t *dims; /* `rank` entries */
  uint64_t byte_size;
} weft_tensor_desc;

/*===-- Engines ------------------------------------------------------------===*/

typedef struct weft_engine weft_engine;

/* Loads and verifies an engine, checks that it targets this machine, and
   loads its code. The file is memory-mapped (constants are used in place). */
weft_status *weft_engine_load_file(const char *path, weft_engine **engine);
/* Same from memory; the bytes are copied, the caller keeps ownership. */
weft_status *weft_engine_load_memory(const void *data, size_t size,
                                     weft_engine **engine);
/* Releases the caller's reference; NULL is fine. */
void weft_engine_free(weft_engine *engine);

size_t weft_engine_num_inputs(const weft_engine *engine);
size_t weft_engine_num_outputs(const weft_engine *engine);
weft_status *weft_engine_input(const weft_engine *engine, size_t index,
                               weft_tensor_desc *desc);
weft_status *weft_engine_output(const weft_engine *engine, size_t index,
                                weft_tensor_desc *desc);
/* Index of the input/output called `name`; WEFT_INVALID_ARGUMENT naming the
   known ones when there is none. */
weft_status *weft_engine_find_input(const weft_engine *engine,
                                    const char *name, size_t *index);
weft_status *weft_engine_find_output(const weft_engine *engine,
                                     const char *name, size_t *index);

/*===-- Engine info (header query and `weft inspect`) ----------------------===*/

typedef enum weft_buffer_kind {
  WEFT_BUFFER_INPUT = 0,
  WEFT_BUFFER_OUTPUT = 1,
  WEFT_BUFFER_CONSTANT = 2,
  WEFT_BUFFER_INTERMEDIATE = 3,
} weft_buffer_kind;

typedef struct weft_buffer_desc {
  const char *name;
  weft_buffer_kind kind;
  weft_dtype dtype;
  int32_t rank;
  const int64_t *dims;
  uint64_t byte_size;
  int64_t arena_offset; /* intermediates; -1 otherwise */
  int32_t blob;         /* constants: index into blobs; -1 otherwise */
} weft_buffer_desc;

typedef enum weft_blob_kind {
  WEFT_BLOB_CONSTANT = 0,
  WEFT_BLOB_CODE = 1,
} weft_blob_kind;

typedef struct weft_blob_desc {
  weft_blob_kind kind;
  uint64_t offset; /* into the data section (file offset = data_offset + offset) */
  uint64_t size;
} weft_blob_desc;

typedef struct weft_step_desc {
  const char *kernel; /* symbol in the code object */
  int32_t code_object;
  int32_t num_buffers;
  const int32_t *buffers; /* buffer ids, in argument order */
  int64_t parallel_extent;
  int64_t workload; /* MACs or elementwise ops, for reports */
  int32_t num_nodes;
  const char *const *node_names; /* the ONNX nodes behind the step */
} weft_step_desc;

typedef struct weft_engine_info {
  uint32_t format_version_major;
  uint32_t format_version_minor;
  const char *compiler_version;
  const char *source_model;
  /* Target: kind ("cpu"), LLVM triple, CPU name, features ("+avx2,+fma"). */
  const char *target_kind;
  const char *target_triple;
  const char *target_cpu;
  const char *target_features;
  size_t num_inputs;
  const weft_tensor_desc *inputs;
  size_t num_outputs;
  const weft_tensor_desc *outputs;
  size_t num_buffers;
  const weft_buffer_desc *buffers;
  size_t num_blobs;
  const weft_blob_desc *blobs;
  size_t num_steps;
  const weft_step_desc *steps;
  uint64_t arena_size;         /* bytes of the one arena */
  uint64_t intermediates_size; /* sum of all intermediates (no reuse) */
  uint64_t constants_size;     /* bytes of constant blobs */
  uint64_t code_size;          /* bytes of code objects */
  uint64_t header_size;        /* bytes of the FlatBuffers header */
  uint64_t data_offset;        /* file offset of the data section */
  uint64_t file_size;
} weft_engine_info;

/* Reads and verifies the header of an engine file (everything but the
   target check and the blob checksums) without loading code or reading the
   blobs. Cheap: reads the preamble and the header only. */
weft_status *weft_engine_info_read_file(const char *path,
                                        weft_engine_info **info);
weft_status *weft_engine_info_read_memory(const void *data, size_t size,
                                          weft_engine_info **info);
/* The info of a loaded engine. */
weft_status *weft_engine_get_info(const weft_engine *engine,
                                  weft_engine_info **info);
void weft_engine_info_free(weft_engine_info *info);
/* The info as one JSON object (for `weft inspect --json`); free the string
   with weft_string_free. */
weft_status *weft_engine_info_to_json(const weft_engine_info *info,
                                      char **json);
void weft_string_free(char *string);

/* Checks the engine's target against this machine without loading it:
   NULL when it would load here, else WEFT_TARGET_MISMATCH naming both sides
   ("engine targets aarch64-unknown-linux-gnu; this machine is x86_64-...").
 */
weft_status *weft_engine_info_check_target(const weft_engine_info *info);
/* This machine as the runtime sees it: triple and "+feature,..." list. */
const char *weft_host_triple(void);
const char *weft_host_features(void);

/*===-- Execution contexts -------------------------------------------------===*/

typedef struct weft_context weft_context;

typedef struct weft_context_options {
  /* Threads that run a step's parallel work; 0 = all cores, 1 = run inline
     on the calling thread. */
  int32_t threads;
  /* Record per-step wall times (weft_context_profile_*). */
  int32_t profiling;
} weft_context_options;

/* threads = 0, profiling = 0. */
void weft_context_options_init(weft_context_options *options);

/* `options` may be NULL (defaults). The context keeps the engine alive. */
weft_status *weft_context_create(weft_engine *engine,
                                 const weft_context_options *options,
                                 weft_context **context);
void weft_context_free(weft_context *context);
/* The number of threads the context runs on (>= 1). */
int32_t weft_context_threads(const weft_context *context);

/* Copies an input in. `dtype` and `byte_size` must match the engine's
   input; when `dims` is not NULL, `rank`/`dims` must match its shape too.
   Errors name the input and both sides. */
weft_status *weft_context_set_input(weft_context *context, const char *name,
                                    weft_dtype dtype, const int64_t *dims,
                                    int32_t rank, const void *data,
                                    size_t byte_size);
weft_status *weft_context_set_input_at(weft_context *context, size_t index,
                                       weft_dtype dtype, const int64_t *dims,
                                       int32_t rank, const void *data,
                                       size_t byte_size);
/* The context's own (64-byte aligned) storage of input `index`, to fill in
   place without a copy; `byte_size` gets its size. */
weft_status *weft_context_input_buffer(weft_context *context, size_t index,
                                       void **data, size_t *byte_size);

/* Runs every step. Inputs not set are zero on the first run and keep their
   last value afterwards. */
weft_status *weft_context_run(weft_context *context);

/* Output `index` of the last run: its descriptor and data (valid until the
   next run or the context is freed). WEFT_FAILED_PRECONDITION before any
   run. */
weft_status *weft_context_get_output(const weft_context *context, size_t index,
                                     weft_tensor_desc *desc, const void **data);
weft_status *weft_context_get_output_by_name(const weft_context *context,
                                             const char *name,
                                             weft_tensor_desc *desc,
                                             const void **data);

/*===-- Profiling ----------------------------------------------------------===*/

typedef struct weft_step_profile {
  const char *kernel;           /* the step's kernel symbol */
  int32_t num_nodes;
  const char *const *node_names; /* the ONNX nodes behind the step */
  int64_t workload;
  uint64_t last_ns;  /* wall time in the last run */
  uint64_t total_ns; /* summed over `runs` runs */
  uint64_t runs;
} weft_step_profile;

/* Number of steps with a profile (the engine's step count, 0 when the
   context was created without profiling). */
size_t weft_context_profile_size(const weft_context *context);
weft_status *weft_context_profile_step(const weft_context *context,
                                       size_t step, weft_step_profile *profile);
/* Writes every recorded run as a Chrome trace (chrome://tracing, Perfetto):
   one complete event per step per run, named after the kernel, with the
   ONNX node names as arguments. */
weft_status *weft_context_write_trace(const weft_context *context,
                                      const char *path);
/* Forgets the recorded runs. */
void weft_context_reset_profile(weft_context *context);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* WEFT_RUNTIME_H */
