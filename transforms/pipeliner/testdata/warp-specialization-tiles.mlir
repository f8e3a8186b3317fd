// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=4 | FileCheck %s

// tt's own: two consumer warpgroups taking turns over a persistent
// kernel's tiles (ws_tiles.go), for a 4-warp tile loop that
// tt-specialize-dot-chains marked tt.tile_turns (tt-tma-loads' form: the
// K loop's A and B tiles through TMA, the epilogue's stores per tile).
// The producer (partition0) walks every tile; the default warps take the
// tiles 0, 2, 4, ... and partition1, four warps more, the tiles 1, 3, ...:
// each starts from the tile loop's lower bound plus its index times the
// step and goes by twice the step. A consumer's ring position moves past
// the other's tile after each of its own (the K loop's trip count times
// its one group of loads: position + trips, modulo the 6 slots, the phase
// flipped once a wrap), and partition1 starts one tile in. The ring has
// 6 slots whatever num-stages asks below that: as many 32 KB positions as
// 192 KB hold. The K loops take turns on barriers 14 and 15 (256
// threads): the default warps sync on 14 but for their first tile,
// partition1 syncs on 15 before each; each arrives on the other's once its
// K loop has issued its last wgmma, if the other has a next tile. Only
// wgmmas read the slots, so each warp of the consumer that holds a slot
// hands it back after its own wgmma wait (empty barriers of count 4,
// arrivals per warp), with no barrier of the warpgroup. The producer's
// loops run on its first warp alone, lane 0 issuing every box of a copy
// (tt.tma_one_issuer); its waits, expects and copies are marked
// tt.mbarrier_ordered, so the barrier analysis puts no barrier of its
// warps between them. The producer keeps 40 registers, each consumer
// gets 232.

// CHECK-LABEL: tt.func public @tiles
// CHECK-COUNT-6: ttng.init_barrier %{{.*}}, 1 :
// CHECK-COUNT-6: ttng.init_barrier %{{.*}}, 4 :
// CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 40, 232>}
// CHECK-NEXT: default {
// CHECK: [[TRIPS:%.*]] = arith.maxsi
// CHECK: [[PER:%.*]] = arith.muli [[TRIPS]], %c1_i32{{.*}} : i32
// CHECK: %c14_i32 = arith.constant 14 : i32
// CHECK: %c15_i32 = arith.constant 15 : i32
// CHECK: %c256_i32 = arith.constant 256 : i32
// CHECK: [[STEP:%.*]] = arith.muli %c1_i32, %c2_i32{{.*}} : i32
// CHECK: scf.for [[T:%.*]] = %c0_i32 to %arg8 step [[STEP]] iter_args([[SLOT:%.*]] = %c0_i32{{.*}}, [[PHASE:%.*]] = %c0_i32{{.*}})
// CHECK: [[LATER:%.*]] = arith.cmpi ne, [[T]], %c0_i32 : i32
// CHECK-NEXT: scf.if [[LATER]] {
// CHECK-NEXT: gpu.named_barrier %c14_i32, %c256_i32
// CHECK: [[K:%.*]]:3 = scf.for {{.*}} iter_args({{.*}} = %cst, {{.*}} = [[SLOT]], {{.*}} = [[PHASE]])
// CHECK: ttng.wait_barrier
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK: ttng.arrive_barrier {{.*}}, 1, {{.*}} {tt.arrive_per_warp}
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK-NEXT: [[NEXT:%.*]] = arith.addi [[T]], %c1_i32 : i32
// CHECK-NEXT: [[HAS:%.*]] = arith.cmpi slt, [[NEXT]], %arg8 : i32
// CHECK-NEXT: scf.if [[HAS]] {
// CHECK-NEXT: gpu.named_barrier_arrive %c15_i32, %c256_i32
// CHECK: ttng.warp_group_dot_wait [[K]]#0 {pendings = 0 : i32}
// CHECK: tt.store
// CHECK: [[POS:%.*]] = arith.addi [[K]]#1, [[PER]] : i32
// CHECK: [[NSLOT:%.*]] = arith.remsi [[POS]], %c6_i32
// CHECK: [[WRAPS:%.*]] = arith.divsi [[POS]], %c6_i32
// CHECK: [[FLIP:%.*]] = arith.andi [[WRAPS]], %c1_i32
// CHECK: [[NPHASE:%.*]] = arith.xori [[K]]#2, [[FLIP]] : i32
// CHECK: scf.yield [[NSLOT]], [[NPHASE]] : i32, i32
// CHECK: ttg.warp_yield
// CHECK: partition0(
// CHECK: [[WID:%.*]] = ttg.warp_id
// CHECK: [[FIRST:%.*]] = arith.cmpi eq, [[WID]], %c0_i32{{.*}} : i32
// CHECK-NEXT: scf.if [[FIRST]] {
// CHECK: scf.for
// CHECK: scf.for
// CHECK: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// CHECK: ttng.barrier_expect {{.*}} {tt.mbarrier_ordered}
// CHECK: ttng.async_tma_copy_global_to_local {{.*}} {tt.mbarrier_ordered, tt.tma_one_issuer}
// CHECK: ttng.async_tma_copy_global_to_local {{.*}} {tt.mbarrier_ordered, tt.tma_one_issuer}
// CHECK: ttg.warp_return
// CHECK: partition1(
// CHECK: [[ONE:%.*]] = arith.addi %c0_i32{{.*}}, %c1_i32{{.*}} : i32
// CHECK: [[START:%.*]] = arith.addi %c0_i32{{.*}}, [[PER1:%.*]] : i32
// CHECK: [[SLOT1:%.*]] = arith.remsi [[START]], %c6_i32
// CHECK: scf.for [[T1:%.*]] = [[ONE]] to %arg11 step {{.*}} iter_args({{.*}} = [[SLOT1]], {{.*}})
// CHECK: gpu.named_barrier %c15_i32, %c256_i32
// CHECK: scf.for
// CHECK: ttng.warp_group_dot
// CHECK: scf.if
// CHECK-NEXT: gpu.named_barrier_arrive %c14_i32, %c256_i32
// CHECK: tt.store
// CHECK: ttg.warp_return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tiles(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32) {
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
      %row = arith.muli %t, %c128 : i32
      %kend = arith.addi %k, %c63 : i32
      %ksteps = arith.divsi %kend, %c64 : i32
      %acc = scf.for %kk = %c0 to %ksteps step %c1 iter_args(%acc0 = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
        %ko = arith.muli %kk, %c64 : i32
        %x = tt.descriptor_load %da[%row, %ko] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
        %y = tt.descriptor_load %db[%ko, %c0] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
        %ys = ttg.local_alloc %y : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>
        %d = ttng.warp_group_dot %xs, %ys, %acc0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %hc = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
      %rows = tt.splat %row : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %ri = arith.addi %rows, %range : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %re = tt.expand_dims %ri {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
      %p = tt.addptr %cbase, %re : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
      %pb = tt.broadcast %p : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
      tt.store %pb, %hc : tensor<128x128x!tt.ptr<f16>, #blocked1>
    } {tt.auto_warp_specialize, tt.tile_turns}
    tt.return
  }
}

// -----

// A tile loop that carries a value from tile to tile is not cut over the
// consumers (each would see only its own tiles' values): the loop is left
// to the software pipeliner, its marks removed.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @carried
  // CHECK-NOT: ttg.warp_specialize
  // CHECK-NOT: tt.tile_turns
  // CHECK-NOT: tt.auto_warp_specialize
  // CHECK: tt.return
  tt.func public @carried(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x64xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<64x128xf16, #shared>>
    %sum = scf.for %t = %c0 to %ntiles step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %row = arith.muli %t, %c128 : i32
      %acc = scf.for %kk = %c0 to %k step %c64 iter_args(%acc0 = %s) -> (tensor<128x128xf32, #mma>) : i32 {
        %x = tt.descriptor_load %da[%row, %kk] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
        %y = tt.descriptor_load %db[%kk, %c0] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
        %ys = ttg.local_alloc %y : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>
        %d = ttng.warp_group_dot %xs, %ys, %acc0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      scf.yield %acc : tensor<128x128xf32, #mma>
    } {tt.auto_warp_specialize, tt.tile_turns}
    tt.return %sum : tensor<128x128xf32, #mma>
  }
}

// -----

// K steps of 128 (a 128x128 A tile and a 128x128 B tile, 64 KB a ring
// position): fewer than four positions fit in the ring's 192 KB, and a
// consumer holds two, so the turns would starve; the loop is left to the
// software pipeliner, its marks removed.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @deep_steps
  // CHECK-NOT: ttg.warp_specialize
  // CHECK-NOT: tt.tile_turns
  // CHECK-NOT: tt.auto_warp_specialize
  // CHECK: tt.return
  tt.func public @deep_steps(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %da = tt.make_tensor_descriptor %a, [%m, %k], [%sa, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    %db = tt.make_tensor_descriptor %b, [%k, %n], [%sb, %c1_i64] : <f16>, <tensor<128x128xf16, #shared>>
    scf.for %t = %c0 to %ntiles step %c1 : i32 {
      %row = arith.muli %t, %c128 : i32
      %acc = scf.for %kk = %c0 to %k step %c128 iter_args(%acc0 = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
        %x = tt.descriptor_load %da[%row, %kk] : !tt.tensordesc<tensor<128x128xf16, #shared>> -> tensor<128x128xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory>
        %y = tt.descriptor_load %db[%kk, %c0] : !tt.tensordesc<tensor<128x128xf16, #shared>> -> tensor<128x128xf16, #blocked>
        %ys = ttg.local_alloc %y : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory>
        %d = ttng.warp_group_dot %xs, %ys, %acc0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<128x128xf16, #shared, #ttg.shared_memory> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
    } {tt.auto_warp_specialize, tt.tile_turns}
    tt.return
  }
}

// -----

// tt-tma-loads puts the tile loop under its guard, with the pointer
// kernel in the else branch (which the programs with a single short tile
// run). The partitions' loops are scheduled, and marked so that the
// pipeliner leaves them alone; the loops outside them are left to it.

// CHECK-LABEL: tt.func public @guarded
// CHECK: ttg.warp_specialize
// CHECK: } {tt.num_stages = 0 : i32}
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NOT: tt.num_stages
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @guarded(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>, %m: i32, %n: i32, %k: i32, %sa: i64, %sb: i64, %ntiles: i32, %ok: i1) {
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
    scf.if %ok {
    scf.for %t = %c0 to %ntiles step %c1 : i32 {
      %row = arith.muli %t, %c128 : i32
      %kend = arith.addi %k, %c63 : i32
      %ksteps = arith.divsi %kend, %c64 : i32
      %acc = scf.for %kk = %c0 to %ksteps step %c1 iter_args(%acc0 = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
        %ko = arith.muli %kk, %c64 : i32
        %x = tt.descriptor_load %da[%row, %ko] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
        %xs = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory>
        %y = tt.descriptor_load %db[%ko, %c0] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked1>
        %ys = ttg.local_alloc %y : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory>
        %d = ttng.warp_group_dot %xs, %ys, %acc0 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #ttg.shared_memory> * !ttg.memdesc<64x128xf16, #shared, #ttg.shared_memory> -> tensor<128x128xf32, #mma>
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      %h = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
      %hc = ttg.convert_layout %h : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked1>
      %rows = tt.splat %row : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %ri = arith.addi %rows, %range : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %re = tt.expand_dims %ri {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
      %p = tt.addptr %cbase, %re : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
      %pb = tt.broadcast %p : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x128x!tt.ptr<f16>, #blocked1>
      tt.store %pb, %hc : tensor<128x128x!tt.ptr<f16>, #blocked1>
    } {tt.auto_warp_specialize, tt.tile_turns}
    } else {
      scf.for %t = %c0 to %ntiles step %c1 : i32 {
        %row = arith.muli %t, %c128 : i32
      }
    }
    tt.return
  }
}
