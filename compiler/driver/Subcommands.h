//===- Subcommands.h - The subcommands of `weft` ----------------*- C++ -*-===//
//
// Each subcommand lives in its own file: a global llvm::cl::SubCommand, its
// options (cl::sub of it, in its own category) and a run function. Adding
// one means adding that file and one line to kSubcommands in weft.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_DRIVER_SUBCOMMANDS_H
#define WEFT_COMPILER_DRIVER_SUBCOMMANDS_H

#include "llvm/Support/CommandLine.h"

namespace weft::driver {

struct Subcommand {
  llvm::cl::SubCommand *command;
  /// The categories of its options (the others are hidden from --help).
  llvm::cl::OptionCategory *category;
  /// Runs it after the command line is parsed; returns the exit code.
  int (*run)();
};

// ImportCommand.cpp
extern llvm::cl::SubCommand importCommand;
extern llvm::cl::OptionCategory importCategory;
int runImportCommand();

// CompileCommand.cpp
extern llvm::cl::SubCommand compileCommand;
extern llvm::cl::OptionCategory compileCategory;
int runCompileCommand();

// RunCommand.cpp, InspectCommand.cpp, BenchCommand.cpp, VerifyCommand.cpp
extern llvm::cl::SubCommand runCommand;
extern llvm::cl::OptionCategory runCategory;
int runRunCommand();
extern llvm::cl::SubCommand inspectCommand;
extern llvm::cl::OptionCategory inspectCategory;
int runInspectCommand();
extern llvm::cl::SubCommand benchCommand;
extern llvm::cl::OptionCategory benchCategory;
int runBenchCommand();
extern llvm::cl::SubCommand verifyCommand;
extern llvm::cl::OptionCategory verifyCategory;
int runVerifyCommand();

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_SUBCOMMANDS_H
