//===- Json.h - Writing JSON strings ----------------------------*- C++ -*-===//

#ifndef WEFT_RUNTIME_LIB_JSON_H
#define WEFT_RUNTIME_LIB_JSON_H

#include <cstdio>
#include <string>

namespace weft::rt {

/// Appends `text` as a quoted JSON string.
inline void appendJsonString(std::string &out, const std::string &text) {
  out += '"';
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
        out += escaped;
      } else {
        out += char(c);
      }
    }
  }
  out += '"';
}

inline std::string jsonString(const std::string &text) {
  std::string out;
  appendJsonString(out, text);
  return out;
}

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_JSON_H
