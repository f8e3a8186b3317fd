// RUN: tt-opt %s --mlir-print-debuginfo --mlir-use-nameloc-as-prefix | FileCheck %s

// Location aliases are numbered by nesting depth; those referenced by
// block arguments are printed first, operation locations are deferred to
// the end. Values are named after their name locations with one conflict
// counter.

// CHECK:      #loc = loc("k.py":1:0)
// CHECK-NEXT: #loc3 = loc("x"(#loc))
// CHECK-NEXT: module {
// CHECK-NEXT:   tt.func @f(%x: i32 loc("x"(#loc))) -> i32 {
// CHECK-NEXT:     %y = arith.addi %x, %x : i32 loc(#loc4)
// CHECK-NEXT:     %y_0 = arith.muli %y, %y : i32 loc(#loc5)
// CHECK:      } loc(#loc)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc1 = loc("k.py":2:3)
// CHECK-NEXT: #loc2 = loc("k.py":3:3)
// CHECK-NEXT: #loc4 = loc("y"(#loc1))
// CHECK-NEXT: #loc5 = loc("y"(#loc2))
#loc = loc("k.py":1:0)
module {
  tt.func @f(%a: i32 loc("x"(#loc))) -> i32 {
    %0 = arith.addi %a, %a : i32 loc(#loc1)
    %1 = arith.muli %0, %0 : i32 loc(#loc2)
    tt.return %1 : i32 loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("y"("k.py":2:3))
#loc2 = loc("y"("k.py":3:3))
