//===- OperatorTable.cpp - The ONNX operators the importer maps -----------===//

#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/Importer.h"

#include "llvm/ADT/STLExtras.h"

namespace weft::importer {

namespace {

const OperatorInfo kOperators[] = {
    // Elementwise.
    {"Abs", 1, convertUnary},
    {"Erf", 9, convertUnary},
    {"Exp", 1, convertUnary},
    {"HardSwish", 14, convertUnary},
    {"Identity", 1, convertIdentity},
    {"Log", 1, convertUnary},
    {"Neg", 1, convertUnary},
    {"Not", 1, convertUnary},
    {"Relu", 1, convertUnary},
    {"Sigmoid", 1, convertUnary},
    {"Sqrt", 1, convertUnary},
    {"Tanh", 1, convertUnary},
    {"LeakyRelu", 1, convertLeakyRelu},
    {"HardSigmoid", 1, convertHardSigmoid},
    {"Clip", 1, convertClip},
    {"Cast", 1, convertCast},
    {"Add", 1, convertBinary},
    {"Sub", 1, convertBinary},
    {"Mul", 1, convertBinary},
    {"Div", 1, convertBinary},
    {"Pow", 1, convertBinary},
    {"Equal", 1, convertBinary},
    {"Greater", 1, convertBinary},
    {"GreaterOrEqual", 12, convertBinary},
    {"Less", 1, convertBinary},
    {"Max", 1, convertVariadic},
    {"Min", 1, convertVariadic},
    {"Where", 9, convertWhere},
    // Math, logic and bit operators (MathConverters.cpp).
    {"Reciprocal", 1, convertMathUnary},
    {"Ceil", 1, convertMathUnary},
    {"Floor", 1, convertMathUnary},
    {"Round", 11, convertMathUnary},
    {"Sign", 9, convertMathUnary},
    {"Sin", 7, convertMathUnary},
    {"Cos", 7, convertMathUnary},
    {"Tan", 7, convertMathUnary},
    {"Asin", 7, convertMathUnary},
    {"Acos", 7, convertMathUnary},
    {"Atan", 7, convertMathUnary},
    {"Sinh", 9, convertMathUnary},
    {"Cosh", 9, convertMathUnary},
    {"Asinh", 9, convertMathUnary},
    {"Acosh", 9, convertMathUnary},
    {"Atanh", 9, convertMathUnary},
    {"Softplus", 1, convertMathUnary},
    {"Softsign", 1, convertMathUnary},
    {"IsNaN", 9, convertMathUnary},
    {"IsInf", 10, convertActivation},
    {"Elu", 1, convertActivation},
    {"Celu", 12, convertCelu},
    {"Selu", 1, convertActivation},
    {"ThresholdedRelu", 10, convertActivation},
    {"Shrink", 9, convertActivation},
    {"PRelu", 1, convertMathBinary},
    {"Mod", 10, convertMathBinary},
    {"And", 1, convertMathBinary},
    {"Or", 1, convertMathBinary},
    {"Xor", 1, convertMathBinary},
    {"BitShift", 11, convertMathBinary},
    {"LessOrEqual", 12, convertMathBinary},
    {"Sum", 1, convertSumMean},
    {"Mean", 1, convertSumMean},
    // Linear algebra, convolution, normalization, pooling.
    {"Conv", 1, convertConv},
    {"ConvTranspose", 1, convertConvTranspose},
    {"Gemm", 1, convertGemm},
    {"MatMul", 1, convertMatMul},
    {"BatchNormalization", 1, convertBatchNormalization},
    {"MaxPool", 1, convertMaxPool},
    {"AveragePool", 1, convertAveragePool},
    {"GlobalAveragePool", 1, convertGlobalAveragePool},
    {"Softmax", 1, convertSoftmax},
    {"LogSoftmax", 1, convertSoftmax},
    {"ReduceMean", 1, convertReduce},
    {"ReduceMax", 1, convertReduce},
    {"ReduceSum", 1, convertReduce},
    {"ReduceMin", 1, convertReduce},
    {"ReduceProd", 1, convertReduce},
    {"ReduceL1", 1, convertReduce},
    {"ReduceL2", 1, convertReduce},
    {"ReduceLogSum", 1, convertReduce},
    {"ReduceLogSumExp", 1, convertReduce},
    {"ReduceSumSquare", 1, convertReduce},
    {"ArgMax", 1, convertArgReduce},
    {"ArgMin", 1, convertArgReduce},
    {"Hardmax", 1, convertHardmax},
    {"LpNormalization", 1, convertLpNormalization},
    {"InstanceNormalization", 1, convertInstanceNormalization},
    {"LRN", 1, convertLRN},
    {"GlobalMaxPool", 1, convertGlobalMaxPool},
    {"GlobalLpPool", 1, convertGlobalLpPool},
    {"LpPool", 1, convertLpPool},
    {"CumSum", 11, convertCumSum},
    {"TopK", 1, convertTopK},
    {"Dropout", 1, convertDropout},
    // Shapes and data movement.
    {"Reshape", 1, convertReshape},
    {"Flatten", 1, convertFlatten},
    {"Transpose", 1, convertTranspose},
    {"Concat", 1, convertConcat},
    {"Split", 1, convertSplit},
    {"Slice", 1, convertSlice},
    {"Gather", 1, convertGather},
    {"Squeeze", 1, convertSqueeze},
    {"Unsqueeze", 1, convertUnsqueeze},
    {"Shape", 1, convertShape},
    {"Size", 1, convertSize},
    {"ConstantOfShape", 9, convertConstantOfShape},
    {"Expand", 8, convertExpand},
    {"Pad", 1, convertPad},
    {"Resize", 10, convertResize},
    {"Upsample", 1, convertUpsample, /*untilOpset=*/10},
    {"Constant", 1, convertConstant},
    // Linear quantization (QuantConverters.cpp).
    {"QuantizeLinear", 10, convertQuantizeLinear},
    {"DequantizeLinear", 10, convertDequantizeLinear},
    {"MatMulInteger", 10, convertMatMulInteger},
    {"ConvInteger", 10, convertConvInteger},
    {"QLinearMatMul", 10, convertQLinearMatMul},
    {"QLinearConv", 10, convertQLinearConv},
    // Signal processing (SignalConverters.cpp).
    {"DFT", 17, convertDFT},
    {"STFT", 17, convertSTFT},
    {"MelWeightMatrix", 17, convertMelWeightMatrix},
    // Indexing (IndexingConverters.cpp).
    {"GatherElements", 11, convertGatherElements},
    {"GatherND", 11, convertGatherND},
    {"Scatter", 9, convertScatterElements, /*untilOpset=*/10},
    {"ScatterElements", 11, convertScatterElements},
    {"ScatterND", 11, convertScatterND},
    {"Trilu", 14, convertTrilu},
    {"Tile", 1, convertTile},
    {"OneHot", 9, convertOneHot},
    {"DepthToSpace", 1, convertDepthToSpace},
    {"SpaceToDepth", 1, convertSpaceToDepth},
    {"EyeLike", 9, convertEyeLike},
    {"ReverseSequence", 10, convertReverseSequence},
    {"Einsum", 12, convertEinsum},
    // Image geometry (VisionConverters.cpp).
    {"GridSample", 16, convertGridSample},
    {"RoiAlign", 10, convertRoiAlign},
    {"MaxUnpool", 9, convertMaxUnpool},
    {"Det", 11, convertDet},
    // Control flow and recurrent.
    {"If", 1, convertIf},
    {"Loop", 1, convertLoop},
    {"Scan", 8, convertScan},
    {"LSTM", 1, convertLSTM},
    {"GRU", 1, convertGRU},
    {"RNN", 1, convertRNN},
    // Sequences, resolved while importing (constant positions and splits).
    {"SequenceEmpty", 11, convertSequenceEmpty},
    {"SequenceConstruct", 11, convertSequenceConstruct},
    {"SequenceInsert", 11, convertSequenceInsert},
    {"SequenceErase", 11, convertSequenceErase},
    {"SequenceAt", 11, convertSequenceAt},
    {"SequenceLength", 11, convertSequenceLength},
    {"ConcatFromSequence", 11, convertConcatFromSequence},
    {"SplitToSequence", 11, convertSplitToSequence},
    {"SequenceMap", 17, convertSequenceMap},
    // Sequence generators (GeneratorConverters.cpp).
    {"Range", 11, convertRange},
    // Data-dependent output shapes (DataDependentConverters.cpp).
    {"NonZero", 9, convertNonZero},
    {"Compress", 9, convertCompress},
    {"Unique", 11, convertUnique},
    {"NonMaxSuppression", 10, convertNonMaxSuppression},
    {"TfIdfVectorizer", 9, convertTfIdfVectorizer},
    {"StringNormalizer", 10, convertStringNormalizer},
};

} // namespace

bool isDefaultDomain(llvm::StringRef domain) {
  return domain.empty() || domain == "ai.onnx";
}

const OperatorInfo *lookupOperator(llvm::StringRef opType) {
  for (const OperatorInfo &info : kOperators)
    if (info.opType == opType)
      return &info;
  return nullptr;
}

bool isSupportedOperator(llvm::StringRef domain, llvm::StringRef opType,
                         int64_t opset) {
  if (!isDefaultDomain(domain))
    return false;
  const OperatorInfo *info = lookupOperator(opType);
  return info && opset >= kMinSupportedOpset && opset <= kMaxSupportedOpset &&
         opset >= info->sinceOpset && opset <= info->untilOpset;
}

} // namespace weft::importer
