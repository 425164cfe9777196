//===- Status.cpp - Statuses and element types ----------------------------===//

#include "runtime/lib/Status.h"

namespace weft::rt {

weft_status *makeStatus(weft_code code, std::string message) {
  return new weft_status{code, std::move(message)};
}

} // namespace weft::rt

extern "C" {

const char *weft_status_message(const weft_status *status) {
  return status ? status->message.c_str() : "ok";
}

weft_code weft_status_code(const weft_status *status) {
  return status ? status->code : WEFT_OK;
}

void weft_status_free(weft_status *status) { delete status; }

const char *weft_code_name(weft_code code) {
  switch (code) {
  case WEFT_OK:
    return "ok";
  case WEFT_INVALID_ARGUMENT:
    return "invalid argument";
  case WEFT_IO_ERROR:
    return "i/o error";
  case WEFT_INVALID_ENGINE:
    return "invalid engine";
  case WEFT_TARGET_MISMATCH:
    return "target mismatch";
  case WEFT_CODE_LOAD_ERROR:
    return "code load error";
  case WEFT_FAILED_PRECONDITION:
    return "failed precondition";
  case WEFT_RESOURCE_EXHAUSTED:
    return "resource exhausted";
  case WEFT_INTERNAL:
    return "internal error";
  }
  return "unknown";
}

const char *weft_dtype_name(weft_dtype dtype) {
  static const char *const names[] = {
      "float32", "float16", "bfloat16", "float64", "int8",   "int16", "int32",
      "int64",   "uint8",   "uint16",   "uint32",  "uint64", "bool", "string"};
  unsigned index = unsigned(dtype);
  return index < sizeof(names) / sizeof(names[0]) ? names[index] : "unknown";
}

size_t weft_dtype_size(weft_dtype dtype) {
  static const size_t sizes[] = {4, 2, 2, 8, 1, 2, 4, 8, 1, 2, 4, 8, 1,
                                 sizeof(const char *)};
  unsigned index = unsigned(dtype);
  return index < sizeof(sizes) / sizeof(sizes[0]) ? sizes[index] : 0;
}

} // extern "C"
