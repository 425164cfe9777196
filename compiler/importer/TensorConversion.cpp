//===- TensorConversion.cpp - ONNX tensors and types to MLIR --------------===//
//
// Every size in a TensorProto is model-controlled: the element count is
// computed with overflow checks and every payload is checked against it
// before anything is allocated or copied.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/TensorConversion.h"

#include "dialects/graph/GraphDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstring>

using namespace mlir;
using onnx::TensorProto;

namespace weft::importer {

namespace {

/// Refuse tensors past this many elements: far beyond any real weight, and
/// it keeps every byte count well inside int64_t.
constexpr int64_t kMaxTensorElements = int64_t(1) << 40;

/// Bytes per element of a representable ONNX data type in raw_data.
int64_t rawElementBytes(int32_t onnxType) {
  switch (onnxType) {
  case TensorProto::UINT8:
  case TensorProto::INT8:
  case TensorProto::BOOL:
    return 1;
  case TensorProto::UINT16:
  case TensorProto::INT16:
  case TensorProto::FLOAT16:
  case TensorProto::BFLOAT16:
    return 2;
  case TensorProto::FLOAT:
  case TensorProto::INT32:
  case TensorProto::UINT32:
    return 4;
  case TensorProto::INT64:
  case TensorProto::UINT64:
  case TensorProto::DOUBLE:
    return 8;
  default:
    return 0;
  }
}

std::string formatShape(llvm::ArrayRef<int64_t> dims) {
  if (dims.empty())
    return "scalar";
  std::string s;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      s += "x";
    s += std::to_string(d);
  }
  return s;
}

/// Builds the attribute from little-endian bytes laid out as ONNX raw_data.
FailureOr<DenseElementsAttr> fromRawBytes(RankedTensorType type,
                                          llvm::ArrayRef<char> bytes,
                                          Location loc,
                                          const llvm::Twine &what) {
  if (type.getElementType().isInteger(1)) {
    // MLIR packs i1 as bits; ONNX stores one byte per bool.
    llvm::SmallVector<bool> values(bytes.size());
    for (auto [i, byte] : llvm::enumerate(bytes))
      values[i] = byte != 0;
    return DenseElementsAttr::get(type, llvm::ArrayRef<bool>(values));
  }
  bool splat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, bytes, splat) ||
      (splat && type.getNumElements() != 1)) {
    emitError(loc) << what << ": payload of " << bytes.size()
                   << " bytes does not match its type";
    return failure();
  }
  return DenseElementsAttr::getFromRawBuffer(type, bytes);
}

/// Narrows a typed field's values to the element width, as raw bytes.
template <typename T, typename Src>
void appendAs(std::vector<char> &out, const Src &values) {
  out.reserve(values.size() * sizeof(T));
  for (auto v : values) {
    T narrowed = static_cast<T>(v);
    char buf[sizeof(T)];
    std::memcpy(buf, &narrowed, sizeof(T));
    out.insert(out.end(), buf, buf + sizeof(T));
  }
}

/// The payload of a tensor held in its typed *_data field, as raw bytes.
/// Returns the number of values in the field through `count`.
LogicalResult typedFieldBytes(const TensorProto &t, std::vector<char> &out,
                              int64_t &count) {
  switch (t.data_type()) {
  case TensorProto::FLOAT:
    count = t.float_data_size();
    appendAs<float>(out, t.float_data());
    return success();
  case TensorProto::DOUBLE:
    count = t.double_data_size();
    appendAs<double>(out, t.double_data());
    return success();
  case TensorProto::INT64:
    count = t.int64_data_size();
    appendAs<int64_t>(out, t.int64_data());
    return success();
  case TensorProto::UINT32:
    count = t.uint64_data_size();
    appendAs<uint32_t>(out, t.uint64_data());
    return success();
  case TensorProto::UINT64:
    count = t.uint64_data_size();
    appendAs<uint64_t>(out, t.uint64_data());
    return success();
  case TensorProto::INT32:
    count = t.int32_data_size();
    appendAs<int32_t>(out, t.int32_data());
    return success();
  case TensorProto::INT16:
    count = t.int32_data_size();
    appendAs<int16_t>(out, t.int32_data());
    return success();
  case TensorProto::UINT16:
  case TensorProto::FLOAT16:
  case TensorProto::BFLOAT16:
    // 16-bit floats travel as their bit patterns in int32_data.
    count = t.int32_data_size();
    appendAs<uint16_t>(out, t.int32_data());
    return success();
  case TensorProto::INT8:
    count = t.int32_data_size();
    appendAs<int8_t>(out, t.int32_data());
    return success();
  case TensorProto::UINT8:
  case TensorProto::BOOL:
    count = t.int32_data_size();
    appendAs<uint8_t>(out, t.int32_data());
    return success();
  default:
    return failure();
  }
}

/// Reads `t`'s external data relative to `modelDir` into `out`.
LogicalResult readExternalData(const TensorProto &t, llvm::StringRef modelDir,
                               int64_t expectedBytes, std::vector<char> &out,
                               Location loc, const llvm::Twine &what) {
  std::string location;
  int64_t offset = 0;
  std::optional<int64_t> length;
  for (const onnx::StringStringEntryProto &entry : t.external_data()) {
    llvm::StringRef key = entry.key(), value = entry.value();
    if (key == "location") {
      location = value.str();
    } else if (key == "offset" || key == "length") {
      int64_t parsed;
      if (!llvm::to_integer(value, parsed, 10) || parsed < 0) {
        emitError(loc) << what << ": external data " << key << " '" << value
                       << "' is not a non-negative integer";
        return failure();
      }
      if (key == "offset")
        offset = parsed;
      else
        length = parsed;
    }
  }
  if (location.empty()) {
    emitError(loc) << what << ": external data has no location";
    return failure();
  }
  // Only files inside the model's folder: a model must not make the
  // compiler read arbitrary files.
  bool escapes = llvm::sys::path::is_absolute(location);
  for (auto it = llvm::sys::path::begin(location),
            end = llvm::sys::path::end(location);
       it != end; ++it)
    escapes |= *it == "..";
  if (escapes) {
    emitError(loc) << what << ": external data location '" << location
                   << "' is not a relative path inside the model's folder";
    return failure();
  }
  llvm::SmallString<256> path(modelDir);
  llvm::sys::path::append(path, location);
  uint64_t fileSize = 0;
  if (std::error_code ec = llvm::sys::fs::file_size(path, fileSize)) {
    emitError(loc) << what << ": cannot read external data file '" << path
                   << "': " << ec.message();
    return failure();
  }
  int64_t available =
      offset > (int64_t)fileSize ? -1 : (int64_t)fileSize - offset;
  int64_t wanted = length.value_or(available);
  if (length && *length != expectedBytes) {
    emitError(loc) << what << ": external data length " << *length
                   << " does not match the " << expectedBytes
                   << " bytes its shape needs";
    return failure();
  }
  if (available < 0 || wanted != expectedBytes || available < expectedBytes) {
    emitError(loc) << what << ": external data file '" << path << "' has "
                   << fileSize << " bytes, too short for " << expectedBytes
                   << " bytes at offset " << offset;
    return failure();
  }
  auto buffer = llvm::MemoryBuffer::getFileSlice(path, expectedBytes, offset,
                                                 /*IsVolatile=*/true);
  if (!buffer) {
    emitError(loc) << what << ": cannot read external data file '" << path
                   << "': " << buffer.getError().message();
    return failure();
  }
  llvm::StringRef data = (*buffer)->getBuffer();
  out.assign(data.begin(), data.end());
  return success();
}

} // namespace

Type convertElementType(int32_t onnxType, MLIRContext *context) {
  Builder b(context);
  switch (onnxType) {
  case TensorProto::FLOAT:
    return b.getF32Type();
  case TensorProto::DOUBLE:
    return b.getF64Type();
  case TensorProto::FLOAT16:
    return b.getF16Type();
  case TensorProto::BFLOAT16:
    return b.getBF16Type();
  case TensorProto::BOOL:
    return b.getI1Type();
  case TensorProto::INT8:
    return b.getIntegerType(8);
  case TensorProto::INT16:
    return b.getIntegerType(16);
  case TensorProto::INT32:
    return b.getIntegerType(32);
  case TensorProto::INT64:
    return b.getIntegerType(64);
  case TensorProto::UINT8:
    return b.getIntegerType(8, /*isSigned=*/false);
  case TensorProto::UINT16:
    return b.getIntegerType(16, /*isSigned=*/false);
  case TensorProto::UINT32:
    return b.getIntegerType(32, /*isSigned=*/false);
  case TensorProto::UINT64:
    return b.getIntegerType(64, /*isSigned=*/false);
  case TensorProto::STRING:
    return weft::graph::StringType::get(context);
  default:
    return {};
  }
}

std::string onnxTypeName(int32_t onnxType) {
  if (TensorProto::DataType_IsValid(onnxType))
    return llvm::StringRef(TensorProto::DataType_Name(
                               static_cast<TensorProto::DataType>(onnxType)))
        .lower();
  return "data type " + std::to_string(onnxType);
}

FailureOr<TensorType>
convertValueType(const onnx::TypeProto &type, Location loc,
                 const llvm::Twine &what,
                 llvm::SmallVectorImpl<std::string> *dimNames) {
  if (!type.has_tensor_type()) {
    emitError(loc) << what
                   << ": only tensor values are supported (not sequences, "
                      "maps, optionals or sparse tensors)";
    return failure();
  }
  const onnx::TypeProto::Tensor &tensor = type.tensor_type();
  Type elementType = convertElementType(tensor.elem_type(), loc.getContext());
  if (!elementType) {
    emitError(loc) << what << ": element type "
                   << onnxTypeName(tensor.elem_type()) << " is not supported";
    return failure();
  }
  if (!tensor.has_shape())
    return TensorType(UnrankedTensorType::get(elementType));
  llvm::SmallVector<int64_t> dims;
  for (const onnx::TensorShapeProto::Dimension &dim : tensor.shape().dim()) {
    if (dim.has_dim_value()) {
      if (dim.dim_value() < 0) {
        emitError(loc) << what << ": dim " << dims.size()
                       << " has negative size " << dim.dim_value();
        return failure();
      }
      dims.push_back(dim.dim_value());
      if (dimNames)
        dimNames->push_back("");
    } else {
      dims.push_back(ShapedType::kDynamic);
      if (dimNames)
        dimNames->push_back(dim.has_dim_param() ? dim.dim_param() : "");
    }
  }
  return TensorType(RankedTensorType::get(dims, elementType));
}

FailureOr<DenseElementsAttr> convertTensor(const TensorProto &t,
                                           llvm::StringRef modelDir,
                                           Location loc,
                                           const llvm::Twine &what) {
  Type elementType = convertElementType(t.data_type(), loc.getContext());
  if (t.data_type() == TensorProto::STRING) {
    emitError(loc) << what << ": string constants are not supported (string "
                          "tensors may only be model inputs and outputs)";
    return failure();
  }
  if (!elementType) {
    emitError(loc) << what << ": element type " << onnxTypeName(t.data_type())
                   << " is not supported";
    return failure();
  }
  if (t.has_segment()) {
    emitError(loc) << what << ": segmented tensors are not supported";
    return failure();
  }
  int64_t numElements = 1;
  for (int64_t d : t.dims()) {
    if (d < 0) {
      emitError(loc) << what << ": dim has negative size " << d;
      return failure();
    }
    if (llvm::MulOverflow(numElements, d, numElements) ||
        numElements > kMaxTensorElements) {
      emitError(loc) << what << ": too many elements";
      return failure();
    }
  }
  llvm::SmallVector<int64_t> dims(t.dims().begin(), t.dims().end());
  auto type = RankedTensorType::get(dims, elementType);
  int64_t elementBytes = rawElementBytes(t.data_type());
  int64_t expectedBytes = numElements * elementBytes;

  std::vector<char> bytes;
  if (t.data_location() == TensorProto::EXTERNAL) {
    if (failed(readExternalData(t, modelDir, expectedBytes, bytes, loc, what)))
      return failure();
  } else if (t.has_raw_data()) {
    const std::string &raw = t.raw_data();
    if ((int64_t)raw.size() != expectedBytes) {
      emitError(loc) << what << ": raw_data has " << raw.size()
                     << " bytes but shape " << formatShape(dims) << " of "
                     << onnxTypeName(t.data_type()) << " needs "
                     << expectedBytes;
      return failure();
    }
    bytes.assign(raw.begin(), raw.end());
  } else {
    int64_t count = 0;
    if (failed(typedFieldBytes(t, bytes, count))) {
      emitError(loc) << what << ": element type " << onnxTypeName(t.data_type())
                     << " is not supported";
      return failure();
    }
    if (count != numElements) {
      emitError(loc) << what << ": holds " << count << " values but shape "
                     << formatShape(dims) << " needs " << numElements;
      return failure();
    }
  }
  return fromRawBytes(type, bytes, loc, what);
}

} // namespace weft::importer
