//===- Engine.cpp - Loading an engine -------------------------------------===//

#include "runtime/lib/Engine.h"

#include "runtime/lib/Target.h"
#include "runtime/schema/EngineFormat.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace weft::rt {
namespace {

/// Closes a file descriptor on scope exit.
struct FileCloser {
  int fd;
  ~FileCloser() {
    if (fd >= 0)
      ::close(fd);
  }
};

weft_status *ioError(const char *path, const char *what) {
  return makeStatus(WEFT_IO_ERROR, strCat("cannot ", what, " '", path,
                                          "': ", std::strerror(errno)));
}

weft_status *openEngineFile(const char *path, int &fd, uint64_t &size) {
  if (!path)
    return invalidArgument("the engine path is null");
  fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return ioError(path, "open");
  struct stat info;
  if (::fstat(fd, &info) != 0)
    return ioError(path, "stat");
  if (!S_ISREG(info.st_mode))
    return makeStatus(WEFT_IO_ERROR,
                      strCat("'", path, "' is not a regular file"));
  size = uint64_t(info.st_size);
  return nullptr;
}

bool readAt(int fd, uint8_t *out, size_t size, uint64_t offset) {
  while (size > 0) {
    ssize_t got = ::pread(fd, out, size, off_t(offset));
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    out += got;
    size -= size_t(got);
    offset += uint64_t(got);
  }
  return true;
}

} // namespace

weft_status *EngineBytes::mapFile(const char *path,
                                  std::unique_ptr<EngineBytes> &result) {
  int fd = -1;
  uint64_t size = 0;
  weft_status *status = openEngineFile(path, fd, size);
  FileCloser closer{fd};
  if (status)
    return status;
  std::unique_ptr<EngineBytes> bytes(new EngineBytes());
  if (size < format::kPreambleSize) {
    // Too small to map usefully (or empty); the verifier reports it.
    std::vector<uint8_t> small(size);
    if (size && !readAt(fd, small.data(), size, 0))
      return ioError(path, "read");
    return copy(small.data(), small.size(), result);
  }
  void *address = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (address == MAP_FAILED)
    return ioError(path, "map");
  bytes->bytes = static_cast<uint8_t *>(address);
  bytes->length = size;
  bytes->mapped = true;
  result = std::move(bytes);
  return nullptr;
}

weft_status *EngineBytes::copy(const void *data, size_t size,
                               std::unique_ptr<EngineBytes> &result) {
  if (!data && size)
    return invalidArgument("the engine data is null");
  std::unique_ptr<EngineBytes> bytes(new EngineBytes());
  void *memory = nullptr;
  if (::posix_memalign(&memory, format::kBlobAlignment,
                       size ? size : format::kBlobAlignment) != 0)
    return makeStatus(WEFT_RESOURCE_EXHAUSTED, strCat("cannot allocate ", size,
                                                      " bytes for the engine"));
  if (size)
    std::memcpy(memory, data, size);
  bytes->bytes = static_cast<uint8_t *>(memory);
  bytes->length = size;
  result = std::move(bytes);
  return nullptr;
}

EngineBytes::~EngineBytes() {
  if (mapped)
    ::munmap(bytes, length);
  else
    std::free(bytes);
}

weft_status *readEngineHeader(const char *path,
                              std::shared_ptr<EngineModel> &model) {
  int fd = -1;
  uint64_t fileSize = 0;
  weft_status *status = openEngineFile(path, fd, fileSize);
  FileCloser closer{fd};
  if (status)
    return status;
  // The preamble says how much header follows; read exactly that much.
  std::vector<uint8_t> bytes(
      std::min<uint64_t>(fileSize, format::kPreambleSize));
  if (!bytes.empty() && !readAt(fd, bytes.data(), bytes.size(), 0))
    return ioError(path, "read");
  format::Preamble preamble;
  if (bytes.size() == format::kPreambleSize &&
      format::decodePreamble(bytes.data(), preamble) &&
      preamble.headerSize <= format::kMaxHeaderSize &&
      format::kPreambleSize + uint64_t(preamble.headerSize) <= fileSize) {
    bytes.resize(format::kPreambleSize + preamble.headerSize);
    if (!readAt(fd, bytes.data() + format::kPreambleSize, preamble.headerSize,
                format::kPreambleSize))
      return ioError(path, "read");
  }
  return parseEngine(bytes.data(), bytes.size(), fileSize, model);
}

weft_status *LoadedEngine::load(std::unique_ptr<EngineBytes> bytes,
                                std::shared_ptr<LoadedEngine> &result) {
  std::shared_ptr<LoadedEngine> engine(new LoadedEngine());
  WEFT_RETURN_IF_ERROR(
      parseEngine(bytes->data(), bytes->size(), bytes->size(), engine->model));
  const EngineModel &model = *engine->model;
  WEFT_RETURN_IF_ERROR(verifyBlobs(model, bytes->data() + model.dataOffset));
  WEFT_RETURN_IF_ERROR(checkTarget(model.target.kind, model.target.triple,
                                   model.target.features, getHostTarget()));
  engine->bytes = std::move(bytes);
  WEFT_RETURN_IF_ERROR(engine->loadCode());
  result = std::move(engine);
  return nullptr;
}

weft_status *LoadedEngine::loadCode() {
  const uint8_t *data = bytes->data() + model->dataOffset;
  for (int32_t blob : model->codeObjects) {
    const BlobRecord &record = model->blobs[blob];
    std::unique_ptr<SharedObject> object;
    WEFT_RETURN_IF_ERROR(
        SharedObject::load(data + record.offset, record.size, object));
    codeObjects.push_back(std::move(object));
  }
  for (size_t i = 0; i < model->steps.size(); ++i) {
    const StepRecord &step = model->steps[i];
    if (step.builtinInfo) {
      kernels.push_back(nullptr);
      continue;
    }
    void *address = codeObjects[step.codeObject]->lookup(step.kernel.c_str());
    if (!address)
      return makeStatus(WEFT_CODE_LOAD_ERROR,
                        strCat(model->describeStep(i), ": kernel symbol '",
                               step.kernel,
                               "' is not in the engine's code object"));
    kernels.push_back(reinterpret_cast<KernelFunction>(address));
  }
  return nullptr;
}

const uint8_t *LoadedEngine::getConstant(int32_t id) const {
  const BlobRecord &blob = model->blobs[model->buffers[id].blob];
  return bytes->data() + model->dataOffset + blob.offset;
}

} // namespace weft::rt
