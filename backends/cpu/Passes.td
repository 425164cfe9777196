//===- Passes.td - CPU backend passes -------------------------*- tablegen -*-===//

#ifndef WEFT_BACKENDS_CPU_PASSES_TD
#define WEFT_BACKENDS_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CpuConvToNhwc : Pass<"cpu-conv-to-nhwc", "mlir::func::FuncOp"> {
  let summary = "run NCHW convolutions with a kernel larger than 1x1 in NHWC";
  let description = [{
    Rewrites a static `linalg.conv_2d_nchw_fchw` whose kernel is larger than
    1x1 into a `linalg.conv_2d_nhwc_hwcf` between transposes: the input to
    NHWC, the filter to HWCF, the result back to NCHW. The NHWC convolution
    vectorizes along channels without the transposes that the NCHW 1-D
    convolutions put inside the inner loop; the transposes cost one pass over
    each tensor. A constant filter (the weights) is transposed at compile
    time, and a `linalg.fill` init is re-created in NHWC instead of being
    transposed.

    Before:

    ```mlir
    %y = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x8x10x10xf32>, tensor<16x8x3x3xf32>)
           outs(%init : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
    ```

    After:

    ```mlir
    %xt = linalg.transpose ins(%x : tensor<1x8x10x10xf32>) outs(...) permutation = [0, 2, 3, 1]
    %wt = linalg.transpose ins(%w : tensor<16x8x3x3xf32>) outs(...) permutation = [2, 3, 1, 0]
    %c = linalg.conv_2d_nhwc_hwcf ins(%xt, %wt : ...) outs(%init_nhwc : tensor<1x8x8x16xf32>)
    %y = linalg.transpose ins(%c : tensor<1x8x8x16xf32>) outs(...) permutation = [0, 3, 1, 2]
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::tensor::TensorDialect"];
}

def CpuFormKernels : Pass<"cpu-form-kernels", "mlir::ModuleOp"> {
  let summary = "fuse elementwise consumers into producers and outline kernels";
  let description = [{
    Works on `func.func @main` (linalg/tensor/arith/math on static shapes).
    First fuses chains of elementwise `linalg.generic`s (linalg elementwise
    fusion, only through single-use producers so nothing is computed
    twice). Then forms groups: each compute op is a root; a `linalg.fill`
    that only initializes the root joins it, and so does every single-use
    elementwise consumer chain hanging off it (conv/matmul + bias +
    activation + residual add become one group). Each group is outlined into
    a `func.func` marked `weft.kernel` (with `weft.nodes`, the ONNX nodes it
    computes, and `weft.workload`), and @main calls the kernels in order.
    Small splat constants, `tensor.empty` and scalar computations are cloned
    into the kernels; other constants become kernel arguments. A model output
    that no kernel writes (an input, a constant, a value returned twice) gets
    a copy kernel.

    Before:

    ```mlir
    func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> tensor<4x16xf32> {
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
      %m = linalg.matmul ins(%x, %w : ...) outs(%f : ...) -> tensor<4x16xf32>
      %r = linalg.generic {relu} ins(%m : ...) outs(%e2 : ...) -> tensor<4x16xf32>
      return %r : tensor<4x16xf32>
    }
    ```

    After:

    ```mlir
    func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> tensor<4x16xf32> {
      %0 = call @kernel_0(%x, %w) : (...) -> tensor<4x16xf32>
      return %0 : tensor<4x16xf32>
    }
    func.func @kernel_0(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>) -> tensor<4x16xf32>
        attributes {weft.kernel, weft.nodes = ["mm", "relu"], weft.workload = 576 : i64} {
      ... fill, matmul and relu ...
    }
    ```
  }];
  let dependentDialects = [
    "mlir::func::FuncDialect", "mlir::linalg::LinalgDialect",
    "mlir::tensor::TensorDialect", "mlir::arith::ArithDialect"
  ];
}

def CpuTileAndVectorize : Pass<"cpu-tile-and-vectorize", "mlir::func::FuncOp"> {
  let summary = "split kernels for threads, tile and vectorize their ops";
  let description = [{
    On each `weft.kernel` function: tiles the op producing the kernel's
    result along its outermost parallel dim of size > 1 with `scf.for`,
    fusing every producer into the loop, and marks that loop with
    `weft.parallel_chunk` (iterations per runtime work item); the function
    gets `weft.parallel_extent`. Then tiles every linalg op in the kernel to
    register-sized tiles (matmul/conv/pooling: output rows x vector lanes and
    a short reduction tile; 2-D convolutions and pooling with one output row
    per tile become 1-D ones) and vectorizes it. Ops the vectorizer cannot
    take (gathers, non-affine windows) are left whole and become loops later.

    Before:

    ```mlir
    func.func @kernel_0(...) -> tensor<64x64xf32> attributes {weft.kernel} {
      %m = linalg.matmul ins(...) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      return %m : tensor<64x64xf32>
    }
    ```

    After:

    ```mlir
    func.func @kernel_0(...) -> tensor<64x64xf32>
        attributes {weft.kernel, weft.parallel_extent = 32 : i64} {
      %r = scf.for %i = %c0 to %c64 step %c2 iter_args(...) {
        ... scf.for over tiles: vector.transfer_read, vector.contract, ...
      } {weft.parallel_chunk = 2 : i64}
      return %r : tensor<64x64xf32>
    }
    ```
  }];
  let options = [
    Option<"parallelExtent", "parallel-extent", "int64_t", /*default=*/"32",
           "the most pieces a kernel's parallel loop is split into">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "tile and vectorize the ops (off: only the parallel split)">
  ];
  let dependentDialects = [
    "mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
    "mlir::tensor::TensorDialect", "mlir::affine::AffineDialect",
    "mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect"
  ];
}

def CpuFinalizeKernels : Pass<"cpu-finalize-kernels", "mlir::ModuleOp"> {
  let summary = "give kernels their ABI signature on memrefs and drop @main";
  let description = [{
    Rewrites each `weft.kernel` function from tensors to the kernel ABI shape:
    one memref argument per input, then one per result (written in place
    with `bufferization.materialize_in_destination`), then the `begin` and
    `end` of the parallel range, which become the bounds of the loop marked
    `weft.parallel_chunk`. Removes @main: read the step schedule before.
    Also decomposes `tensor.concat` into inserts for bufferization.

    Before:

    ```mlir
    func.func @kernel_0(%a: tensor<8xf32>) -> tensor<8xf32> attributes {weft.kernel}
    ```

    After:

    ```mlir
    func.func @kernel_0(%a: memref<8xf32>, %out: memref<8xf32>, %begin: index, %end: index)
        attributes {weft.kernel} {
      %t = bufferization.to_tensor %a restrict : memref<8xf32>
      ...
      bufferization.materialize_in_destination %r in restrict writable %out
        : (tensor<8xf32>, memref<8xf32>) -> ()
      return
    }
    ```
  }];
  let dependentDialects = [
    "mlir::bufferization::BufferizationDialect", "mlir::memref::MemRefDialect",
    "mlir::arith::ArithDialect", "mlir::tensor::TensorDialect"
  ];
}

def CpuFreeBuffers : Pass<"cpu-free-buffers", "mlir::func::FuncOp"> {
  let summary = "free the temporary buffers bufferization allocated";
  let description = [{
    After one-shot bufferization and buffer hoisting, every `memref.alloc`
    in a kernel is a temporary that lives within its block: it is freed
    before the block's terminator (the function's return for hoisted ones).
    An allocation that escapes its block through a terminator is an error.

    Before:

    ```mlir
    %t = memref.alloc() : memref<2x16xf32>
    ... uses of %t ...
    return
    ```

    After:

    ```mlir
    %t = memref.alloc() : memref<2x16xf32>
    ... uses of %t ...
    memref.dealloc %t : memref<2x16xf32>
    return
    ```
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def CpuVectorizeCopies : Pass<"cpu-vectorize-copies", "mlir::func::FuncOp"> {
  let summary = "vectorize the copies between buffers that bufferization made";
  let description = [{
    After bufferization, the copies it inserted (concat pieces, the interior
    of a pad, a model output that aliases an input; `linalg.copy` between
    memrefs) would otherwise become scalar loop nests. Each copy with static
    shapes whose innermost dim is contiguous on both sides is tiled to rows
    of up to 16 elements (the largest divisor of the innermost size) and
    vectorized into `vector.transfer_read`/`vector.transfer_write` pairs.

    Before:

    ```mlir
    linalg.copy ins(%a : memref<4x32xf32>) outs(%b : memref<4x32xf32, strided<[64, 1]>>)
    ```

    After:

    ```mlir
    scf.for %i = 0 to 4 { scf.for %j = 0 to 32 step 16 {
      %v = vector.transfer_read %a[%i, %j] ... : memref<4x32xf32>, vector<1x16xf32>
      vector.transfer_write %v, %b[%i, %j] ... } }
    ```
  }];
  let dependentDialects = [
    "mlir::vector::VectorDialect", "mlir::scf::SCFDialect",
    "mlir::memref::MemRefDialect", "mlir::arith::ArithDialect"
  ];
}

def CpuLowerVectors : Pass<"cpu-lower-vectors", "mlir::func::FuncOp"> {
  let summary = "lower vector ops to the forms LLVM handles well";
  let description = [{
    After bufferization: hoists loop-invariant transfers (accumulators stay in
    registers across reduction loops), lowers `vector.contract` to outer
    products (FMAs), multi-reductions, transposes, broadcasts, shape casts
    and transfer permutations, and approximates `math` functions without an
    LLVM intrinsic (tanh, erf, exp, log, ...) with polynomials.

    Before:

    ```mlir
    %c = vector.contract {...} %a, %b, %acc : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
    ```

    After:

    ```mlir
    %c = vector.outerproduct ... (then vector.fma on 1-D vectors)
    ```
  }];
  let dependentDialects = [
    "mlir::vector::VectorDialect", "mlir::arith::ArithDialect",
    "mlir::math::MathDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect"
  ];
}

def CpuEmitKernelWrappers : Pass<"cpu-emit-kernel-wrappers", "mlir::ModuleOp"> {
  let summary = "emit the void(void **, int64_t, int64_t) entry of each kernel";
  let description = [{
    On the LLVM dialect, after the kernels were lowered with bare-pointer
    memref arguments: for each `weft.kernel` function `@kernel_N(ptr...,
    i64 begin, i64 end)` adds the exported entry `@weft_kernel_N(ptr
    buffers, i64 begin, i64 end)` that loads the buffer pointers and calls
    it, and makes the kernel itself internal.

    Before:

    ```mlir
    llvm.func @kernel_0(%a: !llvm.ptr, %out: !llvm.ptr, %b: i64, %e: i64)
    ```

    After:

    ```mlir
    llvm.func internal @kernel_0(...)
    llvm.func @weft_kernel_0(%buffers: !llvm.ptr, %begin: i64, %end: i64) {
      ... llvm.load of buffers[0], buffers[1]; llvm.call @kernel_0(...)
    }
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // WEFT_BACKENDS_CPU_PASSES_TD
