//===- FunctionSignature.cpp - Keeping func types in step -----------------===//

#include "passes/graph/FunctionSignature.h"

using namespace mlir;

namespace weft::graph {

void updateFunctionSignature(func::FuncOp func) {
  if (func.isExternal())
    return;
  auto ret =
      llvm::dyn_cast<func::ReturnOp>(func.getBody().back().getTerminator());
  if (!ret)
    return;
  func.setType(FunctionType::get(func.getContext(),
                                 func.getBody().getArgumentTypes(),
                                 ret.getOperandTypes()));
}

} // namespace weft::graph
