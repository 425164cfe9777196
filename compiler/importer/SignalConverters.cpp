//===- SignalConverters.cpp - ONNX DFT, STFT, MelWeightMatrix -------------===//
//
// Converters for the ops of GraphSignalOps.td. All three exist from opset
// 17 only (one version each up to opset 18). The inputs that set result
// shapes (DFT's dft_length, STFT's frame_step and frame_length) become
// attributes and must be constants; MelWeightMatrix keeps its scalars as
// operands and folds when they are constants.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/TensorConversion.h"

#include "dialects/graph/GraphOps.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

/// The value of constant scalar input `i` (absent: nullopt, with no error).
std::optional<int64_t> constantScalarInput(NodeImporter &n, unsigned i,
                                           llvm::StringRef what) {
  std::optional<llvm::SmallVector<int64_t>> values =
      n.constantIntsInput(i, what);
  if (!values)
    return std::nullopt;
  if (values->size() != 1) {
    n.fail(what + " must be a scalar");
    return std::nullopt;
  }
  return values->front();
}

/// Copies ONNX int attribute `name` (0 or 1) as a bool attribute; an error
/// for other values.
void copyFlagAttr(NodeImporter &n, llvm::SmallVectorImpl<NamedAttribute> &out,
                  llvm::StringRef name) {
  std::optional<int64_t> value = n.intAttr(name);
  if (!value)
    return;
  if (*value != 0 && *value != 1) {
    n.fail(name + " must be 0 or 1, got " + llvm::Twine(*value));
    return;
  }
  out.push_back(n.builder.getNamedAttr(name, n.builder.getBoolAttr(*value)));
}

} // namespace

LogicalResult convertDFT(NodeImporter &n) {
  if (!n.checkArity(1, 2, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  llvm::SmallVector<NamedAttribute> attrs;
  n.copyIntAttr(attrs, "axis");
  copyFlagAttr(n, attrs, "inverse");
  copyFlagAttr(n, attrs, "onesided");
  if (n.hasInput(1)) {
    std::optional<int64_t> length = constantScalarInput(n, 1, "dft_length");
    if (length)
      attrs.push_back(n.builder.getNamedAttr(
          "dft_length", n.builder.getI64IntegerAttr(*length)));
  }
  if (n.failed())
    return failure();
  return emit<DFTOp>(n, {x}, attrs);
}

LogicalResult convertSTFT(NodeImporter &n) {
  if (!n.checkArity(2, 4, 1, 1))
    return failure();
  Value signal = n.requiredInput(0);
  Value window = n.input(2);
  llvm::SmallVector<NamedAttribute> attrs;
  copyFlagAttr(n, attrs, "onesided");
  std::optional<int64_t> step = constantScalarInput(n, 1, "frame_step");
  if (step)
    attrs.push_back(n.builder.getNamedAttr("frame_step",
                                           n.builder.getI64IntegerAttr(*step)));
  if (n.hasInput(3)) {
    std::optional<int64_t> length = constantScalarInput(n, 3, "frame_length");
    if (length)
      attrs.push_back(n.builder.getNamedAttr(
          "frame_length", n.builder.getI64IntegerAttr(*length)));
  }
  if (n.failed())
    return failure();
  llvm::SmallVector<Value> operands = {signal};
  if (window)
    operands.push_back(window);
  return emit<STFTOp>(n, operands, attrs);
}

LogicalResult convertMelWeightMatrix(NodeImporter &n) {
  if (!n.checkArity(5, 5, 1, 1))
    return failure();
  llvm::SmallVector<Value> operands;
  for (unsigned i = 0; i < 5; ++i)
    operands.push_back(n.requiredInput(i));
  int64_t onnxType = n.intAttr("output_datatype", /*FLOAT=*/1);
  if (n.failed())
    return failure();
  Type type = convertElementType(onnxType, n.getContext());
  if (!type || !llvm::isa<FloatType>(type))
    return n.fail("output_datatype " + onnxTypeName(onnxType) +
                  " is not supported (floating-point types only)");
  return emit<MelWeightMatrixOp>(
      n, operands,
      {n.builder.getNamedAttr("output_type", TypeAttr::get(type))});
}

} // namespace weft::importer
