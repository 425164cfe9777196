//===- Comparison.cpp - Comparing an output with its reference ------------===//

#include "compiler/driver/Comparison.h"

#include <cmath>
#include <limits>

namespace weft::driver {

OutputComparison compareOutputs(const NpyArray &actual,
                                const NpyArray &reference, double atol) {
  OutputComparison result;
  if (actual.dtype != reference.dtype) {
    result.mismatch =
        ("dtype " + getNpyTypeName(actual.dtype) + " but the reference has " +
         getNpyTypeName(reference.dtype))
            .str();
    return result;
  }
  if (actual.shape != reference.shape) {
    result.mismatch = "shape " + formatShape(actual.shape) +
                      " but the reference has " + formatShape(reference.shape);
    return result;
  }
  // Strings match exactly or not at all.
  if (actual.dtype == engine::DType::String) {
    for (size_t i = 0; i < actual.strings.size(); ++i)
      if (actual.strings[i] != reference.strings[i]) {
        result.mismatch = "string " + std::to_string(i) + " is '" +
                          actual.strings[i] + "' but the reference has '" +
                          reference.strings[i] + "'";
        break;
      }
    return result;
  }
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double dot = 0, normActual = 0, normReference = 0;
  bool nanMismatch = false;
  for (int64_t i = 0, e = actual.getNumElements(); i < e; ++i) {
    double w = getElementAsDouble(actual, i);
    double r = getElementAsDouble(reference, i);
    if (std::isnan(w) || std::isnan(r)) {
      if (std::isnan(w) != std::isnan(r)) {
        nanMismatch = true;
        result.worstIndex = result.worstIndex < 0 ? i : result.worstIndex;
      }
      continue;
    }
    double error = w == r ? 0 : std::fabs(w - r);
    if (error > result.maxAbsError || std::isnan(error)) {
      result.maxAbsError = std::isnan(error) ? kInf : error;
      result.worstIndex = i;
    }
    if (std::fabs(r) > atol)
      result.maxRelError = std::max(result.maxRelError, error / std::fabs(r));
    dot += w * r;
    normActual += w * w;
    normReference += r * r;
  }
  if (normActual == 0 && normReference == 0)
    result.cosine = 1;
  else if (normActual == 0 || normReference == 0)
    result.cosine = 0;
  else
    result.cosine = dot / (std::sqrt(normActual) * std::sqrt(normReference));
  if (std::isnan(result.cosine))
    result.cosine = 0;
  if (nanMismatch) {
    result.maxAbsError = kInf;
    result.maxRelError = kInf;
    result.cosine = 0;
  }
  return result;
}

bool isWithinTolerance(const OutputComparison &comparison, double atol,
                       double minCosine) {
  return comparison.mismatch.empty() && comparison.maxAbsError <= atol &&
         comparison.cosine >= minCosine;
}

} // namespace weft::driver
