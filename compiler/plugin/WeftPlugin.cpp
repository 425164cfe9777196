//===- WeftPlugin.cpp - Weft's dialects and passes for mlir-opt -----------===//
//
// Entry points that stock mlir-opt-19 looks up when it loads this module with
// --load-dialect-plugin or --load-pass-plugin. Both defer to the registration
// functions that weft-opt uses, so the plugin and weft-opt see the same
// dialects and passes.
//
//===----------------------------------------------------------------------===//

#include "compiler/opt/Registration.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Weft", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            weft::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Weft", LLVM_VERSION_STRING,
          []() { weft::registerAllPasses(); }};
}
