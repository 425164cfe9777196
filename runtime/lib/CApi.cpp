//===- CApi.cpp - The C API of include/weft/runtime.h ---------------------===//
//
// Argument checks and handle plumbing; the work is in Engine, Context and
// EngineModel.
//
//===----------------------------------------------------------------------===//

#include "weft/runtime.h"

#include "runtime/lib/Context.h"
#include "runtime/lib/Engine.h"
#include "runtime/lib/Info.h"
#include "runtime/lib/Target.h"
#include "runtime/schema/EngineFormat.h"

#include <cstdlib>
#include <cstring>

using namespace weft::rt;

struct weft_engine {
  std::shared_ptr<LoadedEngine> impl;
};

struct weft_context {
  std::unique_ptr<ExecutionContext> impl;
};

namespace {

weft_status *nullArgument(const char *name) {
  return invalidArgument(strCat("'", name, "' is null"));
}

std::string listNames(const std::vector<weft_tensor_desc> &tensors) {
  std::string names;
  for (const weft_tensor_desc &tensor : tensors)
    names += strCat(names.empty() ? "'" : ", '", tensor.name, "'");
  return names.empty() ? "none" : names;
}

weft_status *findTensor(const std::vector<weft_tensor_desc> &tensors,
                        const char *what, const char *name, size_t &index) {
  if (!name)
    return nullArgument("name");
  for (size_t i = 0; i < tensors.size(); ++i)
    if (std::strcmp(tensors[i].name, name) == 0) {
      index = i;
      return nullptr;
    }
  return invalidArgument(strCat("the engine has no ", what, " '", name,
                                "' (its ", what, "s: ", listNames(tensors),
                                ")"));
}

weft_status *getTensor(const std::vector<weft_tensor_desc> &tensors,
                       const char *what, size_t index, weft_tensor_desc *desc) {
  if (!desc)
    return nullArgument("desc");
  if (index >= tensors.size())
    return invalidArgument(strCat(what, " index ", index,
                                  " is out of range (the engine has ",
                                  countNoun(tensors.size(), what), ")"));
  *desc = tensors[index];
  return nullptr;
}

weft_status *loadEngine(std::unique_ptr<EngineBytes> bytes,
                        weft_engine **engine) {
  std::shared_ptr<LoadedEngine> loaded;
  WEFT_RETURN_IF_ERROR(LoadedEngine::load(std::move(bytes), loaded));
  *engine = new weft_engine{std::move(loaded)};
  return nullptr;
}

} // namespace

extern "C" {

const char *weft_runtime_version(void) { return "0.3.0"; }
uint32_t weft_format_version_major(void) { return weft::format::kFormatMajor; }
uint32_t weft_format_version_minor(void) { return weft::format::kFormatMinor; }

weft_status *weft_engine_load_file(const char *path, weft_engine **engine) {
  if (!engine)
    return nullArgument("engine");
  std::unique_ptr<EngineBytes> bytes;
  WEFT_RETURN_IF_ERROR(EngineBytes::mapFile(path, bytes));
  weft_status *status = loadEngine(std::move(bytes), engine);
  if (status)
    status->message = strCat(path, ": ", status->message);
  return status;
}

weft_status *weft_engine_load_memory(const void *data, size_t size,
                                     weft_engine **engine) {
  if (!engine)
    return nullArgument("engine");
  std::unique_ptr<EngineBytes> bytes;
  WEFT_RETURN_IF_ERROR(EngineBytes::copy(data, size, bytes));
  return loadEngine(std::move(bytes), engine);
}

void weft_engine_free(weft_engine *engine) { delete engine; }

size_t weft_engine_num_inputs(const weft_engine *engine) {
  return engine ? engine->impl->getModel().inputs.size() : 0;
}

size_t weft_engine_num_outputs(const weft_engine *engine) {
  return engine ? engine->impl->getModel().outputs.size() : 0;
}

weft_status *weft_engine_input(const weft_engine *engine, size_t index,
                               weft_tensor_desc *desc) {
  if (!engine)
    return nullArgument("engine");
  return getTensor(engine->impl->getModel().inputDescs, "input", index, desc);
}

weft_status *weft_engine_output(const weft_engine *engine, size_t index,
                                weft_tensor_desc *desc) {
  if (!engine)
    return nullArgument("engine");
  return getTensor(engine->impl->getModel().outputDescs, "output", index, desc);
}

weft_status *weft_engine_find_input(const weft_engine *engine, const char *name,
                                    size_t *index) {
  if (!engine || !index)
    return nullArgument(engine ? "index" : "engine");
  return findTensor(engine->impl->getModel().inputDescs, "input", name, *index);
}

weft_status *weft_engine_find_output(const weft_engine *engine,
                                     const char *name, size_t *index) {
  if (!engine || !index)
    return nullArgument(engine ? "index" : "engine");
  return findTensor(engine->impl->getModel().outputDescs, "output", name,
                    *index);
}

weft_status *weft_engine_info_read_file(const char *path,
                                        weft_engine_info **info) {
  if (!info)
    return nullArgument("info");
  std::shared_ptr<EngineModel> model;
  if (weft_status *status = readEngineHeader(path, model)) {
    if (path && status->code == WEFT_INVALID_ENGINE)
      status->message = strCat(path, ": ", status->message);
    return status;
  }
  *info = makeEngineInfo(std::move(model));
  return nullptr;
}

weft_status *weft_engine_info_read_memory(const void *data, size_t size,
                                          weft_engine_info **info) {
  if (!info)
    return nullArgument("info");
  // The verifier needs the header 8-byte aligned; copy when it is not.
  std::unique_ptr<EngineBytes> bytes;
  WEFT_RETURN_IF_ERROR(EngineBytes::copy(data, size, bytes));
  std::shared_ptr<EngineModel> model;
  WEFT_RETURN_IF_ERROR(parseEngine(bytes->data(), size, size, model));
  *info = makeEngineInfo(std::move(model));
  return nullptr;
}

weft_status *weft_engine_get_info(const weft_engine *engine,
                                  weft_engine_info **info) {
  if (!engine || !info)
    return nullArgument(engine ? "info" : "engine");
  *info = makeEngineInfo(engine->impl->getSharedModel());
  return nullptr;
}

void weft_engine_info_free(weft_engine_info *info) {
  delete static_cast<EngineInfo *>(info);
}

weft_status *weft_engine_info_to_json(const weft_engine_info *info,
                                      char **json) {
  if (!info || !json)
    return nullArgument(info ? "json" : "info");
  std::string text = formatInfoJson(*info);
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (!copy)
    return makeStatus(WEFT_RESOURCE_EXHAUSTED, "out of memory");
  std::memcpy(copy, text.c_str(), text.size() + 1);
  *json = copy;
  return nullptr;
}

void weft_string_free(char *string) { std::free(string); }

weft_status *weft_engine_info_check_target(const weft_engine_info *info) {
  if (!info)
    return nullArgument("info");
  return checkTarget(info->target_kind, info->target_triple,
                     info->target_features, getHostTarget());
}

const char *weft_host_triple(void) { return getHostTarget().triple.c_str(); }

const char *weft_host_features(void) {
  static const std::string features = [] {
    std::string list;
    for (const std::string &feature : getHostTarget().features)
      list += (list.empty() ? "+" : ",+") + feature;
    return list;
  }();
  return features.c_str();
}

void weft_context_options_init(weft_context_options *options) {
  if (options)
    *options = weft_context_options{0, 0};
}

weft_status *weft_context_create(weft_engine *engine,
                                 const weft_context_options *options,
                                 weft_context **context) {
  if (!engine || !context)
    return nullArgument(engine ? "context" : "engine");
  weft_context_options defaults;
  weft_context_options_init(&defaults);
  std::unique_ptr<ExecutionContext> impl;
  WEFT_RETURN_IF_ERROR(ExecutionContext::create(
      engine->impl, options ? *options : defaults, impl));
  *context = new weft_context{std::move(impl)};
  return nullptr;
}

void weft_context_free(weft_context *context) { delete context; }

int32_t weft_context_threads(const weft_context *context) {
  return context ? context->impl->getThreads() : 0;
}

weft_status *weft_context_set_input(weft_context *context, const char *name,
                                    weft_dtype dtype, const int64_t *dims,
                                    int32_t rank, const void *data,
                                    size_t byte_size) {
  if (!context)
    return nullArgument("context");
  size_t index = 0;
  WEFT_RETURN_IF_ERROR(
      findTensor(context->impl->getModel().inputDescs, "input", name, index));
  return context->impl->setInput(index, dtype, dims, rank, data, byte_size);
}

weft_status *weft_context_set_input_at(weft_context *context, size_t index,
                                       weft_dtype dtype, const int64_t *dims,
                                       int32_t rank, const void *data,
                                       size_t byte_size) {
  if (!context)
    return nullArgument("context");
  return context->impl->setInput(index, dtype, dims, rank, data, byte_size);
}

weft_status *weft_context_input_buffer(weft_context *context, size_t index,
                                       void **data, size_t *byte_size) {
  if (!context)
    return nullArgument("context");
  return context->impl->getInputBuffer(index, data, byte_size);
}

weft_status *weft_context_run(weft_context *context) {
  if (!context)
    return nullArgument("context");
  return context->impl->run();
}

weft_status *weft_context_get_output(const weft_context *context, size_t index,
                                     weft_tensor_desc *desc,
                                     const void **data) {
  if (!context)
    return nullArgument("context");
  return context->impl->getOutput(index, desc, data);
}

weft_status *weft_context_get_output_by_name(const weft_context *context,
                                             const char *name,
                                             weft_tensor_desc *desc,
                                             const void **data) {
  if (!context)
    return nullArgument("context");
  size_t index = 0;
  WEFT_RETURN_IF_ERROR(
      findTensor(context->impl->getModel().outputDescs, "output", name, index));
  return context->impl->getOutput(index, desc, data);
}

size_t weft_context_profile_size(const weft_context *context) {
  if (!context || !context->impl->isProfiling())
    return 0;
  return context->impl->getModel().steps.size();
}

weft_status *weft_context_profile_step(const weft_context *context, size_t step,
                                       weft_step_profile *profile) {
  if (!context)
    return nullArgument("context");
  return context->impl->getStepProfile(step, profile);
}

weft_status *weft_context_write_trace(const weft_context *context,
                                      const char *path) {
  if (!context)
    return nullArgument("context");
  return context->impl->writeTrace(path);
}

void weft_context_reset_profile(weft_context *context) {
  if (context)
    context->impl->resetProfile();
}

} // extern "C"
