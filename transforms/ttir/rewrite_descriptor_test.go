package ttir_test

import (
	"strings"
	"testing"
)

// Cases of triton-rewrite-tensor-descriptor-to-pointer that
// rewrite-tensor-descriptor-to-pointer.mlir does not cover: gathers,
// reductions, selects of descriptors and descriptors used in loops.

// A gather reads rows x of the descriptor at columns [y, y + 32).
func TestRewriteDescriptorGather(t *testing.T) {
	expect(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @gather(%d: !tt.tensordesc<tensor<1x32xf16>>, %x: tensor<8xi32>, %y: i32) -> tensor<8x32xf16> {
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32) -> tensor<8x32xf16>
  tt.return %0 : tensor<8x32xf16>
}`, `
module {
  tt.func @gather(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i1, %arg6: tensor<8xi32>, %arg7: i32) -> tensor<8x32xf16> {
    %0 = tt.expand_dims %arg6 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %1 = arith.extsi %arg7 : i32 to i64
    %2 = arith.extsi %0 : tensor<8x1xi32> to tensor<8x1xi64>
    %3 = tt.splat %1 : i64 -> tensor<32xi64>
    %4 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %5 = arith.extsi %4 : tensor<32xi32> to tensor<32xi64>
    %6 = arith.addi %3, %5 : tensor<32xi64>
    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
    %8 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<8x32x!tt.ptr<f16>>
    %9 = tt.splat %arg3 : i64 -> tensor<8x1xi64>
    %10 = arith.muli %2, %9 : tensor<8x1xi64>
    %11 = tt.broadcast %10 : tensor<8x1xi64> -> tensor<8x32xi64>
    %12 = tt.addptr %8, %11 : tensor<8x32x!tt.ptr<f16>>, tensor<8x32xi64>
    %13 = tt.splat %arg4 : i64 -> tensor<1x32xi64>
    %14 = arith.muli %7, %13 : tensor<1x32xi64>
    %15 = tt.broadcast %14 : tensor<1x32xi64> -> tensor<8x32xi64>
    %16 = tt.addptr %12, %15 : tensor<8x32x!tt.ptr<f16>>, tensor<8x32xi64>
    %c0_i64 = arith.constant 0 : i64
    %17 = tt.splat %c0_i64 : i64 -> tensor<8x1xi64>
    %18 = arith.cmpi sge, %2, %17 : tensor<8x1xi64>
    %19 = tt.splat %arg1 : i64 -> tensor<8x1xi64>
    %20 = arith.cmpi slt, %2, %19 : tensor<8x1xi64>
    %21 = arith.andi %18, %20 : tensor<8x1xi1>
    %22 = tt.broadcast %21 : tensor<8x1xi1> -> tensor<8x32xi1>
    %c0_i64_0 = arith.constant 0 : i64
    %23 = tt.splat %c0_i64_0 : i64 -> tensor<1x32xi64>
    %24 = arith.cmpi sge, %7, %23 : tensor<1x32xi64>
    %25 = tt.splat %arg2 : i64 -> tensor<1x32xi64>
    %26 = arith.cmpi slt, %7, %25 : tensor<1x32xi64>
    %27 = arith.andi %24, %26 : tensor<1x32xi1>
    %28 = tt.broadcast %27 : tensor<1x32xi1> -> tensor<8x32xi1>
    %29 = arith.andi %22, %28 : tensor<8x32xi1>
    %cst = arith.constant dense<0x7E00> : tensor<8x32xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<8x32xf16>
    %30 = arith.select %arg5, %cst, %cst_1 : tensor<8x32xf16>
    %31 = tt.load %16, %29, %30 : tensor<8x32x!tt.ptr<f16>>
    tt.return %31 : tensor<8x32xf16>
  }
}`)
}

// A float add-reduction becomes an fadd atomic with release semantics.
func TestRewriteDescriptorReduceAdd(t *testing.T) {
	expect(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @reduce(%d: !tt.tensordesc<tensor<4xf32>>, %v: tensor<4xf32>, %i: i32) {
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<4xf32>>, tensor<4xf32>
  tt.return
}`, `
module {
  tt.func @reduce(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i64, %arg3: i1, %arg4: tensor<4xf32>, %arg5: i32) {
    %0 = arith.extsi %arg5 : i32 to i64
    %1 = tt.splat %0 : i64 -> tensor<4xi64>
    %2 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %3 = arith.extsi %2 : tensor<4xi32> to tensor<4xi64>
    %4 = arith.addi %1, %3 : tensor<4xi64>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %6 = tt.splat %arg2 : i64 -> tensor<4xi64>
    %7 = arith.muli %4, %6 : tensor<4xi64>
    %8 = tt.broadcast %7 : tensor<4xi64> -> tensor<4xi64>
    %9 = tt.addptr %5, %8 : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
    %10 = tt.splat %0 : i64 -> tensor<4xi64>
    %11 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %12 = arith.extsi %11 : tensor<4xi32> to tensor<4xi64>
    %13 = arith.addi %10, %12 : tensor<4xi64>
    %c0_i64 = arith.constant 0 : i64
    %14 = tt.splat %c0_i64 : i64 -> tensor<4xi64>
    %15 = arith.cmpi sge, %13, %14 : tensor<4xi64>
    %16 = tt.splat %arg1 : i64 -> tensor<4xi64>
    %17 = arith.cmpi slt, %13, %16 : tensor<4xi64>
    %18 = arith.andi %15, %17 : tensor<4xi1>
    %19 = tt.broadcast %18 : tensor<4xi1> -> tensor<4xi1>
    %20 = tt.atomic_rmw fadd, release, gpu, %9, %arg4, %19 : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<4xi1>) -> tensor<4xf32>
    tt.return
  }
}`)
}

// min/max need integers of known signedness, as in Triton 3.6.
func TestRewriteDescriptorReduceMinSignless(t *testing.T) {
	expectError(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @reduce_min(%d: !tt.tensordesc<tensor<4xi32>>, %v: tensor<4xi32>, %i: i32) {
  tt.descriptor_reduce min, %d[%i], %v : !tt.tensordesc<tensor<4xi32>>, tensor<4xi32>
  tt.return
}`, "Cannot fallback on descriptor atomic op, unsupported for type i32")
}

// A select of descriptors becomes an scf.if yielding their parts; the
// NaN padding flag picks the masked-off value at run time.
func TestRewriteDescriptorSelectAndLoop(t *testing.T) {
	expect(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @select_for(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %c: i1, %k: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_64 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i32
  %0 = tt.make_tensor_descriptor %p, [%c8], [%c1_64] : <f32>, <tensor<4xf32>>
  %1 = tt.make_tensor_descriptor %q, [%k], [%c1_64] {padding = 2 : i32} : <f32>, <tensor<4xf32>>
  %2 = arith.select %c, %0, %1 : !tt.tensordesc<tensor<4xf32>>
  %cst = arith.constant dense<0.0> : tensor<4xf32>
  %3 = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %cst) -> (tensor<4xf32>) : i32 {
    %4 = tt.descriptor_load %2[%i] : !tt.tensordesc<tensor<4xf32>> -> tensor<4xf32>
    %5 = arith.addf %acc, %4 : tensor<4xf32>
    scf.yield %5 : tensor<4xf32>
  }
  tt.return %3 : tensor<4xf32>
}`, `
module {
  tt.func @select_for(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i1, %arg3: i32) -> tensor<4xf32> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c8_i32 = arith.constant 8 : i32
    %c8_i64 = arith.constant 8 : i64
    %false = arith.constant false
    %0 = arith.extsi %arg3 : i32 to i64
    %true = arith.constant true
    %1:4 = scf.if %arg2 -> (!tt.ptr<f32>, i64, i64, i1) {
      scf.yield %arg0, %c8_i64, %c1_i64, %false : !tt.ptr<f32>, i64, i64, i1
    } else {
      scf.yield %arg1, %0, %c1_i64, %true : !tt.ptr<f32>, i64, i64, i1
    }
    %cst = arith.constant dense<0.000000e+00> : tensor<4xf32>
    %2 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst) -> (tensor<4xf32>)  : i32 {
      %3 = arith.extsi %arg4 : i32 to i64
      %cst_0 = arith.constant dense<0x7FC00000> : tensor<4xf32>
      %cst_1 = arith.constant dense<0.000000e+00> : tensor<4xf32>
      %4 = arith.select %1#3, %cst_0, %cst_1 : tensor<4xf32>
      %5 = tt.splat %3 : i64 -> tensor<4xi64>
      %6 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
      %7 = arith.extsi %6 : tensor<4xi32> to tensor<4xi64>
      %8 = arith.addi %5, %7 : tensor<4xi64>
      %9 = tt.splat %1#0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
      %10 = tt.splat %1#2 : i64 -> tensor<4xi64>
      %11 = arith.muli %8, %10 : tensor<4xi64>
      %12 = tt.broadcast %11 : tensor<4xi64> -> tensor<4xi64>
      %13 = tt.addptr %9, %12 : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
      %14 = tt.splat %3 : i64 -> tensor<4xi64>
      %15 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
      %16 = arith.extsi %15 : tensor<4xi32> to tensor<4xi64>
      %17 = arith.addi %14, %16 : tensor<4xi64>
      %c0_i64 = arith.constant 0 : i64
      %18 = tt.splat %c0_i64 : i64 -> tensor<4xi64>
      %19 = arith.cmpi sge, %17, %18 : tensor<4xi64>
      %20 = tt.splat %1#1 : i64 -> tensor<4xi64>
      %21 = arith.cmpi slt, %17, %20 : tensor<4xi64>
      %22 = arith.andi %19, %21 : tensor<4xi1>
      %23 = tt.broadcast %22 : tensor<4xi1> -> tensor<4xi1>
      %24 = tt.load %13, %23, %4 : tensor<4x!tt.ptr<f32>>
      %25 = arith.addf %arg5, %24 : tensor<4xf32>
      scf.yield %25 : tensor<4xf32>
    }
    tt.return %2 : tensor<4xf32>
  }
}`)
}

// Descriptors carried by scf.for and scf.while iter args become four
// iter args each (pointer, shape, strides, padding flag).
func TestRewriteDescriptorThroughLoops(t *testing.T) {
	expect(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @loops(%d: !tt.tensordesc<tensor<4xf32>>, %v: tensor<4xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%e = %d) -> (!tt.tensordesc<tensor<4xf32>>) : i32 {
    tt.descriptor_store %e[%i], %v : !tt.tensordesc<tensor<4xf32>>, tensor<4xf32>
    scf.yield %e : !tt.tensordesc<tensor<4xf32>>
  }
  %w:2 = scf.while (%x = %r, %j = %c0) : (!tt.tensordesc<tensor<4xf32>>, i32) -> (!tt.tensordesc<tensor<4xf32>>, i32) {
    %c = arith.cmpi slt, %j, %n : i32
    scf.condition(%c) %x, %j : !tt.tensordesc<tensor<4xf32>>, i32
  } do {
  ^bb0(%y: !tt.tensordesc<tensor<4xf32>>, %k: i32):
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %y, %k1 : !tt.tensordesc<tensor<4xf32>>, i32
  }
  tt.descriptor_reduce add, %w#0[%c0], %v : !tt.tensordesc<tensor<4xf32>>, tensor<4xf32>
  tt.return
}`, `
module {
  tt.func @loops(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i64, %arg3: i1, %arg4: tensor<4xf32>, %arg5: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0:4 = scf.for %arg6 = %c0_i32 to %arg5 step %c1_i32 iter_args(%arg7 = %arg0, %arg8 = %arg1, %arg9 = %arg2, %arg10 = %arg3) -> (!tt.ptr<f32>, i64, i64, i1)  : i32 {
      %22 = arith.extsi %arg6 : i32 to i64
      %23 = tt.splat %22 : i64 -> tensor<4xi64>
      %24 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
      %25 = arith.extsi %24 : tensor<4xi32> to tensor<4xi64>
      %26 = arith.addi %23, %25 : tensor<4xi64>
      %27 = tt.splat %arg7 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
      %28 = tt.splat %arg9 : i64 -> tensor<4xi64>
      %29 = arith.muli %26, %28 : tensor<4xi64>
      %30 = tt.broadcast %29 : tensor<4xi64> -> tensor<4xi64>
      %31 = tt.addptr %27, %30 : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
      %32 = tt.splat %22 : i64 -> tensor<4xi64>
      %33 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
      %34 = arith.extsi %33 : tensor<4xi32> to tensor<4xi64>
      %35 = arith.addi %32, %34 : tensor<4xi64>
      %c0_i64_1 = arith.constant 0 : i64
      %36 = tt.splat %c0_i64_1 : i64 -> tensor<4xi64>
      %37 = arith.cmpi sge, %35, %36 : tensor<4xi64>
      %38 = tt.splat %arg8 : i64 -> tensor<4xi64>
      %39 = arith.cmpi slt, %35, %38 : tensor<4xi64>
      %40 = arith.andi %37, %39 : tensor<4xi1>
      %41 = tt.broadcast %40 : tensor<4xi1> -> tensor<4xi1>
      tt.store %31, %arg4, %41 : tensor<4x!tt.ptr<f32>>
      scf.yield %arg7, %arg8, %arg9, %arg10 : !tt.ptr<f32>, i64, i64, i1
    }
    %1:5 = scf.while (%arg6 = %0#0, %arg7 = %0#1, %arg8 = %0#2, %arg9 = %0#3, %arg10 = %c0_i32) : (!tt.ptr<f32>, i64, i64, i1, i32) -> (!tt.ptr<f32>, i64, i64, i1, i32) {
      %22 = arith.cmpi slt, %arg10, %arg5 : i32
      scf.condition(%22) %arg6, %arg7, %arg8, %arg9, %arg10 : !tt.ptr<f32>, i64, i64, i1, i32
    } do {
    ^bb0(%arg6: !tt.ptr<f32>, %arg7: i64, %arg8: i64, %arg9: i1, %arg10: i32):
      %22 = arith.addi %arg10, %c1_i32 : i32
      scf.yield %arg6, %arg7, %arg8, %arg9, %22 : !tt.ptr<f32>, i64, i64, i1, i32
    }
    %c0_i64 = arith.constant 0 : i64
    %2 = tt.splat %c0_i64 : i64 -> tensor<4xi64>
    %3 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %4 = arith.extsi %3 : tensor<4xi32> to tensor<4xi64>
    %5 = arith.addi %2, %4 : tensor<4xi64>
    %6 = tt.splat %1#0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %7 = tt.splat %1#2 : i64 -> tensor<4xi64>
    %8 = arith.muli %5, %7 : tensor<4xi64>
    %9 = tt.broadcast %8 : tensor<4xi64> -> tensor<4xi64>
    %10 = tt.addptr %6, %9 : tensor<4x!tt.ptr<f32>>, tensor<4xi64>
    %11 = tt.splat %c0_i64 : i64 -> tensor<4xi64>
    %12 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %13 = arith.extsi %12 : tensor<4xi32> to tensor<4xi64>
    %14 = arith.addi %11, %13 : tensor<4xi64>
    %c0_i64_0 = arith.constant 0 : i64
    %15 = tt.splat %c0_i64_0 : i64 -> tensor<4xi64>
    %16 = arith.cmpi sge, %14, %15 : tensor<4xi64>
    %17 = tt.splat %1#1 : i64 -> tensor<4xi64>
    %18 = arith.cmpi slt, %14, %17 : tensor<4xi64>
    %19 = arith.andi %16, %18 : tensor<4xi1>
    %20 = tt.broadcast %19 : tensor<4xi1> -> tensor<4xi1>
    %21 = tt.atomic_rmw fadd, release, gpu, %10, %arg4, %20 : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<4xi1>) -> tensor<4xf32>
    tt.return
  }
}`)
}

// A descriptor whose base pointer's type differs from its block's element
// type addresses block elements, as a TMA descriptor does: the pointer
// accesses go through the base cast to a pointer to them (fuzz seed 239:
// the accesses were f32 loads through bf16 pointers, which do not verify).
func TestRewriteDescriptorBaseOfAnotherType(t *testing.T) {
	got, err := run(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @f(%p: !tt.ptr<bf16>, %n: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %0 = tt.make_tensor_descriptor %p, [%n], [%c1] : <bf16>, <tensor<4xf32>>
  %1 = tt.descriptor_load %0[%c0] : !tt.tensordesc<tensor<4xf32>> -> tensor<4xf32>
  tt.return %1 : tensor<4xf32>
}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"tt.bitcast %arg0 : !tt.ptr<bf16> -> !tt.ptr<f32>", "tt.load %", ": tensor<4x!tt.ptr<f32>>"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}

// A descriptor of signed integers (Triton's make_tensor_descriptor gives a
// block of si16 for an int16 base) addresses i16 through its own base:
// the cast to a pointer to the block's elements took si16, and the
// stores of i16 values through it did not verify (the Python fuzz
// campaign: tutorial 06's device-descriptor attention with an int16
// output on sm_80).
func TestRewriteDescriptorSignedBlock(t *testing.T) {
	got, err := run(t, "triton-rewrite-tensor-descriptor-to-pointer", `
tt.func @f(%p: !tt.ptr<i16>, %n: i32, %v: tensor<4xi16>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %0 = tt.make_tensor_descriptor %p, [%n], [%c1] : <i16>, <tensor<4xsi16>>
  tt.descriptor_store %0[%c0], %v : !tt.tensordesc<tensor<4xsi16>>, tensor<4xi16>
  tt.return
}`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "tt.bitcast") || !strings.Contains(got, "tt.store %") || !strings.Contains(got, ": tensor<4x!tt.ptr<i16>>") {
		t.Errorf("want i16 stores through the base itself:\n%s", got)
	}
}
