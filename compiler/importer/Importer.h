//===- Importer.h - ONNX model -> graph dialect -----------------*- C++ -*-===//
//
// The entry point of the ONNX importer. It reads an `.onnx` file (and the
// external-data files it references), maps every node onto the graph dialect
// with opset-normalized semantics, and returns `module { func.func @main }`.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_IMPORTER_IMPORTER_H
#define WEFT_COMPILER_IMPORTER_IMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace weft::importer {

/// The default-domain opset versions the importer maps onto the graph dialect.
constexpr int64_t kMinSupportedOpset = 1;
constexpr int64_t kMaxSupportedOpset = 18;

/// Imports the ONNX model in the file at `path`. Loads the dialects it needs
/// into `context`. Every problem is reported as an error diagnostic on
/// `context` (located at the offending node where there is one) and yields a
/// null module; nothing in the file can crash or hang the importer.
/// Values given at compile time for graph inputs (`weft compile --bind`):
/// each named input is imported as a constant instead of an argument of
/// @main, so that operators needing a constant there (Resize scales, axes,
/// pads, ...) see one.
using InputBindings = llvm::StringMap<mlir::DenseElementsAttr>;

/// The length and element shapes of each sequence-typed graph input, given
/// at compile time (`weft compile --shape x=seq(2x3,4x3)`): input `x` is
/// imported as one argument of @main per element, named `x[0]`, `x[1]`, ...
/// (its element type comes from the model). A sequence-typed graph output
/// likewise becomes one result per element, `y[0]`, `y[1]`, ...
using SequenceInputShapes =
    llvm::StringMap<llvm::SmallVector<llvm::SmallVector<int64_t>>>;

mlir::OwningOpRef<mlir::ModuleOp>
importOnnxFile(llvm::StringRef path, mlir::MLIRContext &context,
               const InputBindings *bindings = nullptr,
               const SequenceInputShapes *sequences = nullptr);

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_IMPORTER_H
