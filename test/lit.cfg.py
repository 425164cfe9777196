# -*- Python -*-
# lit configuration for Weft's IR, importer, plugin and driver tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "Weft"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.weft_obj_root, "test")
# test/unit is a suite of its own (GoogleTest binaries, see unit/lit.cfg.py);
# lit finds it through build/test/unit/lit.site.cfg.py.
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt", "Inputs",
                   "conformance"]

config.substitutions.append(("%PYTHON", config.python_executable))
config.substitutions.append(("%weft_lib", config.weft_lib_dir))
config.substitutions.append(("%weft_src", config.weft_src_root))

llvm_config.with_system_environment(["HOME", "TMPDIR", "WEFT_MODEL_CACHE"])
llvm_config.use_default_substitutions()

tool_dirs = [config.weft_tools_dir, config.llvm_tools_dir]
# `not`, `count`, `split-file` and FileCheck live in LLVM's bin folder, which
# is not on a Debian PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.weft_tools_dir, append_path=True)
tools = ["weft-opt", "weft", ToolSubst("mlir-opt", unresolved="ignore")]
llvm_config.add_tool_substitutions(tools, tool_dirs)
