#!/usr/bin/python3
"""Reads a lit JSON report (lit -o FILE) and prints `N passed, M failed`.

Expected failures (XFAIL) count as passed, unexpected passes (XPASS),
unresolved tests and timeouts as failed; unsupported tests are neither and
are reported on a line of their own. `--fail WHAT` counts a failure that
happened outside lit (fetching the models, say). Exits non-zero when anything
failed or the report is missing or empty.
"""

import argparse
import collections
import json
import sys

PASSED = {"PASS", "FLAKYPASS", "XFAIL"}
FAILED = {"FAIL", "XPASS", "UNRESOLVED", "TIMEOUT"}
SKIPPED = {"UNSUPPORTED", "SKIPPED", "EXCLUDED"}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("report", help="lit's JSON report (lit -o FILE)")
    parser.add_argument("--fail", action="append", default=[], metavar="WHAT",
                        help="a failure outside lit, counted as a failed test")
    args = parser.parse_args(argv)
    for what in args.fail:
        print("FAIL: %s" % what)
    try:
        with open(args.report) as f:
            tests = json.load(f)["tests"]
    except (OSError, ValueError, KeyError) as e:
        print("no lit results in %s (%s)" % (args.report, e))
        print("0 passed, %d failed" % (1 + len(args.fail)))
        return 1

    codes = collections.Counter(t["code"] for t in tests)
    passed = sum(n for code, n in codes.items() if code in PASSED)
    skipped = sum(n for code, n in codes.items() if code in SKIPPED)
    failed = sum(codes.values()) - passed - skipped + len(args.fail)
    for t in sorted(tests, key=lambda t: t["name"]):
        if t["code"] not in PASSED | SKIPPED:
            print("%s: %s" % (t["code"], t["name"]))
    detail = ", ".join("%d %s" % (n, code.lower())
                       for code, n in sorted(codes.items()))
    print("lit results: %s" % (detail or "no tests"))
    if skipped:
        print("%d skipped (unsupported here)" % skipped)
    if not tests:
        failed = max(failed, 1)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
