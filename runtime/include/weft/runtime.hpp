//===- runtime.hpp - A small C++ wrapper over the Weft runtime C API
//-------===//
//
// RAII owners for engines, contexts, infos and statuses. Nothing throws: every
// fallible call returns a Status (`ok()` or a code and message).
//
//   weft::runtime::Engine engine;
//   if (auto s = weft::runtime::Engine::loadFile("model.weft", engine);
//   !s.ok())
//     return fail(s.message());
//   weft::runtime::Context ctx;
//   weft::runtime::Context::create(engine, /*threads=*/0, /*profiling=*/false,
//                                  ctx);
//   ctx.setInput("x", WEFT_DTYPE_F32, data, bytes);
//   ctx.run();
//   weft_tensor_desc desc; const void *out;
//   ctx.output(0, desc, out);
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_RUNTIME_HPP
#define WEFT_RUNTIME_HPP

#include "weft/runtime.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace weft::runtime {

/// An owned weft_status: ok() when the call succeeded.
class Status {
public:
  Status() = default;
  explicit Status(weft_status *status) : status(status) {}
  Status(Status &&other) noexcept : status(other.status) {
    other.status = nullptr;
  }
  Status &operator=(Status &&other) noexcept {
    std::swap(status, other.status);
    return *this;
  }
  Status(const Status &) = delete;
  Status &operator=(const Status &) = delete;
  ~Status() { weft_status_free(status); }

  bool ok() const { return status == nullptr; }
  weft_code code() const { return weft_status_code(status); }
  std::string message() const { return weft_status_message(status); }

private:
  weft_status *status = nullptr;
};

/// The header of an engine (see weft_engine_info); `get()` is null until
/// read.
class EngineInfo {
public:
  EngineInfo() = default;
  EngineInfo(EngineInfo &&other) noexcept : info(other.info) {
    other.info = nullptr;
  }
  EngineInfo &operator=(EngineInfo &&other) noexcept {
    std::swap(info, other.info);
    return *this;
  }
  EngineInfo(const EngineInfo &) = delete;
  EngineInfo &operator=(const EngineInfo &) = delete;
  ~EngineInfo() { weft_engine_info_free(info); }

  static Status readFile(const std::string &path, EngineInfo &out) {
    weft_engine_info *raw = nullptr;
    Status status(weft_engine_info_read_file(path.c_str(), &raw));
    if (status.ok())
      out.reset(raw);
    return status;
  }
  static Status readMemory(const void *data, size_t size, EngineInfo &out) {
    weft_engine_info *raw = nullptr;
    Status status(weft_engine_info_read_memory(data, size, &raw));
    if (status.ok())
      out.reset(raw);
    return status;
  }

  const weft_engine_info *get() const { return info; }
  const weft_engine_info *operator->() const { return info; }
  Status checkTarget() const {
    return Status(weft_engine_info_check_target(info));
  }
  /// The info as JSON; empty on failure.
  std::string toJson() const {
    char *json = nullptr;
    Status status(weft_engine_info_to_json(info, &json));
    if (!status.ok())
      return {};
    std::string result(json);
    weft_string_free(json);
    return result;
  }
  void reset(weft_engine_info *raw) {
    weft_engine_info_free(info);
    info = raw;
  }

private:
  weft_engine_info *info = nullptr;
};

/// A loaded engine (shared, immutable).
class Engine {
public:
  Engine() = default;
  Engine(Engine &&other) noexcept : engine(other.engine) {
    other.engine = nullptr;
  }
  Engine &operator=(Engine &&other) noexcept {
    std::swap(engine, other.engine);
    return *this;
  }
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;
  ~Engine() { weft_engine_free(engine); }

  static Status loadFile(const std::string &path, Engine &out) {
    weft_engine *raw = nullptr;
    Status status(weft_engine_load_file(path.c_str(), &raw));
    if (status.ok())
      out.reset(raw);
    return status;
  }
  static Status loadMemory(const void *data, size_t size, Engine &out) {
    weft_engine *raw = nullptr;
    Status status(weft_engine_load_memory(data, size, &raw));
    if (status.ok())
      out.reset(raw);
    return status;
  }

  weft_engine *get() const { return engine; }
  size_t numInputs() const { return weft_engine_num_inputs(engine); }
  size_t numOutputs() const { return weft_engine_num_outputs(engine); }
  /// Descriptor of input/output `index` (zeroed when out of range).
  weft_tensor_desc input(size_t index) const {
    weft_tensor_desc desc{};
    Status(weft_engine_input(engine, index, &desc));
    return desc;
  }
  weft_tensor_desc output(size_t index) const {
    weft_tensor_desc desc{};
    Status(weft_engine_output(engine, index, &desc));
    return desc;
  }
  Status info(EngineInfo &out) const {
    weft_engine_info *raw = nullptr;
    Status status(weft_engine_get_info(engine, &raw));
    if (status.ok())
      out.reset(raw);
    return status;
  }
  void reset(weft_engine *raw) {
    weft_engine_free(engine);
    engine = raw;
  }

private:
  weft_engine *engine = nullptr;
};

/// Per-thread execution state of an engine.
class Context {
public:
  Context() = default;
  Context(Context &&other) noexcept : context(other.context) {
    other.context = nullptr;
  }
  Context &operator=(Context &&other) noexcept {
    std::swap(context, other.context);
    return *this;
  }
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;
  ~Context() { weft_context_free(context); }

  /// `threads` 0 = all cores, 1 = inline.
  static Status create(const Engine &engine, int threads, bool profiling,
                       Context &out) {
    weft_context_options options;
    weft_context_options_init(&options);
    options.threads = threads;
    options.profiling = profiling ? 1 : 0;
    weft_context *raw = nullptr;
    Status status(weft_context_create(engine.get(), &options, &raw));
    if (status.ok()) {
      weft_context_free(out.context);
      out.context = raw;
    }
    return status;
  }

  weft_context *get() const { return context; }
  int threads() const { return weft_context_threads(context); }

  /// Copies input `name` in; `dims` empty skips the shape check.
  Status setInput(const std::string &name, weft_dtype dtype, const void *data,
                  size_t byteSize, const std::vector<int64_t> &dims = {}) {
    return Status(weft_context_set_input(
        context, name.c_str(), dtype, dims.empty() ? nullptr : dims.data(),
        static_cast<int32_t>(dims.size()), data, byteSize));
  }
  Status setInput(size_t index, weft_dtype dtype, const void *data,
                  size_t byteSize, const std::vector<int64_t> &dims = {}) {
    return Status(weft_context_set_input_at(
        context, index, dtype, dims.empty() ? nullptr : dims.data(),
        static_cast<int32_t>(dims.size()), data, byteSize));
  }
  Status inputBuffer(size_t index, void *&data, size_t &byteSize) {
    return Status(weft_context_input_buffer(context, index, &data, &byteSize));
  }
  Status run() { return Status(weft_context_run(context)); }
  Status output(size_t index, weft_tensor_desc &desc, const void *&data) const {
    return Status(weft_context_get_output(context, index, &desc, &data));
  }
  Status output(const std::string &name, weft_tensor_desc &desc,
                const void *&data) const {
    return Status(
        weft_context_get_output_by_name(context, name.c_str(), &desc, &data));
  }

  size_t profileSize() const { return weft_context_profile_size(context); }
  Status profileStep(size_t step, weft_step_profile &profile) const {
    return Status(weft_context_profile_step(context, step, &profile));
  }
  Status writeTrace(const std::string &path) const {
    return Status(weft_context_write_trace(context, path.c_str()));
  }
  void resetProfile() { weft_context_reset_profile(context); }

private:
  weft_context *context = nullptr;
};

} // namespace weft::runtime

#endif // WEFT_RUNTIME_HPP
