//===- CpuBackendTest.cpp - Compiling linalg modules and running them -----===//
//
// Compiles small linalg modules with weft::cpu::compileForCpu, loads the
// shared object with dlopen, runs every step through the kernel ABI with the
// parallel range split into uneven pieces (run in reverse order, as threads
// may), and compares the outputs with naive C++ references.
//
// Tolerance: |got - want| <= 1e-4 * (1 + |want|). Tiling and vectorization
// change the fp32 summation order of the reductions (up to a few hundred
// terms here), and exp/tanh/erf use polynomial approximations accurate to a
// few ulp; 1e-4 is far above both and far below any indexing mistake.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/CpuBackend.h"
#include "passes/pipelines/CpuPipeline.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <dlfcn.h>
#include <functional>
#include <map>
#include <random>

namespace {

using weft::engine::BufferInfo;
using weft::engine::CompiledModel;
using Kernel = void (*)(void **, int64_t, int64_t);

constexpr double kTolerance = 1e-4;

/// A 64-byte aligned float buffer (the ABI's alignment).
struct AlignedBuffer {
  void *data = nullptr;
  explicit AlignedBuffer(int64_t bytes) {
    data =
        std::aligned_alloc(64, ((std::max<int64_t>(bytes, 1) + 63) / 64) * 64);
  }
  ~AlignedBuffer() { std::free(data); }
  float *f32() { return static_cast<float *>(data); }
};

class CpuBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    mlir::DialectRegistry registry;
    weft::registerCpuBackendDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  void TearDown() override {
    if (handle)
      dlclose(handle);
    if (!soPath.empty())
      llvm::sys::fs::remove(soPath);
  }

  /// Compiles `source`, fills the inputs with `inputs[name]` (or seeded
  /// random values), runs every step and returns the outputs by name.
  std::map<std::string, std::vector<float>>
  compileAndRun(const std::string &source,
                std::map<std::string, std::vector<float>> &inputs) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return {};
    weft::cpu::CpuTargetOptions options;
    llvm::Expected<CompiledModel> compiled =
        weft::cpu::compileForCpu(*module, options);
    if (!compiled) {
      ADD_FAILURE() << llvm::toString(compiled.takeError());
      return {};
    }
    model = std::move(*compiled);
    EXPECT_FALSE(model.codeObject.empty());
    EXPECT_FALSE(model.triple.empty());
    loadCodeObject();
    if (!handle)
      return {};

    std::mt19937 rng(42);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    std::vector<std::unique_ptr<AlignedBuffer>> buffers;
    for (BufferInfo &info : model.buffers) {
      buffers.push_back(std::make_unique<AlignedBuffer>(info.byteSize));
      int64_t count = info.byteSize / 4;
      float *data = buffers.back()->f32();
      if (info.kind == BufferInfo::Kind::Constant) {
        std::memcpy(data, info.data.data(), info.byteSize);
      } else if (info.kind == BufferInfo::Kind::Input) {
        std::vector<float> &values = inputs[info.name];
        if (values.empty())
          for (int64_t i = 0; i < count; ++i)
            values.push_back(dist(rng));
        EXPECT_EQ(static_cast<int64_t>(values.size()), count) << info.name;
        std::memcpy(data, values.data(), info.byteSize);
      } else {
        // Garbage, so a kernel that skips part of its output is caught.
        for (int64_t i = 0; i < count; ++i)
          data[i] = std::nanf("");
      }
    }
    for (const weft::engine::KernelStep &step : model.steps) {
      auto kernel =
          reinterpret_cast<Kernel>(dlsym(handle, step.symbol.c_str()));
      EXPECT_NE(kernel, nullptr) << step.symbol;
      if (!kernel)
        return {};
      std::vector<void *> args;
      for (int32_t id : step.buffers)
        args.push_back(buffers[id]->data);
      // Uneven pieces, last first.
      int64_t extent = step.parallelExtent;
      std::vector<std::pair<int64_t, int64_t>> ranges;
      for (int64_t begin = 0, piece = 1; begin < extent;
           begin += piece, ++piece)
        ranges.push_back({begin, std::min(extent, begin + piece)});
      for (auto it = ranges.rbegin(); it != ranges.rend(); ++it)
        kernel(args.data(), it->first, it->second);
    }
    std::map<std::string, std::vector<float>> outputs;
    for (int32_t id : model.outputs) {
      float *data = buffers[id]->f32();
      outputs[model.buffers[id].name] =
          std::vector<float>(data, data + model.buffers[id].byteSize / 4);
    }
    return outputs;
  }

  void loadCodeObject() {
    int fd = -1;
    ASSERT_FALSE(
        llvm::sys::fs::createTemporaryFile("weft-cpu-test", "so", fd, soPath));
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os.write(reinterpret_cast<const char *>(model.codeObject.data()),
               model.codeObject.size());
    }
    handle = dlopen(soPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(handle, nullptr) << dlerror();
  }

  mlir::MLIRContext context;
  CompiledModel model;
  llvm::SmallString<128> soPath;
  void *handle = nullptr;
};

void expectClose(const std::vector<float> &got,
                 const std::vector<float> &want) {
  ASSERT_EQ(got.size(), want.size());
  int reported = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    double error = std::fabs(double(got[i]) - double(want[i]));
    if (!(error <= kTolerance * (1.0 + std::fabs(want[i]))) && reported++ < 5)
      ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want "
                    << want[i];
  }
}

TEST_F(CpuBackendTest, MatmulWithBiasAndRelu) {
  const char *source = R"mlir(
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<48x96xf32> {graph.name = "a"},
                %b: tensor<96x80xf32> {graph.name = "b"},
                %bias: tensor<80xf32> {graph.name = "bias"})
    -> (tensor<48x80xf32> {graph.name = "y"}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<48x80xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<48x80xf32>) -> tensor<48x80xf32>
  %m = linalg.matmul ins(%a, %b : tensor<48x96xf32>, tensor<96x80xf32>)
                     outs(%f : tensor<48x80xf32>) -> tensor<48x80xf32>
  %e2 = tensor.empty() : tensor<48x80xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<48x80xf32>, tensor<80xf32>) outs(%e2 : tensor<48x80xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  } -> tensor<48x80xf32>
  return %r : tensor<48x80xf32>
}
)mlir";
  std::map<std::string, std::vector<float>> inputs;
  auto outputs = compileAndRun(source, inputs);
  ASSERT_EQ(outputs.count("y"), 1u);
  ASSERT_EQ(model.steps.size(), 1u) << "matmul, bias and relu form one kernel";
  EXPECT_GT(model.steps[0].parallelExtent, 1);
  std::vector<float> &a = inputs["a"], &b = inputs["b"], &bias = inputs["bias"];
  std::vector<float> want(48 * 80);
  for (int i = 0; i < 48; ++i)
    for (int j = 0; j < 80; ++j) {
      double sum = 0;
      for (int k = 0; k < 96; ++k)
        sum += double(a[i * 96 + k]) * b[k * 80 + j];
      want[i * 80 + j] = std::max(0.0, sum + bias[j]);
    }
  expectClose(outputs["y"], want);
}

TEST_F(CpuBackendTest, ConvBiasReluResidual) {
  const char *source = R"mlir(
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @main(%x: tensor<1x8x12x14xf32> {graph.name = "x"},
                %w: tensor<16x8x3x3xf32> {graph.name = "w"},
                %bias: tensor<16xf32> {graph.name = "bias"},
                %res: tensor<1x16x5x6xf32> {graph.name = "res"})
    -> (tensor<1x16x5x6xf32> {graph.name = "y"}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x5x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x5x6xf32>) -> tensor<1x16x5x6xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x8x12x14xf32>, tensor<16x8x3x3xf32>)
      outs(%f : tensor<1x16x5x6xf32>) -> tensor<1x16x5x6xf32>
  %e2 = tensor.empty() : tensor<1x16x5x6xf32>
  %r = linalg.generic {indexing_maps = [#id, #ch, #id, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias, %res : tensor<1x16x5x6xf32>, tensor<16xf32>, tensor<1x16x5x6xf32>)
      outs(%e2 : tensor<1x16x5x6xf32>) {
  ^bb0(%v: f32, %b: f32, %s: f32, %o: f32):
    %0 = arith.addf %v, %b : f32
    %1 = arith.maximumf %0, %zero : f32
    %2 = arith.addf %1, %s : f32
    linalg.yield %2 : f32
  } -> tensor<1x16x5x6xf32>
  return %r : tensor<1x16x5x6xf32>
}
)mlir";
  std::map<std::string, std::vector<float>> inputs;
  auto outputs = compileAndRun(source, inputs);
  ASSERT_EQ(outputs.count("y"), 1u);
  // A 3x3 conv runs in NHWC (cpu-conv-to-nhwc): the input and the filter go
  // to NHWC in steps of their own, then the conv, then one kernel for the
  // transpose back to NCHW fused with bias + relu + residual add.
  // (1x1 convs and matmuls keep their epilogue in their own kernel.)
  EXPECT_EQ(model.steps.size(), 4u);
  std::vector<float> &x = inputs["x"], &w = inputs["w"], &bias = inputs["bias"],
                     &res = inputs["res"];
  std::vector<float> want(16 * 5 * 6);
  for (int f = 0; f < 16; ++f)
    for (int oh = 0; oh < 5; ++oh)
      for (int ow = 0; ow < 6; ++ow) {
        double sum = 0;
        for (int c = 0; c < 8; ++c)
          for (int kh = 0; kh < 3; ++kh)
            for (int kw = 0; kw < 3; ++kw)
              sum += double(x[(c * 12 + oh * 2 + kh) * 14 + ow * 2 + kw]) *
                     w[((f * 8 + c) * 3 + kh) * 3 + kw];
        int o = (f * 5 + oh) * 6 + ow;
        want[o] = std::max(0.0, sum + bias[f]) + res[o];
      }
  expectClose(outputs["y"], want);
}

TEST_F(CpuBackendTest, ElementwiseChainIsOneKernel) {
  const char *source = R"mlir(
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<6x40xf32> {graph.name = "x"})
    -> (tensor<6x40xf32> {graph.name = "y"}) {
  %e = tensor.empty() : tensor<6x40xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<6x40xf32>) outs(%e : tensor<6x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<6x40xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<6x40xf32>) outs(%e : tensor<6x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.exp %a : f32
    linalg.yield %t : f32
  } -> tensor<6x40xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%1, %x : tensor<6x40xf32>, tensor<6x40xf32>) outs(%e : tensor<6x40xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %t = math.erf %b : f32
    %s = arith.mulf %a, %t : f32
    linalg.yield %s : f32
  } -> tensor<6x40xf32>
  return %2 : tensor<6x40xf32>
}
)mlir";
  std::map<std::string, std::vector<float>> inputs;
  auto outputs = compileAndRun(source, inputs);
  ASSERT_EQ(outputs.count("y"), 1u);
  EXPECT_EQ(model.steps.size(), 1u);
  std::vector<float> want;
  for (float v : inputs["x"])
    want.push_back(std::exp(std::tanh(v)) * std::erf(v));
  expectClose(outputs["y"], want);
}

TEST_F(CpuBackendTest, ReductionAndOutputThatIsAnInput) {
  const char *source = R"mlir(
func.func @main(%x: tensor<5x300xf32> {graph.name = "x"})
    -> (tensor<5xf32> {graph.name = "sum"}, tensor<5x300xf32> {graph.name = "same"}) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %s = linalg.reduce ins(%x : tensor<5x300xf32>) outs(%f : tensor<5xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    }
  return %s, %x : tensor<5xf32>, tensor<5x300xf32>
}
)mlir";
  std::map<std::string, std::vector<float>> inputs;
  auto outputs = compileAndRun(source, inputs);
  ASSERT_EQ(outputs.size(), 2u);
  // The reduction and a copy kernel for the output that is an input.
  EXPECT_EQ(model.steps.size(), 2u);
  std::vector<float> &x = inputs["x"];
  std::vector<float> want(5);
  for (int i = 0; i < 5; ++i) {
    double sum = 0;
    for (int k = 0; k < 300; ++k)
      sum += x[i * 300 + k];
    want[i] = sum;
  }
  expectClose(outputs["sum"], want);
  expectClose(outputs["same"], x);
}

TEST_F(CpuBackendTest, ModuleWithoutMainIsAnError) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>("func.func @f() { return }",
                                              &context);
  ASSERT_TRUE(module);
  auto compiled = weft::cpu::compileForCpu(*module, {});
  ASSERT_FALSE(compiled);
  EXPECT_NE(llvm::toString(compiled.takeError()).find("no func.func @main"),
            std::string::npos);
}

TEST_F(CpuBackendTest, UnknownEmitStageIsAnError) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>("func.func @main() { return }",
                                              &context);
  ASSERT_TRUE(module);
  weft::cpu::CpuTargetOptions options;
  options.emit = "asm";
  std::string text;
  llvm::raw_string_ostream os(text);
  auto compiled = weft::cpu::compileForCpu(*module, options, &os);
  ASSERT_FALSE(compiled);
  EXPECT_NE(llvm::toString(compiled.takeError()).find("unknown stage 'asm'"),
            std::string::npos);
}

TEST_F(CpuBackendTest, EmitLlvmPrintsTheKernelEntry) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<64xf32> {graph.name = "x"}) -> (tensor<64xf32> {graph.name = "y"}) {
  %e = tensor.empty() : tensor<64xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %0 : tensor<64xf32>
}
)mlir",
                                              &context);
  ASSERT_TRUE(module);
  weft::cpu::CpuTargetOptions options;
  options.emit = "llvm";
  std::string text;
  llvm::raw_string_ostream os(text);
  auto compiled = weft::cpu::compileForCpu(*module, options, &os);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  EXPECT_NE(text.find("define void @weft_kernel_0(ptr"), std::string::npos)
      << text;
}

} // namespace
