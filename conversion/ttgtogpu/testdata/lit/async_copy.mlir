// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu -canonicalize | FileCheck %s

// Eight contiguous f16 per thread (pointer and bound divisible by 16) into
// one buffer of a two-stage allocation, swizzled with vec = 8: one 16-byte
// cp.async per thread, cached in L2 only (cg), at the thread's swizzled
// offset in the second buffer (512 bytes in); masked-off vectors read no
// source bytes (src-size 0), which fills them with zeros. The wait is
// followed by the barrier that makes other threads' copies visible, then
// the load reads the buffer with one 16-byte ld.shared.
// CHECK-LABEL: llvm.func @copy
// CHECK-DAG:     %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C72:.+]] = llvm.mlir.constant(72 : i32) : i32
// CHECK-DAG:     %[[C144:.+]] = llvm.mlir.constant(144 : i32) : i32
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK:         %[[COL:.+]] = llvm.shl
// CHECK:         %[[SMEM:.+]] = gpu.shared_base : !llvm.ptr<3>
// CHECK:         llvm.and %{{.+}}, %[[C72]] : i32
// CHECK:         llvm.and %{{.+}}, %[[C144]] : i32
// CHECK:         %[[IDX:.+]] = llvm.xor
// CHECK:         %[[MASK:.+]] = llvm.icmp "slt" %[[COL]], %arg1 : i32
// CHECK:         %[[SRC:.+]] = llvm.getelementptr %arg0[%[[COL]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i16
// CHECK:         %[[BUF1:.+]] = llvm.getelementptr %[[SMEM]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK:         %[[OFF:.+]] = llvm.mul %[[IDX]], %{{.+}} : i32
// CHECK:         %[[DST:.+]] = llvm.getelementptr %[[BUF1]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK:         %[[N:.+]] = llvm.select %[[MASK]], %[[C16]], %[[C0]] : i1, i32
// CHECK:         gpu.cp_async %[[DST]], %[[SRC]], %[[N]] {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-NEXT:    gpu.cp_async_commit
// CHECK-NEXT:    gpu.cp_async_wait 0
// CHECK:         gpu.barrier
// CHECK-NEXT:    %{{.+}}:4 = gpu.load %{{.+}} {space = shared} : !llvm.ptr<3> -> i32, i32, i32, i32
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<0.000000e+00> : tensor<4x64xf16, #blocked>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb = tt.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<4x64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<4x64xi32, #blocked>
    %m = arith.cmpi slt, %rb, %ns : tensor<4x64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<4x64x!tt.ptr<f16>, #blocked>
    %pp = tt.addptr %ps, %rb : tensor<4x64x!tt.ptr<f16>, #blocked>, tensor<4x64xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x4x64xf16, #shared, #smem, mutable>
    %c1 = arith.constant 1 : i32
    %b1 = ttg.memdesc_index %buf[%c1] : !ttg.memdesc<2x4x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<4x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pp, %b1 mask %m other %cst : tensor<4x64x!tt.ptr<f16>, #blocked> -> <4x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %v = ttg.local_load %b1 token %w : !ttg.memdesc<4x64xf16, #shared, #smem, mutable> -> tensor<4x64xf16, #blocked>
    %qs = tt.splat %q : !tt.ptr<f16> -> tensor<4x64x!tt.ptr<f16>, #blocked>
    %qp = tt.addptr %qs, %rb : tensor<4x64x!tt.ptr<f16>, #blocked>, tensor<4x64xi32, #blocked>
    tt.store %qp, %v : tensor<4x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// A non-zero `other`: Triton 3.6 ignores it (its pipeliner never makes
// one); tt copies only the unmasked vectors and stores `other` into the
// masked ones at once, so the buffer holds what the op specifies.
// CHECK-LABEL: llvm.func @other
// CHECK:         %[[MASK:.+]] = llvm.icmp "slt"
// CHECK:         %[[DST:.+]] = llvm.getelementptr %{{.+}}[%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK:         gpu.cp_async %[[DST]], %{{.+}}, %[[MASK]] {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>, i1
// CHECK:         %[[OFF:.+]] = llvm.xor %[[MASK]], %{{.+}} : i1
// CHECK-NEXT:    gpu.store %[[DST]], %[[OFF]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} {space = shared} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK-NEXT:    gpu.cp_async_commit
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @other(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<1.000000e+00> : tensor<4x64xf16, #blocked>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %rb = tt.broadcast %r2 : tensor<1x64xi32, #blocked> -> tensor<4x64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<4x64xi32, #blocked>
    %m = arith.cmpi slt, %rb, %ns : tensor<4x64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<4x64x!tt.ptr<f16>, #blocked>
    %pp = tt.addptr %ps, %rb : tensor<4x64x!tt.ptr<f16>, #blocked>, tensor<4x64xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<4x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pp, %buf mask %m other %cst : tensor<4x64x!tt.ptr<f16>, #blocked> -> <4x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    tt.return
  }
}

// -----

// Pointers without contiguity: one 4-byte copy per f32, cached at all
// levels (ca). The second warp holds the same elements as the first and
// copies nothing (predicate tid & 32 == 0); the wait keeps one group in
// flight.
// CHECK-LABEL: llvm.func @words
// CHECK-DAG:     %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK:         %[[W:.+]] = llvm.and %{{.+}}, %[[C32]] : i32
// CHECK-NEXT:    %[[OWNER:.+]] = llvm.icmp "eq" %[[W]], %{{.+}} : i32
// CHECK:         gpu.cp_async %{{.+}}, %{{.+}}, %[[OWNER]] {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>, i1
// CHECK-NEXT:    gpu.cp_async_commit
// CHECK-NEXT:    gpu.cp_async_wait 1
// CHECK-NEXT:    gpu.barrier
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @words(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x4xi32, #blocked>
    %rb = tt.broadcast %r2 : tensor<1x4xi32, #blocked> -> tensor<8x4xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x4x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %rb : tensor<8x4x!tt.ptr<f32>, #blocked>, tensor<8x4xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x4xf32, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pp, %buf : tensor<8x4x!tt.ptr<f32>, #blocked> -> <8x4xf32, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 1 : i32}
    tt.return
  }
}

// -----

// A sub-view keeps its buffer's address: the swizzled offset of its
// element (layout(c + offsets) = layout(c) XOR layout(offsets)) is the
// view's offset, 16 elements, XOR'ed into each index.
// CHECK-LABEL: llvm.func internal @slice
// CHECK-DAG:     %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK:         %[[X:.+]] = llvm.xor %{{.+}}, %[[C16]] : i32
// CHECK-NEXT:    %[[B:.+]] = llvm.mul %[[X]], %{{.+}} : i32
// CHECK-NEXT:    %[[P:.+]] = llvm.getelementptr %arg0[%[[B]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT:    gpu.load %[[P]] {space = shared} : !llvm.ptr<3> -> i32, i32, i32, i32
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @slice(%buf: !ttg.memdesc<16x32xf16, #shared, #smem, mutable>) -> tensor<16x16xf16, #blocked> {
    %s = ttg.memdesc_subslice %buf[0, 16] : !ttg.memdesc<16x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x32>
    %v = ttg.local_load %s : !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x32> -> tensor<16x16xf16, #blocked>
    tt.return %v : tensor<16x16xf16, #blocked>
  }
}

// -----

// A sub-view carried around a loop keeps its offsets.
// CHECK-LABEL: llvm.func internal @carried
// CHECK-DAG:     %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK:       ^bb2:
// CHECK:         %[[X:.+]] = llvm.xor %{{.+}}, %[[C16]] : i32
// CHECK:         gpu.load %{{.+}} {space = shared} : !llvm.ptr<3> -> i32, i32, i32, i32
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @carried(%buf: !ttg.memdesc<16x32xf16, #shared, #smem, mutable>, %n: i32) -> tensor<16x16xf16, #blocked> {
    %s = ttg.memdesc_subslice %buf[0, 16] : !ttg.memdesc<16x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0, %s : i32, !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x32>)
  ^bb1(%i: i32, %v: !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x32>):
    %c = arith.cmpi slt, %i, %n : i32
    %i1 = arith.addi %i, %c1 : i32
    cf.cond_br %c, ^bb1(%i1, %v : i32, !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x32>), ^bb2
  ^bb2:
    %x = ttg.local_load %v : !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x32> -> tensor<16x16xf16, #blocked>
    tt.return %x : tensor<16x16xf16, #blocked>
  }
}

// -----

// Four vectors per thread (rows r, r+4, r+8, r+12) into an unswizzled
// buffer: their offsets differ from the first's by constants that no
// thread bit touches, so one address is computed per thread and the others
// add 512, 1024 and 1536 bytes to it (PTX folds them into the access).
// CHECK-LABEL: llvm.func @copy_rows
// CHECK:         %[[AT:.+]] = llvm.getelementptr %{{.+}}[%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK:         gpu.cp_async %[[AT]], %{{.+}} {cache = cg, size = 16}
// CHECK:         %[[A1:.+]] = llvm.getelementptr %[[AT]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK:         gpu.cp_async %[[A1]], %{{.+}} {cache = cg, size = 16}
// CHECK:         %[[A2:.+]] = llvm.getelementptr %[[AT]][1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK:         gpu.cp_async %[[A2]], %{{.+}} {cache = cg, size = 16}
// CHECK:         %[[A3:.+]] = llvm.getelementptr %[[AT]][1536] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK:         gpu.cp_async %[[A3]], %{{.+}} {cache = cg, size = 16}
// CHECK-NEXT:    gpu.cp_async_commit
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_rows(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %s = arith.constant dense<64> : tensor<16x1xi32, #blocked>
    %rs = arith.muli %r2, %s : tensor<16x1xi32, #blocked>
    %rb = tt.broadcast %rs : tensor<16x1xi32, #blocked> -> tensor<16x64xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<16x64xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<16x64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<16x64x!tt.ptr<f16>, #blocked>
    %pp = tt.addptr %ps, %off : tensor<16x64x!tt.ptr<f16>, #blocked>, tensor<16x64xi32, #blocked>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pp, %buf : tensor<16x64x!tt.ptr<f16>, #blocked> -> <16x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    ttg.local_dealloc %buf : !ttg.memdesc<16x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Copies tracked by an mbarrier instead of a cp.async wait: thread 0
// alone initializes the barrier for 128 arrivals, but every thread has it
// track its own copy (no predicate), with noIncrement each thread's
// arrival counting as one of the 128; every thread then waits for the
// phase.
// CHECK-LABEL: llvm.func @tracked
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK:         %[[T0:.+]] = llvm.icmp "eq" %[[TID]], %{{.+}} : i32
// CHECK-NEXT:    gpu.mbarrier_init %[[BAR:.+]], %[[T0]] {count = 128} : !llvm.ptr<3>
// CHECK:         gpu.cp_async %{{.+}}, %{{.+}} {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK-NOT:     gpu.cp_async_wait
// CHECK:         gpu.cp_async_mbarrier_arrive %[[BAR]] {noinc} : !llvm.ptr<3>{{$}}
// CHECK-NOT:     gpu.cp_async_wait
// CHECK:         gpu.mbarrier_wait %[[BAR]], %{{.+}} : !llvm.ptr<3>{{$}}
#L = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tracked(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 128 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #L>
    %ps = tt.splat %in : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #L>
    %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #L>, tensor<512xi32, #L>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pp, %buf : tensor<512x!tt.ptr<f32>, #L> -> <512xf32, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<512xf32, #shared, #smem, mutable> -> tensor<512xf32, #L>
    %qs = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #L>
    %qp = tt.addptr %qs, %r : tensor<512x!tt.ptr<f32>, #L>, tensor<512xi32, #L>
    tt.store %qp, %v : tensor<512x!tt.ptr<f32>, #L>
    tt.return
  }
}

// -----

// Without noIncrement every thread's tracking arrival first increments
// the pending count: it holds the phase until the thread's copies land
// and counts nothing, so the phase's one expected arrival is thread 0's
// ttng.arrive_barrier.
// CHECK-LABEL: llvm.func @tracked_increment
// CHECK:         gpu.mbarrier_init %[[BAR:.+]], %{{.+}} {count = 1} : !llvm.ptr<3>
// CHECK:         gpu.cp_async
// CHECK:         gpu.cp_async_mbarrier_arrive %[[BAR]] : !llvm.ptr<3>{{$}}
// CHECK:         gpu.mbarrier_arrive %[[BAR]], %{{.+}} : !llvm.ptr<3>
// CHECK:         gpu.mbarrier_wait %[[BAR]], %{{.+}} : !llvm.ptr<3>{{$}}
#L = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tracked_increment(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #L>
    %ps = tt.splat %in : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #L>
    %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #L>, tensor<512xi32, #L>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pp, %buf : tensor<512x!tt.ptr<f32>, #L> -> <512xf32, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
