//===- FormKernels.cpp - Grouping @main into outlined kernels -------------===//
//
// Elementwise fusion, then groups of root op + initializing fill + single-use
// elementwise consumer chain, each outlined into a `weft.kernel` function
// that @main calls.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"

#include "dialects/graph/GraphDialect.h"
#include "dialects/graph/GraphUtils.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace weft::cpu {
#define GEN_PASS_DEF_CPUFORMKERNELS
#include "backends/cpu/Passes.h.inc"
} // namespace weft::cpu

using namespace mlir;

namespace weft::cpu {
namespace {

/// Tensor constants with at most this many elements are cloned into the
/// kernels that use them instead of becoming buffers.
constexpr int64_t kInlineConstantElements = 16;

bool isElementwiseGeneric(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return generic && generic.getNumResults() == 1 &&
         generic.getNumReductionLoops() == 0 &&
         llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap map) {
           return map.isProjectedPermutation();
         });
}

/// Ops that stay in @main or are cloned into kernels rather than computed by
/// a kernel of their own.
bool isClonedIntoKernels(Operation *op) {
  if (isa<tensor::EmptyOp>(op) || op->hasTrait<OpTrait::ConstantLike>())
    return true;
  // Scalar computations (shape arithmetic, extracted scalars).
  return llvm::none_of(op->getResultTypes(),
                       [](Type t) { return isa<ShapedType>(t); });
}

bool isInlinableConstant(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  if (!constant)
    return false;
  auto type = dyn_cast<ShapedType>(constant.getType());
  if (!type)
    return true;
  auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  return elements && (elements.isSplat() ||
                      type.getNumElements() <= kInlineConstantElements);
}

/// `user` joins the group whose last op is `tail`: an elementwise generic that
/// reads all of `tail`'s only result in the same iteration order. (A
/// permuted reader, such as the transpose back to NCHW after an NHWC
/// convolution, stays out: tiling the group by the reader's loops would cut
/// the convolution into tiles it does not vectorize well; measured 2x slower
/// on PP-OCRv4 det.)
bool isFusableConsumer(Operation *tail, Operation *user) {
  if (!isa<linalg::LinalgOp>(tail) || !isElementwiseGeneric(user))
    return false;
  auto generic = cast<linalg::GenericOp>(user);
  Value produced = tail->getResult(0);
  for (OpOperand &operand : generic->getOpOperands()) {
    if (operand.get() != produced)
      continue;
    if (!generic.getMatchingIndexingMap(&operand).isIdentity())
      return false;
  }
  return generic.getIndexingMapMatchingResult(generic->getResult(0))
      .isIdentity();
}

/// Every NameLoc name inside `loc`, in order.
void collectNodeNames(Location loc, llvm::SetVector<StringRef> &names) {
  loc->walk([&](Location inner) {
    if (auto name = dyn_cast<NameLoc>(inner))
      names.insert(name.getName().getValue());
    return WalkResult::advance();
  });
}

int64_t estimateWorkload(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp) {
    int64_t elements = 0;
    for (Type type : op->getResultTypes())
      if (auto shaped = dyn_cast<ShapedType>(type);
          shaped && shaped.hasStaticShape())
        elements += shaped.getNumElements();
    return elements;
  }
  int64_t work = 1;
  for (int64_t range : linalgOp.getStaticLoopRanges())
    work *= ShapedType::isDynamic(range) ? 1 : range;
  return work;
}

/// A fill that only initializes a linalg op joins that op's group.
bool isInitFill(Operation *op) {
  if (!isa<linalg::FillOp>(op) || !op->hasOneUse())
    return false;
  OpOperand &use = *op->getResult(0).getUses().begin();
  auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
  return user && user.isDpsInit(&use);
}

/// A reshape or slice whose only user is a linalg op, or an op nested in a
/// loop or branch: it joins that op's kernel, where it bufferizes to a view
/// of the buffer it reads, instead of becoming a copy step of its own.
bool isAbsorbedReshape(Operation *op) {
  if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
           tensor::ExtractSliceOp>(op) ||
      !op->hasOneUse())
    return false;
  Operation *user = *op->getUsers().begin();
  Operation *top = op->getBlock()->findAncestorOpInBlock(*user);
  if (!top)
    return false;
  if (top != user)
    return true;
  return isa<linalg::LinalgOp>(user) || isAbsorbedReshape(user);
}

/// An op that accumulates into (or partly overwrites) a tensor another
/// kernel computed starts from a copy of it made inside its own kernel: the
/// copy then splits for threads with the op (each work item copies its own
/// part), where a kernel argument used as the init would be copied whole by
/// every work item, racing with the others' results. Returns the copy, or
/// null when `init` needs none.
Operation *copyExternalInit(OpOperand &init) {
  Value value = init.get();
  Operation *def = value.getDefiningOp();
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() ||
      (def && (isa<tensor::EmptyOp>(def) || isClonedIntoKernels(def))))
    return nullptr;
  auto linalgOp = cast<linalg::LinalgOp>(init.getOwner());
  // An init the op never reads is overwritten whole: no copy needed.
  if (!linalgOp.payloadUsesValueFromOperand(&init))
    return nullptr;
  OpBuilder builder(init.getOwner());
  Location loc = init.getOwner()->getLoc();
  Value empty = builder.create<tensor::EmptyOp>(loc, type.getShape(),
                                                type.getElementType());
  auto copy = builder.create<linalg::CopyOp>(loc, value, empty);
  init.set(copy->getResult(0));
  return copy;
}

struct KernelGroup {
  SmallVector<Operation *> ops;
};

class FormKernels : public impl::CpuFormKernelsBase<FormKernels> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto main = module.lookupSymbol<func::FuncOp>("main");
    if (!main || main.isExternal()) {
      module.emitError("cpu backend: the module has no func.func @main");
      return signalPassFailure();
    }
    if (failed(fuseElementwise(main)))
      return signalPassFailure();
    SmallVector<KernelGroup> groups = formGroups(main);
    for (KernelGroup &group : groups)
      if (failed(outline(module, main, group)))
        return signalPassFailure();
    if (failed(copyUnwrittenOutputs(module, main)))
      return signalPassFailure();
    eraseDeadOps(main);
  }

private:
  int nextKernel = 0;

  LogicalResult fuseElementwise(func::FuncOp main) {
    RewritePatternSet patterns(&getContext());
    // Only through single-use producers: fusing a shared producer would
    // compute it once per consumer.
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [](OpOperand *fused) {
          Operation *producer = fused->get().getDefiningOp();
          if (!producer || !producer->hasOneUse())
            return false;
          // The fused op takes the consumer's location: fold the producer's
          // in first, so the kernel still names every ONNX node it computes.
          Operation *consumer = fused->getOwner();
          consumer->setLoc(FusedLoc::get(
              consumer->getContext(), {producer->getLoc(), consumer->getLoc()}));
          return true;
        });
    return applyPatternsAndFoldGreedily(main, std::move(patterns));
  }

  SmallVector<KernelGroup> formGroups(func::FuncOp main) {
    SmallVector<KernelGroup> groups;
    DenseSet<Operation *> grouped;
    SmallVector<Operation *> ops;
    for (Operation &op : main.getBody().front().without_terminator())
      ops.push_back(&op);
    for (Operation *op : ops) {
      // Runtime builtins stay in @main: the runtime runs those ops.
      if (grouped.contains(op) || isClonedIntoKernels(op) || isInitFill(op) ||
          isAbsorbedReshape(op) || graph::isRuntimeBuiltin(op))
        continue;
      KernelGroup group;
      // The reshapes feeding `member` (or the ops nested in it) come first,
      // deepest first.
      Block &mainBody = main.getBody().front();
      std::function<void(Operation *)> addReshapes = [&](Operation *member) {
        member->walk([&](Operation *nested) {
          for (Value operand : nested->getOperands()) {
            Operation *def = operand.getDefiningOp();
            if (def && def->getBlock() == &mainBody &&
                isAbsorbedReshape(def) && !grouped.contains(def)) {
              addReshapes(def);
              group.ops.push_back(def);
              grouped.insert(def);
            }
          }
        });
      };
      addReshapes(op);
      if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
        for (OpOperand &init : linalgOp.getDpsInitsMutable()) {
          auto fill = init.get().getDefiningOp<linalg::FillOp>();
          if (fill && fill->hasOneUse() && !grouped.contains(fill)) {
            group.ops.push_back(fill);
            continue;
          }
          if (Operation *copy = copyExternalInit(init))
            group.ops.push_back(copy);
        }
      }
      group.ops.push_back(op);
      Operation *tail = op;
      while (tail->getNumResults() == 1 && tail->getResult(0).hasOneUse()) {
        Operation *user = *tail->getResult(0).getUsers().begin();
        if (grouped.contains(user) || !isFusableConsumer(tail, user))
          break;
        addReshapes(user);
        group.ops.push_back(user);
        tail = user;
      }
      for (Operation *member : group.ops)
        grouped.insert(member);
      groups.push_back(std::move(group));
    }
    return groups;
  }

  /// Clones into the kernel what `value` needs when it comes from outside
  /// the group; returns the kernel-side value, or null when `value` must be
  /// a kernel argument. A scalar computed from a tensor (an if's condition
  /// read from a bool tensor) is cloned with the tensor passed in by
  /// `addArgument`.
  Value cloneExternal(OpBuilder &builder, Value value, IRMapping &mapping,
                      function_ref<Value(Value)> addArgument) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Operation *def = value.getDefiningOp();
    if (!def)
      return nullptr;
    bool isTensor = isa<ShapedType>(value.getType());
    if (isTensor && !isa<tensor::EmptyOp>(def) && !isInlinableConstant(def))
      return nullptr;
    if (!isTensor && !isClonedIntoKernels(def))
      return nullptr;
    for (Value operand : def->getOperands()) {
      if (cloneExternal(builder, operand, mapping, addArgument))
        continue;
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (isTensor || !type || !type.hasStaticShape() || !addArgument(operand))
        return nullptr;
    }
    builder.clone(*def, mapping);
    return mapping.lookup(value);
  }

  LogicalResult outline(ModuleOp module, func::FuncOp main,
                        KernelGroup &group) {
    DenseSet<Operation *> members(group.ops.begin(), group.ops.end());
    // Values the group reads from outside, and results used outside.
    llvm::SetVector<Value> externals;
    llvm::SetVector<Value> escaping;
    Block &mainBody = main.getBody().front();
    auto isInside = [&](Value value) {
      Operation *scope = value.getDefiningOp();
      if (!scope)
        scope = value.getParentBlock()->getParentOp();
      Operation *top = mainBody.findAncestorOpInBlock(*scope);
      return top && members.contains(top);
    };
    for (Operation *op : group.ops) {
      op->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          if (!isInside(operand))
            externals.insert(operand);
      });
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (!members.contains(mainBody.findAncestorOpInBlock(*user)))
            escaping.insert(result);
    }

    // Build the kernel body; external values that are not cloned become
    // arguments.
    MLIRContext *ctx = &getContext();
    OpBuilder builder(ctx);
    std::string name = "kernel_" + std::to_string(nextKernel++);
    auto kernel = func::FuncOp::create(main.getLoc(), name,
                                       builder.getFunctionType({}, {}));
    Block *entry = kernel.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    IRMapping mapping;
    SmallVector<Value> arguments;
    auto addArgument = [&](Value external) -> Value {
      if (Value mapped = mapping.lookupOrNull(external))
        return mapped;
      Value argument = entry->addArgument(external.getType(), external.getLoc());
      mapping.map(external, argument);
      arguments.push_back(external);
      return argument;
    };
    for (Value external : externals) {
      if (mapping.contains(external) ||
          cloneExternal(builder, external, mapping, addArgument))
        continue;
      if (!isa<RankedTensorType>(external.getType()) ||
          !cast<RankedTensorType>(external.getType()).hasStaticShape()) {
        Operation *user = group.ops.back();
        return user->emitError("cpu backend: a kernel needs the value ")
               << external << " that is not a static tensor";
      }
      addArgument(external);
    }
    llvm::SetVector<StringRef> nodes;
    int64_t workload = 0;
    for (Operation *op : group.ops) {
      builder.clone(*op, mapping);
      collectNodeNames(op->getLoc(), nodes);
      workload += estimateWorkload(op);
    }
    SmallVector<Value> results;
    for (Value value : escaping)
      results.push_back(mapping.lookup(value));
    builder.create<func::ReturnOp>(group.ops.back()->getLoc(), results);
    kernel.setFunctionType(builder.getFunctionType(
        entry->getArgumentTypes(), ValueRange(results).getTypes()));
    kernel.setPrivate();
    kernel->setAttr(kKernelAttr, builder.getUnitAttr());
    kernel->setAttr(kNodesAttr, builder.getStrArrayAttr(SmallVector<StringRef>(
                                    nodes.begin(), nodes.end())));
    kernel->setAttr(kWorkloadAttr, builder.getI64IntegerAttr(workload));
    module.getBody()->push_back(kernel);

    // Call it where the group's last op was.
    builder.setInsertionPoint(group.ops.back());
    auto call = builder.create<func::CallOp>(group.ops.back()->getLoc(), kernel,
                                             arguments);
    for (auto [value, replacement] : llvm::zip(escaping, call.getResults()))
      Value(value).replaceAllUsesWith(replacement);
    for (Operation *op : llvm::reverse(group.ops))
      op->erase();
    return success();
  }

  /// A model output must be written by a step: copy inputs, constants and
  /// repeated results into fresh buffers.
  LogicalResult copyUnwrittenOutputs(ModuleOp module, func::FuncOp main) {
    auto ret = cast<func::ReturnOp>(main.getBody().front().getTerminator());
    DenseSet<Value> written;
    for (OpOperand &operand : ret->getOpOperands()) {
      Value value = operand.get();
      Operation *def = value.getDefiningOp();
      bool fromKernel = def && (isa<func::CallOp>(def) ||
                                graph::isRuntimeBuiltin(def));
      if (fromKernel && written.insert(value).second)
        continue;
      auto type = dyn_cast<RankedTensorType>(value.getType());
      if (!type || !type.hasStaticShape())
        return main.emitError("cpu backend: output ")
               << operand.getOperandNumber() << " is not a static tensor";
      if (isa<graph::StringType>(type.getElementType()))
        return main.emitError("cpu backend: output ")
               << operand.getOperandNumber()
               << " is a string tensor no builtin step computes (an input "
                  "or a repeated output); strings cannot be copied";
      OpBuilder builder(ret);
      Location loc = value.getLoc();
      auto empty = builder.create<tensor::EmptyOp>(loc, type.getShape(),
                                                   type.getElementType());
      auto copy = builder.create<linalg::CopyOp>(loc, value, empty.getResult());
      operand.set(copy->getResult(0));
      KernelGroup group;
      group.ops.push_back(copy);
      if (failed(outline(module, main, group)))
        return failure();
    }
    return success();
  }

  void eraseDeadOps(func::FuncOp main) {
    SmallVector<Operation *> ops;
    for (Operation &op : main.getBody().front().without_terminator())
      ops.push_back(&op);
    for (Operation *op : llvm::reverse(ops))
      if (op->use_empty() && isClonedIntoKernels(op) && isMemoryEffectFree(op))
        op->erase();
  }
};

} // namespace
} // namespace weft::cpu
