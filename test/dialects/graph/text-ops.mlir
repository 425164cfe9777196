// RUN: weft-opt -split-input-file -verify-diagnostics -graph-infer-shapes %s | FileCheck %s

// graph.tfidf_vectorizer: the result width is max(ngram_indexes) + 1, with
// the batch dim of a 2-D input; the pool must split into whole n-grams.

// CHECK-LABEL: func.func @tfidf
// CHECK: graph.tfidf_vectorizer {{.*}} : tensor<2x6xi32> -> tensor<2x7xf32>
// CHECK: graph.tfidf_vectorizer {{.*}} : tensor<12xi64> -> tensor<3xf32>
func.func @tfidf(%x: tensor<2x6xi32>, %y: tensor<12xi64>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = graph.tfidf_vectorizer %x {max_gram_length = 2 : i64, min_gram_length = 1 : i64, max_skip_count = 5 : i64, mode = "TF", ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>} : tensor<2x6xi32> -> tensor<*xf32>
  %1 = graph.tfidf_vectorizer %y {max_gram_length = 2 : i64, min_gram_length = 2 : i64, max_skip_count = 0 : i64, mode = "TFIDF", ngram_counts = array<i64: 0, 0>, ngram_indexes = array<i64: 0, 1, 2>, pool_int64s = array<i64: 5, 6, 7, 8, 6, 7>, weights = array<f32: 1.0, 2.0, 0.5>} : tensor<12xi64> -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// -----

func.func @tfidf_bad_pool(%x: tensor<12xi64>) {
  // expected-error@+1 {{ngram_counts 1 (0) does not start a whole number of 2-grams in the pool of 5}}
  %0 = graph.tfidf_vectorizer %x {max_gram_length = 2 : i64, min_gram_length = 2 : i64, max_skip_count = 0 : i64, mode = "TF", ngram_counts = array<i64: 0, 0>, ngram_indexes = array<i64: 0, 1>, pool_int64s = array<i64: 5, 6, 7, 8, 6>} : tensor<12xi64> -> tensor<2xf32>
  return
}

// -----

func.func @tfidf_bad_mode(%x: tensor<12xi64>) {
  // expected-error@+1 {{mode must be TF, IDF or TFIDF, got 'BM25'}}
  %0 = graph.tfidf_vectorizer %x {max_gram_length = 1 : i64, min_gram_length = 1 : i64, max_skip_count = 0 : i64, mode = "BM25", ngram_counts = array<i64: 0>, ngram_indexes = array<i64: 0>, pool_int64s = array<i64: 5>} : tensor<12xi64> -> tensor<1xf32>
  return
}

// -----

func.func @tfidf_float_tokens(%x: tensor<12xf32>) {
  // expected-error@+1 {{tokens must be int32 or int64}}
  %0 = graph.tfidf_vectorizer %x {max_gram_length = 1 : i64, min_gram_length = 1 : i64, max_skip_count = 0 : i64, mode = "TF", ngram_counts = array<i64: 0>, ngram_indexes = array<i64: 0>, pool_int64s = array<i64: 5>} : tensor<12xf32> -> tensor<1xf32>
  return
}

// -----

// CHECK-LABEL: func.func @string_normalizer
// CHECK: graph.string_normalizer {{.*}} : tensor<4x!graph.string> -> tensor<?x!graph.string>
// CHECK: graph.string_normalizer {{.*}} : tensor<1x6x!graph.string> -> tensor<1x?x!graph.string>
func.func @string_normalizer(%x: tensor<4x!graph.string>, %y: tensor<1x6x!graph.string>) -> (tensor<*x!graph.string>, tensor<*x!graph.string>) {
  %0 = graph.string_normalizer %x {case_change_action = "LOWER", stopwords = ["monday"]} : tensor<4x!graph.string> -> tensor<*x!graph.string>
  %1 = graph.string_normalizer %y {is_case_sensitive = 1 : i64} : tensor<1x6x!graph.string> -> tensor<*x!graph.string>
  return %0, %1 : tensor<*x!graph.string>, tensor<*x!graph.string>
}

// -----

func.func @string_normalizer_not_strings(%x: tensor<4xf32>) {
  // expected-error@+1 {{the input must hold strings, got 'f32'}}
  %0 = graph.string_normalizer %x : tensor<4xf32> -> tensor<?xf32>
  return
}

// -----

func.func @string_normalizer_bad_action(%x: tensor<4x!graph.string>) {
  // expected-error@+1 {{case_change_action must be NONE, LOWER or UPPER, got 'TITLE'}}
  %0 = graph.string_normalizer %x {case_change_action = "TITLE"} : tensor<4x!graph.string> -> tensor<?x!graph.string>
  return
}

// -----

func.func @string_normalizer_batch(%x: tensor<2x3x!graph.string>) {
  // expected-error@+1 {{the input must be [C] or [1, C], got shape 2x3}}
  %0 = graph.string_normalizer %x : tensor<2x3x!graph.string> -> tensor<2x?x!graph.string>
  return
}
