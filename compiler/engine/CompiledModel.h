//===- CompiledModel.h - What a backend hands the engine writer -*- C++ -*-===//
//
// The target-neutral result of compiling a model: buffers (inputs, outputs,
// constants, intermediates), the code object, and the step schedule. The CPU
// backend fills it; the engine writer plans memory and serializes it.
//
// Kernel ABI (CPU): every step's kernel is a C function in the shared object
//
//   extern "C" void SYMBOL(void **buffers, int64_t begin, int64_t end);
//
// `buffers[i]` is the base address of the step's i-th buffer (dense,
// row-major, 64-byte aligned, static shape). The kernel runs iterations
// [begin, end) of its parallel extent, 0 <= begin < end <= parallelExtent;
// calls with disjoint ranges may run at the same time on different threads.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_ENGINE_COMPILEDMODEL_H
#define WEFT_COMPILER_ENGINE_COMPILEDMODEL_H

#include <cstdint>
#include <string>
#include <vector>

namespace weft::engine {

/// Element types an engine can hold; the values match the engine schema.
enum class DType : uint8_t {
  F32 = 0, F16, BF16, F64, I8, I16, I32, I64, U8, U16, U32, U64, Bool,
  /// A string tensor element: a pointer to a NUL-terminated UTF-8 string
  /// owned by the runtime (only builtin steps read or write strings).
  String,
};

/// Byte size of one element of `dtype`.
int64_t getDTypeSize(DType dtype);
/// The numpy-style name of `dtype` ("float32", "int64", "bool", ...).
const char *getDTypeName(DType dtype);

struct BufferInfo {
  enum class Kind : uint8_t { Input, Output, Constant, Intermediate };
  Kind kind = Kind::Intermediate;
  /// The ONNX name for inputs and outputs; a descriptive name otherwise.
  std::string name;
  DType dtype = DType::F32;
  /// -1 for a dim the data decides (see maxShape).
  std::vector<int64_t> shape;
  /// Empty for a static shape; otherwise the largest value of every dim
  /// (equal to `shape` where that is static).
  std::vector<int64_t> maxShape;
  /// Bytes the buffer occupies (elements x element size, at maxShape).
  int64_t byteSize = 0;
  /// For constants: the raw little-endian bytes, `byteSize` long.
  std::vector<uint8_t> data;
};

/// A named attribute of a builtin step.
struct StepAttribute {
  enum class Kind : uint8_t { Int, Ints, Float, Floats, Text, Texts };
  std::string name;
  Kind kind = Kind::Int;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::string text;
  std::vector<std::string> texts;
};

struct KernelStep {
  /// Set for a step the runtime implements itself ("NonZero", ...); the
  /// symbol is then "builtin:" + the name and `buffers` are the operands
  /// then the results.
  std::string builtin;
  std::vector<StepAttribute> attributes;
  /// The kernel's symbol in the code object.
  std::string symbol;
  /// Buffer ids (indices into CompiledModel::buffers), in argument order.
  std::vector<int32_t> buffers;
  /// Number of independent iterations the runtime may split across threads.
  int64_t parallelExtent = 1;
  /// The ONNX nodes this step computes (for profiles and error messages).
  std::vector<std::string> nodeNames;
  /// Multiply-accumulates (or elementwise ops) the step performs, for reports.
  int64_t workload = 0;
};

struct CompiledModel {
  /// Target description: "cpu", the LLVM triple, CPU name and features.
  std::string target;
  std::string triple;
  std::string cpu;
  std::string cpuFeatures;
  /// Model inputs and outputs, as buffer ids, in the ONNX graph's order.
  std::vector<int32_t> inputs;
  std::vector<int32_t> outputs;
  std::vector<BufferInfo> buffers;
  /// The shared object holding every kernel (CPU).
  std::vector<uint8_t> codeObject;
  std::vector<KernelStep> steps;
};

} // namespace weft::engine

#endif // WEFT_COMPILER_ENGINE_COMPILEDMODEL_H
