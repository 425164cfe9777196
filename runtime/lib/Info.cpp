//===- Info.cpp - Engine info for `weft inspect` --------------------------===//

#include "runtime/lib/Info.h"

#include "runtime/lib/Json.h"

namespace weft::rt {
namespace {

const char *getKindName(weft_buffer_kind kind) {
  switch (kind) {
  case WEFT_BUFFER_INPUT:
    return "input";
  case WEFT_BUFFER_OUTPUT:
    return "output";
  case WEFT_BUFFER_CONSTANT:
    return "constant";
  case WEFT_BUFFER_INTERMEDIATE:
    return "intermediate";
  }
  return "unknown";
}

void appendShape(std::string &json, int32_t rank, const int64_t *dims) {
  json += '[';
  for (int32_t i = 0; i < rank; ++i)
    json += strCat(i ? "," : "", dims[i]);
  json += ']';
}

void appendTensors(std::string &json, const weft_tensor_desc *tensors,
                   size_t count) {
  json += '[';
  for (size_t i = 0; i < count; ++i) {
    const weft_tensor_desc &tensor = tensors[i];
    json += i ? ",{\"name\":" : "{\"name\":";
    appendJsonString(json, tensor.name);
    json +=
        strCat(",\"dtype\":\"", weft_dtype_name(tensor.dtype), "\",\"shape\":");
    appendShape(json, tensor.rank, tensor.dims);
    json += strCat(",\"bytes\":", tensor.byte_size, "}");
  }
  json += ']';
}

void appendBuffers(std::string &json, const weft_engine_info &info) {
  json += '[';
  for (size_t i = 0; i < info.num_buffers; ++i) {
    const weft_buffer_desc &buffer = info.buffers[i];
    json += i ? ",{\"name\":" : "{\"name\":";
    appendJsonString(json, buffer.name);
    json += strCat(",\"kind\":\"", getKindName(buffer.kind), "\",\"dtype\":\"",
                   weft_dtype_name(buffer.dtype), "\",\"shape\":");
    appendShape(json, buffer.rank, buffer.dims);
    json += strCat(",\"bytes\":", buffer.byte_size);
    if (buffer.arena_offset >= 0)
      json += strCat(",\"arena_offset\":", buffer.arena_offset);
    if (buffer.blob >= 0)
      json += strCat(",\"blob\":", buffer.blob);
    json += '}';
  }
  json += ']';
}

void appendSteps(std::string &json, const weft_engine_info &info) {
  json += '[';
  for (size_t i = 0; i < info.num_steps; ++i) {
    const weft_step_desc &step = info.steps[i];
    json += i ? ",{\"kernel\":" : "{\"kernel\":";
    appendJsonString(json, step.kernel);
    json += ",\"buffers\":[";
    for (int32_t b = 0; b < step.num_buffers; ++b)
      json += strCat(b ? "," : "", step.buffers[b]);
    json += strCat("],\"parallel_extent\":", step.parallel_extent,
                   ",\"workload\":", step.workload, ",\"nodes\":[");
    for (int32_t n = 0; n < step.num_nodes; ++n) {
      if (n)
        json += ',';
      appendJsonString(json, step.node_names[n]);
    }
    json += "]}";
  }
  json += ']';
}

} // namespace

EngineInfo *makeEngineInfo(std::shared_ptr<const EngineModel> model) {
  auto *info = new EngineInfo();
  const EngineModel &m = *model;
  info->format_version_major = m.formatMajor;
  info->format_version_minor = m.formatMinor;
  info->compiler_version = m.compilerVersion.c_str();
  info->source_model = m.sourceModel.c_str();
  info->target_kind = m.target.kind.c_str();
  info->target_triple = m.target.triple.c_str();
  info->target_cpu = m.target.cpu.c_str();
  info->target_features = m.target.features.c_str();
  info->num_inputs = m.inputDescs.size();
  info->inputs = m.inputDescs.data();
  info->num_outputs = m.outputDescs.size();
  info->outputs = m.outputDescs.data();
  info->num_buffers = m.bufferDescs.size();
  info->buffers = m.bufferDescs.data();
  info->num_blobs = m.blobDescs.size();
  info->blobs = m.blobDescs.data();
  info->num_steps = m.stepDescs.size();
  info->steps = m.stepDescs.data();
  info->arena_size = m.arenaSize;
  info->intermediates_size = m.intermediatesSize;
  info->constants_size = 0;
  info->code_size = 0;
  for (const BlobRecord &blob : m.blobs)
    (blob.kind == WEFT_BLOB_CODE ? info->code_size : info->constants_size) +=
        blob.size;
  info->header_size = m.headerSize;
  info->data_offset = m.dataOffset;
  info->file_size = m.fileSize;
  info->model = std::move(model);
  return info;
}

std::string formatInfoJson(const weft_engine_info &info) {
  std::string json =
      strCat("{\"format_version\":\"", info.format_version_major, ".",
             info.format_version_minor, "\",\"compiler_version\":");
  appendJsonString(json, info.compiler_version);
  json += ",\"source_model\":";
  appendJsonString(json, info.source_model);
  json += ",\"target\":{\"kind\":";
  appendJsonString(json, info.target_kind);
  json += ",\"triple\":";
  appendJsonString(json, info.target_triple);
  json += ",\"cpu\":";
  appendJsonString(json, info.target_cpu);
  json += ",\"features\":";
  appendJsonString(json, info.target_features);
  json += "},\"inputs\":";
  appendTensors(json, info.inputs, info.num_inputs);
  json += ",\"outputs\":";
  appendTensors(json, info.outputs, info.num_outputs);
  json += strCat(",\"memory\":{\"arena_bytes\":", info.arena_size,
                 ",\"intermediates_bytes\":", info.intermediates_size,
                 ",\"constants_bytes\":", info.constants_size,
                 ",\"code_bytes\":", info.code_size,
                 ",\"header_bytes\":", info.header_size,
                 ",\"file_bytes\":", info.file_size, "},\"steps\":");
  appendSteps(json, info);
  json += ",\"buffers\":";
  appendBuffers(json, info);
  json += "}";
  return json;
}

} // namespace weft::rt
