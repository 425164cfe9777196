//===- Registration.h - Registering Weft's dialects and passes --*- C++ -*-===//
//
// One place that knows every dialect and pass a Weft tool needs; weft-opt,
// the weft driver and the mlir-opt plugin all call it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_OPT_REGISTRATION_H
#define WEFT_COMPILER_OPT_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace weft {

/// Adds Weft's dialects and the upstream dialects its IR uses (func, arith,
/// tensor, ...) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers Weft's passes and pipelines, plus the upstream passes used in
/// its pipelines (canonicalize, cse, ...), with the global pass registry.
void registerAllPasses();

} // namespace weft

#endif // WEFT_COMPILER_OPT_REGISTRATION_H
