//===- SignalOps.cpp - Verifiers, inference and folder of the signal ops --===//
//
// The ops of GraphSignalOps.td. Each op's checks live in one inference
// function that both the verifier and type inference call, so that a bad
// attribute is reported the same way whether the importer or the parser
// built the op.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/ConstantEval.h"
#include "dialects/graph/InferenceCommon.h"

#include "mlir/IR/TypeUtilities.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace weft::graph;

namespace {

/// Checks that a signal's last dim (when static) holds 1 (real) or 2
/// (complex) values and that a one-sided transform gets a real signal.
LogicalResult checkComplexDim(const Shape &shape, bool onesided,
                              std::optional<Location> loc, StringRef opName) {
  int64_t last = shape.back();
  if (!isDyn(last) && last != 1 && last != 2)
    return NodeError(loc, opName)
           << "the last dim must be 1 (real) or 2 (complex), got " << last;
  if (onesided && last == 2)
    return NodeError(loc, opName) << "onesided needs a real input (last dim "
                                  << "1), got a complex one";
  return success();
}

/// The result type of graph.dft; checks everything but the element type.
FailureOr<Type> inferDFT(Value x, int64_t axis, bool onesided,
                         std::optional<int64_t> dftLength,
                         std::optional<Location> loc) {
  StringRef opName = DFTOp::getOperationName();
  Type elementType = getElementType(x.getType());
  if (dftLength && *dftLength < 1)
    return NodeError(loc, opName)
           << "dft_length must be positive, got " << *dftLength;
  std::optional<Shape> shape = getShape(x);
  if (!shape)
    return tensorOf(std::nullopt, elementType);
  int64_t rank = shape->size();
  if (rank < 3)
    return NodeError(loc, opName)
           << "x must be [batch, signal dims..., 1 or 2] (rank >= 3), got "
           << "rank " << rank;
  if (axis < -rank || axis >= rank - 1 || axis == -1)
    return NodeError(loc, opName)
           << "axis " << axis << " is not a signal dim of a rank-" << rank
           << " input";
  if (failed(checkComplexDim(*shape, onesided, loc, opName)))
    return failure();
  if (axis < 0)
    axis += rank;
  Shape result(*shape);
  int64_t n = dftLength ? *dftLength : (*shape)[axis];
  result[axis] = isDyn(n) || !onesided ? n : n / 2 + 1;
  result.back() = 2;
  return tensorOf(result, elementType);
}

/// The result type of graph.stft; checks everything but the element types.
FailureOr<Type> inferSTFT(Value signal, Value window, int64_t frameStep,
                          std::optional<int64_t> frameLength, bool onesided,
                          std::optional<Location> loc) {
  StringRef opName = STFTOp::getOperationName();
  Type elementType = getElementType(signal.getType());
  if (frameStep < 1)
    return NodeError(loc, opName)
           << "frame_step must be positive, got " << frameStep;
  if (frameLength && *frameLength < 1)
    return NodeError(loc, opName)
           << "frame_length must be positive, got " << *frameLength;
  if (!window && !frameLength)
    return NodeError(loc, opName) << "needs a window or a frame_length";
  int64_t length = frameLength ? *frameLength : kDyn;
  if (window) {
    FailureOr<std::optional<int64_t>> windowLength =
        get1DLength(window, "window", loc, opName);
    if (failed(windowLength))
      return failure();
    if (*windowLength && frameLength && **windowLength != *frameLength)
      return NodeError(loc, opName)
             << "the window has " << **windowLength
             << " values but frame_length is " << *frameLength;
    if (*windowLength)
      length = **windowLength;
  }
  std::optional<Shape> shape = getShape(signal);
  if (!shape)
    return tensorOf(Shape{kDyn, kDyn, kDyn, 2}, elementType);
  if (shape->size() != 3)
    return NodeError(loc, opName)
           << "signal must be [batch, length, 1 or 2], got rank "
           << shape->size();
  if (failed(checkComplexDim(*shape, onesided, loc, opName)))
    return failure();
  int64_t samples = (*shape)[1];
  int64_t frames = kDyn;
  if (!isDyn(samples) && !isDyn(length)) {
    if (length > samples)
      return NodeError(loc, opName)
             << "frames of " << length << " samples do not fit a signal of "
             << samples;
    frames = (samples - length) / frameStep + 1;
  }
  int64_t bins = isDyn(length) || !onesided ? length : length / 2 + 1;
  return tensorOf(Shape{(*shape)[0], frames, bins, 2}, elementType);
}

/// Checks that `value` has one element (when its shape is known) and an
/// element type `isValid` accepts.
LogicalResult checkScalarOperand(Value value, StringRef name,
                                 function_ref<bool(Type)> isValid,
                                 StringRef expected,
                                 std::optional<Location> loc,
                                 StringRef opName) {
  if (!isValid(getElementType(value.getType())))
    return NodeError(loc, opName)
           << name << " must be " << expected << ", got " << value.getType();
  std::optional<Shape> shape = getShape(value);
  std::optional<int64_t> count = shape ? getNumElements(*shape) : std::nullopt;
  if (count && *count != 1)
    return NodeError(loc, opName)
           << name << " must be a scalar, got shape " << formatShape(*shape);
  return success();
}

/// The value of a one-element constant operand as a double.
std::optional<double> getScalarConstant(Value value) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || attr.getNumElements() != 1)
    return std::nullopt;
  if (llvm::isa<FloatType>(attr.getElementType()))
    return (*attr.getValues<APFloat>().begin()).convertToDouble();
  if (llvm::isa<IntegerType>(attr.getElementType()))
    return double((*attr.getValues<APInt>().begin()).getSExtValue());
  return std::nullopt;
}

/// The mel filter bank of ONNX MelWeightMatrix, row-major
/// `[dftLength / 2 + 1, melBins]`. The edges are computed in double and
/// floored to DFT bins as the ONNX reference does; weights outside the
/// matrix are dropped. Nullopt when an edge is not finite.
std::optional<std::vector<double>>
computeMelWeights(int64_t melBins, int64_t dftLength, double sampleRate,
                  double lowHz, double highHz) {
  int64_t rows = dftLength / 2 + 1;
  std::vector<double> weights(rows * melBins, 0.0);
  auto toMel = [](double hz) { return 2595.0 * std::log10(1.0 + hz / 700.0); };
  double lowMel = toMel(lowHz), highMel = toMel(highHz);
  double step = (highMel - lowMel) / double(melBins + 2);
  std::vector<int64_t> edges;
  for (int64_t i = 0; i < melBins + 2; ++i) {
    double hz =
        700.0 * (std::pow(10.0, (double(i) * step + lowMel) / 2595.0) - 1.0);
    double bin = std::floor(double(dftLength + 1) * hz / sampleRate);
    // Bins far outside the matrix only matter through their distance, which
    // 2^52 keeps exact enough.
    if (!std::isfinite(bin))
      return std::nullopt;
    edges.push_back(int64_t(std::clamp(bin, -0x1p52, 0x1p52)));
  }
  // Rows [first, last] of the matrix, clipped to it.
  auto rowsIn = [&](int64_t first, int64_t last) {
    return std::pair<int64_t, int64_t>{std::max<int64_t>(first, 0),
                                       std::min<int64_t>(last, rows - 1)};
  };
  for (int64_t i = 0; i < melBins; ++i) {
    int64_t low = edges[i], center = edges[i + 1], high = edges[i + 2];
    if (center == low) {
      if (center >= 0 && center < rows)
        weights[center * melBins + i] = 1.0;
    } else {
      auto [begin, end] = rowsIn(low, center);
      for (int64_t j = begin; j <= end; ++j)
        weights[j * melBins + i] = double(j - low) / double(center - low);
    }
    auto [begin, end] = rowsIn(center, high - 1);
    for (int64_t j = begin; j <= end; ++j)
      weights[j * melBins + i] = double(high - j) / double(high - center);
  }
  return weights;
}

} // namespace

LogicalResult DFTOp::verify() {
  if (!llvm::isa<FloatType>(getElementType(getX().getType())))
    return NodeError(getLoc(), getOperationName())
           << "x must be a floating-point tensor, got " << getX().getType();
  std::optional<uint64_t> length = getDftLength();
  return inferDFT(getX(), getAxis(), getOnesided(),
                  length ? std::optional<int64_t>(int64_t(*length))
                         : std::nullopt,
                  getLoc());
}

LogicalResult DFTOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  std::optional<uint64_t> length = adaptor.getDftLength();
  FailureOr<Type> type = inferDFT(
      adaptor.getX(), adaptor.getAxis(), adaptor.getOnesided(),
      length ? std::optional<int64_t>(int64_t(*length)) : std::nullopt, loc);
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}

LogicalResult STFTOp::verify() {
  Type elementType = getElementType(getSignal().getType());
  if (!llvm::isa<FloatType>(elementType))
    return NodeError(getLoc(), getOperationName())
           << "signal must be a floating-point tensor, got "
           << getSignal().getType();
  if (Value window = getWindow())
    if (getElementType(window.getType()) != elementType)
      return NodeError(getLoc(), getOperationName())
             << "window " << window.getType()
             << " must have the element type of the signal "
             << getSignal().getType();
  std::optional<uint64_t> length = getFrameLength();
  return inferSTFT(getSignal(), getWindow(), getFrameStep(),
                   length ? std::optional<int64_t>(int64_t(*length))
                          : std::nullopt,
                   getOnesided(), getLoc());
}

LogicalResult STFTOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  std::optional<uint64_t> length = adaptor.getFrameLength();
  FailureOr<Type> type = inferSTFT(
      adaptor.getSignal(), adaptor.getWindow(), adaptor.getFrameStep(),
      length ? std::optional<int64_t>(int64_t(*length)) : std::nullopt,
      adaptor.getOnesided(), loc);
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}

LogicalResult MelWeightMatrixOp::verify() {
  StringRef opName = getOperationName();
  auto isInteger = [](Type t) {
    return t.isSignlessInteger(32) || t.isSignlessInteger(64);
  };
  auto isFloat = [](Type t) { return llvm::isa<FloatType>(t); };
  for (auto [value, name] :
       {std::pair<Value, StringRef>{getNumMelBins(), "num_mel_bins"},
        {getDftLength(), "dft_length"},
        {getSampleRate(), "sample_rate"}})
    if (failed(checkScalarOperand(value, name, isInteger, "an i32 or i64",
                                  getLoc(), opName)))
      return failure();
  for (auto [value, name] :
       {std::pair<Value, StringRef>{getLowerEdgeHertz(), "lower_edge_hertz"},
        {getUpperEdgeHertz(), "upper_edge_hertz"}})
    if (failed(checkScalarOperand(value, name, isFloat, "floating-point",
                                  getLoc(), opName)))
      return failure();
  if (!llvm::isa<FloatType>(getOutputType()))
    return NodeError(getLoc(), opName)
           << "output_type must be a floating-point type, got "
           << getOutputType();
  if (std::optional<double> rate = getScalarConstant(getSampleRate()))
    if (*rate <= 0)
      return NodeError(getLoc(), opName)
             << "sample_rate must be positive, got " << int64_t(*rate);
  return success();
}

LogicalResult
MelWeightMatrixOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  StringRef opName = getOperationName();
  int64_t rows = kDyn, cols = kDyn;
  if (std::optional<double> bins = getScalarConstant(adaptor.getNumMelBins())) {
    if (*bins < 1)
      return NodeError(loc, opName)
             << "num_mel_bins must be positive, got " << int64_t(*bins);
    cols = int64_t(*bins);
  }
  if (std::optional<double> length =
          getScalarConstant(adaptor.getDftLength())) {
    if (*length < 1)
      return NodeError(loc, opName)
             << "dft_length must be positive, got " << int64_t(*length);
    rows = int64_t(*length) / 2 + 1;
  }
  types.push_back(tensorOf(Shape{rows, cols}, adaptor.getOutputType()));
  return success();
}

OpFoldResult MelWeightMatrixOp::fold(FoldAdaptor) {
  auto type = llvm::dyn_cast<RankedTensorType>(getOutput().getType());
  if (!type || !type.hasStaticShape() || !isFoldableResultType(type))
    return {};
  auto floatType = llvm::dyn_cast<FloatType>(type.getElementType());
  std::optional<double> bins = getScalarConstant(getNumMelBins());
  std::optional<double> length = getScalarConstant(getDftLength());
  std::optional<double> rate = getScalarConstant(getSampleRate());
  std::optional<double> low = getScalarConstant(getLowerEdgeHertz());
  std::optional<double> high = getScalarConstant(getUpperEdgeHertz());
  if (!floatType || !bins || !length || !rate || !low || !high || *rate <= 0 ||
      type.getDimSize(1) != int64_t(*bins) ||
      type.getDimSize(0) != int64_t(*length) / 2 + 1)
    return {};
  std::optional<std::vector<double>> weights =
      computeMelWeights(int64_t(*bins), int64_t(*length), *rate, *low, *high);
  if (!weights)
    return {};
  SmallVector<APFloat> values;
  for (double w : *weights) {
    APFloat value(w);
    bool losesInfo = false;
    value.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    values.push_back(value);
  }
  return DenseElementsAttr::get(type, values);
}
