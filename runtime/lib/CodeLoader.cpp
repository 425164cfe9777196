//===- CodeLoader.cpp - Loading a shared object from memory ---------------===//

#include "runtime/lib/CodeLoader.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace weft::rt {
namespace {

bool writeAll(int fd, const uint8_t *bytes, size_t size) {
  while (size > 0) {
    ssize_t written = ::write(fd, bytes, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return false;
    bytes += written;
    size -= size_t(written);
  }
  return true;
}

int createMemoryFile() {
#if defined(__linux__) && defined(SYS_memfd_create)
  return int(::syscall(SYS_memfd_create, "weft-engine-code", 1u /*CLOEXEC*/));
#else
  return -1;
#endif
}

/// A temporary file for systems without memfd or /proc; it stays on disk
/// (so its unique name stays taken) until the object is unloaded.
int createTemporaryFile(std::string &path) {
  const char *dir = std::getenv("TMPDIR");
  path = std::string(dir && *dir ? dir : "/tmp") + "/weft-engine-code-XXXXXX";
  int fd = ::mkstemp(path.data());
  if (fd < 0)
    path.clear();
  return fd;
}

} // namespace

weft_status *SharedObject::load(const uint8_t *bytes, size_t size,
                                std::unique_ptr<SharedObject> &result) {
  std::unique_ptr<SharedObject> object(new SharedObject());
  std::string path;
  object->fd = createMemoryFile();
  if (object->fd >= 0) {
    path = strCat("/proc/self/fd/", object->fd);
    if (::access(path.c_str(), F_OK) != 0) { // no /proc
      ::close(object->fd);
      object->fd = -1;
    }
  }
  if (object->fd < 0) {
    object->fd = createTemporaryFile(object->temporaryPath);
    path = object->temporaryPath;
  }
  if (object->fd < 0)
    return makeStatus(WEFT_CODE_LOAD_ERROR,
                      strCat("cannot create a file for the code object: ",
                             std::strerror(errno)));
  if (!writeAll(object->fd, bytes, size))
    return makeStatus(
        WEFT_CODE_LOAD_ERROR,
        strCat("cannot write the code object: ", std::strerror(errno)));
  object->handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!object->handle) {
    const char *error = ::dlerror();
    return makeStatus(WEFT_CODE_LOAD_ERROR,
                      strCat("cannot load the code object: ",
                             error ? error : "unknown dlopen error"));
  }
  result = std::move(object);
  return nullptr;
}

SharedObject::~SharedObject() {
  if (handle)
    ::dlclose(handle);
  if (fd >= 0)
    ::close(fd);
  if (!temporaryPath.empty())
    ::unlink(temporaryPath.c_str());
}

void *SharedObject::lookup(const char *symbol) const {
  return ::dlsym(handle, symbol);
}

} // namespace weft::rt
