#!/usr/bin/python3
"""Runs ONNX's backend test data through `weft compile` and `weft run`.

Every test folder of Debian's libonnx-testdata (node, pytorch-converted,
pytorch-operator and simple; a test is a folder with model.onnx and
test_data_set_N/{input,output}_K.pb) is compiled for this CPU, run on each of
its test sets with one thread, and its outputs are compared with the expected
ones. Each test ends in one category:

  pass         every output matches
  wrong        it ran, but an output differs (values, shape, dtype, NaN
               positions) or is missing
  unsupported  compile or run exited 1 with an error message
  crash        killed by a signal, another exit code, a stack trace, or exit 1
               without an error message
  hang         past the timeout (the whole process group is killed)

test/conformance/expected-failures.txt lists the tests expected to be wrong
or unsupported. The runner exits non-zero on a failure that is not listed or
listed with another category, on a listed test that passes, on a listed test
missing from the data, and on any crash or hang. `--update-expected` rewrites
the list from this run; a crash or hang still fails the run. Run it with
/usr/bin/python3 (Debian's python3-onnx and python3-numpy). docs/testing.md
describes it all.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from expected import (BUGS, EXPECTABLE, RUNNER_ERROR,  # noqa: E402
                      check_expected, read_expected, stale_entries,
                      updated_expected, write_expected)
from test_data import (as_str_array, bfloat16_bits_to_float,  # noqa: E402
                       load_tensor, tensor_to_array, test_sets)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_DATA = "/usr/share/libonnx-testdata/data"
# The package's real/ folder holds only download URLs (data.json), no models.
DIRS = ("node", "pytorch-converted", "pytorch-operator", "simple")
DEFAULT_EXPECTED = os.path.join(ROOT, "test", "conformance", "expected-failures.txt")

CATEGORIES = ("pass", "wrong", "unsupported", "crash", "hang")

# Tests left out of everything (not run, not counted), with the reason.
EXCLUSIONS = (
    (re.compile(r"^test_(adagrad|adam|momentum|nesterov_momentum|gradient)"),
     "training operators (ai.onnx.preview.training)"),
    (re.compile(r"_training_mode"), "training-mode variants (training_mode=1)"),
    # Dropout run with training_mode=1 (the input, not in the test's name):
    # the same training-mode variants; four of six have random references.
    (re.compile(r"^test_training_dropout"),
     "training-mode variants (Dropout with training_mode=1)"),
    (re.compile(r"^test_bernoulli"), "Bernoulli (random output, nothing to compare)"),
)

# Floats are compared like ONNX's backend tests do, numpy.allclose(rtol=1e-3,
# atol=1e-7), unless the op a node test tests has an entry here:
#   "OpType": (rtol, atol, "why this op needs it"),
# No op needs one today: every float output that differs is off by far more
# than rounding (see expected-failures.txt).
DEFAULT_RTOL = 1e-3
DEFAULT_ATOL = 1e-7
TOLERANCES = {
}

MESSAGE_LIMIT = 200
REASON_LIMIT = 160


def sanitize_tensor_name(name):
    """The file stem `weft run --output-dir` writes for an output
    (sanitizeTensorName in compiler/driver/Npy.cpp)."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", name)
    if not safe or safe.startswith("."):
        safe = "_" + safe
    return safe


def shorten(text, limit=MESSAGE_LIMIT):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def excluded_reason(name):
    for pattern, reason in EXCLUSIONS:
        if pattern.search(name):
            return reason
    return None


def tolerance_for(op):
    rtol, atol, _ = TOLERANCES.get(op, (DEFAULT_RTOL, DEFAULT_ATOL, None))
    return rtol, atol


# --- The model ---------------------------------------------------------------


def op_key(node):
    if node.domain in ("", "ai.onnx"):
        return node.op_type
    return "%s.%s" % (node.domain, node.op_type)


def model_tested_op(model):
    """The one non-Constant op type of a node test's model, else its first
    node's."""
    nodes = list(model.graph.node)
    kinds = {op_key(n) for n in nodes if n.op_type != "Constant"}
    if len(kinds) == 1:
        return kinds.pop()
    return op_key(nodes[0]) if nodes else "(no node)"


def graph_inputs(model):
    """The graph inputs that are not initializers, in order: input_K.pb
    feeds the K-th."""
    initializers = {t.name for t in model.graph.initializer}
    return [i for i in model.graph.input if i.name not in initializers]


def value_kind(value_info):
    return value_info.type.WhichOneof("value") or "value without a type"


def has_static_shape(value_info):
    tensor_type = value_info.type.tensor_type
    return tensor_type.HasField("shape") and all(
        d.HasField("dim_value") for d in tensor_type.shape.dim)


# --- Sequences ------------------------------------------------------------------
# A sequence input is compiled for the length and element shapes of the first
# test set (`--shape NAME=seq(2x3,4x3)`) and fed element by element as the
# engine inputs NAME[0], NAME[1], ...; a sequence output is read back from
# the engine outputs NAME[i] and compared element by element.


def is_sequence(value_info):
    return value_info is not None and value_kind(value_info) == "sequence_type"


def element_name(name, i):
    """The engine input or output that holds element i of sequence `name`."""
    return "%s[%d]" % (name, i)


def load_sequence(path):
    """(name, [numpy arrays]) of a SequenceProto file of tensors."""
    import onnx
    sequence = onnx.SequenceProto()
    with open(path, "rb") as f:
        sequence.ParseFromString(f.read())
    if sequence.elem_type != onnx.SequenceProto.TENSOR:
        raise Outcome("unsupported", "%s: a sequence of non-tensors" %
                      os.path.basename(path))
    return sequence.name, [tensor_to_array(t) for t in sequence.tensor_values]


def sequence_shape_flag(name, arrays):
    return "--shape=%s=seq(%s)" % (name, ",".join(
        "x".join(str(d) for d in a.shape) or "scalar" for a in arrays))


# --- Running one test (in a worker process) ----------------------------------


class Outcome(Exception):
    """Ends a test with a category other than pass."""

    def __init__(self, category, message, **extra):
        super().__init__(message)
        self.category = category
        self.message = message
        self.extra = extra


def run_process(argv, timeout, cwd, env):
    """Runs argv in a process group of its own; returns (exit code, output,
    timed out). On a timeout the whole group is killed."""
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out.decode("utf-8", "replace"), False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = proc.communicate()
        return None, out.decode("utf-8", "replace"), True


def error_message(output):
    """The first error the command printed, on one line; None if it printed
    none. Diagnostics read `weft: error: ...` or `MODEL: error: ...`; the
    report of unsupported operators is shortened to the operators its `note:`
    lines name."""
    lines = output.splitlines()
    errors = [i for i, l in enumerate(lines) if re.search(r"(^|: )error: ", l)]
    if not errors:
        return None
    first = re.sub(r"^.*?\berror: ", "", lines[errors[0]])
    if first.endswith(":") and errors[0] + 1 < len(lines):
        first += " " + lines[errors[0] + 1]  # the detail is on the next line
    if re.match(r"the model uses \d+ unsupported operator kind", first):
        # `MODEL: note: ai.onnx SequenceInsert (opset 11): 1 node: '<unnamed>'`
        ops = [re.sub(r"^.*?\bnote: ([^:]*):.*$", r"\1", l)
               for l in lines if "note: " in l]
        if ops:
            return shorten("unsupported op: " + ", ".join(ops))
    return shorten(first)


def check_process(what, rc, output, timed_out, timeout):
    """Returns when the command succeeded, else raises its Outcome."""
    if timed_out:
        raise Outcome("hang", "%s: no result after %g s" % (what, timeout))
    message = error_message(output)
    suffix = ": " + message if message else ""
    if rc < 0:
        try:
            name = signal.Signals(-rc).name
        except ValueError:
            name = "signal %d" % -rc
        raise Outcome("crash", "%s: killed by %s%s" % (what, name, suffix))
    if "PLEASE submit a bug report" in output or "Stack dump:" in output:
        raise Outcome("crash", "%s: stack trace%s" % (what, suffix))
    if rc == 0:
        return
    if rc == 1 and message:
        raise Outcome("unsupported", "%s: %s" % (what, message))
    last = output.strip().splitlines()[-1] if output.strip() else ""
    raise Outcome("crash", "%s: exit code %d%s" % (
        what, rc, ": " + shorten(last) if last else " and no output"))


def compare(name, actual, expected, rtol, atol):
    """None when actual matches expected, else (message, max abs err or None,
    max rel err or None)."""
    import numpy as np
    if actual.dtype != expected.dtype:
        return ("output '%s': dtype %s, expected %s" % (
            name, actual.dtype, expected.dtype), None, None)
    if actual.shape != expected.shape:
        def text(shape):
            return "x".join(map(str, shape)) or "scalar"
        return ("output '%s': shape %s, expected %s" % (
            name, text(actual.shape), text(expected.shape)), None, None)
    if expected.dtype.kind in "fc":
        return compare_floats(name, actual, expected, rtol, atol)
    if np.array_equal(actual, expected):
        return None
    off = actual != expected
    message = "output '%s': %d of %d elements differ" % (name, off.sum(), off.size)
    max_abs = None
    if expected.dtype.kind in "iu":
        max_abs = float(np.abs(actual.astype(np.float64) -
                               expected.astype(np.float64)).max())
        message += " (max abs err %.6g)" % max_abs
    return message, max_abs, None


def compare_floats(name, actual, expected, rtol, atol):
    import numpy as np
    # In float64, so that atol does not vanish in a float16 subtraction.
    a = actual.astype(np.float64).ravel()
    e = expected.astype(np.float64).ravel()
    nan_a, nan_e = np.isnan(a), np.isnan(e)
    if not np.array_equal(nan_a, nan_e):
        return ("output '%s': NaN at %d places, expected at %d (%d differ)" % (
            name, nan_a.sum(), nan_e.sum(), (nan_a != nan_e).sum()), None, None)
    a, e = a[~nan_e], e[~nan_e]
    close = np.isclose(a, e, rtol=rtol, atol=atol)
    if close.all():
        return None
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        diff = np.abs(a - e)
        diff[np.isnan(diff)] = np.inf  # inf against -inf
        off = ~close
        max_abs = float(diff[off].max())
        rel = diff[off & (e != 0)] / np.abs(e[off & (e != 0)])
        max_rel = float(rel.max()) if rel.size else float("inf")
    worst = int(np.argmax(np.where(off, diff, -1.0)))
    return ("output '%s': max abs err %.3g, max rel err %.3g, %d of %d elements "
            "off (worst: got %.9g, expected %.9g; rtol %g, atol %g)" % (
                name, max_abs, max_rel, off.sum(), off.size, a[worst], e[worst],
                rtol, atol), max_abs, max_rel)


def run_test(job):
    """Runs one test; returns its result (a dict). Never raises."""
    start = time.monotonic()
    result = {"dir": job["dir"], "test": job["name"], "op": job["op"],
              "ops": job["ops"], "category": "pass", "message": ""}
    run = None
    try:
        run = TestRun(job)
        run.run()
    except Outcome as outcome:
        result["category"] = outcome.category
        # Paths into the work folder mean nothing once it is gone.
        result["message"] = outcome.message.replace(job["work"] + os.sep, "")
        result.update(outcome.extra)
    except Exception as e:
        result["category"] = RUNNER_ERROR
        result["message"] = shorten("%s: %s" % (type(e).__name__, e))
    if run is not None and run.bound:
        result["bound_inputs"] = run.bound
    result["elapsed"] = round(time.monotonic() - start, 3)
    if result["category"] == "pass" and not job["keep"]:
        shutil.rmtree(job["work"], ignore_errors=True)
    return result


class TestRun:
    """Compiles one test's model and runs and checks each of its test sets."""

    def __init__(self, job):
        import onnx
        self.job = job
        self.work = job["work"]
        os.makedirs(self.work, exist_ok=True)
        # The compiler's temporary files (the objects it links) go into the
        # test's folder, which is removed even after a kill.
        self.env = dict(os.environ, TMPDIR=self.work)
        self.model = onnx.load(job["model"])
        self.inputs = graph_inputs(self.model)
        self.sets = test_sets(job["path"])
        self.engine = os.path.join(self.work, "model.weft")
        # Inputs frozen at compile time (weft compile --bind), see compile().
        self.bound = []

    def command(self, what, argv, timeout):
        rc, output, timed_out = run_process(argv, timeout, self.work, self.env)
        check_process(what, rc, output, timed_out, timeout)
        return output

    def run(self):
        if not self.sets:
            raise Outcome(RUNNER_ERROR, "no test_data_set_* folder")
        self.compile()
        header = json.loads(self.command(
            "inspect", [self.job["weft"], "inspect", self.engine, "--json"],
            self.job["run_timeout"]))
        engine_inputs = [i["name"] for i in header["inputs"]]
        engine_outputs = [o["name"] for o in header["outputs"]]
        for test_set in self.sets:
            self.run_set(test_set, engine_inputs, engine_outputs)

    def compile(self):
        # The test models have static input shapes but a few; those get the
        # shapes of the first test set's inputs.
        shapes = []
        first_inputs = self.sets[0][1]
        for k, value_info in enumerate(self.inputs):
            if (value_kind(value_info) == "tensor_type" and
                    not has_static_shape(value_info) and k < len(first_inputs)):
                _, array = load_tensor(first_inputs[k])
                shapes.append("--shape=%s=%s" % (
                    value_info.name, "x".join(str(d) for d in array.shape)))
            elif is_sequence(value_info) and k < len(first_inputs):
                _, arrays = load_sequence(first_inputs[k])
                shapes.append(sequence_shape_flag(value_info.name, arrays))
        argv = [self.job["weft"], "compile", self.job["model"], "-o",
                self.engine, "--target=cpu"] + shapes
        try:
            self.command("compile", argv, self.job["compile_timeout"])
        except Outcome as outcome:
            # An input that sets a shape (Resize scales, axes, pads, repeats,
            # ...) is frozen to its test value, as TensorRT's shape-tensor
            # profiles fix such inputs at build time; weft run then does not
            # take it. Only when every test set gives it the same value:
            # inputs 1..n first (input 0 is the data), then every one-element
            # input (a window's or a range's size is input 0).
            binds = self.shape_input_binds(outcome, range(1, len(self.sets[0][1])))
            if binds:
                try:
                    self.command("compile", argv + binds,
                                 self.job["compile_timeout"])
                    return
                except Outcome as again:
                    outcome = again
            self.bound = []
            binds = self.shape_input_binds(
                outcome, range(len(self.sets[0][1])), scalars_only=True)
            if not binds:
                raise outcome
            self.command("compile", argv + binds, self.job["compile_timeout"])

    def shape_input_binds(self, outcome, indices, scalars_only=False):
        """--bind flags for the inputs at `indices` (one-element ones only
        with `scalars_only`) when `outcome` says the compiler needs a
        constant; [] when binding cannot apply."""
        import numpy as np
        if outcome.category != "unsupported" or not re.search(
                r"must be (a )?constants?|must be static|must be known",
                outcome.message):
            return []
        binds = []
        first_inputs = self.sets[0][1]
        for k in indices:
            if k < len(self.inputs) and is_sequence(self.inputs[k]):
                continue  # sequences are never bound
            name, array = self.read_input(k, first_inputs[k])
            if scalars_only and array.size != 1:
                continue
            for other in self.sets[1:]:
                if k >= len(other[1]):
                    return []
                _, value = load_tensor(other[1][k])
                if value.shape != array.shape or not np.array_equal(value, array):
                    return []
            path = os.path.join(self.work, "bound_%d.npy" % k)
            np.save(path, array)
            binds.append("--bind=%s=%s" % (name, path))
            self.bound.append(name)
        return binds

    def run_set(self, test_set, engine_inputs, engine_outputs):
        import numpy as np
        folder, input_files, output_files = test_set
        name = os.path.basename(folder)
        set_work = os.path.join(self.work, name)
        os.makedirs(set_work, exist_ok=True)
        argv = [self.job["weft"], "run", self.engine, "--output-dir",
                os.path.join(set_work, "out"), "--threads", "1"]
        given = set()
        for k, path in enumerate(input_files):
            for i, (input_name, array) in enumerate(self.read_inputs(k, path)):
                if input_name not in engine_inputs:
                    continue  # the engine does not use it
                npy = os.path.join(set_work, "input_%d_%d.npy" % (k, i))
                np.save(npy, array)
                argv += ["--input", "%s=%s" % (input_name, npy)]
                given.add(input_name)
        missing = [n for n in engine_inputs if n not in given]
        if missing:
            raise Outcome("wrong", "engine input(s) %s: no test data" %
                          ", ".join("'%s'" % n for n in missing))
        self.command("run", argv, self.job["run_timeout"])
        prefix = name + ": " if len(self.sets) > 1 else ""
        for k, path in enumerate(output_files):
            self.check_output(k, path, os.path.join(set_work, "out"),
                              engine_outputs, prefix)

    def read_inputs(self, k, path):
        """[(engine input name, array)] of input_K.pb: one for a tensor, one
        per element for a sequence."""
        value_info = self.inputs[k] if k < len(self.inputs) else None
        if not is_sequence(value_info):
            return [self.read_input(k, path)]
        _, arrays = load_sequence(path)
        return [(element_name(value_info.name, i), a)
                for i, a in enumerate(arrays)]

    def read_input(self, k, path):
        """(name, array) of input_K.pb: the name in the file, else the K-th
        graph input's."""
        value_info = self.inputs[k] if k < len(self.inputs) else None
        if value_info is not None and value_kind(value_info) != "tensor_type":
            raise Outcome("unsupported", "input '%s' is a %s; weft run feeds "
                          "tensors only" % (value_info.name, value_kind(value_info)))
        name, array = load_tensor(path)
        name = name or (value_info.name if value_info is not None else "")
        if not name:
            raise Outcome(RUNNER_ERROR, "%s has no name and the model has no "
                          "input %d" % (path, k))
        return name, array

    def check_output(self, k, path, out_dir, engine_outputs, prefix):
        outputs = self.model.graph.output
        value_info = outputs[k] if k < len(outputs) else None
        if is_sequence(value_info):
            return self.check_sequence_output(path, out_dir, engine_outputs,
                                              prefix, value_info.name)
        if value_info is not None and value_kind(value_info) != "tensor_type":
            raise Outcome("unsupported", "output '%s' is a %s; weft run returns "
                          "tensors only" % (value_info.name, value_kind(value_info)))
        name, expected = load_tensor(path)
        name = value_info.name if value_info is not None else name
        self.check_tensor(name, expected, value_info, out_dir, engine_outputs,
                          prefix)

    def check_sequence_output(self, path, out_dir, engine_outputs, prefix,
                              name):
        _, expected = load_sequence(path)
        length = sum(1 for o in engine_outputs
                     if re.match(re.escape(name) + r"\[\d+\]$", o))
        if length != len(expected):
            raise Outcome("wrong", "%soutput '%s': a sequence of %d, expected "
                          "%d" % (prefix, name, length, len(expected)))
        for i, array in enumerate(expected):
            self.check_tensor(element_name(name, i), array, None, out_dir,
                              engine_outputs, prefix)

    def check_tensor(self, name, expected, value_info, out_dir, engine_outputs,
                     prefix):
        import numpy as np
        npy = os.path.join(out_dir, sanitize_tensor_name(name) + ".npy")
        if name not in engine_outputs or not os.path.exists(npy):
            raise Outcome("wrong", "%sno output '%s' (the engine has %s)" % (
                prefix, name, ", ".join(engine_outputs) or "none"))
        rtol, atol = tolerance_for(self.job["op"])
        actual = np.load(npy)
        if actual.dtype.kind == "U" or expected.dtype.kind in "OSU":
            # Strings match exactly.
            if expected.dtype.kind != "U":
                expected = as_str_array(expected)
            if actual.shape != expected.shape:
                raise Outcome("wrong", "%s%s: shape %s, expected %s" % (
                    prefix, name, actual.shape, expected.shape))
            for i, (a, e) in enumerate(zip(actual.ravel().tolist(),
                                           expected.ravel().tolist())):
                if a != e:
                    raise Outcome("wrong", "%s%s: string %d is %r, expected "
                                  "%r" % (prefix, name, i, a, e))
            return
        if (value_info is not None and
                value_info.type.tensor_type.elem_type == 16):  # BFLOAT16
            # Compared as floats, to one bfloat16 step (2^-8 relative):
            # ONNX 1.12's expected bfloat16 values are truncated, Weft
            # rounds to nearest even.
            actual = bfloat16_bits_to_float(actual)
            expected = bfloat16_bits_to_float(expected)
            rtol = max(rtol, 2.0 ** -7)
        mismatch = compare(name, actual, expected, rtol, atol)
        if mismatch:
            message, max_abs, max_rel = mismatch
            extra = {key: value for key, value in (("max_abs_err", max_abs),
                                                   ("max_rel_err", max_rel))
                     if value is not None}
            raise Outcome("wrong", prefix + message, **extra)


# --- Finding tests ------------------------------------------------------------


def find_tests(data_root, dirs, pattern):
    """Returns (tests, excluded): a dict per test (dir, name, path, model,
    tested op, ops) and a Counter of the excluded tests per (dir, reason)."""
    import onnx

    def load(path):
        return onnx.load(os.path.join(path, "model.onnx"), load_external_data=False)

    tests, excluded = [], collections.Counter()
    for d in dirs:
        for name in sorted(os.listdir(os.path.join(data_root, d))):
            path = os.path.join(data_root, d, name)
            if not os.path.isfile(os.path.join(path, "model.onnx")):
                continue
            if pattern and not pattern.search("%s/%s" % (d, name)):
                continue
            reason = excluded_reason(name)
            if reason:
                excluded[(d, reason)] += 1
                continue
            model = load(path)
            op = None
            if d == "node":
                # A `*_expanded` test runs the function body of the op that
                # the test without the suffix tests: it counts for that op.
                base = os.path.join(data_root, d, name[:-len("_expanded")])
                expanded = name.endswith("_expanded") and os.path.isfile(
                    os.path.join(base, "model.onnx"))
                op = model_tested_op(load(base) if expanded else model)
            tests.append({"dir": d, "name": name, "path": path,
                          "model": os.path.join(path, "model.onnx"), "op": op,
                          "ops": sorted({op_key(n) for n in model.graph.node})})
    return tests, excluded


def run_tests(tests, args, work_root):
    """Runs the tests on a process pool; returns their results."""
    weft = os.path.abspath(args.weft)
    jobs = [dict(test, weft=weft, keep=args.keep,
                 work=os.path.join(work_root, test["dir"], test["name"]),
                 compile_timeout=args.compile_timeout, run_timeout=args.run_timeout)
            for test in tests]
    results = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_test, job): job for job in jobs}
        for future in concurrent.futures.as_completed(futures):
            try:
                result = future.result()
            except Exception as e:  # the worker process died
                job = futures[future]
                result = {"dir": job["dir"], "test": job["name"], "op": job["op"],
                          "ops": job["ops"], "category": RUNNER_ERROR,
                          "message": shorten("%s: %s" % (type(e).__name__, e))}
            results.append(result)
            if args.verbose:
                print("%-11s %s/%s%s" % (
                    result["category"], result["dir"], result["test"],
                    ": " + result["message"] if result["message"] else ""),
                    flush=True)
    order = {(t["dir"], t["name"]): i for i, t in enumerate(tests)}
    results.sort(key=lambda r: order[(r["dir"], r["test"])])
    return results


# --- Expected failures (expected.py holds the list's format) --------------


def new_reason(result):
    """The reason of a new entry: the compiler's message, or what differs
    (`output 'y': max abs err 0.5, max rel err 0.1, 3 of 60 elements off`)."""
    message = result["message"]
    if result["category"] == "wrong":
        message = re.sub(r" \(worst: .*\)$", "", message)
    return shorten(message, REASON_LIMIT)


# --- Summary ------------------------------------------------------------------


def display_path(path):
    path = os.path.abspath(path)
    return os.path.relpath(path, ROOT) if path.startswith(ROOT + os.sep) else path


def percent(part, whole):
    return "%.1f%%" % (100.0 * part / whole) if whole else "-"


def print_table(header, rows):
    widths = [max(len(str(row[i])) for row in [header] + rows)
              for i in range(len(header))]
    for row in [header] + rows:
        cells = [str(c).ljust(w) if i == 0 else str(c).rjust(w)
                 for i, (c, w) in enumerate(zip(row, widths))]
        print("  " + "  ".join(cells).rstrip())


def print_op_table(results, failing_only):
    node = collections.defaultdict(collections.Counter)
    other = collections.defaultdict(collections.Counter)
    for r in results:
        if r["dir"] == "node":
            node[r["op"]][r["category"]] += 1
        else:
            for op in r["ops"]:
                other[op][r["category"]] += 1
    rows = []
    for op in sorted(set(node) | set(other), key=str.lower):
        n, o = node[op], other[op]
        failures = sum(n.values()) - n["pass"] + sum(o.values()) - o["pass"]
        if failing_only and not failures:
            continue
        rows.append([op] + [n[c] for c in CATEGORIES] +
                    ["%d/%d" % (o["pass"], sum(o.values())) if o else "-"])
    print("\nconformance results by op (%s; node tests count for the op they "
          "test, the other folders' tests for every op their model uses):" % (
              "ops with failures" if failing_only else "every op"))
    if rows:
        print_table(["op"] + list(CATEGORIES) + ["other folders pass/tests"], rows)
    else:
        print("  none")


def print_summary(results, excluded, args):
    if args.per_op != "none":
        print_op_table(results, args.per_op == "failing")
    by_dir = collections.OrderedDict((d, collections.Counter()) for d in args.dirs)
    for r in results:
        by_dir[r["dir"]][r["category"]] += 1
    rows, total = [], collections.Counter()
    for d, counts in by_dir.items():
        if counts:
            total.update(counts)
            n = sum(counts.values())
            rows.append([d] + [counts[c] for c in CATEGORIES] +
                        [n, percent(counts["pass"], n)])
    n = sum(total.values())
    rows.append(["all"] + [total[c] for c in CATEGORIES] + [n, percent(total["pass"], n)])
    print("\nconformance results by folder:")
    print_table(["folder"] + list(CATEGORIES) + ["tests", "pass rate"], rows)
    if total[RUNNER_ERROR]:
        print("runner errors (bugs of run.py): %d" % total[RUNNER_ERROR])
    reasons = collections.Counter()
    for (_, reason), count in excluded.items():
        reasons[reason] += count
    if reasons:
        print("excluded (not run, not counted): %d tests: %s" % (
            sum(reasons.values()),
            "; ".join("%d %s" % (count, r) for r, count in reasons.items())))
    node = by_dir.get("node")
    if node:
        run = sum(node.values())
        left_out = sum(c for (d, _), c in excluded.items() if d == "node")
        print("node pass rate: %d of %d (%s); %d node tests minus the %d excluded" % (
            node["pass"], run, percent(node["pass"], run), run + left_out, left_out))
    bound = [r for r in results if r["category"] == "pass" and r.get("bound_inputs")]
    if bound:
        print("passes with shape inputs bound at compile time (weft compile "
              "--bind): %d (%s)" % (len(bound), ", ".join(
                  "%s/%s" % (r["dir"], r["test"]) for r in bound[:8]) +
                  (", ..." if len(bound) > 8 else "")))


def lit_code(result):
    """The result as lit would call it, for test/summarize_lit.py."""
    category, expected = result["category"], result.get("expected")
    if category == "pass":
        return "XPASS" if expected else "PASS"
    if category == "hang":
        return "TIMEOUT"
    if category in EXPECTABLE and expected == category:
        return "XFAIL"
    return "FAIL"


def write_json(path, results, excluded, stale, elapsed, expected_path):
    """Every result, as a lit-style report (`tests` with `name` and `code`)
    with the runner's fields added."""
    for r in results:
        r["name"] = "Weft-conformance :: %s/%s" % (r["dir"], r["test"])
        r["code"] = lit_code(r)
    tests = results + [{"name": "Weft-conformance :: stale entry %s" % key,
                        "code": "FAIL", "category": "stale",
                        "message": "listed in %s but not run" % expected_path}
                       for key in stale]
    with open(path, "w") as f:
        json.dump({"suite": "conformance", "elapsed": round(elapsed, 1),
                   "excluded": {"%s: %s" % key: n for key, n in excluded.items()},
                   "tests": tests}, f, indent=1)


# --- Main ---------------------------------------------------------------------


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        epilog="docs/testing.md describes the categories, the expected failures "
               "and the tolerance table.")
    parser.add_argument("--weft", default=os.path.join(ROOT, "build", "bin", "weft"),
                        help="the weft binary (default: build/bin/weft)")
    parser.add_argument("--data-dir", default=DEFAULT_DATA,
                        help="libonnx-testdata's data folder (default %(default)s)")
    parser.add_argument("--dir", action="append", choices=DIRS, dest="dirs",
                        help="run only this folder (repeatable; default: all four)")
    parser.add_argument("--filter", metavar="REGEX",
                        help="run only the tests whose DIR/NAME matches REGEX (re.search)")
    parser.add_argument("-j", "--jobs", type=int, default=len(os.sched_getaffinity(0)),
                        help="tests run at once (default: the number of CPUs)")
    parser.add_argument("--work-dir", metavar="DIR",
                        help="where the temporary work folder goes (default: "
                             "the system's temporary folder)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the work folder (engines, inputs, outputs)")
    parser.add_argument("--compile-timeout", type=float, default=120, metavar="S",
                        help="seconds per compile (default %(default)g)")
    parser.add_argument("--run-timeout", type=float, default=60, metavar="S",
                        help="seconds per run of a test set (default %(default)g)")
    parser.add_argument("--json", metavar="FILE",
                        help="write every test's result and message to FILE "
                             "(test/summarize_lit.py counts it)")
    parser.add_argument("--expected", default=DEFAULT_EXPECTED, metavar="FILE",
                        help="the expected failures (default "
                             "test/conformance/expected-failures.txt)")
    parser.add_argument("--update-expected", action="store_true",
                        help="rewrite the expected failures from this run")
    parser.add_argument("--per-op", choices=("failing", "all", "none"),
                        default="failing",
                        help="the per-op table: ops with a failure (default), "
                             "every op, or none")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print each test's result when it ends")
    args = parser.parse_args(argv)
    args.dirs = args.dirs or list(DIRS)
    if args.jobs < 1:
        parser.error("-j needs 1 or more")
    return args


def main(argv):
    args = parse_args(argv)
    if not os.access(args.weft, os.X_OK):
        print("conformance: error: no weft binary at %s (--weft PATH)" % args.weft)
        return 2
    missing = [d for d in args.dirs if not os.path.isdir(os.path.join(args.data_dir, d))]
    if missing:
        print("conformance: error: no %s in %s (install libonnx-testdata, or "
              "--data-dir)" % (", ".join(missing), args.data_dir))
        return 2
    pattern = re.compile(args.filter) if args.filter else None
    expected = read_expected(args.expected)

    start = time.monotonic()
    tests, excluded = find_tests(args.data_dir, args.dirs, pattern)
    if not tests:
        print("conformance: error: no test matches (--filter %s)" % args.filter)
        return 2
    print("conformance: %d tests from %s, %d at a time, with %s" % (
        len(tests), ", ".join(d for d in args.dirs if any(t["dir"] == d for t in tests)),
        args.jobs, args.weft), flush=True)
    if args.work_dir:
        os.makedirs(args.work_dir, exist_ok=True)
    work_root = tempfile.mkdtemp(prefix="weft-conformance-", dir=args.work_dir)
    try:
        results = run_tests(tests, args, work_root)
    finally:
        if args.keep:
            print("conformance: kept the work folder %s" % work_root)
        else:
            shutil.rmtree(work_root, ignore_errors=True)
    elapsed = time.monotonic() - start

    print_summary(results, excluded, args)
    print("wall time: %.1f s" % elapsed)
    expected_path = display_path(args.expected)
    unexpected = check_expected(results, expected)
    stale = stale_entries(expected, results, args.dirs, pattern)
    if args.update_expected:
        new = updated_expected(results, expected, stale, new_reason)
        write_expected(args.expected, new)
        print("updated %s: %d added, %d removed, %d changed category" % (
            expected_path, len(set(new) - set(expected)), len(set(expected) - set(new)),
            sum(1 for k in set(new) & set(expected) if new[k][0] != expected[k][0])))
        expected, unexpected, stale = new, [], []
    for r in results:
        entry = expected.get("%s/%s" % (r["dir"], r["test"]))
        r["expected"] = entry[0] if entry else None
    as_expected = collections.Counter(r["category"] for r in results
                                      if r["category"] == r["expected"])
    print("expected failures (%s): %d wrong, %d unsupported" % (
        expected_path, as_expected["wrong"], as_expected["unsupported"]))
    if args.json:
        write_json(args.json, results, excluded, stale, elapsed, expected_path)

    bugs = [r for r in results if r["category"] in BUGS]
    if bugs:
        print("\ncrashes and hangs (never expected: bugs to fix):")
        for r in bugs:
            print("%s: %s/%s: %s" % (r["category"].upper(), r["dir"], r["test"],
                                     r["message"]))
    if unexpected:
        print("\nresults that differ from %s:" % expected_path)
        print("\n".join(unexpected))
    if stale:
        print("\nlisted in %s but not run (not in the data, or excluded):"
              % expected_path)
        print("\n".join("STALE ENTRY: %s" % key for key in stale))
    if bugs or unexpected or stale:
        print("conformance: FAILED: %d crashes and hangs, %d unexpected results, "
              "%d stale entries" % (len(bugs), len(unexpected), len(stale)))
        return 1
    print("conformance: OK (every result as expected)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
