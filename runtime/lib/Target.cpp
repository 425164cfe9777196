//===- Target.cpp - Host detection and the engine target check -----------===//

#include "runtime/lib/Target.h"

#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace weft::rt {
namespace {

std::string detectHostTriple() {
#if defined(__x86_64__)
  std::string arch = "x86_64";
#elif defined(__aarch64__)
  std::string arch = "aarch64";
#elif defined(__riscv) && __riscv_xlen == 64
  std::string arch = "riscv64";
#else
  std::string arch = "unknown";
#endif
#if defined(__linux__)
  return arch + "-unknown-linux-gnu";
#elif defined(__APPLE__)
  return arch + "-apple-darwin";
#else
  return arch + "-unknown-unknown";
#endif
}

#if defined(__x86_64__) || defined(__i386__)
struct CpuidBit {
  const char *name;
  unsigned leaf, subleaf;
  int reg; // 0 eax, 1 ebx, 2 ecx, 3 edx
  int bit;
  /// Needs the OS to save AVX (1) or AVX-512 (2) state.
  int osState;
};

// LLVM's names for the features compilers commonly require.
const CpuidBit kCpuidBits[] = {
    {"sse", 1, 0, 3, 25, 0},
    {"sse2", 1, 0, 3, 26, 0},
    {"sse3", 1, 0, 2, 0, 0},
    {"pclmul", 1, 0, 2, 1, 0},
    {"ssse3", 1, 0, 2, 9, 0},
    {"fma", 1, 0, 2, 12, 1},
    {"cx16", 1, 0, 2, 13, 0},
    {"sse4.1", 1, 0, 2, 19, 0},
    {"sse4.2", 1, 0, 2, 20, 0},
    {"movbe", 1, 0, 2, 22, 0},
    {"popcnt", 1, 0, 2, 23, 0},
    {"aes", 1, 0, 2, 25, 0},
    {"xsave", 1, 0, 2, 26, 0},
    {"avx", 1, 0, 2, 28, 1},
    {"f16c", 1, 0, 2, 29, 1},
    {"rdrnd", 1, 0, 2, 30, 0},
    {"bmi", 7, 0, 1, 3, 0},
    {"avx2", 7, 0, 1, 5, 1},
    {"bmi2", 7, 0, 1, 8, 0},
    {"avx512f", 7, 0, 1, 16, 2},
    {"avx512dq", 7, 0, 1, 17, 2},
    {"rdseed", 7, 0, 1, 18, 0},
    {"adx", 7, 0, 1, 19, 0},
    {"avx512ifma", 7, 0, 1, 21, 2},
    {"avx512cd", 7, 0, 1, 28, 2},
    {"sha", 7, 0, 1, 29, 0},
    {"avx512bw", 7, 0, 1, 30, 2},
    {"avx512vl", 7, 0, 1, 31, 2},
    {"avx512vbmi", 7, 0, 2, 1, 2},
    {"avx512vbmi2", 7, 0, 2, 6, 2},
    {"gfni", 7, 0, 2, 8, 0},
    {"vaes", 7, 0, 2, 9, 1},
    {"vpclmulqdq", 7, 0, 2, 10, 1},
    {"avx512vnni", 7, 0, 2, 11, 2},
    {"avx512bitalg", 7, 0, 2, 12, 2},
    {"avx512vpopcntdq", 7, 0, 2, 14, 2},
    {"avx512fp16", 7, 0, 3, 23, 2},
    {"avxvnni", 7, 1, 0, 4, 1},
    {"avx512bf16", 7, 1, 0, 5, 2},
    {"lzcnt", 0x80000001u, 0, 2, 5, 0},
    {"sse4a", 0x80000001u, 0, 2, 6, 0},
    {"prfchw", 0x80000001u, 0, 2, 8, 0},
    {"fma4", 0x80000001u, 0, 2, 16, 1},
};

void detectFeatures(HostTarget &host) {
  unsigned maxLeaf = __get_cpuid_max(0, nullptr);
  unsigned maxExtended = __get_cpuid_max(0x80000000u, nullptr);
  // Which register state the OS saves (XCR0): AVX needs SSE+AVX (bits 1, 2),
  // AVX-512 also opmask and ZMM (bits 5, 6, 7).
  bool osAvx = false, osAvx512 = false;
  unsigned a, b, c, d;
  if (maxLeaf >= 1 && __get_cpuid_count(1, 0, &a, &b, &c, &d) &&
      (c & (1u << 27))) {
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    osAvx = (lo & 0x6) == 0x6;
    osAvx512 = osAvx && (lo & 0xe0) == 0xe0;
  }
  for (const CpuidBit &bit : kCpuidBits) {
    host.detectable.insert(bit.name);
    unsigned limit = bit.leaf >= 0x80000000u ? maxExtended : maxLeaf;
    if (bit.leaf > limit)
      continue;
    unsigned regs[4] = {0, 0, 0, 0};
    if (!__get_cpuid_count(bit.leaf, bit.subleaf, &regs[0], &regs[1], &regs[2],
                           &regs[3]))
      continue;
    if (!(regs[bit.reg] & (1u << bit.bit)))
      continue;
    if ((bit.osState == 1 && !osAvx) || (bit.osState == 2 && !osAvx512))
      continue;
    host.features.insert(bit.name);
  }
}
#elif defined(__aarch64__) && defined(__linux__)
void detectFeatures(HostTarget &host) {
  unsigned long hwcap = getauxval(AT_HWCAP);
  struct Bit {
    const char *name;
    unsigned long mask;
  };
  // Bits of <asm/hwcap.h>, named as LLVM names the features.
  const Bit bits[] = {
      {"fp-armv8", 1ul << 0}, {"neon", 1ul << 1},     {"aes", 1ul << 3},
      {"crc", 1ul << 7},      {"lse", 1ul << 8},      {"fullfp16", 1ul << 10},
      {"rdm", 1ul << 12},     {"dotprod", 1ul << 20}, {"sve", 1ul << 22}};
  for (const Bit &bit : bits) {
    host.detectable.insert(bit.name);
    if (hwcap & bit.mask)
      host.features.insert(bit.name);
  }
}
#else
void detectFeatures(HostTarget &) {}
#endif

/// "x86_64" of "x86_64-unknown-linux-gnu", with aliases folded.
std::string getArch(const std::string &triple) {
  std::string arch = triple.substr(0, triple.find('-'));
  if (arch == "amd64")
    return "x86_64";
  if (arch == "arm64")
    return "aarch64";
  return arch;
}

/// The operating system component ("linux"), or empty.
std::string getOs(const std::string &triple) {
  size_t first = triple.find('-');
  if (first == std::string::npos)
    return {};
  size_t second = triple.find('-', first + 1);
  if (second == std::string::npos)
    return {};
  std::string os = triple.substr(second + 1);
  return os.substr(0, os.find('-'));
}

std::vector<std::string> getRequiredFeatures(const std::string &features) {
  std::vector<std::string> required;
  size_t start = 0;
  while (start <= features.size()) {
    size_t end = features.find(',', start);
    if (end == std::string::npos)
      end = features.size();
    std::string feature = features.substr(start, end - start);
    while (!feature.empty() && feature.front() == ' ')
      feature.erase(feature.begin());
    while (!feature.empty() && feature.back() == ' ')
      feature.pop_back();
    if (!feature.empty() && feature.front() != '-')
      required.push_back(feature.front() == '+' ? feature.substr(1) : feature);
    start = end + 1;
  }
  return required;
}

} // namespace

const HostTarget &getHostTarget() {
  static const HostTarget host = [] {
    HostTarget result;
    result.triple = detectHostTriple();
    detectFeatures(result);
    return result;
  }();
  return host;
}

weft_status *checkTarget(const std::string &kind, const std::string &triple,
                         const std::string &features, const HostTarget &host) {
  if (kind != "cpu")
    return makeStatus(WEFT_TARGET_MISMATCH,
                      strCat("engine targets '", kind,
                             "'; this runtime has the executor 'cpu' only"));
  if (getArch(triple) != getArch(host.triple) ||
      getOs(triple) != getOs(host.triple))
    return makeStatus(
        WEFT_TARGET_MISMATCH,
        strCat("engine targets ", triple, "; this machine is ", host.triple));
  std::string missing;
  for (const std::string &feature : getRequiredFeatures(features)) {
    if (!host.detectable.count(feature) || host.features.count(feature))
      continue;
    missing += (missing.empty() ? "" : ",") + feature;
  }
  if (!missing.empty())
    return makeStatus(
        WEFT_TARGET_MISMATCH,
        strCat(
            "engine needs CPU features this machine lacks: ", missing,
            " (engine features: ", features, "; this machine has: ",
            [&] {
              std::string list;
              for (const std::string &f : host.features)
                list += (list.empty() ? "+" : ",+") + f;
              return list;
            }(),
            ")"));
  return nullptr;
}

} // namespace weft::rt
