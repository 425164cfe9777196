//===- GraphOps.cpp - Operations of the graph dialect ---------------------===//
//
// Op verifiers and the generated op definitions. Type inference lives in
// TypeInference.cpp, folders in Folders.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace weft::graph;

bool weft::graph::areRefinableTypes(TypeRange declared, TypeRange inferred) {
  if (declared.size() != inferred.size())
    return false;
  for (auto [d, i] : llvm::zip(declared, inferred)) {
    if (d == i)
      continue;
    auto dt = llvm::dyn_cast<TensorType>(d);
    auto it = llvm::dyn_cast<TensorType>(i);
    if (!dt || !it || dt.getElementType() != it.getElementType())
      return false;
    if (failed(verifyCompatibleShape(dt, it)))
      return false;
  }
  return true;
}

#define GET_OP_CLASSES
#include "dialects/graph/GraphOps.cpp.inc"
