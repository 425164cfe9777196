//===- NonMaxSuppression.cpp - Greedy per-class box suppression -----------===//
//
// ONNX NonMaxSuppression-11. For each batch and class: the boxes whose score
// is above score_threshold (all, without one), visited in descending score
// order (equal scores: lower box index first); a box is kept unless its IoU
// with a kept box is above iou_threshold; at most max_output_boxes_per_class
// are kept. Boxes with no area never suppress or get suppressed.
//
//===----------------------------------------------------------------------===//

#include "runtime/lib/builtins/Builtins.h"

#include <algorithm>
#include <numeric>

namespace weft::rt {
namespace {

struct Box {
  float y1, x1, y2, x2, area;
};

Box makeBox(const float *b, bool centerPoint) {
  Box box;
  if (centerPoint) {
    float xc = b[0], yc = b[1], w = b[2], h = b[3];
    box.x1 = xc - w / 2;
    box.x2 = xc + w / 2;
    box.y1 = yc - h / 2;
    box.y2 = yc + h / 2;
  } else {
    box.y1 = std::min(b[0], b[2]);
    box.y2 = std::max(b[0], b[2]);
    box.x1 = std::min(b[1], b[3]);
    box.x2 = std::max(b[1], b[3]);
  }
  box.area = (box.y2 - box.y1) * (box.x2 - box.x1);
  return box;
}

bool suppresses(const Box &a, const Box &b, float iouThreshold) {
  float h = std::min(a.y2, b.y2) - std::max(a.y1, b.y1);
  float w = std::min(a.x2, b.x2) - std::max(a.x1, b.x1);
  if (h <= 0 || w <= 0 || a.area <= 0 || b.area <= 0)
    return false;
  float intersection = h * w;
  float unionArea = a.area + b.area - intersection;
  if (unionArea <= 0)
    return false;
  return intersection / unionArea > iouThreshold;
}

/// Which optional operands the step has (max, iou, score), from the
/// "operands" attribute; each present one takes the next buffer.
std::vector<int64_t> presentOperands(const StepRecord &step) {
  const std::vector<int64_t> *present = getIntsAttribute(step, "operands");
  return present ? *present : std::vector<int64_t>{};
}

weft_status *validateNms(const StepRecord &step, const EngineModel &model,
                         const std::string &what) {
  std::vector<int64_t> present = presentOperands(step);
  if (present.size() != 3)
    return invalidEngine(what + ": the 'operands' attribute needs 3 entries");
  size_t operands = 2;
  for (int64_t p : present)
    operands += p ? 1 : 0;
  WEFT_RETURN_IF_ERROR(expectBufferCount(step, operands + 1, what));
  WEFT_RETURN_IF_ERROR(
      expectBuffer(step, model, 0, WEFT_DTYPE_F32, 3, what, "boxes"));
  WEFT_RETURN_IF_ERROR(
      expectBuffer(step, model, 1, WEFT_DTYPE_F32, 3, what, "scores"));
  const weft_dtype types[3] = {WEFT_DTYPE_I64, WEFT_DTYPE_F32, WEFT_DTYPE_F32};
  size_t next = 2;
  for (size_t k = 0; k < 3; ++k) {
    if (!present[k])
      continue;
    WEFT_RETURN_IF_ERROR(expectBuffer(step, model, next, types[k], -1, what,
                                      "a scalar operand"));
    int64_t n = 1;
    for (int64_t d : getBound(model, step.buffers[next]))
      n *= d;
    if (n != 1)
      return invalidEngine(what + ": a scalar operand has " +
                           strCat(n, " elements"));
    ++next;
  }
  WEFT_RETURN_IF_ERROR(expectBuffer(step, model, operands, WEFT_DTYPE_I64, 2,
                                    what, "the result"));
  const auto &s = getBound(model, step.buffers[1]);
  const auto &r = getBound(model, step.buffers[operands]);
  if (r[1] != 3 || r[0] < s[0] * s[1] * s[2])
    return invalidEngine(what + ": the result cannot hold every selection");
  int64_t center = getIntAttribute(step, "center_point_box", 0);
  if (center != 0 && center != 1)
    return invalidEngine(what + strCat(": center_point_box is ", center));
  return nullptr;
}

weft_status *runNms(const StepRecord &step, std::vector<TensorView> &operands,
                    std::vector<TensorView> &results,
                    const std::string &what) {
  const TensorView &boxes = operands[0], &scores = operands[1];
  std::vector<int64_t> present = presentOperands(step);
  int64_t maxPerClass = 0;
  float iouThreshold = 0;
  bool hasScoreThreshold = false;
  float scoreThreshold = 0;
  size_t next = 2;
  if (present[0])
    maxPerClass = *static_cast<const int64_t *>(operands[next++].data);
  if (present[1])
    iouThreshold = *static_cast<const float *>(operands[next++].data);
  if (present[2]) {
    hasScoreThreshold = true;
    scoreThreshold = *static_cast<const float *>(operands[next++].data);
  }
  if (iouThreshold < 0 || iouThreshold > 1)
    return invalidArgument(
        what + strCat(": iou_threshold must be in [0, 1], got ", iouThreshold));
  int64_t batches = scores.shape[0], classes = scores.shape[1],
          spatial = scores.shape[2];
  if (boxes.shape[0] != batches || boxes.shape[1] != spatial ||
      boxes.shape[2] != 4)
    return invalidArgument(what + ": boxes and scores disagree in shape");
  const bool centerPoint = getIntAttribute(step, "center_point_box", 0) == 1;
  const float *boxData = static_cast<const float *>(boxes.data);
  const float *scoreData = static_cast<const float *>(scores.data);
  int64_t *out = static_cast<int64_t *>(results[0].data);
  int64_t capacity = results[0].maxShape[0];
  int64_t rows = 0;
  std::vector<Box> all(spatial);
  std::vector<int64_t> order, kept;
  for (int64_t b = 0; b < batches; ++b) {
    for (int64_t i = 0; i < spatial; ++i)
      all[i] = makeBox(boxData + (b * spatial + i) * 4, centerPoint);
    for (int64_t c = 0; c < classes; ++c) {
      const float *s = scoreData + (b * classes + c) * spatial;
      order.clear();
      for (int64_t i = 0; i < spatial; ++i)
        if (!hasScoreThreshold || s[i] > scoreThreshold)
          order.push_back(i);
      std::stable_sort(order.begin(), order.end(),
                       [&](int64_t i, int64_t j) { return s[i] > s[j]; });
      kept.clear();
      for (int64_t i : order) {
        if (int64_t(kept.size()) >= maxPerClass)
          break;
        bool suppressed = false;
        for (int64_t k : kept)
          if (suppresses(all[k], all[i], iouThreshold)) {
            suppressed = true;
            break;
          }
        if (suppressed)
          continue;
        kept.push_back(i);
        if (rows >= capacity)
          return makeStatus(WEFT_INTERNAL, what + ": result beyond its bound");
        out[rows * 3] = b;
        out[rows * 3 + 1] = c;
        out[rows * 3 + 2] = i;
        ++rows;
      }
    }
  }
  results[0].shape = {rows, 3};
  return nullptr;
}

} // namespace

const BuiltinInfo kNonMaxSuppressionBuiltin = {"NonMaxSuppression", 1,
                                               validateNms, runNms};

} // namespace weft::rt
