//===- Npy.h - Reading and writing numpy .npy files -------------*- C++ -*-===//
//
// The driver's tensors on disk: `weft run` reads inputs and writes outputs as
// .npy files (format versions 1.0 to 3.0, little-endian, C order), `weft
// verify` compares them. Everything here treats the file as untrusted: a
// malformed file is an llvm::Error naming it, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_DRIVER_NPY_H
#define WEFT_COMPILER_DRIVER_NPY_H

#include "compiler/engine/CompiledModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace weft::driver {

/// A dense, row-major tensor with little-endian elements.
struct NpyArray {
  engine::DType dtype = engine::DType::F32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;
  /// For DType::String (numpy's '<U' arrays): the UTF-8 strings; `data` is
  /// unused.
  std::vector<std::string> strings;

  int64_t getNumElements() const;
};

/// Bytes per element of `dtype`.
int64_t getNpyElementSize(engine::DType dtype);
/// The numpy name of `dtype` ("float32", "int64", "bool", ...).
llvm::StringRef getNpyTypeName(engine::DType dtype);
/// The numpy `descr` of `dtype` ("<f4", "|b1"); none for bfloat16, which
/// numpy has no type for.
std::optional<llvm::StringRef> getNpyDescr(engine::DType dtype);

/// numpy has no bfloat16, so a uint16 array stands for the raw bits of one:
/// when `array` holds uint16 and `expected` is bfloat16, retypes `array` as
/// bfloat16 (the bytes stay) and returns true.
bool adoptRawBFloat16(NpyArray &array, engine::DType expected);

/// Parses the contents of a .npy file; `fileName` only names it in errors.
llvm::Expected<NpyArray> parseNpy(llvm::StringRef contents,
                                  llvm::StringRef fileName);
/// Reads and parses the .npy file at `path`.
llvm::Expected<NpyArray> readNpyFile(llvm::StringRef path);

/// The bytes of a version 1.0 .npy file holding `array` (the data starts
/// 64-byte aligned, as numpy writes it). A bfloat16 array is written as
/// uint16, its raw bits.
llvm::Expected<std::string> serializeNpy(const NpyArray &array);
/// Writes `array` to `path`.
llvm::Error writeNpyFile(llvm::StringRef path, const NpyArray &array);

/// The file stem an output named `name` is written under: every character
/// outside [A-Za-z0-9._-] becomes '_', and a name that is empty or starts
/// with '.' gets a leading '_' (test/reference/ort-run.js does the same).
std::string sanitizeTensorName(llvm::StringRef name);

/// `1x3x48x320`, or `scalar` for rank 0.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Element `index` of `array` converted to double (float16 included).
double getElementAsDouble(const NpyArray &array, int64_t index);

/// IEEE half-precision bits to float, and float to the nearest half (ties
/// to even).
float halfToFloat(uint16_t bits);
uint16_t floatToHalf(float value);

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_NPY_H
