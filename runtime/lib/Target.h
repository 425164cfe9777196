//===- Target.h - Does an engine's target match this machine? ---*- C++ -*-===//
//
// Without LLVM: the host triple comes from the compiler's predefined macros,
// the host features from CPUID (x86) or the auxiliary vector (AArch64),
// named as LLVM names them ("avx2", "avx512f", "fma", ...).
//
//===----------------------------------------------------------------------===//

#ifndef WEFT_RUNTIME_LIB_TARGET_H
#define WEFT_RUNTIME_LIB_TARGET_H

#include "runtime/lib/Status.h"

#include <set>
#include <string>

namespace weft::rt {

struct HostTarget {
  /// "x86_64-unknown-linux-gnu".
  std::string triple;
  /// The features this runtime can detect and that the host has.
  std::set<std::string> features;
  /// The features this runtime can detect at all (present or not). A
  /// required feature outside this set cannot be checked and is trusted.
  std::set<std::string> detectable;
};

/// This machine, detected once.
const HostTarget &getHostTarget();

/// NULL when code for `kind`/`triple`/`features` ("+avx2,+fma,-avx512f")
/// runs on `host`; else WEFT_TARGET_MISMATCH naming both sides.
weft_status *checkTarget(const std::string &kind, const std::string &triple,
                         const std::string &features, const HostTarget &host);

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_TARGET_H
