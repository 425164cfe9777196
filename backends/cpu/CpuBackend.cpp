//===- CpuBackend.cpp - Compiling linalg to a CPU shared object -----------===//
//
// Runs the kernel pipeline, reads the step schedule from @main, lowers the
// kernels to LLVM IR, optimizes and emits an object for the target CPU, and
// links it into a shared object with LLD.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/CpuBackend.h"

#include "backends/cpu/BuiltinSteps.h"
#include "backends/cpu/Passes.h"
#include "dialects/graph/GraphDialect.h"
#include "dialects/graph/GraphUtils.h"
#include "passes/pipelines/CpuPipeline.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

namespace weft::cpu {
namespace {

constexpr llvm::StringLiteral kLinker = "/usr/lib/llvm-19/bin/ld.lld";

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string diagnosticsOf(MLIRContext *context,
                          llvm::function_ref<LogicalResult()> action,
                          bool &failedAction) {
  std::string messages;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      if (!messages.empty())
        messages += "\n";
      messages += diag.str();
    }
    return success();
  });
  failedAction = failed(action());
  return messages;
}

llvm::Expected<engine::DType> toDType(Type type) {
  if (isa<graph::StringType>(type))
    return engine::DType::String;
  if (type.isF32())
    return engine::DType::F32;
  if (type.isF16())
    return engine::DType::F16;
  if (type.isBF16())
    return engine::DType::BF16;
  if (type.isF64())
    return engine::DType::F64;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1:
      return engine::DType::Bool;
    case 8:
      return isUnsigned ? engine::DType::U8 : engine::DType::I8;
    case 16:
      return isUnsigned ? engine::DType::U16 : engine::DType::I16;
    case 32:
      return isUnsigned ? engine::DType::U32 : engine::DType::I32;
    case 64:
      return isUnsigned ? engine::DType::U64 : engine::DType::I64;
    default:
      break;
    }
  }
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return makeError("cpu backend: element type " + name +
                   " has no engine dtype");
}

int64_t dtypeSize(engine::DType dtype) {
  switch (dtype) {
  case engine::DType::F64:
  case engine::DType::I64:
  case engine::DType::U64:
  case engine::DType::String:
    return 8;
  case engine::DType::F32:
  case engine::DType::I32:
  case engine::DType::U32:
    return 4;
  case engine::DType::F16:
  case engine::DType::BF16:
  case engine::DType::I16:
  case engine::DType::U16:
    return 2;
  default:
    return 1;
  }
}

/// The bytes of a constant, little-endian and dense (bools one per byte).
llvm::Expected<std::vector<uint8_t>> constantBytes(Attribute value,
                                                   int64_t byteSize) {
  std::vector<uint8_t> bytes;
  bytes.reserve(byteSize);
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.getElementType().isInteger(1)) {
      for (bool b : dense.getValues<bool>())
        bytes.push_back(b ? 1 : 0);
    } else {
      ArrayRef<char> raw = dense.getRawData();
      if (dense.isSplat()) {
        while (static_cast<int64_t>(bytes.size()) < byteSize)
          bytes.insert(bytes.end(), raw.begin(), raw.end());
      } else {
        bytes.assign(raw.begin(), raw.end());
      }
    }
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return makeError("cpu backend: a dense_resource constant has no data");
    ArrayRef<char> raw = blob->getData();
    bytes.assign(raw.begin(), raw.end());
  } else {
    return makeError("cpu backend: unsupported constant attribute kind");
  }
  if (static_cast<int64_t>(bytes.size()) != byteSize)
    return makeError("cpu backend: a constant has " +
                     llvm::Twine(bytes.size()) + " bytes, its type needs " +
                     llvm::Twine(byteSize));
  return bytes;
}

/// Reads the buffers and steps of the model from @main after kernel
/// formation.
class ScheduleBuilder {
public:
  explicit ScheduleBuilder(engine::CompiledModel &model) : model(model) {}

  llvm::Error build(ModuleOp module) {
    auto main = module.lookupSymbol<func::FuncOp>("main");
    if (!main)
      return makeError("cpu backend: the module has no func.func @main");
    for (BlockArgument arg : main.getArguments()) {
      auto name =
          main.getArgAttrOfType<StringAttr>(arg.getArgNumber(), "graph.name");
      std::string label =
          name ? name.str() : "input_" + std::to_string(arg.getArgNumber());
      auto id = addBuffer(arg, engine::BufferInfo::Kind::Input, label);
      if (!id)
        return id.takeError();
      model.inputs.push_back(*id);
    }
    for (Operation &op : main.getBody().front()) {
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        if (!isa<ShapedType>(constant.getType()) || constant->use_empty())
          continue;
        auto id =
            addBuffer(constant.getResult(), engine::BufferInfo::Kind::Constant,
                      "constant_" + std::to_string(numConstants++));
        if (!id)
          return id.takeError();
        engine::BufferInfo &info = model.buffers[*id];
        auto bytes = constantBytes(constant.getValue(), info.byteSize);
        if (!bytes)
          return bytes.takeError();
        info.data = std::move(*bytes);
      } else if (auto call = dyn_cast<func::CallOp>(op)) {
        if (llvm::Error error = addStep(module, call))
          return error;
      } else if (graph::isRuntimeBuiltin(&op)) {
        if (llvm::Error error = addBuiltinStep(&op))
          return error;
      } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
        for (OpOperand &operand : ret->getOpOperands()) {
          auto it = ids.find(operand.get());
          if (it == ids.end())
            return makeError("cpu backend: output " +
                             llvm::Twine(operand.getOperandNumber()) +
                             " is not computed by a kernel");
          engine::BufferInfo &info = model.buffers[it->second];
          info.kind = engine::BufferInfo::Kind::Output;
          auto name = main.getResultAttrOfType<StringAttr>(
              operand.getOperandNumber(), "graph.name");
          info.name =
              name ? name.str()
                   : "output_" + std::to_string(operand.getOperandNumber());
          model.outputs.push_back(it->second);
        }
      } else if (llvm::any_of(op.getResultTypes(),
                              [](Type t) { return isa<ShapedType>(t); }) &&
                 !op.use_empty()) {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << op.getName();
        return makeError("cpu backend: @main still computes with '" + text +
                         "' outside a kernel");
      }
    }
    return llvm::Error::success();
  }

private:
  engine::CompiledModel &model;
  DenseMap<Value, int32_t> ids;
  int numConstants = 0;

  /// `bound` is the largest shape of a value whose type has dynamic dims
  /// (a builtin step's result); empty for a static one.
  llvm::Expected<int32_t> addBuffer(Value value, engine::BufferInfo::Kind kind,
                                    std::string name,
                                    std::vector<int64_t> bound = {}) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || (!type.hasStaticShape() && bound.empty()))
      return makeError("cpu backend: '" + name +
                       "' does not have a static shape");
    auto dtype = toDType(type.getElementType());
    if (!dtype)
      return dtype.takeError();
    engine::BufferInfo info;
    info.kind = kind;
    info.name = std::move(name);
    info.dtype = *dtype;
    info.shape.assign(type.getShape().begin(), type.getShape().end());
    int64_t elements = type.hasStaticShape() ? type.getNumElements() : 1;
    if (!type.hasStaticShape()) {
      if (bound.size() != info.shape.size())
        return makeError("cpu backend: '" + info.name +
                         "': its bound has the wrong rank");
      for (int64_t &dim : info.shape)
        if (ShapedType::isDynamic(dim))
          dim = -1;
      info.maxShape = std::move(bound);
      for (int64_t dim : info.maxShape)
        elements *= dim;
    }
    info.byteSize = elements * dtypeSize(*dtype);
    model.buffers.push_back(std::move(info));
    int32_t id = model.buffers.size() - 1;
    ids[value] = id;
    return id;
  }

  /// The largest shape of buffer `id`.
  std::vector<int64_t> boundOf(int32_t id) const {
    const engine::BufferInfo &info = model.buffers[id];
    return info.maxShape.empty() ? info.shape : info.maxShape;
  }

  llvm::Error addBuiltinStep(Operation *op) {
    engine::KernelStep step;
    std::vector<std::vector<int64_t>> operandBounds;
    for (Value operand : op->getOperands()) {
      auto it = ids.find(operand);
      if (it == ids.end())
        return makeError("cpu backend: node '" +
                         graph::getNodeName(op->getLoc()) +
                         "' reads a value that is not a buffer");
      step.buffers.push_back(it->second);
      operandBounds.push_back(boundOf(it->second));
    }
    auto description = describeBuiltin(op, operandBounds);
    if (!description)
      return description.takeError();
    step.builtin = description->name;
    step.symbol = "builtin:" + description->name;
    step.attributes = std::move(description->attributes);
    for (OpResult result : op->getResults()) {
      auto id = addBuffer(
          result, engine::BufferInfo::Kind::Intermediate,
          (step.symbol + "_" + llvm::Twine(model.steps.size()) + ".result" +
           llvm::Twine(result.getResultNumber()))
              .str(),
          description->resultBounds[result.getResultNumber()]);
      if (!id)
        return id.takeError();
      step.buffers.push_back(*id);
    }
    std::string node = graph::getNodeName(op->getLoc());
    if (!node.empty())
      step.nodeNames.push_back(node);
    for (int32_t id : step.buffers)
      step.workload += product(boundOf(id));
    model.steps.push_back(std::move(step));
    return llvm::Error::success();
  }

  static int64_t product(const std::vector<int64_t> &shape) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }

  llvm::Error addStep(ModuleOp module, func::CallOp call) {
    auto kernel = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!kernel || !kernel->hasAttr(kKernelAttr))
      return makeError("cpu backend: @main calls '" + call.getCallee() +
                       "', which is not a kernel");
    engine::KernelStep step;
    step.symbol = (kEntryPrefix + call.getCallee()).str();
    for (Value operand : call.getOperands()) {
      auto it = ids.find(operand);
      if (it == ids.end())
        return makeError("cpu backend: kernel '" + call.getCallee() +
                         "' reads a value that is not a buffer");
      step.buffers.push_back(it->second);
    }
    for (Value result : call.getResults()) {
      auto id =
          addBuffer(result, engine::BufferInfo::Kind::Intermediate,
                    (call.getCallee() + ".result" +
                     llvm::Twine(result.cast<OpResult>().getResultNumber()))
                        .str());
      if (!id)
        return id.takeError();
      step.buffers.push_back(*id);
    }
    if (auto extent = kernel->getAttrOfType<IntegerAttr>(kParallelExtentAttr))
      step.parallelExtent = std::max<int64_t>(1, extent.getInt());
    if (auto workload = kernel->getAttrOfType<IntegerAttr>(kWorkloadAttr))
      step.workload = workload.getInt();
    if (auto nodes = kernel->getAttrOfType<ArrayAttr>(kNodesAttr))
      for (auto name : nodes.getAsValueRange<StringAttr>())
        step.nodeNames.push_back(name.str());
    model.steps.push_back(std::move(step));
    return llvm::Error::success();
  }
};

struct HostTarget {
  std::string triple;
  std::string cpu;
  std::string features;
  /// The enabled features only, as the engine records them.
  std::string enabledFeatures;
};

HostTarget resolveTarget(const CpuTargetOptions &options) {
  HostTarget target;
  target.triple = llvm::sys::getProcessTriple();
  target.cpu =
      options.cpu.empty() ? llvm::sys::getHostCPUName().str() : options.cpu;
  std::vector<std::string> features;
  // An explicit CPU brings its own features; the host's are only the
  // default for the host CPU.
  if (options.cpu.empty()) {
    llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
    std::vector<std::string> names;
    for (auto &entry : host)
      names.push_back((entry.getValue() ? "+" : "-") + entry.getKey().str());
    std::sort(names.begin(), names.end());
    features = std::move(names);
  }
  if (!options.cpuFeatures.empty())
    features.push_back(options.cpuFeatures);
  target.features = llvm::join(features, ",");
  std::vector<std::string> enabled;
  for (const std::string &feature : features)
    if (llvm::StringRef(feature).starts_with("+") ||
        feature == options.cpuFeatures)
      enabled.push_back(feature);
  target.enabledFeatures = llvm::join(enabled, ",");
  return target;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const HostTarget &target, int optLevel) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(target.triple, error);
  if (!llvmTarget)
    return makeError("cpu backend: no LLVM target for '" + target.triple +
                     "': " + error);
  llvm::CodeGenOptLevel level = optLevel <= 0   ? llvm::CodeGenOptLevel::None
                                : optLevel == 1 ? llvm::CodeGenOptLevel::Less
                                : optLevel == 2
                                    ? llvm::CodeGenOptLevel::Default
                                    : llvm::CodeGenOptLevel::Aggressive;
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      target.triple, target.cpu, target.features, targetOptions,
      llvm::Reloc::PIC_, std::nullopt, level));
  if (!machine)
    return makeError("cpu backend: cannot create a target machine for cpu '" +
                     target.cpu + "'");
  return machine;
}

void optimize(llvm::Module &module, llvm::TargetMachine &machine,
              int optLevel) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    function.addFnAttr("target-cpu", machine.getTargetCPU());
    function.addFnAttr("target-features", machine.getTargetFeatureString());
  }
  if (optLevel <= 0)
    return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel == 1   ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  builder.buildPerModuleDefaultPipeline(level).run(module, mam);
}

/// A temporary file removed when this goes out of scope.
struct TempFile {
  llvm::SmallString<128> path;
  ~TempFile() {
    if (!path.empty())
      llvm::sys::fs::remove(path);
  }
};

llvm::Expected<std::vector<uint8_t>>
linkSharedObject(llvm::ArrayRef<char> object) {
  if (!llvm::sys::fs::can_execute(kLinker))
    return makeError("cpu backend: the linker " + kLinker +
                     " is missing (install lld-19)");
  TempFile objectFile, sharedFile;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "weft-kernels", "o", objectFile.path))
    return makeError("cpu backend: cannot create a temporary file: " +
                     ec.message());
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "weft-kernels", "so", sharedFile.path))
    return makeError("cpu backend: cannot create a temporary file: " +
                     ec.message());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(objectFile.path, ec);
    if (ec)
      return makeError("cpu backend: cannot write " + objectFile.path + ": " +
                       ec.message());
    os.write(object.data(), object.size());
  }
  std::string errorMessage;
  llvm::StringRef args[] = {
      kLinker,       "-shared", "--hash-style=gnu", "-z",
      "noexecstack", "-o",      sharedFile.path,    objectFile.path};
  int rc = llvm::sys::ExecuteAndWait(kLinker, args, std::nullopt, {}, 0, 0,
                                     &errorMessage);
  if (rc != 0)
    return makeError("cpu backend: ld.lld failed (exit " + llvm::Twine(rc) +
                     ")" + (errorMessage.empty() ? "" : ": " + errorMessage));
  auto buffer = llvm::MemoryBuffer::getFile(sharedFile.path);
  if (!buffer)
    return makeError("cpu backend: cannot read the linked shared object: " +
                     buffer.getError().message());
  llvm::StringRef data = (*buffer)->getBuffer();
  return std::vector<uint8_t>(data.begin(), data.end());
}

} // namespace

llvm::Expected<engine::CompiledModel>
compileForCpu(ModuleOp module, const CpuTargetOptions &options,
              llvm::raw_ostream *emitStream) {
  if (!options.emit.empty() && options.emit != "linalg" &&
      options.emit != "llvm")
    return makeError("cpu backend: unknown stage '" + options.emit +
                     "' to emit (expected 'linalg' or 'llvm')");
  if (!options.emit.empty() && !emitStream)
    return makeError("cpu backend: --emit needs an output stream");
  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerCpuBackendDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  context->appendDialectRegistry(registry);

  CpuPipelineOptions pipelineOptions;
  auto runPipeline = [&](auto build, const char *stage) -> llvm::Error {
    PassManager pm(context, ModuleOp::getOperationName());
    build(pm, pipelineOptions);
    bool failedRun = false;
    std::string messages = diagnosticsOf(
        context, [&] { return pm.run(module); }, failedRun);
    if (failedRun)
      return makeError(llvm::Twine("cpu backend: ") + stage + " failed" +
                       (messages.empty() ? "" : ":\n" + messages));
    return llvm::Error::success();
  };

  if (llvm::Error error =
          runPipeline(buildCpuKernelPipeline, "kernel formation"))
    return std::move(error);
  if (options.emit == "linalg") {
    module.print(*emitStream);
    return engine::CompiledModel();
  }

  engine::CompiledModel model;
  model.target = "cpu";
  if (llvm::Error error = ScheduleBuilder(model).build(module))
    return std::move(error);
  if (llvm::Error error =
          runPipeline(buildCpuLoweringPipeline, "lowering to LLVM"))
    return std::move(error);

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, "weft_kernels");
  if (!llvmModule)
    return makeError("cpu backend: translation to LLVM IR failed");
  HostTarget target = resolveTarget(options);
  auto machine = createTargetMachine(target, options.optLevel);
  if (!machine)
    return machine.takeError();
  llvmModule->setDataLayout((*machine)->createDataLayout());
  llvmModule->setTargetTriple(target.triple);
  optimize(*llvmModule, **machine, options.optLevel);
  if (options.emit == "llvm") {
    llvmModule->print(*emitStream, nullptr);
    return engine::CompiledModel();
  }

  llvm::SmallVector<char, 0> object;
  {
    llvm::raw_svector_ostream os(object);
    llvm::legacy::PassManager codegen;
    if ((*machine)->addPassesToEmitFile(codegen, os, nullptr,
                                        llvm::CodeGenFileType::ObjectFile))
      return makeError("cpu backend: the target cannot emit object files");
    codegen.run(*llvmModule);
  }
  auto shared = linkSharedObject(object);
  if (!shared)
    return shared.takeError();
  model.codeObject = std::move(*shared);
  model.triple = target.triple;
  model.cpu = target.cpu;
  model.cpuFeatures = target.enabledFeatures;
  return model;
}

} // namespace weft::cpu
