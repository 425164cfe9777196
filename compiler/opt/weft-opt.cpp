//===- weft-opt.cpp - Weft's MLIR optimizer driver ------------------------===//
//
// Runs Weft's dialects and passes, plus the upstream ones they build on, on
// MLIR files: the tool behind the lit tests and the way to inspect any pass
// on its own.
//
//===----------------------------------------------------------------------===//

#include "compiler/opt/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  weft::registerAllDialects(registry);
  weft::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Weft optimizer driver\n", registry));
}
