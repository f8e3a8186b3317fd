// RUN: tt-opt %s -split-input-file -triton-combine | FileCheck %s
// RUN: tt-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// MLIR's default GreedyRewriteConfig, which Triton's pattern passes use,
// simplifies regions aggressively: an early return under a dynamic if
// leaves two blocks that differ only in the stored constant, and they
// become one block taking it as an argument (the cond_br passes 0 on one
// side and 1 on the other). The canonicalize pass (region-simplify=normal)
// leaves them.
// CHECK-LABEL: tt.func public @early_return
// CHECK:         cf.cond_br %{{.+}}, ^bb1(%[[C0:.+]] : i32), ^bb1(%[[C1:.+]] : i32)
// CHECK:       ^bb1(%[[V:.+]]: i32):
// CHECK-NEXT:    tt.store %{{.+}}, %[[V]] : !tt.ptr<i32>
// CHECK-NEXT:    tt.return
// CHECK-NOT:   ^bb2
// CANON-LABEL: tt.func public @early_return
// CANON:         cf.cond_br %{{.+}}, ^bb1, ^bb2
module {
  tt.func public @early_return(%flag: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %f = tt.load %flag : !tt.ptr<i32>
    %exit = arith.cmpi ne, %f, %c0 : i32
    cf.cond_br %exit, ^bb1, ^bb2
  ^bb1:
    tt.store %out, %c0 : !tt.ptr<i32>
    tt.return
  ^bb2:
    tt.store %out, %c1 : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Blocks that stay apart: one computes its value (an add the other does
// not have).
// CHECK-LABEL: tt.func public @not_identical
// CHECK:         cf.cond_br %{{.+}}, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK-NEXT:    tt.store %arg1, %c0_i32
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[Y:.+]] = arith.addi %arg2, %c1_i32 : i32
// CHECK-NEXT:    tt.store %arg1, %[[Y]]
module {
  tt.func public @not_identical(%flag: !tt.ptr<i32>, %out: !tt.ptr<i32>, %x: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %f = tt.load %flag : !tt.ptr<i32>
    %a = arith.cmpi ne, %f, %c0 : i32
    cf.cond_br %a, ^bb1, ^bb2
  ^bb1:
    tt.store %out, %c0 : !tt.ptr<i32>
    tt.return
  ^bb2:
    %y = arith.addi %x, %c1 : i32
    tt.store %out, %y : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A block argument every predecessor passes the same value is that value
// (MLIR's dropRedundantArguments, also part of the aggressive level).
// CHECK-LABEL: tt.func public @redundant_argument
// CHECK:         cf.cond_br %{{.+}}, ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK:         cf.br ^bb3
// CHECK:       ^bb3:
// CHECK-NEXT:    tt.store %{{.+}}, %arg2 : !tt.ptr<i32>
// CANON-LABEL: tt.func public @redundant_argument
// CANON:       ^bb3(%{{.+}}: i32):
module {
  tt.func public @redundant_argument(%flag: !tt.ptr<i32>, %out: !tt.ptr<i32>, %x: i32) {
    %c0 = arith.constant 0 : i32
    %f = tt.load %flag : !tt.ptr<i32>
    %a = arith.cmpi ne, %f, %c0 : i32
    cf.cond_br %a, ^bb1, ^bb2
  ^bb1:
    tt.store %out, %c0 : !tt.ptr<i32>
    cf.br ^bb3(%x : i32)
  ^bb2:
    %g = tt.load %flag : !tt.ptr<i32>
    tt.store %out, %g : !tt.ptr<i32>
    cf.br ^bb3(%x : i32)
  ^bb3(%v: i32):
    tt.store %out, %v : !tt.ptr<i32>
    tt.return
  }
}

// -----

// Two differing operands that carry the same value in every block become
// one argument (MLIR prunes the redundant ones).
// CHECK-LABEL: tt.func public @one_argument
// CHECK:         cf.cond_br %{{.+}}, ^bb1(%{{.+}} : i32), ^bb1(%{{.+}} : i32)
// CHECK:       ^bb1(%[[V:.+]]: i32):
// CHECK-NEXT:    tt.store %arg1, %[[V]]
// CHECK-NEXT:    tt.store %arg2, %[[V]]
module {
  tt.func public @one_argument(%flag: !tt.ptr<i32>, %out: !tt.ptr<i32>, %out2: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %f = tt.load %flag : !tt.ptr<i32>
    %a = arith.cmpi ne, %f, %c0 : i32
    cf.cond_br %a, ^bb1, ^bb2
  ^bb1:
    tt.store %out, %c0 : !tt.ptr<i32>
    tt.store %out2, %c0 : !tt.ptr<i32>
    tt.return
  ^bb2:
    tt.store %out, %c1 : !tt.ptr<i32>
    tt.store %out2, %c1 : !tt.ptr<i32>
    tt.return
  }
}

// -----

// The value a cf.switch passes on both edges is the argument's value: the
// argument goes and the switch's per-case operand segments shrink with it.
// CHECK-LABEL: tt.func public @switch_redundant_argument
// CHECK:         cf.switch %{{.+}} : i32, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      1: ^bb1
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    tt.store %arg1, %arg2 : !tt.ptr<i32>
// CANON-LABEL: tt.func public @switch_redundant_argument
// CANON:         default: ^bb1(%arg2 : i32),
// CANON-NEXT:    1: ^bb1(%arg2 : i32)
module {
  tt.func public @switch_redundant_argument(%flag: !tt.ptr<i32>, %out: !tt.ptr<i32>, %x: i32) {
    %f = tt.load %flag : !tt.ptr<i32>
    cf.switch %f : i32, [
      default: ^bb1(%x : i32),
      1: ^bb1(%x : i32)
    ]
  ^bb1(%v: i32):
    tt.store %out, %v : !tt.ptr<i32>
    tt.return
  }
}

// -----

// An unused argument of a cf.switch successor goes at every level, with
// its operand in the switch's case segment (the case segment sizes once
// went stale here and the verifier crashed on them).
// CHECK-LABEL: tt.func public @switch_dead_case_argument
// CHECK:         cf.switch %{{.+}} : i32, [
// CHECK-NEXT:      default: ^bb1,
// CHECK-NEXT:      1: ^bb1
// CHECK-NEXT:    ]
// CHECK-NOT:   ^bb2
// CANON-LABEL: tt.func public @switch_dead_case_argument
// CANON:         cf.switch %{{.+}} : i32, [
// CANON-NEXT:      default: ^bb1,
// CANON-NEXT:      1: ^bb2
// CANON-NEXT:    ]
// CANON-NEXT:  ^bb1:
// CANON:       ^bb2:
module {
  tt.func public @switch_dead_case_argument(%flag: !tt.ptr<i32>, %out: !tt.ptr<i32>, %x: i32, %y: i32) {
    %f = tt.load %flag : !tt.ptr<i32>
    cf.switch %f : i32, [
      default: ^bb1(%x : i32),
      1: ^bb2(%y : i32)
    ]
  ^bb1(%v: i32):
    tt.store %out, %f : !tt.ptr<i32>
    tt.return
  ^bb2(%w: i32):
    tt.store %out, %f : !tt.ptr<i32>
    tt.return
  }
}
