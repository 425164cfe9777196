//===- Context.cpp - Running the steps of an engine -----------------------===//

#include "runtime/lib/Context.h"
#include "runtime/lib/builtins/Builtins.h"

#include "runtime/lib/Json.h"
#include "runtime/schema/EngineFormat.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace weft::rt {
namespace {

/// Caps the trace of a long profiled benchmark (about 32 MiB of events).
constexpr size_t kMaxTraceEvents = size_t(1) << 20;
constexpr int kMaxThreads = 1024;

std::string formatShape(const int64_t *dims, int64_t rank) {
  if (rank == 0)
    return "scalar";
  std::string text;
  for (int64_t i = 0; i < rank; ++i)
    text += strCat(i ? "x" : "", dims[i]);
  return text;
}

struct KernelCall {
  KernelFunction kernel;
  void **arguments;
};

void callKernel(void *state, int64_t begin, int64_t end) {
  auto *call = static_cast<KernelCall *>(state);
  call->kernel(call->arguments, begin, end);
}

} // namespace

AlignedBuffer::~AlignedBuffer() { std::free(bytes); }

weft_status *AlignedBuffer::allocate(uint64_t size, const std::string &what) {
  uint64_t rounded = 0;
  if (!format::alignUp(size ? size : 1, rounded) || rounded > SIZE_MAX)
    return makeStatus(WEFT_RESOURCE_EXHAUSTED,
                      strCat("cannot allocate ", size, " bytes for ", what));
  void *memory = nullptr;
  if (::posix_memalign(&memory, format::kBlobAlignment, size_t(rounded)) != 0)
    return makeStatus(WEFT_RESOURCE_EXHAUSTED,
                      strCat("cannot allocate ", size, " bytes for ", what));
  std::memset(memory, 0, size_t(rounded));
  std::free(bytes);
  bytes = static_cast<uint8_t *>(memory);
  return nullptr;
}

weft_status *
ExecutionContext::create(std::shared_ptr<LoadedEngine> engine,
                         const weft_context_options &options,
                         std::unique_ptr<ExecutionContext> &result) {
  if (options.threads < 0 || options.threads > kMaxThreads)
    return invalidArgument(strCat("thread count ", options.threads,
                                  " is out of range (0 = all cores, 1 to ",
                                  kMaxThreads, ")"));
  std::unique_ptr<ExecutionContext> context(new ExecutionContext());
  context->engine = std::move(engine);
  WEFT_RETURN_IF_ERROR(context->allocateBuffers());
  int threads = options.threads ? options.threads : getHardwareThreads();
  context->pool = std::make_unique<ThreadPool>(threads);
  context->profiling = options.profiling != 0;
  context->created = std::chrono::steady_clock::now();
  if (context->profiling)
    context->stepTimes.resize(context->getModel().steps.size());
  result = std::move(context);
  return nullptr;
}

weft_status *ExecutionContext::allocateBuffers() {
  const EngineModel &model = getModel();
  WEFT_RETURN_IF_ERROR(arena.allocate(model.arenaSize, "the arena"));
  addresses.assign(model.buffers.size(), nullptr);
  for (size_t id = 0; id < model.buffers.size(); ++id) {
    const BufferRecord &buffer = model.buffers[id];
    switch (buffer.kind) {
    case WEFT_BUFFER_CONSTANT:
      addresses[id] = const_cast<uint8_t *>(engine->getConstant(int32_t(id)));
      break;
    case WEFT_BUFFER_INTERMEDIATE:
      addresses[id] = arena.data() + buffer.arenaOffset;
      break;
    case WEFT_BUFFER_INPUT:
    case WEFT_BUFFER_OUTPUT: {
      auto storage = std::make_unique<AlignedBuffer>();
      WEFT_RETURN_IF_ERROR(
          storage->allocate(buffer.byteSize, strCat("'", buffer.name, "'")));
      addresses[id] = storage->data();
      ioBuffers.push_back(std::move(storage));
      break;
    }
    }
  }
  for (const BufferRecord &buffer : model.buffers)
    shapes.push_back(buffer.maxShape.empty() ? buffer.shape : buffer.maxShape);
  strings.resize(model.buffers.size());
  for (const StepRecord &step : model.steps) {
    std::vector<void *> arguments;
    for (int32_t id : step.buffers)
      arguments.push_back(addresses[id]);
    stepArguments.push_back(std::move(arguments));
  }
  return nullptr;
}

weft_status *ExecutionContext::setInput(size_t index, weft_dtype dtype,
                                        const int64_t *dims, int32_t rank,
                                        const void *data, size_t byteSize) {
  const EngineModel &model = getModel();
  if (index >= model.inputs.size())
    return invalidArgument(
        strCat("input index ", index, " is out of range (the engine has ",
               countNoun(model.inputs.size(), "input"), ")"));
  const BufferRecord &buffer = model.buffers[model.inputs[index]];
  if (dtype != buffer.dtype)
    return invalidArgument(strCat(
        "input '", buffer.name, "': dtype mismatch: the engine expects ",
        weft_dtype_name(buffer.dtype), ", got ", weft_dtype_name(dtype)));
  std::string expected = formatShape(buffer.shape.data(), buffer.shape.size());
  if (dims || rank) {
    bool same = dims && rank >= 0 && size_t(rank) == buffer.shape.size() &&
                std::equal(buffer.shape.begin(), buffer.shape.end(), dims);
    if (!same)
      return invalidArgument(
          strCat("input '", buffer.name,
                 "': shape mismatch: the engine expects ", expected, ", got ",
                 dims && rank >= 0 ? formatShape(dims, rank) : "no dims"));
  }
  if (byteSize != buffer.byteSize)
    return invalidArgument(strCat(
        "input '", buffer.name, "': byte size mismatch: the engine expects ",
        buffer.byteSize, " bytes (", weft_dtype_name(buffer.dtype), " ",
        expected, "), got ", byteSize));
  if (!data && byteSize)
    return invalidArgument(strCat("input '", buffer.name, "': data is null"));
  if (buffer.dtype == WEFT_DTYPE_STRING) {
    // Keep copies of the strings; the buffer points at them.
    int32_t id = model.inputs[index];
    const char *const *given = static_cast<const char *const *>(data);
    size_t count = byteSize / sizeof(const char *);
    std::vector<std::string> copies;
    for (size_t i = 0; i < count; ++i) {
      if (!given[i])
        return invalidArgument(
            strCat("input '", buffer.name, "': string ", i, " is null"));
      copies.emplace_back(given[i]);
    }
    strings[id] = std::move(copies);
    const char **pointers = static_cast<const char **>(addresses[id]);
    for (size_t i = 0; i < count; ++i)
      pointers[i] = strings[id][i].c_str();
    return nullptr;
  }
  if (byteSize)
    std::memcpy(addresses[model.inputs[index]], data, byteSize);
  return nullptr;
}

weft_status *ExecutionContext::getInputBuffer(size_t index, void **data,
                                              size_t *byteSize) {
  const EngineModel &model = getModel();
  if (index >= model.inputs.size())
    return invalidArgument(
        strCat("input index ", index, " is out of range (the engine has ",
               countNoun(model.inputs.size(), "input"), ")"));
  if (!data || !byteSize)
    return invalidArgument("null output pointer");
  *data = addresses[model.inputs[index]];
  *byteSize = model.buffers[model.inputs[index]].byteSize;
  return nullptr;
}

/// Steps with less work than this (multiply-adds or elements) run on the
/// calling thread: waking the pool costs microseconds, as much as the whole
/// step, and small models are mostly such steps (measured on PP-OCR mobile
/// cls: 99 steps, 2 threads took 4x longer than 1 before this).
static constexpr int64_t kMinWorkloadToSplit = int64_t(1) << 16;

weft_status *ExecutionContext::run() {
  const EngineModel &model = getModel();
  for (size_t i = 0; i < model.steps.size(); ++i) {
    const auto &step = model.steps[i];
    KernelCall call{engine->getKernel(i), stepArguments[i].data()};
    auto begin = profiling ? std::chrono::steady_clock::now()
                           : std::chrono::steady_clock::time_point();
    if (step.builtinInfo) {
      if (weft_status *status = runBuiltin(i)) {
        hasRun = false;
        return status;
      }
    } else if (step.workload < kMinWorkloadToSplit)
      callKernel(&call, 0, step.parallelExtent);
    else
      pool->parallelFor(step.parallelExtent, callKernel, &call);
    if (profiling)
      recordStep(i, begin, std::chrono::steady_clock::now());
  }
  hasRun = true;
  if (profiling)
    ++runCount;
  return nullptr;
}

weft_status *ExecutionContext::runBuiltin(size_t index) {
  const EngineModel &model = getModel();
  const StepRecord &step = model.steps[index];
  size_t numOperands = step.buffers.size() - step.builtinInfo->numResults;
  std::vector<TensorView> operands, results;
  for (size_t i = 0; i < step.buffers.size(); ++i) {
    int32_t id = step.buffers[i];
    const BufferRecord &buffer = model.buffers[id];
    TensorView view;
    view.data = addresses[id];
    view.dtype = buffer.dtype;
    view.shape = shapes[id];
    view.maxShape = buffer.maxShape.empty() ? buffer.shape : buffer.maxShape;
    if (buffer.dtype == WEFT_DTYPE_STRING)
      view.strings = &strings[id];
    (i < numOperands ? operands : results).push_back(std::move(view));
  }
  std::string what = model.describeStep(index);
  WEFT_RETURN_IF_ERROR(step.builtinInfo->run(step, operands, results, what));
  for (size_t r = 0; r < results.size(); ++r) {
    const TensorView &view = results[r];
    bool fits = view.shape.size() == view.maxShape.size();
    for (size_t d = 0; fits && d < view.shape.size(); ++d)
      fits = view.shape[d] >= 0 && view.shape[d] <= view.maxShape[d];
    if (!fits)
      return makeStatus(WEFT_INTERNAL,
                        what + strCat(": result ", r, " has shape ",
                                      formatShape(view.shape.data(),
                                                  view.shape.size()),
                                      " beyond its bound"));
    shapes[step.buffers[numOperands + r]] = view.shape;
  }
  return nullptr;
}

void ExecutionContext::recordStep(size_t step,
                                  std::chrono::steady_clock::time_point begin,
                                  std::chrono::steady_clock::time_point end) {
  using std::chrono::duration_cast;
  using std::chrono::nanoseconds;
  uint64_t duration = duration_cast<nanoseconds>(end - begin).count();
  StepTimes &times = stepTimes[step];
  times.lastNs = duration;
  times.totalNs += duration;
  ++times.runs;
  if (trace.size() >= kMaxTraceEvents) {
    traceTruncated = true;
    return;
  }
  uint64_t start = duration_cast<nanoseconds>(begin - created).count();
  trace.push_back({runCount, uint32_t(step), start, duration});
}

weft_status *ExecutionContext::getOutput(size_t index, weft_tensor_desc *desc,
                                         const void **data) const {
  const EngineModel &model = getModel();
  if (index >= model.outputs.size())
    return invalidArgument(
        strCat("output index ", index, " is out of range (the engine has ",
               countNoun(model.outputs.size(), "output"), ")"));
  if (!hasRun)
    return makeStatus(WEFT_FAILED_PRECONDITION,
                      "no output yet: the context has not run");
  if (desc) {
    // Data-dependent outputs report this run's shape and size.
    int32_t id = model.outputs[index];
    const std::vector<int64_t> &shape = shapes[id];
    uint64_t bytes = weft_dtype_size(model.buffers[id].dtype);
    for (int64_t dim : shape)
      bytes *= uint64_t(dim);
    *desc = model.outputDescs[index];
    desc->dims = shape.data();
    desc->rank = int32_t(shape.size());
    desc->byte_size = bytes;
  }
  if (data)
    *data = addresses[model.outputs[index]];
  return nullptr;
}

weft_status *
ExecutionContext::getStepProfile(size_t step,
                                 weft_step_profile *profile) const {
  if (!profiling)
    return makeStatus(WEFT_FAILED_PRECONDITION,
                      "the context was created without profiling");
  if (step >= stepTimes.size())
    return invalidArgument(strCat("step ", step, " is out of range (",
                                  stepTimes.size(), " steps)"));
  if (!profile)
    return invalidArgument("null profile pointer");
  const weft_step_desc &desc = getModel().stepDescs[step];
  const StepTimes &times = stepTimes[step];
  *profile = {desc.kernel,  desc.num_nodes, desc.node_names, desc.workload,
              times.lastNs, times.totalNs,  times.runs};
  return nullptr;
}

weft_status *ExecutionContext::writeTrace(const char *path) const {
  if (!profiling)
    return makeStatus(WEFT_FAILED_PRECONDITION,
                      "the context was created without profiling");
  if (!path)
    return invalidArgument("the trace path is null");
  const EngineModel &model = getModel();
  std::string json = "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"engine\":";
  appendJsonString(json, model.sourceModel);
  json += strCat(",\"runs\":", runCount,
                 ",\"truncated\":", traceTruncated ? "true" : "false",
                 "},\"traceEvents\":[");
  char number[64];
  for (size_t i = 0; i < trace.size(); ++i) {
    const TraceEvent &event = trace[i];
    const StepRecord &step = model.steps[event.step];
    json += i ? ",\n{\"name\":" : "\n{\"name\":";
    appendJsonString(json, step.kernel);
    std::snprintf(number, sizeof(number), "%.3f", event.startNs / 1000.0);
    json += strCat(",\"cat\":\"step\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":",
                   number);
    std::snprintf(number, sizeof(number), "%.3f", event.durationNs / 1000.0);
    json += strCat(",\"dur\":", number, ",\"args\":{\"run\":", event.run,
                   ",\"step\":", event.step, ",\"workload\":", step.workload,
                   ",\"nodes\":[");
    for (size_t n = 0; n < step.nodeNames.size(); ++n) {
      if (n)
        json += ',';
      appendJsonString(json, step.nodeNames[n]);
    }
    json += "]}}";
  }
  json += "\n]}\n";
  FILE *file = std::fopen(path, "wb");
  if (!file)
    return makeStatus(WEFT_IO_ERROR, strCat("cannot open '", path,
                                            "': ", std::strerror(errno)));
  bool ok = std::fwrite(json.data(), 1, json.size(), file) == json.size();
  ok = (std::fclose(file) == 0) && ok;
  if (!ok)
    return makeStatus(WEFT_IO_ERROR, strCat("cannot write '", path, "'"));
  return nullptr;
}

void ExecutionContext::resetProfile() {
  stepTimes.assign(stepTimes.size(), StepTimes());
  trace.clear();
  runCount = 0;
  traceTruncated = false;
}

} // namespace weft::rt
