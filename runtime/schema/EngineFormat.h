//===- EngineFormat.h - The fixed parts of a Weft engine file ---*- C++ -*-===//
//
// Shared by the engine writer and the runtime (plain C++17, no dependencies).
//
//   offset 0   preamble (32 bytes, little-endian):
//                0  magic "WEFT"
//                4  u16 format major, u16 format minor
//                8  u32 header size (bytes of the FlatBuffers header)
//               12  u32 flags (0)
//               16  u64 header checksum (computeChecksum of the header)
//               24  u64 data size (bytes of the data section)
//   offset 32  the FlatBuffers header (runtime/schema/engine.fbs)
//   padding to a multiple of 64 (zero bytes)
//   data offset: the data section, blobs at 64-byte-aligned offsets
//
// The file ends exactly at data offset + data size.
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_RUNTIME_SCHEMA_ENGINEFORMAT_H
#define WEFT_RUNTIME_SCHEMA_ENGINEFORMAT_H

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace weft::format {

inline constexpr char kMagic[4] = {'W', 'E', 'F', 'T'};
inline constexpr uint16_t kFormatMajor = 1;
inline constexpr uint16_t kFormatMinor = 1;
inline constexpr size_t kPreambleSize = 32;
/// Blobs (and the data section) are aligned to this, in the file and in
/// memory, so constants can be used in place and vector loads are aligned.
inline constexpr uint64_t kBlobAlignment = 64;
/// A header larger than this is rejected before anything is allocated.
inline constexpr uint64_t kMaxHeaderSize = 1ull << 30;

struct Preamble {
  uint16_t formatMajor = kFormatMajor;
  uint16_t formatMinor = kFormatMinor;
  uint32_t headerSize = 0;
  uint32_t flags = 0;
  uint64_t headerChecksum = 0;
  uint64_t dataSize = 0;
};

/// Rounds `value` up to a multiple of kBlobAlignment; false on overflow.
inline bool alignUp(uint64_t value, uint64_t &aligned) {
  if (value > UINT64_MAX - (kBlobAlignment - 1))
    return false;
  aligned = (value + kBlobAlignment - 1) & ~(kBlobAlignment - 1);
  return true;
}

/// File offset of the data section for a header of `headerSize` bytes.
inline uint64_t getDataOffset(uint32_t headerSize) {
  uint64_t offset = 0;
  alignUp(kPreambleSize + uint64_t(headerSize), offset);
  return offset;
}

namespace detail {
inline uint64_t loadLE(const uint8_t *p, int bytes) {
  uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i)
    value = (value << 8) | p[i];
  return value;
}
inline void storeLE(uint8_t *p, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i, value >>= 8)
    p[i] = uint8_t(value);
}
} // namespace detail

inline void encodePreamble(const Preamble &preamble,
                           uint8_t out[kPreambleSize]) {
  std::memcpy(out, kMagic, 4);
  detail::storeLE(out + 4, preamble.formatMajor, 2);
  detail::storeLE(out + 6, preamble.formatMinor, 2);
  detail::storeLE(out + 8, preamble.headerSize, 4);
  detail::storeLE(out + 12, preamble.flags, 4);
  detail::storeLE(out + 16, preamble.headerChecksum, 8);
  detail::storeLE(out + 24, preamble.dataSize, 8);
}

/// Decodes the preamble of `bytes` (at least kPreambleSize long); false
/// when the magic is wrong.
inline bool decodePreamble(const uint8_t *bytes, Preamble &preamble) {
  if (std::memcmp(bytes, kMagic, 4) != 0)
    return false;
  preamble.formatMajor = uint16_t(detail::loadLE(bytes + 4, 2));
  preamble.formatMinor = uint16_t(detail::loadLE(bytes + 6, 2));
  preamble.headerSize = uint32_t(detail::loadLE(bytes + 8, 4));
  preamble.flags = uint32_t(detail::loadLE(bytes + 12, 4));
  preamble.headerChecksum = detail::loadLE(bytes + 16, 8);
  preamble.dataSize = detail::loadLE(bytes + 24, 8);
  return true;
}

/// A 64-bit checksum that detects corruption (not tampering): every input
/// bit affects the result. Processes 8 bytes at a time.
inline uint64_t computeChecksum(const uint8_t *data, size_t size) {
  constexpr uint64_t kPrime1 = 0x9E3779B185EBCA87ull;
  constexpr uint64_t kPrime2 = 0xC2B2AE3D27D4EB4Full;
  uint64_t hash = 0x27D4EB2F165667C5ull ^ (uint64_t(size) * kPrime1);
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    std::memcpy(&word, data + i, 8);
    hash ^= word * kPrime2;
    hash = ((hash << 31) | (hash >> 33)) * kPrime1;
  }
  for (; i < size; ++i) {
    hash ^= uint64_t(data[i]) * kPrime1;
    hash = ((hash << 23) | (hash >> 41)) * kPrime2;
  }
  hash ^= hash >> 29;
  hash *= kPrime2;
  hash ^= hash >> 32;
  return hash;
}

} // namespace weft::format

#endif // WEFT_RUNTIME_SCHEMA_ENGINEFORMAT_H
