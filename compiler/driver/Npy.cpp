//===- Npy.cpp - Reading and writing numpy .npy files ---------------------===//
//
// The format (numpy's NEP 1): the magic "\x93NUMPY", a major and minor
// version byte, the header length (2 bytes in 1.0, 4 bytes in 2.0 and 3.0),
// then a Python dict literal with 'descr', 'fortran_order' and 'shape', then
// the raw elements.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using llvm::StringRef;
using weft::engine::DType;

namespace weft::driver {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct DTypeEntry {
  DType dtype;
  const char *name;
  /// The descr without its byte-order character.
  const char *code;
  int64_t size;
};

// BF16 has no numpy type; it is absent here.
constexpr DTypeEntry kDTypes[] = {
    {DType::F32, "float32", "f4", 4}, {DType::F16, "float16", "f2", 2},
    {DType::F64, "float64", "f8", 8}, {DType::I8, "int8", "i1", 1},
    {DType::I16, "int16", "i2", 2},   {DType::I32, "int32", "i4", 4},
    {DType::I64, "int64", "i8", 8},   {DType::U8, "uint8", "u1", 1},
    {DType::U16, "uint16", "u2", 2},  {DType::U32, "uint32", "u4", 4},
    {DType::U64, "uint64", "u8", 8},  {DType::Bool, "bool", "b1", 1},
};

const DTypeEntry *findEntry(DType dtype) {
  for (const DTypeEntry &entry : kDTypes)
    if (entry.dtype == dtype)
      return &entry;
  return nullptr;
}

/// Parses the header dict: {'descr': '<f4', 'fortran_order': False,
/// 'shape': (1, 3), }. Keys may come in any order; all three are required.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : rest(text) {}

  llvm::Error parse(std::string &descr, bool &fortranOrder,
                    std::vector<int64_t> &shape) {
    bool haveDescr = false, haveOrder = false, haveShape = false;
    skipSpace();
    if (!consume('{'))
      return error("header does not start with '{'");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (llvm::Error err = parseString(key))
        return err;
      skipSpace();
      if (!consume(':'))
        return error("expected ':' after '" + key + "'");
      skipSpace();
      if (key == "descr") {
        if (llvm::Error err = parseString(descr))
          return err;
        haveDescr = true;
      } else if (key == "fortran_order") {
        if (rest.consume_front("True"))
          fortranOrder = true;
        else if (rest.consume_front("False"))
          fortranOrder = false;
        else
          return error("fortran_order is not True or False");
        haveOrder = true;
      } else if (key == "shape") {
        if (llvm::Error err = parseShape(shape))
          return err;
        haveShape = true;
      } else {
        return error("unknown header key '" + key + "'");
      }
      skipSpace();
      if (!consume(',')) {
        skipSpace();
        if (!consume('}'))
          return error("expected ',' or '}' in the header");
        break;
      }
    }
    if (!rest.trim().empty())
      return error("unexpected text after the header dict");
    if (!haveDescr || !haveOrder || !haveShape)
      return error("the header lacks 'descr', 'fortran_order' or 'shape'");
    return llvm::Error::success();
  }

private:
  StringRef rest;

  static llvm::Error error(const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  }
  void skipSpace() { rest = rest.ltrim(" \t\n\r"); }
  bool consume(char c) { return rest.consume_front(StringRef(&c, 1)); }

  llvm::Error parseString(std::string &out) {
    if (rest.empty() || (rest.front() != '\'' && rest.front() != '"'))
      return error("expected a quoted string in the header");
    char quote = rest.front();
    size_t end = rest.find(quote, 1);
    if (end == StringRef::npos)
      return error("unterminated string in the header");
    out = rest.slice(1, end).str();
    rest = rest.drop_front(end + 1);
    return llvm::Error::success();
  }

  llvm::Error parseShape(std::vector<int64_t> &shape) {
    if (!consume('('))
      return error("shape is not a tuple");
    shape.clear();
    while (true) {
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      size_t digits = 0;
      while (digits < rest.size() && llvm::isDigit(rest[digits]))
        ++digits;
      // A trailing 'L' is what Python 2 wrote for long integers.
      uint64_t dim;
      if (digits == 0 || rest.take_front(digits).getAsInteger(10, dim) ||
          dim > static_cast<uint64_t>(INT64_MAX))
        return error("shape holds something other than a dimension");
      shape.push_back(static_cast<int64_t>(dim));
      rest = rest.drop_front(digits);
      consume('L');
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      if (!consume(','))
        return error("expected ',' or ')' in the shape");
    }
  }
};

/// Appends code point `c` to `out` as UTF-8.
void appendUtf8(std::string &out, uint32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xc0 | (c >> 6));
    out += char(0x80 | (c & 0x3f));
  } else if (c < 0x10000) {
    out += char(0xe0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3f));
    out += char(0x80 | (c & 0x3f));
  } else {
    out += char(0xf0 | (c >> 18));
    out += char(0x80 | ((c >> 12) & 0x3f));
    out += char(0x80 | ((c >> 6) & 0x3f));
    out += char(0x80 | (c & 0x3f));
  }
}

/// The code points of UTF-8 `s` (a malformed byte stands for itself).
std::vector<uint32_t> decodeUtf8(const std::string &s) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < s.size();) {
    auto byte = uint8_t(s[i]);
    int length = byte < 0x80 ? 1 : (byte >> 5) == 6 ? 2 : (byte >> 4) == 14 ? 3
                                 : (byte >> 3) == 30 ? 4 : 1;
    if (i + length > s.size())
      length = 1;
    uint32_t c = length == 1 ? byte : byte & (0x7f >> length);
    for (int k = 1; k < length; ++k)
      c = (c << 6) | (uint8_t(s[i + k]) & 0x3f);
    out.push_back(c);
    i += length;
  }
  return out;
}

llvm::Expected<DType> parseDescr(StringRef descr) {
  if (descr.size() >= 2) {
    char order = descr.front();
    StringRef code = descr.drop_front();
    for (const DTypeEntry &entry : kDTypes) {
      if (code != entry.code)
        continue;
      // One-byte types are written with '|'; '=' means native (little) order.
      bool orderOk =
          order == '<' || order == '=' || (order == '|' && entry.size == 1);
      if (orderOk)
        return entry.dtype;
    }
  }
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "unsupported dtype '" + descr +
          "' (supported: little-endian float16/32/64, int8-64, uint8-64, "
          "bool)");
}

} // namespace

int64_t NpyArray::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

int64_t getNpyElementSize(DType dtype) {
  if (dtype == DType::BF16)
    return 2;
  const DTypeEntry *entry = findEntry(dtype);
  return entry ? entry->size : 0;
}

StringRef getNpyTypeName(DType dtype) {
  if (dtype == DType::BF16)
    return "bfloat16";
  if (dtype == DType::String)
    return "string";
  const DTypeEntry *entry = findEntry(dtype);
  return entry ? entry->name : "unknown";
}

std::optional<StringRef> getNpyDescr(DType dtype) {
  static const char *kDescrs[] = {"<f4", "<f2", nullptr, "<f8", "|i1",
                                  "<i2", "<i4", "<i8",   "|u1", "<u2",
                                  "<u4", "<u8", "|b1"};
  auto index = static_cast<size_t>(dtype);
  if (index >= std::size(kDescrs) || !kDescrs[index])
    return std::nullopt;
  return StringRef(kDescrs[index]);
}

llvm::Expected<NpyArray> parseNpy(StringRef contents, StringRef fileName) {
  auto invalid = [&](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + fileName +
                                       "' is not a valid .npy file: " + why);
  };
  if (contents.size() < kMagicSize + 4 ||
      !contents.starts_with(StringRef(kMagic, kMagicSize)))
    return invalid("no .npy magic");
  auto major = static_cast<uint8_t>(contents[6]);
  size_t headerStart, headerLength;
  const auto *bytes = reinterpret_cast<const uint8_t *>(contents.data());
  if (major == 1) {
    headerStart = 10;
    headerLength = bytes[8] | (bytes[9] << 8);
  } else if (major == 2 || major == 3) {
    if (contents.size() < 12)
      return invalid("truncated header");
    headerStart = 12;
    headerLength = static_cast<size_t>(bytes[8]) | (bytes[9] << 8) |
                   (bytes[10] << 16) | (static_cast<size_t>(bytes[11]) << 24);
  } else {
    return invalid("unsupported format version " +
                   llvm::Twine(unsigned(major)));
  }
  if (headerLength > contents.size() - headerStart)
    return invalid("truncated header");

  std::string descr;
  bool fortranOrder = false;
  NpyArray array;
  HeaderParser parser(contents.substr(headerStart, headerLength));
  if (llvm::Error err = parser.parse(descr, fortranOrder, array.shape))
    return invalid(toString(std::move(err)));
  if (fortranOrder)
    return invalid("fortran_order arrays are not supported (save a "
                   "C-contiguous array)");
  // Strings: '<U{n}', n UTF-32 code units per element, NUL-padded.
  unsigned width = 0;
  StringRef descrRef(descr);
  if ((descrRef.starts_with("<U") || descrRef.starts_with("=U")) &&
      !descrRef.drop_front(2).getAsInteger(10, width)) {
    int64_t count = 1;
    for (int64_t dim : array.shape)
      if (llvm::MulOverflow(count, dim, count))
        return invalid("the shape is too large");
    size_t dataStart = headerStart + headerLength;
    if (uint64_t(contents.size() - dataStart) != uint64_t(count) * width * 4)
      return invalid("expected " + llvm::Twine(uint64_t(count) * width * 4) +
                     " data bytes for its shape, found " +
                     llvm::Twine(contents.size() - dataStart));
    array.dtype = DType::String;
    const uint8_t *p = bytes + dataStart;
    for (int64_t i = 0; i < count; ++i) {
      std::string text;
      for (unsigned k = 0; k < width; ++k, p += 4) {
        uint32_t c = p[0] | (p[1] << 8) | (p[2] << 16) | (uint32_t(p[3]) << 24);
        if (c)
          appendUtf8(text, c);
      }
      array.strings.push_back(std::move(text));
    }
    return array;
  }
  llvm::Expected<DType> dtype = parseDescr(descr);
  if (!dtype)
    return invalid(toString(dtype.takeError()));
  array.dtype = *dtype;

  int64_t byteSize = getNpyElementSize(array.dtype);
  for (int64_t dim : array.shape)
    if (llvm::MulOverflow(byteSize, dim, byteSize))
      return invalid("the shape is too large");
  size_t dataStart = headerStart + headerLength;
  size_t found = contents.size() - dataStart;
  if (static_cast<uint64_t>(byteSize) != found)
    return invalid("expected " + llvm::Twine(byteSize) +
                   " data bytes for its shape, found " + llvm::Twine(found));
  array.data.assign(bytes + dataStart, bytes + contents.size());
  return array;
}

llvm::Expected<NpyArray> readNpyFile(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read '" + path +
                                       "': " + buffer.getError().message());
  return parseNpy((*buffer)->getBuffer(), path);
}

bool adoptRawBFloat16(NpyArray &array, DType expected) {
  if (array.dtype != DType::U16 || expected != DType::BF16)
    return false;
  array.dtype = DType::BF16;
  return true;
}

llvm::Expected<std::string> serializeNpy(const NpyArray &array) {
  // Strings are written as '<U{longest}' (UTF-32, NUL-padded).
  std::string stringDescr;
  std::vector<std::vector<uint32_t>> codePoints;
  if (array.dtype == DType::String) {
    size_t width = 1;
    for (const std::string &s : array.strings) {
      codePoints.push_back(decodeUtf8(s));
      width = std::max(width, codePoints.back().size());
    }
    stringDescr = "<U" + std::to_string(width);
  }
  std::optional<StringRef> descr =
      array.dtype == DType::String ? StringRef(stringDescr)
      : array.dtype == DType::BF16 ? getNpyDescr(DType::U16)
                                   : getNpyDescr(array.dtype);
  if (!descr)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot write a " + getNpyTypeName(array.dtype) + " tensor as .npy");
  if (array.dtype == DType::String
          ? static_cast<int64_t>(array.strings.size()) != array.getNumElements()
          : static_cast<int64_t>(array.data.size()) !=
                array.getNumElements() * getNpyElementSize(array.dtype))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "tensor data does not match its shape");
  std::string shape = "(";
  for (auto [i, dim] : llvm::enumerate(array.shape))
    shape += (i ? ", " : "") + std::to_string(dim);
  shape += array.shape.size() == 1 ? ",)" : ")";
  std::string header = "{'descr': '" + descr->str() +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad with spaces and end with a newline so the data is 64-byte aligned.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out(kMagic, kMagicSize);
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  if (array.dtype == DType::String) {
    size_t width = std::stoul(stringDescr.substr(2));
    for (const std::vector<uint32_t> &text : codePoints)
      for (size_t k = 0; k < width; ++k) {
        uint32_t c = k < text.size() ? text[k] : 0;
        for (int b = 0; b < 4; ++b)
          out += char((c >> (8 * b)) & 0xff);
      }
    return out;
  }
  out.append(reinterpret_cast<const char *>(array.data.data()),
             array.data.size());
  return out;
}

llvm::Error writeNpyFile(StringRef path, const NpyArray &array) {
  llvm::Expected<std::string> bytes = serializeNpy(array);
  if (!bytes)
    return bytes.takeError();
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::createStringError(ec, "cannot write '" + path +
                                           "': " + ec.message());
  os << *bytes;
  os.close();
  if (os.has_error())
    return llvm::createStringError(
        os.error(), "cannot write '" + path + "': " + os.error().message());
  return llvm::Error::success();
}

std::string sanitizeTensorName(StringRef name) {
  std::string safe;
  for (char c : name)
    safe += (llvm::isAlnum(c) || c == '.' || c == '_' || c == '-') ? c : '_';
  if (safe.empty() || safe.front() == '.')
    safe.insert(safe.begin(), '_');
  return safe;
}

std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (auto [i, dim] : llvm::enumerate(shape))
    text += (i ? "x" : "") + (dim < 0 ? "?" : std::to_string(dim));
  return text;
}

float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  uint32_t result;
  if (exponent == 0x1f) {
    result = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent != 0) {
    result = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    result = sign;
  } else {
    // Subnormal: normalize.
    int shift = 0;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      ++shift;
    }
    mantissa &= 0x3ff;
    result = sign | ((113 - shift) << 23) | (mantissa << 13);
  }
  float value;
  std::memcpy(&value, &result, sizeof(value));
  return value;
}

uint16_t floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint16_t sign = (bits >> 16) & 0x8000;
  uint32_t absBits = bits & 0x7fffffff;
  if (absBits >= 0x7f800000) // inf or NaN
    return sign | 0x7c00 | (absBits > 0x7f800000 ? 0x200 : 0);
  if (absBits >= 0x477ff000) // rounds to >= 65520: overflow to inf
    return sign | 0x7c00;
  if (absBits < 0x38800000) { // below the smallest normal half
    if (absBits < 0x33000000) // below half the smallest subnormal
      return sign;
    uint32_t exponent = absBits >> 23;
    uint32_t mantissa = (absBits & 0x7fffff) | 0x800000;
    uint32_t shift = 126 - exponent; // 14 + (112 - exponent)
    uint32_t half = mantissa >> shift;
    uint32_t remainder = mantissa & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (remainder > midpoint || (remainder == midpoint && (half & 1)))
      ++half;
    return sign | half;
  }
  uint32_t rounded = absBits + 0xfff + ((absBits >> 13) & 1);
  return sign | static_cast<uint16_t>((rounded - 0x38000000) >> 13);
}

double getElementAsDouble(const NpyArray &array, int64_t index) {
  int64_t size = getNpyElementSize(array.dtype);
  const uint8_t *p = array.data.data() + index * size;
  auto load = [&](auto zero) {
    decltype(zero) value;
    std::memcpy(&value, p, sizeof(value));
    return static_cast<double>(value);
  };
  switch (array.dtype) {
  case DType::F32:
    return load(float());
  case DType::F64:
    return load(double());
  case DType::F16: {
    uint16_t bits;
    std::memcpy(&bits, p, sizeof(bits));
    return halfToFloat(bits);
  }
  case DType::BF16: {
    uint16_t bits;
    std::memcpy(&bits, p, sizeof(bits));
    uint32_t wide = static_cast<uint32_t>(bits) << 16;
    float value;
    std::memcpy(&value, &wide, sizeof(value));
    return value;
  }
  case DType::I8:
    return load(int8_t());
  case DType::I16:
    return load(int16_t());
  case DType::I32:
    return load(int32_t());
  case DType::I64:
    return load(int64_t());
  case DType::U8:
  case DType::Bool:
    return load(uint8_t());
  case DType::U16:
    return load(uint16_t());
  case DType::U32:
    return load(uint32_t());
  case DType::U64:
    return load(uint64_t());
  }
  return 0;
}

} // namespace weft::driver
