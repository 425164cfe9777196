//===- DType.cpp - Element types of engines -------------------------------===//

#include "compiler/engine/CompiledModel.h"

namespace weft::engine {

int64_t getDTypeSize(DType dtype) {
  switch (dtype) {
  case DType::I8:
  case DType::U8:
  case DType::Bool:
    return 1;
  case DType::F16:
  case DType::BF16:
  case DType::I16:
  case DType::U16:
    return 2;
  case DType::F32:
  case DType::I32:
  case DType::U32:
    return 4;
  case DType::F64:
  case DType::I64:
  case DType::U64:
  case DType::String:
    return 8;
  }
  return 0;
}

const char *getDTypeName(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "float32";
  case DType::F16:
    return "float16";
  case DType::BF16:
    return "bfloat16";
  case DType::F64:
    return "float64";
  case DType::I8:
    return "int8";
  case DType::I16:
    return "int16";
  case DType::I32:
    return "int32";
  case DType::I64:
    return "int64";
  case DType::U8:
    return "uint8";
  case DType::U16:
    return "uint16";
  case DType::U32:
    return "uint32";
  case DType::U64:
    return "uint64";
  case DType::Bool:
    return "bool";
  case DType::String:
    return "string";
  }
  return "unknown";
}

} // namespace weft::engine
