// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=4 | FileCheck %s

// tt's own: the two consumer warpgroups of a tile loop marked tt.tile_pairs
// (tile-turns=pairs, ws_pairs.go) work on pairs of tiles at once, the
// default warps on the iterations 0, 2, 4, ... and partition1 on 1, 3, 5,
// .... The ring's slot holds each consumer's A tile (two rings of 128x64)
// and one B tile (64x128): four slots of 48 KB in the 192 KB budget,
// whatever num-stages says. Its empty barriers count both consumers' eight
// warps. Whether a pair shares B is computed alike in every partition from
// B's coordinate leaf, the column (t / rows) * 128, of both tiles (and,
// for the default warps, whether the second tile exists): shared, the
// producer's first K loop runs, 48 KB on one position a k-step (both A
// tiles and the B tile); split, its second and third K loops, 32 KB a
// position, the first tile's k-steps and then the second's. A consumer
// hands its previous slot back once, or twice (for the absent reader)
// where the pair is not shared. In a split pair the second consumer starts
// a tile's positions on, after the first has handed the ring over on
// barrier 15 (once its K loop has issued its last wgmma), and the first
// waits on barrier 14, before the pair after a split one, for the second's
// hand-over. After the pair both go past its positions: the K loop's trips
// times 1 or 2.

// CHECK-LABEL: tt.func public @pairs
// CHECK-COUNT-2: ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<4x64x128xf16
// CHECK-COUNT-4: ttng.init_barrier %{{.*}}, 1 :
// CHECK-COUNT-4: ttng.init_barrier %{{.*}}, 8 :
// CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 40, 232>}
// CHECK-NEXT: default {
// CHECK: [[PER:%.*]] = arith.muli {{.*}}, %c1_i32{{.*}} : i32
// CHECK: %c14_i32 = arith.constant 14 : i32
// CHECK: %c15_i32 = arith.constant 15 : i32
// CHECK: scf.for [[T:%.*]] = %c0_i32 to %arg8 step {{.*}} iter_args([[BASE:%.*]] = %c0_i32{{.*}}, [[BPHASE:%.*]] = %c0_i32{{.*}})
// CHECK: [[T1:%.*]] = arith.addi [[T]], %c1_i32 : i32
// CHECK-NEXT: [[HAS1:%.*]] = arith.cmpi slt, [[T1]], %arg8 : i32
// CHECK-NEXT: [[PN:%.*]] = arith.divsi [[T]], %arg9 : i32
// CHECK-NEXT: [[COL:%.*]] = arith.muli [[PN]], %c128_i32 : i32
// CHECK: [[PN1:%.*]] = arith.divsi {{.*}}, %arg9 : i32
// CHECK-NEXT: [[COL1:%.*]] = arith.muli [[PN1]], %c128_i32 : i32
// CHECK-NEXT: [[SAME:%.*]] = arith.cmpi eq, [[COL]], [[COL1]] : i32
// CHECK-NEXT: [[SHARE:%.*]] = arith.andi [[HAS1]], [[SAME]] : i1
// CHECK: [[ALONE:%.*]] = arith.xori [[SHARE]], %true : i1
// CHECK-NEXT: [[SPLIT:%.*]] = arith.andi [[HAS1]], [[ALONE]] : i1
// CHECK: [[TIMES:%.*]] = arith.select [[SPLIT]], %c2_i32{{.*}}, %c1_i32{{.*}} : i32
// CHECK-NEXT: [[POSITIONS:%.*]] = arith.muli [[PER]], [[TIMES]] : i32
// CHECK: [[PREV:%.*]] = arith.subi [[T]], {{.*}} : i32
// CHECK-NEXT: [[EXISTS:%.*]] = arith.cmpi sge, [[PREV]], %c0_i32 : i32
// CHECK: [[PREVALONE:%.*]] = arith.xori {{.*}}, %true{{.*}} : i1
// CHECK-NEXT: [[PREVSPLIT:%.*]] = arith.andi [[EXISTS]], [[PREVALONE]] : i1
// CHECK-NEXT: scf.if [[PREVSPLIT]] {
// CHECK-NEXT: gpu.named_barrier %c14_i32, %c256_i32
// CHECK: scf.for {{.*}} iter_args({{.*}} = %cst, [[SLOT:%.*]] = [[BASE]], {{.*}} = [[BPHASE]])
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK: [[FIRST:%.*]] = arith.cmpi ne
// CHECK: ttng.arrive_barrier [[EMPTY:%.*]], 1, [[FIRST]] {tt.arrive_per_warp}
// CHECK-NEXT: [[TWICE:%.*]] = arith.andi [[FIRST]], [[ALONE]] : i1
// CHECK-NEXT: ttng.arrive_barrier [[EMPTY]], 1, [[TWICE]] {tt.arrive_per_warp}
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK-NEXT: scf.if [[SPLIT]] {
// CHECK-NEXT: gpu.named_barrier_arrive %c15_i32, %c256_i32
// CHECK: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// CHECK: tt.store
// CHECK: [[NEXT:%.*]] = arith.addi [[BASE]], [[POSITIONS]] : i32
// CHECK: scf.yield
// CHECK: ttg.warp_yield
// CHECK: partition0(
// CHECK: scf.if
// CHECK: scf.for [[P:%.*]] = %c0_i32{{.*}} to %arg12 step
// CHECK: [[P1:%.*]] = arith.addi [[P]], %c1_i32{{.*}} : i32
// CHECK-NEXT: [[PHAS1:%.*]] = arith.cmpi slt, [[P1]], %arg12 : i32
// CHECK: [[KSTEPS:%.*]] = arith.divsi {{.*}}, %c64_i32{{.*}} : i32
// CHECK: [[PSAME:%.*]] = arith.cmpi eq
// CHECK-NEXT: [[PSHARE:%.*]] = arith.andi [[PHAS1]], [[PSAME]] : i1
// CHECK: [[PALONE:%.*]] = arith.xori [[PSHARE]], %true
// CHECK-NEXT: [[PSPLIT:%.*]] = arith.andi [[PHAS1]], [[PALONE]] : i1
// CHECK-NEXT: [[UB0:%.*]] = arith.select [[PSHARE]], [[KSTEPS]], %c0_i32{{.*}} : i32
// CHECK-NEXT: [[K0:%.*]]:2 = scf.for {{.*}} to [[UB0]]
// CHECK: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// CHECK: ttng.barrier_expect [[FULL0:%.*]], 49152 {tt.mbarrier_ordered}
// CHECK: ttng.async_tma_copy_global_to_local %arg10[{{.*}}] {{.*}}, [[FULL0]], %true{{.*}} {tt.mbarrier_ordered, tt.tma_one_issuer}
// CHECK: ttng.async_tma_copy_global_to_local %arg10[{{.*}}] {{.*}}, [[FULL0]], %true{{.*}} {tt.mbarrier_ordered, tt.tma_one_issuer}
// CHECK: ttng.async_tma_copy_global_to_local %arg11[{{.*}}] {{.*}}, [[FULL0]], %true{{.*}} {tt.mbarrier_ordered, tt.tma_one_issuer}
// CHECK: [[UB1:%.*]] = arith.select [[PALONE]], [[KSTEPS]], %c0_i32{{.*}} : i32
// CHECK-NEXT: [[K1:%.*]]:2 = scf.for {{.*}} to [[UB1]] {{.*}} iter_args({{.*}} = [[K0]]#0, {{.*}} = [[K0]]#1)
// CHECK: ttng.barrier_expect {{.*}}, 32768 {tt.mbarrier_ordered}
// CHECK: [[UB2:%.*]] = arith.select [[PSPLIT]], [[KSTEPS]], %c0_i32{{.*}} : i32
// CHECK-NEXT: [[K2:%.*]]:2 = scf.for {{.*}} to [[UB2]] {{.*}} iter_args({{.*}} = [[K1]]#0, {{.*}} = [[K1]]#1)
// CHECK: ttng.barrier_expect {{.*}}, 32768 {tt.mbarrier_ordered}
// CHECK: scf.yield [[K2]]#0, [[K2]]#1
// CHECK: ttg.warp_return
// CHECK: partition1(
// CHECK: scf.for [[U:%.*]] = {{.*}} to %arg12 step {{.*}} iter_args([[UBASE:%.*]] = %c0_i32{{.*}}, [[UPHASE:%.*]] = %c0_i32{{.*}})
// CHECK: [[U0:%.*]] = arith.subi [[U]], %c1_i32{{.*}} : i32
// CHECK: [[USAME:%.*]] = arith.cmpi eq
// CHECK: [[UALONE:%.*]] = arith.xori
// CHECK-NEXT: [[USPLIT:%.*]] = arith.andi %true{{.*}}, [[UALONE]] : i1
// CHECK: scf.if [[USPLIT]] {
// CHECK-NEXT: gpu.named_barrier %c15_i32{{.*}}, %c256_i32
// CHECK: [[USTART:%.*]] = arith.select [[USPLIT]], {{.*}}, [[UBASE]] : i32
// CHECK: scf.for {{.*}} iter_args({{.*}} = %cst{{.*}}, {{.*}} = [[USTART]], {{.*}})
// CHECK: ttg.memdesc_index %arg17
// CHECK: ttng.warp_group_dot
// CHECK: [[UNEXT:%.*]] = arith.cmpi slt
// CHECK-NEXT: [[UHAND:%.*]] = arith.andi [[USPLIT]], [[UNEXT]] : i1
// CHECK-NEXT: scf.if [[UHAND]] {
// CHECK-NEXT: gpu.named_barrier_arrive %c14_i32{{.*}}, %c256_i32
// CHECK: tt.store
// CHECK: ttg.warp_return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pairs(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %cbase = tt.splat %c : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    scf.for %t = %c0 to %ntiles step %c1 : i32 {
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

// The walk along the rows (the tile's row t / cols, its column t % cols):
// consecutive tiles share A's tile, whose leaf is a quotient, and B's
// leaf, a remainder, changes every tile: the pairs share A (two rings of
// B's tiles, one of A's), compared by A's row.

// CHECK-LABEL: tt.func public @pairs_share_a
// CHECK: ttg.local_alloc : () -> !ttg.memdesc<4x128x64xf16
// CHECK-COUNT-2: ttg.local_alloc : () -> !ttg.memdesc<4x64x128xf16
// CHECK: default {
// CHECK: scf.for [[T:%.*]] = %c0_i32 to %arg8
// CHECK: [[T1:%.*]] = arith.addi [[T]], %c1_i32 : i32
// CHECK: [[PM:%.*]] = arith.divsi [[T]], %arg9 : i32
// CHECK-NEXT: [[ROW:%.*]] = arith.muli [[PM]], %c128_i32 : i32
// CHECK-NEXT: [[T1B:%.*]] = arith.addi [[T]], %c1_i32 : i32
// CHECK-NEXT: [[PM1:%.*]] = arith.divsi [[T1B]], %arg9 : i32
// CHECK-NEXT: [[ROW1:%.*]] = arith.muli [[PM1]], %c128_i32 : i32
// CHECK-NEXT: arith.cmpi eq, [[ROW]], [[ROW1]] : i32
// CHECK: partition0(
// CHECK: ttng.barrier_expect {{.*}}, 49152
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pairs_share_a(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %cbase = tt.splat %c : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    scf.for %t = %c0 to %ntiles step %c1 : i32 {
      %pm = arith.divsi %t, %rows : i32
      %pn = arith.remsi %t, %rows : i32
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

// A tile loop whose epilogue stores through TMA (tt-tma-loads' tma-stores):
// each consumer's stores are pipelined over its tile loop. One staging
// buffer before the loop; in it, a wait for the buffer's earlier reads
// before each write, a fence and the TMA store; after it, a wait for all.

// CHECK-LABEL: tt.func public @pairs_tma_store
// CHECK: default {
// CHECK: [[BUF0:%.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store {{.*}}, [[BUF0]]
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-NEXT: ttng.async_tma_copy_local_to_global {{.*}} [[BUF0]]
// CHECK: }
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK: partition1(
// CHECK: [[BUF1:%.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
// CHECK: scf.for
// CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
// CHECK-NEXT: ttg.local_store {{.*}}, [[BUF1]]
// CHECK-NEXT: ttng.fence_async_shared
// CHECK-NEXT: ttng.async_tma_copy_local_to_global {{.*}} [[BUF1]]
// CHECK-NOT: tt.descriptor_store
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pairs_tma_store(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32, %rows: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %dc = tt.make_tensor_descriptor %c, [%m, %n], [%sb, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    scf.for %t = %c0 to %ntiles step %c1 : i32 {
      %pm = arith.divsi %t, %rows : i32
      %pn = arith.remsi %t, %rows : i32
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
      tt.descriptor_store %dc[%row, %col], %h : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #mma>
    } {tt.auto_warp_specialize, tt.tile_turns, tt.tile_pairs}
    tt.return
  }
}




// -----

// B's coordinate carried from k-step to k-step (an iteration argument of
// the K loop): the pair's B tiles cannot be compared before the K loop, so
// the consumers take turns instead (the turns' named barriers, empty
// barriers of one consumer's four warps).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @carried_coordinate
  // CHECK-COUNT-6: ttng.init_barrier %{{.*}}, 4 :
  // CHECK: gpu.named_barrier
  // CHECK: tt.return
  tt.func public @carried_coordinate(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %cbase = tt.splat %c : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
    scf.for %t = %c0 to %ntiles step %c1 : i32 {
      %row = arith.muli %t, %c128 : i32
      %acc:2 = scf.for %kk = %c0 to %k step %c64 iter_args(%acc0 = %zero, %kb = %c0) -> (tensor<128x128xf32, #mma>, i32) : i32 {
        %x = tt.descriptor_load %da[%row, %kk] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
        %y = tt.descriptor_load %db[%kb, %c0] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
        %ys = ttg.local_alloc %y : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>
        %d = ttng.warp_group_dot %xs, %ys, %acc0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory> -> tensor<128x128xf32, #mma>
        %kn = arith.addi %kb, %c64 : i32
        scf.yield %d, %kn : tensor<128x128xf32, #mma>, i32
      }
      %h = arith.truncf %acc#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %hc = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
      tt.store %cbase, %hc : tensor<128x128x!tt.ptr<f16>, #blocked1>
    } {tt.auto_warp_specialize, tt.tile_turns, tt.tile_pairs}
    tt.return
  }
}
