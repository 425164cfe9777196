#!/usr/bin/python3
"""Writes a text-like page as a PaddleOCR input tensor (.npy, NCHW float32).

Dark glyph-like strokes (boxes and bars of random width) in lines on a white
background, normalized with PaddleOCR's ImageNet mean and std. It stands in
for a rendered text image until the tests render real text: what matters for
the numeric checks is that the detector and recognizer see strong, text-like
activations instead of noise (on uniform noise PP-OCRv4 det outputs an almost
all-zero probability map, where the cosine similarity only measures rounding
of values near 1e-7).

usage: make_text_page.py OUT.npy HEIGHT WIDTH [SEED]
"""

import sys

import numpy as np


def main():
    out, height, width = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = np.random.default_rng(int(sys.argv[4]) if len(sys.argv) > 4 else 0)
    img = np.ones((height, width, 3), np.float32)
    line = max(16, min(60, height // 2))
    glyph = max(8, line // 2)
    for top in range(line // 4, height - glyph, line):
        x = width // 20
        while x < width - 2 * glyph:
            w = int(rng.integers(glyph // 2, glyph))
            h = int(rng.integers(glyph * 2 // 3, glyph + 1))
            ink = float(rng.uniform(0.0, 0.3))
            img[top:top + h, x:x + 2] = ink
            img[top:top + 2, x:x + w] = ink
            img[top + h - 2:top + h, x:x + w] = ink
            img[top + h // 2:top + h // 2 + 2, x:x + w] = ink
            x += w + int(rng.integers(2, glyph // 2 + 3))
    mean = np.array([0.485, 0.456, 0.406], np.float32)
    std = np.array([0.229, 0.224, 0.225], np.float32)
    tensor = ((img - mean) / std).transpose(2, 0, 1)[None]
    np.save(out, np.ascontiguousarray(tensor, dtype=np.float32))


if __name__ == "__main__":
    main()
