// RUN: tt-opt %s -split-input-file -test-print-allocation -verify-diagnostics -o /dev/null
// RUN: tt-opt %s -split-input-file -test-print-allocation=get-scratch-size-function=ValidConstant -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONST

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// Buffers whose lifetimes do not overlap share memory; a buffer is live
// from its allocation to the last use of any view of it.
// expected-remark @below {{reuse}}
// expected-remark @below {{size = 3072}}
tt.func @reuse() {
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{offset = 0, size = 2048}}
  %big = ttg.local_alloc : () -> !ttg.memdesc<2x16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{offset = 2048, size = 1024}}
  %small = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  %view = ttg.memdesc_index %big[%c0] : !ttg.memdesc<2x16x32xf16, #A, #smem, mutable> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  ttg.local_dealloc %small : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // %big is dead after its view's last use; both later buffers reuse it.
  ttg.local_dealloc %view : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{offset = 0, size = 1024}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{offset = 1024, size = 1024}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  ttg.local_dealloc %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  ttg.local_dealloc %b : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  tt.return
}

// A value defined before a loop and used in it is live until the loop
// ends, so a buffer of the loop body cannot take its place; after the loop
// the memory is free again.
// expected-remark @below {{loop}}
// expected-remark @below {{size = 2048}}
tt.func @loop(%lb: index, %ub: index, %step: index) {
  // expected-remark @below {{offset = 0, size = 1024}}
  %outer = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  scf.for %i = %lb to %ub step %step {
    // expected-remark @below {{offset = 1024, size = 1024}}
    %inner = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    ttg.local_dealloc %inner : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    ttg.local_dealloc %outer : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  }
  // expected-remark @below {{offset = 0, size = 2048}}
  %after = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #A, #smem, mutable>
  tt.return
}

// Loop-carried buffers stay live for the whole loop, and so does
// everything they may alias.
// expected-remark @below {{carried}}
// expected-remark @below {{size = 3072}}
tt.func @carried(%lb: index, %ub: index, %step: index) {
  // expected-remark @below {{offset = 0, size = 1024}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{offset = 1024, size = 1024}}
  %y = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%p = %x, %q = %y) -> (!ttg.memdesc<16x32xf16, #A, #smem, mutable>, !ttg.memdesc<16x32xf16, #A, #smem, mutable>) {
    // expected-remark @below {{offset = 2048, size = 1024}}
    %t = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    ttg.local_dealloc %t : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    scf.yield %q, %p : !ttg.memdesc<16x32xf16, #A, #smem, mutable>, !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  }
  tt.return
}

// In a CFG loop a value used in the body is live around the back edge:
// a buffer allocated in the body after that use still cannot take its
// place. After the loop both are dead.
// expected-remark @below {{cf_loop}}
// expected-remark @below {{size = 2048}}
tt.func @cf_loop(%n: index) -> tensor<16x32xf16, #blocked> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant dense<0.000000e+00> : tensor<16x32xf16, #blocked>
  // expected-remark @below {{offset = 0, size = 1024}}
  %outer = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  cf.br ^bb1(%c0, %init : index, tensor<16x32xf16, #blocked>)
^bb1(%i: index, %acc: tensor<16x32xf16, #blocked>):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^bb2, ^bb3
^bb2:
  %v = ttg.local_load %outer : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  // expected-remark @below {{offset = 1024, size = 1024}}
  %inner = ttg.local_alloc %v : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #A, #smem>
  %w = ttg.local_load %inner : !ttg.memdesc<16x32xf16, #A, #smem> -> tensor<16x32xf16, #blocked>
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next, %w : index, tensor<16x32xf16, #blocked>)
^bb3:
  // expected-remark @below {{offset = 0, size = 1024}}
  %after = ttg.local_alloc %acc : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #A, #smem>
  %r = ttg.local_load %after : !ttg.memdesc<16x32xf16, #A, #smem> -> tensor<16x32xf16, #blocked>
  tt.return %r : tensor<16x32xf16, #blocked>
}

// The arms of a branch may share memory; a buffer live across the branch
// may not be shared.
// expected-remark @below {{branch}}
// expected-remark @below {{size = 3072}}
tt.func @branch(%c: i1) {
  // expected-remark @below {{offset = 2048, size = 1024}}
  %live = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  scf.if %c {
    // expected-remark @below {{offset = 0, size = 2048}}
    %t = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #A, #smem, mutable>
  } else {
    // expected-remark @below {{offset = 0, size = 1024}}
    %e = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  }
  ttg.local_dealloc %live : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  tt.return
}

}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#lanes = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#regs = #ttg.linear<{register = [[16, 0], [32, 0], [0, 8], [0, 16]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#b1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {

// Layout conversions through shared memory need one round of the
// conversion plan; those done in registers or with warp shuffles need
// none. With a constant scratch size every op but the function gets it.
// CONST-LABEL: remark: convert
// CONST-COUNT-5: remark: scratch offset = 0, size = 128
// CONST-NOT: remark: scratch
// CONST: remark: size = 128
// expected-remark @below {{convert}}
// expected-remark @below {{size = 8192}}
tt.func @convert(%x: tensor<64x32xf32, #blocked>, %h: tensor<64x32xf16, #row>) {
  // expected-remark @below {{scratch offset = 0, size = 8192}}
  %0 = ttg.convert_layout %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #col>
  // expected-remark @below {{scratch offset = 0, size = 4096}}
  %1 = ttg.convert_layout %h : tensor<64x32xf16, #row> -> tensor<64x32xf16, #blocked>
  // Within warps: lanes move.
  %2 = ttg.convert_layout %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #lanes>
  // Within threads: registers move.
  %3 = ttg.convert_layout %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #regs>
  tt.return
}

// Reductions and scans across warps exchange partial results through
// shared memory: one per warp along the axis.
// expected-remark @below {{reduce_scan}}
// expected-remark @below {{size = 2048}}
tt.func @reduce_scan(%x: tensor<64x32xf32, #blocked>) {
  // expected-remark @below {{scratch offset = 0, size = 512}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  // The warps do not split axis 1: no scratch.
  %1 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  // expected-remark @below {{scratch offset = 0, size = 2048}}
  %2 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<64x32xf32, #blocked>
  tt.return
}

// Atomics broadcast a used result to the threads that did not issue them:
// a scalar takes one element, a tensor whose layout repeats elements its
// whole shape; unused results and unique layouts need nothing.
// expected-remark @below {{atomics}}
// expected-remark @below {{size = 256}}
tt.func @atomics(%p: !tt.ptr<i32>, %ps: tensor<64x!tt.ptr<f32>, #b1d>, %vs: tensor<64xf32, #b1d>, %qs: tensor<128x!tt.ptr<f32>, #b1d>, %ws: tensor<128xf32, #b1d>) -> (i32, tensor<64xf32, #b1d>, tensor<128xf32, #b1d>) {
  %c1 = arith.constant 1 : i32
  // Scratch buffers live only during their op: all start at 0.
  // expected-remark @below {{scratch offset = 0, size = 4}}
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %c1 : (!tt.ptr<i32>, i32) -> i32
  %1 = tt.atomic_rmw add, acq_rel, gpu, %p, %c1 : (!tt.ptr<i32>, i32) -> i32
  // expected-remark @below {{scratch offset = 0, size = 256}}
  %2 = tt.atomic_rmw fadd, relaxed, gpu, %ps, %vs : (tensor<64x!tt.ptr<f32>, #b1d>, tensor<64xf32, #b1d>) -> tensor<64xf32, #b1d>
  %3 = tt.atomic_rmw fadd, relaxed, gpu, %qs, %ws : (tensor<128x!tt.ptr<f32>, #b1d>, tensor<128xf32, #b1d>) -> tensor<128xf32, #b1d>
  tt.return %0, %2, %3 : i32, tensor<64xf32, #b1d>, tensor<128xf32, #b1d>
}

// A histogram keeps a counter per bin (at least one per lane); a gather
// whose columns span warps stages its whole source.
// expected-remark @below {{histogram_gather}}
// expected-remark @below {{size = 8192}}
tt.func @histogram_gather(%x: tensor<128xi32, #b1d>, %src: tensor<64x32xf32, #blocked>, %idx: tensor<64x32xi32, #blocked>) {
  // expected-remark @below {{scratch offset = 0, size = 128}}
  %h = tt.histogram %x : tensor<128xi32, #b1d> -> tensor<8xi32, #b1d>
  // expected-remark @below {{scratch offset = 0, size = 8192}}
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x32xf32, #blocked>, tensor<64x32xi32, #blocked>) -> tensor<64x32xf32, #blocked>
  tt.return
}

}

// -----

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// Buffers are aligned as their layout asks (128 bytes per swizzle phase
// for NVMMA layouts) or as their alignment attribute says.
// expected-remark @below {{aligned}}
// expected-remark @below {{size = 34400}}
tt.func @aligned() {
  // expected-remark @below {{offset = 0, size = 16512}}
  %wide = ttg.local_alloc : () -> !ttg.memdesc<129x64xf16, #A, #smem, mutable>
  // 16512 rounded up to a multiple of 1024.
  // expected-remark @below {{offset = 17408, size = 16384}}
  %tile = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  // expected-remark @below {{offset = 33792, size = 96}}
  %odd = ttg.local_alloc : () -> !ttg.memdesc<3x16xf16, #A, #smem, mutable>
  // 33792 + 96 rounded up to a multiple of 512.
  // expected-remark @below {{offset = 34304, size = 96}}
  %page = ttg.local_alloc {alignment = 512 : i32} : () -> !ttg.memdesc<3x16xf16, #A, #smem, mutable>
  ttg.local_dealloc %wide : !ttg.memdesc<129x64xf16, #A, #smem, mutable>
  ttg.local_dealloc %tile : !ttg.memdesc<128x64xf16, #nvmma, #smem, mutable>
  ttg.local_dealloc %odd : !ttg.memdesc<3x16xf16, #A, #smem, mutable>
  ttg.local_dealloc %page : !ttg.memdesc<3x16xf16, #A, #smem, mutable>
  tt.return
}

// A call reserves the shared memory of its callee while it runs.
// expected-remark @below {{callee}}
// expected-remark @below {{size = 2048}}
tt.func private @callee() {
  // expected-remark @below {{offset = 0, size = 2048}}
  %t = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #A, #smem, mutable>
  tt.return
}

// expected-remark @below {{caller}}
// expected-remark @below {{size = 3072}}
tt.func @caller() {
  // expected-remark @below {{offset = 2048, size = 1024}}
  %keep = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{virtual offset = 0, size = 2048}}
  tt.call @callee() : () -> ()
  ttg.local_dealloc %keep : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  // expected-remark @below {{virtual offset = 0, size = 2048}}
  tt.call @callee() : () -> ()
  tt.return
}

}
