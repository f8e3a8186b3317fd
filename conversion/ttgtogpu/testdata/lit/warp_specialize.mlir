// RUN: tt-opt %s -split-input-file -tritongpu-allocate-warp-groups -allocate-shared-memory-nv -convert-scf-to-cf -convert-triton-gpu-to-gpu -convert-warp-specialize-to-llvm | FileCheck %s

// A one-warp partition beside four default warps: the kernel launches
// eight warps, the partition padded to a warpgroup with empty partitions of
// 2 and 1 warps (warps 4-5 run padding partition 1, warp 6 partition 0,
// warp 7 padding partition 2). Workers wait in the dispatch loop on barrier
// 1 of all 256 threads and read their state byte (the kernel's scratch at
// 12, after the 4-byte capture); states 0, 1, 2 are the partitions, 3 the
// exit, anything else idle. The default warps write the states and the
// loaded capture, release the workers and wait until they have read it.
// gpu.barrier becomes barrier 0 of the 128 default threads outside the
// partition and barrier 2 of its 32 threads inside it, where thread ids
// count from the partition's first thread (192). The return writes the
// exit state. The kernel runs its warp_specialize once, so a partition
// that returns waits for the exit's release and returns (^FINAL) instead
// of going back into the dispatch loop.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK: "ttg.total-num-warps" = 8 : i32
// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME:    allocation.offset = 12 : i32
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK:         %[[WID:.+]] = llvm.udiv %[[TID]], %{{.+}} : i32
// CHECK:         %[[DEF:.+]] = llvm.icmp "ult" %[[WID]], %{{.+}} : i32
// CHECK:         llvm.cond_br %[[DEF]], ^[[ENTRY:bb[0-9]+]], ^[[LOOP:bb[0-9]+]]
// CHECK:       ^[[LOOP]]:
// CHECK:         %[[C256:.+]] = llvm.mlir.constant(256 : i32) : i32
// CHECK:         gpu.named_barrier %{{.+}}, %[[C256]] {unaligned}
// CHECK:         %[[REL:.+]] = llvm.sub %[[WID]], %{{.+}} : i32
// CHECK:         %[[C12:.+]] = llvm.mlir.constant(12 : i32) : i32
// CHECK:         llvm.add %[[C12]], %[[REL]] : i32
// CHECK:         %[[STATE:.+]] = gpu.load %{{.+}} {space = shared} : !llvm.ptr<3> -> i8
// CHECK:         llvm.icmp "eq" %[[STATE]], %{{.+}} : i8
// CHECK:         llvm.cond_br %{{.+}}, ^[[P0:bb[0-9]+]], ^
// CHECK:         llvm.br ^[[LOOP]]
// CHECK-NEXT:  ^[[EXIT:bb[0-9]+]]:
// CHECK-NEXT:    llvm.return
// CHECK:       ^[[FINAL:bb[0-9]+]]:
// CHECK:         gpu.named_barrier %{{.+}}, %{{.+}} {unaligned}
// CHECK-NEXT:    llvm.br ^[[EXIT]]
// CHECK:       ^[[P0]]:
// CHECK:         %[[X:.+]] = gpu.load %{{.+}} {space = shared} : !llvm.ptr<3> -> i32
// CHECK:         gpu.named_barrier
// CHECK:         %[[C192:.+]] = llvm.mlir.constant(192 : i32) : i32
// CHECK:         llvm.sub %{{.+}}, %[[C192]] : i32
// CHECK:         %[[C2:.+]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT:    %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT:    gpu.named_barrier %[[C2]], %[[C32]]
// CHECK:         gpu.store %{{.+}}, %{{.+}}, %[[X]] {space = global} : !llvm.ptr<1>, i32
// CHECK:         gpu.named_barrier
// CHECK-NEXT:    llvm.br ^[[FINAL]]
// CHECK:       ^[[ENTRY]]:
// CHECK:         %[[CAP:.+]] = gpu.load %arg0 {space = global} : !llvm.ptr<1> -> i32
// CHECK-COUNT-4: gpu.store %{{.+}}, %{{.+}} {space = shared} : !llvm.ptr<3>, i8
// CHECK:         gpu.store %{{.+}}, %[[CAP]] {space = shared} : !llvm.ptr<3>, i32
// CHECK-COUNT-2: gpu.named_barrier
// CHECK:         gpu.store %arg0, %{{.+}}, %[[CAP]] {space = global} : !llvm.ptr<1>, i32
// CHECK:         %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    %[[C128:.+]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT:    gpu.named_barrier %[[C0]], %[[C128]]
// CHECK:         %[[EXIT:.+]] = llvm.mlir.constant(3 : i8) : i8
// CHECK-COUNT-4: gpu.store %{{.+}}, %[[EXIT]] {space = shared} : !llvm.ptr<3>, i8
// CHECK:         gpu.named_barrier
// CHECK-NEXT:    llvm.return
  tt.func public @kernel(%arg0: !tt.ptr<i32>) {
    %v = tt.load %arg0 : !tt.ptr<i32>
    ttg.warp_specialize(%arg0, %v)
    default {
      tt.store %arg0, %v : !tt.ptr<i32>
      gpu.barrier
      ttg.warp_yield
    }
    partition0(%p: !tt.ptr<i32>, %x: i32) num_warps(1) {
      %c1 = arith.constant 1 : i32
      gpu.barrier
      %q = tt.addptr %p, %c1 : !tt.ptr<i32>, i32
      tt.store %q, %x : !tt.ptr<i32>
      ttg.warp_return
    } : (!tt.ptr<i32>, i32) -> ()
    tt.return
  }
}

// -----

// The same warp_specialize in a loop of the default warps: it may be
// dispatched again, so a returning partition goes back into the dispatch
// loop.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: llvm.func @looped
// CHECK:         llvm.cond_br %{{.+}}, ^{{bb[0-9]+}}, ^[[LOOP:bb[0-9]+]]
// CHECK:       ^[[LOOP]]:
// CHECK:         gpu.store %{{.+}}, %{{.+}} {space = global} : !llvm.ptr<1>, i32
// CHECK:         gpu.named_barrier
// CHECK-NEXT:    llvm.br ^[[LOOP]]
  tt.func public @looped(%arg0: !tt.ptr<i32>, %n: i32) {
    %v = tt.load %arg0 : !tt.ptr<i32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttg.warp_specialize(%arg0, %v)
      default {
        tt.store %arg0, %v : !tt.ptr<i32>
        ttg.warp_yield
      }
      partition0(%p: !tt.ptr<i32>, %x: i32) num_warps(1) {
        %c1p = arith.constant 1 : i32
        %q = tt.addptr %p, %c1p : !tt.ptr<i32>, i32
        tt.store %q, %x : !tt.ptr<i32>
        ttg.warp_return
      } : (!tt.ptr<i32>, i32) -> ()
    }
    tt.return
  }
}
