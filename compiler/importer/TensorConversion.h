//===- TensorConversion.h - ONNX tensors and types to MLIR ------*- C++ -*-===//
//
// Maps ONNX element types, value types and tensor payloads (raw_data, the
// typed *_data fields, external-data files) onto MLIR types and attributes,
// checking every byte count against the shape.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_IMPORTER_TENSORCONVERSION_H
#define WEFT_COMPILER_IMPORTER_TENSORCONVERSION_H

#include "onnx/onnx_pb.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace weft::importer {

/// The MLIR element type of an ONNX `TensorProto::DataType`, or null for the
/// types the graph dialect cannot hold (string, complex, undefined, unknown).
mlir::Type convertElementType(int32_t onnxType, mlir::MLIRContext *context);

/// A readable name of an ONNX data type for messages ("float", "string").
std::string onnxTypeName(int32_t onnxType);

/// Converts an ONNX value type to a tensor type: unranked when the shape is
/// absent, `?` for dims with a dim_param or no value. When `dimNames` is
/// given it receives one entry per dim (the dim_param, or "" for a static or
/// unnamed dim). `what` starts every error message ("input 'x'").
mlir::FailureOr<mlir::TensorType>
convertValueType(const onnx::TypeProto &type, mlir::Location loc,
                 const llvm::Twine &what,
                 llvm::SmallVectorImpl<std::string> *dimNames = nullptr);

/// Converts a tensor's payload to a dense attribute of its static type.
/// External data is read relative to `modelDir`. `what` starts every error
/// message ("initializer 'w'").
mlir::FailureOr<mlir::DenseElementsAttr>
convertTensor(const onnx::TensorProto &tensor, llvm::StringRef modelDir,
              mlir::Location loc, const llvm::Twine &what);

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_TENSORCONVERSION_H
