//===- NpyTest.cpp - .npy reading and writing -----------------------------===//

#include "compiler/driver/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace weft::driver;
using weft::engine::DType;

namespace {

/// A .npy file as numpy 1.24 writes np.arange(6, dtype=np.float32)
/// .reshape(2, 3): version 1.0, header padded to 64 bytes.
std::string numpyFile(llvm::StringRef descr, llvm::StringRef shape,
                      llvm::StringRef data, char major = 1) {
  std::string header = "{'descr': '" + descr.str() +
                       "', 'fortran_order': False, 'shape': " + shape.str() +
                       ", }";
  size_t prefix = major == 1 ? 10 : 12;
  header.append((64 - (prefix + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += major;
  out += '\0';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  if (major != 1)
    out += std::string(2, '\0');
  return out + header + data.str();
}

std::string floats(std::initializer_list<float> values) {
  std::string out(values.size() * 4, '\0');
  std::memcpy(out.data(), values.begin(), out.size());
  return out;
}

std::string errorOf(llvm::Expected<NpyArray> result) {
  if (result)
    return "";
  return llvm::toString(result.takeError());
}

TEST(NpyTest, ReadsWhatNumpyWrites) {
  llvm::Expected<NpyArray> array =
      parseNpy(numpyFile("<f4", "(2, 3)", floats({0, 1, 2, 3, 4, 5})), "a");
  ASSERT_TRUE(static_cast<bool>(array)) << llvm::toString(array.takeError());
  EXPECT_EQ(array->dtype, DType::F32);
  EXPECT_EQ(array->shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(array->getNumElements(), 6);
  EXPECT_EQ(getElementAsDouble(*array, 4), 4.0);
}

TEST(NpyTest, ReadsScalarsOneDimAndVersionTwo) {
  llvm::Expected<NpyArray> scalar =
      parseNpy(numpyFile("<f4", "()", floats({2.5f})), "s");
  ASSERT_TRUE(static_cast<bool>(scalar));
  EXPECT_TRUE(scalar->shape.empty());
  EXPECT_EQ(getElementAsDouble(*scalar, 0), 2.5);

  llvm::Expected<NpyArray> vector =
      parseNpy(numpyFile("<f4", "(2,)", floats({1, 2}), 2), "v");
  ASSERT_TRUE(static_cast<bool>(vector)) << llvm::toString(vector.takeError());
  EXPECT_EQ(vector->shape, (std::vector<int64_t>{2}));

  llvm::Expected<NpyArray> empty =
      parseNpy(numpyFile("<f4", "(0, 3)", ""), "e");
  ASSERT_TRUE(static_cast<bool>(empty));
  EXPECT_EQ(empty->getNumElements(), 0);
}

TEST(NpyTest, EveryDTypeRoundTrips) {
  for (DType dtype : {DType::F32, DType::F16, DType::F64, DType::I8, DType::I16,
                      DType::I32, DType::I64, DType::U8, DType::U16, DType::U32,
                      DType::U64, DType::Bool}) {
    NpyArray array;
    array.dtype = dtype;
    array.shape = {3, 1, 2};
    int64_t size = getNpyElementSize(dtype);
    ASSERT_GT(size, 0);
    for (int64_t i = 0; i < 6 * size; ++i)
      array.data.push_back(dtype == DType::Bool ? i % 2 : i * 7 + 1);
    llvm::Expected<std::string> bytes = serializeNpy(array);
    ASSERT_TRUE(static_cast<bool>(bytes)) << getNpyTypeName(dtype).str();
    // numpy aligns the data to 64 bytes.
    EXPECT_EQ((bytes->size() - array.data.size()) % 64, 0u);
    llvm::Expected<NpyArray> back = parseNpy(*bytes, "x");
    ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(back->dtype, dtype);
    EXPECT_EQ(back->shape, array.shape);
    EXPECT_EQ(back->data, array.data);
  }
}

TEST(NpyTest, WritesNumpyHeaders) {
  NpyArray array;
  array.dtype = DType::I64;
  array.shape = {4};
  array.data.resize(32);
  llvm::Expected<std::string> bytes = serializeNpy(array);
  ASSERT_TRUE(static_cast<bool>(bytes));
  EXPECT_NE(bytes->find("{'descr': '<i8', 'fortran_order': False, "
                        "'shape': (4,), }"),
            std::string::npos);
  array.dtype = DType::Bool;
  array.shape = {};
  array.data.resize(1);
  bytes = serializeNpy(array);
  ASSERT_TRUE(static_cast<bool>(bytes));
  EXPECT_NE(bytes->find("'descr': '|b1'"), std::string::npos);
  EXPECT_NE(bytes->find("'shape': ()"), std::string::npos);
}

TEST(NpyTest, BFloat16IsWrittenAndReadAsRawUInt16) {
  NpyArray array;
  array.dtype = DType::BF16;
  array.shape = {2};
  array.data = {0x80, 0x3f, 0x00, 0xc0}; // 1.0 and -2.0
  llvm::Expected<std::string> bytes = serializeNpy(array);
  ASSERT_TRUE(static_cast<bool>(bytes)) << llvm::toString(bytes.takeError());
  EXPECT_NE(bytes->find("'descr': '<u2'"), std::string::npos);
  llvm::Expected<NpyArray> back = parseNpy(*bytes, "b");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->dtype, DType::U16);
  EXPECT_FALSE(adoptRawBFloat16(*back, DType::F32));
  EXPECT_EQ(back->dtype, DType::U16);
  EXPECT_TRUE(adoptRawBFloat16(*back, DType::BF16));
  EXPECT_EQ(back->dtype, DType::BF16);
  EXPECT_EQ(back->data, array.data);
  EXPECT_EQ(getElementAsDouble(*back, 0), 1.0);
  EXPECT_EQ(getElementAsDouble(*back, 1), -2.0);
}

TEST(NpyTest, RefusesWhatItCannotWrite) {
  NpyArray array;
  array.dtype = DType::F32;
  array.shape = {1};
  array.data.resize(2);
  llvm::Expected<std::string> bytes = serializeNpy(array);
  ASSERT_FALSE(static_cast<bool>(bytes));
  llvm::consumeError(bytes.takeError());
}

TEST(NpyTest, MalformedFilesAreErrors) {
  std::string good = numpyFile("<f4", "(2,)", floats({1, 2}));
  EXPECT_EQ(errorOf(parseNpy("", "f.npy")),
            "'f.npy' is not a valid .npy file: no .npy magic");
  EXPECT_EQ(errorOf(parseNpy("PK\x03\x04 not numpy", "f.npy")),
            "'f.npy' is not a valid .npy file: no .npy magic");
  EXPECT_EQ(errorOf(parseNpy(good.substr(0, 30), "f.npy")),
            "'f.npy' is not a valid .npy file: truncated header");
  EXPECT_EQ(errorOf(parseNpy(good.substr(0, good.size() - 1), "f.npy")),
            "'f.npy' is not a valid .npy file: expected 8 data bytes for its "
            "shape, found 7");
  EXPECT_EQ(errorOf(parseNpy(good + "x", "f.npy")),
            "'f.npy' is not a valid .npy file: expected 8 data bytes for its "
            "shape, found 9");

  std::string version9 = good;
  version9[6] = 9;
  EXPECT_EQ(errorOf(parseNpy(version9, "f.npy")),
            "'f.npy' is not a valid .npy file: unsupported format version 9");

  EXPECT_EQ(errorOf(parseNpy(numpyFile(">f4", "(2,)", floats({1, 2})), "f")),
            "'f' is not a valid .npy file: unsupported dtype '>f4' "
            "(supported: little-endian float16/32/64, int8-64, uint8-64, "
            "bool)");
  EXPECT_NE(errorOf(parseNpy(numpyFile("<c8", "(1,)", floats({1, 2})), "f"))
                .find("unsupported dtype '<c8'"),
            std::string::npos);
  EXPECT_NE(errorOf(parseNpy(numpyFile("<f4", "(2, x)", ""), "f"))
                .find("shape holds something other than a dimension"),
            std::string::npos);
  EXPECT_NE(errorOf(parseNpy(numpyFile("<f4", "(-2,)", ""), "f"))
                .find("shape holds something other than a dimension"),
            std::string::npos);
  EXPECT_NE(errorOf(parseNpy(numpyFile("<f4", "[2]", ""), "f"))
                .find("shape is not a tuple"),
            std::string::npos);
  // Dimensions whose product overflows must not wrap into a small size.
  EXPECT_NE(
      errorOf(
          parseNpy(numpyFile("<f4", "(4294967296, 4294967296, 4)", ""), "f"))
          .find("the shape is too large"),
      std::string::npos);

  std::string fortran = good;
  fortran.replace(fortran.find("False"), 5, "True ");
  EXPECT_NE(errorOf(parseNpy(fortran, "f"))
                .find("fortran_order arrays are "
                      "not supported"),
            std::string::npos);

  std::string noShape = good;
  noShape.replace(noShape.find("'shape'"), 7, "'shapf'");
  EXPECT_NE(errorOf(parseNpy(noShape, "f")).find("unknown header key 'shapf'"),
            std::string::npos);

  std::string unterminated = good;
  unterminated.replace(unterminated.find("'<f4'"), 5, "'<f4 ");
  EXPECT_FALSE(errorOf(parseNpy(unterminated, "f")).empty());

  // A header length pointing past the end of the file.
  std::string longHeader = good;
  longHeader[8] = '\xff';
  longHeader[9] = '\x7f';
  EXPECT_EQ(errorOf(parseNpy(longHeader, "f")),
            "'f' is not a valid .npy file: truncated header");
}

TEST(NpyTest, EveryPrefixOfAFileIsHandled) {
  std::string good = numpyFile("<i8", "(3, 1)", std::string(24, '\1'));
  for (size_t n = 0; n < good.size(); ++n)
    EXPECT_FALSE(errorOf(parseNpy(good.substr(0, n), "f")).empty()) << n;
  EXPECT_TRUE(errorOf(parseNpy(good, "f")).empty());
}

TEST(NpyTest, FilesOnDisk) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("npytest", dir));
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, "x.npy");
  NpyArray array;
  array.shape = {2};
  array.data.assign(8, 0);
  ASSERT_FALSE(static_cast<bool>(writeNpyFile(path, array)));
  llvm::Expected<NpyArray> back = readNpyFile(path);
  ASSERT_TRUE(static_cast<bool>(back));
  EXPECT_EQ(back->shape, array.shape);

  llvm::SmallString<128> missing(dir);
  llvm::sys::path::append(missing, "missing.npy");
  std::string error = errorOf(readNpyFile(missing));
  EXPECT_NE(error.find("cannot read '"), std::string::npos);
  EXPECT_NE(error.find("missing.npy'"), std::string::npos);
  llvm::sys::fs::remove_directories(dir);
}

TEST(NpyTest, SanitizesNames) {
  EXPECT_EQ(sanitizeTensorName("softmax_0.tmp_0"), "softmax_0.tmp_0");
  EXPECT_EQ(sanitizeTensorName("a/b:0 c"), "a_b_0_c");
  EXPECT_EQ(sanitizeTensorName(""), "_");
  EXPECT_EQ(sanitizeTensorName(".."), "_..");
  EXPECT_EQ(sanitizeTensorName("../etc"), "_.._etc");
}

TEST(NpyTest, HalfConversions) {
  EXPECT_EQ(halfToFloat(0x3c00), 1.0f);
  EXPECT_EQ(halfToFloat(0xc000), -2.0f);
  EXPECT_EQ(halfToFloat(0x7bff), 65504.0f);
  EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_TRUE(std::isinf(halfToFloat(0x7c00)));
  EXPECT_TRUE(std::isnan(halfToFloat(0x7e00)));
  // Every finite half survives a round trip through float.
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    if ((bits & 0x7c00) == 0x7c00)
      continue;
    EXPECT_EQ(floatToHalf(halfToFloat(bits)), bits) << bits;
  }
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3c00); // tie: even
  EXPECT_EQ(floatToHalf(1e6f), 0x7c00);
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -26)), 0x0000);
}

} // namespace

TEST(NpyTest, StringsAreUtf32OnDiskAndUtf8InMemory) {
  // numpy's '<U3': three UTF-32 code units per element, NUL-padded.
  std::string data;
  for (std::u32string text : {std::u32string(U"ab\0", 3), std::u32string(U"\u00fcxy", 3)})
    for (char32_t c : text)
      for (int b = 0; b < 4; ++b)
        data += char((uint32_t(c) >> (8 * b)) & 0xff);
  llvm::Expected<NpyArray> array =
      parseNpy(numpyFile("<U3", "(2,)", data), "s");
  ASSERT_TRUE(static_cast<bool>(array)) << llvm::toString(array.takeError());
  EXPECT_EQ(array->dtype, DType::String);
  EXPECT_EQ(array->strings, (std::vector<std::string>{"ab", "\xc3\xbcxy"}));

  llvm::Expected<std::string> bytes = serializeNpy(*array);
  ASSERT_TRUE(static_cast<bool>(bytes)) << llvm::toString(bytes.takeError());
  llvm::Expected<NpyArray> again = parseNpy(*bytes, "again");
  ASSERT_TRUE(static_cast<bool>(again)) << llvm::toString(again.takeError());
  EXPECT_EQ(again->strings, array->strings);
  EXPECT_EQ(again->shape, array->shape);

  // Data that does not fit the width and shape is an error, not a crash.
  EXPECT_FALSE(static_cast<bool>(parseNpy(numpyFile("<U3", "(3,)", data), "t")));
}
