#!/usr/bin/python3
"""Checks ONNX Runtime's output for gen_driver_models.py's convnet against
numpy: check_convnet.py MODEL.onnx X.npy Y.npy. Prints "max abs diff ok"
when they agree within 1e-5, else the difference (and exits 1)."""

import sys

import numpy as np
import onnx
from onnx import numpy_helper


def main(model_path, x_path, y_path):
    weights = {t.name: numpy_helper.to_array(t)
               for t in onnx.load(model_path).graph.initializer}
    x = np.load(x_path).astype(np.float64)
    w, wb = weights["w"].astype(np.float64), weights["wb"].astype(np.float64)
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    h, wd = x.shape[2], x.shape[3]
    conv = np.zeros((1, w.shape[0], h, wd))
    for i in range(3):
        for j in range(3):
            patch = padded[:, :, i:i + h, j:j + wd]
            conv += np.einsum("nchw,oc->nohw", patch, w[:, :, i, j])
    conv += wb.reshape(1, -1, 1, 1)
    flat = np.maximum(conv, 0).reshape(1, -1)
    fc = flat @ weights["gw"].astype(np.float64).T + weights["gb"]
    expected = np.maximum(fc, 0)
    diff = np.abs(np.load(y_path) - expected).max()
    if diff <= 1e-5:
        print("max abs diff ok")
        return 0
    print("max abs diff %g" % diff)
    return 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
