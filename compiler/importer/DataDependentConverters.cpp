//===- DataDependentConverters.cpp - NonZero, Compress, Unique, NMS -------===//
//
// Operators whose output shapes depend on the input data. Their results keep
// the dynamic dims the graph ops infer: a shape the model declares for such
// an output describes one run's data, not every run's, so it does not refine
// the type (see NodeImporter::setOutput).
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"

#include "dialects/graph/GraphOps.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

LogicalResult convertNonZero(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (n.failed())
    return failure();
  return emit<NonZeroOp>(n, {x});
}

LogicalResult convertCompress(NodeImporter &n) {
  if (!n.checkArity(2, 2, 1, 1))
    return failure();
  Value input = n.requiredInput(0), condition = n.requiredInput(1);
  SmallVector<NamedAttribute> attrs;
  n.copyIntAttr(attrs, "axis");
  if (n.failed())
    return failure();
  return emit<CompressOp>(n, {input, condition}, attrs);
}

LogicalResult convertUnique(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 4))
    return failure();
  Value x = n.requiredInput(0);
  SmallVector<NamedAttribute> attrs;
  n.copyIntAttr(attrs, "axis");
  n.copyIntAttr(attrs, "sorted");
  if (n.failed())
    return failure();
  return emit<UniqueOp>(n, {x}, attrs, 4);
}

LogicalResult convertNonMaxSuppression(NodeImporter &n) {
  if (!n.checkArity(2, 5, 1, 1))
    return failure();
  Value boxes = n.requiredInput(0), scores = n.requiredInput(1);
  SmallVector<Value> operands{boxes, scores};
  SmallVector<int32_t> segments{1, 1};
  for (unsigned i = 2; i < 5; ++i) {
    Value v = n.hasInput(i) ? n.input(i) : Value();
    if (v)
      operands.push_back(v);
    segments.push_back(v ? 1 : 0);
  }
  SmallVector<NamedAttribute> attrs;
  n.copyIntAttr(attrs, "center_point_box");
  if (n.failed())
    return failure();
  return emit<NonMaxSuppressionOp>(n, operands, attrs, 1, segments);
}

LogicalResult convertStringNormalizer(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  std::optional<std::string> locale = n.stringAttr("locale");
  if (locale && !locale->empty() && *locale != "en_US" && *locale != "C")
    return n.fail("locale '" + *locale +
                  "' is not supported (only en_US: ASCII case rules)");
  SmallVector<NamedAttribute> attrs;
  n.copyStringAttr(attrs, "case_change_action");
  n.copyIntAttr(attrs, "is_case_sensitive");
  if (std::optional<SmallVector<std::string>> words = n.stringsAttr("stopwords")) {
    SmallVector<StringRef> refs(words->begin(), words->end());
    attrs.push_back(
        n.builder.getNamedAttr("stopwords", n.builder.getStrArrayAttr(refs)));
  }
  if (n.failed())
    return failure();
  return emit<StringNormalizerOp>(n, {x}, attrs);
}

LogicalResult convertTfIdfVectorizer(NodeImporter &n) {
  if (!n.checkArity(1, 1, 1, 1))
    return failure();
  Value x = n.requiredInput(0);
  if (n.hasAttr("pool_strings"))
    return n.fail("string pools (pool_strings) are not supported; only "
                  "integer tokens (pool_int64s)");
  SmallVector<NamedAttribute> attrs;
  for (StringRef name : {"max_gram_length", "min_gram_length",
                         "max_skip_count"}) {
    std::optional<int64_t> value = n.intAttr(name);
    if (!value)
      return n.fail("attribute '" + name + "' is required");
    attrs.push_back(n.builder.getNamedAttr(name, n.builder.getI64IntegerAttr(*value)));
  }
  std::optional<std::string> mode = n.stringAttr("mode");
  if (!mode)
    return n.fail("attribute 'mode' is required");
  attrs.push_back(n.builder.getNamedAttr("mode", n.builder.getStringAttr(*mode)));
  for (StringRef name : {"ngram_counts", "ngram_indexes", "pool_int64s"}) {
    std::optional<SmallVector<int64_t>> values = n.intsAttr(name);
    if (!values)
      return n.fail("attribute '" + name + "' is required");
    attrs.push_back(
        n.builder.getNamedAttr(name, n.builder.getDenseI64ArrayAttr(*values)));
  }
  if (std::optional<SmallVector<float>> weights = n.floatsAttr("weights"))
    attrs.push_back(n.builder.getNamedAttr(
        "weights", n.builder.getDenseF32ArrayAttr(*weights)));
  if (n.failed())
    return failure();
  return emit<TfIdfVectorizerOp>(n, {x}, attrs);
}

} // namespace weft::importer
