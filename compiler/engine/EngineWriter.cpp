//===- EngineWriter.cpp - Serializing a compiled model --------------------===//
//
// Checks the CompiledModel (the runtime would reject an inconsistent engine;
// failing here names the culprit), plans its memory, lays the blobs out and
// writes preamble, FlatBuffers header and data section.
//
//===----------------------------------------------------------------------===//

#include "compiler/engine/EngineWriter.h"

#include "runtime/schema/EngineFormat.h"
#include "runtime/schema/engine_generated.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

namespace weft::engine {
namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string describeStep(const CompiledModel &model, size_t index) {
  const KernelStep &step = model.steps[index];
  std::string text = llvm::formatv("step {0} ('{1}'", index, step.symbol);
  if (!step.nodeNames.empty())
    text += llvm::formatv(", node '{0}'", step.nodeNames.front()).str();
  return text + ")";
}

llvm::Error checkBuffer(const BufferInfo &buffer, int32_t id) {
  if (getDTypeSize(buffer.dtype) == 0)
    return makeError(llvm::formatv("buffer {0} ('{1}'): invalid dtype {2}", id,
                                   buffer.name, int(buffer.dtype)));
  if (!buffer.maxShape.empty()) {
    if (buffer.maxShape.size() != buffer.shape.size())
      return makeError(llvm::formatv(
          "buffer {0} ('{1}'): max shape and shape differ in rank", id,
          buffer.name));
    for (size_t i = 0; i < buffer.shape.size(); ++i)
      if (buffer.shape[i] != -1 && buffer.shape[i] != buffer.maxShape[i])
        return makeError(llvm::formatv(
            "buffer {0} ('{1}'): dim {2} is static but differs from its bound",
            id, buffer.name, i));
  }
  int64_t elements = 1;
  for (int64_t dim :
       buffer.maxShape.empty() ? buffer.shape : buffer.maxShape) {
    if (dim < 0 || (dim != 0 && elements > INT64_MAX / 8 / dim))
      return makeError(
          llvm::formatv("buffer {0} ('{1}'): shape is dynamic or too large", id,
                        buffer.name));
    elements *= dim;
  }
  int64_t expected = elements * getDTypeSize(buffer.dtype);
  if (buffer.byteSize != expected)
    return makeError(llvm::formatv(
        "buffer {0} ('{1}'): byte size {2} does not match {3} elements of {4} "
        "({5} bytes)",
        id, buffer.name, buffer.byteSize, elements, getDTypeName(buffer.dtype),
        expected));
  if (buffer.kind == BufferInfo::Kind::Constant &&
      int64_t(buffer.data.size()) != buffer.byteSize)
    return makeError(llvm::formatv(
        "constant {0} ('{1}'): has {2} bytes of data for {3} bytes", id,
        buffer.name, buffer.data.size(), buffer.byteSize));
  return llvm::Error::success();
}

llvm::Error checkSignature(const CompiledModel &model,
                           const std::vector<int32_t> &ids, bool isInput) {
  const char *what = isInput ? "input" : "output";
  llvm::StringSet<> names;
  for (int32_t id : ids) {
    if (id < 0 || size_t(id) >= model.buffers.size())
      return makeError(
          llvm::formatv("{0} buffer id {1} is out of range", what, id));
    const BufferInfo &buffer = model.buffers[id];
    bool kindOk = isInput ? buffer.kind == BufferInfo::Kind::Input
                          : buffer.kind != BufferInfo::Kind::Intermediate;
    if (!kindOk)
      return makeError(llvm::formatv("{0} '{1}' (buffer {2}) has the wrong "
                                     "buffer kind",
                                     what, buffer.name, id));
    if (buffer.name.empty())
      return makeError(llvm::formatv("{0} buffer {1} has no name", what, id));
    if (!names.insert(buffer.name).second)
      return makeError(
          llvm::formatv("{0} name '{1}' is used twice", what, buffer.name));
  }
  return llvm::Error::success();
}

llvm::Error checkModel(const CompiledModel &model) {
  if (model.target.empty() || model.triple.empty())
    return makeError("the compiled model has no target or triple");
  for (int32_t id = 0, e = model.buffers.size(); id < e; ++id)
    if (llvm::Error error = checkBuffer(model.buffers[id], id))
      return error;
  if (llvm::Error error = checkSignature(model, model.inputs, true))
    return error;
  if (llvm::Error error = checkSignature(model, model.outputs, false))
    return error;
  for (size_t i = 0; i < model.steps.size(); ++i) {
    const KernelStep &step = model.steps[i];
    if (step.symbol.empty())
      return makeError(llvm::formatv("step {0} has no kernel symbol", i));
    if (step.parallelExtent < 1)
      return makeError(llvm::formatv("{0}: parallel extent {1} is below 1",
                                     describeStep(model, i),
                                     step.parallelExtent));
    for (int32_t id : step.buffers)
      if (id < 0 || size_t(id) >= model.buffers.size())
        return makeError(llvm::formatv("{0}: buffer id {1} is out of range",
                                       describeStep(model, i), id));
  }
  if (llvm::any_of(model.steps,
                   [](const KernelStep &step) { return step.builtin.empty(); }) &&
      model.codeObject.empty())
    return makeError("the compiled model has steps but no code object");
  return llvm::Error::success();
}

/// Lays blobs out in the data section and remembers their bytes.
class DataSection {
public:
  int32_t add(fb::BlobKind kind, const std::vector<uint8_t> &bytes) {
    uint64_t offset = 0;
    format::alignUp(size, offset);
    blobs.push_back({kind, offset, &bytes});
    size = offset + bytes.size();
    return blobs.size() - 1;
  }

  std::vector<flatbuffers::Offset<fb::Blob>>
  serialize(flatbuffers::FlatBufferBuilder &builder) const {
    std::vector<flatbuffers::Offset<fb::Blob>> result;
    for (const Entry &blob : blobs)
      result.push_back(fb::CreateBlob(
          builder, blob.kind, blob.offset, blob.bytes->size(),
          format::computeChecksum(blob.bytes->data(), blob.bytes->size())));
    return result;
  }

  void write(llvm::raw_ostream &os) const {
    uint64_t written = 0;
    for (const Entry &blob : blobs) {
      os.write_zeros(blob.offset - written);
      os.write(reinterpret_cast<const char *>(blob.bytes->data()),
               blob.bytes->size());
      written = blob.offset + blob.bytes->size();
    }
  }

  uint64_t getSize() const { return size; }

private:
  struct Entry {
    fb::BlobKind kind;
    uint64_t offset;
    const std::vector<uint8_t> *bytes;
  };
  std::vector<Entry> blobs;
  uint64_t size = 0;
};

flatbuffers::Offset<fb::Buffer>
serializeBuffer(flatbuffers::FlatBufferBuilder &builder,
                const BufferInfo &buffer, int64_t arenaOffset, int32_t blob) {
  return fb::CreateBufferDirect(
      builder, buffer.name.c_str(), fb::BufferKind(buffer.kind),
      fb::DType(buffer.dtype), &buffer.shape, buffer.byteSize, arenaOffset,
      blob, buffer.maxShape.empty() ? nullptr : &buffer.maxShape);
}

flatbuffers::Offset<fb::Step>
serializeStep(flatbuffers::FlatBufferBuilder &builder, const KernelStep &step) {
  std::vector<flatbuffers::Offset<flatbuffers::String>> nodes;
  for (const std::string &node : step.nodeNames)
    nodes.push_back(builder.CreateString(node));
  std::vector<flatbuffers::Offset<fb::Attribute>> attributes;
  for (const StepAttribute &attr : step.attributes) {
    std::vector<flatbuffers::Offset<flatbuffers::String>> texts;
    for (const std::string &text : attr.texts)
      texts.push_back(builder.CreateString(text));
    attributes.push_back(fb::CreateAttributeDirect(
        builder, attr.name.c_str(), fb::AttributeKind(attr.kind),
        attr.ints.empty() ? nullptr : &attr.ints,
        attr.floats.empty() ? nullptr : &attr.floats,
        attr.text.empty() ? nullptr : attr.text.c_str(),
        texts.empty() ? nullptr : &texts));
  }
  return fb::CreateStepDirect(
      builder, step.symbol.c_str(), /*code_object=*/0, &step.buffers,
      step.parallelExtent, step.workload, &nodes,
      step.builtin.empty() ? nullptr : step.builtin.c_str(),
      step.builtin.empty() ? nullptr : &attributes);
}

} // namespace

llvm::Error writeEngine(const CompiledModel &model,
                        const EngineWriteOptions &options,
                        llvm::raw_ostream &os) {
  if (llvm::Error error = checkModel(model))
    return error;
  MemoryPlan plan = planMemory(model);

  DataSection data;
  std::vector<int32_t> blobOf(model.buffers.size(), -1);
  for (size_t id = 0; id < model.buffers.size(); ++id)
    if (model.buffers[id].kind == BufferInfo::Kind::Constant)
      blobOf[id] = data.add(fb::BlobKind::Constant, model.buffers[id].data);
  int32_t codeBlob = -1;
  if (!model.codeObject.empty())
    codeBlob = data.add(fb::BlobKind::Code, model.codeObject);

  flatbuffers::FlatBufferBuilder builder(1 << 16);
  std::vector<flatbuffers::Offset<fb::Buffer>> buffers;
  for (size_t id = 0; id < model.buffers.size(); ++id)
    buffers.push_back(serializeBuffer(builder, model.buffers[id],
                                      plan.offsets[id], blobOf[id]));
  std::vector<flatbuffers::Offset<fb::Step>> steps;
  for (const KernelStep &step : model.steps)
    steps.push_back(serializeStep(builder, step));
  std::vector<flatbuffers::Offset<fb::CodeObject>> codeObjects;
  if (codeBlob >= 0)
    codeObjects.push_back(fb::CreateCodeObject(
        builder, fb::CodeFormat::ElfSharedObject, codeBlob));
  auto blobs = data.serialize(builder);
  auto target = fb::CreateTargetDirect(builder, model.target.c_str(),
                                       model.triple.c_str(), model.cpu.c_str(),
                                       model.cpuFeatures.c_str());
  auto root = fb::CreateEngineDirect(
      builder, format::kFormatMajor, format::kFormatMinor,
      options.compilerVersion.c_str(), options.sourceModel.c_str(), target,
      &model.inputs, &model.outputs, &buffers, &blobs, &codeObjects, &steps,
      plan.arenaSize, plan.unplannedSize, data.getSize());
  builder.Finish(root, fb::EngineIdentifier());

  format::Preamble preamble;
  preamble.headerSize = builder.GetSize();
  preamble.headerChecksum =
      format::computeChecksum(builder.GetBufferPointer(), builder.GetSize());
  preamble.dataSize = data.getSize();
  uint8_t bytes[format::kPreambleSize];
  format::encodePreamble(preamble, bytes);
  os.write(reinterpret_cast<const char *>(bytes), sizeof(bytes));
  os.write(reinterpret_cast<const char *>(builder.GetBufferPointer()),
           builder.GetSize());
  os.write_zeros(format::getDataOffset(preamble.headerSize) -
                 format::kPreambleSize - builder.GetSize());
  data.write(os);
  return llvm::Error::success();
}

} // namespace weft::engine
