//===- Status.h - weft_status and how the runtime makes one -----*- C++ -*-===//

#ifndef WEFT_RUNTIME_LIB_STATUS_H
#define WEFT_RUNTIME_LIB_STATUS_H

#include "weft/runtime.h"

#include <sstream>
#include <string>

struct weft_status {
  weft_code code;
  std::string message;
};

namespace weft::rt {

/// Concatenates the streamed forms of `parts`.
template <typename... Parts> std::string strCat(const Parts &...parts) {
  std::ostringstream stream;
  (stream << ... << parts);
  return stream.str();
}

/// "1 input", "3 inputs".
inline std::string countNoun(size_t count, const std::string &noun) {
  return strCat(count, " ", noun, count == 1 ? "" : "s");
}

/// A new status; never returns null (allocation failure aborts, as anywhere
/// in a -fno-exceptions program).
weft_status *makeStatus(weft_code code, std::string message);

inline weft_status *invalidArgument(std::string message) {
  return makeStatus(WEFT_INVALID_ARGUMENT, std::move(message));
}
inline weft_status *invalidEngine(std::string message) {
  return makeStatus(WEFT_INVALID_ENGINE,
                    "invalid engine: " + std::move(message));
}

/// Returns from the enclosing function when `expr` yields a status.
#define WEFT_RETURN_IF_ERROR(expr)                                             \
  do {                                                                         \
    if (weft_status *weftStatus_ = (expr))                                     \
      return weftStatus_;                                                      \
  } while (false)

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_STATUS_H
