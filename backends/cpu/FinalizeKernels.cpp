//===- FinalizeKernels.cpp - Kernel ABI signatures on memrefs -------------===//
//
// Each kernel gets one memref per input and per result (results are written
// in place into theirs) and the begin/end of its parallel range; @main, whose
// only purpose was to order the kernels, goes away.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUFINALIZEKERNELS
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

bool isEmptyTensor(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return tensor.getNumElements() == 0;
}

/// The kernel-ABI memref of a tensor. A tensor without elements travels as
/// memref<1xT>, never read or written: LLVM 19's bare-pointer calling
/// convention cannot convert a memref type with a zero dim.
MemRefType toMemRef(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  if (isEmptyTensor(tensor))
    return MemRefType::get({1}, tensor.getElementType());
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

class FinalizeKernels : public impl::CpuFinalizeKernelsBase<FinalizeKernels> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kKernelAttr))
        kernels.push_back(func);
    for (func::FuncOp kernel : kernels)
      if (failed(finalize(kernel)))
        return signalPassFailure();
    if (auto main = module.lookupSymbol<func::FuncOp>("main"))
      main.erase();

    RewritePatternSet patterns(&getContext());
    tensor::populateDecomposeTensorConcatPatterns(patterns);
    if (failed(applyPatternsAndFoldGreedily(module, std::move(patterns))))
      return signalPassFailure();
  }

private:
  LogicalResult finalize(func::FuncOp kernel) {
    FunctionType type = kernel.getFunctionType();
    for (Type t :
         llvm::concat<const Type>(type.getInputs(), type.getResults())) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      if (!tensor || !tensor.hasStaticShape())
        return kernel.emitError("cpu backend: kernel '")
               << kernel.getSymName() << "' has a non-static tensor type " << t;
    }
    OpBuilder builder(&getContext());
    Block &entry = kernel.getBody().front();
    Location loc = kernel.getLoc();

    // New arguments: input memrefs replace the tensor arguments, then the
    // result memrefs, begin and end.
    SmallVector<Type> argTypes;
    for (Type t : type.getInputs())
      argTypes.push_back(toMemRef(t));
    for (Type t : type.getResults())
      argTypes.push_back(toMemRef(t));
    argTypes.push_back(builder.getIndexType());
    argTypes.push_back(builder.getIndexType());

    unsigned numInputs = type.getNumInputs();
    builder.setInsertionPointToStart(&entry);
    for (unsigned i = 0; i < numInputs; ++i) {
      BlockArgument tensorArg = entry.getArgument(i);
      BlockArgument memrefArg = entry.addArgument(argTypes[i], loc);
      if (isEmptyTensor(tensorArg.getType())) {
        // No element to read: any tensor of the type will do.
        auto type = cast<RankedTensorType>(tensorArg.getType());
        Value empty = builder.create<tensor::EmptyOp>(loc, type.getShape(),
                                                      type.getElementType());
        tensorArg.replaceAllUsesWith(empty);
        continue;
      }
      auto toTensor = builder.create<bufferization::ToTensorOp>(
          loc, tensorArg.getType(), memrefArg, /*restrict=*/true,
          /*writable=*/false);
      tensorArg.replaceAllUsesWith(toTensor.getResult());
    }
    SmallVector<Value> outputs;
    for (unsigned i = numInputs; i < argTypes.size() - 2; ++i)
      outputs.push_back(entry.addArgument(argTypes[i], loc));
    Value begin = entry.addArgument(builder.getIndexType(), loc);
    Value end = entry.addArgument(builder.getIndexType(), loc);
    entry.eraseArguments(0, numInputs);

    auto ret = cast<func::ReturnOp>(entry.getTerminator());
    builder.setInsertionPoint(ret);
    for (auto [value, output] : llvm::zip(ret.getOperands(), outputs)) {
      if (isEmptyTensor(value.getType()))
        continue; // nothing to write
      auto materialize =
          builder.create<bufferization::MaterializeInDestinationOp>(loc, value,
                                                                    output);
      materialize.setRestrict(true);
      materialize.setWritable(true);
    }
    builder.create<func::ReturnOp>(ret.getLoc());
    ret.erase();
    kernel.setFunctionType(builder.getFunctionType(argTypes, {}));

    // The parallel loop runs [begin, end) of the work items.
    kernel.walk([&](scf::ForOp loop) {
      auto chunk = loop->getAttrOfType<IntegerAttr>(kParallelChunkAttr);
      if (!chunk)
        return;
      builder.setInsertionPoint(loop);
      Value step = builder.create<arith::ConstantIndexOp>(loc, chunk.getInt());
      loop.getLowerBoundMutable().assign(
          builder.create<arith::MulIOp>(loc, begin, step));
      loop.getUpperBoundMutable().assign(
          builder.create<arith::MulIOp>(loc, end, step));
    });
    return success();
  }
};

} // namespace
} // namespace weft::cpu
