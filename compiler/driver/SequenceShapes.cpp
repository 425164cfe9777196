//===- SequenceShapes.cpp - --shape NAME=seq(...) for sequences -----------===//

#include "compiler/driver/SequenceShapes.h"

#include "passes/graph/ShapeSpec.h"

namespace weft::driver {

namespace {

constexpr llvm::StringLiteral kOpen = "=seq(";

llvm::Error sequenceError(llvm::StringRef text, const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "shape '" + text + "': " + why);
}

} // namespace

bool isSequenceShape(llvm::StringRef text) {
  return text.contains(kOpen) && text.rtrim().ends_with(")");
}

llvm::Expected<SequenceShape> parseSequenceShape(llvm::StringRef text) {
  size_t open = text.rfind(kOpen);
  llvm::StringRef trimmed = text.rtrim();
  if (open == llvm::StringRef::npos || open == 0 || !trimmed.ends_with(")"))
    return sequenceError(text, "a sequence is NAME=seq(D0xD1,D0xD1,...)");
  SequenceShape shape;
  shape.name = text.substr(0, open).str();
  llvm::StringRef body = trimmed.drop_back().substr(open + kOpen.size()).trim();
  if (body.empty())
    return shape;
  llvm::SmallVector<llvm::StringRef> elements;
  body.split(elements, ',');
  for (llvm::StringRef element : elements) {
    element = element.trim();
    if (element == "scalar") {
      shape.elements.emplace_back();
      continue;
    }
    if (element.empty())
      return sequenceError(text, "an element shape is empty (write scalar "
                                 "for a rank-0 element)");
    // Each element is checked with the tensor syntax, under a stand-in name.
    llvm::Expected<graph::ShapeSpec> spec =
        graph::parseShapeSpec(("element=" + element).str());
    if (!spec)
      return sequenceError(text, "element '" + element +
                                     "' is not D0xD1x... ('?' for a "
                                     "dynamic dim)");
    shape.elements.push_back(spec->dims);
  }
  return shape;
}

llvm::Error splitShapeFlags(llvm::ArrayRef<std::string> shapes,
                            std::vector<std::string> &tensorShapes,
                            importer::SequenceInputShapes &sequences) {
  for (const std::string &text : shapes) {
    if (!isSequenceShape(text)) {
      tensorShapes.push_back(text);
      continue;
    }
    llvm::Expected<SequenceShape> shape = parseSequenceShape(text);
    if (!shape)
      return shape.takeError();
    if (sequences.count(shape->name))
      return sequenceError(text, "input '" + shape->name +
                                     "' is given a sequence shape twice");
    for (auto [i, dims] : llvm::enumerate(shape->elements))
      // The importer names element i `NAME[i]` (sequenceElementName).
      tensorShapes.push_back(
          shape->name + "[" + std::to_string(i) +
          "]=" + (dims.empty() ? std::string() : graph::formatDims(dims)));
    sequences[shape->name] = std::move(shape->elements);
  }
  return llvm::Error::success();
}

} // namespace weft::driver
