//===- RuntimeTestModel.h - A tiny engine for the runtime tests -*- C++ -*-===//
//
// A CompiledModel over the kernels of RuntimeTestKernels.c:
//
//   t1 = x + w;  t2 = 2 * t1;  t3 = t2 + x;  y = relu(t3);  marks[i] += i + 1
//
// x is an input, w a constant, y and marks outputs (float32 4x8, int64 16),
// t1..t3 a chain of intermediates (t1 and t3 can share arena space).
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_TEST_UNIT_RUNTIMETESTMODEL_H
#define WEFT_TEST_UNIT_RUNTIMETESTMODEL_H

#include "compiler/engine/EngineWriter.h"
#include "weft/runtime.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace weft::test {

inline std::vector<uint8_t> readTestKernels() {
  std::ifstream file(WEFT_TEST_KERNELS_PATH, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(file), {});
}

inline std::string getHostTripleForTests() { return weft_host_triple(); }

inline engine::BufferInfo makeBuffer(engine::BufferInfo::Kind kind,
                                     std::string name, engine::DType dtype,
                                     std::vector<int64_t> shape) {
  engine::BufferInfo buffer;
  buffer.kind = kind;
  buffer.name = std::move(name);
  buffer.dtype = dtype;
  buffer.shape = std::move(shape);
  buffer.byteSize = engine::getDTypeSize(dtype);
  for (int64_t dim : buffer.shape)
    buffer.byteSize *= dim;
  return buffer;
}

/// The weight constant: w[i] = (i % 5) - 2.
inline std::vector<float> getTestWeights() {
  std::vector<float> weights(32);
  for (int i = 0; i < 32; ++i)
    weights[i] = float(i % 5) - 2.0f;
  return weights;
}

enum TestBuffer { X = 0, W, T1, T2, T3, Y, Marks };

inline engine::CompiledModel makeTestModel() {
  using Kind = engine::BufferInfo::Kind;
  using engine::DType;
  engine::CompiledModel model;
  model.target = "cpu";
  model.triple = getHostTripleForTests();
  model.cpu = "generic";
  model.cpuFeatures = "+sse2";
  model.buffers = {
      makeBuffer(Kind::Input, "x", DType::F32, {4, 8}),
      makeBuffer(Kind::Constant, "w", DType::F32, {4, 8}),
      makeBuffer(Kind::Intermediate, "t1", DType::F32, {4, 8}),
      makeBuffer(Kind::Intermediate, "t2", DType::F32, {4, 8}),
      makeBuffer(Kind::Intermediate, "t3", DType::F32, {4, 8}),
      makeBuffer(Kind::Output, "y", DType::F32, {4, 8}),
      makeBuffer(Kind::Output, "marks", DType::I64, {16}),
  };
  std::vector<float> weights = getTestWeights();
  model.buffers[W].data.resize(weights.size() * sizeof(float));
  std::memcpy(model.buffers[W].data.data(), weights.data(),
              model.buffers[W].data.size());
  model.inputs = {X};
  model.outputs = {Y, Marks};
  model.codeObject = readTestKernels();
  auto step = [](std::string symbol, std::vector<int32_t> buffers,
                 int64_t extent, std::string node) {
    engine::KernelStep step;
    step.symbol = std::move(symbol);
    step.buffers = std::move(buffers);
    step.parallelExtent = extent;
    step.nodeNames = {std::move(node)};
    step.workload = extent * 8;
    return step;
  };
  model.steps = {
      step("weft_test_add", {X, W, T1}, 4, "add_0"),
      step("weft_test_scale2", {T1, T2}, 4, "mul_1"),
      step("weft_test_add", {T2, X, T3}, 4, "add_2"),
      step("weft_test_relu", {T3, Y}, 4, "relu_3"),
      step("weft_test_mark", {Marks}, 16, "mark_4"),
  };
  return model;
}

/// Serializes `model`; fails the calling test on a writer error.
inline std::vector<uint8_t>
writeTestEngine(const engine::CompiledModel &model) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  engine::EngineWriteOptions options;
  options.compilerVersion = "weft-test";
  options.sourceModel = "runtime-test.onnx";
  if (llvm::Error error = engine::writeEngine(model, options, os)) {
    llvm::consumeError(std::move(error));
    return {};
  }
  os.flush();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

/// The input x[i] = (i % 7) - 3 and the expected y = relu(2 (x + w) + x).
inline std::vector<float> getTestInput() {
  std::vector<float> x(32);
  for (int i = 0; i < 32; ++i)
    x[i] = float(i % 7) - 3.0f;
  return x;
}

inline std::vector<float> getExpectedOutput() {
  std::vector<float> x = getTestInput(), w = getTestWeights(), y(32);
  for (int i = 0; i < 32; ++i)
    y[i] = std::max(0.0f, 2.0f * (x[i] + w[i]) + x[i]);
  return y;
}

/// Takes a status, returns its message (or "ok") and frees it.
inline std::string consume(weft_status *status) {
  std::string message = weft_status_message(status);
  weft_status_free(status);
  return message;
}

/// Takes a status, returns its code and frees it.
inline weft_code consumeCode(weft_status *status) {
  weft_code code = weft_status_code(status);
  weft_status_free(status);
  return code;
}

} // namespace weft::test

#endif // WEFT_TEST_UNIT_RUNTIMETESTMODEL_H
