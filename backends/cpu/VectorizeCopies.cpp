//===- VectorizeCopies.cpp - Vector copies between buffers ----------------===//
//
// Implements cpu-vectorize-copies (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUVECTORIZECOPIES
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

/// Elements per row of a vectorized copy, at most.
constexpr int64_t kCopyLanes = 16;

bool hasContiguousRows(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type || !type.hasStaticShape() || type.getRank() == 0)
    return false;
  // i1 vectors are stored bit-packed (a bool buffer has a byte per element);
  // vector constants must be signless.
  Type element = type.getElementType();
  if (element.isInteger(1) ||
      (isa<IntegerType>(element) && !element.isSignlessInteger()))
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(getStridesAndOffset(type, strides, offset)) &&
         strides.back() == 1;
}

class VectorizeCopies : public impl::CpuVectorizeCopiesBase<VectorizeCopies> {
public:
  void runOnOperation() override {
    SmallVector<linalg::CopyOp> copies;
    getOperation().walk([&](linalg::CopyOp copy) {
      if (copy.hasPureBufferSemantics() &&
          hasContiguousRows(copy.getInputs()[0]) &&
          hasContiguousRows(copy.getOutputs()[0]))
        copies.push_back(copy);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::CopyOp copy : copies) {
      auto type = cast<MemRefType>(copy.getOutputs()[0].getType());
      ArrayRef<int64_t> shape = type.getShape();
      int64_t lanes = 1;
      for (int64_t d = std::min(shape.back(), kCopyLanes); d > 1; --d)
        if (shape.back() % d == 0) {
          lanes = d;
          break;
        }
      if (lanes == 1)
        continue;
      SmallVector<OpFoldResult> sizes(shape.size(), rewriter.getIndexAttr(1));
      sizes.back() = rewriter.getIndexAttr(lanes);
      scf::SCFTilingOptions options;
      options.setTileSizes(sizes);
      rewriter.setInsertionPoint(copy);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(copy.getOperation()), options);
      if (failed(tiled))
        continue;
      rewriter.eraseOp(copy);
      for (Operation *op : tiled->tiledOps) {
        rewriter.setInsertionPoint(op);
        if (failed(linalg::vectorize(rewriter, op)))
          return signalPassFailure();
      }
    }
  }
};

} // namespace
} // namespace weft::cpu
