// RUN: weft-opt --cpu-form-kernels --verify-diagnostics %s

// expected-error@below {{cpu backend: the module has no func.func @main}}
module {
  func.func @not_main() {
    return
  }
}
