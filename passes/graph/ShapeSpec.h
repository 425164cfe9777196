//===- ShapeSpec.h - Parsing of NAME=D0xD1x... input shapes -----*- C++ -*-===//
//
// The `--shape NAME=1x3x48x320` syntax shared by `weft` and the
// graph-infer-shapes pass. A `?` keeps a dim dynamic.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_GRAPH_SHAPESPEC_H
#define WEFT_PASSES_GRAPH_SHAPESPEC_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace weft::graph {

/// One input's requested shape; dynamic dims hold mlir::ShapedType::kDynamic.
struct ShapeSpec {
  std::string name;
  llvm::SmallVector<int64_t> dims;
};

/// Parses `NAME=D0xD1x...`. The name may itself contain '=' only before the
/// last '='; a scalar is written `NAME=` with no dims.
llvm::Expected<ShapeSpec> parseShapeSpec(llvm::StringRef text);

/// Formats dims as `1x3x?x320` (`scalar` for rank 0).
std::string formatDims(llvm::ArrayRef<int64_t> dims);

} // namespace weft::graph

#endif // WEFT_PASSES_GRAPH_SHAPESPEC_H
