//===- RuntimeErrorTest.cpp - Rejecting bad engines cleanly ---------------===//
//
// Truncated, corrupted, foreign and inconsistent engines must give a clear
// status, never a crash; these tests run each case in-process, so a crash or
// sanitizer report fails the binary.
//
//===----------------------------------------------------------------------===//

#include "test/unit/RuntimeTestModel.h"

#include "runtime/lib/Target.h"
#include "runtime/schema/EngineFormat.h"

#include <gtest/gtest.h>

namespace weft::test {
namespace {

/// Loads `bytes`; returns the status (the engine, if any, is freed).
weft_status *load(const std::vector<uint8_t> &bytes) {
  weft_engine *engine = nullptr;
  weft_status *status =
      weft_engine_load_memory(bytes.data(), bytes.size(), &engine);
  weft_engine_free(engine);
  return status;
}

/// Reads only the header of `bytes`.
weft_status *readInfo(const std::vector<uint8_t> &bytes) {
  weft_engine_info *info = nullptr;
  weft_status *status =
      weft_engine_info_read_memory(bytes.data(), bytes.size(), &info);
  weft_engine_info_free(info);
  return status;
}

/// Recomputes the header checksum after a deliberate edit, so the edit
/// reaches the FlatBuffers verifier and the semantic checks.
void restampChecksum(std::vector<uint8_t> &bytes) {
  format::Preamble preamble;
  ASSERT_TRUE(format::decodePreamble(bytes.data(), preamble));
  preamble.headerChecksum = format::computeChecksum(
      bytes.data() + format::kPreambleSize, preamble.headerSize);
  format::encodePreamble(preamble, bytes.data());
}

uint32_t getHeaderSize(const std::vector<uint8_t> &bytes) {
  format::Preamble preamble;
  format::decodePreamble(bytes.data(), preamble);
  return preamble.headerSize;
}

class RuntimeErrorTest : public ::testing::Test {
protected:
  void SetUp() override {
    bytes = writeTestEngine(makeTestModel());
    ASSERT_FALSE(bytes.empty());
    ASSERT_EQ(consume(load(bytes)), "ok");
  }
  std::vector<uint8_t> bytes;
};

TEST_F(RuntimeErrorTest, EveryTruncationIsRejected) {
  for (size_t length = 0; length < bytes.size(); ++length) {
    std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + length);
    weft_status *status = load(prefix);
    ASSERT_EQ(weft_status_code(status), WEFT_INVALID_ENGINE)
        << "prefix of " << length << " bytes: " << weft_status_message(status);
    std::string message = weft_status_message(status);
    weft_status_free(status);
    if (length >= format::kPreambleSize) {
      EXPECT_NE(message.find("truncated"), std::string::npos)
          << length << ": " << message;
    }
    EXPECT_EQ(consumeCode(readInfo(prefix)), WEFT_INVALID_ENGINE) << length;
  }
}

TEST_F(RuntimeErrorTest, ShortFilesNameTheProblem) {
  EXPECT_EQ(consume(load({})), "invalid engine: the file is 0 bytes, shorter "
                               "than the 32-byte preamble");
  std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + 100);
  EXPECT_EQ(consume(load(prefix)),
            "invalid engine: truncated: the header needs " +
                std::to_string(32 + getHeaderSize(bytes)) +
                " bytes, the file has 100");
}

TEST_F(RuntimeErrorTest, TrailingBytesAreRejected) {
  bytes.push_back(0);
  EXPECT_EQ(consumeCode(load(bytes)), WEFT_INVALID_ENGINE);
}

TEST_F(RuntimeErrorTest, WrongMagic) {
  bytes[0] = 'X';
  EXPECT_EQ(consume(load(bytes)),
            "invalid engine: not a Weft engine (the magic is not \"WEFT\")");
  std::vector<uint8_t> text = {'{', '"', 'a', '"', ':', '1', '}'};
  text.resize(64, ' ');
  EXPECT_EQ(consumeCode(load(text)), WEFT_INVALID_ENGINE);
}

TEST_F(RuntimeErrorTest, NewerFormatVersion) {
  bytes[4] = 2; // major 2
  EXPECT_EQ(consume(load(bytes)),
            "unsupported engine format version 2.1; this runtime reads 1.0 "
            "to 1.1");
}

TEST_F(RuntimeErrorTest, EveryFlippedHeaderByteFailsTheChecksum) {
  uint32_t headerSize = getHeaderSize(bytes);
  for (size_t at = format::kPreambleSize;
       at < format::kPreambleSize + headerSize; ++at) {
    std::vector<uint8_t> corrupted = bytes;
    corrupted[at] ^= 0x5a;
    EXPECT_EQ(consume(load(corrupted)),
              "invalid engine: the header checksum does not match (the file "
              "is corrupted)")
        << "byte " << at;
  }
}

TEST_F(RuntimeErrorTest, FlippedHeaderBytesPastTheChecksumNeverCrash) {
  // With the checksum recomputed, every flip reaches the FlatBuffers
  // verifier and the field checks. A flip may leave a valid engine (a
  // changed name, say); it must never crash, and whatever loads must still
  // describe itself consistently.
  uint32_t headerSize = getHeaderSize(bytes);
  int rejected = 0, loaded = 0;
  for (uint8_t mask : {0x01, 0x80, 0xff}) {
    for (size_t at = format::kPreambleSize;
         at < format::kPreambleSize + headerSize; ++at) {
      std::vector<uint8_t> corrupted = bytes;
      corrupted[at] ^= mask;
      restampChecksum(corrupted);
      weft_engine *engine = nullptr;
      weft_status *status =
          weft_engine_load_memory(corrupted.data(), corrupted.size(), &engine);
      if (status) {
        ++rejected;
        EXPECT_NE(weft_status_code(status), WEFT_INTERNAL);
        EXPECT_FALSE(std::string(weft_status_message(status)).empty());
        weft_status_free(status);
        continue;
      }
      ++loaded;
      weft_engine_info *info = nullptr;
      ASSERT_EQ(consume(weft_engine_get_info(engine, &info)), "ok");
      char *json = nullptr;
      ASSERT_EQ(consume(weft_engine_info_to_json(info, &json)), "ok");
      weft_string_free(json);
      weft_engine_info_free(info);
      weft_engine_free(engine);
    }
  }
  EXPECT_GT(rejected, 0);
  RecordProperty("rejected", rejected);
  RecordProperty("loaded", loaded);
}

TEST_F(RuntimeErrorTest, CorruptedCodeIsRejectedBeforeLoading) {
  engine::CompiledModel model = makeTestModel();
  bytes = writeTestEngine(model);
  // The code blob is the last one; corrupt its middle.
  weft_engine_info *info = nullptr;
  ASSERT_EQ(
      consume(weft_engine_info_read_memory(bytes.data(), bytes.size(), &info)),
      "ok");
  const weft_blob_desc &code = info->blobs[info->num_blobs - 1];
  ASSERT_EQ(code.kind, WEFT_BLOB_CODE);
  bytes[info->data_offset + code.offset + code.size / 2] ^= 0x10;
  weft_engine_info_free(info);
  EXPECT_EQ(consume(load(bytes)),
            "invalid engine: the checksum of blob 1 (code, " +
                std::to_string(model.codeObject.size()) +
                " bytes) does not match (the file is corrupted)");
}

TEST_F(RuntimeErrorTest, ForeignTripleNamesBothSides) {
  engine::CompiledModel model = makeTestModel();
  std::string host = weft_host_triple();
  model.triple = host.rfind("x86_64", 0) == 0 ? "aarch64-unknown-linux-gnu"
                                              : "x86_64-unknown-linux-gnu";
  weft_status *status = load(writeTestEngine(model));
  EXPECT_EQ(weft_status_code(status), WEFT_TARGET_MISMATCH);
  EXPECT_EQ(consume(status),
            "engine targets " + model.triple + "; this machine is " + host);
}

TEST_F(RuntimeErrorTest, ForeignExecutorKind) {
  engine::CompiledModel model = makeTestModel();
  model.target = "cuda";
  EXPECT_EQ(consume(load(writeTestEngine(model))),
            "engine targets 'cuda'; this runtime has the executor 'cpu' only");
}

TEST_F(RuntimeErrorTest, HeaderQueryDoesNotCheckTheTarget) {
  engine::CompiledModel model = makeTestModel();
  model.triple = "riscv64-unknown-linux-gnu";
  std::vector<uint8_t> foreign = writeTestEngine(model);
  weft_engine_info *info = nullptr;
  ASSERT_EQ(consume(weft_engine_info_read_memory(foreign.data(), foreign.size(),
                                                 &info)),
            "ok");
  EXPECT_STREQ(info->target_triple, "riscv64-unknown-linux-gnu");
  EXPECT_EQ(consumeCode(weft_engine_info_check_target(info)),
            WEFT_TARGET_MISMATCH);
  weft_engine_info_free(info);
}

TEST(RuntimeTargetTest, MissingCpuFeatureNamesBothSides) {
  rt::HostTarget host;
  host.triple = "x86_64-unknown-linux-gnu";
  host.detectable = {"sse2", "avx", "avx2", "avx512f", "fma"};
  host.features = {"sse2", "avx", "avx2", "fma"};
  weft_status *status = rt::checkTarget(
      "cpu", "x86_64-pc-linux-gnu", "+avx2,+avx512f,-avx512bw,+fma,+cx8", host);
  EXPECT_EQ(weft_status_code(status), WEFT_TARGET_MISMATCH);
  EXPECT_EQ(consume(status),
            "engine needs CPU features this machine lacks: avx512f (engine "
            "features: +avx2,+avx512f,-avx512bw,+fma,+cx8; this machine has: "
            "+avx,+avx2,+fma,+sse2)");
  // Features it cannot detect ("cx8") are trusted; "-" features are not
  // requirements; the vendor part of the triple does not matter.
  EXPECT_EQ(consume(rt::checkTarget("cpu", "x86_64-pc-linux-gnu",
                                    "+avx2,-avx512f,+cx8", host)),
            "ok");
}

TEST(RuntimeTargetTest, HostFeaturesIncludeTheBaseline) {
#if defined(__x86_64__)
  EXPECT_NE(std::string(weft_host_features()).find("+sse2"), std::string::npos);
  EXPECT_EQ(std::string(weft_host_triple()), "x86_64-unknown-linux-gnu");
#endif
}

TEST_F(RuntimeErrorTest, MissingKernelSymbolNamesTheStep) {
  engine::CompiledModel model = makeTestModel();
  model.steps[2].symbol = "weft_test_sub";
  weft_status *status = load(writeTestEngine(model));
  EXPECT_EQ(weft_status_code(status), WEFT_CODE_LOAD_ERROR);
  EXPECT_EQ(consume(status), "step 2 ('weft_test_sub', nodes 'add_2'): kernel "
                             "symbol 'weft_test_sub' is not in the engine's "
                             "code object");
}

TEST_F(RuntimeErrorTest, CodeObjectThatIsNotASharedObject) {
  engine::CompiledModel model = makeTestModel();
  model.codeObject.assign(256, 0x90);
  weft_status *status = load(writeTestEngine(model));
  EXPECT_EQ(weft_status_code(status), WEFT_CODE_LOAD_ERROR);
  EXPECT_EQ(consume(status).rfind("cannot load the code object: ", 0), 0u);
}

} // namespace
} // namespace weft::test
