#!/usr/bin/python3
"""Renders text with ImageMagick and writes it as a PaddleOCR input (.npy).

Black DejaVu Sans text on white, rendered by Debian's ImageMagick (the
`convert` of package imagemagick) as raw RGB, then normalized the way
PaddleOCR feeds each model: `det` with the ImageNet mean and std, `rec` and
`cls` with (x - 0.5) / 0.5. The result is float32 NCHW, 1 x 3 x H x W.

usage: render_text.py OUT.npy {det,rec,cls} HEIGHT WIDTH TEXT [TEXT ...]
  rec/cls: one line of text (TEXT words joined by spaces) on the whole image;
  det: each TEXT argument is one line of a page.
"""

import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np


def find_convert():
    # /usr/local/bin/convert may be a stand-in that is not ImageMagick.
    for path in ("/usr/bin/convert-im6.q16", "/usr/bin/convert"):
        if os.access(path, os.X_OK):
            return path
    found = shutil.which("convert")
    if not found:
        sys.exit("render_text: error: ImageMagick's convert is not installed "
                 "(Debian package imagemagick)")
    return found


def render(kind, height, width, lines):
    args = [find_convert(), "-size", "%dx%d" % (width, height), "xc:white",
            "-font", "DejaVu-Sans", "-fill", "black"]
    if kind == "det":
        size = max(12, height // (2 * len(lines) + 2))
        for i, line in enumerate(lines):
            y = int((i + 1.2) * height / (len(lines) + 1))
            args += ["-pointsize", str(size), "-annotate",
                     "+%d+%d" % (width // 16, y), line]
    else:
        args += ["-pointsize", str(int(height * 0.5)), "-annotate",
                 "+%d+%d" % (max(2, height // 8), int(height * 0.7)),
                 " ".join(lines)]
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "image.rgb")
        subprocess.run(args + ["-depth", "8", "rgb:" + raw], check=True)
        pixels = np.fromfile(raw, np.uint8)
    if pixels.size != height * width * 3:
        sys.exit("render_text: error: ImageMagick wrote %d bytes, expected %d"
                 % (pixels.size, height * width * 3))
    return pixels.reshape(height, width, 3).astype(np.float32) / 255.0


def main():
    if len(sys.argv) < 6 or sys.argv[2] not in ("det", "rec", "cls"):
        sys.exit(__doc__)
    out, kind = sys.argv[1], sys.argv[2]
    height, width = int(sys.argv[3]), int(sys.argv[4])
    image = render(kind, height, width, sys.argv[5:])
    if kind == "det":
        mean = np.array([0.485, 0.456, 0.406], np.float32)
        std = np.array([0.229, 0.224, 0.225], np.float32)
        image = (image - mean) / std
    else:
        image = (image - 0.5) / 0.5
    tensor = image.transpose(2, 0, 1)[None]
    np.save(out, np.ascontiguousarray(tensor, dtype=np.float32))


if __name__ == "__main__":
    main()
