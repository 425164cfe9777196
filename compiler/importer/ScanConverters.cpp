//===- ScanConverters.cpp - Scan as graph.loop ----------------------------===//
//
// ONNX Scan is a Loop whose trip count is the scan inputs' length: it is
// imported as graph.loop with a constant max_trip_count and no condition.
// The body's scan-input arguments become graph.gather ops that read element
// `i` (or `T - 1 - i` in reverse) of the scan inputs along their scan axis;
// the scan outputs, which graph.loop stacks along a new leading dim, are
// moved to their scan_output_axes and reversed where
// scan_output_directions asks.
//
// Opset 8's Scan has a leading batch dim on every state and scan input (the
// scan axis is 1) and an optional sequence_lens; each batch entry gets its
// own loop (the batch dim must be static) and the results are stacked
// again. sequence_lens must be absent or a constant equal to the full
// length for every entry.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

/// The ranked type of `value` or null (an error has been emitted).
RankedTensorType requireRanked(NodeImporter &n, Value value,
                               llvm::StringRef what) {
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    (void)n.fail(what + llvm::Twine(" must have a known rank"));
  return type;
}

/// What one Scan (or one batch entry of an opset-8 Scan) loops over.
struct ScanSpec {
  llvm::SmallVector<Value> states;
  llvm::SmallVector<Value> inputs;
  llvm::SmallVector<int64_t> inputAxes;
  llvm::SmallVector<bool> inputReversed;
  llvm::SmallVector<int64_t> outputAxes;
  llvm::SmallVector<bool> outputReversed;
};

Value createOne(NodeImporter &n, Operation *op) {
  return op ? op->getResult(0) : Value();
}

/// Reverses `value` along `axis` (a slice with step -1).
Value reverseAxis(NodeImporter &n, Value value, int64_t axis) {
  Value starts = n.constantI64({-1});
  Value ends = n.constantI64({INT64_MIN});
  Value axes = n.constantI64({axis});
  Value steps = n.constantI64({-1});
  return createOne(n, n.create<SliceOp>({value, starts, ends, axes, steps}, {},
                                        1, {1, 1, 1, 1, 1}));
}

/// Moves dim 0 of `value` (rank `rank`) to `axis`.
Value moveLeadingDim(NodeImporter &n, Value value, int64_t rank, int64_t axis) {
  llvm::SmallVector<int64_t> perm;
  for (int64_t d = 1; d <= axis; ++d)
    perm.push_back(d);
  perm.push_back(0);
  for (int64_t d = axis + 1; d < rank; ++d)
    perm.push_back(d);
  return createOne(
      n, n.create<TransposeOp>(
             value, {n.builder.getNamedAttr(
                        "perm", n.builder.getDenseI64ArrayAttr(perm))}));
}

/// Replaces the body's scan-input arguments (after the states) by gathers
/// of element `i` of the scan inputs, and adds the loop's iteration-number
/// and condition arguments in front.
LogicalResult rewriteBodyArguments(NodeImporter &n, Block &block,
                                   const ScanSpec &spec, int64_t length) {
  Location loc = n.loc;
  MLIRContext *ctx = n.getContext();
  Value iter = block.insertArgument(
      0u, RankedTensorType::get({}, IntegerType::get(ctx, 64)), loc);
  Value cond = block.insertArgument(
      1u, RankedTensorType::get({}, IntegerType::get(ctx, 1)), loc);
  OpBuilder::InsertionGuard guard(n.builder);
  n.builder.setInsertionPointToStart(&block);
  unsigned first = 2 + spec.states.size();
  Value reversedIter;
  for (auto [j, input] : llvm::enumerate(spec.inputs)) {
    Value index = iter;
    if (spec.inputReversed[j]) {
      if (!reversedIter)
        reversedIter = createOne(
            n, n.create<SubOp>(
                   {n.constantI64({length - 1}, /*scalar=*/true), iter}));
      index = reversedIter;
    }
    Value element = createOne(
        n, n.create<GatherOp>(
               {input, index},
               {n.builder.getNamedAttr(
                   "axis", n.builder.getI64IntegerAttr(spec.inputAxes[j]))}));
    if (!element)
      return failure();
    block.getArgument(first + j).replaceAllUsesWith(element);
  }
  for (size_t j = spec.inputs.size(); j > 0; --j)
    block.eraseArgument(first + j - 1);
  auto yield = llvm::cast<YieldOp>(block.getTerminator());
  yield->insertOperands(0, cond);
  return success();
}

/// Builds the graph.loop for `spec` with `numScanOutputs` scan outputs;
/// returns the final states followed by the scan outputs (moved and
/// reversed as asked), or failure after an error.
FailureOr<llvm::SmallVector<Value>> buildScanLoop(NodeImporter &n,
                                                  const onnx::GraphProto &body,
                                                  const ScanSpec &spec,
                                                  unsigned numScanOutputs) {
  int64_t length = ShapedType::kDynamic;
  llvm::SmallVector<Type> argTypes;
  for (Value state : spec.states)
    argTypes.push_back(state.getType());
  for (auto [j, input] : llvm::enumerate(spec.inputs)) {
    RankedTensorType type = requireRanked(n, input, "a scan input");
    if (!type)
      return failure();
    int64_t axis = spec.inputAxes[j];
    if (type.isDynamicDim(axis))
      return n.fail("the scan length (dim " + llvm::Twine(axis) +
                    " of scan input " + llvm::Twine(j) + ") must be static");
    if (ShapedType::isDynamic(length))
      length = type.getDimSize(axis);
    else if (length != type.getDimSize(axis))
      return n.fail("the scan inputs have different lengths (" +
                    llvm::Twine(length) + " and " +
                    llvm::Twine(type.getDimSize(axis)) + ")");
    llvm::SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + axis);
    argTypes.push_back(RankedTensorType::get(shape, type.getElementType()));
  }
  if (ShapedType::isDynamic(length))
    return n.fail("needs at least one scan input");

  unsigned numStates = spec.states.size();
  llvm::SmallVector<Value> operands{n.constantI64({length}, /*scalar=*/true)};
  llvm::append_range(operands, spec.states);
  OperationState state(n.loc, LoopOp::getOperationName());
  llvm::SmallVector<Type> placeholders(numStates + numScanOutputs,
                                       n.placeholderType());
  LoopOp::build(
      n.builder, state, placeholders, operands,
      {n.builder.getNamedAttr("operandSegmentSizes",
                              n.builder.getDenseI32ArrayAttr(
                                  {1, 0, static_cast<int32_t>(numStates)}))});
  Operation *op = n.builder.create(state);
  auto fail = [&]() -> FailureOr<llvm::SmallVector<Value>> {
    op->erase();
    return failure();
  };
  auto yielded =
      n.graph.importSubgraph(body, op->getRegion(0), argTypes, n.loc);
  if (failed(yielded))
    return fail();
  if (failed(rewriteBodyArguments(n, op->getRegion(0).front(), spec, length)))
    return fail();
  for (unsigned i = 0; i < numStates; ++i) {
    Type joined = graph::joinTypes(argTypes[i], (*yielded)[i]);
    if (!joined) {
      (void)n.fail("the body changes the element type of state " +
                   llvm::Twine(i));
      return fail();
    }
    op->getResult(i).setType(joined);
  }
  for (unsigned k = 0; k < numScanOutputs; ++k) {
    Type type = (*yielded)[numStates + k];
    auto ranked = llvm::dyn_cast<RankedTensorType>(type);
    Type stacked = UnrankedTensorType::get(getElementType(type));
    if (ranked) {
      llvm::SmallVector<int64_t> shape{length};
      llvm::append_range(shape, ranked.getShape());
      stacked = RankedTensorType::get(shape, ranked.getElementType());
    }
    op->getResult(numStates + k).setType(stacked);
  }
  if (failed(n.verifyOp(op)))
    return fail();

  llvm::SmallVector<Value> results(op->getResults());
  for (unsigned k = 0; k < numScanOutputs; ++k) {
    Value &out = results[numStates + k];
    if (spec.outputReversed[k] && !(out = reverseAxis(n, out, 0)))
      return failure();
    int64_t axis = spec.outputAxes[k];
    if (axis == 0)
      continue;
    RankedTensorType type = requireRanked(n, out, "a scan output");
    if (!type)
      return failure();
    std::optional<int64_t> norm = normalizeAxis(axis, type.getRank());
    if (!norm)
      return n.fail("scan_output_axes value " + llvm::Twine(axis) +
                    " is out of range for rank " + llvm::Twine(type.getRank()));
    if (*norm != 0 && !(out = moveLeadingDim(n, out, type.getRank(), *norm)))
      return failure();
  }
  return results;
}

/// Reads a per-input attribute list of `count` values (`defaultValue` when
/// absent); fails when its length is wrong.
std::optional<llvm::SmallVector<int64_t>> perInputInts(NodeImporter &n,
                                                       llvm::StringRef name,
                                                       size_t count,
                                                       int64_t defaultValue) {
  std::optional<llvm::SmallVector<int64_t>> values = n.intsAttr(name);
  if (n.failed())
    return std::nullopt;
  if (!values)
    return llvm::SmallVector<int64_t>(count, defaultValue);
  if (values->size() != count) {
    (void)n.fail("attribute '" + name + "' has " + llvm::Twine(values->size()) +
                 " values but there are " + llvm::Twine(count));
    return std::nullopt;
  }
  return values;
}

/// Directions (0 forward, 1 reverse) as flags; fails on other values.
std::optional<llvm::SmallVector<bool>>
directionFlags(NodeImporter &n, llvm::StringRef name,
               llvm::ArrayRef<int64_t> values) {
  llvm::SmallVector<bool> flags;
  for (int64_t v : values) {
    if (v != 0 && v != 1) {
      (void)n.fail("attribute '" + name + "' must hold 0 or 1, got " +
                   llvm::Twine(v));
      return std::nullopt;
    }
    flags.push_back(v == 1);
  }
  return flags;
}

/// Opset 8: one loop per batch entry, results stacked along dim 0 again.
LogicalResult convertScanWithBatch(NodeImporter &n,
                                   const onnx::GraphProto &body,
                                   unsigned numStates, unsigned numInputs) {
  unsigned numScanOutputs = n.numOutputs() - numStates;
  auto directions = perInputInts(n, "directions", numInputs, 0);
  if (!directions)
    return failure();
  auto reversed = directionFlags(n, "directions", *directions);
  if (!reversed)
    return failure();
  llvm::SmallVector<Value> batched;
  for (unsigned i = 0; i < numStates + numInputs; ++i)
    batched.push_back(n.requiredInput(1 + i));
  if (n.failed())
    return failure();
  int64_t batch = ShapedType::kDynamic;
  for (Value v : batched) {
    RankedTensorType type = requireRanked(n, v, "every state and scan input");
    if (!type)
      return failure();
    if (type.getRank() < 1 || type.isDynamicDim(0))
      return n.fail("the batch dim (dim 0 of every state and scan input) "
                    "must be static");
    batch = type.getDimSize(0);
  }
  if (n.hasInput(0)) {
    auto lens = n.constantIntsInput(0, "sequence_lens");
    if (!lens)
      return failure();
    auto type = llvm::cast<RankedTensorType>(batched.back().getType());
    for (int64_t len : *lens)
      if (type.getRank() < 2 || type.isDynamicDim(1) ||
          len != type.getDimSize(1))
        return n.fail("sequence_lens must be a constant equal to the full "
                      "sequence length for every batch entry (shorter "
                      "sequences are not supported)");
  }

  llvm::SmallVector<llvm::SmallVector<Value>> perOutput(n.numOutputs());
  for (int64_t b = 0; b < batch; ++b) {
    ScanSpec spec;
    Value index = n.constantI64({b}, /*scalar=*/true);
    for (auto [i, v] : llvm::enumerate(batched)) {
      Value entry = createOne(n, n.create<GatherOp>({v, index}));
      if (!entry)
        return failure();
      (i < numStates ? spec.states : spec.inputs).push_back(entry);
    }
    spec.inputAxes.assign(numInputs, 0);
    spec.inputReversed = *reversed;
    spec.outputAxes.assign(numScanOutputs, 0);
    spec.outputReversed.assign(numScanOutputs, false);
    auto results = buildScanLoop(n, body, spec, numScanOutputs);
    if (failed(results))
      return failure();
    for (auto [k, r] : llvm::enumerate(*results)) {
      Value expanded = createOne(
          n, n.create<UnsqueezeOp>(
                 r, {n.builder.getNamedAttr(
                        "axes", n.builder.getDenseI64ArrayAttr({0}))}));
      if (!expanded)
        return failure();
      perOutput[k].push_back(expanded);
    }
  }
  llvm::SmallVector<Value> outputs;
  for (auto &parts : perOutput) {
    if (parts.size() == 1) {
      outputs.push_back(parts.front());
      continue;
    }
    Value joined =
        createOne(n, n.create<ConcatOp>(
                         parts, {n.builder.getNamedAttr(
                                    "axis", n.builder.getI64IntegerAttr(0))}));
    if (!joined)
      return failure();
    outputs.push_back(joined);
  }
  n.setOutputs(outputs);
  return success();
}

} // namespace

LogicalResult convertScan(NodeImporter &n) {
  if (!n.checkArity(1, INT32_MAX, 1, INT32_MAX))
    return failure();
  const onnx::GraphProto *body = n.requiredGraphAttr("body");
  std::optional<int64_t> numInputsAttr = n.intAttr("num_scan_inputs");
  if (n.failed())
    return failure();
  if (!numInputsAttr)
    return n.fail("attribute 'num_scan_inputs' is required");
  bool hasBatch = n.opset < 9;
  unsigned given = n.numInputs() - (hasBatch ? 1 : 0);
  if (*numInputsAttr < 1 || *numInputsAttr > (int64_t)given)
    return n.fail("num_scan_inputs is " + llvm::Twine(*numInputsAttr) +
                  " but the node has " + llvm::Twine(given) +
                  " states and scan inputs");
  unsigned numInputs = *numInputsAttr;
  unsigned numStates = given - numInputs;
  if (n.numOutputs() < numStates)
    return n.fail("has " + llvm::Twine(numStates) + " states but only " +
                  llvm::Twine(n.numOutputs()) + " outputs");
  unsigned numScanOutputs = n.numOutputs() - numStates;
  if ((unsigned)body->input_size() != numStates + numInputs ||
      (unsigned)body->output_size() != numStates + numScanOutputs)
    return n.fail("the body has " + llvm::Twine(body->input_size()) +
                  " inputs and " + llvm::Twine(body->output_size()) +
                  " outputs, expected " + llvm::Twine(numStates + numInputs) +
                  " and " + llvm::Twine(numStates + numScanOutputs));
  if (hasBatch)
    return convertScanWithBatch(n, *body, numStates, numInputs);

  ScanSpec spec;
  for (unsigned i = 0; i < numStates + numInputs; ++i)
    (i < numStates ? spec.states : spec.inputs).push_back(n.requiredInput(i));
  auto inputAxes = perInputInts(n, "scan_input_axes", numInputs, 0);
  auto inputDirs = perInputInts(n, "scan_input_directions", numInputs, 0);
  auto outputAxes = perInputInts(n, "scan_output_axes", numScanOutputs, 0);
  auto outputDirs =
      perInputInts(n, "scan_output_directions", numScanOutputs, 0);
  if (!inputAxes || !inputDirs || !outputAxes || !outputDirs || n.failed())
    return failure();
  auto inputReversed = directionFlags(n, "scan_input_directions", *inputDirs);
  auto outputReversed =
      directionFlags(n, "scan_output_directions", *outputDirs);
  if (!inputReversed || !outputReversed)
    return failure();
  for (auto [j, input] : llvm::enumerate(spec.inputs)) {
    RankedTensorType type = requireRanked(n, input, "a scan input");
    if (!type)
      return failure();
    std::optional<int64_t> axis =
        normalizeAxis((*inputAxes)[j], type.getRank());
    if (!axis)
      return n.fail("scan_input_axes value " + llvm::Twine((*inputAxes)[j]) +
                    " is out of range for scan input " + llvm::Twine(j) +
                    " of rank " + llvm::Twine(type.getRank()));
    spec.inputAxes.push_back(*axis);
  }
  spec.inputReversed = *inputReversed;
  spec.outputAxes = *outputAxes;
  spec.outputReversed = *outputReversed;
  auto results = buildScanLoop(n, *body, spec, numScanOutputs);
  if (failed(results))
    return failure();
  n.setOutputs(*results);
  return success();
}

} // namespace weft::importer
