# -*- Python -*-
# lit configuration for Weft's GoogleTest binaries (test/unit/*Tests).
#
# The binaries are built into build/test/unit; lit runs each test of each
# binary as one lit test, so `lit build/test` counts them with the rest.

import os

import lit.formats

if not hasattr(config, "weft_unit_dir"):
    lit_config.fatal("run the unit tests from the build folder: "
                     "lit.py build/test/unit")

config.name = "Weft-Unit"
config.test_source_root = config.weft_unit_dir
config.test_exec_root = config.weft_unit_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")

# GoogleTest prints in colour on a terminal; lit captures the output anyway.
config.environment["GTEST_COLOR"] = "no"
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
