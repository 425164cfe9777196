//===- Units.h - Printing sizes, times and statistics -----------*- C++ -*-===//

#ifndef WEFT_COMPILER_DRIVER_UNITS_H
#define WEFT_COMPILER_DRIVER_UNITS_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace weft::driver {

/// `512 B`, `12.3 KiB`, `4.56 MiB`, `1.20 GiB`.
std::string formatBytes(uint64_t bytes);
/// `850 ms` below 10 s, `12.3 s` above.
std::string formatSeconds(double seconds);
/// `0.52 us` (below 10 us), `0.123 ms`, `12.35 ms`, `1234.5 ms`.
std::string formatMilliseconds(double ms);

/// Latency statistics of a series of runs, in milliseconds.
struct LatencyStats {
  int64_t count = 0;
  double min = 0, max = 0, mean = 0, median = 0, p90 = 0, p99 = 0;
};

/// The percentile `p` (0-100) of sorted `values`, by linear interpolation
/// between closest ranks (numpy's default).
double percentileOfSorted(llvm::ArrayRef<double> sorted, double p);
/// Statistics of `values` (in any order); all zero for none.
LatencyStats computeLatencyStats(std::vector<double> values);

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_UNITS_H
