//===- FunctionExpansion.h - ONNX operators defined by functions -*- C++ -*-===//
//
// ONNX defines some operators by a function body made of other operators
// (LogSoftmax, the loss ops, LayerNormalization, Range, CastLike, the window
// functions, ...), some of them built per node from its attributes and input
// types. The importer inlines such a body for an operator it has no converter
// for; the body's operators are then imported like any other node.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_IMPORTER_FUNCTIONEXPANSION_H
#define WEFT_COMPILER_IMPORTER_FUNCTIONEXPANSION_H

#include "onnx/onnx_pb.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace weft::importer {

/// True when the default-domain operator `opType` at `opset` has an ONNX
/// function body (fixed or built per node).
bool hasOnnxFunction(llvm::StringRef opType, int64_t opset);

/// The function body of the default-domain `node` at `opset`, built with the
/// types of its inputs (`inputTypes`, one per node input; an absent input
/// has an empty TypeProto). On failure returns nullopt and sets `error`.
std::optional<onnx::FunctionProto>
buildFunctionBody(const onnx::NodeProto &node, int64_t opset,
                  const std::vector<onnx::TypeProto> &inputTypes,
                  std::string &error);

/// The schema's default for attribute `attrName` of `opType` at `opset`, or
/// null when it has none.
const onnx::AttributeProto *schemaDefault(llvm::StringRef opType,
                                          int64_t opset,
                                          llvm::StringRef attrName);

/// The ONNX type of a value of MLIR type `type` (element type and, when
/// ranked, the dims; a dynamic dim has no value).
onnx::TypeProto toOnnxType(mlir::Type type);

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_FUNCTIONEXPANSION_H
