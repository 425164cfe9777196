//===- FreeBuffers.cpp - Freeing kernel temporaries -----------------------===//
//
// Kernels return nothing and bufferization writes results in place, so a
// temporary never outlives the block that allocates it.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUFREEBUFFERS
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

/// Whether `value` or a view of it reaches a terminator (escapes its block).
bool escapesBlock(Value value) {
  for (Operation *user : value.getUsers()) {
    if (user->hasTrait<OpTrait::IsTerminator>())
      return true;
    if (isa<ViewLikeOpInterface>(user) || isa<memref::CastOp>(user))
      for (Value result : user->getResults())
        if (escapesBlock(result))
          return true;
  }
  return false;
}

class FreeBuffers : public impl::CpuFreeBuffersBase<FreeBuffers> {
public:
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk(
        [&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    for (memref::AllocOp alloc : allocs) {
      if (escapesBlock(alloc.getResult())) {
        alloc.emitError("cpu backend: a temporary buffer escapes its block");
        return signalPassFailure();
      }
      OpBuilder builder(alloc->getBlock()->getTerminator());
      builder.create<memref::DeallocOp>(alloc.getLoc(), alloc.getResult());
    }
  }
};

} // namespace
} // namespace weft::cpu
