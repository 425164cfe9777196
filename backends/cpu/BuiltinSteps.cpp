//===- BuiltinSteps.cpp - Graph ops the runtime runs itself ---------------===//

#include "backends/cpu/BuiltinSteps.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace weft::cpu {
namespace {

llvm::Error makeError(Operation *op, const llvm::Twine &message) {
  std::string node = graph::getNodeName(op->getLoc());
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "cpu backend: " +
          (node.empty() ? std::string() : "node '" + node + "' ") + "(" +
          op->getName().getStringRef() + "): " + message);
}

int64_t product(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The bound of an operand, with negative axes normalized against it.
int64_t normalized(int64_t axis, size_t rank) {
  return axis < 0 ? axis + int64_t(rank) : axis;
}

engine::StepAttribute intAttr(StringRef name, int64_t value) {
  engine::StepAttribute attr;
  attr.name = name.str();
  attr.kind = engine::StepAttribute::Kind::Int;
  attr.ints = {value};
  return attr;
}

} // namespace

llvm::Expected<BuiltinDescription>
describeBuiltin(Operation *op,
                const std::vector<std::vector<int64_t>> &operandBounds) {
  BuiltinDescription result;
  if (operandBounds.size() != op->getNumOperands())
    return makeError(op, "operand bounds do not match the operands");
  for (const auto &shape : operandBounds)
    for (int64_t d : shape)
      if (d < 0)
        return makeError(op, "operand shapes must be static or bounded");
  const std::vector<int64_t> &first = operandBounds.front();

  llvm::Error error = llvm::Error::success();
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](graph::NonZeroOp) {
        result.name = "NonZero";
        result.resultBounds = {
            {std::max<int64_t>(1, first.size()), product(first)}};
      })
      .Case([&](graph::CompressOp compress) {
        result.name = "Compress";
        std::vector<int64_t> bound;
        if (std::optional<uint64_t> axis = compress.getAxis()) {
          int64_t a = normalized(int64_t(*axis), first.size());
          result.attributes.push_back(intAttr("axis", a));
          bound = first;
          bound[a] = std::min(bound[a], operandBounds[1][0]);
        } else {
          bound = {std::min(product(first), operandBounds[1][0])};
        }
        result.resultBounds = {bound};
      })
      .Case([&](graph::UniqueOp unique) {
        result.name = "Unique";
        result.attributes.push_back(intAttr("sorted", unique.getSorted()));
        int64_t count;
        std::vector<int64_t> y;
        if (std::optional<uint64_t> axis = unique.getAxis()) {
          int64_t a = normalized(int64_t(*axis), first.size());
          result.attributes.push_back(intAttr("axis", a));
          count = first[a];
          y = first;
        } else {
          count = product(first);
          y = {count};
        }
        result.resultBounds = {y, {count}, {count}, {count}};
      })
      .Case([&](graph::NonMaxSuppressionOp nms) {
        result.name = "NonMaxSuppression";
        result.attributes.push_back(
            intAttr("center_point_box", nms.getCenterPointBox()));
        engine::StepAttribute present;
        present.name = "operands";
        present.kind = engine::StepAttribute::Kind::Ints;
        for (Value v : {nms.getMaxOutputBoxesPerClass(), nms.getIouThreshold(),
                        nms.getScoreThreshold()})
          present.ints.push_back(v ? 1 : 0);
        result.attributes.push_back(present);
        const std::vector<int64_t> &scores = operandBounds[1];
        result.resultBounds = {{scores[0] * scores[1] * scores[2], 3}};
      })
      .Case([&](graph::TfIdfVectorizerOp tfidf) {
        result.name = "TfIdfVectorizer";
        for (auto [name, value] :
             {std::pair<StringRef, int64_t>{"max_gram_length",
                                            tfidf.getMaxGramLength()},
              {"min_gram_length", tfidf.getMinGramLength()},
              {"max_skip_count", tfidf.getMaxSkipCount()}})
          result.attributes.push_back(intAttr(name, value));
        for (auto [name, values] :
             {std::pair<StringRef, ArrayRef<int64_t>>{"ngram_counts",
                                                      tfidf.getNgramCounts()},
              {"ngram_indexes", tfidf.getNgramIndexes()},
              {"pool_int64s", tfidf.getPoolInt64s()}}) {
          engine::StepAttribute attr;
          attr.name = name.str();
          attr.kind = engine::StepAttribute::Kind::Ints;
          attr.ints.assign(values.begin(), values.end());
          result.attributes.push_back(std::move(attr));
        }
        engine::StepAttribute mode;
        mode.name = "mode";
        mode.kind = engine::StepAttribute::Kind::Text;
        mode.text = tfidf.getMode().str();
        result.attributes.push_back(std::move(mode));
        if (std::optional<ArrayRef<float>> weights = tfidf.getWeights()) {
          engine::StepAttribute attr;
          attr.name = "weights";
          attr.kind = engine::StepAttribute::Kind::Floats;
          attr.floats.assign(weights->begin(), weights->end());
          result.attributes.push_back(std::move(attr));
        }
        auto type = cast<RankedTensorType>(tfidf.getType());
        result.resultBounds = {
            std::vector<int64_t>(type.getShape().begin(), type.getShape().end())};
      })
      .Case([&](graph::StringNormalizerOp normalizer) {
        result.name = "StringNormalizer";
        engine::StepAttribute action;
        action.name = "case_change_action";
        action.kind = engine::StepAttribute::Kind::Text;
        action.text = normalizer.getCaseChangeAction().str();
        result.attributes.push_back(std::move(action));
        result.attributes.push_back(intAttr(
            "is_case_sensitive", normalizer.getIsCaseSensitive()));
        engine::StepAttribute stopwords;
        stopwords.name = "stopwords";
        stopwords.kind = engine::StepAttribute::Kind::Texts;
        for (StringRef word :
             normalizer.getStopwords().getAsValueRange<StringAttr>())
          stopwords.texts.push_back(word.str());
        result.attributes.push_back(std::move(stopwords));
        // At most every string is kept, and at least one (empty) is output.
        std::vector<int64_t> bound = first;
        bound.back() = std::max<int64_t>(1, bound.back());
        result.resultBounds = {bound};
      })
      .Case([&](graph::CastOp) {
        result.name = "Cast";
        result.resultBounds = {first};
      })
      .Default([&](Operation *) {
        error = makeError(op, "has no runtime implementation");
      });
  if (error)
    return std::move(error);
  return result;
}

} // namespace weft::cpu
