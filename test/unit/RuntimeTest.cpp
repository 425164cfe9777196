//===- RuntimeTest.cpp - Loading and running engines ----------------------===//
//
// Engines built here with writeEngine from RuntimeTestModel.h, whose code is
// a real shared object: load, run, compare outputs exactly (the kernels do
// float additions and multiplications by 2, exact in any order).
//
//===----------------------------------------------------------------------===//

#include "test/unit/RuntimeTestModel.h"

#include "weft/runtime.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace weft::test {
namespace {

using runtime::Context;
using runtime::Engine;
using runtime::EngineInfo;

class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    bytes = writeTestEngine(makeTestModel());
    ASSERT_FALSE(bytes.empty());
    runtime::Status status =
        Engine::loadMemory(bytes.data(), bytes.size(), engine);
    ASSERT_TRUE(status.ok()) << status.message();
  }

  /// Runs a fresh context with `threads`; returns y and marks.
  void runWith(int threads, std::vector<float> &y, std::vector<int64_t> &marks,
               int runs = 1) {
    Context context;
    ASSERT_TRUE(Context::create(engine, threads, false, context).ok());
    std::vector<float> x = getTestInput();
    runtime::Status status =
        context.setInput("x", WEFT_DTYPE_F32, x.data(), x.size() * 4, {4, 8});
    ASSERT_TRUE(status.ok()) << status.message();
    for (int i = 0; i < runs; ++i)
      ASSERT_TRUE(context.run().ok());
    weft_tensor_desc desc;
    const void *data = nullptr;
    ASSERT_TRUE(context.output("y", desc, data).ok());
    ASSERT_EQ(desc.byte_size, 128u);
    y.assign(static_cast<const float *>(data),
             static_cast<const float *>(data) + 32);
    ASSERT_TRUE(context.output(1, desc, data).ok());
    EXPECT_EQ(desc.dtype, WEFT_DTYPE_I64);
    marks.assign(static_cast<const int64_t *>(data),
                 static_cast<const int64_t *>(data) + 16);
  }

  std::vector<uint8_t> bytes;
  Engine engine;
};

TEST_F(RuntimeTest, DescribesInputsAndOutputs) {
  ASSERT_EQ(engine.numInputs(), 1u);
  ASSERT_EQ(engine.numOutputs(), 2u);
  weft_tensor_desc x = engine.input(0);
  EXPECT_STREQ(x.name, "x");
  EXPECT_EQ(x.dtype, WEFT_DTYPE_F32);
  ASSERT_EQ(x.rank, 2);
  EXPECT_EQ(x.dims[0], 4);
  EXPECT_EQ(x.dims[1], 8);
  EXPECT_EQ(x.byte_size, 128u);
  EXPECT_STREQ(engine.output(1).name, "marks");
  size_t index = 99;
  EXPECT_EQ(consume(weft_engine_find_output(engine.get(), "marks", &index)),
            "ok");
  EXPECT_EQ(index, 1u);
}

TEST_F(RuntimeTest, RunsTheStepsInOrder) {
  std::vector<float> y;
  std::vector<int64_t> marks;
  runWith(1, y, marks);
  EXPECT_EQ(y, getExpectedOutput());
  for (int64_t i = 0; i < 16; ++i)
    EXPECT_EQ(marks[i], i + 1) << "iteration " << i;
}

TEST_F(RuntimeTest, ThreadsGiveTheSameResultsAndCoverEachIterationOnce) {
  std::vector<float> y1, y2, y4;
  std::vector<int64_t> marks1, marks2, marks4;
  runWith(1, y1, marks1, 3);
  runWith(2, y2, marks2, 3);
  runWith(4, y4, marks4, 3);
  EXPECT_EQ(y1, getExpectedOutput());
  EXPECT_EQ(y1, y2);
  EXPECT_EQ(y1, y4);
  // Outputs persist across runs, so three runs mark each iteration 3 times.
  for (int64_t i = 0; i < 16; ++i) {
    EXPECT_EQ(marks1[i], 3 * (i + 1));
    EXPECT_EQ(marks2[i], marks1[i]);
    EXPECT_EQ(marks4[i], marks1[i]);
  }
}

TEST_F(RuntimeTest, ContextsShareOneEngineAndOutliveIt) {
  Context first, second;
  ASSERT_TRUE(Context::create(engine, 1, false, first).ok());
  ASSERT_TRUE(Context::create(engine, 2, false, second).ok());
  EXPECT_EQ(second.threads(), 2);
  engine.reset(nullptr); // the contexts keep it alive
  std::vector<float> x = getTestInput(), zeros(32, 0.0f);
  ASSERT_TRUE(first.setInput(0, WEFT_DTYPE_F32, x.data(), 128).ok());
  ASSERT_TRUE(second.setInput(0, WEFT_DTYPE_F32, zeros.data(), 128).ok());
  ASSERT_TRUE(first.run().ok());
  ASSERT_TRUE(second.run().ok());
  weft_tensor_desc desc;
  const void *a = nullptr, *b = nullptr;
  ASSERT_TRUE(first.output(0, desc, a).ok());
  ASSERT_TRUE(second.output(0, desc, b).ok());
  EXPECT_EQ(std::vector<float>(static_cast<const float *>(a),
                               static_cast<const float *>(a) + 32),
            getExpectedOutput());
  // With x = 0, y = relu(2 w).
  std::vector<float> w = getTestWeights();
  for (int i = 0; i < 32; ++i)
    EXPECT_EQ(static_cast<const float *>(b)[i], std::max(0.0f, 2 * w[i]));
}

TEST_F(RuntimeTest, InputBufferIsWrittenInPlace) {
  Context context;
  ASSERT_TRUE(Context::create(engine, 1, false, context).ok());
  void *data = nullptr;
  size_t size = 0;
  ASSERT_TRUE(context.inputBuffer(0, data, size).ok());
  ASSERT_EQ(size, 128u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % 64, 0u);
  std::vector<float> x = getTestInput();
  std::memcpy(data, x.data(), size);
  ASSERT_TRUE(context.run().ok());
  weft_tensor_desc desc;
  const void *y = nullptr;
  ASSERT_TRUE(context.output(0, desc, y).ok());
  EXPECT_EQ(std::memcmp(y, getExpectedOutput().data(), 128), 0);
}

TEST_F(RuntimeTest, LoadsFromAFile) {
  std::string path = ::testing::TempDir() + "runtime-test.weft";
  {
    std::ofstream file(path, std::ios::binary);
    file.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  }
  Engine fromFile;
  runtime::Status status = Engine::loadFile(path, fromFile);
  ASSERT_TRUE(status.ok()) << status.message();
  Context context;
  ASSERT_TRUE(Context::create(fromFile, 2, false, context).ok());
  std::vector<float> x = getTestInput();
  ASSERT_TRUE(context.setInput("x", WEFT_DTYPE_F32, x.data(), 128).ok());
  ASSERT_TRUE(context.run().ok());
  weft_tensor_desc desc;
  const void *y = nullptr;
  ASSERT_TRUE(context.output(0, desc, y).ok());
  EXPECT_EQ(std::memcmp(y, getExpectedOutput().data(), 128), 0);

  // The cheap header query reads the same file without loading code.
  EngineInfo info;
  ASSERT_TRUE(EngineInfo::readFile(path, info).ok());
  EXPECT_EQ(info->file_size, bytes.size());
  EXPECT_TRUE(info.checkTarget().ok());
  std::remove(path.c_str());
}

TEST_F(RuntimeTest, InfoDescribesTheEngine) {
  EngineInfo info;
  ASSERT_TRUE(EngineInfo::readMemory(bytes.data(), bytes.size(), info).ok());
  EXPECT_EQ(info->format_version_major, weft_format_version_major());
  EXPECT_STREQ(info->compiler_version, "weft-test");
  EXPECT_STREQ(info->source_model, "runtime-test.onnx");
  EXPECT_STREQ(info->target_kind, "cpu");
  EXPECT_EQ(std::string(info->target_triple), weft_host_triple());
  ASSERT_EQ(info->num_steps, 5u);
  EXPECT_STREQ(info->steps[1].kernel, "weft_test_scale2");
  ASSERT_EQ(info->steps[1].num_nodes, 1);
  EXPECT_STREQ(info->steps[1].node_names[0], "mul_1");
  EXPECT_EQ(info->steps[4].parallel_extent, 16);
  EXPECT_EQ(info->intermediates_size, 3u * 128u);
  EXPECT_EQ(info->arena_size, 2u * 128u);
  EXPECT_EQ(info->constants_size, 128u);
  EXPECT_EQ(info->code_size, readTestKernels().size());
  EXPECT_EQ(info->data_offset % 64, 0u);
  for (size_t i = 0; i < info->num_blobs; ++i)
    EXPECT_EQ(info->blobs[i].offset % 64, 0u) << "blob " << i;
  ASSERT_EQ(info->num_buffers, 7u);
  EXPECT_EQ(info->buffers[W].kind, WEFT_BUFFER_CONSTANT);
  EXPECT_EQ(info->buffers[W].blob, 0);
  EXPECT_EQ(info->buffers[X].arena_offset, -1);

  std::string json = info.toJson();
  EXPECT_NE(json.find("\"arena_bytes\":256"), std::string::npos) << json;
  EXPECT_NE(json.find("\"intermediates_bytes\":384"), std::string::npos);
  EXPECT_NE(json.find("\"nodes\":[\"relu_3\"]"), std::string::npos);
  EXPECT_NE(json.find("\"name\":\"x\",\"dtype\":\"float32\",\"shape\":[4,8]"),
            std::string::npos);
}

TEST_F(RuntimeTest, ProfilesEveryStepAndWritesAChromeTrace) {
  Context context;
  ASSERT_TRUE(Context::create(engine, 2, true, context).ok());
  std::vector<float> x = getTestInput();
  ASSERT_TRUE(context.setInput("x", WEFT_DTYPE_F32, x.data(), 128).ok());
  ASSERT_TRUE(context.run().ok());
  ASSERT_TRUE(context.run().ok());
  ASSERT_EQ(context.profileSize(), 5u);
  weft_step_profile profile;
  ASSERT_TRUE(context.profileStep(3, profile).ok());
  EXPECT_STREQ(profile.kernel, "weft_test_relu");
  ASSERT_EQ(profile.num_nodes, 1);
  EXPECT_STREQ(profile.node_names[0], "relu_3");
  EXPECT_EQ(profile.runs, 2u);
  EXPECT_GE(profile.total_ns, profile.last_ns);

  std::string path = ::testing::TempDir() + "runtime-test-trace.json";
  ASSERT_TRUE(context.writeTrace(path).ok());
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::string trace = text.str();
  EXPECT_EQ(trace.rfind("{\"displayTimeUnit\"", 0), 0u);
  EXPECT_NE(trace.find("\"traceEvents\":["), std::string::npos);
  size_t events = 0;
  for (size_t at = trace.find("\"ph\":\"X\""); at != std::string::npos;
       at = trace.find("\"ph\":\"X\"", at + 1))
    ++events;
  EXPECT_EQ(events, 10u); // 5 steps x 2 runs
  EXPECT_NE(trace.find("\"name\":\"weft_test_mark\""), std::string::npos);
  EXPECT_NE(trace.find("\"nodes\":[\"mark_4\"]"), std::string::npos);
  std::remove(path.c_str());

  context.resetProfile();
  ASSERT_TRUE(context.profileStep(3, profile).ok());
  EXPECT_EQ(profile.runs, 0u);
}

TEST_F(RuntimeTest, ProfilingOffHasNoProfile) {
  Context context;
  ASSERT_TRUE(Context::create(engine, 1, false, context).ok());
  EXPECT_EQ(context.profileSize(), 0u);
  weft_step_profile profile;
  runtime::Status status = context.profileStep(0, profile);
  EXPECT_EQ(status.code(), WEFT_FAILED_PRECONDITION);
  EXPECT_EQ(status.message(), "the context was created without profiling");
  EXPECT_EQ(context.writeTrace("/nonexistent/trace.json").code(),
            WEFT_FAILED_PRECONDITION);
}

//===--- Input and output errors ------------------------------------------===//

class RuntimeInputTest : public RuntimeTest {
protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    ASSERT_TRUE(Context::create(engine, 1, false, context).ok());
  }
  Context context;
  std::vector<float> x = getTestInput();
};

TEST_F(RuntimeInputTest, WrongNameListsTheInputs) {
  runtime::Status status =
      context.setInput("images", WEFT_DTYPE_F32, x.data(), 128);
  EXPECT_EQ(status.code(), WEFT_INVALID_ARGUMENT);
  EXPECT_EQ(status.message(),
            "the engine has no input 'images' (its inputs: 'x')");
}

TEST_F(RuntimeInputTest, WrongDtypeNamesBothSides) {
  runtime::Status status = context.setInput("x", WEFT_DTYPE_I64, x.data(), 128);
  EXPECT_EQ(status.code(), WEFT_INVALID_ARGUMENT);
  EXPECT_EQ(status.message(), "input 'x': dtype mismatch: the engine expects "
                              "float32, got int64");
}

TEST_F(RuntimeInputTest, WrongByteSizeNamesBothSides) {
  runtime::Status status = context.setInput("x", WEFT_DTYPE_F32, x.data(), 124);
  EXPECT_EQ(status.code(), WEFT_INVALID_ARGUMENT);
  EXPECT_EQ(status.message(), "input 'x': byte size mismatch: the engine "
                              "expects 128 bytes (float32 4x8), got 124");
}

TEST_F(RuntimeInputTest, WrongShapeNamesBothSides) {
  runtime::Status status =
      context.setInput("x", WEFT_DTYPE_F32, x.data(), 128, {8, 4});
  EXPECT_EQ(status.code(), WEFT_INVALID_ARGUMENT);
  EXPECT_EQ(status.message(), "input 'x': shape mismatch: the engine expects "
                              "4x8, got 8x4");
}

TEST_F(RuntimeInputTest, IndexOutOfRange) {
  runtime::Status status =
      context.setInput(size_t(1), WEFT_DTYPE_F32, x.data(), 128);
  EXPECT_EQ(status.message(),
            "input index 1 is out of range (the engine has 1 input)");
}

TEST_F(RuntimeInputTest, OutputsBeforeRunAndUnknownOutput) {
  weft_tensor_desc desc;
  const void *data = nullptr;
  runtime::Status status = context.output(0, desc, data);
  EXPECT_EQ(status.code(), WEFT_FAILED_PRECONDITION);
  EXPECT_EQ(status.message(), "no output yet: the context has not run");
  ASSERT_TRUE(context.run().ok());
  status = context.output("z", desc, data);
  EXPECT_EQ(status.message(),
            "the engine has no output 'z' (its outputs: 'y', 'marks')");
}

TEST_F(RuntimeInputTest, BadThreadCount) {
  Context other;
  runtime::Status status = Context::create(engine, -1, false, other);
  EXPECT_EQ(status.code(), WEFT_INVALID_ARGUMENT);
  EXPECT_EQ(status.message(),
            "thread count -1 is out of range (0 = all cores, 1 to 1024)");
}

TEST(RuntimeApiTest, NullArgumentsAreErrorsNotCrashes) {
  EXPECT_EQ(consume(weft_engine_load_file("x.weft", nullptr)),
            "'engine' is null");
  weft_engine *engine = nullptr;
  EXPECT_EQ(consumeCode(weft_engine_load_file(nullptr, &engine)),
            WEFT_INVALID_ARGUMENT);
  EXPECT_EQ(consume(weft_context_run(nullptr)), "'context' is null");
  EXPECT_EQ(weft_engine_num_inputs(nullptr), 0u);
  EXPECT_STREQ(weft_status_message(nullptr), "ok");
  EXPECT_STREQ(weft_dtype_name(weft_dtype(200)), "unknown");
  EXPECT_EQ(weft_dtype_size(WEFT_DTYPE_BF16), 2u);
}

TEST(RuntimeApiTest, MissingFileIsAnIoError) {
  weft_engine *engine = nullptr;
  weft_status *status =
      weft_engine_load_file("/nonexistent/model.weft", &engine);
  EXPECT_EQ(weft_status_code(status), WEFT_IO_ERROR);
  EXPECT_EQ(std::string(weft_status_message(status)),
            "cannot open '/nonexistent/model.weft': No such file or directory");
  weft_status_free(status);
  EXPECT_EQ(engine, nullptr);
}

} // namespace
} // namespace weft::test
