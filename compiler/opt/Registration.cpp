//===- Registration.cpp - Registering Weft's dialects and passes ----------===//

#include "compiler/opt/Registration.h"

#include "dialects/graph/GraphDialect.h"
#include "passes/conversion/Passes.h"
#include "passes/graph/Passes.h"
#include "passes/pipelines/CpuPipeline.h"
#include "passes/pipelines/GraphPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace weft {

void registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<graph::GraphDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::tensor::TensorDialect>();
  registerCpuBackendDialects(registry);
}

void registerAllPasses() {
  mlir::registerTransformsPasses();
  graph::registerGraphPasses();
  registerConversionPasses();
  registerGraphPipelines();
  registerCpuPipelines();
}

} // namespace weft
