package ttir

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// loopCSEInput is loop_cse.mlir's kernel (Triton's test of
// triton-loop-aware-cse) with its unregistered ops given a dialect
// prefix: ten iter args, of which the index/phase pairs of two buffers
// and the phases of four counters always hold equal values.
const loopCSEInput = `
tt.func @loop_buffer_phase_args(%arg0: i32) {
  %c2_i32 = arith.constant 2 : i32
  %c128_i32 = arith.constant 128 : i32
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %0:10 = scf.for %arg1 = %c0_i32 to %arg0 step %c128_i32 iter_args(%arg2 = %c0_i32, %arg3 = %c0_i32, %arg4 = %c0_i32, %arg5 = %c0_i32, %arg6 = %c0_i32, %arg7 = %c0_i32, %arg8 = %c0_i32, %arg9 = %c0_i32, %arg10 = %c0_i32, %arg11 = %c0_i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)  : i32 {
    %1 = arith.subi %arg0, %c128_i32 : i32
    %2 = arith.cmpi slt, %arg1, %1 : i32
    %3 = arith.xori %arg7, %c1_i32 : i32
    "test.use"(%arg4, %arg5, %3, %arg8) : (i32, i32, i32, i32) -> ()
    %4 = arith.addi %arg4, %c1_i32 : i32
    %5 = arith.xori %arg5, %c1_i32 : i32
    %6 = arith.cmpi eq, %4, %c2_i32 : i32
    %7 = arith.select %6, %c0_i32, %4 : i32
    %8 = arith.select %6, %5, %arg5 : i32
    %9 = arith.xori %arg8, %c1_i32 : i32
    %10 = arith.xori %arg11, %c1_i32 : i32
    %11 = arith.xori %arg6, %c1_i32 : i32
    %12 = arith.addi %arg2, %c1_i32 : i32
    %13 = arith.xori %arg3, %c1_i32 : i32
    %14 = arith.cmpi eq, %12, %c2_i32 : i32
    %15 = arith.select %14, %c0_i32, %12 : i32
    %16 = arith.select %14, %13, %arg3 : i32
    "test.use"(%15, %16, %11, %2) : (i32, i32, i32, i1) -> ()
    %17 = arith.xori %arg10, %c1_i32 : i32
    "test.use"(%17, %arg11) : (i32, i32) -> ()
    %18 = arith.xori %arg9, %c1_i32 : i32
    "test.use"(%17, %arg11) : (i32, i32) -> ()
    scf.yield %15, %16, %7, %8, %11, %3, %9, %18, %17, %10 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  }
  tt.return
}`

// TestMergeEqualIterArgs checks the loop-specific part of
// triton-loop-aware-cse (the CSE before and after it is the generic cse
// pass): the equal iter args collapse to the three that loop_cse.mlir
// expects, and their uses are redirected.
func TestMergeEqualIterArgs(t *testing.T) {
	ctx := all.NewContext()
	ctx.AllowUnregistered = true
	mod, err := asm.ParseString(ctx, loopCSEInput)
	if err != nil {
		t.Fatal(err)
	}
	var loop *ir.Operation
	ir.WalkOps(mod, func(o *ir.Operation) {
		if o.Name() == "scf.for" {
			loop = o
		}
	})
	mergeEqualIterArgs(scf.ForOp{Operation: loop})
	if _, err := pattern.ApplyGreedily(mod, pattern.Freeze(ctx.LookupOp("scf.for").Canonicalize), greedyConfig()); err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatal(err)
	}
	// Without the final CSE the three `xori %arg4, 1` stay distinct;
	// triton-loop-aware-cse's second CSE merges them.
	want := `module {
  tt.func @loop_buffer_phase_args(%arg0: i32) {
    %c2_i32 = arith.constant 2 : i32
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0:3 = scf.for %arg1 = %c0_i32 to %arg0 step %c128_i32 iter_args(%arg2 = %c0_i32, %arg3 = %c0_i32, %arg4 = %c0_i32) -> (i32, i32, i32)  : i32 {
      %1 = arith.subi %arg0, %c128_i32 : i32
      %2 = arith.cmpi slt, %arg1, %1 : i32
      %3 = arith.xori %arg4, %c1_i32 : i32
      "test.use"(%arg2, %arg3, %3, %arg4) : (i32, i32, i32, i32) -> ()
      %4 = arith.xori %arg4, %c1_i32 : i32
      %5 = arith.addi %arg2, %c1_i32 : i32
      %6 = arith.xori %arg3, %c1_i32 : i32
      %7 = arith.cmpi eq, %5, %c2_i32 : i32
      %8 = arith.select %7, %c0_i32, %5 : i32
      %9 = arith.select %7, %6, %arg3 : i32
      "test.use"(%8, %9, %4, %2) : (i32, i32, i32, i1) -> ()
      %10 = arith.xori %arg4, %c1_i32 : i32
      "test.use"(%10, %arg4) : (i32, i32) -> ()
      "test.use"(%10, %arg4) : (i32, i32) -> ()
      scf.yield %8, %9, %4 : i32, i32, i32
    }
    tt.return
  }
}
`
	if got := asm.Sprint(mod, asm.PrintConfig{}); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
