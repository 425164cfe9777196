#!/usr/bin/python3
"""Writes one of ImageMagick's built-in images as a model input (.npy).

ImageMagick carries a few images of its own (`wizard:`, `rose:`, `logo:`),
so a test gets a real picture without fetching anything. The image is
resized to HEIGHT x WIDTH (aspect not kept) and normalized the way
@imgly/background-removal feeds ISNet, (x - 128) / 256, as float32 NCHW
1 x 3 x H x W.

usage: builtin_image.py OUT.npy IMAGE HEIGHT WIDTH
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_text import find_convert  # noqa: E402


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    out, image = sys.argv[1], sys.argv[2]
    height, width = int(sys.argv[3]), int(sys.argv[4])
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "image.rgb")
        subprocess.run([find_convert(), image + ":", "-resize",
                        "%dx%d!" % (width, height), "-depth", "8",
                        "rgb:" + raw], check=True)
        pixels = np.fromfile(raw, np.uint8)
    if pixels.size != height * width * 3:
        sys.exit("builtin_image: error: ImageMagick wrote %d bytes, expected %d"
                 % (pixels.size, height * width * 3))
    hwc = pixels.reshape(height, width, 3).astype(np.float32)
    chw = ((hwc - 128.0) / 256.0).transpose(2, 0, 1)
    np.save(out, chw[np.newaxis].astype(np.float32))


if __name__ == "__main__":
    main()
