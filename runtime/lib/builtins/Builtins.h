//===- Builtins.h - Operations the runtime implements itself ----*- C++ -*-===//
//
// A builtin step names an operation the runtime runs in C++ instead of a
// kernel from the code object: the ONNX operators whose output shapes depend
// on the data (NonZero, Compress, Unique, NonMaxSuppression). Each result
// lives in a buffer sized for its largest shape (BufferRecord::maxShape);
// the operation writes the actual shape, which later steps and the outputs
// see. Every operation checks its buffers when the engine loads, so a run
// never reads or writes outside them.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_RUNTIME_LIB_BUILTINS_BUILTINS_H
#define WEFT_RUNTIME_LIB_BUILTINS_BUILTINS_H

#include "runtime/lib/EngineModel.h"
#include "runtime/lib/Status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace weft::rt {

/// One operand or result of a builtin call: its memory, the shape it has in
/// this run, and the largest it may have.
struct TensorView {
  void *data = nullptr;
  weft_dtype dtype = WEFT_DTYPE_F32;
  std::vector<int64_t> shape;
  std::vector<int64_t> maxShape;
  /// For a string result: the storage its pointers point into.
  std::vector<std::string> *strings = nullptr;

  int64_t numElements() const;
  /// String element `i` of a string tensor ("" for a null pointer).
  const char *stringAt(int64_t i) const;
  /// Makes a string result hold `values` (its pointers into its storage).
  void setStrings(std::vector<std::string> values);
};

struct BuiltinInfo {
  const char *name;
  /// Results come last in the step's buffers.
  size_t numResults;
  /// Checks the step's buffers (count, dtypes, ranks, bounds) and
  /// attributes at load time; `what` describes the step for messages.
  weft_status *(*validate)(const StepRecord &step, const EngineModel &model,
                           const std::string &what);
  /// Computes the results and sets their `shape` (within `maxShape`).
  weft_status *(*run)(const StepRecord &step, std::vector<TensorView> &operands,
                      std::vector<TensorView> &results,
                      const std::string &what);
};

/// The operation called `name`, or null.
const BuiltinInfo *findBuiltin(const std::string &name);
/// "Compress, NonMaxSuppression, NonZero, Unique".
std::string listBuiltins();

/// The largest shape buffer `id` of `model` can have (its shape when static).
inline const std::vector<int64_t> &getBound(const EngineModel &model,
                                            int32_t id) {
  const BufferRecord &buffer = model.buffers[id];
  return buffer.maxShape.empty() ? buffer.shape : buffer.maxShape;
}

/// The integer attribute `name` of `step` (its first value), or `fallback`.
int64_t getIntAttribute(const StepRecord &step, const char *name,
                        int64_t fallback);
/// The integer list `name`, or null when absent.
const std::vector<int64_t> *getIntsAttribute(const StepRecord &step,
                                             const char *name);

/// Validation helpers: buffer `index` of `step` must have `dtype` (any when
/// `anyDtype`) and `rank` (any when negative).
weft_status *expectBuffer(const StepRecord &step, const EngineModel &model,
                          size_t index, weft_dtype dtype, int rank,
                          const std::string &what, const char *role,
                          bool anyDtype = false);
weft_status *expectBufferCount(const StepRecord &step, size_t count,
                               const std::string &what);

// The operations (DataDependent.cpp, NonMaxSuppression.cpp,
// TfIdfVectorizer.cpp, Strings.cpp).
extern const BuiltinInfo kNonZeroBuiltin;
extern const BuiltinInfo kCompressBuiltin;
extern const BuiltinInfo kUniqueBuiltin;
extern const BuiltinInfo kNonMaxSuppressionBuiltin;
extern const BuiltinInfo kTfIdfVectorizerBuiltin;
extern const BuiltinInfo kStringNormalizerBuiltin;
extern const BuiltinInfo kCastBuiltin;

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_BUILTINS_BUILTINS_H
