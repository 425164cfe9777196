//===- EngineRunner.cpp - Loading an engine and feeding it ----------------===//

#include "compiler/driver/EngineRunner.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <chrono>
#include <cstring>

namespace weft::driver {

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::vector<int64_t> dimsOf(const weft_tensor_desc &desc) {
  return std::vector<int64_t>(desc.dims, desc.dims + desc.rank);
}

/// The engine's input names, for error messages.
std::string listInputs(const runtime::Engine &engine) {
  std::string list;
  for (size_t i = 0; i < engine.numInputs(); ++i)
    list += (i ? ", " : "") + std::string(engine.input(i).name);
  return list.empty() ? "none" : list;
}

double uniform01(std::mt19937_64 &rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

template <typename T> void store(NpyArray &array, int64_t index, T value) {
  std::memcpy(array.data.data() + index * sizeof(T), &value, sizeof(T));
}

} // namespace

std::string describeEngineError(llvm::StringRef what, llvm::StringRef path,
                                llvm::StringRef message) {
  // The runtime's messages usually name the file already.
  if (message.contains(path))
    return message.str();
  return (what + " '" + path + "': " + message).str();
}

void fillRandom(NpyArray &array, std::mt19937_64 &rng) {
  using engine::DType;
  int64_t count = array.getNumElements();
  array.data.assign(count * getNpyElementSize(array.dtype), 0);
  for (int64_t i = 0; i < count; ++i) {
    double real = 2 * uniform01(rng) - 1;
    uint64_t integer = rng() % 10;
    switch (array.dtype) {
    case DType::F32:
      store(array, i, static_cast<float>(real));
      break;
    case DType::F64:
      store(array, i, real);
      break;
    case DType::F16:
      store(array, i, floatToHalf(static_cast<float>(real)));
      break;
    case DType::BF16: {
      float value = static_cast<float>(real);
      uint32_t bits;
      std::memcpy(&bits, &value, sizeof(bits));
      store(array, i, static_cast<uint16_t>(bits >> 16));
      break;
    }
    case DType::Bool:
      store(array, i, static_cast<uint8_t>(integer & 1));
      break;
    case DType::I8:
    case DType::U8:
      store(array, i, static_cast<uint8_t>(integer));
      break;
    case DType::I16:
    case DType::U16:
      store(array, i, static_cast<uint16_t>(integer));
      break;
    case DType::I32:
    case DType::U32:
      store(array, i, static_cast<uint32_t>(integer));
      break;
    case DType::I64:
    case DType::U64:
      store(array, i, integer);
      break;
    }
  }
}

llvm::Error parseInputSpec(llvm::StringRef spec, std::string &name,
                           std::string &file) {
  auto [head, tail] = spec.split('=');
  if (head.empty() || tail.empty() || head.size() == spec.size())
    return makeError("--input needs NAME=FILE.npy, not '" + spec + "'");
  name = head.str();
  file = tail.str();
  return llvm::Error::success();
}

llvm::Error EngineRunner::load(llvm::StringRef path, int threads,
                               bool profiling) {
  if (threads < 0)
    return makeError("--threads must be 0 (all cores) or more, not " +
                     llvm::Twine(threads));
  if (runtime::Status status = runtime::Engine::loadFile(path.str(), engine);
      !status.ok())
    return makeError(
        describeEngineError("cannot load engine", path, status.message()));
  if (runtime::Status status =
          runtime::Context::create(engine, threads, profiling, context);
      !status.ok())
    return makeError("cannot create an execution context for '" + path +
                     "': " + status.message());
  return llvm::Error::success();
}

llvm::Error EngineRunner::prepareInputs(llvm::ArrayRef<std::string> specs,
                                        uint64_t seed) {
  llvm::StringMap<std::string> files;
  for (const std::string &spec : specs) {
    std::string name, file;
    if (llvm::Error err = parseInputSpec(spec, name, file))
      return err;
    size_t index;
    if (!runtime::Status(
             weft_engine_find_input(engine.get(), name.c_str(), &index))
             .ok())
      return makeError("--input '" + name +
                       "' names no input of the engine (inputs: " +
                       listInputs(engine) + ")");
    if (!files.try_emplace(name, file).second)
      return makeError("input '" + name + "' is given twice");
  }

  std::mt19937_64 rng(seed);
  inputs.clear();
  for (size_t i = 0; i < engine.numInputs(); ++i) {
    weft_tensor_desc desc = engine.input(i);
    BoundInput input;
    input.name = desc.name;
    auto expectedDType = static_cast<engine::DType>(desc.dtype);
    std::vector<int64_t> expectedShape = dimsOf(desc);
    auto it = files.find(input.name);
    if (it == files.end()) {
      if (expectedDType == engine::DType::String)
        return makeError("input '" + input.name +
                         "' holds strings: give it with --input " +
                         input.name + "=FILE.npy (a numpy str array)");
      input.array.dtype = expectedDType;
      input.array.shape = expectedShape;
      fillRandom(input.array, rng);
      inputs.push_back(std::move(input));
      continue;
    }
    input.file = it->second;
    llvm::Expected<NpyArray> array = readNpyFile(input.file);
    if (!array)
      return makeError("input '" + input.name +
                       "': " + toString(array.takeError()));
    adoptRawBFloat16(*array, expectedDType);
    if (array->dtype != expectedDType)
      return makeError("input '" + input.name + "': '" + input.file +
                       "' holds " + getNpyTypeName(array->dtype) +
                       ", the engine expects " + getNpyTypeName(expectedDType));
    if (array->shape != expectedShape)
      return makeError("input '" + input.name + "': '" + input.file +
                       "' has shape " + formatShape(array->shape) +
                       ", the engine expects " + formatShape(expectedShape));
    input.array = std::move(*array);
    inputs.push_back(std::move(input));
  }
  return llvm::Error::success();
}

llvm::Error EngineRunner::bindInputs() {
  for (auto [i, input] : llvm::enumerate(inputs)) {
    if (input.array.dtype == engine::DType::String) {
      // The runtime takes one C string pointer per element and copies them.
      std::vector<const char *> pointers;
      for (const std::string &s : input.array.strings)
        pointers.push_back(s.c_str());
      runtime::Status status = context.setInput(
          i, WEFT_DTYPE_STRING, pointers.data(),
          pointers.size() * sizeof(const char *), input.array.shape);
      if (!status.ok())
        return makeError("input '" + input.name + "': " + status.message());
      continue;
    }
    runtime::Status status = context.setInput(
        i, static_cast<weft_dtype>(input.array.dtype), input.array.data.data(),
        input.array.data.size(), input.array.shape);
    if (!status.ok())
      return makeError("input '" + input.name + "': " + status.message());
  }
  return llvm::Error::success();
}

llvm::Expected<double> EngineRunner::run() {
  auto start = std::chrono::steady_clock::now();
  runtime::Status status = context.run();
  auto end = std::chrono::steady_clock::now();
  if (!status.ok())
    return makeError("the engine failed to run: " + status.message());
  return std::chrono::duration<double, std::milli>(end - start).count();
}

std::string EngineRunner::getOutputName(size_t index) const {
  return engine.output(index).name;
}

llvm::Expected<NpyArray> EngineRunner::getOutput(size_t index) const {
  weft_tensor_desc desc;
  const void *data = nullptr;
  if (runtime::Status status = context.output(index, desc, data); !status.ok())
    return makeError("cannot read output " + llvm::Twine(index) + ": " +
                     status.message());
  NpyArray array;
  array.dtype = static_cast<engine::DType>(desc.dtype);
  array.shape = dimsOf(desc);
  if (array.dtype == engine::DType::String) {
    const auto *pointers = static_cast<const char *const *>(data);
    for (int64_t i = 0, e = array.getNumElements(); i < e; ++i)
      array.strings.emplace_back(pointers[i] ? pointers[i] : "");
    return array;
  }
  const auto *bytes = static_cast<const uint8_t *>(data);
  array.data.assign(bytes, bytes + desc.byte_size);
  return array;
}

} // namespace weft::driver
