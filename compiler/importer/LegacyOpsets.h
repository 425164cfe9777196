//===- LegacyOpsets.h - Forms of operators before opset 7 -------*- C++ -*-===//
//
// What the converters need for the oldest ONNX operator versions (opsets 1
// to 6) and for outputs older models use: the legacy `broadcast`/`axis`
// broadcasting of binary operators, BatchNormalization with per-activation
// statistics, the type names of Cast-1, the Dropout mask, and LogSoftmax
// (its opset 1 and 11 versions have no function body). Each helper maps the
// old form onto graph ops with the semantics ONNX defines for that version.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_IMPORTER_LEGACYOPSETS_H
#define WEFT_COMPILER_IMPORTER_LEGACYOPSETS_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LogicalResult.h"

#include <optional>

namespace weft::importer {

class NodeImporter;

/// The right operand of a binary operator before opset 7 as numpy
/// broadcasting must see it. With `broadcast = 1`, B's dims line up with A's
/// from `axis` (default: B is a suffix of A), so B gets unit dims before and
/// after them; with `broadcast = 0` the shapes are equal and B is returned
/// as is. Null after an error naming the node.
mlir::Value legacyBroadcastOperand(NodeImporter &n, mlir::Value a,
                                   mlir::Value b);

/// BatchNormalization before opset 9 with `spatial = 0`: statistics per
/// activation (scale, B, mean, var of shape C x D1 x ... x Dn), computed as
/// (x - mean) / sqrt(var + epsilon) * scale + B. Binds output 0.
mlir::LogicalResult convertPerActivationBatchNorm(NodeImporter &n);

/// The ONNX element type (TensorProto::DataType) of Cast's `to` attribute:
/// a type name such as "FLOAT" before opset 6, an integer from 6 on.
std::optional<int64_t> castTargetType(NodeImporter &n);

/// Dropout's `mask` output in inference: all elements kept, with the shape
/// of `x`. Its element type is x's before opset 10 and i1 from 10 on.
mlir::Value inferenceDropoutMask(NodeImporter &n, mlir::Value x);

/// log(softmax(x)) over the single axis `axis` (normalized), computed as
/// (x - max) - log(sum(exp(x - max))) with graph ops.
mlir::Value emitLogSoftmax(NodeImporter &n, mlir::Value x, int64_t axis);

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_LEGACYOPSETS_H
