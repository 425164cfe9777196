"""Numeric checks of convert-graph-to-linalg against numpy references.

Each case lowers one graph op (inputs are arith constants) with weft-opt,
runs it through upstream MLIR's plain loop lowering with mlir-cpu-runner, and
compares the printed result with a numpy reference computed in float64. The
tolerance, 1e-4 absolute, covers float32 accumulation and the 6 significant
digits printMemrefF32 prints, on values of magnitude up to about 10. Exits
non-zero when any case fails or mismatches.
"""
import os, re, shutil, subprocess, sys

import numpy as np

rng = np.random.default_rng(0)
WEFT = shutil.which("weft-opt")
RUNNER = shutil.which("mlir-cpu-runner")
BIN = os.path.dirname(RUNNER) + "/"
LIB = os.path.realpath(os.path.join(BIN, "..", "lib")) + "/"
FAILURES = []

def ty(a):
    return "tensor<" + "x".join(map(str, a.shape)) + ("x" if a.ndim else "") + "f32>"

def dense(a):
    return "dense<" + np.array2string(a.astype(np.float32), separator=", ", threshold=10**9,
        formatter={'float_kind': lambda x: repr(float(x))}).replace("\n", "") + ">"

def run(name, inputs, op_text, out_shape):
    lines = ["func.func @compute() -> RT {"]
    for i, a in enumerate(inputs):
        lines.append(f"  %a{i} = arith.constant {dense(a)} : {ty(a)}")
    names = ", ".join(f"%a{i}" for i in range(len(inputs)))
    types = ", ".join(ty(a) for a in inputs)
    rt = "tensor<" + "x".join(map(str, out_shape)) + ("x" if out_shape else "") + "f32>"
    mt = rt.replace("tensor", "memref")
    text = op_text.format(names=names, types=types, rt=rt)
    lines.append(text if text.lstrip().startswith("%") else f"  %r = {text}")
    lines.append(f"  return %r : {rt}\n}}")
    lines[0] = lines[0].replace("RT", rt)
    src = "\n".join(lines)
    lines = ["func.func private @printMemrefF32(memref<*xf32>)", "func.func @main() {"]
    lines.append(f"  %r = call @compute() : () -> {rt}")
    lines.append(f"  %m = bufferization.to_memref %r : {mt}")
    lines.append(f"  %u = memref.cast %m : {mt} to memref<*xf32>")
    lines.append("  call @printMemrefF32(%u) : (memref<*xf32>) -> ()")
    lines.append("  return\n}")
    printer = "\n".join(lines)
    lowered = subprocess.run([WEFT, "-convert-graph-to-linalg"], input=src, capture_output=True, text=True)
    if lowered.returncode:
        print(name, "LOWER FAIL", lowered.stderr); FAILURES.append(name); return None
    pipe = ("--one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops "
            "--convert-scf-to-cf --expand-strided-metadata --lower-affine --finalize-memref-to-llvm "
            "--convert-math-to-llvm --convert-math-to-libm --convert-arith-to-llvm --convert-cf-to-llvm "
            "--convert-func-to-llvm --reconcile-unrealized-casts")
    llvm = subprocess.run([BIN + "mlir-opt"] + pipe.split(), input=lowered.stdout.rstrip().rstrip("}") + printer + "\n}\n", capture_output=True, text=True)
    if llvm.returncode:
        print(name, "LLVM FAIL", llvm.stderr[:2000]); FAILURES.append(name); return None
    out = subprocess.run([RUNNER, "-e", "main", "-entry-point-result=void",
        "-shared-libs=" + LIB + "libmlir_runner_utils.so,"+ LIB + "libmlir_c_runner_utils.so"],
        input=llvm.stdout, capture_output=True, text=True)
    if out.returncode:
        print(name, "RUN FAIL", out.stderr[:2000]); FAILURES.append(name); return None
    body = out.stdout.split("\n", 1)[1]
    nums = [float(x) for x in re.findall(r"-?\d+\.?\d*(?:e[-+]?\d+)?|nan|inf", body)]
    return np.array(nums, dtype=np.float32).reshape(out_shape)

def check(name, got, want, tol=1e-4):
    if got is None:
        return
    err = np.abs(got - want).max()
    print(f"{name}: max abs err {err:.2e}", "OK" if err <= tol else "MISMATCH")
    if not err <= tol:
        FAILURES.append(name)

def conv_ref(x, w, b, strides, pads, dil, group):
    N, C, H, W = x.shape; M, Cg, KH, KW = w.shape
    xp = np.pad(x, ((0,0),(0,0),(pads[0],pads[2]),(pads[1],pads[3])))
    OH = (xp.shape[2] - ((KH-1)*dil[0]+1)) // strides[0] + 1
    OW = (xp.shape[3] - ((KW-1)*dil[1]+1)) // strides[1] + 1
    y = np.zeros((N, M, OH, OW), np.float64); Mg = M // group
    for m in range(M):
        g = m // Mg
        for oh in range(OH):
            for ow in range(OW):
                patch = xp[:, g*Cg:(g+1)*Cg, oh*strides[0]:oh*strides[0]+(KH-1)*dil[0]+1:dil[0], ow*strides[1]:ow*strides[1]+(KW-1)*dil[1]+1:dil[1]]
                y[:, m, oh, ow] = (patch * w[m]).sum(axis=(1,2,3))
    if b is not None: y += b[None,:,None,None]
    return y

def convT_ref(x, w, strides, pads, outpad, group, dil=(1,1)):
    N, C, H, W = x.shape; _, Mg, KH, KW = w.shape; Cg = C // group; M = Mg*group
    OH = strides[0]*(H-1) + outpad[0] + (KH-1)*dil[0]+1 - pads[0] - pads[2]
    OW = strides[1]*(W-1) + outpad[1] + (KW-1)*dil[1]+1 - pads[1] - pads[3]
    y = np.zeros((N, M, OH, OW))
    for n in range(N):
      for c in range(C):
        g = c // Cg
        for ih in range(H):
          for iw in range(W):
            for mg in range(Mg):
              for kh in range(KH):
                for kw in range(KW):
                  oh = ih*strides[0] + kh*dil[0] - pads[0]; ow = iw*strides[1] + kw*dil[1] - pads[1]
                  if 0 <= oh < OH and 0 <= ow < OW:
                    y[n, g*Mg+mg, oh, ow] += x[n,c,ih,iw]*w[c,mg,kh,kw]
    return y

def pool_ref(x, k, s, pads, ceil, kind, include_pad=0):
    N, C, H, W = x.shape
    def out(i, kk, ss, pb, pe):
        v = (i + pb + pe - kk) / ss
        o = int(np.ceil(v) if ceil else np.floor(v)) + 1
        if ceil and (o-1)*ss >= i + pb: o -= 1
        return o
    OH = out(H, k[0], s[0], pads[0], pads[2]); OW = out(W, k[1], s[1], pads[1], pads[3])
    y = np.zeros((N, C, OH, OW))
    for oh in range(OH):
        for ow in range(OW):
            h0 = oh*s[0]-pads[0]; w0 = ow*s[1]-pads[1]
            h1 = min(h0+k[0], H+pads[2]); w1 = min(w0+k[1], W+pads[3])
            cnt_pad = (h1-h0)*(w1-w0)
            hs, he = max(h0,0), min(h1,H); ws, we = max(w0,0), min(w1,W)
            win = x[:, :, hs:he, ws:we]
            if kind == "max": y[:,:,oh,ow] = win.max(axis=(2,3))
            else: y[:,:,oh,ow] = win.sum(axis=(2,3)) / (cnt_pad if include_pad else (he-hs)*(we-ws))
    return y

f = lambda *s: rng.standard_normal(s).astype(np.float32)

x = f(1, 4, 7, 7); w = f(6, 2, 3, 3); b = f(6)
check("conv grouped s2 p1", run("c", [x, w, b], "graph.conv {names} {{group = 2 : i64, pads = array<i64: 1, 0, 1, 2>, strides = array<i64: 2, 2>}} : {types} -> {rt}", (1, 6, 4, 4)),
      conv_ref(x, w, b, (2,2), (1,0,1,2), (1,1), 2))
x = f(1, 3, 9, 9); w = f(3, 1, 3, 3)
check("depthwise dil2", run("d", [x, w], "graph.conv {names} {{group = 3 : i64, dilations = array<i64: 2, 2>, pads = array<i64: 2, 2, 2, 2>}} : {types} -> {rt}", (1, 3, 9, 9)),
      conv_ref(x, w, None, (1,1), (2,2,2,2), (2,2), 3))
x = f(1, 3, 9, 9); w = f(6, 1, 3, 3)
check("depthwise x2 multiplier", run("d2", [x, w], "graph.conv {names} {{group = 3 : i64}} : {types} -> {rt}", (1, 6, 7, 7)),
      conv_ref(x, w, None, (1,1), (0,0,0,0), (1,1), 3))
x = f(1, 4, 3, 4); w = f(4, 3, 3, 3); 
check("conv_transpose s2 p1 op1 g2", run("t", [x, w], "graph.conv_transpose {names} {{group = 2 : i64, strides = array<i64: 2, 2>, pads = array<i64: 1, 0, 1, 1>, output_padding = array<i64: 1, 0>}} : {types} -> {rt}", (1, 6, 6, 8)),
      convT_ref(x, w, (2,2), (1,0,1,1), (1,0), 2))
x = f(1, 2, 4, 4); w = f(2, 3, 2, 2)
check("conv_transpose dil2", run("t2", [x, w], "graph.conv_transpose {names} {{dilations = array<i64: 2, 2>}} : {types} -> {rt}", (1, 3, 6, 6)),
      convT_ref(x, w, (1,1), (0,0,0,0), (0,0), 1, (2,2)))
x = f(1, 3, 4, 5); w = f(3, 2, 2, 3); b = f(2)
check("conv_transpose pixel shuffle 2x3", run("t3", [x, w, b], "graph.conv_transpose {names} {{kernel_shape = array<i64: 2, 3>, strides = array<i64: 2, 3>}} : {types} -> {rt}", (1, 2, 8, 15)),
      convT_ref(x, w, (2,3), (0,0,0,0), (0,0), 1) + b.reshape(1, 2, 1, 1))
x = f(1, 2, 7, 6)
check("max_pool ceil p1", run("m", [x], "graph.max_pool {names} {{ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}} : {types} -> {rt}", (1, 2, 4, 4)),
      pool_ref(x, (3,3), (2,2), (1,1,1,1), True, "max"))
check("avg_pool ceil p1 exclude", run("a", [x], "graph.average_pool {names} {{ceil_mode = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}} : {types} -> {rt}", (1, 2, 4, 4)),
      pool_ref(x, (3,3), (2,2), (1,1,1,1), True, "avg"))
check("avg_pool ceil p1 include", run("a2", [x], "graph.average_pool {names} {{ceil_mode = 1 : i64, count_include_pad = 1 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}} : {types} -> {rt}", (1, 2, 4, 4)),
      pool_ref(x, (3,3), (2,2), (1,1,1,1), True, "avg", 1))
a = f(2, 1, 3, 5); bb = f(4, 5, 2)
check("matmul broadcast", run("mm", [a, bb], "graph.matmul {names} : {types} -> {rt}", (2, 4, 3, 2)), np.matmul(a, bb))
a = f(5, 3); bb = f(4, 5); c = f(1, 4)
check("gemm tA tB", run("g", [a, bb, c], "graph.gemm {names} {{alpha = 0.5 : f32, beta = 2.0 : f32, transA = 1 : i64, transB = 1 : i64}} : {types} -> {rt}", (3, 4)),
      0.5 * a.T @ bb.T + 2.0 * c)
x = f(2, 5, 3)
e = np.exp(x - x.max(axis=1, keepdims=True))
check("softmax axis1", run("s", [x], "graph.softmax {names} {{axis = 1 : i64}} : {types} -> {rt}", (2, 5, 3)), e / e.sum(axis=1, keepdims=True))
check("reduce_mean keepdims", run("r", [x], "graph.reduce_mean {names} {{axes = array<i64: 0, 2>}} : {types} -> {rt}", (1, 5, 1)), x.mean(axis=(0, 2), keepdims=True))
x = f(1, 3, 5, 5)
check("global_average_pool", run("gap", [x], "graph.global_average_pool {names} : {types} -> {rt}", (1, 3, 1, 1)), x.mean(axis=(2, 3), keepdims=True))
s, bi, mu, var = f(3), f(3), f(3), np.abs(f(3)) + 0.5
check("batch_normalization", run("bn", [x, s, bi, mu, var], "graph.batch_normalization {names} {{epsilon = 1.0e-03 : f32}} : {types} -> {rt}", (1, 3, 5, 5)),
      (x - mu[None,:,None,None]) / np.sqrt(var[None,:,None,None] + 1e-3) * s[None,:,None,None] + bi[None,:,None,None])
x = f(2, 8)
check("hard_swish", run("hs", [x * 4], "graph.hard_swish {names} : {types} -> {rt}", (2, 8)), x*4 * np.clip(x*4/6 + 0.5, 0, 1))

# Integer semantics, read back through a cast to f32: Div truncates toward
# zero, Cast from float truncates toward zero.
a = np.array([-7, 7, -8, 9, -1, 0], np.float32); b = np.array([2, -2, 3, 4, 3, 5], np.float32)
check("int div truncates", run("idiv", [a, b], """  %i = graph.cast %a0 {{to = i32}} : tensor<6xf32> -> tensor<6xi32>
  %j = graph.cast %a1 {{to = i32}} : tensor<6xf32> -> tensor<6xi32>
  %q = graph.div %i, %j : tensor<6xi32>, tensor<6xi32> -> tensor<6xi32>
  %r = graph.cast %q {{to = f32}} : tensor<6xi32> -> tensor<6xf32>""", (6,)),
      np.trunc(a / b))
c = np.array([-2.7, -0.5, 0.5, 2.7, 3.0, -3.0], np.float32)
check("cast float to int truncates", run("cast", [c], """  %i = graph.cast %a0 {{to = i64}} : tensor<6xf32> -> tensor<6xi64>
  %r = graph.cast %i {{to = f32}} : tensor<6xi64> -> tensor<6xf32>""", (6,)), np.trunc(c))
u = np.array([200, 255, 7, 9, 130, 0], np.float32); v = np.array([2, 3, 2, 4, 129, 5], np.float32)
check("ui8 div is unsigned", run("udiv", [u, v], """  %i = graph.cast %a0 {{to = ui8}} : tensor<6xf32> -> tensor<6xui8>
  %j = graph.cast %a1 {{to = ui8}} : tensor<6xf32> -> tensor<6xui8>
  %q = graph.div %i, %j : tensor<6xui8>, tensor<6xui8> -> tensor<6xui8>
  %r = graph.cast %q {{to = f32}} : tensor<6xui8> -> tensor<6xf32>""", (6,)),
      np.floor(u / v))
lo = np.array(-0.5, np.float32); hi = np.array(0.25, np.float32); x = f(3, 4)
check("clip", run("clip", [x, lo, hi], "graph.clip %a0 min(%a1 : tensor<f32>) max(%a2 : tensor<f32>) : tensor<3x4xf32> -> tensor<3x4xf32>", (3, 4)),
      np.clip(x, -0.5, 0.25))
y = f(4)
check("where greater broadcast", run("where", [x, y], """  %c = graph.greater %a0, %a1 : tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xi1>
  %r = graph.where %c, %a0, %a1 : tensor<3x4xi1>, tensor<3x4xf32>, tensor<4xf32> -> tensor<3x4xf32>""", (3, 4)),
      np.where(x > y, x, y))

if FAILURES:
    print("FAILED:", ", ".join(FAILURES))
    sys.exit(1)
print("all numeric checks passed")
