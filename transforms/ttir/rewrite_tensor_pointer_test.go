package ttir_test

import "testing"

// Cases of triton-rewrite-tensor-pointer that rewrite-tensor-pointer.mlir
// does not cover: scf.while (Triton 3.6 aborts on it), stores with a
// boundary check, zero padding of integers, and inputs that cannot be
// rewritten.

func TestRewriteTensorPointerWhile(t *testing.T) {
	expect(t, "triton-rewrite-tensor-pointer", `
tt.func @f(%p: !tt.ptr<i32>, %n: i64, %v: tensor<4xi32>, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i32
  %0 = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : !tt.ptr<tensor<4xi32>>
  %1:2 = scf.while (%ptr = %0, %i = %c0) : (!tt.ptr<tensor<4xi32>>, i32) -> (!tt.ptr<tensor<4xi32>>, i32) {
    %c = arith.cmpi slt, %i, %k : i32
    scf.condition(%c) %ptr, %i : !tt.ptr<tensor<4xi32>>, i32
  } do {
  ^bb0(%ptr2: !tt.ptr<tensor<4xi32>>, %i2: i32):
    tt.store %ptr2, %v {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<4xi32>>
    %next = tt.advance %ptr2, [%c4] : <tensor<4xi32>>
    %i3 = arith.addi %i2, %c4 : i32
    scf.yield %next, %i3 : !tt.ptr<tensor<4xi32>>, i32
  }
  %l = tt.load %1#0 {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<4xi32>>
  tt.store %1#0, %l : !tt.ptr<tensor<4xi32>>
  tt.return
}`, `
module {
  tt.func @f(%arg0: !tt.ptr<i32>, %arg1: i64, %arg2: tensor<4xi32>, %arg3: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c4_i32 = arith.constant 4 : i32
    %0 = arith.extsi %c0_i32 : i32 to i64
    %1:2 = scf.while (%arg4 = %0, %arg5 = %c0_i32) : (i64, i32) -> (i64, i32) {
      %28 = arith.cmpi slt, %arg5, %arg3 : i32
      scf.condition(%28) %arg4, %arg5 : i64, i32
    } do {
    ^bb0(%arg4: i64, %arg5: i32):
      %28 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
      %29 = tt.splat %arg4 : i64 -> tensor<4xi64>
      %30 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
      %31 = arith.extsi %30 : tensor<4xi32> to tensor<4xi64>
      %32 = arith.addi %29, %31 : tensor<4xi64>
      %33 = tt.splat %c1_i64 : i64 -> tensor<4xi64>
      %34 = arith.muli %32, %33 : tensor<4xi64>
      %35 = tt.broadcast %34 : tensor<4xi64> -> tensor<4xi64>
      %36 = tt.addptr %28, %35 : tensor<4x!tt.ptr<i32>>, tensor<4xi64>
      %c0_i64_1 = arith.constant 0 : i64
      %37 = tt.splat %c0_i64_1 : i64 -> tensor<4xi64>
      %38 = arith.cmpi sge, %32, %37 : tensor<4xi64>
      %39 = tt.splat %arg1 : i64 -> tensor<4xi64>
      %40 = arith.cmpi slt, %32, %39 : tensor<4xi64>
      %41 = arith.andi %38, %40 : tensor<4xi1>
      %42 = tt.broadcast %41 : tensor<4xi1> -> tensor<4xi1>
      tt.store %36, %arg2, %42 : tensor<4x!tt.ptr<i32>>
      %43 = arith.extsi %c4_i32 : i32 to i64
      %44 = arith.addi %arg4, %43 : i64
      %45 = arith.addi %arg5, %c4_i32 : i32
      scf.yield %44, %45 : i64, i32
    }
    %2 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %3 = tt.splat %1#0 : i64 -> tensor<4xi64>
    %4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %5 = arith.extsi %4 : tensor<4xi32> to tensor<4xi64>
    %6 = arith.addi %3, %5 : tensor<4xi64>
    %7 = tt.splat %c1_i64 : i64 -> tensor<4xi64>
    %8 = arith.muli %6, %7 : tensor<4xi64>
    %9 = tt.broadcast %8 : tensor<4xi64> -> tensor<4xi64>
    %10 = tt.addptr %2, %9 : tensor<4x!tt.ptr<i32>>, tensor<4xi64>
    %c0_i64 = arith.constant 0 : i64
    %11 = tt.splat %c0_i64 : i64 -> tensor<4xi64>
    %12 = arith.cmpi sge, %6, %11 : tensor<4xi64>
    %13 = tt.splat %arg1 : i64 -> tensor<4xi64>
    %14 = arith.cmpi slt, %6, %13 : tensor<4xi64>
    %15 = arith.andi %12, %14 : tensor<4xi1>
    %16 = tt.broadcast %15 : tensor<4xi1> -> tensor<4xi1>
    %c0_i32_0 = arith.constant 0 : i32
    %17 = tt.splat %c0_i32_0 : i32 -> tensor<4xi32>
    %18 = tt.load %10, %16, %17 : tensor<4x!tt.ptr<i32>>
    %19 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %20 = tt.splat %1#0 : i64 -> tensor<4xi64>
    %21 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %22 = arith.extsi %21 : tensor<4xi32> to tensor<4xi64>
    %23 = arith.addi %20, %22 : tensor<4xi64>
    %24 = tt.splat %c1_i64 : i64 -> tensor<4xi64>
    %25 = arith.muli %23, %24 : tensor<4xi64>
    %26 = tt.broadcast %25 : tensor<4xi64> -> tensor<4xi64>
    %27 = tt.addptr %19, %26 : tensor<4x!tt.ptr<i32>>, tensor<4xi64>
    tt.store %27, %18 : tensor<4x!tt.ptr<i32>>
    tt.return
  }
}`)
}

func TestRewriteTensorPointerErrors(t *testing.T) {
	cases := []struct{ name, src, msg string }{
		{"nan padding of integers", `
tt.func @f(%p: !tt.ptr<i32>, %n: i64) -> tensor<4xi32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : !tt.ptr<tensor<4xi32>>
  %l = tt.load %0 {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<4xi32>>
  tt.return %l : tensor<4xi32>
}`, "padding option 'nan' needs a floating-point element type"},
		{"if branches on different tensors", `
tt.func @f(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i64, %c: i1) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : !tt.ptr<tensor<4xf32>>
  %1 = tt.make_tensor_ptr %q, [%n], [%c1], [%c0] {order = array<i32: 0>} : !tt.ptr<tensor<4xf32>>
  %2 = scf.if %c -> (!tt.ptr<tensor<4xf32>>) {
    scf.yield %0 : !tt.ptr<tensor<4xf32>>
  } else {
    scf.yield %1 : !tt.ptr<tensor<4xf32>>
  }
  %l = tt.load %2 : !tt.ptr<tensor<4xf32>>
  tt.return %l : tensor<4xf32>
}`, "the branches of 'scf.if' yield block pointers to different tensors"},
		{"loop switching tensors", `
tt.func @f(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i64, %k: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_64 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %p, [%n], [%c1_64], [%c0] {order = array<i32: 0>} : !tt.ptr<tensor<4xf32>>
  %1 = scf.for %i = %c0 to %k step %c1 iter_args(%a = %0) -> (!tt.ptr<tensor<4xf32>>) : i32 {
    %2 = tt.make_tensor_ptr %q, [%n], [%c1_64], [%i] {order = array<i32: 0>} : !tt.ptr<tensor<4xf32>>
    scf.yield %2 : !tt.ptr<tensor<4xf32>>
  }
  %l = tt.load %1 : !tt.ptr<tensor<4xf32>>
  tt.return %l : tensor<4xf32>
}`, "forwards a block pointer to a different tensor than the loop carries"},
		{"call", `
tt.func private @g(!tt.ptr<tensor<4xf32>>)
tt.func @f(%p: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %0 = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : !tt.ptr<tensor<4xf32>>
  tt.call @g(%0) : (!tt.ptr<tensor<4xf32>>) -> ()
  tt.return
}`, "cannot rewrite block pointers through 'tt.call'"},
		{"function argument", `
tt.func @f(%p: !tt.ptr<tensor<4xf32>>) -> tensor<4xf32> {
  %l = tt.load %p : !tt.ptr<tensor<4xf32>>
  tt.return %l : tensor<4xf32>
}`, "it does not come from tt.make_tensor_ptr"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectError(t, "triton-rewrite-tensor-pointer", c.src, c.msg) })
	}
}
