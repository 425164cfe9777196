//===- FunctionExpansion.cpp - ONNX operators defined by functions --------===//
//
// Compiled with exceptions: libonnx's function builders report problems by
// throwing, and a malformed node must give an error, not terminate.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/FunctionExpansion.h"

#include "onnx/defs/schema.h"

#include "dialects/graph/GraphDialect.h"

#include "mlir/IR/BuiltinTypes.h"

#include <exception>

namespace weft::importer {

namespace {

const onnx::OpSchema *findSchema(llvm::StringRef opType, int64_t opset) {
  const onnx::OpSchema *schema =
      onnx::OpSchemaRegistry::Schema(opType.str(), static_cast<int>(opset));
  if (!schema || schema->Deprecated())
    return nullptr;
  return schema;
}

int32_t toOnnxElementType(mlir::Type type) {
  using onnx::TensorProto;
  if (type.isF32())
    return TensorProto::FLOAT;
  if (type.isF64())
    return TensorProto::DOUBLE;
  if (type.isF16())
    return TensorProto::FLOAT16;
  if (type.isBF16())
    return TensorProto::BFLOAT16;
  if (llvm::isa<weft::graph::StringType>(type))
    return TensorProto::STRING;
  if (auto integer = llvm::dyn_cast<mlir::IntegerType>(type)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1:
      return TensorProto::BOOL;
    case 8:
      return isUnsigned ? TensorProto::UINT8 : TensorProto::INT8;
    case 16:
      return isUnsigned ? TensorProto::UINT16 : TensorProto::INT16;
    case 32:
      return isUnsigned ? TensorProto::UINT32 : TensorProto::INT32;
    case 64:
      return isUnsigned ? TensorProto::UINT64 : TensorProto::INT64;
    default:
      break;
    }
  }
  return TensorProto::UNDEFINED;
}

} // namespace

bool hasOnnxFunction(llvm::StringRef opType, int64_t opset) {
  const onnx::OpSchema *schema = findSchema(opType, opset);
  return schema &&
         (schema->HasFunction() || schema->HasContextDependentFunction());
}

std::optional<onnx::FunctionProto>
buildFunctionBody(const onnx::NodeProto &node, int64_t opset,
                  const std::vector<onnx::TypeProto> &inputTypes,
                  std::string &error) {
  const onnx::OpSchema *schema = findSchema(node.op_type(), opset);
  if (!schema) {
    error = "ONNX defines no schema for it at opset " + std::to_string(opset);
    return std::nullopt;
  }
  try {
    if (schema->HasFunction()) {
      if (const onnx::FunctionProto *body = schema->GetFunction())
        return *body;
    }
    if (schema->HasContextDependentFunction()) {
      onnx::FunctionBodyBuildContextImpl context(node, inputTypes);
      onnx::FunctionProto body;
      if (schema->BuildContextDependentFunction(context, body))
        return body;
      error = "ONNX could not build its function body for these inputs and "
              "attributes";
      return std::nullopt;
    }
  } catch (const std::exception &e) {
    error = std::string("ONNX could not build its function body: ") + e.what();
    return std::nullopt;
  }
  error = "ONNX defines no function body for it";
  return std::nullopt;
}

const onnx::AttributeProto *schemaDefault(llvm::StringRef opType,
                                          int64_t opset,
                                          llvm::StringRef attrName) {
  const onnx::OpSchema *schema = findSchema(opType, opset);
  if (!schema)
    return nullptr;
  auto it = schema->attributes().find(attrName.str());
  if (it == schema->attributes().end() ||
      it->second.default_value.type() == onnx::AttributeProto::UNDEFINED)
    return nullptr;
  return &it->second.default_value;
}

onnx::TypeProto toOnnxType(mlir::Type type) {
  onnx::TypeProto proto;
  auto tensor = llvm::dyn_cast<mlir::TensorType>(type);
  if (!tensor)
    return proto;
  onnx::TypeProto::Tensor *t = proto.mutable_tensor_type();
  t->set_elem_type(toOnnxElementType(tensor.getElementType()));
  if (tensor.hasRank()) {
    onnx::TensorShapeProto *shape = t->mutable_shape();
    for (int64_t dim : tensor.getShape()) {
      onnx::TensorShapeProto::Dimension *d = shape->add_dim();
      if (!mlir::ShapedType::isDynamic(dim))
        d->set_dim_value(dim);
    }
  }
  return proto;
}

} // namespace weft::importer
