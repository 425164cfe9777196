//===- GraphTextOps.td - Text feature extraction ops -----------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it. Ops
// for text pipelines that the backends run as runtime builtin steps (no
// generated code): their work is hashing and matching, not arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHTEXTOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHTEXTOPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_TfIdfVectorizerOp : Graph_InferOp<"tfidf_vectorizer"> {
  let summary = "n-gram counts of integer token sequences";
  let description = [{
    ONNX `TfIdfVectorizer` on int32 or int64 tokens, `[C]` or `[N, C]`. The
    pool holds the n-grams to count: `pool_int64s` is every n-gram's tokens,
    grouped by length, and `ngram_counts[n - 1]` is where the n-grams of
    length n start in it. For each row, every n-gram with
    `min_gram_length <= n <= max_gram_length` whose tokens are `d` apart
    (`1 <= d <= max_skip_count + 1`; unigrams once) and that is in the pool
    adds one to its output slot `ngram_indexes[k]` (`k`: its position among
    all pooled n-grams). `mode` `TF` gives the counts, `IDF` the weight where
    the count is non-zero, `TFIDF` count times weight (`weights` default 1).
    The result is f32 `[O]` or `[N, O]` with `O = max(ngram_indexes) + 1`.

    Example:

    ```mlir
    %y = graph.tfidf_vectorizer %x {max_gram_length = 2 : i64,
           min_gram_length = 2 : i64, max_skip_count = 0 : i64, mode = "TF",
           ngram_counts = array<i64: 0, 0>, ngram_indexes = array<i64: 0, 1>,
           pool_int64s = array<i64: 5, 6, 7, 8>}
           : tensor<12xi32> -> tensor<2xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, I64Attr:$max_gram_length,
                       I64Attr:$min_gram_length, I64Attr:$max_skip_count,
                       StrAttr:$mode, DenseI64ArrayAttr:$ngram_counts,
                       DenseI64ArrayAttr:$ngram_indexes,
                       DenseI64ArrayAttr:$pool_int64s,
                       OptionalAttr<DenseF32ArrayAttr>:$weights);
  let results = (outs TensorOf<[F32]>:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_StringNormalizerOp : Graph_InferOp<"string_normalizer"> {
  let summary = "stopword removal and case change of strings";
  let description = [{
    ONNX `StringNormalizer` on `[C]` or `[1, C]` strings: drops the strings
    equal to one of `stopwords` (ignoring ASCII case unless
    `is_case_sensitive` is 1), then changes the case of the rest
    (`case_change_action` `LOWER`, `UPPER` or `NONE`; ASCII letters only).
    The kept count is data-dependent (`?`); when nothing is kept the result
    is one empty string. Only the `en_US` locale (or none) is accepted.

    Example:

    ```mlir
    %y = graph.string_normalizer %x {case_change_action = "LOWER",
           is_case_sensitive = 0 : i64, stopwords = ["monday"]}
           : tensor<4x!graph.string> -> tensor<?x!graph.string>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedStrAttr<StrAttr, "NONE">:$case_change_action,
                       DefaultValuedAttr<I64Attr, "0">:$is_case_sensitive,
                       DefaultValuedAttr<StrArrayAttr, "{}">:$stopwords);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHTEXTOPS_TD
