//===- EinsumEquation.cpp - Parsed ONNX Einsum equations ------------------===//

#include "dialects/graph/EinsumEquation.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <map>

using namespace mlir;

namespace weft::graph {

namespace {

/// One side of an equation term: its letters, and where `...` sits (or -1).
struct Term {
  std::string letters;
  int64_t ellipsisAt = -1;
};

bool isLabelLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

FailureOr<Term> parseTerm(StringRef text, std::string &error) {
  Term term;
  for (size_t i = 0; i < text.size();) {
    if (text.substr(i).starts_with("...")) {
      if (term.ellipsisAt >= 0) {
        error = "term '" + text.str() + "' has more than one '...'";
        return failure();
      }
      term.ellipsisAt = term.letters.size();
      i += 3;
      continue;
    }
    if (!isLabelLetter(text[i])) {
      error = "term '" + text.str() + "' has the character '" +
              std::string(1, text[i]) + "' (expected letters and '...')";
      return failure();
    }
    term.letters.push_back(text[i++]);
  }
  return term;
}

/// Ellipsis dims get keys after every letter; dim j of E ellipsis dims is
/// 256 + j (right-aligned across operands).
constexpr int64_t kEllipsisKey = 256;

} // namespace

FailureOr<EinsumEquation> EinsumEquation::parse(StringRef equation,
                                                ArrayRef<int64_t> ranks,
                                                std::string &error) {
  std::string compact;
  for (char c : equation)
    if (c != ' ' && c != '\t')
      compact.push_back(c);
  StringRef text(compact);
  size_t arrow = text.find("->");
  StringRef lhs = text.substr(0, arrow);
  std::optional<StringRef> rhs;
  if (arrow != StringRef::npos)
    rhs = text.substr(arrow + 2);

  SmallVector<StringRef> termTexts;
  lhs.split(termTexts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  if (termTexts.size() != ranks.size()) {
    error = "the equation has " + std::to_string(termTexts.size()) +
            " operand terms but the op has " + std::to_string(ranks.size()) +
            " operands";
    return failure();
  }

  // Each operand's dims as keys: letters by character, ellipsis dims by
  // position.
  SmallVector<Term> terms;
  int64_t numEllipsisDims = 0;
  for (auto [text, rank] : llvm::zip(termTexts, ranks)) {
    FailureOr<Term> term = parseTerm(text, error);
    if (failed(term))
      return failure();
    int64_t explicitDims = term->letters.size();
    if (term->ellipsisAt < 0 ? explicitDims != rank : explicitDims > rank) {
      error = "term '" + text.str() + "' does not match an operand of rank " +
              std::to_string(rank);
      return failure();
    }
    if (term->ellipsisAt >= 0)
      numEllipsisDims = std::max(numEllipsisDims, rank - explicitDims);
    terms.push_back(*term);
  }
  SmallVector<SmallVector<int64_t>> keys;
  std::map<int64_t, int64_t> uses;
  for (auto [term, rank] : llvm::zip(terms, ranks)) {
    SmallVector<int64_t> operandKeys;
    int64_t ellipsisDims = rank - (int64_t)term.letters.size();
    for (int64_t i = 0, e = term.letters.size(); i <= e; ++i) {
      if (i == term.ellipsisAt)
        for (int64_t j = 0; j < ellipsisDims; ++j)
          operandKeys.push_back(kEllipsisKey + numEllipsisDims - ellipsisDims +
                                j);
      if (i < e)
        operandKeys.push_back((unsigned char)term.letters[i]);
    }
    for (int64_t key : operandKeys)
      ++uses[key];
    keys.push_back(std::move(operandKeys));
  }

  // The result's keys.
  SmallVector<int64_t> resultKeys;
  if (rhs) {
    FailureOr<Term> term = parseTerm(*rhs, error);
    if (failed(term))
      return failure();
    for (int64_t i = 0, e = term->letters.size(); i <= e; ++i) {
      if (i == term->ellipsisAt)
        for (int64_t j = 0; j < numEllipsisDims; ++j)
          resultKeys.push_back(kEllipsisKey + j);
      if (i == e)
        break;
      int64_t key = (unsigned char)term->letters[i];
      if (!uses.count(key)) {
        error = "the output letter '" + std::string(1, term->letters[i]) +
                "' is not in any operand term";
        return failure();
      }
      if (llvm::is_contained(resultKeys, key)) {
        error = "the output letter '" + std::string(1, term->letters[i]) +
                "' appears more than once";
        return failure();
      }
      resultKeys.push_back(key);
    }
  } else {
    for (int64_t j = 0; j < numEllipsisDims; ++j)
      resultKeys.push_back(kEllipsisKey + j);
    for (auto [key, count] : uses)
      if (key < kEllipsisKey && count == 1)
        resultKeys.push_back(key);
  }

  // Number the result's keys first, then the summed ones.
  EinsumEquation eq;
  std::map<int64_t, int64_t> labelOf;
  for (int64_t key : resultKeys) {
    int64_t label = labelOf.size();
    labelOf[key] = label;
    eq.resultLabels.push_back(label);
    eq.isEllipsis.push_back(key >= kEllipsisKey);
  }
  for (auto [key, count] : uses) {
    if (labelOf.count(key))
      continue;
    int64_t label = labelOf.size();
    labelOf[key] = label;
    eq.isEllipsis.push_back(key >= kEllipsisKey);
  }
  eq.numLabels = labelOf.size();
  for (const SmallVector<int64_t> &operandKeys : keys) {
    SmallVector<int64_t> labels;
    for (int64_t key : operandKeys)
      labels.push_back(labelOf[key]);
    eq.operandLabels.push_back(std::move(labels));
  }
  return eq;
}

} // namespace weft::graph
