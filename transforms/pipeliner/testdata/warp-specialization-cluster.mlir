// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization="num-stages=4 cluster-pairs=on" | FileCheck %s
// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=4 | FileCheck %s --check-prefix=OFF

// tt's own (ws_cluster.go): pairs of tiles over clusters of two CTAs. The
// persistent walk gives program x the tiles 2x and 2x+1 of each block of
// 2P; programs 2c and 2c+1 form a cluster (the module gets tt.cta-cluster
// = 2) whose four tiles of a block share B's column. Before the tile loop
// the partner's walk is computed again from its program id (the CTA's own
// with the lowest bit flipped): here its tile count. Every partition
// starts with a cluster barrier, after the barriers' initialization. A
// third barrier of each slot, counting one arrival, carries the other
// CTA's word that its slot is free. The producer carries, beside the ring
// position, whether the CTAs shared every pair so far; at each pair it
// computes the partner's pair at the same iteration, whether it shares
// within its CTA and whether its B column is the CTA's own, and where all
// hold (coupled) it tells the other CTA its slot is free and waits for the
// other's word before it copies: A's two tiles as before, B's tile by
// multicast where coupled, else the CTA's own copy of it.

// CHECK: module attributes {"tt.cta-cluster" = 2 : i32
// CHECK-LABEL: tt.func public @cluster_pairs
// CHECK: [[PID:%.*]] = tt.get_program_id x : i32
// CHECK: [[PARTNER:%.*]] = arith.xori [[PID]], %c1_i32{{.*}} : i32
// CHECK-NEXT: [[PFIRST:%.*]] = arith.muli [[PARTNER]], %c2_i32 : i32
// CHECK-NEXT: [[PLEFT:%.*]] = arith.subi %arg8, [[PFIRST]] : i32
// CHECK-NEXT: [[PBLOCKS:%.*]] = arith.ceildivsi [[PLEFT]], {{.*}} : i32
// CHECK-NEXT: [[PCOUNT:%.*]] = arith.muli [[PBLOCKS]], %c2_i32 : i32
// CHECK-COUNT-4: ttng.init_barrier %{{.*}}, 1 :
// CHECK-COUNT-4: ttng.init_barrier %{{.*}}, 8 :
// CHECK-COUNT-4: ttng.init_barrier %{{.*}}, 1 :
// CHECK: ttg.warp_specialize({{.*}}[[PCOUNT]], [[PFIRST]]{{.*}})
// CHECK-NEXT: default {
// CHECK-NEXT: ttng.cluster_arrive {relaxed = false}
// CHECK-NEXT: ttng.cluster_wait
// CHECK: partition0(
// CHECK-NEXT: ttng.cluster_arrive {relaxed = false}
// CHECK-NEXT: ttng.cluster_wait
// CHECK: scf.for [[T:%.*]] = {{.*}} iter_args({{.*}}, [[SOFAR:%.*]] = %true) -> (i32, i32, i1)
// CHECK: [[SAME:%.*]] = arith.cmpi eq, [[COL:%[0-9]+]], [[COL1:%[0-9]+]] : i32
// CHECK-NEXT: [[SHARE:%.*]] = arith.andi {{.*}}, [[SAME]] : i1
// CHECK: [[PT1:%.*]] = arith.addi {{.*}}, %c1_i32
// CHECK-NEXT: [[PHAS1:%.*]] = arith.cmpi slt, [[PT1]], %arg{{[0-9]+}} : i32
// CHECK: [[PSAME:%.*]] = arith.cmpi eq, [[PCOL:%[0-9]+]], [[PCOL1:%[0-9]+]] : i32
// CHECK-NEXT: [[PSHARE:%.*]] = arith.andi [[PHAS1]], [[PSAME]] : i1
// CHECK-NEXT: [[ALIKE:%.*]] = arith.cmpi eq, [[COL]], [[PCOL]] : i32
// CHECK-NEXT: [[BOTH:%.*]] = arith.andi [[PSHARE]], [[ALIKE]] : i1
// CHECK-NEXT: [[NOW:%.*]] = arith.andi [[SHARE]], [[BOTH]] : i1
// CHECK-NEXT: [[COUPLED:%.*]] = arith.andi [[SOFAR]], [[NOW]] : i1
// CHECK-NEXT: %true{{.*}} = arith.constant true
// CHECK-NEXT: [[APART:%.*]] = arith.xori [[COUPLED]], %true{{.*}} : i1
// CHECK: scf.for {{.*}} iter_args([[SLOT:%.*]] = {{.*}}, [[PHASE:%.*]] = {{.*}}) -> (i32, i32)
// CHECK: ttng.wait_barrier
// CHECK: [[PEER:%.*]] = ttg.memdesc_index %arg{{[0-9]+}}[[[SLOT]]]
// CHECK-NEXT: ttng.arrive_barrier [[PEER]], 1, [[COUPLED]] {tt.cluster_peer, tt.mbarrier_ordered}
// CHECK-NEXT: ttng.wait_barrier [[PEER]], [[PHASE]], [[COUPLED]] {tt.mbarrier_ordered}
// CHECK: ttng.barrier_expect {{.*}}, 49152
// CHECK-COUNT-2: ttng.async_tma_copy_global_to_local {{.*}}tt.tma_one_issuer} : !tt.tensordesc<tensor<128x64xf16
// CHECK: ttng.async_tma_copy_global_to_local %arg{{[0-9]+}}[{{.*}}, [[COL]]] {{.*}}, [[APART]] {tt.mbarrier_ordered, tt.tma_one_issuer} : !tt.tensordesc<tensor<64x128xf16
// CHECK: ttng.async_tma_copy_global_to_local %arg{{[0-9]+}}[{{.*}}, [[COL]]] {{.*}}, [[COUPLED]] {tt.mbarrier_ordered, tt.multicast_cluster, tt.tma_one_issuer} : !tt.tensordesc<tensor<64x128xf16
// CHECK: scf.yield {{.*}}, [[COUPLED]] : i32, i32, i1
// CHECK: partition1(
// CHECK-NEXT: ttng.cluster_arrive {relaxed = false}
// CHECK-NEXT: ttng.cluster_wait

// Without the option: no cluster.
// OFF-NOT: tt.cta-cluster
// OFF-NOT: ttng.cluster_arrive
// OFF-NOT: tt.multicast_cluster

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster_pairs(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %cbase = tt.splat %c : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %pid = tt.get_program_id x : i32
    %np = tt.get_num_programs x : i32
    %block = arith.muli %np, %c2 : i32
    %first = arith.muli %pid, %c2 : i32
    %left = arith.subi %ntiles, %first : i32
    %blocks = arith.ceildivsi %left, %block : i32
    %count = arith.muli %blocks, %c2 : i32
    scf.for %i = %c0 to %count step %c1 : i32 {
      %half = arith.divsi %i, %c2 : i32
      %odd = arith.remsi %i, %c2 : i32
      %bstart = arith.muli %half, %block : i32
      %t0 = arith.addi %bstart, %first : i32
      %t = arith.addi %t0, %odd : i32
      %pm = arith.remsi %t, %rows : i32
      %pn = arith.divsi %t, %rows : i32
      %row = arith.muli %pm, %c128 : i32
      %col = arith.muli %pn, %c128 : i32
      %kend = arith.addi %k, %c63 : i32
      %ksteps = arith.divsi %kend, %c64 : i32
      %acc = scf.for %kk = %c0 to %ksteps step %c1 iter_args(%acc0 = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
        %ko = arith.muli %kk, %c64 : i32
        %x = tt.descriptor_load %da[%row, %ko] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
        %y = tt.descriptor_load %db[%ko, %col] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
        %ys = ttg.local_alloc %y : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>
        %d = ttng.warp_group_dot %xs, %ys, %acc0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %hc = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
      %rs = tt.splat %row : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %ri = arith.addi %rs, %range : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %re = tt.expand_dims %ri {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
      %p = tt.addptr %cbase, %re : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
      %pb = tt.broadcast %p : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
      tt.store %pb, %hc : tensor<128x128x!tt.ptr<f16>, #blocked1>
    } {tt.auto_warp_specialize, tt.tile_turns, tt.tile_pairs}
    tt.return
  }
}

// -----

// The K loop's trip count depends on the program: the two CTAs' shared
// pairs could take different numbers of ring positions, so the pairs stay
// within each CTA.

// CHECK-NOT: tt.cta-cluster
// CHECK-LABEL: tt.func public @program_dependent_k
// CHECK-NOT: ttng.cluster_arrive
// CHECK-NOT: tt.multicast_cluster
// CHECK: ttg.warp_specialize
// CHECK-NOT: tt.multicast_cluster

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @program_dependent_k(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %cbase = tt.splat %c : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %pid = tt.get_program_id x : i32
    %np = tt.get_num_programs x : i32
    %block = arith.muli %np, %c2 : i32
    %first = arith.muli %pid, %c2 : i32
    %left = arith.subi %ntiles, %first : i32
    %blocks = arith.ceildivsi %left, %block : i32
    %count = arith.muli %blocks, %c2 : i32
    scf.for %i = %c0 to %count step %c1 : i32 {
      %half = arith.divsi %i, %c2 : i32
      %odd = arith.remsi %i, %c2 : i32
      %bstart = arith.muli %half, %block : i32
      %t0 = arith.addi %bstart, %first : i32
      %t = arith.addi %t0, %odd : i32
      %pm = arith.remsi %t, %rows : i32
      %pn = arith.divsi %t, %rows : i32
      %row = arith.muli %pm, %c128 : i32
      %col = arith.muli %pn, %c128 : i32
      %kt = arith.addi %k, %pid : i32
      %kend = arith.addi %kt, %c63 : i32
      %ksteps = arith.divsi %kend, %c64 : i32
      %acc = scf.for %kk = %c0 to %ksteps step %c1 iter_args(%acc0 = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
        %ko = arith.muli %kk, %c64 : i32
        %x = tt.descriptor_load %da[%row, %ko] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
        %y = tt.descriptor_load %db[%ko, %col] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
        %ys = ttg.local_alloc %y : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>
        %d = ttng.warp_group_dot %xs, %ys, %acc0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %hc = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
      %rs = tt.splat %row : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %ri = arith.addi %rs, %range : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %re = tt.expand_dims %ri {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
      %p = tt.addptr %cbase, %re : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
      %pb = tt.broadcast %p : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
      tt.store %pb, %hc : tensor<128x128x!tt.ptr<f16>, #blocked1>
    } {tt.auto_warp_specialize, tt.tile_turns, tt.tile_pairs}
    tt.return
  }
}
