//===- ControlFlowConverters.cpp - If, Loop, LSTM, GRU --------------------===//
//
// If and Loop carry their ONNX subgraphs as regions; the subgraphs may use
// names of the graphs around them. LSTM and GRU take optional inputs (empty
// names) and optional outputs.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/SequenceInterface.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

namespace {

/// Builds a region-holding op with placeholder result types.
template <typename OpTy>
Operation *buildRegionOp(NodeImporter &n, ValueRange operands,
                         unsigned numResults,
                         llvm::ArrayRef<int32_t> segments = {}) {
  OperationState state(n.loc, OpTy::getOperationName());
  llvm::SmallVector<Type> placeholders(numResults, n.placeholderType());
  llvm::SmallVector<NamedAttribute> attrs;
  if (!segments.empty())
    attrs.push_back(n.builder.getNamedAttr(
        "operandSegmentSizes", n.builder.getDenseI32ArrayAttr(segments)));
  OpTy::build(n.builder, state, placeholders, operands, attrs);
  return n.builder.create(state);
}

/// `type` with a new leading dynamic dim (a Loop scan output).
Type stackedType(Type type) {
  auto t = llvm::cast<TensorType>(type);
  if (!t.hasRank())
    return t;
  llvm::SmallVector<int64_t> dims{ShapedType::kDynamic};
  llvm::append_range(dims, t.getShape());
  return RankedTensorType::get(dims, t.getElementType());
}

Type scalarTensor(Type elementType) {
  return RankedTensorType::get({}, elementType);
}

} // namespace

LogicalResult convertIf(NodeImporter &n) {
  // A sequence exists only while importing: the branch is chosen then.
  if (ifYieldsSequences(n))
    return selectIfBranch(n);
  if (!n.checkArity(1, 1, 1, INT32_MAX))
    return failure();
  Value cond = n.requiredInput(0);
  const onnx::GraphProto *thenGraph = n.requiredGraphAttr("then_branch");
  const onnx::GraphProto *elseGraph = n.requiredGraphAttr("else_branch");
  if (n.failed())
    return failure();
  for (const onnx::GraphProto *branch : {thenGraph, elseGraph})
    if ((unsigned)branch->output_size() != n.numOutputs())
      return n.fail("a branch has " + llvm::Twine(branch->output_size()) +
                    " outputs but the node has " + llvm::Twine(n.numOutputs()));

  Operation *op = buildRegionOp<IfOp>(n, cond, n.numOutputs());
  auto thenTypes =
      n.graph.importSubgraph(*thenGraph, op->getRegion(0), {}, n.loc);
  if (failed(thenTypes)) {
    op->erase();
    return failure();
  }
  auto elseTypes =
      n.graph.importSubgraph(*elseGraph, op->getRegion(1), {}, n.loc);
  if (failed(elseTypes)) {
    op->erase();
    return failure();
  }
  for (unsigned i = 0; i < n.numOutputs(); ++i) {
    Type joined = graph::joinTypes((*thenTypes)[i], (*elseTypes)[i]);
    if (!joined) {
      op->erase();
      return n.fail("the branches yield different element types for output " +
                    llvm::Twine(i));
    }
    op->getResult(i).setType(joined);
  }
  if (failed(n.verifyOp(op))) {
    op->erase();
    return failure();
  }
  n.setOutputs(op->getResults());
  return success();
}

LogicalResult convertLoop(NodeImporter &n) {
  // A sequence exists only while importing: such loops are unrolled.
  if (loopCarriesSequences(n))
    return unrollLoop(n);
  if (!n.checkArity(2, INT32_MAX, 0, INT32_MAX))
    return failure();
  Value maxTrip = n.input(0), cond = n.input(1);
  unsigned numCarried = n.numInputs() - 2;
  llvm::SmallVector<Value> initial;
  for (unsigned i = 2; i < n.numInputs(); ++i)
    initial.push_back(n.requiredInput(i));
  const onnx::GraphProto *body = n.requiredGraphAttr("body");
  if (n.failed())
    return failure();
  std::optional<unsigned> checkedScans = n.checkLoopBody(*body);
  if (!checkedScans)
    return failure();
  unsigned numScans = *checkedScans;

  llvm::SmallVector<Value> operands;
  if (maxTrip)
    operands.push_back(maxTrip);
  if (cond)
    operands.push_back(cond);
  llvm::append_range(operands, initial);
  Operation *op = buildRegionOp<LoopOp>(
      n, operands, numCarried + numScans,
      {maxTrip ? 1 : 0, cond ? 1 : 0, (int32_t)numCarried});

  // The carried values' types may change across iterations. Import the body
  // with the initial types; if it yields other types, import it once more
  // with those carried values unranked (which cannot change again).
  llvm::SmallVector<Type> carried(ValueRange(initial).getTypes());
  int &budget = n.graph.model.loopReimportBudget;
  if (budget <= 0)
    for (Type &t : carried)
      t = UnrankedTensorType::get(llvm::cast<TensorType>(t).getElementType());
  llvm::SmallVector<Type> yielded;
  Region &region = op->getRegion(0);
  for (int attempt = 0; attempt < 2; ++attempt) {
    region.getBlocks().clear();
    llvm::SmallVector<Type> argTypes{scalarTensor(n.builder.getI64Type()),
                                     scalarTensor(n.builder.getI1Type())};
    llvm::append_range(argTypes, carried);
    auto types = n.graph.importSubgraph(*body, region, argTypes, n.loc);
    if (failed(types)) {
      op->erase();
      return failure();
    }
    yielded = *types;
    bool stable = true;
    for (unsigned i = 0; i < numCarried; ++i) {
      Type joined = graph::joinTypes(carried[i], yielded[1 + i]);
      if (!joined) {
        op->erase();
        return n.fail("the body changes the element type of loop-carried "
                      "value " +
                      llvm::Twine(i));
      }
      if (joined != carried[i]) {
        stable = false;
        carried[i] = UnrankedTensorType::get(
            llvm::cast<TensorType>(joined).getElementType());
      }
    }
    if (stable || attempt == 1)
      break;
    --budget;
  }
  for (unsigned i = 0; i < numCarried; ++i)
    op->getResult(i).setType(carried[i]);
  for (unsigned i = 0; i < numScans; ++i)
    op->getResult(numCarried + i)
        .setType(stackedType(yielded[1 + numCarried + i]));
  if (failed(n.verifyOp(op))) {
    op->erase();
    return failure();
  }
  n.setOutputs(op->getResults());
  return success();
}

namespace {

/// Attributes LSTM and GRU share.
void copyRecurrentAttrs(NodeImporter &n,
                        llvm::SmallVectorImpl<NamedAttribute> &attrs) {
  Builder &b = n.builder;
  if (auto alpha = n.floatsAttr("activation_alpha"))
    attrs.push_back(
        b.getNamedAttr("activation_alpha", b.getF32ArrayAttr(*alpha)));
  if (auto beta = n.floatsAttr("activation_beta"))
    attrs.push_back(
        b.getNamedAttr("activation_beta", b.getF32ArrayAttr(*beta)));
  if (auto activations = n.stringsAttr("activations")) {
    llvm::SmallVector<llvm::StringRef> names(activations->begin(),
                                             activations->end());
    attrs.push_back(b.getNamedAttr("activations", b.getStrArrayAttr(names)));
  }
  n.copyFloatAttr(attrs, "clip");
  n.copyStringAttr(attrs, "direction");
  n.copyIntAttr(attrs, "layout");
}

/// hidden_size, or R's last dim when the attribute is absent.
std::optional<int64_t> hiddenSize(NodeImporter &n, Value r) {
  if (std::optional<int64_t> h = n.intAttr("hidden_size"))
    return h;
  auto type = llvm::dyn_cast<RankedTensorType>(r.getType());
  if (type && type.getRank() == 3 && !type.isDynamicDim(2))
    return type.getDimSize(2);
  (void)n.fail("attribute 'hidden_size' is required when R's shape is unknown");
  return std::nullopt;
}

/// Operands x, w, r and the optional inputs 3..(3+numOptional), with the
/// segment sizes that say which are present.
void collectRecurrentOperands(NodeImporter &n, unsigned numOptional,
                              llvm::SmallVectorImpl<Value> &operands,
                              llvm::SmallVectorImpl<int32_t> &segments) {
  for (unsigned i = 0; i < 3; ++i) {
    operands.push_back(n.requiredInput(i));
    segments.push_back(1);
  }
  for (unsigned i = 3; i < 3 + numOptional; ++i) {
    Value v = n.input(i);
    if (v)
      operands.push_back(v);
    segments.push_back(v ? 1 : 0);
  }
}

/// LSTM, GRU and RNN: X, W, R, then `numOptional` optional operands, the
/// shared attributes plus `extraAttr` (if any) and hidden_size taken from
/// R, and `numResults` results (Y, Y_h and, for LSTM, Y_c).
template <typename OpTy>
LogicalResult convertRecurrent(NodeImporter &n, unsigned numOptional,
                               unsigned numResults, llvm::StringRef extraAttr) {
  if (!n.checkArity(3, 3 + numOptional, 0, numResults))
    return failure();
  llvm::SmallVector<Value> operands;
  llvm::SmallVector<int32_t> segments;
  collectRecurrentOperands(n, numOptional, operands, segments);
  if (n.failed())
    return failure();
  llvm::SmallVector<NamedAttribute> attrs;
  copyRecurrentAttrs(n, attrs);
  if (!extraAttr.empty())
    n.copyIntAttr(attrs, extraAttr);
  std::optional<int64_t> hidden = hiddenSize(n, operands[2]);
  if (!hidden)
    return failure();
  attrs.push_back(n.builder.getNamedAttr("hidden_size",
                                         n.builder.getI64IntegerAttr(*hidden)));
  Operation *op = n.create<OpTy>(operands, attrs, numResults, segments);
  if (!op)
    return failure();
  n.setOutputs(op->getResults());
  return success();
}

} // namespace

LogicalResult convertLSTM(NodeImporter &n) {
  return convertRecurrent<LSTMOp>(n, 5, 3, "input_forget");
}

LogicalResult convertGRU(NodeImporter &n) {
  return convertRecurrent<GRUOp>(n, 3, 2, "linear_before_reset");
}

// RNN opsets 1, 7 and 14 differ only in attributes: opset 1's
// output_sequence (Y is always produced here, so it is ignored) and opset
// 14's layout, which copyRecurrentAttrs copies when present.
LogicalResult convertRNN(NodeImporter &n) {
  return convertRecurrent<RNNOp>(n, 3, 2, "");
}

} // namespace weft::importer
