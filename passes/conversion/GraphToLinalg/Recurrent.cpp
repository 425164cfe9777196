//===- Recurrent.cpp - Lowering lstm, gru and rnn -------------------------===//
//
// A recurrent op becomes, per direction, one matmul of all time steps' inputs
// with W (plus both biases), then an scf.for over time whose body multiplies
// the previous hidden state by R into that step's slice of the precomputed
// gates and applies the cell's elementwise update in one linalg.generic. The
// hidden (and cell) state are loop-carried tensors; Y is filled step by step.
// On the CPU the loop becomes one kernel whose matmuls and generics are tiled
// and vectorized like any other.
//
// sequence_lens (batch entries shorter than the sequence) is supported for
// the forward direction: past its length an entry keeps its state and its Y
// rows are zero, as ONNX specifies.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/InferenceCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using weft::lowering::failToLower;

namespace weft {
namespace {

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

/// One activation of a recurrent op, with its alpha and beta.
struct Activation {
  std::string name;
  float alpha = 0, beta = 0;
};

/// How many of (alpha, beta) `name` consumes from activation_alpha/beta, and
/// their ONNX defaults; nullopt for an unknown activation.
std::optional<std::pair<std::pair<bool, bool>, std::pair<float, float>>>
activationParams(StringRef name) {
  using R = std::pair<std::pair<bool, bool>, std::pair<float, float>>;
  if (name == "Sigmoid" || name == "Tanh" || name == "Relu" ||
      name == "Softsign" || name == "Softplus")
    return R{{false, false}, {0.f, 0.f}};
  if (name == "Affine")
    return R{{true, true}, {1.f, 0.f}};
  if (name == "LeakyRelu")
    return R{{true, false}, {0.01f, 0.f}};
  if (name == "ThresholdedRelu")
    return R{{true, false}, {1.f, 0.f}};
  if (name == "ScaledTanh")
    return R{{true, true}, {1.f, 1.f}};
  if (name == "HardSigmoid")
    return R{{true, true}, {0.2f, 0.5f}};
  if (name == "Elu")
    return R{{true, false}, {1.f, 0.f}};
  return std::nullopt;
}

/// The activations of `op` (`perDirection` per direction, defaults when the
/// attribute is absent), alphas and betas consumed in order by the functions
/// that take them. Fails with `what` set.
template <typename OpTy>
FailureOr<SmallVector<Activation>>
readActivations(OpTy op, int64_t directions, ArrayRef<StringRef> defaults,
                std::string &what) {
  SmallVector<Activation> result;
  std::optional<ArrayAttr> names = op.getActivations();
  if (names && !names->empty()) {
    if ((int64_t)names->size() != directions * (int64_t)defaults.size()) {
      what = "activations needs " +
             std::to_string(directions * defaults.size()) + " names";
      return failure();
    }
    for (Attribute name : *names)
      result.push_back({cast<StringAttr>(name).getValue().str()});
  } else {
    for (int64_t d = 0; d < directions; ++d)
      for (StringRef name : defaults)
        result.push_back({name.str()});
  }
  SmallVector<float> alphas, betas;
  if (std::optional<ArrayAttr> a = op.getActivationAlpha())
    for (Attribute v : *a)
      alphas.push_back(cast<FloatAttr>(v).getValueAsDouble());
  if (std::optional<ArrayAttr> b = op.getActivationBeta())
    for (Attribute v : *b)
      betas.push_back(cast<FloatAttr>(v).getValueAsDouble());
  size_t nextAlpha = 0, nextBeta = 0;
  for (Activation &activation : result) {
    auto params = activationParams(activation.name);
    if (!params) {
      what = "activation '" + activation.name + "' is not supported";
      return failure();
    }
    auto [uses, defaultsAB] = *params;
    activation.alpha = defaultsAB.first;
    activation.beta = defaultsAB.second;
    if (uses.first && nextAlpha < alphas.size())
      activation.alpha = alphas[nextAlpha++];
    if (uses.second && nextBeta < betas.size())
      activation.beta = betas[nextBeta++];
  }
  return result;
}

Value applyActivation(OpBuilder &b, Location loc, const Activation &act,
                      Value x) {
  Type t = x.getType();
  auto c = [&](double v) -> Value {
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(t, v));
  };
  StringRef name = act.name;
  if (name == "Sigmoid") {
    Value e = b.create<math::ExpOp>(loc, b.create<arith::NegFOp>(loc, x));
    return b.create<arith::DivFOp>(loc, c(1),
                                   b.create<arith::AddFOp>(loc, c(1), e));
  }
  if (name == "Tanh")
    return b.create<math::TanhOp>(loc, x);
  if (name == "Relu")
    return b.create<arith::MaximumFOp>(loc, x, c(0));
  if (name == "Affine")
    return b.create<arith::AddFOp>(
        loc, b.create<arith::MulFOp>(loc, c(act.alpha), x), c(act.beta));
  if (name == "LeakyRelu") {
    Value neg = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, x,
                                        c(0));
    return b.create<arith::SelectOp>(
        loc, neg, b.create<arith::MulFOp>(loc, c(act.alpha), x), x);
  }
  if (name == "ThresholdedRelu") {
    Value above = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT, x,
                                          c(act.alpha));
    return b.create<arith::SelectOp>(loc, above, x, c(0));
  }
  if (name == "ScaledTanh")
    return b.create<arith::MulFOp>(
        loc, c(act.alpha),
        b.create<math::TanhOp>(loc,
                               b.create<arith::MulFOp>(loc, c(act.beta), x)));
  if (name == "HardSigmoid") {
    Value y = b.create<arith::AddFOp>(
        loc, b.create<arith::MulFOp>(loc, c(act.alpha), x), c(act.beta));
    return b.create<arith::MinimumFOp>(
        loc, b.create<arith::MaximumFOp>(loc, y, c(0)), c(1));
  }
  if (name == "Elu") {
    Value neg = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, x,
                                        c(0));
    Value em1 = b.create<arith::SubFOp>(loc, b.create<math::ExpOp>(loc, x),
                                        c(1));
    return b.create<arith::SelectOp>(
        loc, neg, b.create<arith::MulFOp>(loc, c(act.alpha), em1), x);
  }
  if (name == "Softsign")
    return b.create<arith::DivFOp>(
        loc, x, b.create<arith::AddFOp>(loc, c(1), b.create<math::AbsFOp>(loc, x)));
  // Softplus.
  return b.create<math::Log1pOp>(loc, b.create<math::ExpOp>(loc, x));
}

//===----------------------------------------------------------------------===//
// Tensor helpers
//===----------------------------------------------------------------------===//

/// `source`[offsets...] of `sizes` with the unit dims listed in `dropDims`
/// removed (static shapes).
Value slice(OpBuilder &b, Location loc, Value source,
            ArrayRef<OpFoldResult> offsets, ArrayRef<int64_t> sizes,
            ArrayRef<int64_t> resultShape) {
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<OpFoldResult> sizeAttrs, strides;
  for (int64_t s : sizes) {
    sizeAttrs.push_back(b.getIndexAttr(s));
    strides.push_back(b.getIndexAttr(1));
  }
  auto resultType = RankedTensorType::get(resultShape, type.getElementType());
  return b.create<tensor::ExtractSliceOp>(loc, resultType, source, offsets,
                                          sizeAttrs, strides);
}

Value insert(OpBuilder &b, Location loc, Value piece, Value into,
             ArrayRef<OpFoldResult> offsets, ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> sizeAttrs, strides;
  for (int64_t s : sizes) {
    sizeAttrs.push_back(b.getIndexAttr(s));
    strides.push_back(b.getIndexAttr(1));
  }
  return b.create<tensor::InsertSliceOp>(loc, piece, into, offsets, sizeAttrs,
                                         strides);
}

SmallVector<OpFoldResult> indexAttrs(OpBuilder &b, ArrayRef<int64_t> values) {
  return llvm::map_to_vector(values, [&](int64_t v) -> OpFoldResult {
    return b.getIndexAttr(v);
  });
}

Value zeros(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Type type) {
  Value zero =
      b.create<arith::ConstantOp>(loc, b.getZeroAttr(type));
  Value empty = b.create<tensor::EmptyOp>(loc, shape, type);
  return b.create<linalg::FillOp>(loc, zero, empty)->getResult(0);
}

/// a [M, K] times b [N, K] transposed, accumulated into `acc` [M, N].
Value matmulTransB(OpBuilder &b, Location loc, Value lhs, Value rhs,
                   Value acc) {
  return b
      .create<linalg::MatmulTransposeBOp>(loc, TypeRange{acc.getType()},
                                          ValueRange{lhs, rhs}, ValueRange{acc})
      ->getResult(0);
}

/// `value` copied into the loop-carried `state`: the loop then yields a
/// value bufferization knows is the carried buffer (the cell's own result
/// may have been re-targeted to a fresh tensor by canonicalization).
Value carry(OpBuilder &b, Location loc, Value value, Value state) {
  return b.create<linalg::CopyOp>(loc, value, state)->getResult(0);
}

/// The operands shared by lstm and gru, normalized to layout 0.
struct RecurrentOperands {
  Value x;          // [S, B, I]
  Value w, r;       // [D, G*H, I], [D, G*H, H]
  Value bias;       // [D, 2*G*H] or null
  Value lens;       // [B] or null
  Value initialH;   // [D, B, H] or null
  Value initialC;   // [D, B, H] or null (lstm)
  int64_t seq = 0, batch = 0, input = 0, hidden = 0, directions = 0;
  bool batchFirst = false;
  Type elementType;
};

/// Reads and checks the common operands; `gates` is 4 (lstm) or 3 (gru).
LogicalResult readOperands(Operation *op, Value x, Value w, Value r, Value b,
                           Value lens, Value initialH, Value initialC,
                           StringRef direction, int64_t hidden, int64_t layout,
                           int64_t gates, RecurrentOperands &ops,
                           ConversionPatternRewriter &rewriter) {
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  if (!xType || !xType.hasStaticShape() || xType.getRank() != 3)
    return failToLower(rewriter, op, "X must have a static 3-d shape");
  for (Value v : {w, r, b, lens, initialH, initialC})
    if (v && !cast<ShapedType>(v.getType()).hasStaticShape())
      return failToLower(rewriter, op, "every operand must be static");
  if (!xType.getElementType().isF32())
    return failToLower(rewriter, op, "only float32 is supported");
  std::optional<int64_t> dirs = graph::getNumDirections(direction);
  if (!dirs)
    return failToLower(rewriter, op, "unknown direction");
  Location loc = op->getLoc();
  ops.batchFirst = layout == 1;
  ops.directions = *dirs;
  ops.hidden = hidden;
  ops.elementType = xType.getElementType();
  ops.x = ops.batchFirst ? lowering::permuteDims(rewriter, loc, x, {1, 0, 2})
                         : x;
  auto shape = cast<RankedTensorType>(ops.x.getType()).getShape();
  ops.seq = shape[0];
  ops.batch = shape[1];
  ops.input = shape[2];
  ops.w = w;
  ops.r = r;
  ops.bias = b;
  ops.lens = lens;
  auto state = [&](Value v) -> Value {
    if (!v || !ops.batchFirst)
      return v;
    return lowering::permuteDims(rewriter, loc, v, {1, 0, 2});
  };
  ops.initialH = state(initialH);
  ops.initialC = state(initialC);
  auto wShape = cast<ShapedType>(w.getType()).getShape();
  if (wShape[0] != ops.directions || wShape[1] != gates * hidden ||
      wShape[2] != ops.input)
    return failToLower(rewriter, op, "W does not match X and hidden_size");
  if (lens && direction != "forward")
    return failToLower(rewriter, op,
                       "sequence_lens is supported for the forward direction "
                       "only");
  return success();
}

/// X [S, B, I] times W[d]^T plus both biases of direction `d`: [S, B, G*H].
Value inputProjection(OpBuilder &b, Location loc, const RecurrentOperands &ops,
                      int64_t d, int64_t gates) {
  Type et = ops.elementType;
  int64_t gh = gates * ops.hidden;
  Value x2 = b.create<tensor::CollapseShapeOp>(
      loc, RankedTensorType::get({ops.seq * ops.batch, ops.input}, et), ops.x,
      ArrayRef<ReassociationIndices>{{0, 1}, {2}});
  Value wd = slice(b, loc, ops.w, indexAttrs(b, {d, 0, 0}),
                   {1, gh, ops.input}, {gh, ops.input});
  Value acc = zeros(b, loc, {ops.seq * ops.batch, gh}, et);
  if (ops.bias) {
    // Wb + Rb, broadcast over the rows.
    Value wb = slice(b, loc, ops.bias, indexAttrs(b, {d, 0}), {1, gh}, {gh});
    Value rb = slice(b, loc, ops.bias, indexAttrs(b, {d, gh}), {1, gh}, {gh});
    MLIRContext *ctx = b.getContext();
    AffineMap row = AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx);
    acc = b.create<linalg::GenericOp>(
               loc, TypeRange{acc.getType()}, ValueRange{wb, rb},
               ValueRange{acc},
               ArrayRef<AffineMap>{row, row, b.getMultiDimIdentityMap(2)},
               lowering::parallelIterators(2),
               [](OpBuilder &nb, Location nloc, ValueRange args) {
                 nb.create<linalg::YieldOp>(
                     nloc, nb.create<arith::AddFOp>(nloc, args[0], args[1])
                               .getResult());
               })
              .getResult(0);
  }
  Value projected = matmulTransB(b, loc, x2, wd, acc);
  return b.create<tensor::ExpandShapeOp>(
      loc, RankedTensorType::get({ops.seq, ops.batch, gh}, et), projected,
      ArrayRef<ReassociationIndices>{{0, 1}, {2}});
}

/// The initial state of direction `d` ([B, H]); zeros when absent.
Value initialState(OpBuilder &b, Location loc, const RecurrentOperands &ops,
                   Value state, int64_t d) {
  if (!state)
    return zeros(b, loc, {ops.batch, ops.hidden}, ops.elementType);
  return slice(b, loc, state, indexAttrs(b, {d, 0, 0}),
               {1, ops.batch, ops.hidden}, {ops.batch, ops.hidden});
}

/// Gate `k` of `gates` [B, G*H] as [B, H].
Value gate(OpBuilder &b, Location loc, const RecurrentOperands &ops,
           Value gates, int64_t k) {
  return slice(b, loc, gates, indexAttrs(b, {0, k * ops.hidden}),
               {ops.batch, ops.hidden}, {ops.batch, ops.hidden});
}

/// The time step that iteration `t` of direction `d` processes.
Value timeStep(OpBuilder &b, Location loc, const RecurrentOperands &ops,
               bool reverse, Value t) {
  if (!reverse)
    return t;
  Value last = b.create<arith::ConstantIndexOp>(loc, ops.seq - 1);
  return b.create<arith::SubIOp>(loc, last, t);
}

/// In a cell body: whether batch row `row` is still within its length at
/// time `step` (always true without sequence_lens).
Value isValid(OpBuilder &b, Location loc, Value lensValue, Value step) {
  if (!lensValue)
    return b.create<arith::ConstantIntOp>(loc, 1, 1);
  Value len = b.create<arith::IndexCastOp>(loc, b.getIndexType(), lensValue);
  return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, step, len);
}

/// Clamps `x` to [-clip, clip] when a clip is set.
Value clipped(OpBuilder &b, Location loc, std::optional<float> clip, Value x) {
  if (!clip)
    return x;
  Type t = x.getType();
  Value hi = b.create<arith::ConstantOp>(loc, b.getFloatAttr(t, *clip));
  Value lo = b.create<arith::ConstantOp>(loc, b.getFloatAttr(t, -*clip));
  return b.create<arith::MinimumFOp>(loc,
                                     b.create<arith::MaximumFOp>(loc, x, lo),
                                     hi);
}

/// Y [S, D, B, H] / states [D, B, H] back to the op's layout.
SmallVector<Value> finish(OpBuilder &b, Location loc,
                          const RecurrentOperands &ops, Value y,
                          ArrayRef<Value> states) {
  SmallVector<Value> results;
  results.push_back(ops.batchFirst
                        ? lowering::permuteDims(b, loc, y, {2, 0, 1, 3})
                        : y);
  for (Value state : states)
    results.push_back(ops.batchFirst
                          ? lowering::permuteDims(b, loc, state, {1, 0, 2})
                          : state);
  return results;
}

//===----------------------------------------------------------------------===//
// lstm
//===----------------------------------------------------------------------===//

struct LSTMLowering : OpConversionPattern<graph::LSTMOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::LSTMOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RecurrentOperands ops;
    if (failed(readOperands(op, adaptor.getX(), adaptor.getW(), adaptor.getR(),
                            adaptor.getB(), adaptor.getSequenceLens(),
                            adaptor.getInitialH(), adaptor.getInitialC(),
                            op.getDirection(), op.getHiddenSize(),
                            op.getLayout(), 4, ops, rewriter)))
      return failure();
    std::string what;
    FailureOr<SmallVector<Activation>> acts = readActivations(
        op, ops.directions, {"Sigmoid", "Tanh", "Tanh"}, what);
    if (failed(acts))
      return failToLower(rewriter, op, what);
    Value peepholes = adaptor.getP();
    if (peepholes && !cast<ShapedType>(peepholes.getType()).hasStaticShape())
      return failToLower(rewriter, op, "P must be static");
    std::optional<float> clip;
    if (std::optional<APFloat> c = op.getClip())
      clip = c->convertToFloat();
    bool inputForget = op.getInputForget() != 0;

    Location loc = op.getLoc();
    Type et = ops.elementType;
    int64_t batch = ops.batch, hidden = ops.hidden, dirs = ops.directions;
    Value y = zeros(rewriter, loc, {ops.seq, dirs, batch, hidden}, et);
    Value yh = zeros(rewriter, loc, {dirs, batch, hidden}, et);
    Value yc = zeros(rewriter, loc, {dirs, batch, hidden}, et);
    MLIRContext *ctx = rewriter.getContext();
    AffineMap id = rewriter.getMultiDimIdentityMap(2);
    AffineMap col = AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx);
    AffineMap row = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);

    for (int64_t d = 0; d < dirs; ++d) {
      bool reverse = op.getDirection() == "reverse" || d == 1;
      const Activation &f = (*acts)[3 * d], &g = (*acts)[3 * d + 1],
                       &h = (*acts)[3 * d + 2];
      Value projected = inputProjection(rewriter, loc, ops, d, 4);
      Value rd = slice(rewriter, loc, ops.r, indexAttrs(rewriter, {d, 0, 0}),
                       {1, 4 * hidden, hidden}, {4 * hidden, hidden});
      SmallVector<Value> peep;
      for (int64_t k = 0; k < 3; ++k)
        peep.push_back(
            peepholes
                ? slice(rewriter, loc, peepholes,
                        indexAttrs(rewriter, {d, k * hidden}), {1, hidden},
                        {hidden})
                : zeros(rewriter, loc, {hidden}, et));
      Value h0 = initialState(rewriter, loc, ops, ops.initialH, d);
      Value c0 = initialState(rewriter, loc, ops, ops.initialC, d);
      Value lb = rewriter.create<arith::ConstantIndexOp>(loc, 0);
      Value ub = rewriter.create<arith::ConstantIndexOp>(loc, ops.seq);
      Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
      auto loop = rewriter.create<scf::ForOp>(
          loc, lb, ub, one, ValueRange{h0, c0, y},
          [&](OpBuilder &b, Location l, Value t, ValueRange carried) {
            Value hPrev = carried[0], cPrev = carried[1], yAcc = carried[2];
            Value step = timeStep(b, l, ops, reverse, t);
            Value stepGates =
                slice(b, l, projected, {step, b.getIndexAttr(0),
                                        b.getIndexAttr(0)},
                      {1, batch, 4 * hidden}, {batch, 4 * hidden});
            Value gates = matmulTransB(b, l, hPrev, rd, stepGates);
            SmallVector<Value> ins{gate(b, l, ops, gates, 0),
                                   gate(b, l, ops, gates, 1),
                                   gate(b, l, ops, gates, 2),
                                   gate(b, l, ops, gates, 3),
                                   peep[0], peep[1], peep[2]};
            SmallVector<AffineMap> maps{id, id, id, id, col, col, col};
            if (ops.lens) {
              ins.push_back(ops.lens);
              maps.push_back(row);
            }
            maps.append({id, id, id});
            Value empty = b.create<tensor::EmptyOp>(
                l, ArrayRef<int64_t>{batch, hidden}, et);
            // The new state overwrites the old in place (an elementwise
            // update), so the loop's buffers stay the same across steps.
            auto cell = b.create<linalg::GenericOp>(
                l, TypeRange{empty.getType(), empty.getType(), empty.getType()},
                ins, ValueRange{hPrev, cPrev, empty}, maps,
                lowering::parallelIterators(2),
                [&](OpBuilder &nb, Location nl, ValueRange a) {
                  // The previous h and c are read through the outputs they
                  // are overwritten in.
                  size_t n = a.size();
                  Value gi = a[0], go = a[1], gf = a[2], gc = a[3], pi = a[4],
                        po = a[5], pf = a[6], hp = a[n - 3], c = a[n - 2];
                  Value i = applyActivation(
                      nb, nl, f,
                      clipped(nb, nl, clip,
                              nb.create<arith::AddFOp>(
                                  nl, gi, nb.create<arith::MulFOp>(nl, pi, c))));
                  Value fg;
                  if (inputForget) {
                    Value oneF = nb.create<arith::ConstantOp>(
                        nl, nb.getFloatAttr(et, 1.0));
                    fg = nb.create<arith::SubFOp>(nl, oneF, i);
                  } else {
                    fg = applyActivation(
                        nb, nl, f,
                        clipped(nb, nl, clip,
                                nb.create<arith::AddFOp>(
                                    nl, gf,
                                    nb.create<arith::MulFOp>(nl, pf, c))));
                  }
                  Value ct = applyActivation(nb, nl, g, clipped(nb, nl, clip, gc));
                  Value cNew = nb.create<arith::AddFOp>(
                      nl, nb.create<arith::MulFOp>(nl, fg, c),
                      nb.create<arith::MulFOp>(nl, i, ct));
                  Value o = applyActivation(
                      nb, nl, f,
                      clipped(nb, nl, clip,
                              nb.create<arith::AddFOp>(
                                  nl, go,
                                  nb.create<arith::MulFOp>(nl, po, cNew))));
                  Value hNew = nb.create<arith::MulFOp>(
                      nl, o, applyActivation(nb, nl, h, cNew));
                  Value valid =
                      isValid(nb, nl, ops.lens ? a[7] : Value(), step);
                  Value zeroF =
                      nb.create<arith::ConstantOp>(nl, nb.getZeroAttr(et));
                  nb.create<linalg::YieldOp>(
                      nl, ValueRange{
                              nb.create<arith::SelectOp>(nl, valid, hNew, hp),
                              nb.create<arith::SelectOp>(nl, valid, cNew, c),
                              nb.create<arith::SelectOp>(nl, valid, hNew,
                                                         zeroF)});
                });
            Value yStep = b.create<tensor::ExpandShapeOp>(
                l, RankedTensorType::get({1, 1, batch, hidden}, et),
                cell.getResult(2),
                ArrayRef<ReassociationIndices>{{0, 1, 2}, {3}});
            Value yNext = insert(
                b, l, yStep, yAcc,
                {step, b.getIndexAttr(d), b.getIndexAttr(0), b.getIndexAttr(0)},
                {1, 1, batch, hidden});
            b.create<scf::YieldOp>(
                l, ValueRange{carry(b, l, cell.getResult(0), hPrev),
                              carry(b, l, cell.getResult(1), cPrev), yNext});
          });
      y = loop.getResult(2);
      auto stateOf = [&](Value state) {
        return rewriter.create<tensor::ExpandShapeOp>(
            loc, RankedTensorType::get({1, batch, hidden}, et), state,
            ArrayRef<ReassociationIndices>{{0, 1}, {2}});
      };
      yh = insert(rewriter, loc, stateOf(loop.getResult(0)), yh,
                  indexAttrs(rewriter, {d, 0, 0}), {1, batch, hidden});
      yc = insert(rewriter, loc, stateOf(loop.getResult(1)), yc,
                  indexAttrs(rewriter, {d, 0, 0}), {1, batch, hidden});
    }
    rewriter.replaceOp(op, finish(rewriter, loc, ops, y, {yh, yc}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// gru
//===----------------------------------------------------------------------===//

struct GRULowering : OpConversionPattern<graph::GRUOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::GRUOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RecurrentOperands ops;
    if (failed(readOperands(op, adaptor.getX(), adaptor.getW(), adaptor.getR(),
                            adaptor.getB(), adaptor.getSequenceLens(),
                            adaptor.getInitialH(), Value(), op.getDirection(),
                            op.getHiddenSize(), op.getLayout(), 3, ops,
                            rewriter)))
      return failure();
    std::string what;
    FailureOr<SmallVector<Activation>> acts =
        readActivations(op, ops.directions, {"Sigmoid", "Tanh"}, what);
    if (failed(acts))
      return failToLower(rewriter, op, what);
    std::optional<float> clip;
    if (std::optional<APFloat> c = op.getClip())
      clip = c->convertToFloat();
    bool linearBeforeReset = op.getLinearBeforeReset() != 0;

    Location loc = op.getLoc();
    Type et = ops.elementType;
    int64_t batch = ops.batch, hidden = ops.hidden, dirs = ops.directions;
    Value y = zeros(rewriter, loc, {ops.seq, dirs, batch, hidden}, et);
    Value yh = zeros(rewriter, loc, {dirs, batch, hidden}, et);
    MLIRContext *ctx = rewriter.getContext();
    AffineMap id = rewriter.getMultiDimIdentityMap(2);
    AffineMap col = AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx);
    AffineMap row = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);

    for (int64_t d = 0; d < dirs; ++d) {
      bool reverse = op.getDirection() == "reverse" || d == 1;
      const Activation &f = (*acts)[2 * d], &g = (*acts)[2 * d + 1];
      // The input projection holds Wb for all gates; Rb of z and r goes in
      // too, Rb of h stays apart (it is inside the reset gate's product
      // when linear_before_reset).
      RecurrentOperands noBias = ops;
      noBias.bias = Value();
      Value projected = inputProjection(rewriter, loc, noBias, d, 3);
      Value wb, rb;
      if (ops.bias) {
        wb = slice(rewriter, loc, ops.bias, indexAttrs(rewriter, {d, 0}),
                   {1, 3 * hidden}, {3 * hidden});
        rb = slice(rewriter, loc, ops.bias,
                   indexAttrs(rewriter, {d, 3 * hidden}), {1, 3 * hidden},
                   {3 * hidden});
      } else {
        wb = zeros(rewriter, loc, {3 * hidden}, et);
        rb = wb;
      }
      auto part = [&](Value v, int64_t k) {
        return slice(rewriter, loc, v, indexAttrs(rewriter, {k * hidden}),
                     {hidden}, {hidden});
      };
      Value rd = slice(rewriter, loc, ops.r, indexAttrs(rewriter, {d, 0, 0}),
                       {1, 3 * hidden, hidden}, {3 * hidden, hidden});
      Value rzr = slice(rewriter, loc, rd, indexAttrs(rewriter, {0, 0}),
                        {2 * hidden, hidden}, {2 * hidden, hidden});
      Value rh = slice(rewriter, loc, rd, indexAttrs(rewriter, {2 * hidden, 0}),
                       {hidden, hidden}, {hidden, hidden});
      Value h0 = initialState(rewriter, loc, ops, ops.initialH, d);
      Value lb = rewriter.create<arith::ConstantIndexOp>(loc, 0);
      Value ub = rewriter.create<arith::ConstantIndexOp>(loc, ops.seq);
      Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
      Value wbz = part(wb, 0), wbr = part(wb, 1), wbh = part(wb, 2);
      Value rbz = part(rb, 0), rbr = part(rb, 1), rbh = part(rb, 2);
      auto loop = rewriter.create<scf::ForOp>(
          loc, lb, ub, one, ValueRange{h0, y},
          [&](OpBuilder &b, Location l, Value t, ValueRange carried) {
            Value hPrev = carried[0], yAcc = carried[1];
            Value step = timeStep(b, l, ops, reverse, t);
            Value xg = slice(b, l, projected,
                             {step, b.getIndexAttr(0), b.getIndexAttr(0)},
                             {1, batch, 3 * hidden}, {batch, 3 * hidden});
            Value xz = slice(b, l, xg, indexAttrs(b, {0, 0}), {batch, hidden},
                             {batch, hidden});
            Value xr = slice(b, l, xg, indexAttrs(b, {0, hidden}),
                             {batch, hidden}, {batch, hidden});
            Value xh = slice(b, l, xg, indexAttrs(b, {0, 2 * hidden}),
                             {batch, hidden}, {batch, hidden});
            Value hzr = matmulTransB(
                b, l, hPrev, rzr, zeros(b, l, {batch, 2 * hidden}, et));
            Value hz = slice(b, l, hzr, indexAttrs(b, {0, 0}), {batch, hidden},
                             {batch, hidden});
            Value hr = slice(b, l, hzr, indexAttrs(b, {0, hidden}),
                             {batch, hidden}, {batch, hidden});
            Value empty = b.create<tensor::EmptyOp>(
                l, ArrayRef<int64_t>{batch, hidden}, et);
            // z and r.
            auto gatesZR = b.create<linalg::GenericOp>(
                l, TypeRange{empty.getType(), empty.getType()},
                ValueRange{xz, hz, wbz, rbz, xr, hr, wbr, rbr},
                ValueRange{empty, empty},
                ArrayRef<AffineMap>{id, id, col, col, id, id, col, col, id,
                                    id},
                lowering::parallelIterators(2),
                [&](OpBuilder &nb, Location nl, ValueRange a) {
                  auto sum4 = [&](Value p, Value q, Value s, Value u) {
                    return nb.create<arith::AddFOp>(
                        nl,
                        nb.create<arith::AddFOp>(nl, p, q),
                        nb.create<arith::AddFOp>(nl, s, u));
                  };
                  Value z = applyActivation(
                      nb, nl, f, clipped(nb, nl, clip, sum4(a[0], a[1], a[2], a[3])));
                  Value r = applyActivation(
                      nb, nl, f, clipped(nb, nl, clip, sum4(a[4], a[5], a[6], a[7])));
                  nb.create<linalg::YieldOp>(nl, ValueRange{z, r});
                });
            Value z = gatesZR.getResult(0), r = gatesZR.getResult(1);
            // (r * h) Rh^T, or r * (h Rh^T + Rbh) when linear_before_reset.
            Value hhIn = hPrev;
            if (!linearBeforeReset) {
              hhIn = b.create<linalg::GenericOp>(
                         l, TypeRange{empty.getType()}, ValueRange{r, hPrev},
                         ValueRange{empty}, ArrayRef<AffineMap>{id, id, id},
                         lowering::parallelIterators(2),
                         [](OpBuilder &nb, Location nl, ValueRange a) {
                           nb.create<linalg::YieldOp>(
                               nl, nb.create<arith::MulFOp>(nl, a[0], a[1])
                                       .getResult());
                         })
                         .getResult(0);
            }
            Value hh = matmulTransB(b, l, hhIn, rh,
                                    zeros(b, l, {batch, hidden}, et));
            SmallVector<Value> ins{xh, hh, wbh, rbh, r, z};
            SmallVector<AffineMap> maps{id, id, col, col, id, id};
            if (ops.lens) {
              ins.push_back(ops.lens);
              maps.push_back(row);
            }
            maps.append({id, id});
            // The new state overwrites the old in place.
            auto cell = b.create<linalg::GenericOp>(
                l, TypeRange{empty.getType(), empty.getType()}, ins,
                ValueRange{hPrev, empty}, maps, lowering::parallelIterators(2),
                [&](OpBuilder &nb, Location nl, ValueRange a) {
                  // The previous h is read through the output it is
                  // overwritten in.
                  Value xhv = a[0], hhv = a[1], wbhv = a[2], rbhv = a[3],
                        rv = a[4], zv = a[5], hp = a[a.size() - 2];
                  Value recurrent =
                      linearBeforeReset
                          ? nb.create<arith::MulFOp>(
                                nl, rv,
                                nb.create<arith::AddFOp>(nl, hhv, rbhv))
                                .getResult()
                          : nb.create<arith::AddFOp>(nl, hhv, rbhv).getResult();
                  Value pre = nb.create<arith::AddFOp>(
                      nl, nb.create<arith::AddFOp>(nl, xhv, wbhv), recurrent);
                  Value ht = applyActivation(nb, nl, g, clipped(nb, nl, clip, pre));
                  Value oneF =
                      nb.create<arith::ConstantOp>(nl, nb.getFloatAttr(et, 1.0));
                  Value hNew = nb.create<arith::AddFOp>(
                      nl,
                      nb.create<arith::MulFOp>(
                          nl, nb.create<arith::SubFOp>(nl, oneF, zv), ht),
                      nb.create<arith::MulFOp>(nl, zv, hp));
                  Value valid =
                      isValid(nb, nl, ops.lens ? a[6] : Value(), step);
                  Value zeroF =
                      nb.create<arith::ConstantOp>(nl, nb.getZeroAttr(et));
                  nb.create<linalg::YieldOp>(
                      nl, ValueRange{
                              nb.create<arith::SelectOp>(nl, valid, hNew, hp),
                              nb.create<arith::SelectOp>(nl, valid, hNew,
                                                         zeroF)});
                });
            Value yStep = b.create<tensor::ExpandShapeOp>(
                l, RankedTensorType::get({1, 1, batch, hidden}, et),
                cell.getResult(1),
                ArrayRef<ReassociationIndices>{{0, 1, 2}, {3}});
            Value yNext = insert(
                b, l, yStep, yAcc,
                {step, b.getIndexAttr(d), b.getIndexAttr(0), b.getIndexAttr(0)},
                {1, 1, batch, hidden});
            b.create<scf::YieldOp>(
                l, ValueRange{carry(b, l, cell.getResult(0), hPrev), yNext});
          });
      y = loop.getResult(1);
      Value state = rewriter.create<tensor::ExpandShapeOp>(
          loc, RankedTensorType::get({1, batch, hidden}, et),
          loop.getResult(0), ArrayRef<ReassociationIndices>{{0, 1}, {2}});
      yh = insert(rewriter, loc, state, yh, indexAttrs(rewriter, {d, 0, 0}),
                  {1, batch, hidden});
    }
    rewriter.replaceOp(op, finish(rewriter, loc, ops, y, {yh}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// rnn
//===----------------------------------------------------------------------===//

/// Ht = f(Xt*W^T + Ht-1*R^T + Wb + Rb): the input projection (with both
/// biases) is computed for all steps up front, the loop adds Ht-1*R^T.
struct RNNLowering : OpConversionPattern<graph::RNNOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::RNNOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RecurrentOperands ops;
    if (failed(readOperands(op, adaptor.getX(), adaptor.getW(), adaptor.getR(),
                            adaptor.getB(), adaptor.getSequenceLens(),
                            adaptor.getInitialH(), Value(), op.getDirection(),
                            op.getHiddenSize(), op.getLayout(), 1, ops,
                            rewriter)))
      return failure();
    std::string what;
    FailureOr<SmallVector<Activation>> acts =
        readActivations(op, ops.directions, {"Tanh"}, what);
    if (failed(acts))
      return failToLower(rewriter, op, what);
    std::optional<float> clip;
    if (std::optional<APFloat> c = op.getClip())
      clip = c->convertToFloat();

    Location loc = op.getLoc();
    Type et = ops.elementType;
    int64_t batch = ops.batch, hidden = ops.hidden, dirs = ops.directions;
    Value y = zeros(rewriter, loc, {ops.seq, dirs, batch, hidden}, et);
    Value yh = zeros(rewriter, loc, {dirs, batch, hidden}, et);
    MLIRContext *ctx = rewriter.getContext();
    AffineMap id = rewriter.getMultiDimIdentityMap(2);
    AffineMap row = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);

    for (int64_t d = 0; d < dirs; ++d) {
      bool reverse = op.getDirection() == "reverse" || d == 1;
      const Activation &f = (*acts)[d];
      Value projected = inputProjection(rewriter, loc, ops, d, 1);
      Value rd = slice(rewriter, loc, ops.r, indexAttrs(rewriter, {d, 0, 0}),
                       {1, hidden, hidden}, {hidden, hidden});
      Value h0 = initialState(rewriter, loc, ops, ops.initialH, d);
      Value lb = rewriter.create<arith::ConstantIndexOp>(loc, 0);
      Value ub = rewriter.create<arith::ConstantIndexOp>(loc, ops.seq);
      Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
      auto loop = rewriter.create<scf::ForOp>(
          loc, lb, ub, one, ValueRange{h0, y},
          [&](OpBuilder &b, Location l, Value t, ValueRange carried) {
            Value hPrev = carried[0], yAcc = carried[1];
            Value step = timeStep(b, l, ops, reverse, t);
            Value xt = slice(b, l, projected,
                             {step, b.getIndexAttr(0), b.getIndexAttr(0)},
                             {1, batch, hidden}, {batch, hidden});
            Value hr = matmulTransB(b, l, hPrev, rd,
                                    zeros(b, l, {batch, hidden}, et));
            Value empty = b.create<tensor::EmptyOp>(
                l, ArrayRef<int64_t>{batch, hidden}, et);
            SmallVector<Value> ins{xt, hr};
            SmallVector<AffineMap> maps{id, id};
            if (ops.lens) {
              ins.push_back(ops.lens);
              maps.push_back(row);
            }
            maps.append({id, id});
            // The new state overwrites the old in place.
            auto cell = b.create<linalg::GenericOp>(
                l, TypeRange{empty.getType(), empty.getType()}, ins,
                ValueRange{hPrev, empty}, maps, lowering::parallelIterators(2),
                [&](OpBuilder &nb, Location nl, ValueRange a) {
                  // The previous h is read through the output it is
                  // overwritten in.
                  Value hp = a[a.size() - 2];
                  Value pre = nb.create<arith::AddFOp>(nl, a[0], a[1]);
                  Value hNew =
                      applyActivation(nb, nl, f, clipped(nb, nl, clip, pre));
                  Value valid =
                      isValid(nb, nl, ops.lens ? a[2] : Value(), step);
                  Value zeroF =
                      nb.create<arith::ConstantOp>(nl, nb.getZeroAttr(et));
                  nb.create<linalg::YieldOp>(
                      nl, ValueRange{
                              nb.create<arith::SelectOp>(nl, valid, hNew, hp),
                              nb.create<arith::SelectOp>(nl, valid, hNew,
                                                         zeroF)});
                });
            Value yStep = b.create<tensor::ExpandShapeOp>(
                l, RankedTensorType::get({1, 1, batch, hidden}, et),
                cell.getResult(1),
                ArrayRef<ReassociationIndices>{{0, 1, 2}, {3}});
            Value yNext = insert(
                b, l, yStep, yAcc,
                {step, b.getIndexAttr(d), b.getIndexAttr(0), b.getIndexAttr(0)},
                {1, 1, batch, hidden});
            b.create<scf::YieldOp>(
                l, ValueRange{carry(b, l, cell.getResult(0), hPrev), yNext});
          });
      y = loop.getResult(1);
      Value state = rewriter.create<tensor::ExpandShapeOp>(
          loc, RankedTensorType::get({1, batch, hidden}, et),
          loop.getResult(0), ArrayRef<ReassociationIndices>{{0, 1}, {2}});
      yh = insert(rewriter, loc, state, yh, indexAttrs(rewriter, {d, 0, 0}),
                  {1, batch, hidden});
    }
    rewriter.replaceOp(op, finish(rewriter, loc, ops, y, {yh}));
    return success();
  }
};

} // namespace

void populateGraphRecurrentToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<LSTMLowering, GRULowering, RNNLowering>(patterns.getContext());
}

} // namespace weft
