//===- CpuBackend.h - Compiling linalg to a CPU shared object ---*- C++ -*-===//
//
// The CPU backend takes a module whose @main is on linalg/tensor/arith/math
// (the output of convert-graph-to-linalg), forms kernels (fusing elementwise
// consumers into their producers), tiles and vectorizes them, bufferizes,
// lowers to LLVM for the host (or a requested) CPU, links every kernel into
// one shared object with LLD, and describes the result as a CompiledModel
// (see compiler/engine/CompiledModel.h for the kernel ABI).
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_BACKENDS_CPU_CPUBACKEND_H
#define WEFT_BACKENDS_CPU_CPUBACKEND_H

#include "compiler/engine/CompiledModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>

namespace weft::cpu {

struct CpuTargetOptions {
  /// LLVM CPU name; empty means the host CPU (llvm::sys::getHostCPUName).
  std::string cpu;
  /// Extra LLVM features ("+avx2,-avx512f"); empty means the host's.
  std::string cpuFeatures;
  /// 0 to 3, as -O0..-O3.
  int optLevel = 2;
  /// When set, stop after this stage and print it: "linalg" (after fusion
  /// and tiling, before bufferization) or "llvm" (LLVM IR).
  std::string emit;
};

/// Compiles `module` (consumed: it is rewritten in place) for the CPU.
/// On `options.emit`, writes the requested IR to `emitStream` and returns an
/// empty CompiledModel.
llvm::Expected<engine::CompiledModel>
compileForCpu(mlir::ModuleOp module, const CpuTargetOptions &options,
              llvm::raw_ostream *emitStream = nullptr);

} // namespace weft::cpu

#endif // WEFT_BACKENDS_CPU_CPUBACKEND_H
