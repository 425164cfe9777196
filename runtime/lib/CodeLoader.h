//===- CodeLoader.h - Loading a shared object from memory -------*- C++ -*-===//

#ifndef WEFT_RUNTIME_LIB_CODELOADER_H
#define WEFT_RUNTIME_LIB_CODELOADER_H

#include "runtime/lib/Status.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace weft::rt {

/// A shared object loaded with dlopen from bytes in memory: through an
/// anonymous memfd (/proc/self/fd/N), or a temporary file where memfd_create
/// or /proc is unavailable. The fd (or file) stays while the object is
/// loaded so its path stays unique: dlopen recognizes objects by path, and
/// a reused path would return the other engine's code.
class SharedObject {
public:
  static weft_status *load(const uint8_t *bytes, size_t size,
                           std::unique_ptr<SharedObject> &result);
  ~SharedObject();
  SharedObject(const SharedObject &) = delete;
  SharedObject &operator=(const SharedObject &) = delete;

  /// The address of `symbol`, or null.
  void *lookup(const char *symbol) const;

private:
  SharedObject() = default;
  void *handle = nullptr;
  int fd = -1;
  std::string temporaryPath;
};

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_CODELOADER_H
