#!/usr/bin/python3
"""Reads lit JSON reports (lit -o FILE) and prints `N passed, M failed`.

Expected failures (XFAIL) count as passed, unexpected passes (XPASS),
unresolved tests and timeouts as failed; unsupported tests are neither and
are reported on a line of their own. Every report given is counted: lit's,
and the ONNX conformance runner's (test/conformance/run.py --json writes the
same `tests` list, one entry per ONNX test, with `suite` naming it). A
missing or empty report counts as one failure. `--fail WHAT` counts a failure
that happened outside lit (fetching the models, say). Exits non-zero when
anything failed.
"""

import argparse
import collections
import json
import sys

PASSED = {"PASS", "FLAKYPASS", "XFAIL"}
FAILED = {"FAIL", "XPASS", "UNRESOLVED", "TIMEOUT"}
SKIPPED = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}


def load_report(path):
    """The `tests` of a JSON report, or None (after saying why) when the
    report is missing, unreadable or has no tests."""
    try:
        with open(path) as f:
            report = json.load(f)
        tests = report["tests"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print("no test results in %s (%s)" % (path, e))
        return None, None
    if not tests:
        print("no test results in %s (an empty report)" % path)
        return None, None
    return report.get("suite", "lit"), tests


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reports", nargs="+", metavar="report",
                        help="lit's JSON report (lit -o FILE), or another "
                             "report with a lit-style `tests` list (the "
                             "conformance runner's --json)")
    parser.add_argument("--fail", action="append", default=[], metavar="WHAT",
                        help="a failure outside lit, counted as a failed test")
    args = parser.parse_args(argv)
    for what in args.fail:
        print("FAIL: %s" % what)

    passed = failed = skipped = 0
    failed += len(args.fail)
    for path in args.reports:
        suite, tests = load_report(path)
        if tests is None:
            failed += 1
            continue
        codes = collections.Counter(t["code"] for t in tests)
        passed += sum(n for code, n in codes.items() if code in PASSED)
        skipped_here = sum(n for code, n in codes.items() if code in SKIPPED)
        skipped += skipped_here
        failed += sum(codes.values()) - sum(
            n for code, n in codes.items() if code in PASSED | SKIPPED)
        for t in sorted(tests, key=lambda t: t["name"]):
            if t["code"] not in PASSED | SKIPPED:
                print("%s: %s" % (t["code"], t["name"]))
        detail = ", ".join("%d %s" % (n, code.lower())
                           for code, n in sorted(codes.items()))
        print("%s results: %s" % (suite, detail))
    if skipped:
        print("%d skipped (unsupported here)" % skipped)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
