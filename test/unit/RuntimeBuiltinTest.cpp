//===- RuntimeBuiltinTest.cpp - Builtin steps and data-dependent shapes ---===//
//
// Engines whose steps are runtime builtins (NonZero, Compress, Unique,
// NonMaxSuppression): results get this run's shape; bad builtin steps are
// rejected when the engine loads; bad data is a run error, not a crash.
//
//===----------------------------------------------------------------------===//

#include "test/unit/RuntimeTestModel.h"

#include <gtest/gtest.h>

#include <cmath>

namespace weft::test {
namespace {

using Kind = engine::BufferInfo::Kind;
using engine::DType;

engine::BufferInfo bounded(Kind kind, std::string name, DType dtype,
                           std::vector<int64_t> shape,
                           std::vector<int64_t> maxShape) {
  engine::BufferInfo buffer = makeBuffer(kind, std::move(name), dtype, maxShape);
  buffer.shape = std::move(shape);
  buffer.maxShape = std::move(maxShape);
  return buffer;
}

engine::KernelStep builtin(std::string name, std::vector<int32_t> buffers,
                           std::vector<engine::StepAttribute> attrs = {}) {
  engine::KernelStep step;
  step.builtin = name;
  step.symbol = "builtin:" + name;
  step.buffers = std::move(buffers);
  step.attributes = std::move(attrs);
  step.nodeNames = {name + "_0"};
  return step;
}

engine::StepAttribute ints(std::string name, std::vector<int64_t> values) {
  engine::StepAttribute attr;
  attr.name = std::move(name);
  attr.kind = values.size() == 1 ? engine::StepAttribute::Kind::Int
                                 : engine::StepAttribute::Kind::Ints;
  attr.ints = std::move(values);
  return attr;
}

engine::CompiledModel makeModel(std::vector<engine::BufferInfo> buffers,
                                std::vector<int32_t> inputs,
                                std::vector<int32_t> outputs,
                                std::vector<engine::KernelStep> steps) {
  engine::CompiledModel model;
  model.target = "cpu";
  model.triple = getHostTripleForTests();
  model.cpu = "generic";
  model.buffers = std::move(buffers);
  model.inputs = std::move(inputs);
  model.outputs = std::move(outputs);
  model.steps = std::move(steps);
  return model;
}

/// An engine loaded from `model` with one single-threaded context.
class Loaded {
public:
  explicit Loaded(const engine::CompiledModel &model) {
    std::vector<uint8_t> bytes = writeTestEngine(model);
    EXPECT_FALSE(bytes.empty());
    status = consume(
        weft_engine_load_memory(bytes.data(), bytes.size(), &engine));
    if (status != "ok")
      return;
    weft_context_options options;
    weft_context_options_init(&options);
    options.threads = 1;
    status = consume(weft_context_create(engine, &options, &context));
  }
  ~Loaded() {
    weft_context_free(context);
    weft_engine_free(engine);
  }
  std::string status;
  weft_engine *engine = nullptr;
  weft_context *context = nullptr;

  template <typename T>
  std::string set(size_t index, const std::vector<T> &values) {
    return consume(weft_context_set_input_at(
        context, index, weft_engine_input_dtype(index), nullptr, 0,
        values.data(), values.size() * sizeof(T)));
  }
  weft_dtype weft_engine_input_dtype(size_t index) {
    weft_tensor_desc desc;
    consume(weft_engine_input(engine, index, &desc));
    return desc.dtype;
  }
  /// Output `index` of the last run: its dims and values.
  template <typename T>
  std::pair<std::vector<int64_t>, std::vector<T>> output(size_t index) {
    weft_tensor_desc desc;
    const void *data = nullptr;
    EXPECT_EQ(consume(weft_context_get_output(context, index, &desc, &data)),
              "ok");
    std::vector<int64_t> dims(desc.dims, desc.dims + desc.rank);
    const T *values = static_cast<const T *>(data);
    return {dims, std::vector<T>(values, values + desc.byte_size / sizeof(T))};
  }
};

engine::CompiledModel nonZeroModel() {
  return makeModel({makeBuffer(Kind::Input, "x", DType::F32, {3, 4}),
                    bounded(Kind::Output, "y", DType::I64, {2, -1}, {2, 12})},
                   {0}, {1}, {builtin("NonZero", {0, 1})});
}

TEST(RuntimeBuiltinTest, NonZeroReportsThisRunsShape) {
  Loaded loaded(nonZeroModel());
  ASSERT_EQ(loaded.status, "ok");
  weft_tensor_desc desc;
  ASSERT_EQ(consume(weft_engine_output(loaded.engine, 0, &desc)), "ok");
  EXPECT_EQ(std::vector<int64_t>(desc.dims, desc.dims + desc.rank),
            (std::vector<int64_t>{2, -1}));

  std::vector<float> x(12, 0.0f);
  x[1] = 1.0f;
  x[6] = -0.5f;
  x[11] = std::nanf("");
  x[4] = -0.0f; // zero
  ASSERT_EQ(loaded.set(0, x), "ok");
  ASSERT_EQ(consume(weft_context_run(loaded.context)), "ok");
  auto [dims, values] = loaded.output<int64_t>(0);
  EXPECT_EQ(dims, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values, (std::vector<int64_t>{0, 1, 2, 1, 2, 3}));

  ASSERT_EQ(loaded.set(0, std::vector<float>(12, 0.0f)), "ok");
  ASSERT_EQ(consume(weft_context_run(loaded.context)), "ok");
  auto [emptyDims, emptyValues] = loaded.output<int64_t>(0);
  EXPECT_EQ(emptyDims, (std::vector<int64_t>{2, 0}));
  EXPECT_TRUE(emptyValues.empty());
}

TEST(RuntimeBuiltinTest, UniqueSortedAndInOrderOfFirstOccurrence) {
  for (int64_t sorted : {1, 0}) {
    Loaded loaded(makeModel(
        {makeBuffer(Kind::Input, "x", DType::I32, {6}),
         bounded(Kind::Output, "y", DType::I32, {-1}, {6}),
         bounded(Kind::Output, "indices", DType::I64, {-1}, {6}),
         makeBuffer(Kind::Output, "inverse", DType::I64, {6}),
         bounded(Kind::Output, "counts", DType::I64, {-1}, {6})},
        {0}, {1, 2, 3, 4},
        {builtin("Unique", {0, 1, 2, 3, 4}, {ints("sorted", {sorted})})}));
    ASSERT_EQ(loaded.status, "ok");
    ASSERT_EQ(loaded.set(0, std::vector<int32_t>{2, -1, 2, 7, -1, 2}), "ok");
    ASSERT_EQ(consume(weft_context_run(loaded.context)), "ok");
    auto y = loaded.output<int32_t>(0).second;
    auto indices = loaded.output<int64_t>(1).second;
    auto inverse = loaded.output<int64_t>(2).second;
    auto counts = loaded.output<int64_t>(3).second;
    if (sorted) {
      EXPECT_EQ(y, (std::vector<int32_t>{-1, 2, 7}));
      EXPECT_EQ(indices, (std::vector<int64_t>{1, 0, 3}));
      EXPECT_EQ(inverse, (std::vector<int64_t>{1, 0, 1, 2, 0, 1}));
      EXPECT_EQ(counts, (std::vector<int64_t>{2, 3, 1}));
    } else {
      EXPECT_EQ(y, (std::vector<int32_t>{2, -1, 7}));
      EXPECT_EQ(indices, (std::vector<int64_t>{0, 1, 3}));
      EXPECT_EQ(inverse, (std::vector<int64_t>{0, 1, 0, 2, 1, 0}));
      EXPECT_EQ(counts, (std::vector<int64_t>{3, 2, 1}));
    }
  }
}

TEST(RuntimeBuiltinTest, CompressAlongAnAxisAndTooLongConditions) {
  Loaded loaded(makeModel(
      {makeBuffer(Kind::Input, "x", DType::F32, {2, 3}),
       makeBuffer(Kind::Input, "c", DType::Bool, {4}),
       bounded(Kind::Output, "y", DType::F32, {2, -1}, {2, 3})},
      {0, 1}, {2}, {builtin("Compress", {0, 1, 2}, {ints("axis", {1})})}));
  ASSERT_EQ(loaded.status, "ok");
  ASSERT_EQ(loaded.set(0, std::vector<float>{1, 2, 3, 4, 5, 6}), "ok");
  ASSERT_EQ(loaded.set(1, std::vector<uint8_t>{1, 0, 1, 0}), "ok");
  ASSERT_EQ(consume(weft_context_run(loaded.context)), "ok");
  auto [dims, values] = loaded.output<float>(0);
  EXPECT_EQ(dims, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(values, (std::vector<float>{1, 3, 4, 6}));
  // A true entry past the axis is an error naming the step.
  ASSERT_EQ(loaded.set(1, std::vector<uint8_t>{0, 0, 0, 1}), "ok");
  EXPECT_EQ(consume(weft_context_run(loaded.context)),
            "step 0 ('builtin:Compress', nodes 'Compress_0'): condition entry "
            "3 is true but the input's axis has 3 entries");
}

TEST(RuntimeBuiltinTest, NonMaxSuppressionPerClassWithThresholds) {
  Loaded loaded(makeModel(
      {makeBuffer(Kind::Input, "boxes", DType::F32, {1, 4, 4}),
       makeBuffer(Kind::Input, "scores", DType::F32, {1, 2, 4}),
       makeBuffer(Kind::Input, "max", DType::I64, {1}),
       makeBuffer(Kind::Input, "iou", DType::F32, {1}),
       makeBuffer(Kind::Input, "score", DType::F32, {1}),
       bounded(Kind::Output, "selected", DType::I64, {-1, 3}, {8, 3})},
      {0, 1, 2, 3, 4}, {5},
      {builtin("NonMaxSuppression", {0, 1, 2, 3, 4, 5},
               {ints("center_point_box", {0}), ints("operands", {1, 1, 1})})}));
  ASSERT_EQ(loaded.status, "ok");
  // Box 1 overlaps box 0 (IoU 0.9); box 3 has corners given backwards and
  // equals box 2.
  ASSERT_EQ(loaded.set(0, std::vector<float>{0, 0, 1, 1, 0, 0, 1, 0.9f,
                                             2, 2, 3, 3, 3, 3, 2, 2}),
            "ok");
  ASSERT_EQ(loaded.set(1, std::vector<float>{0.9f, 0.95f, 0.5f, 0.6f, //
                                             0.1f, 0.2f, 0.8f, 0.3f}),
            "ok");
  ASSERT_EQ(loaded.set(2, std::vector<int64_t>{3}), "ok");
  ASSERT_EQ(loaded.set(3, std::vector<float>{0.5f}), "ok");
  ASSERT_EQ(loaded.set(4, std::vector<float>{0.15f}), "ok");
  ASSERT_EQ(consume(weft_context_run(loaded.context)), "ok");
  auto [dims, values] = loaded.output<int64_t>(0);
  EXPECT_EQ(dims, (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(values, (std::vector<int64_t>{0, 0, 1, 0, 0, 3, //
                                          0, 1, 2, 0, 1, 1}));
}

TEST(RuntimeBuiltinTest, BadBuiltinStepsAreRejectedAtLoad) {
  engine::CompiledModel unknown = nonZeroModel();
  unknown.steps[0].builtin = "Frobnicate";
  EXPECT_EQ(Loaded(unknown).status,
            "invalid engine: step 0 ('builtin:NonZero', nodes 'NonZero_0'): "
            "unknown builtin operation 'Frobnicate' (this runtime has "
            "Cast, Compress, NonMaxSuppression, NonZero, StringNormalizer, "
            "TfIdfVectorizer, Unique)");

  engine::CompiledModel small = nonZeroModel();
  small.buffers[1] = bounded(Kind::Output, "y", DType::I64, {2, -1}, {2, 5});
  EXPECT_EQ(Loaded(small).status,
            "invalid engine: step 0 ('builtin:NonZero', nodes 'NonZero_0'): "
            "the result cannot hold every index");

  engine::CompiledModel wrongType = nonZeroModel();
  wrongType.buffers[1] =
      bounded(Kind::Output, "y", DType::I32, {2, -1}, {2, 12});
  EXPECT_EQ(Loaded(wrongType).status,
            "invalid engine: step 0 ('builtin:NonZero', nodes 'NonZero_0'): "
            "the result must be int64, not int32");

  engine::CompiledModel arity = nonZeroModel();
  arity.steps[0].buffers = {0};
  EXPECT_EQ(Loaded(arity).status,
            "invalid engine: step 0 ('builtin:NonZero', nodes 'NonZero_0'): "
            "builtin NonZero takes 2 buffers, the step has 1");
}

} // namespace
} // namespace weft::test
