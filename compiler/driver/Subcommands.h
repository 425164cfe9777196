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

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_SUBCOMMANDS_H
