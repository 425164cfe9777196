//===- CpuPipeline.h - The CPU backend's pass pipelines ---------*- C++ -*-===//
//
// The two halves of the CPU backend (backends/cpu): kernel formation, tiling
// and vectorization on tensors (what `--emit=linalg` shows), then
// bufferization and lowering to the LLVM dialect with one ABI wrapper per
// kernel (see compiler/engine/CompiledModel.h).
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_PIPELINES_CPUPIPELINE_H
#define WEFT_PASSES_PIPELINES_CPUPIPELINE_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

#include <cstdint>

namespace weft {

struct CpuPipelineOptions {
  /// How many pieces the runtime may split a kernel's outermost parallel
  /// loop into, at most.
  int64_t parallelExtent = 32;
  /// Tile and vectorize the kernels (off: plain loops, for debugging).
  bool vectorize = true;
};

/// Kernel formation, parallel split, tiling and vectorization on tensors:
/// @main becomes a sequence of calls to `weft.kernel` functions.
void buildCpuKernelPipeline(mlir::OpPassManager &pm,
                            const CpuPipelineOptions &options);

/// Kernel ABI signatures, bufferization and lowering to the LLVM dialect.
/// Removes @main (read the schedule from it before).
void buildCpuLoweringPipeline(mlir::OpPassManager &pm,
                              const CpuPipelineOptions &options);

/// Dialects and interface implementations the CPU pipelines need.
void registerCpuBackendDialects(mlir::DialectRegistry &registry);

/// Registers the CPU passes and the pipelines `cpu-build-kernels` and
/// `cpu-lower-to-llvm` for weft-opt and mlir-opt.
void registerCpuPipelines();

} // namespace weft

#endif // WEFT_PASSES_PIPELINES_CPUPIPELINE_H
