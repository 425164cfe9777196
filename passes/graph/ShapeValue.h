//===- ShapeValue.h - What is known about small integer tensors -*- C++ -*-===//
//
// Exporters compute shapes at run time: Shape, then Gather/Slice of its
// elements, Cast, Concat with constants, and feed the result to Reshape,
// Expand or ConstantOfShape. A ShapeValue follows such a small integer tensor
// back to its sources and says, element by element, whether it is a constant,
// a (dynamic) dim of some tensor, or unknown. graph-fold-constants uses it to
// fold these chains even when only some dims are static.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_GRAPH_SHAPEVALUE_H
#define WEFT_PASSES_GRAPH_SHAPEVALUE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace weft::graph {

/// One element of a small integer tensor.
struct ShapeElement {
  enum class Kind { Unknown, Constant, DimOf };
  Kind kind = Kind::Unknown;
  /// The value of a Constant element.
  int64_t value = 0;
  /// A DimOf element is dim `dim` of `source` (a dynamic dim).
  mlir::Value source;
  int64_t dim = 0;

  static ShapeElement unknown() { return {}; }
  static ShapeElement constant(int64_t v) {
    ShapeElement e;
    e.kind = Kind::Constant;
    e.value = v;
    return e;
  }
  static ShapeElement dimOf(mlir::Value source, int64_t dim) {
    ShapeElement e;
    e.kind = Kind::DimOf;
    e.source = source;
    e.dim = dim;
    return e;
  }
  bool isConstant() const { return kind == Kind::Constant; }
  bool isUnknown() const { return kind == Kind::Unknown; }
  bool operator==(const ShapeElement &other) const {
    return kind == other.kind && value == other.value &&
           source == other.source && dim == other.dim;
  }
};

/// The elements of a rank-0 (`isScalar`) or rank-1 integer tensor.
struct ShapeValue {
  bool isScalar = false;
  llvm::SmallVector<ShapeElement> elements;

  /// The element values when every element is a constant.
  std::optional<llvm::SmallVector<int64_t>> getConstants() const;
};

/// The largest tensor (in elements) a ShapeValue describes.
constexpr int64_t kMaxShapeValueElements = 4096;

/// Follows `value` (an integer or i1 tensor of rank 0 or 1 with a static
/// size) back through the shape-computing ops. Returns all-unknown elements
/// for a producer it cannot see through, and nullopt when `value` is not such
/// a tensor.
std::optional<ShapeValue> analyzeShapeValue(mlir::Value value);

/// `values` as a dense attribute of `type` (an integer or i1 tensor type),
/// truncated to the element width.
mlir::DenseElementsAttr makeIntElements(mlir::RankedTensorType type,
                                        llvm::ArrayRef<int64_t> values);

} // namespace weft::graph

#endif // WEFT_PASSES_GRAPH_SHAPEVALUE_H
