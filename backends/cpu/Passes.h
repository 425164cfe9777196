//===- Passes.h - CPU backend passes ----------------------------*- C++ -*-===//

#ifndef WEFT_BACKENDS_CPU_PASSES_H
#define WEFT_BACKENDS_CPU_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace weft::cpu {

/// Attribute names shared by the passes and the backend.
constexpr llvm::StringLiteral kKernelAttr = "weft.kernel";
constexpr llvm::StringLiteral kNodesAttr = "weft.nodes";
constexpr llvm::StringLiteral kWorkloadAttr = "weft.workload";
constexpr llvm::StringLiteral kParallelExtentAttr = "weft.parallel_extent";
constexpr llvm::StringLiteral kParallelChunkAttr = "weft.parallel_chunk";
/// Prefix of the exported ABI entry of kernel `@NAME`: `weft_NAME`.
constexpr llvm::StringLiteral kEntryPrefix = "weft_";

#define GEN_PASS_DECL
#include "backends/cpu/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/cpu/Passes.h.inc"

} // namespace weft::cpu

#endif // WEFT_BACKENDS_CPU_PASSES_H
