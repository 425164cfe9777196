//===- Diagnostics.h - How weft prints errors -------------------*- C++ -*-===//

#ifndef WEFT_COMPILER_DRIVER_DIAGNOSTICS_H
#define WEFT_COMPILER_DRIVER_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"

namespace weft::driver {

/// Prints every diagnostic on `context` to stderr, one line each:
/// `MODEL.onnx: error: node 'NAME': message` for a diagnostic located at an
/// ONNX node (the node is named once, even when the message names it too),
/// `FILE: error: message` for one located in a file, `weft: error: message`
/// otherwise. Attached notes follow as `...: note: ...` lines.
class DiagnosticPrinter : public mlir::ScopedDiagnosticHandler {
public:
  explicit DiagnosticPrinter(mlir::MLIRContext *context);
};

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_DIAGNOSTICS_H
