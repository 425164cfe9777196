//===- ModelLoading.cpp - Importing and optimizing a model ----------------===//

#include "compiler/driver/ModelLoading.h"
#include "compiler/driver/Npy.h"
#include "compiler/driver/SequenceShapes.h"
#include "compiler/importer/Importer.h"

#include "passes/graph/Passes.h"
#include "passes/graph/ShapeSpec.h"
#include "passes/pipelines/GraphPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace weft::driver {

int reportError(const llvm::Twine &message) {
  // What was printed so far comes first on a terminal that shows both.
  llvm::outs().flush();
  llvm::errs() << "weft: error: " << message << "\n";
  return 1;
}

LogicalResult checkShapeSyntax(llvm::ArrayRef<std::string> shapes) {
  std::vector<std::string> tensorShapes;
  importer::SequenceInputShapes sequences;
  if (llvm::Error error = splitShapeFlags(shapes, tensorShapes, sequences)) {
    reportError("invalid --shape: " + toString(std::move(error)));
    return failure();
  }
  for (const std::string &text : tensorShapes)
    if (llvm::Expected<graph::ShapeSpec> spec = graph::parseShapeSpec(text);
        !spec) {
      reportError("invalid --shape '" + text +
                  "': " + toString(spec.takeError()));
      return failure();
    }
  return success();
}

LogicalResult checkShapeNames(ModuleOp module,
                              llvm::ArrayRef<std::string> shapes) {
  llvm::StringSet<> inputNames;
  std::string inputList;
  module.walk([&](func::FuncOp func) {
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      if (auto name = func.getArgAttrOfType<StringAttr>(i, "graph.name")) {
        inputNames.insert(name.getValue());
        inputList += (inputList.empty() ? "" : ", ") + name.str();
      }
  });
  for (const std::string &text : shapes) {
    llvm::Expected<graph::ShapeSpec> spec = graph::parseShapeSpec(text);
    if (!spec) {
      reportError("invalid --shape '" + text +
                  "': " + toString(spec.takeError()));
      return failure();
    }
    if (!inputNames.contains(spec->name)) {
      reportError("--shape '" + text +
                  "' names no input of the model (inputs: " +
                  (inputList.empty() ? std::string("none") : inputList) + ")");
      return failure();
    }
  }
  return success();
}

LogicalResult optimizeGraph(ModuleOp module, llvm::ArrayRef<std::string> shapes,
                            char optLevel) {
  PassManager pm(module.getContext());
  std::vector<std::string> shapeList(shapes.begin(), shapes.end());
  if (optLevel == '0') {
    if (shapeList.empty())
      return success();
    graph::GraphInferShapesOptions options;
    options.shapes = shapeList;
    pm.addNestedPass<func::FuncOp>(graph::createGraphInferShapes(options));
  } else {
    GraphPipelineOptions options;
    options.shapes = shapeList;
    buildGraphOptimizationPipeline(pm, options);
  }
  return pm.run(module);
}

LogicalResult checkStaticInputs(ModuleOp module) {
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (!main) {
    reportError("the model has no @main function");
    return failure();
  }
  for (unsigned i = 0; i < main.getNumArguments(); ++i) {
    auto type = llvm::dyn_cast<RankedTensorType>(main.getArgument(i).getType());
    auto nameAttr = main.getArgAttrOfType<StringAttr>(i, "graph.name");
    std::string name =
        nameAttr ? nameAttr.getValue().str() : "#" + std::to_string(i);
    if (!type) {
      reportError("input '" + name + "' has no known rank: give --shape " +
                  name + "=D0xD1x...");
      return failure();
    }
    if (type.hasStaticShape())
      continue;
    auto dimNames = main.getArgAttrOfType<ArrayAttr>(i, "graph.dim_names");
    // The suggestion spells each symbolic dim by its ONNX name (or N).
    std::string suggestion;
    int64_t firstDynamic = -1;
    for (auto [d, dim] : llvm::enumerate(type.getShape())) {
      if (d)
        suggestion += "x";
      if (!ShapedType::isDynamic(dim)) {
        suggestion += std::to_string(dim);
        continue;
      }
      if (firstDynamic < 0)
        firstDynamic = d;
      std::string dimName;
      if (dimNames && d < dimNames.size())
        if (auto text = llvm::dyn_cast<StringAttr>(dimNames[d]))
          dimName = text.getValue().str();
      suggestion += dimName.empty() ? "N" : "<" + dimName + ">";
    }
    reportError("input '" + name + "' dim " + std::to_string(firstDynamic) +
                " is symbolic: give --shape " + name + "=" + suggestion);
    return failure();
  }
  return success();
}

namespace {

/// The MLIR element type of a .npy dtype (unsigned ints are unsigned, as the
/// importer makes them).
Type elementTypeOf(engine::DType dtype, MLIRContext *ctx) {
  using engine::DType;
  switch (dtype) {
  case DType::F32:
    return Float32Type::get(ctx);
  case DType::F16:
    return Float16Type::get(ctx);
  case DType::BF16:
    return BFloat16Type::get(ctx);
  case DType::F64:
    return Float64Type::get(ctx);
  case DType::I8:
    return IntegerType::get(ctx, 8);
  case DType::I16:
    return IntegerType::get(ctx, 16);
  case DType::I32:
    return IntegerType::get(ctx, 32);
  case DType::I64:
    return IntegerType::get(ctx, 64);
  case DType::U8:
    return IntegerType::get(ctx, 8, IntegerType::Unsigned);
  case DType::U16:
    return IntegerType::get(ctx, 16, IntegerType::Unsigned);
  case DType::U32:
    return IntegerType::get(ctx, 32, IntegerType::Unsigned);
  case DType::U64:
    return IntegerType::get(ctx, 64, IntegerType::Unsigned);
  case DType::Bool:
    return IntegerType::get(ctx, 1);
  }
  return Type();
}

} // namespace

LogicalResult readBindings(MLIRContext &context,
                           llvm::ArrayRef<std::string> binds,
                           importer::InputBindings &bindings) {
  for (const std::string &bind : binds) {
    auto [name, file] = llvm::StringRef(bind).split('=');
    if (name.empty() || file.empty()) {
      reportError("--bind '" + bind + "' is not NAME=FILE.npy");
      return failure();
    }
    llvm::Expected<NpyArray> array = readNpyFile(file);
    if (!array) {
      reportError("--bind " + name + ": " + llvm::toString(array.takeError()));
      return failure();
    }
    Type element = elementTypeOf(array->dtype, &context);
    auto type = RankedTensorType::get(array->shape, element);
    if (element.isInteger(1)) {
      SmallVector<bool> bits(array->data.begin(), array->data.end());
      bindings[name] = DenseElementsAttr::get(type, llvm::ArrayRef<bool>(bits));
    } else {
      llvm::ArrayRef<char> raw(
          reinterpret_cast<const char *>(array->data.data()),
          array->data.size());
      bindings[name] = DenseElementsAttr::getFromRawBuffer(type, raw);
    }
  }
  return success();
}

OwningOpRef<ModuleOp> loadOptimizedModel(MLIRContext &context,
                                         llvm::StringRef path,
                                         llvm::ArrayRef<std::string> shapes,
                                         char optLevel,
                                         llvm::ArrayRef<std::string> binds) {
  importer::InputBindings bindings;
  if (failed(readBindings(context, binds, bindings)))
    return nullptr;
  // A sequence input's shape goes to the importer, which makes its elements
  // inputs; the graph passes then see one tensor shape per element.
  std::vector<std::string> tensorShapes;
  importer::SequenceInputShapes sequences;
  if (llvm::Error error = splitShapeFlags(shapes, tensorShapes, sequences)) {
    reportError("invalid --shape: " + toString(std::move(error)));
    return nullptr;
  }
  OwningOpRef<ModuleOp> module =
      importer::importOnnxFile(path, context, &bindings, &sequences);
  if (!module || failed(checkShapeNames(*module, tensorShapes)) ||
      failed(optimizeGraph(*module, tensorShapes, optLevel)))
    return nullptr;
  return module;
}

} // namespace weft::driver
