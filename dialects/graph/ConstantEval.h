//===- ConstantEval.h - Evaluating graph ops on constants -------*- C++ -*-===//
//
// Constant evaluation of elementwise math (with numpy broadcasting), casts
// and element-moving ops on DenseElementsAttr. Used by the graph ops' folders
// and by the graph passes. Every function returns a null attribute when it
// cannot or should not fold (unsupported types, division by zero, or a result
// over the size limit); none asserts on its inputs.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_CONSTANTEVAL_H
#define WEFT_DIALECTS_GRAPH_CONSTANTEVAL_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace weft::graph {

/// Largest float tensor a folder creates; integer and bool tensors (shapes,
/// indices, masks) fold up to kMaxFoldedIntElements.
constexpr int64_t kMaxFoldedFloatElements = int64_t(1) << 24;
constexpr int64_t kMaxFoldedIntElements = int64_t(1) << 26;

/// True when a constant of `type` (static shape) is small enough to create.
bool isFoldableResultType(mlir::Type type);

enum class BinaryKind {
  Add,
  Sub,
  Mul,
  Div,
  Pow,
  Max,
  Min,
  Equal,
  Greater,
  GreaterOrEqual,
  Less
};
enum class UnaryKind {
  Neg,
  Abs,
  Sqrt,
  Exp,
  Log,
  Relu,
  Sigmoid,
  Tanh,
  Erf,
  HardSwish,
  Not
};

/// `lhs kind rhs` with numpy broadcasting, producing `resultType` (whose
/// element type is i1 for comparisons).
mlir::DenseElementsAttr evalBinary(BinaryKind kind, mlir::DenseElementsAttr lhs,
                                   mlir::DenseElementsAttr rhs,
                                   mlir::ShapedType resultType);

/// An elementwise unary function; `resultType` has the operand's element type.
mlir::DenseElementsAttr evalUnary(UnaryKind kind, mlir::DenseElementsAttr input,
                                  mlir::ShapedType resultType);

/// ONNX Cast of `input` to `resultType`'s element type.
mlir::DenseElementsAttr evalCast(mlir::DenseElementsAttr input,
                                 mlir::ShapedType resultType);

/// ONNX Where with broadcasting.
mlir::DenseElementsAttr evalWhere(mlir::DenseElementsAttr cond,
                                  mlir::DenseElementsAttr x,
                                  mlir::DenseElementsAttr y,
                                  mlir::ShapedType resultType);

/// ONNX Clip with optional scalar bounds (null: unbounded).
mlir::DenseElementsAttr evalClip(mlir::DenseElementsAttr input,
                                 mlir::DenseElementsAttr min,
                                 mlir::DenseElementsAttr max,
                                 mlir::ShapedType resultType);

/// Builds a tensor of `resultType` whose element i is element
/// `sourceIndex(i)` of `source` (row-major linear indices). This is the core
/// of transpose, slice, gather and expand on constants.
mlir::DenseElementsAttr
selectElements(mlir::DenseElementsAttr source, mlir::ShapedType resultType,
               llvm::function_ref<int64_t(int64_t)> sourceIndex);

/// Permutes the dims of `input` by `perm`.
mlir::DenseElementsAttr evalTranspose(mlir::DenseElementsAttr input,
                                      llvm::ArrayRef<int64_t> perm,
                                      mlir::ShapedType resultType);

/// Broadcasts `input` to `resultType`'s shape (ONNX Expand).
mlir::DenseElementsAttr evalBroadcastTo(mlir::DenseElementsAttr input,
                                        mlir::ShapedType resultType);

/// Concatenates `inputs` along `axis` (already normalized).
mlir::DenseElementsAttr
evalConcat(llvm::ArrayRef<mlir::DenseElementsAttr> inputs, int64_t axis,
           mlir::ShapedType resultType);

/// ONNX Slice with explicit, complete per-axis starts/steps (normalized:
/// one entry per dim, start clamped, step != 0).
mlir::DenseElementsAttr evalSlice(mlir::DenseElementsAttr input,
                                  llvm::ArrayRef<int64_t> starts,
                                  llvm::ArrayRef<int64_t> steps,
                                  mlir::ShapedType resultType);

/// ONNX Gather along `axis` (normalized) with `indices` (negative allowed).
mlir::DenseElementsAttr evalGather(mlir::DenseElementsAttr data,
                                   llvm::ArrayRef<int64_t> indices,
                                   int64_t axis, mlir::ShapedType resultType);

/// Row-major strides of a static shape.
llvm::SmallVector<int64_t> computeStrides(llvm::ArrayRef<int64_t> shape);

} // namespace weft::graph

#endif // WEFT_DIALECTS_GRAPH_CONSTANTEVAL_H
