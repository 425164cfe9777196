// RUN: weft-opt --cpu-lower-vectors %s | FileCheck %s

// Math functions without an LLVM intrinsic or a polynomial approximation
// (tan, the hyperbolic functions and their inverses) are expanded into ones
// that have one, so that the kernels call no libm.

// CHECK-LABEL: func.func @hyperbolic
// CHECK-NOT: math.tan %
// CHECK-NOT: math.sinh %
// CHECK-NOT: math.cosh %
// CHECK-NOT: math.asinh %
// CHECK-NOT: math.acosh %
// CHECK-NOT: math.atanh %
// CHECK: return
func.func @hyperbolic(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.tan %x : vector<8xf32>
  %1 = math.sinh %0 : vector<8xf32>
  %2 = math.cosh %1 : vector<8xf32>
  %3 = math.asinh %2 : vector<8xf32>
  %4 = math.acosh %3 : vector<8xf32>
  %5 = math.atanh %4 : vector<8xf32>
  return %5 : vector<8xf32>
}
