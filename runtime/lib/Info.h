//===- Info.h - weft_engine_info over a verified header ---------*- C++ -*-===//

#ifndef WEFT_RUNTIME_LIB_INFO_H
#define WEFT_RUNTIME_LIB_INFO_H

#include "runtime/lib/EngineModel.h"

#include <memory>

namespace weft::rt {

/// The C view keeps the model it points into alive.
struct EngineInfo : weft_engine_info {
  std::shared_ptr<const EngineModel> model;
};

EngineInfo *makeEngineInfo(std::shared_ptr<const EngineModel> model);

/// The info as one JSON object.
std::string formatInfoJson(const weft_engine_info &info);

} // namespace weft::rt

#endif // WEFT_RUNTIME_LIB_INFO_H
