// ARCH: sm_90
// The tensor-map pool's claim: thread 0 probes the module's claim words from
// (%smid * 8) mod slots on until an acquire compare-and-swap of 0 to 1
// succeeds (sleeping briefly after each failure), the other threads skip
// it and read 0; the slot is released with an atomic exchange of 0 with
// release semantics.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.mlir.global internal @claims() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<64 x i32>
  llvm.func @claim(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %tid = gpu.thread_id x : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %claims = llvm.mlir.addressof @claims : !llvm.ptr<1>
    %slot = gpu.tensormap_pool_claim %claims, %first {slots = 64 : i64} : !llvm.ptr<1>, i1 -> i32
    gpu.store %out, %first, %slot {space = global} : !llvm.ptr<1>, i32
    %w = llvm.getelementptr %claims[%slot] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    %old = gpu.atomic_rmw exch, release, gpu, %w, %c0, %first : !llvm.ptr<1>, i32 -> i32
    llvm.return
  }
}
