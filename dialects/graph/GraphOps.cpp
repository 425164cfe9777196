//===- GraphOps.cpp - Operations of the graph dialect ---------------------===//
//
// Op verifiers and the generated op definitions. Type inference lives in
// ElementwiseTypes.cpp, ConvPoolTypes.cpp and ShapeOpTypes.cpp, folders in
// Folders.cpp, canonicalization patterns in Canonicalize.cpp. The ops of
// GraphReductionOps.td have their verifiers and inference in
// ReductionOps.cpp.
//
// These verifiers run before the InferTypeOpInterface verifier (which calls
// type inference), so they must not trust anything inference checks (ranks,
// attribute lengths, axes): where they would need it, they leave the error to
// inference. The importer calls inference before verification.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"
#include "dialects/graph/InferenceCommon.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace weft::graph;

bool weft::graph::areRefinableTypes(TypeRange declared, TypeRange inferred) {
  if (declared.size() != inferred.size())
    return false;
  for (auto [d, i] : llvm::zip(declared, inferred)) {
    if (d == i)
      continue;
    auto dt = llvm::dyn_cast<TensorType>(d);
    auto it = llvm::dyn_cast<TensorType>(i);
    if (!dt || !it || dt.getElementType() != it.getElementType())
      return false;
    if (failed(verifyCompatibleShape(dt, it)))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Verifier helpers
//===----------------------------------------------------------------------===//

namespace {

NodeError nodeError(Operation *op) {
  return NodeError(op->getLoc(), op->getName().getStringRef());
}

bool isIntegerTensor(Value value) {
  return llvm::isa<IntegerType>(getElementType(value.getType())) &&
         !getElementType(value.getType()).isInteger(1);
}

/// True unless `value` is known to hold more than one element: every static
/// dim is 1 (ONNX models pass "scalars" as 1-element tensors of any rank).
bool mayBeScalar(Value value) {
  MaybeShape shape = getShape(value);
  return !shape ||
         llvm::all_of(*shape, [](int64_t d) { return isDyn(d) || d == 1; });
}

/// Checks that `value` is a 1-D tensor of integers.
LogicalResult check1DIntegers(Operation *op, Value value, StringRef what) {
  if (!isIntegerTensor(value))
    return nodeError(op) << what << " must be an integer tensor, got "
                         << value.getType();
  MaybeShape shape = getShape(value);
  if (shape && shape->size() != 1)
    return nodeError(op) << what << " must be 1-D, got shape "
                         << formatShape(*shape);
  return success();
}

/// Checks that `value` is 1-D with `size` elements (when both are known).
LogicalResult check1DOfSize(Operation *op, Value value, int64_t size,
                            StringRef what) {
  MaybeShape shape = getShape(value);
  if (!shape)
    return success();
  if (shape->size() != 1)
    return nodeError(op) << what << " must be 1-D, got shape "
                         << formatShape(*shape);
  if (!isDyn(size) && !isDyn((*shape)[0]) && (*shape)[0] != size)
    return nodeError(op) << what << " has " << (*shape)[0]
                         << " elements but expected " << size;
  return success();
}

/// Checks `value`'s shape against `expected` (kDyn entries match anything).
LogicalResult checkShape(Operation *op, Value value, ArrayRef<int64_t> expected,
                         StringRef what) {
  MaybeShape shape = getShape(value);
  if (!shape)
    return success();
  bool ok = shape->size() == expected.size();
  for (size_t i = 0; ok && i < expected.size(); ++i)
    ok = isDyn(expected[i]) || isDyn((*shape)[i]) || expected[i] == (*shape)[i];
  if (!ok)
    return nodeError(op) << what << " has shape " << formatShape(*shape)
                         << " but expected " << formatShape(expected);
  return success();
}

LogicalResult checkFlag(Operation *op, int64_t value, StringRef what) {
  if (value != 0 && value != 1)
    return nodeError(op) << what << " must be 0 or 1, got " << value;
  return success();
}

int64_t dimOr(const MaybeShape &shape, size_t i) {
  return shape && i < shape->size() ? (*shape)[i] : kDyn;
}

} // namespace

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult NotOp::verify() {
  if (!getElementType(getX().getType()).isInteger(1))
    return nodeError(*this)
           << "operand must be a bool (i1) tensor, got " << getX().getType();
  return success();
}

LogicalResult ClipOp::verify() {
  Type elementType = getElementType(getInput().getType());
  if (elementType.isInteger(1))
    return nodeError(*this) << "cannot clip a bool tensor";
  for (auto [bound, what] :
       {std::pair<Value, StringRef>{getMin(), "min"}, {getMax(), "max"}}) {
    if (!bound)
      continue;
    if (!mayBeScalar(bound))
      return nodeError(*this) << what << " must be a scalar, got shape "
                              << formatShape(getShape(bound));
    if (getElementType(bound.getType()) != elementType)
      return nodeError(*this)
             << what << " has element type " << getElementType(bound.getType())
             << " but the input has " << elementType;
  }
  return success();
}

LogicalResult MaxOp::verify() {
  if (getInputs().empty())
    return nodeError(*this) << "needs at least one input";
  return success();
}

LogicalResult MinOp::verify() {
  if (getInputs().empty())
    return nodeError(*this) << "needs at least one input";
  return success();
}

LogicalResult WhereOp::verify() {
  if (!getElementType(getCondition().getType()).isInteger(1))
    return nodeError(*this) << "condition must be a bool (i1) tensor, got "
                            << getCondition().getType();
  return success();
}

LogicalResult ConstantOfShapeOp::verify() {
  if (failed(check1DIntegers(*this, getInput(), "shape")))
    return failure();
  if (auto value = getValueAttr()) {
    if (value.getNumElements() != 1)
      return nodeError(*this) << "value must hold exactly one element, got "
                              << value.getNumElements();
    if (getElementType(getOutput().getType()) !=
        getElementType(value.getType()))
      return nodeError(*this) << "result element type differs from value's "
                              << getElementType(value.getType());
  }
  return success();
}

LogicalResult SoftmaxOp::verify() {
  MaybeShape shape = getShape(getInput());
  if (shape && !normalizeAxis(getAxis(), shape->size()))
    return nodeError(*this) << "axis " << (int64_t)getAxis()
                            << " is out of range for rank " << shape->size();
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution, matrix products, normalization, pooling
//===----------------------------------------------------------------------===//

LogicalResult ConvOp::verify() {
  MaybeShape x = getShape(getX());
  MaybeShape w = getShape(getW());
  // Type inference reports ranks below 3.
  if ((x && x->size() < 3) || (w && w->size() < 3))
    return success();
  int64_t group = getGroup();
  if (group <= 0)
    return nodeError(*this) << "group must be positive, got " << group;
  if (getElementType(getX().getType()) != getElementType(getW().getType()))
    return nodeError(*this) << "input and weight element types differ: "
                            << getElementType(getX().getType()) << " vs "
                            << getElementType(getW().getType());
  int64_t c = dimOr(x, 1), m = dimOr(w, 0), cPerGroup = dimOr(w, 1);
  if (!isDyn(c) && c % group != 0)
    return nodeError(*this)
           << "group " << group << " does not divide the input's " << c
           << " channels";
  if (!isDyn(c) && !isDyn(cPerGroup) && cPerGroup * group != c)
    return nodeError(*this)
           << "input has " << c << " channels but the weight expects "
           << cPerGroup * group << " (" << cPerGroup << " per group, group "
           << group << ")";
  if (!isDyn(m) && m % group != 0)
    return nodeError(*this)
           << "group " << group << " does not divide the weight's " << m
           << " output channels";
  if (getB())
    return check1DOfSize(*this, getB(), m, "bias");
  return success();
}

LogicalResult ConvTransposeOp::verify() {
  MaybeShape x = getShape(getX());
  MaybeShape w = getShape(getW());
  int64_t group = getGroup();
  // Type inference reports ranks below 3 and a non-positive group.
  if ((x && x->size() < 3) || (w && w->size() < 3) || group <= 0)
    return success();
  int64_t c = dimOr(x, 1), wc = dimOr(w, 0);
  if (!isDyn(c) && !isDyn(wc) && c != wc)
    return nodeError(*this)
           << "input has " << c << " channels but the weight expects " << wc;
  if (!isDyn(c) && c % group != 0)
    return nodeError(*this)
           << "group " << group << " does not divide the input's " << c
           << " channels";
  std::optional<size_t> spatial;
  if (x)
    spatial = x->size() - 2;
  else if (w)
    spatial = w->size() - 2;
  auto outputPadding = getOutputPadding();
  // Type inference reports output_padding of the wrong length.
  if (outputPadding && spatial && outputPadding->size() == *spatial) {
    for (auto [i, p] : llvm::enumerate(*outputPadding)) {
      // Type inference reports attributes of the wrong length.
      if ((getStrides() && getStrides()->size() <= i) ||
          (getDilations() && getDilations()->size() <= i))
        break;
      int64_t s = getStrides() ? (*getStrides())[i] : 1;
      int64_t d = getDilations() ? (*getDilations())[i] : 1;
      if (p < 0 || p >= std::max(s, d))
        return nodeError(*this)
               << "output_padding " << p << " must be in [0, " << std::max(s, d)
               << ") (less than the stride or dilation)";
    }
  }
  if (getB()) {
    int64_t m = dimOr(w, 1);
    return check1DOfSize(*this, getB(), isDyn(m) ? kDyn : m * group, "bias");
  }
  return success();
}

LogicalResult GemmOp::verify() {
  if (failed(checkFlag(*this, getTransA(), "transA")) ||
      failed(checkFlag(*this, getTransB(), "transB")))
    return failure();
  if (getC() &&
      getElementType(getC().getType()) != getElementType(getA().getType()))
    return nodeError(*this)
           << "C has element type " << getElementType(getC().getType())
           << " but A has " << getElementType(getA().getType());
  return success();
}

LogicalResult BatchNormalizationOp::verify() {
  MaybeShape x = getShape(getX());
  if (x && x->size() < 2)
    return nodeError(*this) << "input must have rank >= 2 (N x C x ...), got "
                            << "shape " << formatShape(*x);
  int64_t c = dimOr(x, 1);
  for (auto [value, what] : {std::pair<Value, StringRef>{getScale(), "scale"},
                             {getBias(), "bias"},
                             {getMean(), "mean"},
                             {getVar(), "var"}})
    if (failed(check1DOfSize(*this, value, c, what)))
      return failure();
  if (getEpsilon().isNegative())
    return nodeError(*this) << "epsilon must not be negative";
  return success();
}

LogicalResult MaxPoolOp::verify() {
  return checkFlag(*this, getStorageOrder(), "storage_order");
}

LogicalResult AveragePoolOp::verify() {
  return checkFlag(*this, getCountIncludePad(), "count_include_pad");
}

LogicalResult GlobalAveragePoolOp::verify() { return success(); }

//===----------------------------------------------------------------------===//
// Reductions and shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  if (failed(checkFlag(*this, getAllowzero(), "allowzero")))
    return failure();
  return check1DIntegers(*this, getShape(), "shape");
}

LogicalResult FlattenOp::verify() { return success(); }
LogicalResult TransposeOp::verify() { return success(); }
LogicalResult ConcatOp::verify() { return success(); }
LogicalResult SqueezeOp::verify() { return success(); }
LogicalResult UnsqueezeOp::verify() { return success(); }

LogicalResult SplitOp::verify() {
  if (!getSplit() && !getNumOutputs())
    return success(); // Type inference reports it.
  int64_t expected =
      getSplit() ? (int64_t)getSplit()->size() : getNumOutputs().value_or(0);
  if ((int64_t)getNumResults() != expected)
    return nodeError(*this)
           << "has " << getNumResults()
           << " results but its split attributes describe " << expected;
  return success();
}

LogicalResult SliceOp::verify() {
  for (auto [value, what] : {std::pair<Value, StringRef>{getStarts(), "starts"},
                             {getEnds(), "ends"},
                             {getAxes(), "axes"},
                             {getSteps(), "steps"}})
    if (value && failed(check1DIntegers(*this, value, what)))
      return failure();
  return success();
}

LogicalResult GatherOp::verify() {
  if (!isIntegerTensor(getIndices()))
    return nodeError(*this) << "indices must be an integer tensor, got "
                            << getIndices().getType();
  MaybeShape data = getShape(getData());
  std::optional<Shape> indices = getConstantInts(getIndices());
  if (!data || !indices)
    return success();
  std::optional<int64_t> axis = normalizeAxis(getAxis(), data->size());
  if (!axis)
    return success(); // Type inference reports it.
  int64_t dim = (*data)[*axis];
  if (isDyn(dim))
    return success();
  for (int64_t index : *indices)
    if (index < -dim || index >= dim)
      return nodeError(*this) << "index " << index
                              << " is out of range for a dim of size " << dim;
  return success();
}

LogicalResult ExpandOp::verify() {
  return check1DIntegers(*this, getShape(), "shape");
}

LogicalResult PadOp::verify() {
  StringRef mode = getMode();
  if (mode != "constant" && mode != "reflect" && mode != "edge" &&
      mode != "wrap")
    return nodeError(*this) << "unknown mode '" << mode
                            << "' (expected constant, reflect, edge or wrap)";
  if (failed(check1DIntegers(*this, getPads(), "pads")))
    return failure();
  if (getAxes() && failed(check1DIntegers(*this, getAxes(), "axes")))
    return failure();
  if (Value value = getConstantValue()) {
    if (!mayBeScalar(value))
      return nodeError(*this) << "constant_value must be a scalar, got shape "
                              << formatShape(getShape(value));
    if (getElementType(value.getType()) != getElementType(getData().getType()))
      return nodeError(*this)
             << "constant_value has element type "
             << getElementType(value.getType()) << " but the data has "
             << getElementType(getData().getType());
  }
  return success();
}

LogicalResult ResizeOp::verify() {
  StringRef mode = getMode();
  if (mode != "nearest" && mode != "linear" && mode != "cubic")
    return nodeError(*this) << "unknown mode '" << mode
                            << "' (expected nearest, linear or cubic)";
  StringRef ctm = getCoordinateTransformationMode();
  if (!llvm::is_contained({"half_pixel", "half_pixel_symmetric",
                           "pytorch_half_pixel", "align_corners", "asymmetric",
                           "tf_crop_and_resize", "tf_half_pixel_for_nn"},
                          ctm))
    return nodeError(*this)
           << "unknown coordinate_transformation_mode '" << ctm << "'";
  StringRef nearest = getNearestMode();
  if (!llvm::is_contained(
          {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"},
          nearest))
    return nodeError(*this) << "unknown nearest_mode '" << nearest << "'";
  StringRef policy = getKeepAspectRatioPolicy();
  if (!llvm::is_contained({"stretch", "not_larger", "not_smaller"}, policy))
    return nodeError(*this)
           << "unknown keep_aspect_ratio_policy '" << policy << "'";
  if (getSizes() && failed(check1DIntegers(*this, getSizes(), "sizes")))
    return failure();
  if (getScales() &&
      !llvm::isa<FloatType>(getElementType(getScales().getType())))
    return nodeError(*this)
           << "scales must be a float tensor, got " << getScales().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Recurrent ops
//===----------------------------------------------------------------------===//

/// The shape checks LSTM and GRU share; `gates` is 4 for LSTM, 3 for GRU.
static LogicalResult verifyRecurrent(Operation *op, Value x, Value w, Value r,
                                     Value b, Value seqLens, Value initialH,
                                     std::optional<ArrayAttr> activations,
                                     StringRef direction, int64_t hidden,
                                     int64_t layout, int64_t gates,
                                     int64_t activationsPerDirection) {
  // Type inference reports a bad direction, hidden_size, layout or X rank.
  std::optional<int64_t> dirsOr = getNumDirections(direction);
  MaybeShape xs = getShape(x);
  if (!dirsOr || hidden <= 0 || (layout != 0 && layout != 1) ||
      (xs && xs->size() != 3))
    return success();
  int64_t dirs = *dirsOr;
  int64_t batch = dimOr(xs, layout ? 0 : 1);
  int64_t input = dimOr(xs, 2);
  if (failed(checkShape(op, w, {dirs, gates * hidden, input}, "W")) ||
      failed(checkShape(op, r, {dirs, gates * hidden, hidden}, "R")))
    return failure();
  if (b && failed(checkShape(op, b, {dirs, 2 * gates * hidden}, "B")))
    return failure();
  if (seqLens) {
    if (!isIntegerTensor(seqLens))
      return nodeError(op) << "sequence_lens must be an integer tensor";
    if (failed(checkShape(op, seqLens, {batch}, "sequence_lens")))
      return failure();
  }
  SmallVector<int64_t> stateShape =
      layout ? SmallVector<int64_t>{batch, dirs, hidden}
             : SmallVector<int64_t>{dirs, batch, hidden};
  if (initialH && failed(checkShape(op, initialH, stateShape, "initial_h")))
    return failure();
  if (activations &&
      (int64_t)activations->size() != activationsPerDirection * dirs)
    return nodeError(op) << "activations has " << activations->size()
                         << " entries but expected "
                         << activationsPerDirection * dirs << " ("
                         << activationsPerDirection << " per direction)";
  if (activations)
    for (Attribute a : *activations) {
      StringRef name = llvm::cast<StringAttr>(a).getValue();
      if (!llvm::is_contained({"Relu", "Tanh", "Sigmoid", "Affine", "LeakyRelu",
                               "ThresholdedRelu", "ScaledTanh", "HardSigmoid",
                               "Elu", "Softsign", "Softplus"},
                              name))
        return nodeError(op) << "unknown activation '" << name << "'";
    }
  return success();
}

LogicalResult LSTMOp::verify() {
  if (failed(verifyRecurrent(*this, getX(), getW(), getR(), getB(),
                             getSequenceLens(), getInitialH(), getActivations(),
                             getDirection(), getHiddenSize(), getLayout(), 4,
                             3)))
    return failure();
  if (failed(checkFlag(*this, getInputForget(), "input_forget")))
    return failure();
  std::optional<int64_t> dirsOr = getNumDirections(getDirection());
  if (!dirsOr || (int64_t)getHiddenSize() <= 0 || getLayout() > 1)
    return success();
  int64_t dirs = *dirsOr;
  int64_t hidden = getHiddenSize();
  MaybeShape xs = getShape(getX());
  int64_t batch = dimOr(xs, getLayout() ? 0 : 1);
  SmallVector<int64_t> stateShape =
      getLayout() ? SmallVector<int64_t>{batch, dirs, hidden}
                  : SmallVector<int64_t>{dirs, batch, hidden};
  if (getInitialC() &&
      failed(checkShape(*this, getInitialC(), stateShape, "initial_c")))
    return failure();
  if (getP() && failed(checkShape(*this, getP(), {dirs, 3 * hidden}, "P")))
    return failure();
  return success();
}

LogicalResult GRUOp::verify() {
  if (failed(checkFlag(*this, getLinearBeforeReset(), "linear_before_reset")))
    return failure();
  return verifyRecurrent(*this, getX(), getW(), getR(), getB(),
                         getSequenceLens(), getInitialH(), getActivations(),
                         getDirection(), getHiddenSize(), getLayout(), 3, 2);
}

LogicalResult RNNOp::verify() {
  return verifyRecurrent(*this, getX(), getW(), getR(), getB(),
                         getSequenceLens(), getInitialH(), getActivations(),
                         getDirection(), getHiddenSize(), getLayout(), 1, 1);
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

/// Checks that `cond` holds one bool.
static LogicalResult checkBoolScalar(Operation *op, Value cond,
                                     StringRef what) {
  if (!getElementType(cond.getType()).isInteger(1))
    return nodeError(op) << what << " must be a bool (i1) tensor, got "
                         << cond.getType();
  if (!mayBeScalar(cond))
    return nodeError(op) << what << " must hold one element, got shape "
                         << formatShape(getShape(cond));
  return success();
}

/// True when a value of type `from` may flow into a slot of type `to`: same
/// element type and compatible shapes.
static bool areCompatible(Type from, Type to) {
  if (from == to)
    return true;
  auto a = llvm::dyn_cast<TensorType>(from);
  auto b = llvm::dyn_cast<TensorType>(to);
  return a && b && a.getElementType() == b.getElementType() &&
         succeeded(verifyCompatibleShape(a, b));
}

LogicalResult IfOp::verify() {
  if (failed(checkBoolScalar(*this, getCond(), "cond")))
    return failure();
  for (auto [region, name] :
       {std::pair<Region *, StringRef>{&getThenBranch(), "then_branch"},
        {&getElseBranch(), "else_branch"}}) {
    Block &block = region->front();
    auto yield =
        block.empty() ? YieldOp() : llvm::dyn_cast<YieldOp>(block.back());
    if (!yield)
      return nodeError(*this) << name << " must end in graph.yield";
    if (yield.getNumOperands() != getNumResults())
      return nodeError(*this)
             << name << " yields " << yield.getNumOperands()
             << " values but the op has " << getNumResults() << " results";
    for (auto [i, types] : llvm::enumerate(
             llvm::zip(yield.getOperandTypes(), getResultTypes()))) {
      auto [yielded, result] = types;
      if (getElementType(yielded) != getElementType(result))
        return nodeError(*this)
               << name << " yields " << yielded << " for result " << i
               << " of type " << result << " (element types differ)";
    }
  }
  return success();
}

LogicalResult LoopOp::verify() {
  if (Value max = getMaxTripCount()) {
    if (!getElementType(max.getType()).isInteger(64) || !mayBeScalar(max))
      return nodeError(*this)
             << "max_trip_count must be an i64 scalar, got " << max.getType();
  }
  if (Value cond = getCond())
    if (failed(checkBoolScalar(*this, cond, "cond")))
      return failure();
  Block &body = getBody().front();
  size_t carried = getVInitial().size();
  if (body.getNumArguments() != carried + 2)
    return nodeError(*this) << "body has " << body.getNumArguments()
                            << " arguments but expected " << carried + 2
                            << " (iteration number, condition, and " << carried
                            << " loop-carried values)";
  if (!getElementType(body.getArgument(0).getType()).isInteger(64))
    return nodeError(*this)
           << "body argument 0 (the iteration number) must "
           << "be an i64 tensor, got " << body.getArgument(0).getType();
  if (!getElementType(body.getArgument(1).getType()).isInteger(1))
    return nodeError(*this) << "body argument 1 (the condition) must be an i1 "
                            << "tensor, got " << body.getArgument(1).getType();
  auto yield = body.empty() ? YieldOp() : llvm::dyn_cast<YieldOp>(body.back());
  if (!yield)
    return nodeError(*this) << "body must end in graph.yield";
  if (yield.getNumOperands() < carried + 1)
    return nodeError(*this)
           << "body yields " << yield.getNumOperands()
           << " values but needs at least " << carried + 1
           << " (the condition and " << carried << " loop-carried values)";
  if (!getElementType(yield.getOperand(0).getType()).isInteger(1))
    return nodeError(*this) << "body must yield the next condition (i1) "
                            << "first, got " << yield.getOperand(0).getType();
  size_t scans = yield.getNumOperands() - 1 - carried;
  if (getNumResults() != carried + scans)
    return nodeError(*this)
           << "has " << getNumResults() << " results but the body yields "
           << carried << " loop-carried values and " << scans
           << " scan outputs";
  for (size_t i = 0; i < carried; ++i) {
    Type init = getVInitial()[i].getType();
    Type arg = body.getArgument(i + 2).getType();
    Type next = yield.getOperand(i + 1).getType();
    Type result = getResult(i).getType();
    if (!areCompatible(init, arg) || !areCompatible(next, arg) ||
        getElementType(result) != getElementType(init))
      return nodeError(*this)
             << "loop-carried value " << i << " has inconsistent types: "
             << "initial " << init << ", body argument " << arg << ", yielded "
             << next << ", result " << result;
  }
  for (size_t i = 0; i < scans; ++i) {
    Type yielded = yield.getOperand(1 + carried + i).getType();
    Type result = getResult(carried + i).getType();
    if (getElementType(yielded) != getElementType(result))
      return nodeError(*this) << "scan output " << i << " yields " << yielded
                              << " but the result is " << result;
  }
  return success();
}

#define GET_OP_CLASSES
#include "dialects/graph/GraphOps.cpp.inc"
