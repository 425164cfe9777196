//===- EmitKernelWrappers.cpp - The exported kernel ABI entries -----------===//
//
// Kernels are lowered with bare-pointer memref arguments; the runtime calls
// `void weft_kernel_N(void **buffers, int64_t begin, int64_t end)`. Each
// entry loads the buffer pointers and calls the (now internal) kernel, which
// LLVM inlines.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUEMITKERNELWRAPPERS
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

class EmitKernelWrappers
    : public impl::CpuEmitKernelWrappersBase<EmitKernelWrappers> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> kernels;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>())
      if (func->hasAttr(kKernelAttr))
        kernels.push_back(func);
    for (LLVM::LLVMFuncOp kernel : kernels)
      if (failed(emitWrapper(module, kernel)))
        return signalPassFailure();
  }

private:
  LogicalResult emitWrapper(ModuleOp module, LLVM::LLVMFuncOp kernel) {
    MLIRContext *ctx = &getContext();
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    auto i64Type = IntegerType::get(ctx, 64);
    ArrayRef<Type> params = kernel.getFunctionType().getParams();
    if (params.size() < 2 || params[params.size() - 1] != i64Type ||
        params[params.size() - 2] != i64Type ||
        llvm::any_of(params.drop_back(2), [&](Type t) { return t != ptrType; }))
      return kernel.emitError("cpu backend: kernel '")
             << kernel.getSymName()
             << "' was not lowered to (ptr..., i64 begin, i64 end)";

    OpBuilder builder(ctx);
    builder.setInsertionPointAfter(kernel);
    Location loc = kernel.getLoc();
    std::string entryName = (kEntryPrefix + kernel.getSymName()).str();
    if (module.lookupSymbol(entryName))
      return kernel.emitError("cpu backend: symbol '")
             << entryName << "' already exists";
    auto entryType = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                                 {ptrType, i64Type, i64Type});
    auto entry = builder.create<LLVM::LLVMFuncOp>(loc, entryName, entryType);
    Block *body = entry.addEntryBlock(builder);
    builder.setInsertionPointToStart(body);
    SmallVector<Value> args;
    Value buffers = body->getArgument(0);
    for (int64_t i = 0, e = params.size() - 2; i < e; ++i) {
      Value slot = builder.create<LLVM::GEPOp>(loc, ptrType, ptrType, buffers,
                                               ArrayRef<LLVM::GEPArg>{i});
      args.push_back(builder.create<LLVM::LoadOp>(loc, ptrType, slot));
    }
    args.push_back(body->getArgument(1));
    args.push_back(body->getArgument(2));
    builder.create<LLVM::CallOp>(loc, kernel, args);
    builder.create<LLVM::ReturnOp>(loc, ValueRange());
    kernel.setLinkage(LLVM::Linkage::Internal);
    return success();
  }
};

} // namespace
} // namespace weft::cpu
