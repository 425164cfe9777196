//===- Builtins.cpp - The registry of builtin operations ------------------===//

#include "runtime/lib/builtins/Builtins.h"

namespace weft::rt {

namespace {
const BuiltinInfo *const kBuiltins[] = {
    &kCastBuiltin,
    &kCompressBuiltin,
    &kNonMaxSuppressionBuiltin,
    &kNonZeroBuiltin,
    &kStringNormalizerBuiltin,
    &kTfIdfVectorizerBuiltin,
    &kUniqueBuiltin,
};
} // namespace

int64_t TensorView::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

const char *TensorView::stringAt(int64_t i) const {
  const char *s = static_cast<const char *const *>(data)[i];
  return s ? s : "";
}

void TensorView::setStrings(std::vector<std::string> values) {
  *strings = std::move(values);
  const char **pointers = static_cast<const char **>(data);
  for (size_t i = 0; i < strings->size(); ++i)
    pointers[i] = (*strings)[i].c_str();
}

const BuiltinInfo *findBuiltin(const std::string &name) {
  for (const BuiltinInfo *info : kBuiltins)
    if (name == info->name)
      return info;
  return nullptr;
}

std::string listBuiltins() {
  std::string text;
  for (const BuiltinInfo *info : kBuiltins)
    text += (text.empty() ? "" : ", ") + std::string(info->name);
  return text;
}

int64_t getIntAttribute(const StepRecord &step, const char *name,
                        int64_t fallback) {
  for (const AttributeRecord &attr : step.attributes)
    if (attr.name == name && !attr.ints.empty())
      return attr.ints.front();
  return fallback;
}

const std::vector<int64_t> *getIntsAttribute(const StepRecord &step,
                                             const char *name) {
  for (const AttributeRecord &attr : step.attributes)
    if (attr.name == name)
      return &attr.ints;
  return nullptr;
}

weft_status *expectBufferCount(const StepRecord &step, size_t count,
                               const std::string &what) {
  if (step.buffers.size() != count)
    return invalidEngine(strCat(what, ": builtin ", step.builtin, " takes ",
                                count, " buffers, the step has ",
                                step.buffers.size()));
  return nullptr;
}

weft_status *expectBuffer(const StepRecord &step, const EngineModel &model,
                          size_t index, weft_dtype dtype, int rank,
                          const std::string &what, const char *role,
                          bool anyDtype) {
  const BufferRecord &buffer = model.buffers[step.buffers[index]];
  if (!anyDtype && buffer.dtype != dtype)
    return invalidEngine(strCat(what, ": ", role, " must be ",
                                weft_dtype_name(dtype), ", not ",
                                weft_dtype_name(buffer.dtype)));
  if (rank >= 0 && buffer.shape.size() != size_t(rank))
    return invalidEngine(strCat(what, ": ", role, " must have rank ", rank,
                                ", not ", buffer.shape.size()));
  return nullptr;
}

} // namespace weft::rt
