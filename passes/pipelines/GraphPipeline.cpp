//===- GraphPipeline.cpp - The graph optimization pipeline ----------------===//
//
// Shape inference with the user's input shapes, then constant folding and
// shape inference in turn (each round exposes more static dims to the next),
// BatchNormalization folding, canonicalization, CSE and dead-code
// elimination.
//
//===----------------------------------------------------------------------===//

#include "passes/pipelines/GraphPipeline.h"

#include "passes/graph/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace weft {

namespace {

/// Rounds of constant folding and shape inference. Two settle every shape
/// chain of the models in test/models: the first folds what the input shapes
/// make static, the second what the refined reshapes make static.
constexpr int kFoldRounds = 2;

struct GraphOptimizeOptions : public PassPipelineOptions<GraphOptimizeOptions> {
  ListOption<std::string> shapes{
      *this, "shapes",
      llvm::cl::desc("input shapes as NAME=D0xD1x... (a ? keeps a dim "
                     "dynamic)")};
};

} // namespace

void buildGraphOptimizationPipeline(OpPassManager &pm,
                                    const GraphPipelineOptions &options) {
  OpPassManager &func = pm.nest<func::FuncOp>();
  // Only the last shape inference warns about graph.if branches that do not
  // fit the shapes: earlier ones see branches that folding still prunes.
  graph::GraphInferShapesOptions quiet;
  quiet.reportBranches = false;
  graph::GraphInferShapesOptions inputShapes = quiet;
  inputShapes.shapes = options.shapes;
  func.addPass(graph::createGraphInferShapes(inputShapes));
  func.addPass(createCanonicalizerPass());
  for (int round = 0; round < kFoldRounds; ++round) {
    func.addPass(graph::createGraphFoldConstants());
    func.addPass(graph::createGraphInferShapes(
        round + 1 == kFoldRounds ? graph::GraphInferShapesOptions() : quiet));
  }
  func.addPass(graph::createGraphFoldBatchNorm());
  func.addPass(createCanonicalizerPass());
  func.addPass(createCSEPass());
  func.addPass(graph::createGraphDCE());
}

void registerGraphPipelines() {
  PassPipelineRegistration<GraphOptimizeOptions>(
      "graph-optimize",
      "shape inference, constant and BatchNormalization folding, "
      "canonicalization, CSE and DCE on the graph dialect",
      [](OpPassManager &pm, const GraphOptimizeOptions &options) {
        GraphPipelineOptions pipelineOptions;
        pipelineOptions.shapes.assign(options.shapes.begin(),
                                      options.shapes.end());
        buildGraphOptimizationPipeline(pm, pipelineOptions);
      });
}

} // namespace weft
