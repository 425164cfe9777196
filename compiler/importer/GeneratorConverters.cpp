//===- GeneratorConverters.cpp - ONNX Range onto graph.range --------------===//
//
// Range exists only from opset 11 (three scalar inputs, no attributes). It
// is converted directly rather than through its ONNX function body, which
// is a Loop.
//
//===----------------------------------------------------------------------===//

#include "compiler/importer/GraphImporter.h"
#include "compiler/importer/OperatorTable.h"

#include "dialects/graph/GraphOps.h"

using namespace mlir;
using namespace weft::graph;

namespace weft::importer {

LogicalResult convertRange(NodeImporter &n) {
  if (!n.checkArity(3, 3, 1, 1))
    return failure();
  Value start = n.requiredInput(0), limit = n.requiredInput(1),
        delta = n.requiredInput(2);
  if (n.failed())
    return failure();
  Operation *op = n.create<RangeOp>({start, limit, delta});
  if (!op)
    return failure();
  n.setOutputs(op->getResults());
  return success();
}

} // namespace weft::importer
