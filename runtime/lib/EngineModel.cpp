//===- EngineModel.cpp - Verifying and decoding an engine header ----------===//
//
// The order of checks: preamble (magic, version, sizes against the file),
// header checksum, FlatBuffers verifier, then every field's meaning (enums,
// indices, offsets and sizes in range, byte sizes = dtype x shape). Every
// failure is a WEFT_INVALID_ENGINE status saying what is wrong.
//
//===----------------------------------------------------------------------===//

#include "runtime/lib/EngineModel.h"
#include "runtime/lib/builtins/Builtins.h"

#include "runtime/schema/EngineFormat.h"
#include "runtime/schema/engine_generated.h"

#include <set>

namespace weft::rt {
namespace {

/// Rank limit: far beyond any model, small enough that products are checked
/// cheaply.
constexpr size_t kMaxRank = 32;

std::string getString(const flatbuffers::String *string) {
  return string ? string->str() : std::string();
}

weft_status *checkPreamble(const uint8_t *bytes, uint64_t size,
                           uint64_t fileSize, format::Preamble &preamble) {
  if (size < format::kPreambleSize)
    return invalidEngine(strCat("the file is ", size,
                                " bytes, shorter than the ",
                                format::kPreambleSize, "-byte preamble"));
  if (!format::decodePreamble(bytes, preamble))
    return invalidEngine("not a Weft engine (the magic is not \"WEFT\")");
  if (preamble.formatMajor != format::kFormatMajor ||
      preamble.formatMinor > format::kFormatMinor)
    return makeStatus(WEFT_INVALID_ENGINE,
                      strCat("unsupported engine format version ",
                             preamble.formatMajor, ".", preamble.formatMinor,
                             "; this runtime reads ", format::kFormatMajor,
                             ".0 to ", format::kFormatMajor, ".",
                             format::kFormatMinor));
  if (preamble.flags != 0)
    return invalidEngine(strCat("unknown preamble flags ", preamble.flags));
  if (preamble.headerSize == 0 || preamble.headerSize > format::kMaxHeaderSize)
    return invalidEngine(
        strCat("header size ", preamble.headerSize, " is out of range"));
  uint64_t dataOffset = format::getDataOffset(preamble.headerSize);
  if (size < format::kPreambleSize + uint64_t(preamble.headerSize))
    return invalidEngine(strCat("truncated: the header needs ",
                                format::kPreambleSize + preamble.headerSize,
                                " bytes, the file has ", size));
  if (preamble.dataSize > UINT64_MAX - dataOffset ||
      fileSize != dataOffset + preamble.dataSize)
    return invalidEngine(
        strCat(fileSize < dataOffset + preamble.dataSize ? "truncated: " : "",
               "the file is ", fileSize, " bytes, its preamble says ",
               dataOffset, " + ", preamble.dataSize, " bytes of data"));
  return nullptr;
}

weft_status *decodeTarget(const fb::Engine &engine, EngineModel &model) {
  const fb::Target *target = engine.target();
  if (!target || !target->kind() || !target->triple())
    return invalidEngine("the header has no target");
  model.target = {getString(target->kind()), getString(target->triple()),
                  getString(target->cpu()), getString(target->features())};
  return nullptr;
}

/// Element count x element size, or an error on overflow or negative dims.
weft_status *checkBufferSize(const BufferRecord &buffer, size_t id) {
  uint64_t bytes = weft_dtype_size(buffer.dtype);
  if (buffer.dtype == WEFT_DTYPE_STRING && buffer.kind == WEFT_BUFFER_CONSTANT)
    return invalidEngine(strCat("buffer ", id, " ('", buffer.name,
                                "'): a constant cannot hold strings"));
  if (!buffer.maxShape.empty()) {
    if (buffer.maxShape.size() != buffer.shape.size())
      return invalidEngine(strCat("buffer ", id, " ('", buffer.name,
                                  "'): max shape and shape differ in rank"));
    for (size_t i = 0; i < buffer.shape.size(); ++i)
      if (buffer.shape[i] != -1 && buffer.shape[i] != buffer.maxShape[i])
        return invalidEngine(strCat("buffer ", id, " ('", buffer.name,
                                    "'): dim ", i,
                                    " differs from its bound"));
    if (buffer.kind == WEFT_BUFFER_INPUT || buffer.kind == WEFT_BUFFER_CONSTANT)
      return invalidEngine(strCat("buffer ", id, " ('", buffer.name,
                                  "'): only computed buffers may have a "
                                  "data-dependent shape"));
  } else {
    for (int64_t dim : buffer.shape)
      if (dim < 0)
        return invalidEngine(strCat("buffer ", id, " ('", buffer.name,
                                    "') has a negative dimension"));
  }
  for (int64_t dim : buffer.maxShape.empty() ? buffer.shape : buffer.maxShape) {
    if (dim < 0)
      return invalidEngine(strCat("buffer ", id, " ('", buffer.name,
                                  "') has a negative dimension"));
    if (dim != 0 && bytes > (uint64_t(1) << 62) / uint64_t(dim))
      return invalidEngine(
          strCat("buffer ", id, " ('", buffer.name, "') is too large"));
    bytes *= uint64_t(dim);
  }
  if (bytes != buffer.byteSize)
    return invalidEngine(strCat(
        "buffer ", id, " ('", buffer.name, "'): byte size ", buffer.byteSize,
        " does not match its dtype and shape (", bytes, " bytes)"));
  return nullptr;
}

weft_status *decodeBuffer(const fb::Buffer *source, size_t id,
                          EngineModel &model) {
  if (!source)
    return invalidEngine(strCat("buffer ", id, " is missing"));
  BufferRecord buffer;
  buffer.name = getString(source->name());
  if (buffer.name.empty())
    buffer.name = strCat("buffer", id);
  unsigned kind = unsigned(source->kind()), dtype = unsigned(source->dtype());
  if (kind > unsigned(fb::BufferKind::MAX))
    return invalidEngine(strCat("buffer ", id, " has unknown kind ", kind));
  if (dtype > unsigned(fb::DType::MAX))
    return invalidEngine(strCat("buffer ", id, " has unknown dtype ", dtype));
  buffer.kind = weft_buffer_kind(kind);
  buffer.dtype = weft_dtype(dtype);
  if (const auto *shape = source->shape()) {
    if (shape->size() > kMaxRank)
      return invalidEngine(strCat("buffer ", id, " has rank ", shape->size()));
    buffer.shape.assign(shape->begin(), shape->end());
  }
  if (const auto *maxShape = source->max_shape())
    buffer.maxShape.assign(maxShape->begin(), maxShape->end());
  if (source->byte_size() < 0)
    return invalidEngine(strCat("buffer ", id, " has a negative byte size"));
  buffer.byteSize = uint64_t(source->byte_size());
  buffer.arenaOffset = source->arena_offset();
  buffer.blob = source->blob();
  WEFT_RETURN_IF_ERROR(checkBufferSize(buffer, id));
  model.buffers.push_back(std::move(buffer));
  return nullptr;
}

weft_status *decodeBlobs(const fb::Engine &engine, EngineModel &model) {
  if (!engine.blobs())
    return nullptr;
  for (size_t i = 0, e = engine.blobs()->size(); i < e; ++i) {
    const fb::Blob *source = engine.blobs()->Get(i);
    if (!source)
      return invalidEngine(strCat("blob ", i, " is missing"));
    BlobRecord blob;
    if (unsigned(source->kind()) > unsigned(fb::BlobKind::MAX))
      return invalidEngine(
          strCat("blob ", i, " has unknown kind ", unsigned(source->kind())));
    blob.kind = weft_blob_kind(source->kind());
    blob.offset = source->offset();
    blob.size = source->size();
    blob.checksum = source->checksum();
    if (blob.offset % format::kBlobAlignment != 0)
      return invalidEngine(strCat("blob ", i, " at offset ", blob.offset,
                                  " is not 64-byte aligned"));
    if (blob.offset > model.dataSize ||
        blob.size > model.dataSize - blob.offset)
      return invalidEngine(strCat("blob ", i, " (", blob.offset, " + ",
                                  blob.size, " bytes) lies outside the ",
                                  model.dataSize, "-byte data section"));
    model.blobs.push_back(blob);
  }
  return nullptr;
}

/// Kind-specific placement of each buffer: constants in blobs of the right
/// size, intermediates inside the arena, inputs and outputs nowhere.
weft_status *checkPlacement(EngineModel &model) {
  for (size_t id = 0; id < model.buffers.size(); ++id) {
    BufferRecord &buffer = model.buffers[id];
    std::string what = strCat("buffer ", id, " ('", buffer.name, "')");
    if (buffer.kind == WEFT_BUFFER_CONSTANT) {
      if (buffer.blob < 0 || size_t(buffer.blob) >= model.blobs.size())
        return invalidEngine(
            what + strCat(": blob index ", buffer.blob, " is out of range"));
      const BlobRecord &blob = model.blobs[buffer.blob];
      if (blob.kind != WEFT_BLOB_CONSTANT || blob.size != buffer.byteSize)
        return invalidEngine(what + strCat(": blob ", buffer.blob,
                                           " is not a constant of ",
                                           buffer.byteSize, " bytes"));
    } else {
      buffer.blob = -1;
    }
    if (buffer.kind == WEFT_BUFFER_INTERMEDIATE) {
      if (buffer.arenaOffset < 0 ||
          uint64_t(buffer.arenaOffset) % format::kBlobAlignment != 0 ||
          uint64_t(buffer.arenaOffset) > model.arenaSize ||
          buffer.byteSize > model.arenaSize - uint64_t(buffer.arenaOffset))
        return invalidEngine(
            what + strCat(": arena offset ", buffer.arenaOffset, " + ",
                          buffer.byteSize, " bytes is not inside the ",
                          model.arenaSize, "-byte arena"));
    } else {
      buffer.arenaOffset = -1;
    }
  }
  return nullptr;
}

weft_status *decodeSignature(const flatbuffers::Vector<int32_t> *ids,
                             bool isInput, EngineModel &model) {
  const char *what = isInput ? "input" : "output";
  std::vector<int32_t> &out = isInput ? model.inputs : model.outputs;
  std::set<std::string> names;
  if (!ids)
    return nullptr;
  for (int32_t id : *ids) {
    if (id < 0 || size_t(id) >= model.buffers.size())
      return invalidEngine(strCat(what, " buffer id ", id, " is out of range"));
    const BufferRecord &buffer = model.buffers[id];
    bool kindOk = isInput ? buffer.kind == WEFT_BUFFER_INPUT
                          : buffer.kind != WEFT_BUFFER_INTERMEDIATE;
    if (!kindOk)
      return invalidEngine(strCat(what, " '", buffer.name, "' (buffer ", id,
                                  ") has the wrong buffer kind"));
    if (!names.insert(buffer.name).second)
      return invalidEngine(
          strCat(what, " name '", buffer.name, "' is used twice"));
    out.push_back(id);
  }
  return nullptr;
}

weft_status *decodeCodeObjects(const fb::Engine &engine, EngineModel &model) {
  if (!engine.code_objects())
    return nullptr;
  for (size_t i = 0, e = engine.code_objects()->size(); i < e; ++i) {
    const fb::CodeObject *code = engine.code_objects()->Get(i);
    if (!code || unsigned(code->format()) > unsigned(fb::CodeFormat::MAX))
      return invalidEngine(strCat("code object ", i, " has an unknown format"));
    int32_t blob = code->blob();
    if (blob < 0 || size_t(blob) >= model.blobs.size() ||
        model.blobs[blob].kind != WEFT_BLOB_CODE)
      return invalidEngine(
          strCat("code object ", i, ": blob ", blob, " is not a code blob"));
    model.codeObjects.push_back(blob);
  }
  return nullptr;
}

weft_status *decodeSteps(const fb::Engine &engine, EngineModel &model) {
  if (!engine.steps())
    return nullptr;
  for (size_t i = 0, e = engine.steps()->size(); i < e; ++i) {
    const fb::Step *source = engine.steps()->Get(i);
    if (!source || !source->kernel() || source->kernel()->size() == 0)
      return invalidEngine(strCat("step ", i, " has no kernel symbol"));
    StepRecord step;
    step.kernel = source->kernel()->str();
    step.codeObject = source->code_object();
    step.parallelExtent = source->parallel_extent();
    step.workload = source->workload();
    if (const auto *nodes = source->node_names())
      for (const flatbuffers::String *node : *nodes)
        step.nodeNames.push_back(getString(node));
    step.builtin = getString(source->builtin());
    if (const auto *attributes = source->attributes())
      for (const fb::Attribute *attribute : *attributes) {
        if (!attribute ||
            unsigned(attribute->kind()) > unsigned(fb::AttributeKind::MAX))
          return invalidEngine(strCat("step ", i, " has a bad attribute"));
        AttributeRecord record;
        record.name = getString(attribute->name());
        record.kind = AttributeRecord::Kind(attribute->kind());
        if (const auto *ints = attribute->ints())
          record.ints.assign(ints->begin(), ints->end());
        if (const auto *floats = attribute->floats())
          record.floats.assign(floats->begin(), floats->end());
        record.text = getString(attribute->text());
        if (const auto *texts = attribute->texts())
          for (const flatbuffers::String *text : *texts)
            record.texts.push_back(getString(text));
        step.attributes.push_back(std::move(record));
      }
    model.steps.push_back(std::move(step));
    const StepRecord &record = model.steps.back();
    std::string what = model.describeStep(i);
    if (record.builtin.empty() &&
        (record.codeObject < 0 ||
         size_t(record.codeObject) >= model.codeObjects.size()))
      return invalidEngine(what + strCat(": code object ", record.codeObject,
                                         " is out of range"));
    if (record.parallelExtent < 1)
      return invalidEngine(what + strCat(": parallel extent ",
                                         record.parallelExtent, " is below 1"));
    if (const auto *ids = source->buffers())
      for (int32_t id : *ids) {
        if (id < 0 || size_t(id) >= model.buffers.size())
          return invalidEngine(what +
                               strCat(": buffer id ", id, " is out of range"));
        model.steps.back().buffers.push_back(id);
      }
    StepRecord &added = model.steps.back();
    if (!added.builtin.empty()) {
      added.builtinInfo = findBuiltin(added.builtin);
      if (!added.builtinInfo)
        return invalidEngine(what + ": unknown builtin operation '" +
                             added.builtin + "' (this runtime has " +
                             listBuiltins() + ")");
      WEFT_RETURN_IF_ERROR(added.builtinInfo->validate(added, model, what));
    }
    for (int32_t id : added.buffers)
      if (added.builtin.empty() && model.buffers[id].dtype == WEFT_DTYPE_STRING)
        return invalidEngine(what + strCat(": kernels cannot take strings, but "
                                           "buffer ", id, " ('",
                                           model.buffers[id].name,
                                           "') holds strings"));
    for (int32_t id : added.buffers)
      if (added.builtin.empty() && !model.buffers[id].maxShape.empty())
        return invalidEngine(what + strCat(": kernels need static shapes, but "
                                           "buffer ", id, " ('",
                                           model.buffers[id].name,
                                           "') has a data-dependent shape"));
  }
  return nullptr;
}

void buildDescriptors(EngineModel &model) {
  auto tensorDesc = [&](int32_t id) {
    const BufferRecord &buffer = model.buffers[id];
    return weft_tensor_desc{buffer.name.c_str(), buffer.dtype,
                            int32_t(buffer.shape.size()), buffer.shape.data(),
                            buffer.byteSize};
  };
  for (int32_t id : model.inputs)
    model.inputDescs.push_back(tensorDesc(id));
  for (int32_t id : model.outputs)
    model.outputDescs.push_back(tensorDesc(id));
  for (const BufferRecord &buffer : model.buffers)
    model.bufferDescs.push_back({buffer.name.c_str(), buffer.kind, buffer.dtype,
                                 int32_t(buffer.shape.size()),
                                 buffer.shape.data(), buffer.byteSize,
                                 buffer.arenaOffset, buffer.blob});
  for (const BlobRecord &blob : model.blobs)
    model.blobDescs.push_back({blob.kind, blob.offset, blob.size});
  for (const StepRecord &step : model.steps) {
    std::vector<const char *> names;
    for (const std::string &name : step.nodeNames)
      names.push_back(name.c_str());
    model.stepNodeNames.push_back(std::move(names));
  }
  for (size_t i = 0; i < model.steps.size(); ++i) {
    const StepRecord &step = model.steps[i];
    model.stepDescs.push_back(
        {step.kernel.c_str(), step.codeObject, int32_t(step.buffers.size()),
         step.buffers.data(), step.parallelExtent, step.workload,
         int32_t(step.nodeNames.size()), model.stepNodeNames[i].data()});
  }
}

weft_status *decodeEngine(const fb::Engine &engine, EngineModel &model) {
  if (engine.format_major() != model.formatMajor ||
      engine.format_minor() != model.formatMinor)
    return invalidEngine("the header's format version differs from the "
                         "preamble's");
  if (engine.data_size() != model.dataSize)
    return invalidEngine("the header's data size differs from the preamble's");
  if (engine.arena_size() < 0 || engine.intermediates_size() < 0)
    return invalidEngine("negative arena size");
  model.arenaSize = uint64_t(engine.arena_size());
  model.intermediatesSize = uint64_t(engine.intermediates_size());
  model.compilerVersion = getString(engine.compiler_version());
  model.sourceModel = getString(engine.source_model());
  WEFT_RETURN_IF_ERROR(decodeTarget(engine, model));
  if (engine.buffers())
    for (size_t id = 0, e = engine.buffers()->size(); id < e; ++id)
      WEFT_RETURN_IF_ERROR(decodeBuffer(engine.buffers()->Get(id), id, model));
  WEFT_RETURN_IF_ERROR(decodeBlobs(engine, model));
  WEFT_RETURN_IF_ERROR(checkPlacement(model));
  WEFT_RETURN_IF_ERROR(decodeSignature(engine.inputs(), true, model));
  WEFT_RETURN_IF_ERROR(decodeSignature(engine.outputs(), false, model));
  WEFT_RETURN_IF_ERROR(decodeCodeObjects(engine, model));
  WEFT_RETURN_IF_ERROR(decodeSteps(engine, model));
  return nullptr;
}

} // namespace

std::string EngineModel::describeStep(size_t index) const {
  const StepRecord &step = steps[index];
  std::string text = strCat("step ", index, " ('", step.kernel, "'");
  for (size_t i = 0; i < step.nodeNames.size() && i < 3; ++i)
    text += strCat(i == 0 ? ", nodes '" : ", '", step.nodeNames[i], "'");
  if (step.nodeNames.size() > 3)
    text += ", ...";
  return text + ")";
}

weft_status *parseEngine(const uint8_t *bytes, uint64_t size, uint64_t fileSize,
                         std::shared_ptr<EngineModel> &result) {
  format::Preamble preamble;
  WEFT_RETURN_IF_ERROR(checkPreamble(bytes, size, fileSize, preamble));
  const uint8_t *header = bytes + format::kPreambleSize;
  if (format::computeChecksum(header, preamble.headerSize) !=
      preamble.headerChecksum)
    return invalidEngine("the header checksum does not match (the file is "
                         "corrupted)");
  flatbuffers::Verifier verifier(header, preamble.headerSize);
  if (!verifier.VerifyBuffer<fb::Engine>(fb::EngineIdentifier()))
    return invalidEngine("the FlatBuffers header does not verify");

  auto model = std::make_shared<EngineModel>();
  model->formatMajor = preamble.formatMajor;
  model->formatMinor = preamble.formatMinor;
  model->headerSize = preamble.headerSize;
  model->dataOffset = format::getDataOffset(preamble.headerSize);
  model->dataSize = preamble.dataSize;
  model->fileSize = fileSize;
  WEFT_RETURN_IF_ERROR(decodeEngine(*fb::GetEngine(header), *model));
  buildDescriptors(*model);
  result = std::move(model);
  return nullptr;
}

weft_status *verifyBlobs(const EngineModel &model, const uint8_t *data) {
  for (size_t i = 0; i < model.blobs.size(); ++i) {
    const BlobRecord &blob = model.blobs[i];
    if (format::computeChecksum(data + blob.offset, blob.size) != blob.checksum)
      return invalidEngine(
          strCat("the checksum of blob ", i, " (",
                 blob.kind == WEFT_BLOB_CODE ? "code" : "constant", ", ",
                 blob.size, " bytes) does not match (the file is corrupted)"));
  }
  return nullptr;
}

} // namespace weft::rt
