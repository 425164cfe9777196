//===- ModelLoading.h - Importing and optimizing a model --------*- C++ -*-===//
//
// What `weft import` and `weft compile` share: checking the --shape flags
// against the model's inputs, running the graph optimization pipeline, and
// (for compile) requiring every input dim to be static.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_DRIVER_MODELLOADING_H
#define WEFT_COMPILER_DRIVER_MODELLOADING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace weft::driver {

/// Prints `weft: error: MESSAGE` and returns 1 (the exit code).
int reportError(const llvm::Twine &message);

/// Checks the syntax of every --shape; prints an error for the first bad one.
mlir::LogicalResult checkShapeSyntax(llvm::ArrayRef<std::string> shapes);

/// Checks that every --shape names an input of `module`.
mlir::LogicalResult checkShapeNames(mlir::ModuleOp module,
                                    llvm::ArrayRef<std::string> shapes);

/// Runs the graph optimization pipeline (or, at -O0, only shape inference
/// when shapes are given) on `module`.
mlir::LogicalResult optimizeGraph(mlir::ModuleOp module,
                                  llvm::ArrayRef<std::string> shapes,
                                  char optLevel);

/// Fails with `input 'x' dim 0 is symbolic: give --shape x=Nx3x48x320`
/// when an input of @main still has a symbolic dim.
mlir::LogicalResult checkStaticInputs(mlir::ModuleOp module);

/// Imports the ONNX model at `path` into `context` with the --bind inputs
/// (NAME=FILE.npy: input NAME is imported as a constant holding the file's
/// tensor, whose dtype and dims must fit the input's, and is no longer an
/// input),
/// checks the --shape names against its inputs and runs the graph
/// optimization pipeline at `optLevel`. Null after an error (already
/// reported).
mlir::OwningOpRef<mlir::ModuleOp>
loadOptimizedModel(mlir::MLIRContext &context, llvm::StringRef path,
                   llvm::ArrayRef<std::string> shapes, char optLevel,
                   llvm::ArrayRef<std::string> binds = {});

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_MODELLOADING_H
