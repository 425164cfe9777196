//===- EngineWriterTest.cpp - The engine file layout and writer errors ----===//

#include "test/unit/RuntimeTestModel.h"

#include "runtime/schema/EngineFormat.h"

#include <gtest/gtest.h>

namespace weft::test {
namespace {

std::string writeError(const engine::CompiledModel &model) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  llvm::Error error = engine::writeEngine(model, {}, os);
  return error ? llvm::toString(std::move(error)) : "ok";
}

TEST(EngineWriterTest, LayoutIsPreambleHeaderAlignedBlobs) {
  engine::CompiledModel model = makeTestModel();
  std::vector<uint8_t> bytes = writeTestEngine(model);
  ASSERT_GE(bytes.size(), format::kPreambleSize);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "WEFT");
  format::Preamble preamble;
  ASSERT_TRUE(format::decodePreamble(bytes.data(), preamble));
  EXPECT_EQ(preamble.formatMajor, format::kFormatMajor);
  EXPECT_EQ(preamble.flags, 0u);
  uint64_t dataOffset = format::getDataOffset(preamble.headerSize);
  EXPECT_EQ(dataOffset % 64, 0u);
  EXPECT_EQ(bytes.size(), dataOffset + preamble.dataSize);
  // The FlatBuffers file identifier sits at bytes 4..8 of the header.
  EXPECT_EQ(std::string(bytes.begin() + 36, bytes.begin() + 40), "WEFH");

  weft_engine_info *info = nullptr;
  ASSERT_EQ(
      consume(weft_engine_info_read_memory(bytes.data(), bytes.size(), &info)),
      "ok");
  ASSERT_EQ(info->num_blobs, 2u);
  // The constant's bytes are in the file, in place, 64-byte aligned.
  const weft_blob_desc &constant = info->blobs[0];
  EXPECT_EQ(constant.kind, WEFT_BLOB_CONSTANT);
  EXPECT_EQ((dataOffset + constant.offset) % 64, 0u);
  EXPECT_EQ(std::memcmp(bytes.data() + dataOffset + constant.offset,
                        model.buffers[W].data.data(), 128),
            0);
  const weft_blob_desc &code = info->blobs[1];
  EXPECT_EQ(code.kind, WEFT_BLOB_CODE);
  EXPECT_EQ(code.offset % 64, 0u);
  EXPECT_EQ(std::memcmp(bytes.data() + dataOffset + code.offset,
                        model.codeObject.data(), model.codeObject.size()),
            0);
  weft_engine_info_free(info);
}

TEST(EngineWriterTest, WritingIsDeterministic) {
  EXPECT_EQ(writeTestEngine(makeTestModel()), writeTestEngine(makeTestModel()));
}

TEST(EngineWriterTest, ModelWithoutStepsOrCode) {
  engine::CompiledModel model = makeTestModel();
  model.steps.clear();
  model.codeObject.clear();
  model.buffers.resize(2);
  model.outputs = {W}; // a model whose output is a constant
  std::vector<uint8_t> bytes = writeTestEngine(model);
  weft_engine *engine = nullptr;
  ASSERT_EQ(
      consume(weft_engine_load_memory(bytes.data(), bytes.size(), &engine)),
      "ok");
  weft_context *context = nullptr;
  ASSERT_EQ(consume(weft_context_create(engine, nullptr, &context)), "ok");
  ASSERT_EQ(consume(weft_context_run(context)), "ok");
  weft_tensor_desc desc;
  const void *data = nullptr;
  ASSERT_EQ(consume(weft_context_get_output(context, 0, &desc, &data)), "ok");
  EXPECT_STREQ(desc.name, "w");
  EXPECT_EQ(std::memcmp(data, model.buffers[W].data.data(), 128), 0);
  weft_context_free(context);
  weft_engine_free(engine);
}

TEST(EngineWriterTest, RejectsByteSizeThatDoesNotMatchTheShape) {
  engine::CompiledModel model = makeTestModel();
  model.buffers[T2].byteSize = 100;
  EXPECT_EQ(writeError(model), "buffer 3 ('t2'): byte size 100 does not match "
                               "32 elements of float32 (128 bytes)");
}

TEST(EngineWriterTest, RejectsConstantWithoutItsData) {
  engine::CompiledModel model = makeTestModel();
  model.buffers[W].data.resize(64);
  EXPECT_EQ(writeError(model),
            "constant 1 ('w'): has 64 bytes of data for 128 bytes");
}

TEST(EngineWriterTest, RejectsStepBufferOutOfRange) {
  engine::CompiledModel model = makeTestModel();
  model.steps[1].buffers.push_back(42);
  EXPECT_EQ(writeError(model), "step 1 ('weft_test_scale2', node 'mul_1'): "
                               "buffer id 42 is out of range");
}

TEST(EngineWriterTest, RejectsDuplicateInputNames) {
  engine::CompiledModel model = makeTestModel();
  model.buffers.push_back(model.buffers[X]);
  model.inputs.push_back(int32_t(model.buffers.size() - 1));
  EXPECT_EQ(writeError(model), "input name 'x' is used twice");
}

TEST(EngineWriterTest, RejectsIntermediateAsOutput) {
  engine::CompiledModel model = makeTestModel();
  model.outputs.push_back(T1);
  EXPECT_EQ(writeError(model),
            "output 't1' (buffer 2) has the wrong buffer kind");
}

TEST(EngineWriterTest, RejectsDynamicShapes) {
  engine::CompiledModel model = makeTestModel();
  model.buffers[T1].shape = {-1, 8};
  EXPECT_EQ(writeError(model),
            "buffer 2 ('t1'): shape is dynamic or too large");
}

TEST(EngineWriterTest, DTypeNamesAndSizes) {
  EXPECT_EQ(engine::getDTypeSize(engine::DType::BF16), 2);
  EXPECT_EQ(engine::getDTypeSize(engine::DType::Bool), 1);
  EXPECT_STREQ(engine::getDTypeName(engine::DType::U16), "uint16");
  // The compiler's DType and the C API's weft_dtype share their values.
  for (int d = 0; d <= int(engine::DType::Bool); ++d) {
    EXPECT_STREQ(engine::getDTypeName(engine::DType(d)),
                 weft_dtype_name(weft_dtype(d)));
    EXPECT_EQ(size_t(engine::getDTypeSize(engine::DType(d))),
              weft_dtype_size(weft_dtype(d)));
  }
}

} // namespace
} // namespace weft::test
