//===- GraphSummaryTest.cpp - The one-line summary of `weft import` -------===//

#include "compiler/driver/GraphSummary.h"

#include <gtest/gtest.h>

using weft::driver::formatSummary;
using weft::driver::GraphSummary;

namespace {

GraphSummary makeSummary(int64_t parameters, int64_t macs) {
  GraphSummary summary;
  summary.opCounts = {{"conv", 3}, {"relu", 2}};
  summary.numOps = 5;
  summary.parameters = parameters;
  summary.macs = macs;
  return summary;
}

TEST(GraphSummaryTest, ListsOpsInTheGivenOrder) {
  EXPECT_EQ(formatSummary(makeSummary(12, 34)),
            "5 ops (conv 3, relu 2), 12 parameters (12), 34 MACs (34)");
}

TEST(GraphSummaryTest, EmptyGraph) {
  EXPECT_EQ(formatSummary(GraphSummary()),
            "0 ops (), 0 parameters (0), 0 MACs (0)");
}

TEST(GraphSummaryTest, ScalesLargeCountsWithTwoDecimals) {
  // The numbers of PP-OCRv4 rec at 1x3x48x320.
  EXPECT_EQ(formatSummary(makeSummary(2678036, 702469440)),
            "5 ops (conv 3, relu 2), 2678036 parameters (2.68M), "
            "702469440 MACs (702.47M)");
  EXPECT_EQ(formatSummary(makeSummary(1234, 2301935744)),
            "5 ops (conv 3, relu 2), 1234 parameters (1.23K), "
            "2301935744 MACs (2.30G)");
}

TEST(GraphSummaryTest, KeepsCountsBelowAThousandExact) {
  EXPECT_EQ(formatSummary(makeSummary(999, 1000)),
            "5 ops (conv 3, relu 2), 999 parameters (999), "
            "1000 MACs (1.00K)");
}

TEST(GraphSummaryTest, RoundsUpToTheNextSuffix) {
  EXPECT_EQ(formatSummary(makeSummary(999999, 999994)),
            "5 ops (conv 3, relu 2), 999999 parameters (1.00M), "
            "999994 MACs (999.99K)");
}

TEST(GraphSummaryTest, SaysWhenMacsAreALowerBound) {
  GraphSummary summary = makeSummary(1, 2);
  summary.macsLowerBound = true;
  EXPECT_EQ(formatSummary(summary),
            "5 ops (conv 3, relu 2), 1 parameters (1), 2 MACs (2) "
            "(lower bound: some dims are dynamic)");
}

} // namespace
