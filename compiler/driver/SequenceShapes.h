//===- SequenceShapes.h - --shape NAME=seq(...) for sequences ---*- C++ -*-===//
//
// A sequence-typed model input is compiled for a length and element shapes
// given with `--shape NAME=seq(2x3,4x3)`: one shape per element (`scalar`
// for a rank-0 element, `?` for a dim left dynamic, `seq()` for an empty
// sequence). The importer makes element i the engine input `NAME[i]`.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_DRIVER_SEQUENCESHAPES_H
#define WEFT_COMPILER_DRIVER_SEQUENCESHAPES_H

#include "compiler/importer/Importer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace weft::driver {

/// One sequence input's --shape: its name and its elements' shapes.
struct SequenceShape {
  std::string name;
  llvm::SmallVector<llvm::SmallVector<int64_t>> elements;
};

/// True when the --shape `text` gives a sequence (`NAME=seq(...)`).
bool isSequenceShape(llvm::StringRef text);

/// Parses `NAME=seq(D0xD1,...)`.
llvm::Expected<SequenceShape> parseSequenceShape(llvm::StringRef text);

/// Splits the --shape flags: each sequence shape goes to `sequences`, and
/// its elements as `NAME[i]=D0xD1` (what the graph passes fix on the
/// element inputs) to `tensorShapes`, with every other flag unchanged.
/// Fails on a bad or repeated sequence shape (`error` says why).
llvm::Error splitShapeFlags(llvm::ArrayRef<std::string> shapes,
                            std::vector<std::string> &tensorShapes,
                            importer::SequenceInputShapes &sequences);

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_SEQUENCESHAPES_H
