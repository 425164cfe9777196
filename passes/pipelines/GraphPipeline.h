//===- GraphPipeline.h - The graph optimization pipeline --------*- C++ -*-===//
//
// The pipeline `weft import` (and every target's compile) starts with:
// shape inference, constant folding, canonicalization, BatchNormalization
// folding and dead-code elimination on the graph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_PASSES_PIPELINES_GRAPHPIPELINE_H
#define WEFT_PASSES_PIPELINES_GRAPHPIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace weft {

struct GraphPipelineOptions {
  /// Input shapes as NAME=D0xD1x... (see passes/graph/ShapeSpec.h).
  std::vector<std::string> shapes;
};

/// Adds the graph optimization pipeline to `pm` (which runs on a ModuleOp).
void buildGraphOptimizationPipeline(mlir::OpPassManager &pm,
                                    const GraphPipelineOptions &options);

/// Registers the pipeline as `graph-optimize` for weft-opt and mlir-opt.
void registerGraphPipelines();

} // namespace weft

#endif // WEFT_PASSES_PIPELINES_GRAPHPIPELINE_H
