//===- Units.cpp - Printing sizes, times and statistics -------------------===//

#include "compiler/driver/Units.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace weft::driver {

std::string formatBytes(uint64_t bytes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  static const char *kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) {
    os << bytes << " B";
    return text;
  }
  double value = bytes;
  int unit = -1;
  while (value >= 1024 && unit < 3) {
    value /= 1024;
    ++unit;
  }
  os << llvm::format(value < 10    ? "%.2f %s"
                     : value < 100 ? "%.1f %s"
                                   : "%.0f %s",
                     value, kUnits[unit]);
  return text;
}

std::string formatSeconds(double seconds) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (seconds < 10)
    os << llvm::format("%.0f ms", seconds * 1000);
  else
    os << llvm::format("%.1f s", seconds);
  return text;
}

std::string formatMilliseconds(double ms) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (ms < 0.01)
    os << llvm::format("%.2f us", ms * 1000);
  else if (ms < 1)
    os << llvm::format("%.3f ms", ms);
  else if (ms < 100)
    os << llvm::format("%.2f ms", ms);
  else
    os << llvm::format("%.1f ms", ms);
  return text;
}

double percentileOfSorted(llvm::ArrayRef<double> sorted, double p) {
  if (sorted.empty())
    return 0;
  double rank = p / 100.0 * (sorted.size() - 1);
  size_t lower = static_cast<size_t>(std::floor(rank));
  size_t upper = std::min(lower + 1, sorted.size() - 1);
  double fraction = rank - lower;
  return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction;
}

LatencyStats computeLatencyStats(std::vector<double> values) {
  LatencyStats stats;
  if (values.empty())
    return stats;
  std::sort(values.begin(), values.end());
  stats.count = values.size();
  stats.min = values.front();
  stats.max = values.back();
  stats.mean =
      std::accumulate(values.begin(), values.end(), 0.0) / values.size();
  stats.median = percentileOfSorted(values, 50);
  stats.p90 = percentileOfSorted(values, 90);
  stats.p99 = percentileOfSorted(values, 99);
  return stats;
}

} // namespace weft::driver
