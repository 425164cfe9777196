//===- Version.h - The version of the weft command --------------*- C++ -*-===//

#ifndef WEFT_COMPILER_DRIVER_VERSION_H
#define WEFT_COMPILER_DRIVER_VERSION_H

namespace weft::driver {

/// Recorded in every engine the driver writes (the compiler version field).
/// Bumped with each issue that changes what the compiler emits.
inline constexpr const char kWeftVersion[] = "weft 0.3.0";

} // namespace weft::driver

#endif // WEFT_COMPILER_DRIVER_VERSION_H
