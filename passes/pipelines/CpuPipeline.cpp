//===- CpuPipeline.cpp - The CPU backend's pass pipelines -----------------===//
//
// cpu-build-kernels: kernel formation, parallel split, tiling and
// vectorization on tensors. cpu-lower-to-llvm: kernel ABI signatures,
// one-shot bufferization, vector/math lowering and conversion to the LLVM
// dialect with bare-pointer memref arguments, then the exported entries.
//
//===----------------------------------------------------------------------===//

#include "passes/pipelines/CpuPipeline.h"

#include "backends/cpu/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/AllInterfaces.h"
#include "mlir/Dialect/MemRef/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/TensorTilingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace weft {

namespace {

struct CpuPipelineCliOptions
    : public PassPipelineOptions<CpuPipelineCliOptions> {
  Option<int64_t> parallelExtent{
      *this, "parallel-extent",
      llvm::cl::desc("the most pieces a kernel's parallel loop is split into"),
      llvm::cl::init(32)};
  Option<bool> vectorize{*this, "vectorize",
                         llvm::cl::desc("tile and vectorize the kernels"),
                         llvm::cl::init(true)};

  CpuPipelineOptions toOptions() const {
    CpuPipelineOptions options;
    options.parallelExtent = parallelExtent;
    options.vectorize = vectorize;
    return options;
  }
};

/// Copies between buffers become linalg.copy (then loops), never calls to
/// a runtime library the shared object would need.
LogicalResult createLinalgCopy(OpBuilder &builder, Location loc, Value from,
                               Value to) {
  builder.create<linalg::CopyOp>(loc, from, to);
  return success();
}

} // namespace

void buildCpuKernelPipeline(OpPassManager &pm,
                            const CpuPipelineOptions &options) {
  if (options.vectorize)
    pm.nest<func::FuncOp>().addPass(cpu::createCpuConvToNhwc());
  pm.addPass(cpu::createCpuFormKernels());
  cpu::CpuTileAndVectorizeOptions tiling;
  tiling.parallelExtent = options.parallelExtent;
  tiling.vectorize = options.vectorize;
  pm.nest<func::FuncOp>().addPass(cpu::createCpuTileAndVectorize(tiling));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void buildCpuLoweringPipeline(OpPassManager &pm,
                              const CpuPipelineOptions &options) {
  (void)options;
  pm.addPass(cpu::createCpuFinalizeKernels());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  bufferization::OneShotBufferizationOptions bufferization;
  bufferization.bufferizeFunctionBoundaries = false;
  bufferization.memCpyFn = createLinalgCopy;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferization));
  OpPassManager &func = pm.nest<func::FuncOp>();
  func.addPass(bufferization::createBufferLoopHoistingPass());
  func.addPass(bufferization::createBufferHoistingPass());
  func.addPass(cpu::createCpuFreeBuffers());
  func.addPass(createCanonicalizerPass());
  func.addPass(cpu::createCpuVectorizeCopies());
  func.addPass(cpu::createCpuLowerVectors());
  func.addPass(createConvertLinalgToLoopsPass());
  VectorTransferToSCFOptions vectorToScf;
  vectorToScf.enableFullUnroll();
  vectorToScf.setTargetRank(1);
  func.addPass(createConvertVectorToSCFPass(vectorToScf));
  func.addPass(cpu::createCpuLowerVectors());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(arith::createArithExpandOpsPass());
  pm.addPass(createConvertSCFToCFPass());
  pm.addPass(createCanonicalizerPass());
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  vectorToLLVM.reassociateFPReductions = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  ConvertFuncToLLVMPassOptions funcToLLVM;
  funcToLLVM.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(funcToLLVM));
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(cpu::createCpuEmitKernelWrappers());
  pm.addPass(createCanonicalizerPass());
}

void registerCpuBackendDialects(DialectRegistry &registry) {
  registry
      .insert<affine::AffineDialect, arith::ArithDialect,
              bufferization::BufferizationDialect, cf::ControlFlowDialect,
              func::FuncDialect, index::IndexDialect, linalg::LinalgDialect,
              LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
              scf::SCFDialect, tensor::TensorDialect, vector::VectorDialect>();
  linalg::registerAllDialectInterfaceImplementations(registry);
  affine::registerValueBoundsOpInterfaceExternalModels(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerValueBoundsOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  memref::registerValueBoundsOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerValueBoundsOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  tensor::registerTilingInterfaceExternalModels(registry);
  tensor::registerValueBoundsOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);
}

void registerCpuPipelines() {
  cpu::registerCpuPasses();
  PassPipelineRegistration<CpuPipelineCliOptions>(
      "cpu-build-kernels",
      "form kernels, split them for threads, tile and vectorize (the CPU "
      "backend on tensors)",
      [](OpPassManager &pm, const CpuPipelineCliOptions &options) {
        buildCpuKernelPipeline(pm, options.toOptions());
      });
  PassPipelineRegistration<CpuPipelineCliOptions>(
      "cpu-lower-to-llvm",
      "give kernels their ABI, bufferize and lower them to the LLVM dialect",
      [](OpPassManager &pm, const CpuPipelineCliOptions &options) {
        buildCpuLoweringPipeline(pm, options.toOptions());
      });
}

} // namespace weft
