//===- Reference.h - Running ONNX Runtime as the reference ------*- C++ -*-===//
//
// `weft verify` runs the model with ONNX Runtime through the Node script
// test/reference/ort-run.js (the npm package onnxruntime-node, installed on
// first use into $WEFT_NPM_CACHE, default ~/.cache/weft/npm).
// $WEFT_NODE names the node binary (default: node on PATH) and
// $WEFT_ORT_SCRIPT the script (default: the one in the source tree weft was
// built from).
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_DRIVER_REFERENCE_H
#define WEFT_COMPILER_DRIVER_REFERENCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace weft::driver {

/// Runs `modelPath` with ONNX Runtime on the inputs (name, .npy file) and
/// writes its outputs as `outputDir/<sanitized name>.npy`; `threads` 0 is
/// ONNX Runtime's default.
llvm::Error
runOrtReference(llvm::StringRef modelPath,
                llvm::ArrayRef<std::pair<std::string, std::string>> inputFiles,
                llvm::StringRef outputDir, int threads);

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_REFERENCE_H
