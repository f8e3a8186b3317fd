// RUN: tt-opt %s -split-input-file -tritongpu-global-scratch-memory-allocation -allocate-shared-memory-nv -convert-triton-gpu-to-gpu | FileCheck %s

// A tensor map made in the kernel (what the TTGIR pipeline makes of
// tt.make_tensor_descriptor). The kernel takes the global scratch base as
// its last parameter; program (x, y, z) owns the 128 bytes at
// ((z*Y + y)*X + x) * 128. Thread 0 zeroes the 128-byte template in
// shared memory and sets every field (dimension 0 innermost: box, sizes,
// the byte stride of dimension 1, element strides; rank - 1 and the enums
// as immediates); warp 0 copies it to the scratch, acquires it and
// prefetches it (the TMA unit's fetch of the map starts before its first
// copy); a barrier lets every thread use it.

// CHECK-LABEL: llvm.func @make(
// CHECK-SAME:    %arg0: !llvm.ptr<1>, %arg1: i32, %arg2: i64, %arg3: !llvm.ptr<1> {tt.global_scratch}) attributes {gpu.kernel}
// CHECK-DAG:     %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG:     %[[X:.+]] = gpu.block_id x : i32
// CHECK-DAG:     %[[NX:.+]] = gpu.grid_dim x : i32
// CHECK-DAG:     %[[Y:.+]] = gpu.block_id y : i32
// CHECK-DAG:     %[[NY:.+]] = gpu.grid_dim y : i32
// CHECK-DAG:     %[[Z:.+]] = gpu.block_id z : i32
// CHECK:         %[[ZY:.+]] = llvm.mul %[[NY]], %[[Z]] : i32
// CHECK-NEXT:    %[[ZYY:.+]] = llvm.add %[[Y]], %[[ZY]] : i32
// CHECK-NEXT:    %[[ZYX:.+]] = llvm.mul %[[NX]], %[[ZYY]] : i32
// CHECK-NEXT:    %[[ID:.+]] = llvm.add %[[X]], %[[ZYX]] : i32
// CHECK-NEXT:    %[[ID64:.+]] = llvm.zext %[[ID]] : i32 to i64
// CHECK-NEXT:    %[[SIZE:.+]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-NEXT:    %[[OFF:.+]] = llvm.mul %[[ID64]], %[[SIZE]] : i64
// CHECK-NEXT:    %[[MAP:.+]] = llvm.getelementptr %arg3[%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK:         %[[TMPL:.+]] = gpu.shared_base : !llvm.ptr<3>
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK:         %[[T0:.+]] = llvm.icmp "eq" %[[TID]], %{{.+}} : i32
// CHECK-NEXT:    gpu.store %[[TMPL]], %[[T0]], %[[Z0:.+]], %[[Z0]], %[[Z0]], %[[Z0]] {space = shared}
// CHECK-COUNT-7: gpu.store
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %arg0, %[[T0]] {field = "global_address"} : !llvm.ptr<3>, !llvm.ptr<1>, i1
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[T0]] {field = "rank", value = 1 : i32} : !llvm.ptr<3>, i1
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[C16]], %[[T0]] {field = "box_dim", ord = 0 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[C16]], %[[T0]] {field = "box_dim", ord = 1 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %arg1, %[[T0]] {field = "global_dim", ord = 0 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %arg1, %[[T0]] {field = "global_dim", ord = 1 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %arg2, %[[T0]] {field = "global_stride", ord = 0 : i32} : !llvm.ptr<3>, i64, i1
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[C1]], %[[T0]] {field = "element_stride", ord = 0 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[C1]], %[[T0]] {field = "element_stride", ord = 1 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[T0]] {field = "elemtype", value = 7 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[T0]] {field = "interleave_layout", value = 0 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[T0]] {field = "swizzle_mode", value = 2 : i32}
// CHECK-NEXT:    gpu.tensormap_replace %[[TMPL]], %[[T0]] {field = "fill_mode", value = 1 : i32}
// CHECK-NEXT:    %[[W0:.+]] = llvm.icmp "ult" %[[TID]], %{{.+}} : i32
// CHECK-NEXT:    gpu.tensormap_cp_fenceproxy %[[MAP]], %[[TMPL]], %[[W0]] : !llvm.ptr<1>, !llvm.ptr<3>, i1
// CHECK:         gpu.fence_proxy_tensormap_acquire %[[MAP]], %[[W:.+]] : !llvm.ptr<1>, i1
// CHECK-NEXT:    %[[GMAP:.+]] = llvm.addrspacecast %[[MAP]] : !llvm.ptr<1> to !llvm.ptr
// CHECK-NEXT:    gpu.tma_prefetch %[[GMAP]], %[[W]] : !llvm.ptr
// CHECK-NEXT:    gpu.barrier
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @make(%x: !tt.ptr<f32>, %n: i32, %s: i64) {
    %c16 = arith.constant 16 : i32
    %c1 = arith.constant 1 : i32
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %p, %x, [%c16, %c16], [%n, %n], [%s], [%c1, %c1] {elem_type = 7 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    tt.return
  }
}

// -----

// A second buffer sits at its allocated offset in the program's scratch.

// CHECK-LABEL: llvm.func @two(
// CHECK-SAME:    %arg1: !llvm.ptr<1> {tt.global_scratch})
// CHECK:         %[[OFF:.+]] = llvm.mul %{{.+}}, %{{.+}} : i64
// CHECK-NEXT:    %[[MINE:.+]] = llvm.getelementptr %arg1[%[[OFF]]]
// CHECK:         llvm.getelementptr %[[MINE]][128] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two(%x: !tt.ptr<i8>) {
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %q = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    ttng.tensormap_fenceproxy_acquire %q : !tt.ptr<i8>
    tt.return
  }
}

// -----

// Global scratch in a function other than the kernel (a noinline helper
// making a tensor map): the helper takes its share as its last parameter
// and its buffer is that share plus its offset (0); each call passes the
// caller's program slot plus the offset the allocation gave the call (two
// calls, two 128-byte shares), as Triton 3.6 passes it.

// CHECK-LABEL: llvm.func internal @helper(
// CHECK-SAME:    %arg0: !llvm.ptr<1>, %arg1: i32, %arg2: i64, %arg3: !llvm.ptr<3>, %arg4: !llvm.ptr<1>)
// CHECK:         gpu.tensormap_cp_fenceproxy %arg4, %arg3
// CHECK-LABEL: llvm.func @caller(
// CHECK-SAME:    %arg3: !llvm.ptr<1> {tt.global_scratch})
// CHECK:         %[[OFF:.+]] = llvm.mul %{{.+}}, %{{.+}} : i64
// CHECK-NEXT:    %[[MINE:.+]] = llvm.getelementptr %arg3[%[[OFF]]]
// CHECK:         llvm.call @helper(%arg0, %arg1, %arg2, %{{.+}}, %[[MINE]])
// CHECK:         %[[S1:.+]] = llvm.getelementptr %[[MINE]][128] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
// CHECK-NEXT:    llvm.call @helper(%arg0, %arg1, %arg2, %{{.+}}, %[[S1]])
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @helper(%x: !tt.ptr<f32>, %n: i32, %s: i64) attributes {noinline = true} {
    %c16 = arith.constant 16 : i32
    %c1 = arith.constant 1 : i32
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %p, %x, [%c16, %c16], [%n, %n], [%s], [%c1, %c1] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    tt.return
  }
  tt.func public @caller(%x: !tt.ptr<f32>, %n: i32, %s: i64) {
    tt.call @helper(%x, %n, %s) : (!tt.ptr<f32>, i32, i64) -> ()
    tt.call @helper(%x, %n, %s) : (!tt.ptr<f32>, i32, i64) -> ()
    tt.return
  }
}
