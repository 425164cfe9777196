//===- InferShapes.cpp - Shape propagation over the graph -----------------===//
//
// Implements graph-infer-shapes: fixes input dims from `shapes`, then refines
// each op's result types from its operands in program order.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"
#include "passes/graph/FunctionSignature.h"
#include "passes/graph/Passes.h"
#include "passes/graph/ShapeSpec.h"
#include "passes/graph/ShapeValue.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace weft::graph {
#define GEN_PASS_DEF_GRAPHINFERSHAPES
#include "passes/graph/Passes.h.inc"
} // namespace weft::graph

using namespace mlir;
using namespace weft::graph;

namespace {

/// Symbolic dim names fixed by --shape, with their sizes.
using FixedDimNames = llvm::StringMap<int64_t>;

/// The `graph.dim_names` of argument `i`, or an empty list.
SmallVector<StringRef> getDimNames(func::FuncOp func, unsigned i) {
  SmallVector<StringRef> names;
  if (auto attr = func.getArgAttrOfType<ArrayAttr>(
          i, GraphDialect::getDimNamesAttrName()))
    for (Attribute name : attr)
      names.push_back(llvm::isa<StringAttr>(name)
                          ? llvm::cast<StringAttr>(name).getValue()
                          : StringRef());
  return names;
}

/// Records in `fixed` the names of the dims of argument `i` that `dims`
/// makes static; fails when one name gets two sizes.
LogicalResult recordFixedNames(func::FuncOp func, unsigned i,
                               ArrayRef<int64_t> oldDims,
                               ArrayRef<int64_t> dims, FixedDimNames &fixed) {
  SmallVector<StringRef> names = getDimNames(func, i);
  for (auto [d, name] : llvm::enumerate(names)) {
    if (name.empty() || d >= dims.size() || ShapedType::isDynamic(dims[d]) ||
        (d < oldDims.size() && !ShapedType::isDynamic(oldDims[d])))
      continue;
    auto [it, inserted] = fixed.try_emplace(name, dims[d]);
    if (!inserted && it->second != dims[d])
      return func.emitError() << "--shape fixes dim '" << name << "' to both "
                              << it->second << " and " << dims[d];
  }
  return success();
}

/// Applies one --shape request to the matching function argument.
LogicalResult applyShapeSpec(func::FuncOp func, const ShapeSpec &spec,
                             FixedDimNames &fixed) {
  SmallVector<std::string> names;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto nameAttr = func.getArgAttrOfType<StringAttr>(i, "graph.name");
    std::string name = nameAttr ? nameAttr.str() : ("arg" + std::to_string(i));
    names.push_back(name);
    if (name != spec.name)
      continue;
    BlockArgument arg = func.getArgument(i);
    auto type = llvm::dyn_cast<TensorType>(arg.getType());
    if (!type)
      return func.emitError() << "input '" << name << "' is not a tensor";
    if (type.hasRank() && type.getRank() != (int64_t)spec.dims.size())
      return func.emitError()
             << "--shape " << name << "=" << formatDims(spec.dims)
             << " has rank " << spec.dims.size() << " but input '" << name
             << "' has rank " << type.getRank();
    Type requested = RankedTensorType::get(spec.dims, type.getElementType());
    FailureOr<Type> merged = meetTypes(type, requested);
    if (failed(merged))
      return func.emitError()
             << "--shape " << name << "=" << formatDims(spec.dims)
             << " contradicts the model's input shape "
             << formatDims(llvm::cast<RankedTensorType>(type).getShape());
    SmallVector<int64_t> oldDims =
        getShape(type).value_or(SmallVector<int64_t>());
    if (failed(recordFixedNames(func, i, oldDims, spec.dims, fixed)))
      return failure();
    arg.setType(*merged);
    return success();
  }
  return func.emitError() << "--shape names input '" << spec.name
                          << "', but the model's inputs are: "
                          << llvm::join(names, ", ");
}

/// Gives every input dim named in `fixed` its size, and clears the names of
/// dims that are static now (dropping `graph.dim_names` when none is left).
void applyFixedNames(func::FuncOp func, const FixedDimNames &fixed) {
  Builder builder(func.getContext());
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    SmallVector<StringRef> names = getDimNames(func, i);
    BlockArgument arg = func.getArgument(i);
    auto type = llvm::dyn_cast<RankedTensorType>(arg.getType());
    if (names.empty() || !type ||
        names.size() != static_cast<size_t>(type.getRank()))
      continue;
    SmallVector<int64_t> dims(type.getShape());
    SmallVector<Attribute> newNames;
    for (auto [d, name] : llvm::enumerate(names)) {
      auto it = fixed.find(name);
      if (!name.empty() && ShapedType::isDynamic(dims[d]) && it != fixed.end())
        dims[d] = it->second;
      newNames.push_back(builder.getStringAttr(
          ShapedType::isDynamic(dims[d]) ? name : StringRef()));
    }
    arg.setType(RankedTensorType::get(dims, type.getElementType()));
    // The names only describe symbolic dims; with none left they go.
    if (llvm::all_of(newNames, [](Attribute name) {
          return llvm::cast<StringAttr>(name).empty();
        }))
      func.removeArgAttr(i, GraphDialect::getDimNamesAttrName());
    else
      func.setArgAttr(i, GraphDialect::getDimNamesAttrName(),
                      builder.getArrayAttr(newNames));
  }
}

/// `node 'NAME' (graph.op): `, or `graph.op: ` when no node is named.
std::string describeNode(Operation *op) {
  std::string node = getNodeName(op->getLoc());
  std::string opName = op->getName().getStringRef().str();
  return node.empty() ? opName + ": "
                      : "node '" + node + "' (" + opName + "): ";
}

/// An error about `op`, naming its ONNX node.
InFlightDiagnostic emitNodeError(Operation *op) {
  return op->emitError() << describeNode(op);
}

/// Refines result types in program order, and undoes what it did in a
/// graph.if branch that does not infer: a branch may be valid only for the
/// inputs that select it (Silero VAD's 8 kHz branch does not fit a 16 kHz
/// input length).
class ShapeRefiner {
public:
  explicit ShapeRefiner(bool reportBranches) : reportBranches(reportBranches) {}

  LogicalResult refineBlock(Block &block) {
    for (Operation *op = block.empty() ? nullptr : &block.front(); op;) {
      Operation *next = op->getNextNode();
      // Inlining cannot be undone, so it waits until no enclosing branch
      // may be rolled back.
      if (auto ifOp = llvm::dyn_cast<IfOp>(op); ifOp && speculation == 0)
        if (Operation *first = inlineTakenBranch(ifOp)) {
          next = first;
          op = next;
          continue;
        }
      if (failed(refine(op)))
        return failure();
      op = next;
    }
    return success();
  }

private:
  /// Replaces a graph.if whose condition the refined shapes decide (the
  /// exporters' `if dim == 1 then squeeze`) by its taken branch, so that the
  /// other branch, which may not fit the shapes, goes. Returns the first
  /// inlined op (the op after the if when the branch only yields), or null
  /// when the condition is not known.
  Operation *inlineTakenBranch(IfOp op) {
    std::optional<ShapeValue> cond = analyzeShapeValue(op.getCond());
    std::optional<SmallVector<int64_t>> values =
        cond ? cond->getConstants() : std::nullopt;
    if (!values || values->size() != 1)
      return nullptr;
    Region &taken = (*values)[0] ? op.getThenBranch() : op.getElseBranch();
    YieldOp yield = getYield(taken);
    if (!yield)
      return nullptr;
    Block &body = taken.front();
    Operation *after = op->getNextNode();
    Operation *first =
        &body.front() == yield.getOperation() ? after : &body.front();
    op->getBlock()->getOperations().splice(op->getIterator(),
                                           body.getOperations());
    for (auto [result, value] : llvm::zip(op.getResults(), yield.getOperands()))
      result.replaceAllUsesWith(value);
    yield.erase();
    op.erase();
    return first;
  }

  LogicalResult refine(Operation *op) {
    if (auto loop = llvm::dyn_cast<LoopOp>(op))
      return refineLoop(loop);
    if (auto ifOp = llvm::dyn_cast<IfOp>(op)) {
      if (failed(refineBranch(ifOp, ifOp.getThenBranch(), "then")) ||
          failed(refineBranch(ifOp, ifOp.getElseBranch(), "else")))
        return failure();
      return refineIf(ifOp);
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (failed(refineBlock(block)))
          return failure();
    return refineOp(op);
  }

  LogicalResult refineOp(Operation *op) {
    auto iface = llvm::dyn_cast<InferTypeOpInterface>(op);
    if (!iface)
      return success();
    SmallVector<Type> inferred;
    if (failed(iface.inferReturnTypes(
            op->getContext(), op->getLoc(), op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), inferred)))
      return failure();
    if (inferred.size() != op->getNumResults())
      return emitNodeError(op) << "inferred " << inferred.size()
                               << " results but has " << op->getNumResults();
    for (auto [result, type] : llvm::zip(op->getResults(), inferred)) {
      FailureOr<Type> merged = meetTypes(result.getType(), type);
      if (failed(merged))
        return emitNodeError(op) << "result type " << result.getType()
                                 << " contradicts the inferred type " << type;
      setType(result, *merged);
    }
    return success();
  }

  /// graph.loop: weft compiles loops whose carried values keep the shapes
  /// of their initial values, so the body is refined with its carried
  /// arguments of those types, and the values it yields for them and the
  /// final values take them too. When the body does not fit that (a value
  /// that grows), everything is undone and the body is refined with its own
  /// argument types (lowering reports the loop). Scan outputs get a leading
  /// dim of the trip count when that is known.
  LogicalResult refineLoop(LoopOp op) {
    Block &body = op.getBody().front();
    size_t carried = op.getVInitial().size();
    auto yield = llvm::dyn_cast<YieldOp>(body.getTerminator());
    if (body.getNumArguments() != carried + 2 || !yield ||
        yield.getNumOperands() != 1 + op.getNumResults())
      return success(); // The verifier reports a malformed body.
    size_t mark = changes.size();
    bool fits;
    ++speculation;
    {
      ScopedDiagnosticHandler quiet(op->getContext(),
                                    [](Diagnostic &) { return success(); });
      fits = succeeded(refineWithFixedCarried(op, yield));
    }
    --speculation;
    if (!fits)
      while (changes.size() > mark) {
        auto [value, type] = changes.pop_back_val();
        value.setType(type);
      }
    // Once more outside speculation: branches decided by now are inlined,
    // and the diagnostics stand.
    if (failed(refineBlock(body)))
      return failure();
    for (size_t i = 0; fits && i < carried; ++i) {
      FailureOr<Type> result = meetTypes(op.getResult(i).getType(),
                                         body.getArgument(2 + i).getType());
      if (succeeded(result))
        setType(op.getResult(i), *result);
    }
    std::optional<int64_t> trips = getStaticTripCount(op, yield);
    for (size_t k = carried; k < op.getNumResults(); ++k) {
      auto element =
          llvm::dyn_cast<RankedTensorType>(yield.getOperand(1 + k).getType());
      if (!element)
        continue;
      SmallVector<int64_t> dims{trips ? *trips : ShapedType::kDynamic};
      llvm::append_range(dims, element.getShape());
      FailureOr<Type> merged =
          meetTypes(op.getResult(k).getType(),
                    RankedTensorType::get(dims, element.getElementType()));
      if (succeeded(merged))
        setType(op.getResult(k), *merged);
    }
    return success();
  }

  /// Gives the carried arguments the initial values' types, refines the
  /// body and the yielded carried values; fails when the body changes a
  /// carried shape.
  LogicalResult refineWithFixedCarried(LoopOp op, YieldOp yield) {
    Block &body = op.getBody().front();
    size_t carried = op.getVInitial().size();
    for (size_t i = 0; i < carried; ++i) {
      BlockArgument arg = body.getArgument(2 + i);
      FailureOr<Type> merged =
          meetTypes(arg.getType(), op.getVInitial()[i].getType());
      if (failed(merged))
        return failure();
      setType(arg, *merged);
    }
    if (failed(refineBlock(body)))
      return failure();
    for (size_t i = 0; i < carried; ++i) {
      Value next = yield.getOperand(1 + i);
      FailureOr<Type> merged =
          meetTypes(next.getType(), body.getArgument(2 + i).getType());
      if (failed(merged))
        return failure();
      // Only a value the body computes is refined: an outer value keeps its
      // type for its other users.
      if (next.getParentRegion() == &op.getBody())
        setType(next, *merged);
    }
    return success();
  }

  /// The number of iterations of `op` when it is known now: a constant
  /// max_trip_count, with no condition or a constant one the body passes on
  /// unchanged (or replaces by a constant true).
  static std::optional<int64_t> getStaticTripCount(LoopOp op, YieldOp yield) {
    if (!op.getMaxTripCount())
      return std::nullopt;
    std::optional<SmallVector<int64_t>> max =
        getConstantInts(op.getMaxTripCount());
    if (!max || max->size() != 1)
      return std::nullopt;
    int64_t trips = std::max<int64_t>((*max)[0], 0);
    if (!op.getCond())
      return trips;
    std::optional<SmallVector<int64_t>> cond = getConstantInts(op.getCond());
    if (!cond || cond->size() != 1)
      return std::nullopt;
    if ((*cond)[0] == 0)
      return 0;
    Value next = yield.getOperand(0);
    while (auto identity = next.getDefiningOp<IdentityOp>())
      next = identity.getX();
    if (next == op.getBody().getArgument(1))
      return trips;
    std::optional<SmallVector<int64_t>> nextCond = getConstantInts(next);
    if (nextCond && nextCond->size() == 1 && (*nextCond)[0] != 0)
      return trips;
    return std::nullopt;
  }

  /// graph.if results take the common refinement of what both branches
  /// yield.
  LogicalResult refineIf(IfOp op) {
    auto thenYield = getYield(op.getThenBranch());
    auto elseYield = getYield(op.getElseBranch());
    if (!thenYield || !elseYield)
      return success(); // The verifier reports malformed branches.
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      Type joined = joinTypes(thenYield.getOperand(i).getType(),
                              elseYield.getOperand(i).getType());
      if (!joined)
        continue;
      FailureOr<Type> merged = meetTypes(result.getType(), joined);
      if (failed(merged))
        return emitNodeError(op)
               << "result " << i << " has type " << result.getType()
               << " but its branches yield " << joined;
      setType(result, *merged);
    }
    return success();
  }

  YieldOp getYield(Region &branch) {
    if (branch.empty())
      return {};
    auto yield = llvm::dyn_cast<YieldOp>(branch.front().getTerminator());
    if (!yield ||
        yield.getNumOperands() != branch.getParentOp()->getNumResults())
      return {};
    return yield;
  }

  /// Refines one branch; when it does not infer, restores its types and
  /// warns (the model fails only if the branch is taken). Fails when even
  /// the restored branch does not fit: an op in it cannot take the refined
  /// values from outside.
  LogicalResult refineBranch(IfOp op, Region &branch, StringRef which) {
    size_t mark = changes.size();
    std::string reason;
    SmallVector<std::pair<Location, std::string>> warnings;
    bool failedToInfer = false;
    ++speculation;
    {
      ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error && reason.empty())
          reason = diag.str();
        if (diag.getSeverity() == DiagnosticSeverity::Warning)
          warnings.emplace_back(diag.getLocation(), diag.str());
        return success();
      });
      for (Block &block : branch)
        if (failed(refineBlock(block))) {
          failedToInfer = true;
          break;
        }
    }
    --speculation;
    if (!failedToInfer) {
      // Warnings about nested branches stand when this branch is kept.
      for (auto &[loc, message] : warnings)
        emitWarning(loc) << message;
      return success();
    }
    while (changes.size() > mark) {
      auto [value, type] = changes.pop_back_val();
      value.setType(type);
    }
    if (!fitsOuterValues(branch))
      return emitNodeError(op)
             << "the " << which
             << " branch does not fit these shapes: " << reason;
    if (reportBranches)
      op.emitWarning() << describeNode(op) << "the " << which
                       << " branch does not fit these shapes and would fail "
                          "if taken; its types are left as they were: "
                       << reason;
    return success();
  }

  /// True when every op in `branch` that uses a value from outside still
  /// infers types its declared ones refine.
  static bool fitsOuterValues(Region &branch) {
    WalkResult walk = branch.walk([&](Operation *op) {
      bool usesOuter = llvm::any_of(op->getOperands(), [&](Value v) {
        return !branch.isAncestor(v.getParentRegion());
      });
      auto iface = llvm::dyn_cast<InferTypeOpInterface>(op);
      if (!usesOuter || !iface)
        return WalkResult::advance();
      SmallVector<Type> inferred;
      if (failed(iface.inferReturnTypes(
              op->getContext(), std::nullopt, op->getOperands(),
              op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
              op->getRegions(), inferred)) ||
          !areRefinableTypes(op->getResultTypes(), inferred))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !walk.wasInterrupted();
  }

  void setType(Value value, Type type) {
    if (value.getType() == type)
      return;
    changes.emplace_back(value, value.getType());
    value.setType(type);
  }

  bool reportBranches;
  /// How many graph.if branches being refined enclose the current op.
  unsigned speculation = 0;
  /// Every type changed so far, with the type it had before.
  SmallVector<std::pair<Value, Type>> changes;
};

struct GraphInferShapesPass
    : public weft::graph::impl::GraphInferShapesBase<GraphInferShapesPass> {
  using GraphInferShapesBase::GraphInferShapesBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    FixedDimNames fixed;
    for (const std::string &text : shapes) {
      llvm::Expected<ShapeSpec> spec = parseShapeSpec(text);
      if (!spec) {
        func.emitError() << llvm::toString(spec.takeError());
        return signalPassFailure();
      }
      if (failed(applyShapeSpec(func, *spec, fixed)))
        return signalPassFailure();
    }
    applyFixedNames(func, fixed);
    ShapeRefiner refiner(reportBranches);
    for (Block &block : func.getBody())
      if (failed(refiner.refineBlock(block)))
        return signalPassFailure();
    updateFunctionSignature(func);
  }
};

} // namespace
