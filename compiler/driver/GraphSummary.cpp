//===- GraphSummary.cpp - Op counts, parameters and MACs of a graph -------===//

#include "compiler/driver/GraphSummary.h"

#include "dialects/graph/GraphOps.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace weft::graph;

namespace weft::driver {

namespace {

/// Saturating product of `dims`; dynamic dims count as 1 and set `dynamic`.
int64_t product(llvm::ArrayRef<int64_t> dims, bool &dynamic) {
  int64_t result = 1;
  for (int64_t d : dims) {
    if (ShapedType::isDynamic(d)) {
      dynamic = true;
      continue;
    }
    if (d != 0 && result > INT64_MAX / d)
      return INT64_MAX;
    result *= d;
  }
  return result;
}

int64_t saturatingMul(int64_t a, int64_t b) {
  if (a != 0 && b > INT64_MAX / a)
    return INT64_MAX;
  return a * b;
}

/// The dims of `v`'s type, or nullopt (and `dynamic` set) when unranked.
std::optional<llvm::ArrayRef<int64_t>> dimsOf(Value v, bool &dynamic) {
  auto type = llvm::dyn_cast<RankedTensorType>(v.getType());
  if (!type) {
    dynamic = true;
    return std::nullopt;
  }
  return type.getShape();
}

/// MACs of one op (0 for ops that are not counted).
int64_t countMacs(Operation *op, bool &dynamic) {
  if (auto conv = llvm::dyn_cast<ConvOp>(op)) {
    // Every output element takes C/group x kernel MACs: weight dims 1...
    auto y = dimsOf(conv.getY(), dynamic), w = dimsOf(conv.getW(), dynamic);
    if (!y || !w || w->empty())
      return 0;
    return saturatingMul(product(*y, dynamic),
                         product(w->drop_front(), dynamic));
  }
  if (auto conv = llvm::dyn_cast<ConvTransposeOp>(op)) {
    // Every input element is scattered through M/group x kernel weights.
    auto x = dimsOf(conv.getX(), dynamic), w = dimsOf(conv.getW(), dynamic);
    if (!x || !w || w->empty())
      return 0;
    return saturatingMul(product(*x, dynamic),
                         product(w->drop_front(), dynamic));
  }
  if (auto gemm = llvm::dyn_cast<GemmOp>(op)) {
    auto y = dimsOf(gemm.getY(), dynamic), a = dimsOf(gemm.getA(), dynamic);
    if (!y || !a || a->size() != 2)
      return 0;
    int64_t k = (*a)[gemm.getTransA() ? 0 : 1];
    return saturatingMul(product(*y, dynamic), product({k}, dynamic));
  }
  if (auto matmul = llvm::dyn_cast<MatMulOp>(op)) {
    auto y = dimsOf(matmul.getY(), dynamic), a = dimsOf(matmul.getA(), dynamic);
    if (!y || !a || a->empty())
      return 0;
    return saturatingMul(product(*y, dynamic), product({a->back()}, dynamic));
  }
  auto recurrent = [&](Value x, Value w, int64_t hidden, int64_t gates,
                       bool batchFirst) -> int64_t {
    // Per step, batch and direction: gates x hidden x (input + hidden).
    auto xd = dimsOf(x, dynamic), wd = dimsOf(w, dynamic);
    if (!xd || !wd || xd->size() != 3 || wd->size() != 3)
      return 0;
    int64_t steps = (*xd)[batchFirst ? 1 : 0],
            batch = (*xd)[batchFirst ? 0 : 1];
    int64_t input = (*xd)[2];
    int64_t perStep =
        saturatingMul(gates * hidden, product({input}, dynamic) + hidden);
    return saturatingMul(saturatingMul(product({steps, batch}, dynamic),
                                       product({(*wd)[0]}, dynamic)),
                         perStep);
  };
  if (auto lstm = llvm::dyn_cast<LSTMOp>(op))
    return recurrent(lstm.getX(), lstm.getW(), lstm.getHiddenSize(), 4,
                     lstm.getLayout() == 1);
  if (auto gru = llvm::dyn_cast<GRUOp>(op))
    return recurrent(gru.getX(), gru.getW(), gru.getHiddenSize(), 3,
                     gru.getLayout() == 1);
  return 0;
}

bool hasWeights(Operation *op) {
  return llvm::isa<ConvOp, ConvTransposeOp, GemmOp, MatMulOp,
                   BatchNormalizationOp, LSTMOp, GRUOp>(op);
}

std::string humanize(int64_t n) {
  const char *suffixes[] = {"", "K", "M", "G", "T", "P"};
  double v = (double)n;
  int i = 0;
  // Compare against the value as it will be printed: 999999 rounds to
  // 1000.00K at two decimals and must move up to 1.00M.
  while (i < 5 && std::round(v * 100.0) / 100.0 >= 1000.0) {
    v /= 1000.0;
    ++i;
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  if (i == 0)
    os << n;
  else
    os << llvm::format("%.2f", v) << suffixes[i];
  return s;
}

} // namespace

GraphSummary summarizeGraph(ModuleOp module) {
  GraphSummary summary;
  llvm::StringMap<int64_t> counts;
  llvm::DenseSet<Operation *> weights;
  module.walk([&](Operation *op) {
    if (!llvm::isa<GraphDialect>(op->getDialect()) || llvm::isa<YieldOp>(op))
      return;
    ++counts[op->getName().stripDialect()];
    ++summary.numOps;
    summary.macs = std::min<int64_t>(
        INT64_MAX - 1, summary.macs + countMacs(op, summary.macsLowerBound));
    if (hasWeights(op))
      for (Value operand : op->getOperands())
        if (auto c = operand.getDefiningOp<ConstantOp>())
          weights.insert(c);
  });
  for (Operation *op : weights)
    if (auto type =
            llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType()))
      summary.parameters += type.getNumElements();
  for (auto &entry : counts)
    summary.opCounts.emplace_back(entry.getKey().str(), entry.getValue());
  std::sort(summary.opCounts.begin(), summary.opCounts.end(),
            [](const auto &a, const auto &b) {
              return a.second != b.second ? a.second > b.second
                                          : a.first < b.first;
            });
  return summary;
}

std::string formatSummary(const GraphSummary &summary) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << summary.numOps << " ops (";
  for (auto [i, entry] : llvm::enumerate(summary.opCounts))
    os << (i ? ", " : "") << entry.first << " " << entry.second;
  os << "), " << summary.parameters << " parameters ("
     << humanize(summary.parameters) << "), " << summary.macs << " MACs ("
     << humanize(summary.macs) << ")";
  if (summary.macsLowerBound)
    os << " (lower bound: some dims are dynamic)";
  return s;
}

} // namespace weft::driver
