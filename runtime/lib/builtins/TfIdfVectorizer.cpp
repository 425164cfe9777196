//===- TfIdfVectorizer.cpp - N-gram counts of integer tokens --------------===//
//
// ONNX TfIdfVectorizer-9 on int32/int64 tokens. Each pooled n-gram gets its
// output slot; a row's n-grams (tokens `d` apart, 1 <= d <= max_skip_count
// + 1; unigrams counted once per position) are looked up in a hash map from
// token sequence to pool position.
//
//===----------------------------------------------------------------------===//

#include "runtime/lib/builtins/Builtins.h"

#include <map>

namespace weft::rt {
namespace {

const AttributeRecord *findAttribute(const StepRecord &step, const char *name) {
  for (const AttributeRecord &attr : step.attributes)
    if (attr.name == name)
      return &attr;
  return nullptr;
}

weft_status *validateTfIdf(const StepRecord &step, const EngineModel &model,
                           const std::string &what) {
  WEFT_RETURN_IF_ERROR(expectBufferCount(step, 2, what));
  const BufferRecord &x = model.buffers[step.buffers[0]];
  if (x.dtype != WEFT_DTYPE_I32 && x.dtype != WEFT_DTYPE_I64)
    return invalidEngine(what + ": tokens must be int32 or int64");
  if (x.shape.size() != 1 && x.shape.size() != 2)
    return invalidEngine(what + ": tokens must have rank 1 or 2");
  WEFT_RETURN_IF_ERROR(expectBuffer(step, model, 1, WEFT_DTYPE_F32,
                                    int(x.shape.size()), what, "the result"));
  const BufferRecord &y = model.buffers[step.buffers[1]];
  if (!x.maxShape.empty() || !y.maxShape.empty() ||
      (x.shape.size() == 2 && x.shape[0] != y.shape[0]))
    return invalidEngine(what + ": the token and result shapes do not match");
  int64_t minLength = getIntAttribute(step, "min_gram_length", 0);
  int64_t maxLength = getIntAttribute(step, "max_gram_length", 0);
  int64_t maxSkip = getIntAttribute(step, "max_skip_count", -1);
  const std::vector<int64_t> *counts = getIntsAttribute(step, "ngram_counts");
  const std::vector<int64_t> *indexes = getIntsAttribute(step, "ngram_indexes");
  const std::vector<int64_t> *pool = getIntsAttribute(step, "pool_int64s");
  const AttributeRecord *mode = findAttribute(step, "mode");
  const AttributeRecord *weights = findAttribute(step, "weights");
  if (!counts || !indexes || !pool || !mode || minLength < 1 ||
      maxLength < minLength || maxLength > int64_t(counts->size()) ||
      maxSkip < 0)
    return invalidEngine(what + ": bad n-gram attributes");
  if (mode->text != "TF" && mode->text != "IDF" && mode->text != "TFIDF")
    return invalidEngine(what + ": unknown mode '" + mode->text + "'");
  size_t ngrams = 0;
  for (size_t n = 0; n < counts->size(); ++n) {
    int64_t begin = (*counts)[n];
    int64_t end = n + 1 < counts->size() ? (*counts)[n + 1] : pool->size();
    if (begin < 0 || end < begin || end > int64_t(pool->size()) ||
        (end - begin) % int64_t(n + 1))
      return invalidEngine(what + ": ngram_counts does not split the pool");
    ngrams += (end - begin) / (n + 1);
  }
  int64_t width = y.shape.back();
  if (indexes->size() != ngrams)
    return invalidEngine(what + ": ngram_indexes does not match the pool");
  for (int64_t index : *indexes)
    if (index < 0 || index >= width)
      return invalidEngine(what + strCat(": ngram index ", index,
                                         " is outside the result"));
  if (weights && weights->floats.size() != ngrams)
    return invalidEngine(what + ": weights does not match the pool");
  return nullptr;
}

weft_status *runTfIdf(const StepRecord &step,
                      std::vector<TensorView> &operands,
                      std::vector<TensorView> &results, const std::string &) {
  const TensorView &x = operands[0];
  TensorView &y = results[0];
  const std::vector<int64_t> &counts = *getIntsAttribute(step, "ngram_counts");
  const std::vector<int64_t> &indexes = *getIntsAttribute(step, "ngram_indexes");
  const std::vector<int64_t> &pool = *getIntsAttribute(step, "pool_int64s");
  const AttributeRecord *mode = findAttribute(step, "mode");
  const AttributeRecord *weights = findAttribute(step, "weights");
  int64_t minLength = getIntAttribute(step, "min_gram_length", 1);
  int64_t maxLength = getIntAttribute(step, "max_gram_length", 1);
  int64_t maxSkip = getIntAttribute(step, "max_skip_count", 0);

  // Pooled n-gram (its tokens) -> its position among all pooled n-grams.
  std::map<std::vector<int64_t>, size_t> lookup;
  size_t position = 0;
  for (size_t n = 0; n < counts.size(); ++n) {
    int64_t end = n + 1 < counts.size() ? counts[n + 1] : pool.size();
    for (int64_t at = counts[n]; at < end; at += n + 1, ++position)
      lookup.emplace(std::vector<int64_t>(pool.begin() + at,
                                          pool.begin() + at + n + 1),
                     position);
  }
  int64_t rows = x.shape.size() == 2 ? x.shape[0] : 1;
  int64_t length = x.shape.back(), width = y.shape.back();
  auto token = [&](int64_t i) -> int64_t {
    return x.dtype == WEFT_DTYPE_I32 ? static_cast<const int32_t *>(x.data)[i]
                                     : static_cast<const int64_t *>(x.data)[i];
  };
  float *out = static_cast<float *>(y.data);
  std::vector<int64_t> gram;
  for (int64_t r = 0; r < rows; ++r) {
    float *row = out + r * width;
    std::fill(row, row + width, 0.0f);
    const int64_t base = r * length;
    for (int64_t n = minLength; n <= maxLength; ++n)
      for (int64_t skip = 0; skip <= (n == 1 ? 0 : maxSkip); ++skip) {
        int64_t step = skip + 1;
        for (int64_t start = 0; start + (n - 1) * step < length; ++start) {
          gram.clear();
          for (int64_t k = 0; k < n; ++k)
            gram.push_back(token(base + start + k * step));
          auto it = lookup.find(gram);
          if (it != lookup.end())
            row[indexes[it->second]] += 1.0f;
        }
      }
    // Counts to the requested measure; slots map back to pooled n-grams.
    if (mode->text != "TF")
      for (size_t k = 0; k < indexes.size(); ++k) {
        float &slot = row[indexes[k]];
        float weight = weights ? float(weights->floats[k]) : 1.0f;
        if (mode->text == "IDF")
          slot = slot > 0 ? weight : 0.0f;
        else if (mode->text == "TFIDF")
          slot *= weight;
      }
  }
  return nullptr;
}

} // namespace

const BuiltinInfo kTfIdfVectorizerBuiltin = {"TfIdfVectorizer", 1,
                                             validateTfIdf, runTfIdf};

} // namespace weft::rt
