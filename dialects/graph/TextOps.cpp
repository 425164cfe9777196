//===- TextOps.cpp - Types and verifiers of the text ops ------------------===//

#include "dialects/graph/InferenceCommon.h"

using namespace mlir;
using namespace weft::graph;

LogicalResult TfIdfVectorizerOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  int64_t width = 0;
  for (int64_t index : adaptor.getNgramIndexes())
    width = std::max(width, index + 1);
  MaybeShape x = getShape(adaptor.getX());
  MaybeShape result;
  if (x && x->size() == 2)
    result = Shape{(*x)[0], width};
  else if (x)
    result = Shape{width};
  types.push_back(tensorOf(result, Float32Type::get(context)));
  return success();
}

LogicalResult StringNormalizerOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  MaybeShape x = getShape(adaptor.getX());
  MaybeShape result;
  if (x && x->size() == 2)
    result = Shape{(*x)[0], kDyn};
  else if (x)
    result = Shape{kDyn};
  types.push_back(tensorOf(result, getElementType(adaptor.getX().getType())));
  return success();
}

LogicalResult StringNormalizerOp::verify() {
  auto error = [&] { return NodeError(getLoc(), getOperationName()); };
  if (!llvm::isa<StringType>(getElementType(getX().getType())))
    return error() << "the input must hold strings, got "
                   << getElementType(getX().getType());
  MaybeShape x = getShape(getX());
  if (x && x->size() != 1 && !(x->size() == 2 && (isDyn((*x)[0]) ||
                                                   (*x)[0] == 1)))
    return error() << "the input must be [C] or [1, C], got shape "
                   << formatShape(*x);
  StringRef action = getCaseChangeAction();
  if (action != "NONE" && action != "LOWER" && action != "UPPER")
    return error() << "case_change_action must be NONE, LOWER or UPPER, got '"
                   << action << "'";
  if (getIsCaseSensitive() != 0 && getIsCaseSensitive() != 1)
    return error() << "is_case_sensitive must be 0 or 1, got "
                   << getIsCaseSensitive();
  return success();
}

LogicalResult TfIdfVectorizerOp::verify() {
  auto error = [&] { return NodeError(getLoc(), getOperationName()); };
  Type element = getElementType(getX().getType());
  if (!element.isInteger(32) && !element.isInteger(64))
    return error() << "tokens must be int32 or int64 (string tokens are not "
                      "supported), got "
                   << element;
  MaybeShape x = getShape(getX());
  if (x && x->size() != 1 && x->size() != 2)
    return error() << "the input must be [C] or [N, C], got shape "
                   << formatShape(*x);
  StringRef mode = getMode();
  if (mode != "TF" && mode != "IDF" && mode != "TFIDF")
    return error() << "mode must be TF, IDF or TFIDF, got '" << mode << "'";
  int64_t minLength = getMinGramLength(), maxLength = getMaxGramLength();
  ArrayRef<int64_t> counts = getNgramCounts();
  if (minLength < 1 || maxLength < minLength ||
      maxLength > int64_t(counts.size()))
    return error() << "gram lengths must satisfy 1 <= min_gram_length ("
                   << minLength << ") <= max_gram_length (" << maxLength
                   << ") <= the number of ngram_counts (" << counts.size()
                   << ")";
  if (getMaxSkipCount() < 0)
    return error() << "max_skip_count must not be negative";
  int64_t pool = getPoolInt64s().size(), ngrams = 0;
  for (size_t n = 0; n < counts.size(); ++n) {
    int64_t begin = counts[n];
    int64_t end = n + 1 < counts.size() ? counts[n + 1] : pool;
    if (begin < 0 || end < begin || end > pool || (end - begin) % (n + 1))
      return error() << "ngram_counts " << n << " (" << begin
                     << ") does not start a whole number of " << n + 1
                     << "-grams in the pool of " << pool;
    ngrams += (end - begin) / (n + 1);
  }
  if (int64_t(getNgramIndexes().size()) != ngrams)
    return error() << "ngram_indexes has " << getNgramIndexes().size()
                   << " entries for " << ngrams << " pooled n-grams";
  for (int64_t index : getNgramIndexes())
    if (index < 0)
      return error() << "ngram_indexes must not be negative, got " << index;
  if (getWeights() && int64_t(getWeights()->size()) != ngrams)
    return error() << "weights has " << getWeights()->size() << " entries for "
                   << ngrams << " pooled n-grams";
  return success();
}
