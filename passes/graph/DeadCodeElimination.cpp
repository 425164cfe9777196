//===- DeadCodeElimination.cpp - Removing unused graph ops ----------------===//
//
// Implements graph-dce: erases unused side-effect-free ops, and the unused
// results of graph.if, so what only those results needed dies as well.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/GraphOps.h"
#include "passes/graph/FunctionSignature.h"
#include "passes/graph/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"

namespace weft::graph {
#define GEN_PASS_DEF_GRAPHDCE
#include "passes/graph/Passes.h.inc"
} // namespace weft::graph

using namespace mlir;
using namespace weft::graph;

namespace {

/// Rebuilds `op` without its unused results; both yields drop the matching
/// operands. Returns true when something was removed.
bool pruneIfResults(IfOp op) {
  llvm::BitVector unused(op.getNumResults());
  for (OpResult result : op.getResults())
    if (result.use_empty())
      unused.set(result.getResultNumber());
  if (unused.none())
    return false;
  SmallVector<Type> keptTypes;
  SmallVector<Value> kept;
  for (OpResult result : op.getResults())
    if (!unused.test(result.getResultNumber())) {
      keptTypes.push_back(result.getType());
      kept.push_back(result);
    }
  OpBuilder builder(op);
  auto pruned = builder.create<IfOp>(op.getLoc(), keptTypes, op.getCond());
  pruned->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  for (auto [from, to] :
       {std::make_pair(&op.getThenBranch(), &pruned.getThenBranch()),
        std::make_pair(&op.getElseBranch(), &pruned.getElseBranch())}) {
    to->takeBody(*from);
    if (to->empty())
      continue;
    if (auto yield = llvm::dyn_cast<YieldOp>(to->front().getTerminator()))
      if (yield.getNumOperands() == unused.size())
        yield->eraseOperands(unused);
  }
  for (auto [oldResult, newResult] : llvm::zip(kept, pruned.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  op.erase();
  return true;
}

/// One sweep over `block`, last op first so that users go before the values
/// they use. Returns true when anything changed.
bool sweep(Block &block) {
  bool changed = false;
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    if (isOpTriviallyDead(&op)) {
      op.erase();
      changed = true;
      continue;
    }
    if (auto ifOp = llvm::dyn_cast<IfOp>(op)) {
      // The pruned op replaces ifOp; sweep its regions on the next round.
      if (pruneIfResults(ifOp)) {
        changed = true;
        continue;
      }
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        changed |= sweep(nested);
  }
  return changed;
}

struct GraphDCEPass : public weft::graph::impl::GraphDCEBase<GraphDCEPass> {
  using GraphDCEBase::GraphDCEBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    bool changed = true;
    while (changed) {
      changed = false;
      for (Block &block : func.getBody())
        changed |= sweep(block);
    }
    updateFunctionSignature(func);
  }
};

} // namespace
