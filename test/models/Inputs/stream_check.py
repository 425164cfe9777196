#!/usr/bin/env python3
"""Runs a stateful model chunk by chunk, as streaming users run it, on a Weft
engine and on ONNX Runtime side by side, each feeding its own state back.

    stream_check.py MODEL ENGINE WORKDIR --audio NAME=1xN --chunks K
        [--state IN:OUT ...] [--const NAME=VALUE:DTYPE ...] [--atol X]

Each chunk of --audio is seeded noise plus a tone (so a voice-activity model
sees some signal); every --state input starts at zeros and then takes the
previous run's OUT output; --const inputs keep one value. After each chunk
every output is compared (max abs error <= atol, default 1e-4: float32 with a
recurrence over a few chunks). Prints one line per chunk and exits non-zero
on the first mismatch.
"""
import argparse
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ORT_RUN = os.path.join(HERE, "..", "..", "reference", "ort-run.js")


def sanitize(name):
    out = "".join(c if c.isalnum() or c in "._-" else "_" for c in name)
    return "_" + out if not out or out.startswith(".") else out


def list_io(model):
    import json
    text = subprocess.run(["node", ORT_RUN, model, "--list"], check=True,
                          capture_output=True, text=True).stdout
    return json.loads(text)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("model")
    p.add_argument("engine")
    p.add_argument("workdir")
    p.add_argument("--audio", required=True)
    p.add_argument("--chunks", type=int, default=4)
    p.add_argument("--state", action="append", default=[])
    p.add_argument("--const", action="append", default=[])
    p.add_argument("--atol", type=float, default=1e-4)
    a = p.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    io = list_io(a.model)
    outputs = [o["name"] for o in io["outputs"]]
    audio_name, audio_shape = a.audio.split("=")
    shape = [int(d) for d in audio_shape.split("x")]
    states = [s.split(":") for s in a.state]
    rng = np.random.default_rng(11)
    fed = {}
    for name, _ in states:
        spec = next(i for i in io["inputs"] if i["name"] == name)
        fed[name] = None, spec
    consts = {}
    for c in a.const:
        name, rest = c.split("=")
        value, dtype = rest.split(":")
        consts[name] = np.array(int(value) if "int" in dtype else float(value),
                                dtype=dtype)
    weft_state, ort_state = {}, {}
    t = np.arange(int(np.prod(shape)) * a.chunks, dtype=np.float64)
    signal = 0.3 * np.sin(2 * np.pi * 440 * t / 16000) + \
        0.05 * rng.standard_normal(t.shape)
    for k in range(a.chunks):
        chunk = signal[k * int(np.prod(shape)):(k + 1) * int(np.prod(shape))]
        base = os.path.join(a.workdir, "chunk%d" % k)
        os.makedirs(base, exist_ok=True)
        inputs = {audio_name: chunk.reshape(shape).astype(np.float32)}
        inputs.update(consts)
        common = []
        for name, value in inputs.items():
            path = os.path.join(base, name + ".npy")
            np.save(path, value)
            common.append("%s=%s" % (name, path))
        sides = {}
        for side, state in (("weft", weft_state), ("ort", ort_state)):
            args = list(common)
            for name, _ in states:
                value = state.get(name)
                if value is None:
                    dims = [d if isinstance(d, int) else 1
                            for d in fed[name][1]["shape"]]
                    value = np.zeros(dims, np.float32)
                path = os.path.join(base, side + "_" + name + ".npy")
                np.save(path, value)
                args.append("%s=%s" % (name, path))
            out_dir = os.path.join(base, side)
            flags = [x for b in args for x in ("--input", b)]
            if side == "weft":
                cmd = ["weft", "run", a.engine] + flags + ["--output-dir", out_dir]
            else:
                cmd = ["node", ORT_RUN, a.model] + flags + ["--output-dir", out_dir]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            sides[side] = {o: np.load(os.path.join(out_dir, sanitize(o) + ".npy"))
                           for o in outputs}
            for name, out in states:
                state[name] = sides[side][out]
        worst = max(float(np.max(np.abs(sides["weft"][o].astype(np.float64) -
                                         sides["ort"][o])))
                    for o in outputs)
        ok = worst <= a.atol
        print("chunk %d: max abs err %.3g over %s %s" %
              (k, worst, ", ".join(outputs), "ok" if ok else "FAIL"))
        if not ok:
            sys.exit(1)
    print("stream: %d chunks match" % a.chunks)


if __name__ == "__main__":
    main()
