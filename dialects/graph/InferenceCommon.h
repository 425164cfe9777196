//===- InferenceCommon.h - Shared pieces of graph type inference -*- C++
//-*-===//
//
// Private to dialects/graph: small helpers the type-inference files and the
// verifiers share.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_INFERENCECOMMON_H
#define WEFT_DIALECTS_GRAPH_INFERENCECOMMON_H

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

namespace weft::graph {

using Shape = llvm::SmallVector<int64_t>;
using MaybeShape = std::optional<Shape>;

constexpr int64_t kDyn = mlir::ShapedType::kDynamic;

inline bool isDyn(int64_t d) { return mlir::ShapedType::isDynamic(d); }

/// A ranked (or, for nullopt, unranked) tensor type.
inline mlir::Type tensorOf(const MaybeShape &shape, mlir::Type elementType) {
  if (!shape)
    return mlir::UnrankedTensorType::get(elementType);
  return mlir::RankedTensorType::get(*shape, elementType);
}

/// Broadcasts the shapes of `values`; nullopt when any is unranked. Emits a
/// node error naming the shapes on a static mismatch.
mlir::FailureOr<MaybeShape> broadcastValues(mlir::ValueRange values,
                                            std::optional<mlir::Location> loc,
                                            llvm::StringRef opName);

/// The output size of one spatial dim of a convolution or pooling window, or
/// kDyn when `in` is dynamic.
int64_t windowOutputSize(int64_t in, int64_t kernel, int64_t stride,
                         int64_t dilation, int64_t padBegin, int64_t padEnd,
                         bool ceilMode);

/// Checks an auto_pad string.
bool isValidAutoPad(llvm::StringRef autoPad);

/// Inference of a sliding-window op (conv or pool) over `x`'s spatial dims.
/// `kernel` holds one entry per spatial dim (kDyn where unknown). Checks the
/// lengths and values of `strides`, `dilations` and `pads`. Returns the
/// spatial output dims (kDyn where unknown).
mlir::FailureOr<Shape> inferWindowDims(
    llvm::ArrayRef<int64_t> spatialIn, llvm::ArrayRef<int64_t> kernel,
    std::optional<llvm::ArrayRef<int64_t>> strides,
    std::optional<llvm::ArrayRef<int64_t>> dilations,
    std::optional<llvm::ArrayRef<int64_t>> pads, llvm::StringRef autoPad,
    bool ceilMode, std::optional<mlir::Location> loc, llvm::StringRef opName);

/// Checks that window attributes have `n` entries and sane values, without
/// knowing the input shape.
mlir::LogicalResult
checkWindowAttrs(size_t n, std::optional<llvm::ArrayRef<int64_t>> strides,
                 std::optional<llvm::ArrayRef<int64_t>> dilations,
                 std::optional<llvm::ArrayRef<int64_t>> pads,
                 llvm::StringRef autoPad, std::optional<mlir::Location> loc,
                 llvm::StringRef opName);

/// Normalizes `axes` against `rank`: each in range, none repeated. Emits a
/// node error naming `what` otherwise.
mlir::FailureOr<llvm::SmallVector<int64_t>>
normalizeAxes(llvm::ArrayRef<int64_t> axes, int64_t rank, llvm::StringRef what,
              std::optional<mlir::Location> loc, llvm::StringRef opName);

/// The static length of a 1-D tensor value, nullopt when unknown; fails with
/// a node error when the value is ranked but not 1-D.
mlir::FailureOr<std::optional<int64_t>>
get1DLength(mlir::Value value, llvm::StringRef what,
            std::optional<mlir::Location> loc, llvm::StringRef opName);

/// The result dims of ONNX Reshape of `input` (nullopt: unranked) to the
/// requested `target` dims (with 0 and -1).
mlir::FailureOr<Shape> computeReshapeDims(const MaybeShape &input,
                                          llvm::ArrayRef<int64_t> target,
                                          bool allowZero,
                                          std::optional<mlir::Location> loc,
                                          llvm::StringRef opName);

/// The permutation of a transpose (the reverse when `perm` is absent),
/// checked against `rank`.
mlir::FailureOr<llvm::SmallVector<int64_t>>
getTransposePerm(std::optional<llvm::ArrayRef<int64_t>> perm, int64_t rank,
                 std::optional<mlir::Location> loc, llvm::StringRef opName);

/// Clamped start, and length, of one ONNX Slice axis of size `dim`; `step`
/// must not be 0.
std::pair<int64_t, int64_t> computeSliceRange(int64_t dim, int64_t start,
                                              int64_t end, int64_t step);

/// The clamped [start, end) range of ONNX Shape over a tensor of `rank`.
std::pair<int64_t, int64_t> computeShapeRange(int64_t rank, int64_t start,
                                              std::optional<int64_t> end);

/// Number of directions of a recurrent op, or nullopt for an unknown string.
std::optional<int64_t> getNumDirections(llvm::StringRef direction);

/// The verifier and type inference shared by the Reduce* ops (`axes` absent
/// or empty: all axes, or none with `noopWithEmptyAxes`) and by the Arg* ops
/// (one axis, i64 result); defined in ReductionOps.cpp.
mlir::LogicalResult verifyReduction(mlir::Operation *op, int64_t keepdims,
                                    int64_t noopWithEmptyAxes);
mlir::LogicalResult inferReduction(mlir::Value data,
                                   mlir::DenseI64ArrayAttr axes,
                                   int64_t keepdims, int64_t noopWithEmptyAxes,
                                   std::optional<mlir::Location> loc,
                                   llvm::StringRef opName,
                                   llvm::SmallVectorImpl<mlir::Type> &types);
mlir::LogicalResult verifyArgReduction(mlir::Operation *op, mlir::Value data,
                                       int64_t keepdims,
                                       int64_t selectLastIndex);
mlir::LogicalResult inferArgReduction(mlir::Value data, int64_t axis,
                                      int64_t keepdims,
                                      std::optional<mlir::Location> loc,
                                      llvm::StringRef opName,
                                      llvm::SmallVectorImpl<mlir::Type> &types);

} // namespace weft::graph

#endif // WEFT_DIALECTS_GRAPH_INFERENCECOMMON_H
