#!/usr/bin/python3
"""Greedy CTC decoding of a PaddleOCR recognizer output (.npy, 1 x T x C).

Takes the best class per time step, merges repeats, drops the blank (class
0) and maps class i to line i-1 of the dictionary (ppocr_keys_v1.txt); the
last class is a space. Prints the text and its mean confidence.

usage: ctc_decode.py OUTPUT.npy KEYS.txt
"""

import sys

import numpy as np


def main():
    probs = np.load(sys.argv[1])
    with open(sys.argv[2], encoding="utf-8") as f:
        keys = [line.rstrip("\n") for line in f] + [" "]
    if probs.ndim != 3 or probs.shape[0] != 1:
        sys.exit("ctc_decode: expected a 1 x T x C output, got %s" % (probs.shape,))
    best = probs[0].argmax(axis=1)
    conf = probs[0].max(axis=1)
    text, scores, prev = [], [], 0
    for t, cls in enumerate(best):
        if cls != 0 and cls != prev and cls - 1 < len(keys):
            text.append(keys[cls - 1])
            scores.append(conf[t])
        prev = cls
    mean = float(np.mean(scores)) if scores else 0.0
    print("decoded text: %r (%d characters, mean confidence %.3f)" %
          ("".join(text), len(text), mean))


if __name__ == "__main__":
    main()
