#!/usr/bin/python3
"""End-to-end checks of the image-geometry ops on what ONNX's backend test
data leaves out: check_vision_cases.py DIR.

Each case is a one-node model compiled with `weft compile` for the CPU, run
with `weft run`, and compared with a reference computed here: RoiAlign with
the adaptive sampling ratio (0), max mode, opset 10's output_half_pixel,
boxes partly and wholly outside the image and a batch index out of range
(clamped); Det of 4 x 4 matrices that need row exchanges, a singular one and
a 5 x 5 one; MaxUnpool over one spatial dim with pads and indices out of
range (dropped); GridSample with positions far outside the image (and one
past float32's range), which read nothing. Float outputs must be within
atol 1e-4 + rtol 1e-4 (float32 sums of a few dozen terms; Det compares
float32 elimination with numpy's float64 LU). Prints one line per case and
"all vision cases passed" at the end; exits 1 on any failure.
"""

import os
import sys

import numpy as np
from onnx import helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_math_cases  # noqa: E402
from check_math_cases import FAILURES  # noqa: E402

RNG = np.random.default_rng(0)


def run_case(directory, name, node, inputs, ref, opset):
    """Compiles and runs one node through check_math_cases.run_case, with
    this file's tolerance (atol = rtol = 1e-4)."""
    check_math_cases.run_case(directory, name, node, inputs, ref, opset,
                              tolerance=(1e-4, 1e-4))


def roi_align(x, rois, batch, mode, out_h, out_w, ratio, scale, half_pixel):
    """ONNX Runtime's RoiAlign, one sample at a time."""
    n, channels, height, width = x.shape
    y = np.zeros((rois.shape[0], channels, out_h, out_w), np.float32)
    offset = 0.5 if half_pixel else 0.0
    for r, roi in enumerate(rois):
        x1, y1, x2, y2 = [float(v) * scale - offset for v in roi]
        roi_w, roi_h = x2 - x1, y2 - y1
        if not half_pixel:
            roi_w, roi_h = max(roi_w, 1.0), max(roi_h, 1.0)
        bin_h, bin_w = roi_h / out_h, roi_w / out_w
        grid_h = ratio if ratio > 0 else int(np.ceil(roi_h / out_h))
        grid_w = ratio if ratio > 0 else int(np.ceil(roi_w / out_w))
        count = max(grid_h * grid_w, 1)
        b = min(max(int(batch[r]), 0), n - 1)
        for c in range(channels):
            for ph in range(out_h):
                for pw in range(out_w):
                    samples = []
                    for iy in range(grid_h):
                        sy = y1 + ph * bin_h + (iy + .5) * bin_h / grid_h
                        for ix in range(grid_w):
                            sx = x1 + pw * bin_w + (ix + .5) * bin_w / grid_w
                            samples.append(bilinear(x[b, c], sy, sx, mode))
                    if not samples:
                        y[r, c, ph, pw] = 0.0
                    elif mode == "max":
                        y[r, c, ph, pw] = max(samples)
                    else:
                        y[r, c, ph, pw] = sum(samples) / count
    return y


def bilinear(image, y, x, mode):
    height, width = image.shape
    if y < -1 or y > height or x < -1 or x > width:
        return 0.0
    y, x = max(y, 0.0), max(x, 0.0)
    y_low, x_low = int(y), int(x)
    if y_low >= height - 1:
        y_high = y_low = height - 1
        y = float(y_low)
    else:
        y_high = y_low + 1
    if x_low >= width - 1:
        x_high = x_low = width - 1
        x = float(x_low)
    else:
        x_high = x_low + 1
    ly, lx = y - y_low, x - x_low
    hy, hx = 1 - ly, 1 - lx
    terms = [hy * hx * image[y_low, x_low], hy * lx * image[y_low, x_high],
             ly * hx * image[y_high, x_low], ly * lx * image[y_high, x_high]]
    return max(terms) if mode == "max" else sum(terms)


def roi_align_cases(directory):
    x = RNG.standard_normal((2, 3, 12, 10)).astype(np.float32)
    rois = np.array([[0, 0, 9, 11], [2.5, 1.2, 7.7, 6.1], [-3, -2, 4, 5],
                     [5, 6, 30, 25], [4, 4, 4.2, 4.1]], np.float32)
    batch = np.array([0, 1, 1, 0, 7], np.int64)
    # A box far outside the image reads nothing; with the adaptive ratio
    # it would take ~1e29 samples per bin (as in ONNX Runtime), so only the
    # fixed ratios get it.
    far_rois = np.concatenate([rois, [[1e30, 1e30, 2e30, 2e30]]]).astype(
        np.float32)
    far_batch = np.concatenate([batch, [0]]).astype(np.int64)
    for name, mode, ratio, half, opset, scale in [
            ("roi_align_adaptive_avg", "avg", 0, True, 16, 0.5),
            ("roi_align_adaptive_max", "max", 0, False, 16, 1.0),
            ("roi_align10_max_ratio3", "max", 3, False, 10, 0.75),
            ("roi_align_avg_ratio1", "avg", 1, True, 16, 1.0)]:
        attrs = dict(mode=mode, output_height=3, output_width=4,
                     sampling_ratio=ratio, spatial_scale=scale)
        if opset >= 16:
            attrs["coordinate_transformation_mode"] = (
                "half_pixel" if half else "output_half_pixel")
        r, b = (far_rois, far_batch) if ratio > 0 else (rois, batch)
        ref = roi_align(x, r, b, mode, 3, 4, ratio, scale, half)
        run_case(directory, name,
                 helper.make_node("RoiAlign", ["x", "rois", "b"], ["y"],
                                  **attrs),
                 {"x": x, "rois": r, "b": b}, ref, opset)


def det_cases(directory):
    a = RNG.standard_normal((2, 3, 4, 4)).astype(np.float32)
    a[0, 1] = [[1, 2, 3, 4], [2, 4, 6, 8], [0, 1, 0, 1], [3, 1, 4, 1]]
    a[1, 2] = [[0, 0, 1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 2]]
    ref = np.linalg.det(a.astype(np.float64)).astype(np.float32)
    run_case(directory, "det_4x4_batched", helper.make_node("Det", ["x"], ["y"]),
             {"x": a}, ref, 11)
    b = RNG.standard_normal((5, 5)).astype(np.float32)
    ref = np.array(np.linalg.det(b.astype(np.float64)), np.float32)
    run_case(directory, "det_5x5", helper.make_node("Det", ["x"], ["y"]),
             {"x": b}, ref, 11)


def max_unpool_cases(directory):
    x = np.array([[[1, 2, 3], [4, 5, 6]]], np.float32)
    indices = np.array([[[0, 3, 100], [1, -1, 5]]], np.int64)
    # Per channel (3 - 1) * 2 + 3 - 1 - 0 = 6: 12 positions in all.
    flat = np.zeros(12, np.float32)
    for v, i in zip(x.reshape(-1), indices.reshape(-1)):
        if 0 <= i < 12:
            flat[i] = v
    run_case(directory, "max_unpool_1d_out_of_range",
             helper.make_node("MaxUnpool", ["x", "i"], ["y"], kernel_shape=[3],
                              strides=[2], pads=[1, 0]),
             {"x": x, "i": indices}, flat.reshape(1, 2, 6), 11)


def grid_sample_cases(directory):
    x = RNG.standard_normal((1, 2, 5, 6)).astype(np.float32)
    grid = np.array([[[[1e30, 0.0], [-1e30, 0.3], [0.1, 3e38],
                       [-3e38, -1e20]]]], np.float32)
    for mode in ("bilinear", "nearest", "bicubic"):
        run_case(directory, "grid_sample_far_" + mode,
                 helper.make_node("GridSample", ["x", "g"], ["y"], mode=mode),
                 {"x": x, "g": grid}, np.zeros((1, 2, 1, 4), np.float32), 16)


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    roi_align_cases(directory)
    det_cases(directory)
    max_unpool_cases(directory)
    grid_sample_cases(directory)
    if FAILURES:
        print("FAILED: %s" % ", ".join(FAILURES))
        sys.exit(1)
    print("all vision cases passed")


if __name__ == "__main__":
    main()
