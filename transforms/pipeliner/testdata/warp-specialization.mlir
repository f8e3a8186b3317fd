// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=3 | FileCheck %s

// A TMA matmul loop (test_warp_specialization.py's matmul_tma_ws_kernel after
// accelerate-matmul): the loads move to a producer warpgroup feeding a ring
// of 2 slots (the loop's tt.num_stages) guarded by full/empty mbarriers; the
// dot stays on the function's warps in the default region, issued
// asynchronously (a slot goes back once the next iteration's wait {pendings
// = 1} has seen its wgmmas complete; after the loop the last wgmmas are
// waited for and the last slot goes back), and the epilogue after the
// warp_specialize reads its result.

// CHECK-LABEL: @tma_matmul
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable>
// CHECK: %[[FULL:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
// CHECK-COUNT-2: ttng.init_barrier {{.*}}, 1
// CHECK: %[[EMPTY:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
// CHECK-COUNT-2: ttng.init_barrier {{.*}}, 1
// CHECK: %[[WS:.*]] = ttg.warp_specialize(%[[DESCA:[^,]*]], %[[OFFA:[^,]*]], %[[DESCB:[^,]*]], %[[OFFB:[^,]*]], %[[N:[^,]*]], %[[A]], %[[B]], %[[FULL]], %[[EMPTY]])
// CHECK-NEXT: default {
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[IV:.*]] = %c0_i32 to %[[N]] step %c1_i32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %c0_i32{{.*}}, %[[PHASE:.*]] = %c0_i32{{.*}}) -> (tensor<128x128xf32, #mma>, i32, i32)
// CHECK-NEXT: %[[FB:.*]] = ttg.memdesc_index %[[FULL]][%[[SLOT]]]
// CHECK-NEXT: ttng.wait_barrier %[[FB]], %[[PHASE]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[SLOT]], %c1_i32
// CHECK: %[[WRAP:.*]] = arith.cmpi eq, %[[NEXT]], %c2_i32
// CHECK: %[[NS:.*]] = arith.select %[[WRAP]], %c0_i32{{.*}}, %[[NEXT]]
// CHECK: %[[FLIP:.*]] = arith.xori %[[PHASE]], %c1_i32
// CHECK: %[[NP:.*]] = arith.select %[[WRAP]], %[[FLIP]], %[[PHASE]]
// CHECK-NEXT: %[[AS:.*]] = ttg.memdesc_index %[[A]][%[[SLOT]]]
// CHECK-NEXT: %[[BS:.*]] = ttg.memdesc_index %[[B]][%[[SLOT]]]
// CHECK-NEXT: %[[BT:.*]] = ttg.memdesc_trans %[[BS]]
// CHECK-NEXT: %[[D:.*]] = ttng.warp_group_dot %[[AS]], %[[BT]], %[[ACC]] {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], %[[AS]], %[[BT]] {pendings = 1 : i32}
// CHECK-NEXT: %[[NOTFIRST:.*]] = arith.cmpi ne, %[[IV]], %c0_i32
// CHECK: %[[ISZERO:.*]] = arith.cmpi eq, %[[SLOT]], %c0_i32
// CHECK: %[[DEC:.*]] = arith.subi %[[SLOT]], %c1_i32
// CHECK-NEXT: %[[PREV:.*]] = arith.select %[[ISZERO]], %c1_i32{{.*}}, %[[DEC]]
// CHECK-NEXT: %[[EB:.*]] = ttg.memdesc_index %[[EMPTY]][%[[PREV]]]
// CHECK-NEXT: ttng.arrive_barrier %[[EB]], 1, %[[NOTFIRST]]
// CHECK-NEXT: scf.yield %[[W]]#0, %[[NS]], %[[NP]]
// CHECK-NEXT: } {tt.num_stages = 0 : i32}
// CHECK-NEXT: %[[FINAL:.*]] = ttng.warp_group_dot_wait %[[LOOP]]#0 {pendings = 0 : i32}
// CHECK-NEXT: %[[RAN:.*]] = arith.cmpi slt, %c0_i32, %[[N]]
// CHECK: arith.cmpi eq, %[[LOOP]]#1, %c0_i32
// CHECK: ttg.memdesc_index %[[EMPTY]]
// CHECK-NEXT: ttng.arrive_barrier %{{.*}}, 1, %[[RAN]]
// CHECK-NEXT: ttg.warp_yield %[[FINAL]]
// CHECK-NEXT: }
// CHECK-NEXT: partition0(%[[PDA:[^:]*]]: !tt.tensordesc{{.*}}, %[[POA:[^:]*]]: i32, %[[PDB:[^:]*]]: !tt.tensordesc{{.*}}, %[[POB:[^:]*]]: i32, %[[PN:[^:]*]]: i32, %[[PA:[^:]*]]: !ttg.memdesc{{.*}}, %[[PB:[^:]*]]: !ttg.memdesc{{.*}}, %[[PF:[^:]*]]: !ttg.memdesc{{.*}}, %[[PE:[^:]*]]: !ttg.memdesc{{.*}}) num_warps(4) {
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[PN]] step %{{.*}} iter_args(%[[PS:.*]] = %c0_i32{{.*}}, %[[PP:.*]] = %c0_i32{{.*}}) -> (i32, i32)
// CHECK: %[[OFFK:.*]] = arith.muli %[[K]], %c64_i32
// CHECK: %[[PEB:.*]] = ttg.memdesc_index %[[PE]][%[[PS]]]
// CHECK: %[[PAR:.*]] = arith.xori %[[PP]], %c1_i32
// CHECK: ttng.wait_barrier %[[PEB]], %[[PAR]]
// CHECK: %[[PFB:.*]] = ttg.memdesc_index %[[PF]][%[[PS]]]
// CHECK: ttng.barrier_expect %[[PFB]], 32768, %true
// CHECK: %[[PAS:.*]] = ttg.memdesc_index %[[PA]][%[[PS]]]
// CHECK: ttng.async_tma_copy_global_to_local %[[PDA]][%[[POA]], %[[OFFK]]] %[[PAS]], %[[PFB]], %true
// CHECK: %[[PBS:.*]] = ttg.memdesc_index %[[PB]][%[[PS]]]
// CHECK: ttng.async_tma_copy_global_to_local %[[PDB]][%[[POB]], %[[OFFK]]] %[[PBS]], %[[PFB]], %true
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: } : ({{.*}}) -> tensor<128x128xf32, #mma>
// CHECK: ttng.inval_barrier
// CHECK: ttg.local_dealloc %[[A]]
// CHECK: arith.truncf %[[WS]]
// CHECK: tt.descriptor_store

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_matmul(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<128x64xf16, #shared>>, %dc: !tt.tensordesc<tensor<128x128xf16, #shared>>, %offa: i32, %offb: i32, %n: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<128x128xf32, #mma>)  : i32 {
      %offk = arith.muli %k, %c64_i32 : i32
      %a = tt.descriptor_load %da[%offa, %offk] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %db[%offb, %offk] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %bs = ttg.local_alloc %b : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %bt = ttg.memdesc_trans %bs {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %as, %bt, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.num_stages = 2 : i32, tt.warp_specialize}
    %c = arith.truncf %r : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %cc = ttg.convert_layout %c : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
    tt.descriptor_store %dc[%offa, %offb], %cc : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked1>
    tt.return
  }
}

// -----

// A coordinate carried across iterations: the producer keeps the iteration
// argument it needs (and nothing else); the consumer keeps them all. A load
// read from registers (no local_alloc) is read from its slot by a
// local_load, and the slot is released right after it. Other loops of the
// function get tt.num_stages = 0 too (the pipeliner leaves them alone).

// CHECK-LABEL: @carried_offset
// CHECK: ttg.warp_specialize
// CHECK: default {
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (tensor<64x64xf32, #mma>, i32, i32, i32)
// CHECK: ttng.wait_barrier
// CHECK: %[[SLOT:.*]] = ttg.memdesc_index
// CHECK-NEXT: %[[REG:.*]] = ttg.local_load %[[SLOT]]
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttng.arrive_barrier
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[REG]]
// CHECK-NEXT: ttg.local_alloc %[[NEG]]
// CHECK: ttng.warp_group_dot
// CHECK: partition0
// CHECK: scf.for {{.*}} iter_args(%[[OFF:.*]] = %{{.*}}, %{{.*}} = %c0_i32{{.*}}, %{{.*}} = %c0_i32{{.*}}) -> (i32, i32, i32)
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %[[OFF]]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[OFF]], %c64_i32
// CHECK: scf.yield %[[NEXT]],
// CHECK: scf.for
// CHECK: } {tt.num_stages = 0 : i32}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried_offset(%da: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %p: !tt.ptr<f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst, %off = %c0_i32) -> (tensor<64x64xf32, #mma>, i32)  : i32 {
      %a = tt.descriptor_load %da[%c0_i32, %off] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %neg = arith.negf %a : tensor<64x64xf16, #blocked>
      %as = ttg.local_alloc %neg : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %as, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %next = arith.addi %off, %c64_i32 : i32
      scf.yield %d, %next : tensor<64x64xf32, #mma>, i32
    } {tt.warp_specialize}
    %s = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%x = %c0_i32) -> (i32)  : i32 {
      %y = arith.addi %x, %i : i32
      scf.yield %y : i32
    }
    tt.return
  }
}

// -----

// Triton leaves functions with 8 warps alone (test_warp_specialization.py
// asserts no ttg.warp_specialize for num_warps=8 on Hopper).

// CHECK-LABEL: @eight_warps
// CHECK-NOT: ttg.warp_specialize
// CHECK: tt.descriptor_load
// CHECK: } {tt.num_stages = 2 : i32, tt.warp_specialize}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @eight_warps(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32) -> tensor<128x64xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %r = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<128x64xf32, #mma>)  : i32 {
      %a = tt.descriptor_load %da[%c0_i32, %k] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %bs = ttg.memdesc_trans %as {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<64x128xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #smem>
      %d = ttng.warp_group_dot %as, %bs, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>, #smem> -> tensor<128x64xf32, #mma>
      scf.yield %d : tensor<128x64xf32, #mma>
    } {tt.num_stages = 2 : i32, tt.warp_specialize}
    tt.return %r : tensor<128x64xf32, #mma>
  }
}

// -----

// A persistent kernel (test_warp_specialization.py's
// matmul_tma_persistent_ws_kernel): the loads are in the k-loop inside the
// marked tile loop. The producer keeps both loops (the tile loop with
// nothing but the inner one), the consumer both with all they did, and
// the ring position is carried through the two levels in both.

// CHECK-LABEL: @persistent
// CHECK: ttg.warp_specialize
// CHECK-NEXT: default {
// CHECK: %[[OUT:.*]]:2 = scf.for {{.*}} iter_args(%[[S0:.*]] = %c0_i32{{.*}}, %[[P0:.*]] = %c0_i32{{.*}}) -> (i32, i32)
// CHECK-NEXT: %[[IN:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %cst, %[[S1:.*]] = %[[S0]], %[[P1:.*]] = %[[P0]]) -> (tensor<64x64xf32, #mma>, i32, i32)
// CHECK: ttng.wait_barrier %{{.*}}, %[[P1]]
// CHECK: ttng.warp_group_dot
// CHECK: ttng.arrive_barrier
// CHECK: scf.yield %[[IN]]#1, %[[IN]]#2 : i32, i32
// CHECK: ttg.warp_yield
// CHECK: partition0
// CHECK: %[[POUT:.*]]:2 = scf.for %[[T:.*]] = {{.*}} iter_args(%[[PS0:.*]] = %c0_i32{{.*}}, %[[PP0:.*]] = %c0_i32{{.*}}) -> (i32, i32)
// CHECK-NEXT: %[[PIN:.*]]:2 = scf.for %[[K:.*]] = {{.*}} iter_args(%[[PS1:.*]] = %[[PS0]], %[[PP1:.*]] = %[[PP0]]) -> (i32, i32)
// CHECK: ttng.wait_barrier
// CHECK: ttng.barrier_expect %{{.*}}, 8192
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%[[T]], %[[K]]]
// CHECK: scf.yield %[[PIN]]#0, %[[PIN]]#1 : i32, i32
// CHECK: ttg.warp_return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @persistent(%da: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %p: !tt.ptr<f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    scf.for %t = %c0_i32 to %n step %c1_i32  : i32 {
      %r = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst) -> (tensor<64x64xf32, #mma>)  : i32 {
        %a = tt.descriptor_load %da[%t, %k] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
        %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
        %d = ttng.warp_group_dot %as, %as, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// A 128x256 accumulator (256 f32 registers a thread on one warpgroup) is
// cut over two consumer warpgroups: rows 0-63 on the default warps, rows
// 64-127 on partition1, each with a 64x256 accumulator. The A tile is
// copied as two 64-row halves through a descriptor of half the block
// (made beside the kernel's), one ring per consumer; the epilogue after
// the loop runs in both, each storing its 64 rows through a half C
// descriptor; a slot's empty barrier counts both consumers.

// CHECK-LABEL: @two_consumers
// CHECK: %[[DA:.*]] = tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<128x64xf16, #shared>>
// CHECK-NEXT: %[[HA:.*]] = tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<64x64xf16, #shared>>
// CHECK: %[[DC:.*]] = tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<128x256xf16, #shared>>
// CHECK-NEXT: %[[HC:.*]] = tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<64x256xf16, #shared>>
// CHECK: %[[A0:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16
// CHECK: %[[A1:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16
// CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x256x64xf16
// CHECK: %[[FULL:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
// CHECK-COUNT-2: ttng.init_barrier {{.*}}, 1 :
// CHECK: %[[EMPTY:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64
// CHECK-COUNT-2: ttng.init_barrier {{.*}}, 2 :
// CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 40, 232>}
// CHECK-NEXT: default {
// CHECK: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : tensor<64x256xf32, #mma>
// CHECK: %[[L0:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %[[ACC0]],
// CHECK: ttg.memdesc_index %[[A0]]
// CHECK: ttng.warp_group_dot {{.*}} : !ttg.memdesc<64x64xf16, {{.*}}> * !ttg.memdesc<64x256xf16, {{.*}}> -> tensor<64x256xf32, #mma>
// CHECK: ttng.arrive_barrier
// CHECK: %[[F0:.*]] = ttng.warp_group_dot_wait %[[L0]]#0 {pendings = 0 : i32}
// CHECK: arith.truncf %[[F0]] : tensor<64x256xf32, #mma> to tensor<64x256xf16, #mma>
// CHECK: tt.descriptor_store %[[HC]][%{{[^,]*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x256xf16, #shared>>, tensor<64x256xf16
// CHECK-NEXT: ttg.warp_yield
// CHECK-NEXT: }
// CHECK-NEXT: partition0({{.*}}) num_warps(4) {
// CHECK: ttng.barrier_expect %{{.*}}, 49152
// CHECK: ttng.async_tma_copy_global_to_local %[[PHA:[a-z0-9_]+]][%[[PROW:[a-z0-9_]+]], %[[PK:[a-z0-9_]+]]]
// CHECK: %[[PROW1:.*]] = arith.addi %[[PROW]], %c64_i32
// CHECK: ttng.async_tma_copy_global_to_local %[[PHA]][%[[PROW1]], %[[PK]]]
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition1({{.*}}) num_warps(4) {
// CHECK: %[[ACC1:.*]] = arith.constant dense<0.000000e+00> : tensor<64x256xf32, #mma>
// CHECK: %[[L1:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %[[ACC1]],
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x256xf32, #mma>
// CHECK: ttng.arrive_barrier
// CHECK: %[[F1:.*]] = ttng.warp_group_dot_wait %[[L1]]#0 {pendings = 0 : i32}
// CHECK: arith.truncf %[[F1]]
// CHECK: %[[ROW1:.*]] = arith.addi %{{.*}}, %c64_i32
// CHECK-NEXT: tt.descriptor_store %{{.*}}[%[[ROW1]], %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x256xf16, #shared>>
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: } : ({{.*}}) -> ()
// CHECK: ttng.inval_barrier
// CHECK-NOT: tt.descriptor_store
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_consumers(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pc: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: i32, %n: i32, %k: i32, %offa: i32, %offb: i32) {
    %c1_i64 = arith.constant 1 : i64
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %sk = arith.extsi %k : i32 to i64
    %sn = arith.extsi %n : i32 to i64
    %da = tt.make_tensor_descriptor %pa, [%m, %k], [%sk, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %pb, [%n, %k], [%sk, %c1_i64] : <f16>, <tensor<256x64xf16, #shared>>
    %dc = tt.make_tensor_descriptor %pc, [%m, %n], [%sn, %c1_i64] : <f16>, <tensor<128x256xf16, #shared>>
    %tiles = arith.divsi %k, %c64_i32 : i32
    %r = scf.for %i = %c0_i32 to %tiles step %c1_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %offk = arith.muli %i, %c64_i32 : i32
      %a = tt.descriptor_load %da[%offa, %offk] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %db[%offb, %offk] : !tt.tensordesc<tensor<256x64xf16, #shared>> -> tensor<256x64xf16, #blocked>
      %bs = ttg.local_alloc %b : (tensor<256x64xf16, #blocked>) -> !ttg.memdesc<256x64xf16, #shared, #smem>
      %bt = ttg.memdesc_trans %bs {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #shared, #smem> -> !ttg.memdesc<64x256xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %as, %bt, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %d : tensor<128x256xf32, #mma>
    } {tt.num_stages = 2 : i32, tt.warp_specialize}
    %c16 = arith.truncf %r : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %cc = ttg.convert_layout %c16 : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked1>
    tt.descriptor_store %dc[%offa, %offb], %cc : !tt.tensordesc<tensor<128x256xf16, #shared>>, tensor<128x256xf16, #blocked1>
    tt.return
  }
}

// -----

// The same 128x256 loop with descriptors passed in (made on the host):
// no descriptor of half the block can be made, so the accumulator stays
// whole on one consumer warpgroup.

// CHECK-LABEL: @host_descriptors
// CHECK: ttg.warp_specialize
// CHECK-NOT: requestedRegisters
// CHECK: scf.for {{.*}} -> (tensor<128x256xf32, #mma>, i32, i32)
// CHECK: partition0
// CHECK-NOT: partition1
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @host_descriptors(%da: !tt.tensordesc<tensor<128x64xf16, #shared>>, %db: !tt.tensordesc<tensor<256x64xf16, #shared>>, %tiles: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %r = scf.for %i = %c0_i32 to %tiles step %c1_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %offk = arith.muli %i, %c64_i32 : i32
      %a = tt.descriptor_load %da[%c0_i32, %offk] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b = tt.descriptor_load %db[%c0_i32, %offk] : !tt.tensordesc<tensor<256x64xf16, #shared>> -> tensor<256x64xf16, #blocked>
      %bs = ttg.local_alloc %b : (tensor<256x64xf16, #blocked>) -> !ttg.memdesc<256x64xf16, #shared, #smem>
      %bt = ttg.memdesc_trans %bs {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #shared, #smem> -> !ttg.memdesc<64x256xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %as, %bt, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %d : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// Two loops in sequence, the second carrying on from the first's
// coordinate (an unrolled loop and its epilogue loop, both tt-specialize-
// dot-chains marked): both are planned before either is rewritten, so the
// second's producer captures the first's warp_specialize result that took
// the loop's place, not the erased loop's (fuzz seed 241: attention with
// tt.loop_unroll_factor, at 8 warps).

// CHECK-LABEL: @two_loops
// CHECK: %[[FIRST:.*]]:2 = ttg.warp_specialize(
// CHECK: ttg.warp_specialize(%{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]]#1,
// CHECK: partition0(%{{.*}}: !tt.tensordesc<{{.*}}>, %{{.*}}: i32, %{{.*}}: i32, %[[OFF:.*]]: i32,
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[OFF]],

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_loops(%da: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %m: i32) -> tensor<64x64xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0_i32 to %n step %c1_i32 iter_args(%acc = %cst, %off = %c0_i32) -> (tensor<64x64xf32, #mma>, i32)  : i32 {
      %a = tt.descriptor_load %da[%c0_i32, %off] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %as, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %next = arith.addi %off, %c64_i32 : i32
      scf.yield %d, %next : tensor<64x64xf32, #mma>, i32
    } {tt.warp_specialize}
    %t:2 = scf.for %k = %n to %m step %c1_i32 iter_args(%acc = %r#0, %off = %r#1) -> (tensor<64x64xf32, #mma>, i32)  : i32 {
      %a = tt.descriptor_load %da[%c0_i32, %off] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
      %as = ttg.local_alloc %a : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
      %d = ttng.warp_group_dot %as, %as, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      %next = arith.addi %off, %c64_i32 : i32
      scf.yield %d, %next : tensor<64x64xf32, #mma>, i32
    } {tt.warp_specialize}
    tt.return %t#0 : tensor<64x64xf32, #mma>
  }
}
