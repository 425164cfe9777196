//===- OperatorTable.cpp - The ONNX operators the importer maps -----------===//

#include "compiler/importer/OperatorTable.h"
#include "compiler/importer/Importer.h"

#include "llvm/ADT/STLExtras.h"

namespace weft::importer {

namespace {

const OperatorInfo kOperators[] = {
    // Elementwise.
    {"Abs", 6, convertUnary},
    {"Erf", 9, convertUnary},
    {"Exp", 6, convertUnary},
    {"HardSwish", 14, convertUnary},
    {"Identity", 1, convertUnary},
    {"Log", 6, convertUnary},
    {"Neg", 6, convertUnary},
    {"Not", 1, convertUnary},
    {"Relu", 6, convertUnary},
    {"Sigmoid", 6, convertUnary},
    {"Sqrt", 6, convertUnary},
    {"Tanh", 6, convertUnary},
    {"LeakyRelu", 6, convertLeakyRelu},
    {"HardSigmoid", 6, convertHardSigmoid},
    {"Clip", 6, convertClip},
    {"Cast", 6, convertCast},
    {"Add", 7, convertBinary},
    {"Sub", 7, convertBinary},
    {"Mul", 7, convertBinary},
    {"Div", 7, convertBinary},
    {"Pow", 7, convertBinary},
    {"Equal", 7, convertBinary},
    {"Greater", 7, convertBinary},
    {"GreaterOrEqual", 12, convertBinary},
    {"Less", 7, convertBinary},
    {"Max", 6, convertVariadic},
    {"Min", 6, convertVariadic},
    {"Where", 9, convertWhere},
    // Linear algebra, convolution, normalization, pooling.
    {"Conv", 1, convertConv},
    {"ConvTranspose", 1, convertConvTranspose},
    {"Gemm", 7, convertGemm},
    {"MatMul", 1, convertMatMul},
    {"BatchNormalization", 7, convertBatchNormalization},
    {"MaxPool", 1, convertMaxPool},
    {"AveragePool", 7, convertAveragePool},
    {"GlobalAveragePool", 1, convertGlobalAveragePool},
    {"Softmax", 1, convertSoftmax},
    {"ReduceMean", 1, convertReduce},
    {"ReduceMax", 1, convertReduce},
    {"ReduceSum", 1, convertReduce},
    {"Dropout", 7, convertDropout},
    // Shapes and data movement.
    {"Reshape", 5, convertReshape},
    {"Flatten", 1, convertFlatten},
    {"Transpose", 1, convertTranspose},
    {"Concat", 4, convertConcat},
    {"Split", 2, convertSplit},
    {"Slice", 1, convertSlice},
    {"Gather", 1, convertGather},
    {"Squeeze", 1, convertSqueeze},
    {"Unsqueeze", 1, convertUnsqueeze},
    {"Shape", 1, convertShape},
    {"Size", 1, convertSize},
    {"ConstantOfShape", 9, convertConstantOfShape},
    {"Expand", 8, convertExpand},
    {"Pad", 2, convertPad},
    {"Resize", 10, convertResize},
    {"Upsample", 7, convertUpsample, /*untilOpset=*/10},
    {"Constant", 1, convertConstant},
    // Control flow and recurrent.
    {"If", 1, convertIf},
    {"Loop", 1, convertLoop},
    {"LSTM", 7, convertLSTM},
    {"GRU", 7, convertGRU},
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
