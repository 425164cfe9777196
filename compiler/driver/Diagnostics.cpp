//===- Diagnostics.cpp - How weft prints errors ---------------------------===//

#include "compiler/driver/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace weft::driver {

namespace {

llvm::StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

/// The file and the ONNX node name a location refers to (either may be
/// empty).
void describeLocation(Location loc, std::string &file, std::string &node) {
  loc->walk([&](Location l) {
    if (auto name = llvm::dyn_cast<NameLoc>(l); name && node.empty())
      node = name.getName().str();
    if (auto fileLoc = llvm::dyn_cast<FileLineColLoc>(l);
        fileLoc && file.empty())
      file = fileLoc.getFilename().str();
    return WalkResult::advance();
  });
}

void printOne(Location loc, DiagnosticSeverity severity,
              const std::string &message) {
  std::string file, node;
  describeLocation(loc, file, node);
  llvm::raw_ostream &os = llvm::errs();
  os << (file.empty() ? std::string("weft") : file) << ": "
     << severityName(severity) << ": ";
  // Name the node unless the message already does ("node 'x' (Conv): ...",
  // "initializer 'w': ...").
  if (!node.empty() &&
      llvm::StringRef(message).find("'" + node + "'") == llvm::StringRef::npos)
    os << "node '" << node << "': ";
  os << message << "\n";
}

} // namespace

DiagnosticPrinter::DiagnosticPrinter(MLIRContext *context)
    : ScopedDiagnosticHandler(context) {
  setHandler([](Diagnostic &diag) {
    printOne(diag.getLocation(), diag.getSeverity(), diag.str());
    for (Diagnostic &note : diag.getNotes())
      printOne(note.getLocation(), note.getSeverity(), note.str());
    llvm::errs().flush();
    return success();
  });
}

} // namespace weft::driver
