//===- ShapeSpec.cpp - Parsing of NAME=D0xD1x... input shapes -------------===//

#include "passes/graph/ShapeSpec.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace weft::graph {

Expected<ShapeSpec> parseShapeSpec(StringRef text) {
  size_t eq = text.rfind('=');
  if (eq == StringRef::npos || eq == 0)
    return createStringError(
        inconvertibleErrorCode(),
        "shape '%s' is not NAME=D0xD1x... (e.g. x=1x3x224x224)",
        text.str().c_str());
  ShapeSpec spec;
  spec.name = text.substr(0, eq).str();
  StringRef dims = text.substr(eq + 1).trim();
  if (dims.empty())
    return spec;
  SmallVector<StringRef> parts;
  dims.split(parts, 'x');
  for (StringRef part : parts) {
    part = part.trim();
    if (part == "?") {
      spec.dims.push_back(mlir::ShapedType::kDynamic);
      continue;
    }
    int64_t value;
    if (part.empty() || part.getAsInteger(10, value) || value < 0)
      return createStringError(
          inconvertibleErrorCode(),
          "shape '%s': dim '%s' is not a non-negative integer or '?'",
          text.str().c_str(), part.str().c_str());
    spec.dims.push_back(value);
  }
  return spec;
}

std::string formatDims(ArrayRef<int64_t> dims) {
  if (dims.empty())
    return "scalar";
  std::string out;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i)
      out += 'x';
    out += mlir::ShapedType::isDynamic(dims[i]) ? std::string("?")
                                                : std::to_string(dims[i]);
  }
  return out;
}

} // namespace weft::graph
