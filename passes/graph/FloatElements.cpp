//===- FloatElements.cpp - Floating-point constants as doubles ------------===//

#include "passes/graph/FloatElements.h"

#include "dialects/graph/GraphUtils.h"

using namespace mlir;

namespace weft::graph {

std::optional<SmallVector<double>> getConstantFloats(Value value) {
  DenseElementsAttr attr = getConstantElements(value);
  if (!attr || !llvm::isa<FloatType>(attr.getElementType()))
    return std::nullopt;
  SmallVector<double> values;
  values.reserve(attr.getNumElements());
  for (APFloat v : attr.getValues<APFloat>()) {
    bool losesInfo = false;
    v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
    values.push_back(v.convertToDouble());
  }
  return values;
}

DenseElementsAttr makeFloatElements(RankedTensorType type,
                                    ArrayRef<double> values) {
  auto elementType = llvm::cast<FloatType>(type.getElementType());
  SmallVector<APFloat> rounded;
  rounded.reserve(values.size());
  for (double v : values) {
    APFloat f(v);
    bool losesInfo = false;
    f.convert(elementType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &losesInfo);
    rounded.push_back(f);
  }
  return DenseElementsAttr::get(type, rounded);
}

} // namespace weft::graph
