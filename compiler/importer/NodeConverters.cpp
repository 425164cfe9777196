//===- NodeConverters.cpp - ONNX operators onto graph ops -----------------===//
//
// One converter per operator family. Each maps every opset version of its
// operator (kMinSupportedOpset..kMaxSupportedOpset) onto the one normalized
// graph op: attributes that later opsets turned into inputs become the same
// operand or attribute, whatever the version. `consumed_inputs` (opsets 1 to
// 5) only told old runtimes which buffers they could reuse and is ignored.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/LegacyOpsets.h"
#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/TensorConversion.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

using Attrs = llvm::SmallVector<NamedAttribute>;

Type elementTypeOf(Value v) {
  return llvm::cast<TensorType>(v.getType()).getElementType();
}

/// A value is "given" when present and not an empty constant (opset-11
/// Resize passes empty tensors for inputs it does not use).
Value unlessEmptyConstant(Value v) {
  if (!v)
    return v;
  if (auto c = v.getDefiningOp<ConstantOp>())
    if (auto t = llvm::dyn_cast<ShapedType>(c.getType());
        t && t.hasStaticShape() && t.getNumElements() == 0)
      return {};
  return v;
}

int32_t present(Value v) { return v ? 1 : 0; }

} // namespace

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult convertUnary(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (n.failed())
    return failure();
  llvm::StringRef t = n.opType;
  if (t == "Abs")
    return emit<AbsOp>(n, x);
  if (t == "Erf")
    return emit<ErfOp>(n, x);
  if (t == "Exp")
    return emit<ExpOp>(n, x);
  if (t == "HardSwish")
    return emit<HardSwishOp>(n, x);
  if (t == "Identity")
    return emit<IdentityOp>(n, x);
  if (t == "Log")
    return emit<LogOp>(n, x);
  if (t == "Neg")
    return emit<NegOp>(n, x);
  if (t == "Not")
    return emit<NotOp>(n, x);
  if (t == "Relu")
    return emit<ReluOp>(n, x);
  if (t == "Sigmoid")
    return emit<SigmoidOp>(n, x);
  if (t == "Sqrt")
    return emit<SqrtOp>(n, x);
  if (t == "Tanh")
    return emit<TanhOp>(n, x);
  return n.fail("operator is not supported");
}

LogicalResult convertBinary(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value a = n.requiredInput(0), b = n.requiredInput(1);
  if (n.failed())
    return failure();
  b = legacyBroadcastOperand(n, a, b);
  if (!b)
    return failure();
  llvm::StringRef t = n.opType;
  if (t == "Add")
    return emit<AddOp>(n, {a, b});
  if (t == "Sub")
    return emit<SubOp>(n, {a, b});
  if (t == "Mul")
    return emit<MulOp>(n, {a, b});
  if (t == "Div")
    return emit<DivOp>(n, {a, b});
  if (t == "Pow")
    return emit<PowOp>(n, {a, b});
  if (t == "Equal")
    return emit<EqualOp>(n, {a, b});
  if (t == "Greater")
    return emit<GreaterOp>(n, {a, b});
  if (t == "GreaterOrEqual")
    return emit<GreaterOrEqualOp>(n, {a, b});
  if (t == "Less")
    return emit<LessOp>(n, {a, b});
  return n.fail("operator is not supported");
}

LogicalResult convertVariadic(NodeImporter &n) {
  if (!n.checkArity(1, INT32_MAX, 1, 1))
    return failure();
  llvm::SmallVector<Value> inputs;
  for (unsigned i = 0; i < n.numInputs(); ++i)
    inputs.push_back(n.requiredInput(i));
  if (n.failed())
    return failure();
  if (n.opType == "Max")
    return emit<MaxOp>(n, inputs);
  return emit<MinOp>(n, inputs);
}

LogicalResult convertLeakyRelu(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Attrs attrs;
  n.copyFloatAttr(attrs, "alpha");
  return emit<LeakyReluOp>(n, x, attrs);
}

LogicalResult convertHardSigmoid(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Attrs attrs;
  n.copyFloatAttr(attrs, "alpha");
  n.copyFloatAttr(attrs, "beta");
  return emit<HardSigmoidOp>(n, x, attrs);
}

LogicalResult convertClip(NodeImporter &n) {
  Value x, lo, hi;
  if (n.opset < 11) {
    // Clip-6: bounds are attributes; absent means unbounded.
    if (!n.checkArity(1, 1, 1, 1))
      return failure();
    x = n.requiredInput(0);
    std::optional<float> min = n.floatAttr("min"), max = n.floatAttr("max");
    if (n.failed())
      return failure();
    if (min)
      lo = n.constantScalar(elementTypeOf(x), *min);
    if (max)
      hi = n.constantScalar(elementTypeOf(x), *max);
  } else {
    if (!n.checkArity(1, 3, 1, 1))
      return failure();
    x = n.requiredInput(0);
    lo = n.input(1);
    hi = n.input(2);
  }
  if (n.failed())
    return failure();
  llvm::SmallVector<Value> operands{x};
  if (lo)
    operands.push_back(lo);
  if (hi)
    operands.push_back(hi);
  return emit<ClipOp>(n, operands, {}, 1, {1, present(lo), present(hi)});
}

LogicalResult convertCast(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  std::optional<int64_t> to = castTargetType(n);
  if (n.failed())
    return failure();
  if (!to)
    return n.fail("attribute 'to' is required");
  Type type = convertElementType(*to, n.getContext());
  if (!type)
    return n.fail("cast to " + onnxTypeName(*to) + " is not supported");
  return emit<CastOp>(n, x,
                      {n.builder.getNamedAttr("to", TypeAttr::get(type))});
}

LogicalResult convertWhere(NodeImporter &n) {
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value c = n.requiredInput(0), x = n.requiredInput(1), y = n.requiredInput(2);
  if (n.failed())
    return failure();
  return emit<WhereOp>(n, {c, x, y});
}

//===----------------------------------------------------------------------===//
// Convolution, linear algebra, normalization, pooling
//===----------------------------------------------------------------------===//

LogicalResult convertConv(NodeImporter &n) {
  if (!n.checkArity(2, 3, 1, 1))
    return failure();
  llvm::SmallVector<Value> operands{n.requiredInput(0), n.requiredInput(1)};
  if (Value b = n.input(2))
    operands.push_back(b);
  Attrs attrs;
  n.copyConvAttrs(attrs);
  return emit<ConvOp>(n, operands, attrs);
}

LogicalResult convertConvTranspose(NodeImporter &n) {
  if (!n.checkArity(2, 3, 1, 1))
    return failure();
  llvm::SmallVector<Value> operands{n.requiredInput(0), n.requiredInput(1)};
  if (Value b = n.input(2))
    operands.push_back(b);
  Attrs attrs;
  n.copyStringAttr(attrs, "auto_pad");
  n.copyIntsAttr(attrs, "dilations");
  n.copyIntAttr(attrs, "group");
  n.copyIntsAttr(attrs, "kernel_shape");
  n.copyIntsAttr(attrs, "output_padding");
  n.copyIntsAttr(attrs, "output_shape");
  n.copyIntsAttr(attrs, "pads");
  n.copyIntsAttr(attrs, "strides");
  return emit<ConvTransposeOp>(n, operands, attrs);
}

LogicalResult convertGemm(NodeImporter &n) {
  if (!n.checkArity(2, 3, 1, 1))
    return failure();
  // Before opset 7 `broadcast = 0` only asserted that C is M x N, which
  // unidirectional broadcasting computes the same way.
  llvm::SmallVector<Value> operands{n.requiredInput(0), n.requiredInput(1)};
  if (Value c = n.input(2))
    operands.push_back(c);
  Attrs attrs;
  n.copyFloatAttr(attrs, "alpha");
  n.copyFloatAttr(attrs, "beta");
  n.copyIntAttr(attrs, "transA");
  n.copyIntAttr(attrs, "transB");
  return emit<GemmOp>(n, operands, attrs);
}

LogicalResult convertMatMul(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value a = n.requiredInput(0), b = n.requiredInput(1);
  if (n.failed())
    return failure();
  return emit<MatMulOp>(n, {a, b});
}

LogicalResult convertBatchNormalization(NodeImporter &n) {
  if (!n.checkArity(5, 5, 1, 5))
    return failure();
  // Before opset 7 `is_test` defaults to 0, training with batch statistics.
  if (n.opset < 7 && n.intAttr("is_test", 0) == 0)
    return n.fail("is_test = 0 (training mode, the default before opset 7) "
                  "is not supported; export the model for inference");
  if (n.opset >= 14 && n.intAttr("training_mode", 0) != 0)
    return n.fail("training mode is not supported; export the model for "
                  "inference");
  for (unsigned i = 1; i < n.numOutputs(); ++i)
    if (n.isOutputUsed(i))
      return n.fail("training outputs (running or saved mean and variance) "
                    "are not supported; output '" +
                    n.node.output(i) + "' is used");
  // spatial = 0 keeps statistics per activation (C x D1 x ... x Dn); with
  // per-channel (1-D) statistics it computes what spatial = 1 does.
  if (n.opset < 9 && n.intAttr("spatial", 1) == 0) {
    Value scale = n.requiredInput(1);
    if (n.failed())
      return failure();
    auto type = llvm::dyn_cast<RankedTensorType>(scale.getType());
    if (!type || type.getRank() != 1)
      return convertPerActivationBatchNorm(n);
  }
  llvm::SmallVector<Value> operands;
  for (unsigned i = 0; i < 5; ++i)
    operands.push_back(n.requiredInput(i));
  Attrs attrs;
  n.copyFloatAttr(attrs, "epsilon");
  n.copyFloatAttr(attrs, "momentum");
  Operation *op = n.create<BatchNormalizationOp>(operands, attrs);
  if (!op)
    return failure();
  n.setOutput(0, op->getResult(0));
  return success();
}

LogicalResult convertMaxPool(NodeImporter &n) {
  // The Indices output exists from opset 8.
  if (!n.checkArity(1, 1, 1, n.opset >= 8 ? 2 : 1))
    return failure();
  Value x = n.requiredInput(0);
  if (!n.hasAttr("kernel_shape"))
    return n.fail("attribute 'kernel_shape' is required");
  // The window attributes; storage_order only orders the indices.
  Attrs window;
  n.copyStringAttr(window, "auto_pad");
  n.copyIntsAttr(window, "dilations");
  n.copyIntsAttr(window, "kernel_shape");
  n.copyIntsAttr(window, "pads");
  n.copyIntsAttr(window, "strides");
  Attrs attrs(window);
  n.copyIntAttr(attrs, "ceil_mode");
  Operation *op = n.create<MaxPoolOp>(x, attrs);
  if (!op)
    return failure();
  n.setOutput(0, op->getResult(0));
  if (n.isOutputUsed(1)) {
    n.copyIntAttr(window, "storage_order");
    Operation *indices =
        n.create<MaxPoolIndicesOp>({x, op->getResult(0)}, window);
    if (!indices)
      return failure();
    n.setOutput(1, indices->getResult(0));
  }
  return success();
}

LogicalResult convertAveragePool(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (!n.hasAttr("kernel_shape"))
    return n.fail("attribute 'kernel_shape' is required");
  Attrs attrs;
  n.copyStringAttr(attrs, "auto_pad");
  n.copyIntAttr(attrs, "ceil_mode");
  n.copyIntAttr(attrs, "count_include_pad");
  n.copyIntsAttr(attrs, "dilations");
  n.copyIntsAttr(attrs, "kernel_shape");
  n.copyIntsAttr(attrs, "pads");
  n.copyIntsAttr(attrs, "strides");
  return emit<AveragePoolOp>(n, x, attrs);
}

LogicalResult convertGlobalAveragePool(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  return emit<GlobalAveragePoolOp>(n, x);
}

LogicalResult convertSoftmax(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  int64_t axis = n.intAttr("axis", n.opset >= 13 ? -1 : 1);
  if (n.failed())
    return failure();
  auto axisAttr = [&](int64_t a) {
    return n.builder.getNamedAttr("axis", n.builder.getI64IntegerAttr(a));
  };
  auto type = llvm::cast<TensorType>(x.getType());
  // Softmax over one axis, or LogSoftmax (no graph op: its decomposition).
  auto normalizeOver = [&](Value input, int64_t a) -> Value {
    if (n.opType == "LogSoftmax") {
      auto inputType = llvm::cast<TensorType>(input.getType());
      if (inputType.hasRank())
        a = normalizeAxis(a, inputType.getRank()).value_or(a);
      return emitLogSoftmax(n, input, a);
    }
    Operation *op = n.create<SoftmaxOp>(input, {axisAttr(a)});
    return op ? op->getResult(0) : Value();
  };
  auto bind = [&](Value result) {
    if (!result)
      return failure();
    n.setOutput(0, result);
    return success();
  };
  if (n.opset >= 13)
    return bind(normalizeOver(x, axis));
  // Before opset 13 (Log)Softmax coerces the input to 2-D at `axis` and
  // normalizes over everything from `axis` on. That is the one-axis form
  // when `axis` is the last dim; otherwise flatten, normalize, reshape back.
  if (type.hasRank()) {
    std::optional<int64_t> normalized = normalizeAxis(axis, type.getRank());
    if (!normalized)
      return n.fail("axis " + llvm::Twine(axis) + " is out of range for rank " +
                    llvm::Twine(type.getRank()));
    if (*normalized == type.getRank() - 1)
      return bind(normalizeOver(x, *normalized));
  }
  Operation *flat = n.create<FlattenOp>(x, {axisAttr(axis)});
  if (!flat)
    return failure();
  Value normalized = normalizeOver(flat->getResult(0), 1);
  if (!normalized)
    return failure();
  Operation *shape = n.create<ShapeOp>(x);
  if (!shape)
    return failure();
  return emit<ReshapeOp>(n, {normalized, shape->getResult(0)});
}

LogicalResult convertDropout(NodeImporter &n) {
  if (!n.checkArity(1, n.opset >= 12 ? 3 : 1, 1, 2))
    return failure();
  // Before opset 7 `is_test` defaults to 0, training (random zeroing).
  if (n.opset < 7 && n.intAttr("is_test", 0) == 0)
    return n.fail("is_test = 0 (training mode, the default before opset 7) "
                  "is not supported; export the model for inference");
  if (n.hasInput(2)) {
    std::optional<llvm::SmallVector<int64_t>> training =
        n.constantIntsInput(2, "training_mode");
    if (n.failed())
      return failure();
    if (training && llvm::any_of(*training, [](int64_t v) { return v != 0; }))
      return n.fail("training mode is not supported; export the model for "
                    "inference");
  }
  Value x = n.requiredInput(0);
  if (n.failed())
    return failure();
  Operation *op = n.create<DropoutOp>(x);
  if (!op)
    return failure();
  n.setOutput(0, op->getResult(0));
  if (n.isOutputUsed(1)) {
    Value mask = inferenceDropoutMask(n, x);
    if (!mask)
      return failure();
    n.setOutput(1, mask);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Shapes and data movement
//===----------------------------------------------------------------------===//

LogicalResult convertReshape(NodeImporter &n) {
  if (n.opset < 5) {
    // Reshape-1: the shape is an attribute.
    if (!n.checkArity(1, 1, 1, 1))
      return failure();
    Value data = n.requiredInput(0);
    std::optional<llvm::SmallVector<int64_t>> shape = n.intsAttr("shape");
    if (n.failed())
      return failure();
    if (!shape)
      return n.fail("attribute 'shape' is required");
    return emit<ReshapeOp>(n, {data, n.constantI64(*shape)});
  }
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value data = n.requiredInput(0), shape = n.requiredInput(1);
  Attrs attrs;
  n.copyIntAttr(attrs, "allowzero");
  return emit<ReshapeOp>(n, {data, shape}, attrs);
}

LogicalResult convertFlatten(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  return emit<FlattenOp>(n, x, attrs);
}

LogicalResult convertTranspose(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Attrs attrs;
  n.copyIntsAttr(attrs, "perm");
  return emit<TransposeOp>(n, x, attrs);
}

LogicalResult convertConcat(NodeImporter &n) {
  if (!n.checkArity(1, INT32_MAX, 1, 1))
    return failure();
  llvm::SmallVector<Value> inputs;
  for (unsigned i = 0; i < n.numInputs(); ++i)
    inputs.push_back(n.requiredInput(i));
  // Concat-1 concatenates along axis 1 by default.
  if (!n.hasAttr("axis") && n.opset >= 4)
    return n.fail("attribute 'axis' is required");
  Attrs attrs{n.builder.getNamedAttr(
      "axis", n.builder.getI64IntegerAttr(n.intAttr("axis", 1)))};
  if (n.failed())
    return failure();
  return emit<ConcatOp>(n, inputs, attrs);
}

LogicalResult convertSplit(NodeImporter &n) {
  // Split-1 takes the sizes as an optional input or attribute.
  bool splitAsInput = n.opset >= 13 || (n.opset < 2 && n.hasInput(1));
  if (!n.checkArity(1, n.opset >= 13 || n.opset < 2 ? 2 : 1, 1, INT32_MAX))
    return failure();
  if (splitAsInput && n.opset < 2 && n.hasAttr("split"))
    return n.fail("'split' is given both as an input and as an attribute");
  Value x = n.requiredInput(0);
  std::optional<llvm::SmallVector<int64_t>> split =
      splitAsInput ? n.constantIntsInput(1, "split") : n.intsAttr("split");
  if (split && split->empty())
    split.reset();
  if (n.opset >= 18) {
    std::optional<int64_t> numOutputs = n.intAttr("num_outputs");
    if (numOutputs && split)
      return n.fail("'split' and 'num_outputs' are both given");
    if (numOutputs && *numOutputs != (int64_t)n.numOutputs())
      return n.fail("num_outputs is " + llvm::Twine(*numOutputs) +
                    " but the node has " + llvm::Twine(n.numOutputs()) +
                    " outputs");
  }
  if (split && split->size() != n.numOutputs())
    return n.fail("'split' has " + llvm::Twine(split->size()) +
                  " sizes but the node has " + llvm::Twine(n.numOutputs()) +
                  " outputs");
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  if (split)
    attrs.push_back(n.builder.getNamedAttr(
        "split", n.builder.getDenseI64ArrayAttr(*split)));
  else
    attrs.push_back(n.builder.getNamedAttr(
        "num_outputs", n.builder.getI64IntegerAttr(n.numOutputs())));
  if (n.failed())
    return failure();
  return emit<SplitOp>(n, x, attrs, n.numOutputs());
}

LogicalResult convertSlice(NodeImporter &n) {
  Value data, starts, ends, axes, steps;
  if (n.opset < 10) {
    // Slice-1: starts, ends and axes are attributes.
    if (!n.checkArity(1, 1, 1, 1))
      return failure();
    data = n.requiredInput(0);
    auto startsAttr = n.intsAttr("starts"), endsAttr = n.intsAttr("ends"),
         axesAttr = n.intsAttr("axes");
    if (n.failed())
      return failure();
    if (!startsAttr || !endsAttr)
      return n.fail("attributes 'starts' and 'ends' are required");
    starts = n.constantI64(*startsAttr);
    ends = n.constantI64(*endsAttr);
    if (axesAttr)
      axes = n.constantI64(*axesAttr);
  } else {
    if (!n.checkArity(3, 5, 1, 1))
      return failure();
    data = n.requiredInput(0);
    starts = n.requiredInput(1);
    ends = n.requiredInput(2);
    axes = n.input(3);
    steps = n.input(4);
  }
  if (n.failed())
    return failure();
  llvm::SmallVector<Value> operands{data, starts, ends};
  if (axes)
    operands.push_back(axes);
  if (steps)
    operands.push_back(steps);
  return emit<SliceOp>(n, operands, {}, 1,
                       {1, 1, 1, present(axes), present(steps)});
}

LogicalResult convertGather(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value data = n.requiredInput(0), indices = n.requiredInput(1);
  Attrs attrs;
  n.copyIntAttr(attrs, "axis");
  return emit<GatherOp>(n, {data, indices}, attrs);
}

LogicalResult convertSqueeze(NodeImporter &n) {
  bool axesAsInput = n.opset >= 13;
  if (!n.checkArity(1, axesAsInput ? 2 : 1, 1, 1))
    return failure();
  Value data = n.requiredInput(0);
  std::optional<llvm::SmallVector<int64_t>> axes =
      axesAsInput ? n.constantIntsInput(1, "axes") : n.intsAttr("axes");
  Attrs attrs;
  if (axes)
    attrs.push_back(
        n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr(*axes)));
  if (n.failed())
    return failure();
  return emit<SqueezeOp>(n, data, attrs);
}

LogicalResult convertUnsqueeze(NodeImporter &n) {
  bool axesAsInput = n.opset >= 13;
  if (!n.checkArity(axesAsInput ? 2 : 1, axesAsInput ? 2 : 1, 1, 1))
    return failure();
  Value data = n.requiredInput(0);
  std::optional<llvm::SmallVector<int64_t>> axes =
      axesAsInput ? n.constantIntsInput(1, "axes") : n.intsAttr("axes");
  if (n.failed())
    return failure();
  if (!axes)
    return n.fail("attribute 'axes' is required");
  return emit<UnsqueezeOp>(
      n, data,
      {n.builder.getNamedAttr("axes", n.builder.getDenseI64ArrayAttr(*axes))});
}

LogicalResult convertShape(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value data = n.requiredInput(0);
  Attrs attrs;
  n.copyIntAttr(attrs, "start");
  n.copyIntAttr(attrs, "end");
  return emit<ShapeOp>(n, data, attrs);
}

LogicalResult convertSize(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value data = n.requiredInput(0);
  return emit<SizeOp>(n, data);
}

LogicalResult convertConstantOfShape(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value shape = n.requiredInput(0);
  Attrs attrs;
  if (const onnx::TensorProto *value = n.tensorAttr("value")) {
    FailureOr<DenseElementsAttr> attr =
        convertTensor(*value, n.graph.model.modelDir, n.loc,
                      "node '" + n.name +
                          "' (ConstantOfShape): attribute "
                          "'value'");
    if (failed(attr))
      return failure();
    attrs.push_back(n.builder.getNamedAttr("value", *attr));
  }
  if (n.failed())
    return failure();
  return emit<ConstantOfShapeOp>(n, shape, attrs);
}

LogicalResult convertExpand(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value x = n.requiredInput(0), shape = n.requiredInput(1);
  return emit<ExpandOp>(n, {x, shape});
}

LogicalResult convertPad(NodeImporter &n) {
  Value data, pads, value, axes;
  if (n.opset < 11) {
    // Pad-2: pads and the constant value are attributes (Pad-1 calls the
    // pads `paddings`).
    if (!n.checkArity(1, 1, 1, 1))
      return failure();
    data = n.requiredInput(0);
    llvm::StringRef padsName = n.opset < 2 ? "paddings" : "pads";
    std::optional<llvm::SmallVector<int64_t>> padsAttr = n.intsAttr(padsName);
    float constant = n.floatAttr("value").value_or(0.0f);
    if (n.failed())
      return failure();
    if (!padsAttr)
      return n.fail("attribute '" + padsName + "' is required");
    pads = n.constantI64(*padsAttr);
    if (constant != 0.0f)
      value = n.constantScalar(elementTypeOf(data), constant);
  } else {
    if (!n.checkArity(2, n.opset >= 18 ? 4 : 3, 1, 1))
      return failure();
    data = n.requiredInput(0);
    pads = n.requiredInput(1);
    value = n.input(2);
    axes = n.input(3);
  }
  Attrs attrs;
  n.copyStringAttr(attrs, "mode");
  if (n.failed())
    return failure();
  llvm::SmallVector<Value> operands{data, pads};
  if (value)
    operands.push_back(value);
  if (axes)
    operands.push_back(axes);
  return emit<PadOp>(n, operands, attrs, 1,
                     {1, 1, present(value), present(axes)});
}

namespace {

/// Creates graph.resize; `roi`, `scales`, `sizes` may be null.
LogicalResult emitResize(NodeImporter &n, Value x, Value roi, Value scales,
                         Value sizes, Attrs &attrs) {
  if (n.failed())
    return failure();
  if (!scales == !sizes)
    return n.fail(scales ? "both 'scales' and 'sizes' are given"
                         : "one of 'scales' and 'sizes' is required");
  llvm::SmallVector<Value> operands{x};
  for (Value v : {roi, scales, sizes})
    if (v)
      operands.push_back(v);
  return emit<ResizeOp>(n, operands, attrs, 1,
                        {1, present(roi), present(scales), present(sizes)});
}

/// Upsample and Resize-10 sample like Resize's asymmetric transform with
/// floor rounding ("linear" may be spelled bilinear/trilinear before 10).
void addLegacyResizeAttrs(NodeImporter &n, Attrs &attrs) {
  std::string mode = n.stringAttr("mode").value_or("nearest");
  if (mode == "bilinear" || mode == "trilinear")
    mode = "linear";
  attrs.push_back(
      n.builder.getNamedAttr("mode", n.builder.getStringAttr(mode)));
  attrs.push_back(n.builder.getNamedAttr(
      "coordinate_transformation_mode", n.builder.getStringAttr("asymmetric")));
  attrs.push_back(
      n.builder.getNamedAttr("nearest_mode", n.builder.getStringAttr("floor")));
}

} // namespace

LogicalResult convertResize(NodeImporter &n) {
  Attrs attrs;
  if (n.opset < 11) {
    if (!n.checkArity(2, 2, 1, 1))
      return failure();
    addLegacyResizeAttrs(n, attrs);
    return emitResize(n, n.requiredInput(0), {}, n.requiredInput(1), {}, attrs);
  }
  if (!n.checkArity(n.opset >= 13 ? 1 : 3, 4, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  Value roi = unlessEmptyConstant(n.input(1));
  Value scales = unlessEmptyConstant(n.input(2));
  Value sizes = unlessEmptyConstant(n.input(3));
  std::string transform =
      n.stringAttr("coordinate_transformation_mode").value_or("half_pixel");
  if (transform != "tf_crop_and_resize")
    roi = {}; // only that mode reads it
  if (n.opset >= 18 && n.intAttr("antialias", 0) != 0)
    return n.fail("antialias is not supported");
  n.copyStringAttr(attrs, "mode");
  n.copyStringAttr(attrs, "coordinate_transformation_mode");
  n.copyStringAttr(attrs, "nearest_mode");
  n.copyFloatAttr(attrs, "cubic_coeff_a");
  n.copyIntAttr(attrs, "exclude_outside");
  n.copyFloatAttr(attrs, "extrapolation_value");
  if (n.opset >= 18) {
    n.copyIntsAttr(attrs, "axes");
    n.copyStringAttr(attrs, "keep_aspect_ratio_policy");
  }
  return emitResize(n, x, roi, scales, sizes, attrs);
}

LogicalResult convertUpsample(NodeImporter &n) {
  Attrs attrs;
  addLegacyResizeAttrs(n, attrs);
  if (n.opset < 9) {
    // Upsample-7: scales is an attribute; Upsample-1 scales the two inner
    // dims of a 4-D input by height_scale and width_scale.
    if (!n.checkArity(1, 1, 1, 1))
      return failure();
    Value x = n.requiredInput(0);
    std::optional<llvm::SmallVector<float>> scales;
    if (n.opset < 7) {
      std::optional<float> height = n.floatAttr("height_scale"),
                           width = n.floatAttr("width_scale");
      if (height && width)
        scales = llvm::SmallVector<float>{1.0f, 1.0f, *height, *width};
      else if (!n.failed())
        return n.fail("attributes 'height_scale' and 'width_scale' are "
                      "required");
    } else {
      scales = n.floatsAttr("scales");
    }
    if (n.failed())
      return failure();
    if (!scales)
      return n.fail("attribute 'scales' is required");
    auto type = RankedTensorType::get({(int64_t)scales->size()},
                                      n.builder.getF32Type());
    Value scalesValue = n.constant(
        DenseElementsAttr::get(type, llvm::ArrayRef<float>(*scales)));
    return emitResize(n, x, {}, scalesValue, {}, attrs);
  }
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  return emitResize(n, n.requiredInput(0), {}, n.requiredInput(1), {}, attrs);
}

LogicalResult convertConstant(NodeImporter &n) {
  if (!n.checkArity(0, 0, 1, 1))
    return failure();
  if (n.node.attribute_size() != 1)
    return n.fail("needs exactly one value attribute, has " +
                  llvm::Twine(n.node.attribute_size()));
  llvm::StringRef kind = n.node.attribute(0).name();
  Builder &b = n.builder;
  DenseElementsAttr value;
  if (kind == "value") {
    const onnx::TensorProto *tensor = n.tensorAttr("value");
    if (!tensor)
      return failure();
    FailureOr<DenseElementsAttr> attr =
        convertTensor(*tensor, n.graph.model.modelDir, n.loc,
                      "node '" + n.name + "' (Constant): attribute 'value'");
    if (failed(attr))
      return failure();
    value = *attr;
  } else if (kind == "value_float") {
    std::optional<float> v = n.floatAttr(kind);
    if (!v)
      return failure();
    value =
        DenseElementsAttr::get(RankedTensorType::get({}, b.getF32Type()), *v);
  } else if (kind == "value_floats") {
    std::optional<llvm::SmallVector<float>> v = n.floatsAttr(kind);
    if (!v)
      return failure();
    value = DenseElementsAttr::get(
        RankedTensorType::get({(int64_t)v->size()}, b.getF32Type()),
        llvm::ArrayRef<float>(*v));
  } else if (kind == "value_int") {
    std::optional<int64_t> v = n.intAttr(kind);
    if (!v)
      return failure();
    value =
        DenseElementsAttr::get(RankedTensorType::get({}, b.getI64Type()), *v);
  } else if (kind == "value_ints") {
    std::optional<llvm::SmallVector<int64_t>> v = n.intsAttr(kind);
    if (!v)
      return failure();
    value = DenseElementsAttr::get(
        RankedTensorType::get({(int64_t)v->size()}, b.getI64Type()),
        llvm::ArrayRef<int64_t>(*v));
  } else if (kind == "value_string" || kind == "value_strings") {
    return n.fail("string constants are not supported");
  } else if (kind == "sparse_value") {
    return n.fail("sparse constants are not supported");
  } else {
    return n.fail("unknown attribute '" + kind + "'");
  }
  n.setOutput(0, n.constant(value));
  return success();
}

} // namespace weft::importer
