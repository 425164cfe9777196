//===- Comparison.h - Comparing an output with its reference ----*- C++ -*-===//
//
// The numbers `weft verify` prints per output:
//  - max abs error: max |w - r| over all elements;
//  - max rel error: max |w - r| / |r| over the elements with |r| > atol
//    (elements near zero would make any relative error meaningless);
//  - cosine similarity: w.r / (|w| |r|), 1 when both are all zeros, 0 when
//    only one is.
// A NaN on one side only makes every error infinite; NaN on both sides at
// the same element counts as equal.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_COMPILER_DRIVER_COMPARISON_H
#define WEFT_COMPILER_DRIVER_COMPARISON_H

#include "compiler/driver/Npy.h"

#include <string>

namespace weft::driver {

struct OutputComparison {
  /// Set when the two cannot be compared (dtype or shape differ); the
  /// numbers are meaningless then.
  std::string mismatch;
  double maxAbsError = 0;
  double maxRelError = 0;
  double cosine = 1;
  /// The element with the largest absolute error.
  int64_t worstIndex = -1;
};

OutputComparison compareOutputs(const NpyArray &actual,
                                const NpyArray &reference, double atol);

/// Whether `comparison` is within the tolerances.
bool isWithinTolerance(const OutputComparison &comparison, double atol,
                       double minCosine);

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_COMPARISON_H
