//===- FreeBuffers.cpp - Freeing kernel temporaries -----------------------===//
//
// Kernels return nothing and bufferization writes results in place, so a
// temporary never outlives the block that allocates it, except a buffer an
// scf.if branch yields: that one moves to the if's block.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUFREEBUFFERS
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

/// Follows `value` through views and the scf.if results it is yielded as.
/// Returns the outermost scf.if it leaves its block through (null when it
/// stays in its block), or failure when it escapes any other way (a
/// function return, a loop's yield).
FailureOr<Operation *> outermostIfEscape(Value value) {
  Operation *outermost = nullptr;
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ViewLikeOpInterface>(user) || isa<memref::CastOp>(user)) {
        for (Value result : user->getResults())
          worklist.push_back(result);
        continue;
      }
      if (!user->hasTrait<OpTrait::IsTerminator>())
        continue;
      auto ifOp = dyn_cast<scf::IfOp>(user->getParentOp());
      if (!isa<scf::YieldOp>(user) || !ifOp)
        return failure();
      outermost = ifOp;
      worklist.push_back(ifOp->getResult(use.getOperandNumber()));
    }
  }
  return outermost;
}

class FreeBuffers : public impl::CpuFreeBuffersBase<FreeBuffers> {
public:
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk(
        [&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    for (memref::AllocOp alloc : allocs) {
      FailureOr<Operation *> escape = outermostIfEscape(alloc.getResult());
      if (failed(escape) || (*escape && alloc->getNumOperands() != 0)) {
        alloc.emitError("cpu backend: a temporary buffer escapes its block");
        return signalPassFailure();
      }
      // A buffer a branch yields lives in the block of the (outermost) if.
      if (*escape)
        alloc->moveBefore(*escape);
      OpBuilder builder(alloc->getBlock()->getTerminator());
      builder.create<memref::DeallocOp>(alloc.getLoc(), alloc.getResult());
    }
  }
};

} // namespace
} // namespace weft::cpu
