//===- GraphSignalOps.td - Signal-processing ops -------------*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
// ONNX DFT, STFT and MelWeightMatrix (opset 17). Complex tensors are real
// tensors with a trailing dim of 2 (real, imaginary); a real signal has a
// trailing dim of 1. Sizes that set result shapes (DFT length, STFT frame
// step and length) are attributes: the importer reads them from constant
// inputs. Verifiers, type inference and the folder are in SignalOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHSIGNALOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHSIGNALOPS_TD

include "dialects/graph/GraphOpBase.td"

def Graph_DFTOp : Graph_InferOp<"dft"> {
  let summary = "ONNX DFT: discrete Fourier transform along one axis";
  let description = [{
    Computes ONNX `DFT` (opset 17) of `x`, a floating-point tensor
    `[batch, signal dims..., 1 or 2]` whose last dim holds a real signal (1)
    or the real and imaginary parts of a complex one (2), along the signal
    dim `axis` (a negative value counts from the back; the last dim is not
    a signal dim):

    `y[k] = sum_{n < N} x[n] * exp(-2*pi*i * k * n / N)`, or with `inverse`
    `y[k] = 1/N * sum_{n < N} x[n] * exp(2*pi*i * k * n / N)`.

    `N` is `dft_length` when given (the signal is zero-padded or truncated
    to it) and the size of `x` along `axis` otherwise. With `onesided`
    (real input only) the result keeps the `N / 2 + 1` first frequencies.
    The result has the shape of `x` with `N` (or `N / 2 + 1`) along `axis`
    and a last dim of 2.

    Example:

    ```mlir
    %y = graph.dft %x {axis = 1 : i64, onesided = true}
           : tensor<1x16x1xf32> -> tensor<1x9x2xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x,
                       DefaultValuedAttr<I64Attr, "1">:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$inverse,
                       DefaultValuedAttr<BoolAttr, "false">:$onesided,
                       OptionalAttr<I64Attr>:$dft_length);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = "$x attr-dict `:` type($x) `->` type($y)";
  let hasVerifier = 1;
}

def Graph_STFTOp : Graph_InferOp<"stft"> {
  let summary = "ONNX STFT: short-time Fourier transform";
  let description = [{
    Computes ONNX `STFT` (opset 17) of `signal`, a floating-point tensor
    `[batch, length, 1 or 2]` (real or complex samples): frame `f` holds the
    `frame_length` samples from `f * frame_step`, multiplied by `window`
    (all ones when absent), and its DFT is row `f` of the result:

    `y[b, f, k] = sum_{n < L} signal[b, f*step + n] * window[n]
                  * exp(-2*pi*i * k * n / L)`.

    The result is `[batch, frames, bins, 2]` with
    `frames = (length - frame_length) / frame_step + 1` and
    `bins = frame_length / 2 + 1` when `onesided` (real signals only),
    `frame_length` otherwise. `frame_length` defaults to the window's
    length; when both are given they agree.

    Example:

    ```mlir
    %y = graph.stft %signal, %window {frame_step = 8 : i64}
           : tensor<1x128x1xf32>, tensor<16xf32> -> tensor<1x15x9x2xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$signal, Optional<AnyTensor>:$window,
                       I64Attr:$frame_step,
                       OptionalAttr<I64Attr>:$frame_length,
                       DefaultValuedAttr<BoolAttr, "true">:$onesided);
  let results = (outs AnyTensor:$y);
  let assemblyFormat = [{
    $signal (`,` $window^)? attr-dict `:` type($signal)
    (`,` type($window)^)? `->` type($y)
  }];
  let hasVerifier = 1;
}

def Graph_MelWeightMatrixOp : Graph_InferOp<"mel_weight_matrix"> {
  let summary = "ONNX MelWeightMatrix: mel filter bank weights";
  let description = [{
    Computes ONNX `MelWeightMatrix` (opset 17): the
    `[dft_length / 2 + 1, num_mel_bins]` matrix whose column `i` is a
    triangular filter over the bins of a one-sided DFT of `dft_length`
    samples at `sample_rate`. The `num_mel_bins + 2` filter edges are spaced
    evenly on the mel scale (`2595 * log10(1 + hz / 700)`) from
    `lower_edge_hertz` to `upper_edge_hertz`; filter `i` rises linearly
    from edge `i` to 1 at edge `i + 1` and falls to 0 at edge `i + 2`.

    `num_mel_bins`, `dft_length` and `sample_rate` are integer scalars and
    the edges floating-point scalars; `output_type` is the result's element
    type. The op folds to a constant when all operands are constants; the
    CPU lowering needs that.

    Example:

    ```mlir
    %m = graph.mel_weight_matrix %bins, %length, %rate, %low, %high
           {output_type = f32}
           : tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, tensor<f32>
           -> tensor<9x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$num_mel_bins, AnyTensor:$dft_length,
                       AnyTensor:$sample_rate, AnyTensor:$lower_edge_hertz,
                       AnyTensor:$upper_edge_hertz, TypeAttr:$output_type);
  let results = (outs AnyTensor:$output);
  let assemblyFormat = [{
    $num_mel_bins `,` $dft_length `,` $sample_rate `,` $lower_edge_hertz `,`
    $upper_edge_hertz attr-dict `:` type($num_mel_bins) `,` type($dft_length)
    `,` type($sample_rate) `,` type($lower_edge_hertz) `,`
    type($upper_edge_hertz) `->` type($output)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHSIGNALOPS_TD
