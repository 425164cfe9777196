//===- GraphControlFlowOps.td - If, Loop, LSTM, GRU -----*- tablegen -*-===//
//
// Part of the graph dialect's op definitions; GraphOps.td includes it.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_DIALECTS_GRAPH_GRAPHCONTROLFLOWOPS_TD
#define WEFT_DIALECTS_GRAPH_GRAPHCONTROLFLOWOPS_TD

include "dialects/graph/GraphOpBase.td"

//===----------------------------------------------------------------------===//
// Control flow and recurrent ops
//===----------------------------------------------------------------------===//

def Graph_YieldOp : Graph_Op<"yield", [Pure, Terminator,
    ParentOneOf<["IfOp", "LoopOp"]>, ReturnLike]> {
  let summary = "terminates a region of graph.if or graph.loop";
  let description = [{
    Returns the region's outputs (an ONNX subgraph's outputs).

    Example:

    ```mlir
    graph.yield %a, %b : tensor<f32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

def Graph_IfOp : Graph_Op<"if", [RecursiveMemoryEffects, NoRegionArguments,
    SingleBlock]> {
  let summary = "ONNX If: run one of two regions";
  let description = [{
    Runs `then_branch` when the one-element `cond` is true, else `else_branch`.
    Both regions end in `graph.yield` with one value per result. Regions may
    use values defined above (ONNX outer-scope names).

    Example:

    ```mlir
    %r = graph.if %c : tensor<i1> -> tensor<f32> {
      graph.yield %a : tensor<f32>
    } else {
      graph.yield %b : tensor<f32>
    }
    ```
  }];
  let arguments = (ins AnyTensor:$cond);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$then_branch, SizedRegion<1>:$else_branch);
  let assemblyFormat = [{
    $cond attr-dict `:` type($cond) (`->` type($results)^)? $then_branch `else` $else_branch
  }];
  let hasVerifier = 1;
}

def Graph_LoopOp : Graph_Op<"loop", [RecursiveMemoryEffects, SingleBlock,
    AttrSizedOperandSegments]> {
  let summary = "ONNX Loop: a counted and/or conditional loop";
  let description = [{
    ONNX `Loop`. The body's block arguments are the iteration number (`i64`
    scalar), the condition (`i1` scalar) and the loop-carried values; it yields
    the next condition, the next loop-carried values and then the scan outputs.
    The results are the final loop-carried values followed by the scan outputs
    stacked along a new leading dim.

    Example:

    ```mlir
    %r = graph.loop max(%n : tensor<i64>) cond(%c : tensor<i1>)
           carried(%x0 : tensor<f32>) -> tensor<f32> {
    ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %x: tensor<f32>):
      graph.yield %ci, %x : tensor<i1>, tensor<f32>
    }
    ```
  }];
  let arguments = (ins Optional<AnyTensor>:$max_trip_count,
                       Optional<AnyTensor>:$cond,
                       Variadic<AnyType>:$v_initial);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`max` `(` $max_trip_count^ `:` type($max_trip_count) `)`)?
    (`cond` `(` $cond^ `:` type($cond) `)`)?
    `carried` `(` ($v_initial^ `:` type($v_initial))? `)`
    (`->` type($results)^)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
}

def Graph_LSTMOp : Graph_InferOp<"lstm", [AttrSizedOperandSegments]> {
  let summary = "ONNX LSTM";
  let description = [{
    A one-layer LSTM over `X` (`seq x batch x input`, or batch-first with
    `layout = 1`). Gates in ONNX order `i o f c`; `direction` is `forward`,
    `reverse` or `bidirectional`. The three results `Y`, `Y_h`, `Y_c` always
    exist; unused ones are simply dead.

    Example:

    ```mlir
    %y, %h, %c = graph.lstm %x, %w, %r {hidden_size = 64 : i64}
      : tensor<4x1x16xf32>, tensor<1x256x16xf32>, tensor<1x256x64xf32>
      -> tensor<4x1x1x64xf32>, tensor<1x1x64xf32>, tensor<1x1x64xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$w, AnyTensor:$r,
                       Optional<AnyTensor>:$b, Optional<AnyTensor>:$sequence_lens,
                       Optional<AnyTensor>:$initial_h, Optional<AnyTensor>:$initial_c,
                       Optional<AnyTensor>:$p,
                       OptionalAttr<F32ArrayAttr>:$activation_alpha,
                       OptionalAttr<F32ArrayAttr>:$activation_beta,
                       OptionalAttr<StrArrayAttr>:$activations,
                       OptionalAttr<F32Attr>:$clip,
                       DefaultValuedStrAttr<StrAttr, "forward">:$direction,
                       I64Attr:$hidden_size,
                       DefaultValuedAttr<I64Attr, "0">:$input_forget,
                       DefaultValuedAttr<I64Attr, "0">:$layout);
  let results = (outs AnyTensor:$y, AnyTensor:$y_h, AnyTensor:$y_c);
  let assemblyFormat = [{
    $x `,` $w `,` $r (`bias` `(` $b^ `:` type($b) `)`)?
    (`seq_lens` `(` $sequence_lens^ `:` type($sequence_lens) `)`)?
    (`initial_h` `(` $initial_h^ `:` type($initial_h) `)`)?
    (`initial_c` `(` $initial_c^ `:` type($initial_c) `)`)?
    (`peepholes` `(` $p^ `:` type($p) `)`)?
    attr-dict `:` type($x) `,` type($w) `,` type($r) `->` type($y) `,` type($y_h) `,` type($y_c)
  }];
  let hasVerifier = 1;
}

def Graph_GRUOp : Graph_InferOp<"gru", [AttrSizedOperandSegments]> {
  let summary = "ONNX GRU";
  let description = [{
    A one-layer GRU, gates in ONNX order `z r h`, with `linear_before_reset`.
    The results `Y` and `Y_h` always exist.

    Example:

    ```mlir
    %y, %h = graph.gru %x, %w, %r {hidden_size = 8 : i64}
      : tensor<4x1x16xf32>, tensor<1x24x16xf32>, tensor<1x24x8xf32>
      -> tensor<4x1x1x8xf32>, tensor<1x1x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$w, AnyTensor:$r,
                       Optional<AnyTensor>:$b, Optional<AnyTensor>:$sequence_lens,
                       Optional<AnyTensor>:$initial_h,
                       OptionalAttr<F32ArrayAttr>:$activation_alpha,
                       OptionalAttr<F32ArrayAttr>:$activation_beta,
                       OptionalAttr<StrArrayAttr>:$activations,
                       OptionalAttr<F32Attr>:$clip,
                       DefaultValuedStrAttr<StrAttr, "forward">:$direction,
                       I64Attr:$hidden_size,
                       DefaultValuedAttr<I64Attr, "0">:$layout,
                       DefaultValuedAttr<I64Attr, "0">:$linear_before_reset);
  let results = (outs AnyTensor:$y, AnyTensor:$y_h);
  let assemblyFormat = [{
    $x `,` $w `,` $r (`bias` `(` $b^ `:` type($b) `)`)?
    (`seq_lens` `(` $sequence_lens^ `:` type($sequence_lens) `)`)?
    (`initial_h` `(` $initial_h^ `:` type($initial_h) `)`)?
    attr-dict `:` type($x) `,` type($w) `,` type($r) `->` type($y) `,` type($y_h)
  }];
  let hasVerifier = 1;
}

def Graph_RNNOp : Graph_InferOp<"rnn", [AttrSizedOperandSegments]> {
  let summary = "ONNX RNN";
  let description = [{
    A one-layer simple RNN: `Ht = f(Xt*W^T + Ht-1*R^T + Wb + Rb)`, with one
    activation `f` per direction (default `Tanh`). The results `Y` and `Y_h`
    always exist.

    Example:

    ```mlir
    %y, %h = graph.rnn %x, %w, %r {hidden_size = 8 : i64}
      : tensor<4x1x16xf32>, tensor<1x8x16xf32>, tensor<1x8x8xf32>
      -> tensor<4x1x1x8xf32>, tensor<1x1x8xf32>
    ```
  }];
  let arguments = (ins AnyTensor:$x, AnyTensor:$w, AnyTensor:$r,
                       Optional<AnyTensor>:$b, Optional<AnyTensor>:$sequence_lens,
                       Optional<AnyTensor>:$initial_h,
                       OptionalAttr<F32ArrayAttr>:$activation_alpha,
                       OptionalAttr<F32ArrayAttr>:$activation_beta,
                       OptionalAttr<StrArrayAttr>:$activations,
                       OptionalAttr<F32Attr>:$clip,
                       DefaultValuedStrAttr<StrAttr, "forward">:$direction,
                       I64Attr:$hidden_size,
                       DefaultValuedAttr<I64Attr, "0">:$layout);
  let results = (outs AnyTensor:$y, AnyTensor:$y_h);
  let assemblyFormat = [{
    $x `,` $w `,` $r (`bias` `(` $b^ `:` type($b) `)`)?
    (`seq_lens` `(` $sequence_lens^ `:` type($sequence_lens) `)`)?
    (`initial_h` `(` $initial_h^ `:` type($initial_h) `)`)?
    attr-dict `:` type($x) `,` type($w) `,` type($r) `->` type($y) `,` type($y_h)
  }];
  let hasVerifier = 1;
}

#endif // WEFT_DIALECTS_GRAPH_GRAPHCONTROLFLOWOPS_TD
