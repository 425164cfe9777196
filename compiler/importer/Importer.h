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

mlir::OwningOpRef<mlir::ModuleOp>
importOnnxFile(llvm::StringRef path, mlir::MLIRContext &context,
               const InputBindings *bindings = nullptr);

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_IMPORTER_H
