//===- Strings.cpp - StringNormalizer and casts to or from strings --------===//
//
// ONNX StringNormalizer-10 (ASCII case rules: the en_US locale's behaviour on
// ASCII text; other bytes are kept as they are) and Cast between strings
// and numbers: numbers print as the shortest text that reads back to the
// same value (as numpy's str does), and text parses as C's strtod/strtoll
// would ("inf", "nan" included); text that is not a number is a run error.
//
//===----------------------------------------------------------------------===//

#include "runtime/lib/builtins/Builtins.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace weft::rt {
namespace {

std::string changeCase(std::string s, const std::string &action) {
  for (char &c : s) {
    if (action == "LOWER" && c >= 'A' && c <= 'Z')
      c = char(c - 'A' + 'a');
    else if (action == "UPPER" && c >= 'a' && c <= 'z')
      c = char(c - 'a' + 'A');
  }
  return s;
}

const AttributeRecord *findAttribute(const StepRecord &step, const char *name) {
  for (const AttributeRecord &attr : step.attributes)
    if (attr.name == name)
      return &attr;
  return nullptr;
}

//===--- StringNormalizer -------------------------------------------------===//

weft_status *validateNormalizer(const StepRecord &step,
                                const EngineModel &model,
                                const std::string &what) {
  WEFT_RETURN_IF_ERROR(expectBufferCount(step, 2, what));
  const BufferRecord &x = model.buffers[step.buffers[0]];
  WEFT_RETURN_IF_ERROR(expectBuffer(step, model, 0, WEFT_DTYPE_STRING, -1,
                                    what, "the input"));
  WEFT_RETURN_IF_ERROR(expectBuffer(step, model, 1, WEFT_DTYPE_STRING,
                                    int(x.shape.size()), what, "the result"));
  const auto &xBound = getBound(model, step.buffers[0]);
  const auto &yBound = getBound(model, step.buffers[1]);
  if (xBound.size() != 1 && !(xBound.size() == 2 && xBound[0] == 1))
    return invalidEngine(what + ": the input must be [C] or [1, C]");
  if (yBound.back() < std::max<int64_t>(1, xBound.back()) ||
      (yBound.size() == 2 && yBound[0] != 1))
    return invalidEngine(what + ": the result cannot hold the strings");
  const AttributeRecord *action = findAttribute(step, "case_change_action");
  if (!action || (action->text != "NONE" && action->text != "LOWER" &&
                  action->text != "UPPER"))
    return invalidEngine(what + ": bad case_change_action");
  return nullptr;
}

weft_status *runNormalizer(const StepRecord &step,
                           std::vector<TensorView> &operands,
                           std::vector<TensorView> &results,
                           const std::string &) {
  const TensorView &x = operands[0];
  TensorView &y = results[0];
  const std::string &action = findAttribute(step, "case_change_action")->text;
  bool caseSensitive = getIntAttribute(step, "is_case_sensitive", 0) != 0;
  const AttributeRecord *stopAttr = findAttribute(step, "stopwords");
  std::vector<std::string> stopwords;
  if (stopAttr)
    for (const std::string &word : stopAttr->texts)
      stopwords.push_back(caseSensitive ? word : changeCase(word, "LOWER"));
  std::vector<std::string> kept;
  for (int64_t i = 0, n = x.numElements(); i < n; ++i) {
    std::string s = x.stringAt(i);
    std::string key = caseSensitive ? s : changeCase(s, "LOWER");
    if (std::find(stopwords.begin(), stopwords.end(), key) != stopwords.end())
      continue;
    kept.push_back(changeCase(std::move(s), action));
  }
  // ONNX: when every string is removed, the result is one empty string.
  if (kept.empty())
    kept.emplace_back();
  int64_t count = kept.size();
  y.setStrings(std::move(kept));
  y.shape = y.maxShape.size() == 2 ? std::vector<int64_t>{1, count}
                                   : std::vector<int64_t>{count};
  return nullptr;
}

//===--- Cast -------------------------------------------------------------===//

bool isNumber(weft_dtype dtype) {
  return dtype != WEFT_DTYPE_STRING && dtype != WEFT_DTYPE_F16 &&
         dtype != WEFT_DTYPE_BF16;
}

weft_status *validateCast(const StepRecord &step, const EngineModel &model,
                          const std::string &what) {
  WEFT_RETURN_IF_ERROR(expectBufferCount(step, 2, what));
  const BufferRecord &x = model.buffers[step.buffers[0]];
  const BufferRecord &y = model.buffers[step.buffers[1]];
  bool toString = y.dtype == WEFT_DTYPE_STRING;
  bool fromString = x.dtype == WEFT_DTYPE_STRING;
  if (toString == fromString || !isNumber(toString ? x.dtype : y.dtype))
    return invalidEngine(what + strCat(": cannot cast ",
                                       weft_dtype_name(x.dtype), " to ",
                                       weft_dtype_name(y.dtype)));
  if (!x.maxShape.empty() || !y.maxShape.empty() || x.shape != y.shape)
    return invalidEngine(what + ": the input and result shapes differ");
  return nullptr;
}

/// The shortest text that reads back as `v` (ONNX's "NaN", "INF", "-INF").
template <typename T> std::string formatFloat(T v) {
  if (std::isnan(v))
    return "NaN";
  if (std::isinf(v))
    return v > 0 ? "INF" : "-INF";
  char text[64];
  std::to_chars_result r = std::to_chars(text, text + sizeof(text), v);
  return std::string(text, r.ptr);
}

std::string formatNumber(const TensorView &x, int64_t i) {
  char text[64];
  const void *p = static_cast<const char *>(x.data) +
                  i * int64_t(weft_dtype_size(x.dtype));
  std::to_chars_result r{text, std::errc()};
  auto load = [&](auto value) {
    std::memcpy(&value, p, sizeof(value));
    return value;
  };
  switch (x.dtype) {
  case WEFT_DTYPE_F32: return formatFloat(load(0.0f));
  case WEFT_DTYPE_F64: return formatFloat(load(0.0));
  case WEFT_DTYPE_I8: r = std::to_chars(text, text + 64, load(int8_t())); break;
  case WEFT_DTYPE_I16: r = std::to_chars(text, text + 64, load(int16_t())); break;
  case WEFT_DTYPE_I32: r = std::to_chars(text, text + 64, load(int32_t())); break;
  case WEFT_DTYPE_I64: r = std::to_chars(text, text + 64, load(int64_t())); break;
  case WEFT_DTYPE_U8: r = std::to_chars(text, text + 64, load(uint8_t())); break;
  case WEFT_DTYPE_U16: r = std::to_chars(text, text + 64, load(uint16_t())); break;
  case WEFT_DTYPE_U32: r = std::to_chars(text, text + 64, load(uint32_t())); break;
  case WEFT_DTYPE_U64: r = std::to_chars(text, text + 64, load(uint64_t())); break;
  case WEFT_DTYPE_BOOL: return load(uint8_t()) ? "1" : "0";
  default: return "";
  }
  return std::string(text, r.ptr);
}

/// Parses `s` into element `i` of `y`; false when it is not a number.
bool parseNumber(const char *s, TensorView &y, int64_t i) {
  void *p = static_cast<char *>(y.data) + i * int64_t(weft_dtype_size(y.dtype));
  char *end = nullptr;
  errno = 0;
  auto store = [&](auto value) { std::memcpy(p, &value, sizeof(value)); };
  switch (y.dtype) {
  case WEFT_DTYPE_F32: store(std::strtof(s, &end)); break;
  case WEFT_DTYPE_F64: store(std::strtod(s, &end)); break;
  case WEFT_DTYPE_BOOL: {
    double v = std::strtod(s, &end);
    store(uint8_t(v != 0));
    break;
  }
  case WEFT_DTYPE_U8: case WEFT_DTYPE_U16: case WEFT_DTYPE_U32:
  case WEFT_DTYPE_U64: {
    unsigned long long v = std::strtoull(s, &end, 10);
    switch (y.dtype) {
    case WEFT_DTYPE_U8: store(uint8_t(v)); break;
    case WEFT_DTYPE_U16: store(uint16_t(v)); break;
    case WEFT_DTYPE_U32: store(uint32_t(v)); break;
    default: store(uint64_t(v)); break;
    }
    break;
  }
  default: {
    long long v = std::strtoll(s, &end, 10);
    switch (y.dtype) {
    case WEFT_DTYPE_I8: store(int8_t(v)); break;
    case WEFT_DTYPE_I16: store(int16_t(v)); break;
    case WEFT_DTYPE_I32: store(int32_t(v)); break;
    default: store(int64_t(v)); break;
    }
    break;
  }
  }
  return end != s && *end == '\0';
}

weft_status *runCast(const StepRecord &, std::vector<TensorView> &operands,
                     std::vector<TensorView> &results,
                     const std::string &what) {
  const TensorView &x = operands[0];
  TensorView &y = results[0];
  int64_t n = x.numElements();
  if (y.dtype == WEFT_DTYPE_STRING) {
    std::vector<std::string> text;
    for (int64_t i = 0; i < n; ++i)
      text.push_back(formatNumber(x, i));
    y.setStrings(std::move(text));
  } else {
    for (int64_t i = 0; i < n; ++i)
      if (!parseNumber(x.stringAt(i), y, i))
        return invalidArgument(what + strCat(": string ", i, " ('",
                                             x.stringAt(i), "') is not a ",
                                             weft_dtype_name(y.dtype)));
  }
  y.shape = x.shape;
  return nullptr;
}

} // namespace

const BuiltinInfo kStringNormalizerBuiltin = {"StringNormalizer", 1,
                                              validateNormalizer,
                                              runNormalizer};
const BuiltinInfo kCastBuiltin = {"Cast", 1, validateCast, runCast};

} // namespace weft::rt
