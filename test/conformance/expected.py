"""The expected-failures list of the conformance runner (run.py): its file
format, the check of a run against it, and its update from a run.

Each line is `<dir>/<test>  <category>  <reason>`; the category is one of
EXPECTABLE. A result is a dict with at least "dir", "test", "category" and
"message" (run.py's run_test).
"""

import os
import sys

EXPECTABLE = ("wrong", "unsupported")
# An exception in the runner itself: never expected and fails the run, but it
# is a bug of the runner, not of the compiler.
RUNNER_ERROR = "runner-error"
BUGS = ("crash", "hang", RUNNER_ERROR)

EXPECTED_HEADER = """\
# ONNX conformance tests (test/conformance/run.py) expected to fail, one a line:
#   <dir>/<test>  <category>  <reason>
# The category is wrong or unsupported; a crash or a hang is never expected
# (it is a bug). The runner fails on a failure missing here or listed with
# another category, on a listed test that passes and on a listed test that
# did not run (not in the data, or excluded). `run.py --update-expected`
# rewrites this file from a run, keeping the reason of every entry whose
# category did not change (other comments are not kept).
"""


def read_expected(path):
    """{"dir/test": (category, reason)}."""
    entries = {}
    if not os.path.exists(path):
        return entries
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 2)
            if len(parts) < 2 or parts[1] not in EXPECTABLE or "/" not in parts[0]:
                sys.exit("%s:%d: expected `<dir>/<test>  wrong|unsupported  "
                         "<reason>`, not: %s" % (path, number, line))
            if parts[0] in entries:
                sys.exit("%s:%d: %s is listed twice" % (path, number, parts[0]))
            entries[parts[0]] = (parts[1], parts[2] if len(parts) > 2 else "")
    return entries


def write_expected(path, entries):
    width = max((len(key) for key in entries), default=0)
    with open(path, "w") as f:
        f.write(EXPECTED_HEADER)
        for key in sorted(entries):
            category, reason = entries[key]
            f.write(("%-*s  %-11s  %s" % (width, key, category, reason)).rstrip() + "\n")


def check_expected(results, expected):
    """Lines for each result that differs from the expected failures."""
    lines = []
    for r in results:
        key = "%s/%s" % (r["dir"], r["test"])
        entry = expected.get(key)
        category = r["category"]
        if category == "pass" and entry:
            lines.append("UNEXPECTED PASS: %s (listed as %s)" % (key, entry[0]))
        elif category in EXPECTABLE and not entry:
            lines.append("UNEXPECTED FAILURE: %s %s: %s" % (key, category, r["message"]))
        elif category in EXPECTABLE and entry[0] != category:
            lines.append("UNEXPECTED FAILURE: %s %s (listed as %s): %s" % (
                key, category, entry[0], r["message"]))
    return lines


def updated_expected(results, expected, stale, new_reason):
    """The expected failures after this run: entries of tests not run stay,
    stale ones go, and each test run is listed when it was wrong or
    unsupported (with its old reason when the category did not change). A
    crash or hang keeps the test's old entry: its category is unknown until
    the bug is fixed. `new_reason(result)` words a new entry."""
    ran = {"%s/%s" % (r["dir"], r["test"]): r for r in results}
    new = {key: entry for key, entry in expected.items()
           if key not in ran and key not in stale}
    for key, r in ran.items():
        old = expected.get(key)
        if r["category"] in BUGS and old:
            new[key] = old
        elif r["category"] in EXPECTABLE:
            same = old and old[0] == r["category"]
            new[key] = old if same else (r["category"], new_reason(r))
    return new


def stale_entries(expected, results, dirs, pattern):
    """Listed tests of the folders run that did not run: not in the data, or
    excluded (only known in a run of whole folders)."""
    if pattern:
        return []
    ran = {"%s/%s" % (r["dir"], r["test"]) for r in results}
    return [key for key in sorted(expected)
            if key.split("/", 1)[0] in dirs and key not in ran]
