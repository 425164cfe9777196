//===- InferShapes.cpp - Shape propagation over the graph -----------------===//
//
// Implements graph-infer-shapes: fixes input dims from `shapes`, then refines
// each op's result types from its operands in program order.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"
#include "passes/graph/Passes.h"
#include "passes/graph/ShapeSpec.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace weft::graph {
#define GEN_PASS_DEF_GRAPHINFERSHAPES
#include "passes/graph/Passes.h.inc"
} // namespace weft::graph

using namespace mlir;
using namespace weft::graph;

namespace {

/// The more precise of two types that describe the same value, or failure
/// when they contradict each other.
FailureOr<Type> meetTypes(Type current, Type inferred) {
  auto cur = llvm::dyn_cast<TensorType>(current);
  auto inf = llvm::dyn_cast<TensorType>(inferred);
  if (!cur || !inf)
    return current == inferred ? FailureOr<Type>(current) : failure();
  if (cur.getElementType() != inf.getElementType())
    return failure();
  if (!inf.hasRank())
    return current;
  if (!cur.hasRank())
    return inferred;
  if (cur.getRank() != inf.getRank())
    return failure();
  SmallVector<int64_t> dims(cur.getShape());
  for (auto [i, d] : llvm::enumerate(inf.getShape())) {
    if (ShapedType::isDynamic(d))
      continue;
    if (!ShapedType::isDynamic(dims[i]) && dims[i] != d)
      return failure();
    dims[i] = d;
  }
  return Type(RankedTensorType::get(dims, cur.getElementType()));
}

/// Applies one --shape request to the matching function argument.
LogicalResult applyShapeSpec(func::FuncOp func, const ShapeSpec &spec) {
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
             << "--shape " << name << "=" << formatDims(spec.dims) << " has rank "
             << spec.dims.size() << " but input '" << name << "' has rank "
             << type.getRank();
    Type requested = RankedTensorType::get(spec.dims, type.getElementType());
    FailureOr<Type> merged = meetTypes(type, requested);
    if (failed(merged))
      return func.emitError()
             << "--shape " << name << "=" << formatDims(spec.dims)
             << " contradicts the model's input shape "
             << formatDims(llvm::cast<RankedTensorType>(type).getShape());
    arg.setType(*merged);
    return success();
  }
  return func.emitError() << "--shape names input '" << spec.name
                          << "', but the model's inputs are: "
                          << llvm::join(names, ", ");
}

LogicalResult refineOp(Operation *op) {
  auto iface = llvm::dyn_cast<InferTypeOpInterface>(op);
  if (!iface)
    return success();
  SmallVector<Type> inferred;
  if (failed(iface.inferReturnTypes(op->getContext(), op->getLoc(),
                                    op->getOperands(), op->getRawDictionaryAttrs(),
                                    op->getPropertiesStorage(), op->getRegions(),
                                    inferred)))
    return failure();
  if (inferred.size() != op->getNumResults())
    return op->emitOpError("inferred ") << inferred.size() << " results, has "
                                        << op->getNumResults();
  for (auto [result, type] : llvm::zip(op->getResults(), inferred)) {
    FailureOr<Type> merged = meetTypes(result.getType(), type);
    if (failed(merged))
      return op->emitOpError("result type ")
             << result.getType() << " contradicts the inferred type " << type;
    result.setType(*merged);
  }
  return success();
}

/// graph.if results take the common refinement of what both branches yield.
LogicalResult refineIf(IfOp op) {
  auto thenYield = llvm::cast<YieldOp>(op.getThenBranch().front().getTerminator());
  auto elseYield = llvm::cast<YieldOp>(op.getElseBranch().front().getTerminator());
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    Type a = thenYield.getOperand(i).getType();
    Type b = elseYield.getOperand(i).getType();
    // Only refine when both branches agree exactly; otherwise keep what the
    // result already says.
    if (a != b)
      continue;
    FailureOr<Type> merged = meetTypes(result.getType(), a);
    if (succeeded(merged))
      result.setType(*merged);
  }
  return success();
}

struct GraphInferShapesPass
    : public weft::graph::impl::GraphInferShapesBase<GraphInferShapesPass> {
  using GraphInferShapesBase::GraphInferShapesBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    for (const std::string &text : shapes) {
      llvm::Expected<ShapeSpec> spec = parseShapeSpec(text);
      if (!spec) {
        func.emitError() << llvm::toString(spec.takeError());
        return signalPassFailure();
      }
      if (failed(applyShapeSpec(func, *spec)))
        return signalPassFailure();
    }
    // Post-order visits a region's ops before the op that holds the region,
    // so graph.if sees its branches already refined. Operands are always
    // defined before use, in this block or above.
    WalkResult walk = func.walk<WalkOrder::PostOrder>([](Operation *op) {
      if (auto ifOp = llvm::dyn_cast<IfOp>(op))
        return failed(refineIf(ifOp)) ? WalkResult::interrupt()
                                      : WalkResult::advance();
      return failed(refineOp(op)) ? WalkResult::interrupt()
                                  : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    // The function's type follows its arguments and returned values.
    auto ret = llvm::cast<func::ReturnOp>(func.getBody().back().getTerminator());
    func.setType(FunctionType::get(&getContext(),
                                   func.getBody().getArgumentTypes(),
                                   ret.getOperandTypes()));
  }
};

} // namespace
