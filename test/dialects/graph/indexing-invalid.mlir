// RUN: weft-opt -split-input-file -verify-diagnostics %s

// One case for every verifier error and every type-inference error of the
// indexing ops (GraphIndexingOps.td). An inference error is followed by the
// interface's summary "failed to infer returned types".

func.func @case0(%x: tensor<2x3xf32>, %i: tensor<2x2xf32>) {
  // expected-error@+1 {{indices must be an integer tensor}}
  %0 = graph.gather_elements %x, %i : tensor<2x3xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  return
}

// -----

func.func @case1(%x: tensor<2x3xf32>, %i: tensor<2xi64>) {
  // expected-error@+2 {{indices has rank 1 but data has rank 2 (they must be equal)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gather_elements %x, %i : tensor<2x3xf32>, tensor<2xi64> -> tensor<2xf32>
  return
}

// -----

func.func @case2(%x: tensor<2x3xf32>, %i: tensor<2x2xi64>) {
  // expected-error@+2 {{axis 2 is out of range for rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gather_elements %x, %i {axis = 2 : i64} : tensor<2x3xf32>, tensor<2x2xi64> -> tensor<2x2xf32>
  return
}

// -----

func.func @case3(%x: tensor<2x3xf32>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{batch_dims must be >= 0, got -1}}
  %0 = graph.gather_nd %x, %i {batch_dims = -1 : i64} : tensor<2x3xf32>, tensor<2x1xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case4(%x: tensor<2x3xf32>, %i: tensor<2x3xi64>) {
  // expected-error@+2 {{the last dim of indices is 3 but must be in [1, 2]}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gather_nd %x, %i : tensor<2x3xf32>, tensor<2x3xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case5(%x: tensor<2x3xf32>, %i: tensor<4x1xi64>) {
  // expected-error@+2 {{batch dim 0 is 2 in data but 4 in indices}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gather_nd %x, %i {batch_dims = 1 : i64} : tensor<2x3xf32>, tensor<4x1xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case6(%x: tensor<2x3xf32>, %i: tensor<2xi64>) {
  // expected-error@+2 {{batch_dims 1 must be less than the ranks of data (2) and indices (1)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.gather_nd %x, %i {batch_dims = 1 : i64} : tensor<2x3xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case7(%x: tensor<4xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>) {
  // expected-error@+1 {{unknown reduction 'sub' (expected none, add, mul, max or min)}}
  %0 = graph.scatter_elements %x, %i, %u {reduction = "sub"} : tensor<4xf32>, tensor<2xi64>, tensor<2xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case8(%x: tensor<4xf32>, %i: tensor<2xi64>, %u: tensor<2xf16>) {
  // expected-error@+1 {{updates has element type 'f16' but data has 'f32'}}
  %0 = graph.scatter_elements %x, %i, %u : tensor<4xf32>, tensor<2xi64>, tensor<2xf16> -> tensor<4xf32>
  return
}

// -----

func.func @case9(%x: tensor<4xf32>, %i: tensor<2xi64>, %u: tensor<3xf32>) {
  // expected-error@+2 {{updates has shape 3 but expected 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.scatter_elements %x, %i, %u : tensor<4xf32>, tensor<2xi64>, tensor<3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case10(%x: tensor<4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) {
  // expected-error@+2 {{updates has shape 2x3 but expected 2x4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.scatter_nd %x, %i, %u : tensor<4x4xf32>, tensor<2x1xi64>, tensor<2x3xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @case11(%x: tensor<4x4xf32>, %i: tensor<2x3xi64>, %u: tensor<2xf32>) {
  // expected-error@+2 {{the last dim of indices is 3 but must be in [1, 2] (the rank of data)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.scatter_nd %x, %i, %u : tensor<4x4xf32>, tensor<2x3xi64>, tensor<2xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @case12(%x: tensor<4x4xf32>) {
  // expected-error@+1 {{upper must be 0 or 1, got 2}}
  %0 = graph.trilu %x {upper = 2 : i64} : tensor<4x4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @case13(%x: tensor<4x4xf32>, %k: tensor<2xi64>) {
  // expected-error@+1 {{k must be a scalar, got shape 2}}
  %0 = graph.trilu %x k(%k : tensor<2xi64>) : tensor<4x4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @case14(%x: tensor<4xf32>) {
  // expected-error@+2 {{input must have rank >= 2, got 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.trilu %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @case15(%x: tensor<4x4xf32>, %r: tensor<3xi64>) {
  // expected-error@+2 {{repeats has 3 values but the input has rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.tile %x, %r : tensor<4x4xf32>, tensor<3xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case16(%x: tensor<4x4xf32>) {
  %r = graph.constant dense<[1, -2]> : tensor<2xi64>
  // expected-error@+1 {{repeats must be >= 0, got -2}}
  %0 = graph.tile %x, %r : tensor<4x4xf32>, tensor<2xi64> -> tensor<*xf32>
  return
}

// -----

func.func @case17(%i: tensor<3xi64>, %d: tensor<f32>, %v: tensor<3xf32>) {
  // expected-error@+1 {{values must be 1-D with 2 elements (off, on), got shape 3}}
  %0 = graph.one_hot %i, %d, %v : tensor<3xi64>, tensor<f32>, tensor<3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case18(%i: tensor<3xi64>, %d: tensor<2xf32>, %v: tensor<2xf32>) {
  // expected-error@+1 {{depth must be a scalar, got shape 2}}
  %0 = graph.one_hot %i, %d, %v : tensor<3xi64>, tensor<2xf32>, tensor<2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case19(%i: tensor<3xi64>, %d: tensor<f32>, %v: tensor<2xf32>) {
  // expected-error@+2 {{axis 2 is out of range for rank 2 (expected [-2, 1])}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.one_hot %i, %d, %v {axis = 2 : i64} : tensor<3xi64>, tensor<f32>, tensor<2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case20(%i: tensor<3xi64>, %v: tensor<2xf32>) {
  %d = graph.constant dense<0> : tensor<i64>
  // expected-error@+2 {{depth must be >= 1, got 0}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.one_hot %i, %d, %v : tensor<3xi64>, tensor<i64>, tensor<2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case21(%x: tensor<1x8x2x2xf32>) {
  // expected-error@+1 {{unknown mode 'RDC' (expected DCR or CRD)}}
  %0 = graph.depth_to_space %x {blocksize = 2 : i64, mode = "RDC"} : tensor<1x8x2x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case22(%x: tensor<1x8x2x2xf32>) {
  // expected-error@+1 {{blocksize must be >= 1, got 0}}
  %0 = graph.depth_to_space %x {blocksize = 0 : i64} : tensor<1x8x2x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case23(%x: tensor<1x6x2x2xf32>) {
  // expected-error@+2 {{channels (6) must be a multiple of blocksize^2 (4)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.depth_to_space %x {blocksize = 2 : i64} : tensor<1x6x2x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case24(%x: tensor<8x2x2xf32>) {
  // expected-error@+2 {{input must have rank 4 (NCHW), got 8x2x2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.depth_to_space %x {blocksize = 2 : i64} : tensor<8x2x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case25(%x: tensor<1x8x3x2xf32>) {
  // expected-error@+2 {{spatial dim 2 (3) must be a multiple of blocksize (2)}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.space_to_depth %x {blocksize = 2 : i64} : tensor<1x8x3x2xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case26(%x: tensor<3x4x5xf32>) {
  // expected-error@+2 {{input must have rank 2, got 3x4x5}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.eye_like %x : tensor<3x4x5xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case27(%x: tensor<3x4xf32>) {
  // expected-error@+1 {{dtype must be a numeric or bool type, got 'index'}}
  %0 = graph.eye_like %x {dtype = index} : tensor<3x4xf32> -> tensor<*xindex>
  return
}

// -----

func.func @case28(%x: tensor<3x4xf32>, %l: tensor<4xi64>) {
  // expected-error@+1 {{batch_axis (1) and time_axis (1) must be 0 and 1 in some order}}
  %0 = graph.reverse_sequence %x, %l {batch_axis = 1 : i64, time_axis = 1 : i64} : tensor<3x4xf32>, tensor<4xi64> -> tensor<3x4xf32>
  return
}

// -----

func.func @case29(%x: tensor<3x4xf32>, %l: tensor<3xi64>) {
  // expected-error@+2 {{sequence_lens has 3 values but the batch dim is 4}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.reverse_sequence %x, %l : tensor<3x4xf32>, tensor<3xi64> -> tensor<3x4xf32>
  return
}

// -----

func.func @case30(%x: tensor<3x4xf32>, %l: tensor<4xf32>) {
  // expected-error@+1 {{sequence_lens must be an integer tensor}}
  %0 = graph.reverse_sequence %x, %l : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xf32>
  return
}

// -----

func.func @case31(%a: tensor<2x3xf32>, %b: tensor<3x4xi32>) {
  // expected-error@+1 {{operands must have one element type, got 'f32' and 'i32'}}
  %0 = graph.einsum %a, %b {equation = "ij,jk->ik"} : tensor<2x3xf32>, tensor<3x4xi32> -> tensor<*xf32>
  return
}

// -----

func.func @case32(%a: tensor<2x3xf32>) {
  // expected-error@+2 {{bad equation 'ijk->i': term 'ijk' does not match an operand of rank 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.einsum %a {equation = "ijk->i"} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case33(%a: tensor<2x3xf32>) {
  // expected-error@+2 {{bad equation 'ij->ik': the output letter 'k' is not in any operand term}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.einsum %a {equation = "ij->ik"} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case34(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error@+2 {{a dim of the equation 'ij,jk->ik' has sizes 3 and 2}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.einsum %a, %b {equation = "ij,jk->ik"} : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case35(%a: tensor<2x3xf32>) {
  // expected-error@+2 {{term 'i1' has the character '1' (expected letters and '...')}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.einsum %a {equation = "i1->i"} : tensor<2x3xf32> -> tensor<*xf32>
  return
}

// -----

func.func @case36(%a: tensor<2x3xf32>) {
  // expected-error@+2 {{the equation has 2 operand terms but the op has 1 operands}}
  // expected-error@+1 {{failed to infer returned types}}
  %0 = graph.einsum %a {equation = "ij,ij"} : tensor<2x3xf32> -> tensor<*xf32>
  return
}
