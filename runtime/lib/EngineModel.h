//===- EngineModel.h - A verified engine header -----------------*- C++ -*-===//
//
// The engine header, decoded from FlatBuffers into plain structures after
// every field has been checked, plus the C descriptors (weft_tensor_desc,
// weft_buffer_desc, ...) that point into them. Nothing downstream of
// parseEngine() needs to range-check what it reads here.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_RUNTIME_LIB_ENGINEMODEL_H
#define WEFT_RUNTIME_LIB_ENGINEMODEL_H

#include "runtime/lib/Status.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace weft::rt {

struct TargetRecord {
  std::string kind, triple, cpu, features;
};

struct BufferRecord {
  std::string name;
  weft_buffer_kind kind = WEFT_BUFFER_INTERMEDIATE;
  weft_dtype dtype = WEFT_DTYPE_F32;
  /// -1 for a dim the data decides; see maxShape.
  std::vector<int64_t> shape;
  /// Empty for a static shape; else the largest value of every dim
  /// (`byteSize` is the size at these bounds).
  std::vector<int64_t> maxShape;
  uint64_t byteSize = 0;
  int64_t arenaOffset = -1;
  int32_t blob = -1;
};

struct BlobRecord {
  weft_blob_kind kind = WEFT_BLOB_CONSTANT;
  uint64_t offset = 0, size = 0, checksum = 0;
};

struct AttributeRecord {
  enum Kind : uint8_t { Int = 0, Ints, Float, Floats, Text, Texts };
  std::string name;
  Kind kind = Int;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::string text;
  std::vector<std::string> texts;
};

struct BuiltinInfo;

struct StepRecord {
  std::string kernel;
  /// Set for a builtin step (runtime/lib/builtins): the operation's name,
  /// its attributes, and its implementation (resolved when decoding).
  std::string builtin;
  std::vector<AttributeRecord> attributes;
  const BuiltinInfo *builtinInfo = nullptr;
  int32_t codeObject = 0;
  std::vector<int32_t> buffers;
  int64_t parallelExtent = 1;
  int64_t workload = 0;
  std::vector<std::string> nodeNames;
};

struct EngineModel {
  uint32_t formatMajor = 0, formatMinor = 0;
  std::string compilerVersion, sourceModel;
  TargetRecord target;
  std::vector<int32_t> inputs, outputs;
  std::vector<BufferRecord> buffers;
  std::vector<BlobRecord> blobs;
  /// Blob index of each code object.
  std::vector<int32_t> codeObjects;
  std::vector<StepRecord> steps;
  uint64_t arenaSize = 0, intermediatesSize = 0;
  uint64_t headerSize = 0, dataOffset = 0, dataSize = 0, fileSize = 0;

  /// C views, built once by parseEngine (they point into the fields above).
  std::vector<weft_tensor_desc> inputDescs, outputDescs;
  std::vector<weft_buffer_desc> bufferDescs;
  std::vector<weft_blob_desc> blobDescs;
  std::vector<weft_step_desc> stepDescs;
  std::vector<std::vector<const char *>> stepNodeNames;

  /// "step 3 ('conv_fused', nodes 'conv_1', 'relu_1')".
  std::string describeStep(size_t step) const;
};

/// Verifies the preamble and the header in `bytes` (`size` bytes, the first
/// ones of a file of `fileSize` bytes; at least the preamble and header) and
/// decodes them. `bytes` must be 8-byte aligned.
weft_status *parseEngine(const uint8_t *bytes, uint64_t size, uint64_t fileSize,
                         std::shared_ptr<EngineModel> &model);

/// Checks the checksums of every blob of `model` in `data` (the data
/// section, model.dataSize bytes).
weft_status *verifyBlobs(const EngineModel &model, const uint8_t *data);

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_ENGINEMODEL_H
