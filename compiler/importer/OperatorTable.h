//===- OperatorTable.h - The ONNX operators the importer maps ---*- C++ -*-===//
//
// One entry per supported default-domain operator: the first opset in which
// it exists and the converter that maps every later version (up to
// kMaxSupportedOpset) onto the graph dialect.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_IMPORTER_OPERATORTABLE_H
#define WEFT_COMPILER_IMPORTER_OPERATORTABLE_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace weft::importer {

class NodeImporter;

using ConvertFn = mlir::LogicalResult (*)(NodeImporter &);

struct OperatorInfo {
  llvm::StringLiteral opType;
  /// The first default-domain opset that defines the operator.
  int64_t sinceOpset;
  ConvertFn convert;
  /// The last default-domain opset that still defines it (deprecated ops).
  int64_t untilOpset = INT64_MAX;
};

/// True for the default ONNX domain ("" or "ai.onnx").
bool isDefaultDomain(llvm::StringRef domain);

/// The entry for `opType` in the default domain, or null when unsupported.
const OperatorInfo *lookupOperator(llvm::StringRef opType);

/// True when a node (`domain`, `opType`) at `opset` can be imported.
bool isSupportedOperator(llvm::StringRef domain, llvm::StringRef opType,
                         int64_t opset);

// Converters, grouped like the files that define them.
#define WEFT_DECLARE_CONVERTER(name) mlir::LogicalResult name(NodeImporter &);
// NodeConverters.cpp
WEFT_DECLARE_CONVERTER(convertUnary)
WEFT_DECLARE_CONVERTER(convertBinary)
WEFT_DECLARE_CONVERTER(convertVariadic)
WEFT_DECLARE_CONVERTER(convertLeakyRelu)
WEFT_DECLARE_CONVERTER(convertHardSigmoid)
WEFT_DECLARE_CONVERTER(convertClip)
WEFT_DECLARE_CONVERTER(convertCast)
WEFT_DECLARE_CONVERTER(convertWhere)
WEFT_DECLARE_CONVERTER(convertConv)
WEFT_DECLARE_CONVERTER(convertConvTranspose)
WEFT_DECLARE_CONVERTER(convertGemm)
WEFT_DECLARE_CONVERTER(convertMatMul)
WEFT_DECLARE_CONVERTER(convertBatchNormalization)
WEFT_DECLARE_CONVERTER(convertMaxPool)
WEFT_DECLARE_CONVERTER(convertAveragePool)
WEFT_DECLARE_CONVERTER(convertGlobalAveragePool)
WEFT_DECLARE_CONVERTER(convertSoftmax)
WEFT_DECLARE_CONVERTER(convertDropout)
WEFT_DECLARE_CONVERTER(convertReshape)
WEFT_DECLARE_CONVERTER(convertFlatten)
WEFT_DECLARE_CONVERTER(convertTranspose)
WEFT_DECLARE_CONVERTER(convertConcat)
WEFT_DECLARE_CONVERTER(convertSplit)
WEFT_DECLARE_CONVERTER(convertSlice)
WEFT_DECLARE_CONVERTER(convertGather)
WEFT_DECLARE_CONVERTER(convertSqueeze)
WEFT_DECLARE_CONVERTER(convertUnsqueeze)
WEFT_DECLARE_CONVERTER(convertShape)
WEFT_DECLARE_CONVERTER(convertSize)
WEFT_DECLARE_CONVERTER(convertConstantOfShape)
WEFT_DECLARE_CONVERTER(convertExpand)
WEFT_DECLARE_CONVERTER(convertPad)
WEFT_DECLARE_CONVERTER(convertResize)
WEFT_DECLARE_CONVERTER(convertUpsample)
WEFT_DECLARE_CONVERTER(convertConstant)
// IndexingConverters.cpp
WEFT_DECLARE_CONVERTER(convertGatherElements)
WEFT_DECLARE_CONVERTER(convertGatherND)
WEFT_DECLARE_CONVERTER(convertScatterElements)
WEFT_DECLARE_CONVERTER(convertScatterND)
WEFT_DECLARE_CONVERTER(convertTrilu)
WEFT_DECLARE_CONVERTER(convertTile)
WEFT_DECLARE_CONVERTER(convertOneHot)
WEFT_DECLARE_CONVERTER(convertDepthToSpace)
WEFT_DECLARE_CONVERTER(convertSpaceToDepth)
WEFT_DECLARE_CONVERTER(convertEyeLike)
WEFT_DECLARE_CONVERTER(convertReverseSequence)
WEFT_DECLARE_CONVERTER(convertEinsum)
// ReductionConverters.cpp
WEFT_DECLARE_CONVERTER(convertReduce)
WEFT_DECLARE_CONVERTER(convertArgReduce)
WEFT_DECLARE_CONVERTER(convertHardmax)
WEFT_DECLARE_CONVERTER(convertLpNormalization)
WEFT_DECLARE_CONVERTER(convertInstanceNormalization)
WEFT_DECLARE_CONVERTER(convertLRN)
WEFT_DECLARE_CONVERTER(convertGlobalMaxPool)
WEFT_DECLARE_CONVERTER(convertGlobalLpPool)
WEFT_DECLARE_CONVERTER(convertLpPool)
WEFT_DECLARE_CONVERTER(convertCumSum)
WEFT_DECLARE_CONVERTER(convertTopK)
// MathConverters.cpp
WEFT_DECLARE_CONVERTER(convertMathUnary)
WEFT_DECLARE_CONVERTER(convertActivation)
WEFT_DECLARE_CONVERTER(convertCelu)
WEFT_DECLARE_CONVERTER(convertMathBinary)
WEFT_DECLARE_CONVERTER(convertSumMean)
// QuantConverters.cpp
WEFT_DECLARE_CONVERTER(convertQuantizeLinear)
WEFT_DECLARE_CONVERTER(convertDequantizeLinear)
WEFT_DECLARE_CONVERTER(convertMatMulInteger)
WEFT_DECLARE_CONVERTER(convertConvInteger)
WEFT_DECLARE_CONVERTER(convertQLinearMatMul)
WEFT_DECLARE_CONVERTER(convertQLinearConv)
// SignalConverters.cpp
WEFT_DECLARE_CONVERTER(convertDFT)
WEFT_DECLARE_CONVERTER(convertSTFT)
WEFT_DECLARE_CONVERTER(convertMelWeightMatrix)
// ControlFlowConverters.cpp
WEFT_DECLARE_CONVERTER(convertIf)
WEFT_DECLARE_CONVERTER(convertLoop)
// ScanConverters.cpp
WEFT_DECLARE_CONVERTER(convertScan)
WEFT_DECLARE_CONVERTER(convertLSTM)
WEFT_DECLARE_CONVERTER(convertGRU)
WEFT_DECLARE_CONVERTER(convertRNN)
WEFT_DECLARE_CONVERTER(convertSequenceEmpty)
WEFT_DECLARE_CONVERTER(convertSequenceConstruct)
WEFT_DECLARE_CONVERTER(convertSequenceInsert)
WEFT_DECLARE_CONVERTER(convertSequenceErase)
WEFT_DECLARE_CONVERTER(convertSequenceAt)
WEFT_DECLARE_CONVERTER(convertSequenceLength)
WEFT_DECLARE_CONVERTER(convertConcatFromSequence)
WEFT_DECLARE_CONVERTER(convertSplitToSequence)
WEFT_DECLARE_CONVERTER(convertSequenceMap)
WEFT_DECLARE_CONVERTER(convertIdentity)
// VisionConverters.cpp
WEFT_DECLARE_CONVERTER(convertGridSample)
WEFT_DECLARE_CONVERTER(convertRoiAlign)
WEFT_DECLARE_CONVERTER(convertMaxUnpool)
WEFT_DECLARE_CONVERTER(convertDet)
// GeneratorConverters.cpp
WEFT_DECLARE_CONVERTER(convertRange)
// DataDependentConverters.cpp
WEFT_DECLARE_CONVERTER(convertNonZero)
WEFT_DECLARE_CONVERTER(convertCompress)
WEFT_DECLARE_CONVERTER(convertUnique)
WEFT_DECLARE_CONVERTER(convertNonMaxSuppression)
WEFT_DECLARE_CONVERTER(convertTfIdfVectorizer)
WEFT_DECLARE_CONVERTER(convertStringNormalizer)
#undef WEFT_DECLARE_CONVERTER

} // namespace weft::importer

#endif // WEFT_COMPILER_IMPORTER_OPERATORTABLE_H
