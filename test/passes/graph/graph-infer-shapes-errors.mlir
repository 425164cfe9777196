// Each user error of graph-infer-shapes. The `shapes` option applies to every
// function, so each function below is an input that the request does not fit.
// RUN: weft-opt %s -split-input-file -verify-diagnostics -graph-infer-shapes="shapes=x=1x3x8x8"

// expected-error @+1 {{--shape names input 'x', but the model's inputs are: input, arg1}}
func.func @unknown_input(%a: tensor<?x3xf32> {graph.name = "input"}, %b: tensor<2xf32>) -> tensor<?x3xf32> {
  return %a : tensor<?x3xf32>
}

// -----

// expected-error @+1 {{--shape x=1x3x8x8 has rank 4 but input 'x' has rank 3}}
func.func @wrong_rank(%x: tensor<?x3x8xf32> {graph.name = "x"}) -> tensor<?x3x8xf32> {
  return %x : tensor<?x3x8xf32>
}

// -----

// expected-error @+1 {{--shape x=1x3x8x8 contradicts the model's input shape ?x4x?x?}}
func.func @contradicts_static_dim(%x: tensor<?x4x?x?xf32> {graph.name = "x"}) -> tensor<?x4x?x?xf32> {
  return %x : tensor<?x4x?x?xf32>
}

// -----

// expected-error @+1 {{input 'x' is not a tensor}}
func.func @not_a_tensor(%x: i32 {graph.name = "x"}) -> i32 {
  return %x : i32
}

// -----

// A branch that cannot take the refined input even with its own types kept
// (its first op uses the input directly) is an error.
func.func @branch_does_not_fit(%x: tensor<?x3x?x?xf32> {graph.name = "x"}, %c: tensor<i1>) -> tensor<?x?xf32> {
  %s5 = graph.constant dense<[5, 7]> : tensor<2xi64>
  // expected-error @+1 {{the else branch does not fit these shapes: graph.reshape: cannot reshape 1x3x8x8 (192 elements) to 5x7 (35 elements)}}
  %r = graph.if %c : tensor<i1> -> tensor<?x?xf32> {
    %a = graph.flatten %x : tensor<?x3x?x?xf32> -> tensor<?x?xf32>
    graph.yield %a : tensor<?x?xf32>
  } else {
    %b = graph.reshape %x, %s5 : tensor<?x3x?x?xf32>, tensor<2xi64> -> tensor<?x?xf32>
    graph.yield %b : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
