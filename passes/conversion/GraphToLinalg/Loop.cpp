//===- Loop.cpp - Lowering graph.loop -------------------------------------===//
//
// graph.loop becomes scf.for when the condition cannot stop it early (no
// condition, or one the body passes on unchanged or replaces by a constant
// true: the loop then runs max_trip_count times or not at all), and scf.while otherwise. The body
// block moves into the scf loop as it is (its ops are lowered like any
// other); its iteration-number and condition arguments are rebuilt as
// scalar tensors from the scf loop's counter and condition. Scan outputs
// are tensors of the static result shape carried through scf.for, each
// iteration inserting its slice at row `i`; they need the trip count at
// compile time, which scf.while cannot give. Loop-carried values keep the
// static shapes of their initial values, and each iteration's new value is
// materialized in the loop's carried tensor (bufferization wants the
// yielded buffer to be the loop argument's).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/GraphToLinalg/GraphToLinalg.h"
#include "passes/conversion/GraphToLinalg/LoweringUtils.h"

#include "dialects/graph/GraphOps.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using weft::lowering::failToLower;

namespace weft {
namespace {

/// The one element of a one-element tensor.
Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> zeros(type.getRank(),
                           b.create<arith::ConstantIndexOp>(loc, 0));
  return b.create<tensor::ExtractOp>(loc, tensor, zeros);
}

/// `scalar` as a tensor of `type` (rank 0 or one element).
Value toTensor(OpBuilder &b, Location loc, Value scalar, Type type) {
  return b.create<tensor::FromElementsOp>(loc, cast<RankedTensorType>(type),
                                          ValueRange{scalar});
}

Value castIfNeeded(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return b.create<tensor::CastOp>(loc, type, value);
}

/// `next` written into the loop's carried tensor `carried`: one-shot
/// bufferization needs each yielded value to be the loop argument's buffer,
/// so a value the body computed elsewhere is materialized in it (a
/// linalg.copy would fold away as an identity).
Value writeInto(OpBuilder &b, Location loc, Value next, Value carried) {
  if (next == carried)
    return next;
  return b
      .create<bufferization::MaterializeInDestinationOp>(loc, next, carried)
      ->getResult(0);
}

bool isOneElementTensor(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.hasStaticShape() && ranked.getNumElements() == 1;
}

struct LoopLowering : OpConversionPattern<graph::LoopOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(graph::LoopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> carriedTypes;
    bool condFixed = false;
    if (failed(checkLoop(op, adaptor, rewriter, carriedTypes, condFixed)))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> initial;
    for (auto [value, type] : llvm::zip(adaptor.getVInitial(), carriedTypes))
      initial.push_back(castIfNeeded(rewriter, loc, value, type));
    FailureOr<SmallVector<Value>> results =
        condFixed ? lowerToFor(op, adaptor, initial, rewriter)
                  : lowerToWhile(op, adaptor, initial, rewriter);
    if (failed(results))
      return failure();
    SmallVector<Value> replacements;
    for (auto [value, type] : llvm::zip(*results, op.getResultTypes()))
      replacements.push_back(castIfNeeded(rewriter, loc, value, type));
    rewriter.replaceOp(op, replacements);
    return success();
  }

private:
  /// Checks what the lowering needs: one-element counters and conditions,
  /// carried values of static shapes (returned in `carriedTypes`), scan
  /// outputs of a static length, and an end. `condFixed` says whether the
  /// body leaves the condition as it is (an scf.for then).
  static LogicalResult checkLoop(graph::LoopOp op, OpAdaptor adaptor,
                                 ConversionPatternRewriter &rewriter,
                                 SmallVectorImpl<Type> &carriedTypes,
                                 bool &condFixed) {
    Block &body = op.getBody().front();
    auto yield = dyn_cast<graph::YieldOp>(body.getTerminator());
    size_t numCarried = adaptor.getVInitial().size();
    if (!yield || yield.getNumOperands() != 1 + op.getNumResults() ||
        body.getNumArguments() != 2 + numCarried)
      return failToLower(rewriter, op, "the body is malformed");
    if (!isOneElementTensor(body.getArgument(0).getType()) ||
        !isOneElementTensor(body.getArgument(1).getType()) ||
        !isOneElementTensor(yield.getOperand(0).getType()))
      return failToLower(rewriter, op,
                         "the iteration number and condition must be "
                         "one-element tensors");
    for (Value v : {adaptor.getMaxTripCount(), adaptor.getCond()})
      if (v && !isOneElementTensor(v.getType()))
        return failToLower(rewriter, op,
                           "max_trip_count and cond must hold one element");

    // Carried values: the static type of the body argument (graph-infer-
    // shapes gives it the initial value's), else the initial value's.
    for (size_t i = 0; i < numCarried; ++i) {
      auto type = dyn_cast<RankedTensorType>(body.getArgument(2 + i).getType());
      if (!type || !type.hasStaticShape())
        type = dyn_cast<RankedTensorType>(adaptor.getVInitial()[i].getType());
      if (!type || !type.hasStaticShape() ||
          !tensor::CastOp::areCastCompatible(type,
                                             body.getArgument(2 + i).getType()))
        return failToLower(rewriter, op,
                           "loop-carried value " + Twine(i) +
                               " must have a static shape that does not "
                               "change across iterations");
      for (Value v : {adaptor.getVInitial()[i], yield.getOperand(1 + i)})
        if (!tensor::CastOp::areCastCompatible(v.getType(), type))
          return failToLower(rewriter, op,
                             "loop-carried value " + Twine(i) +
                                 " changes its shape across iterations");
      carriedTypes.push_back(type);
    }

    Value nextCond = yield.getOperand(0);
    while (auto identity = nextCond.getDefiningOp<graph::IdentityOp>())
      nextCond = identity.getX();
    std::optional<SmallVector<int64_t>> constantCond =
        graph::getConstantInts(nextCond);
    condFixed = !adaptor.getCond() || nextCond == body.getArgument(1) ||
                (constantCond && constantCond->size() == 1 &&
                 (*constantCond)[0] != 0);
    size_t numScans = op.getNumResults() - numCarried;
    if (numScans > 0) {
      if (!condFixed || !adaptor.getMaxTripCount())
        return failToLower(rewriter, op,
                           "scan outputs need a trip count known at compile "
                           "time: max_trip_count must be a constant and the "
                           "body must not change the condition");
      for (size_t k = 0; k < numScans; ++k) {
        auto type =
            dyn_cast<RankedTensorType>(op.getResult(numCarried + k).getType());
        if (!type || !type.hasStaticShape())
          return failToLower(rewriter, op,
                             "scan outputs need a trip count known at compile "
                             "time: max_trip_count and cond must be constants");
        auto first = cast<RankedTensorType>(op.getResult(numCarried).getType());
        if (type.getRank() == 0 || first.getRank() == 0 ||
            type.getDimSize(0) != first.getDimSize(0))
          return failToLower(rewriter, op,
                             "the scan outputs have different lengths");
        Type element = yield.getOperand(1 + numCarried + k).getType();
        if (!tensor::CastOp::areCastCompatible(
                element, RankedTensorType::get(type.getShape().drop_front(),
                                               type.getElementType())))
          return failToLower(rewriter, op,
                             "scan output " + Twine(k) +
                                 " changes its shape across iterations");
      }
    }
    if (condFixed && !adaptor.getMaxTripCount())
      return failToLower(rewriter, op,
                         "the loop has neither a trip count nor a condition "
                         "the body changes: it would never end");
    return success();
  }

  /// The trip count as an index: max_trip_count, or 0 when the (unchanging)
  /// condition is false; negative counts run no iteration.
  static Value tripCount(OpBuilder &b, Location loc, OpAdaptor adaptor) {
    Value max = extractScalar(b, loc, adaptor.getMaxTripCount());
    Value zero = b.create<arith::ConstantIntOp>(loc, 0, 64);
    max = b.create<arith::MaxSIOp>(loc, max, zero);
    if (adaptor.getCond())
      max = b.create<arith::SelectOp>(
          loc, extractScalar(b, loc, adaptor.getCond()), max, zero);
    return b.create<arith::IndexCastOp>(loc, b.getIndexType(), max);
  }

  /// Moves the body into `block` (its terminator removed) with the
  /// iteration number `iter` (i64) and condition `cond` (i1) as scalar
  /// tensors and `carried` for the carried values. Returns the body's
  /// yield, now the last op of `block`.
  static graph::YieldOp moveBody(graph::LoopOp op, Block *block, Value iter,
                                 Value cond, ValueRange carried,
                                 ConversionPatternRewriter &rewriter) {
    Block &body = op.getBody().front();
    Location loc = op.getLoc();
    rewriter.setInsertionPointToEnd(block);
    SmallVector<Value> args{
        toTensor(rewriter, loc, iter, body.getArgument(0).getType()),
        toTensor(rewriter, loc, cond, body.getArgument(1).getType())};
    for (auto [value, arg] :
         llvm::zip(carried, body.getArguments().drop_front(2)))
      args.push_back(castIfNeeded(rewriter, loc, value, arg.getType()));
    auto yield = cast<graph::YieldOp>(body.getTerminator());
    rewriter.mergeBlocks(&body, block, args);
    return yield;
  }

  static FailureOr<SmallVector<Value>>
  lowerToFor(graph::LoopOp op, OpAdaptor adaptor, ValueRange initial,
             ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    size_t numCarried = initial.size();
    SmallVector<Value> inits(initial);
    SmallVector<RankedTensorType> scanTypes;
    for (Type type : TypeRange(op.getResultTypes()).drop_front(numCarried)) {
      auto ranked = cast<RankedTensorType>(type);
      scanTypes.push_back(ranked);
      inits.push_back(rewriter.create<tensor::EmptyOp>(
          loc, ranked.getShape(), ranked.getElementType()));
    }
    Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
    Value upper = tripCount(rewriter, loc, adaptor);
    // The scan outputs' static length (from the trip count, or the model's
    // declared output shape) bounds the loop, so that a larger trip count
    // at run time cannot write past them.
    if (!scanTypes.empty())
      upper = rewriter.create<arith::MinSIOp>(
          loc, upper,
          rewriter.create<arith::ConstantIndexOp>(
              loc, scanTypes.front().getDimSize(0)));
    auto forOp = rewriter.create<scf::ForOp>(loc, zero, upper, one, inits);
    Block *block = forOp.getBody();
    // A builder-made terminator (none is made with iter_args) would sit
    // before the moved body.
    if (!block->empty())
      rewriter.eraseOp(&block->back());
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(block);
    Value iv = forOp.getInductionVar();
    Value iter =
        rewriter.create<arith::IndexCastOp>(loc, rewriter.getI64Type(), iv);
    Value cond = rewriter.create<arith::ConstantIntOp>(loc, 1, 1);
    graph::YieldOp yield =
        moveBody(op, block, iter, cond,
                 forOp.getRegionIterArgs().take_front(numCarried), rewriter);

    rewriter.setInsertionPoint(yield);
    // The scan rows are inserted first: writing the carried tensors would
    // otherwise come before reads of the values written.
    SmallVector<Value> next(numCarried);
    for (auto [k, type] : llvm::enumerate(scanTypes)) {
      auto rowType = RankedTensorType::get(type.getShape().drop_front(),
                                           type.getElementType());
      Value row = castIfNeeded(rewriter, loc,
                               yield.getOperand(1 + numCarried + k), rowType);
      int64_t rank = type.getRank();
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[0] = iv;
      SmallVector<OpFoldResult> sizes{rewriter.getIndexAttr(1)};
      for (int64_t d : rowType.getShape())
        sizes.push_back(rewriter.getIndexAttr(d));
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      next.push_back(rewriter.create<tensor::InsertSliceOp>(
          loc, row, forOp.getRegionIterArgs()[numCarried + k], offsets, sizes,
          strides));
    }
    for (size_t i = 0; i < numCarried; ++i)
      next[i] = writeInto(rewriter, loc,
                          castIfNeeded(rewriter, loc, yield.getOperand(1 + i),
                                       initial[i].getType()),
                          forOp.getRegionIterArgs()[i]);
    rewriter.create<scf::YieldOp>(loc, next);
    rewriter.eraseOp(yield);
    return SmallVector<Value>(forOp.getResults());
  }

  static FailureOr<SmallVector<Value>>
  lowerToWhile(graph::LoopOp op, OpAdaptor adaptor, ValueRange initial,
               ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    size_t numCarried = initial.size();
    SmallVector<Value> inits{rewriter.create<arith::ConstantIntOp>(loc, 0, 64),
                             extractScalar(rewriter, loc, adaptor.getCond())};
    llvm::append_range(inits, initial);
    SmallVector<Type> types(ValueRange(inits).getTypes());
    SmallVector<Location> locs(types.size(), loc);
    Value max = adaptor.getMaxTripCount()
                    ? extractScalar(rewriter, loc, adaptor.getMaxTripCount())
                    : Value();
    auto whileOp = rewriter.create<scf::WhileOp>(loc, types, inits);
    OpBuilder::InsertionGuard guard(rewriter);

    // Before: go on while the condition holds and i < max_trip_count.
    Block *before = rewriter.createBlock(
        &whileOp.getBefore(), whileOp.getBefore().end(), types, locs);
    Value go = before->getArgument(1);
    if (max)
      go = rewriter.create<arith::AndIOp>(
          loc, go,
          rewriter.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt,
                                         before->getArgument(0), max));
    rewriter.create<scf::ConditionOp>(loc, go, before->getArguments());

    // After: the body, then the next iteration number and condition.
    Block *after = rewriter.createBlock(&whileOp.getAfter(),
                                        whileOp.getAfter().end(), types, locs);
    graph::YieldOp yield =
        moveBody(op, after, after->getArgument(0), after->getArgument(1),
                 after->getArguments().drop_front(2), rewriter);
    rewriter.setInsertionPoint(yield);
    SmallVector<Value> next{
        rewriter.create<arith::AddIOp>(
            loc, after->getArgument(0),
            rewriter.create<arith::ConstantIntOp>(loc, 1, 64)),
        extractScalar(rewriter, loc, yield.getOperand(0))};
    for (size_t i = 0; i < numCarried; ++i)
      next.push_back(
          writeInto(rewriter, loc,
                    castIfNeeded(rewriter, loc, yield.getOperand(1 + i),
                                 initial[i].getType()),
                    after->getArgument(2 + i)));
    rewriter.create<scf::YieldOp>(loc, next);
    rewriter.eraseOp(yield);
    return SmallVector<Value>(whileOp.getResults().drop_front(2));
  }
};

} // namespace

void populateGraphLoopToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<LoopLowering>(patterns.getContext());
}

} // namespace weft
