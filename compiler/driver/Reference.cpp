//===- Reference.cpp - Running ONNX Runtime as the reference --------------===//

#include "compiler/driver/Reference.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <optional>

#ifndef WEFT_ORT_SCRIPT_DEFAULT
#define WEFT_ORT_SCRIPT_DEFAULT ""
#endif

namespace weft::driver {

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::string> findNode() {
  if (const char *env = std::getenv("WEFT_NODE"); env && *env)
    return std::string(env);
  llvm::ErrorOr<std::string> node = llvm::sys::findProgramByName("node");
  if (!node)
    return makeError("the ONNX Runtime reference needs Node.js: no 'node' on "
                     "PATH (install nodejs, or set WEFT_NODE)");
  return *node;
}

llvm::Expected<std::string> findScript() {
  std::string script = WEFT_ORT_SCRIPT_DEFAULT;
  if (const char *env = std::getenv("WEFT_ORT_SCRIPT"); env && *env)
    script = env;
  if (script.empty() || !llvm::sys::fs::exists(script))
    return makeError("cannot find the ONNX Runtime reference script '" +
                     script +
                     "' (set WEFT_ORT_SCRIPT to test/reference/"
                     "ort-run.js)");
  return script;
}

/// The last few lines of `path`, for an error message.
std::string tailOf(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "";
  llvm::StringRef text = (*buffer)->getBuffer().rtrim();
  // The script's own errors are one line; keep a stack trace short.
  size_t start = text.size();
  for (int lines = 0; lines < 6 && start != llvm::StringRef::npos; ++lines)
    start = start ? text.rfind('\n', start - 1) : llvm::StringRef::npos;
  return text.substr(start == llvm::StringRef::npos ? 0 : start + 1).str();
}

} // namespace

llvm::Error
runOrtReference(llvm::StringRef modelPath,
                llvm::ArrayRef<std::pair<std::string, std::string>> inputFiles,
                llvm::StringRef outputDir, int threads) {
  llvm::Expected<std::string> node = findNode();
  if (!node)
    return node.takeError();
  llvm::Expected<std::string> script = findScript();
  if (!script)
    return script.takeError();

  std::vector<std::string> args = {
      *node,           *script,     modelPath.str(),        "--output-dir",
      outputDir.str(), "--threads", std::to_string(threads)};
  for (const auto &[name, file] : inputFiles)
    args.push_back("--input=" + name + "=" + file);
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());

  llvm::SmallString<128> logPath;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("weft-ort", "log", logPath))
    return makeError("cannot create a temporary file: " + ec.message());
  llvm::FileRemover removeLog(logPath);
  std::optional<llvm::StringRef> redirects[] = {
      llvm::StringRef(""), llvm::StringRef(logPath), llvm::StringRef(logPath)};
  std::string error;
  int rc =
      llvm::sys::ExecuteAndWait(*node, argRefs, std::nullopt, redirects,
                                /*SecondsToWait=*/0, /*MemoryLimit=*/0, &error);
  if (rc != 0) {
    std::string log = tailOf(logPath);
    return makeError("onnxruntime reference failed on '" + modelPath + "'" +
                     (error.empty() ? "" : ": " + error) +
                     (log.empty() ? "" : ":\n" + log));
  }
  return llvm::Error::success();
}

} // namespace weft::driver
