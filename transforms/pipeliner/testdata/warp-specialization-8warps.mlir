// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=3 | FileCheck %s
// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization="num-stages=3 turns=alternate" | FileCheck %s --check-prefix=ALT
// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization="num-stages=3 turns=off" | FileCheck %s --check-prefix=OFF

// tt's own extension of Hopper's warp specialization: an 8-warp loop that
// tt-specialize-dot-chains marked (attention at head dim 128 after
// make_ttgir's passes before this one), whose K and V tiles are pointer
// loads into shared memory. The producer has the function's 8 warps (the
// pointer tensors keep their layouts, computed again in the partition from
// what they are made of before the loop) and issues cp.async copies into
// a ring of 3 slots; each of its 256 threads arrives on the slot's full
// barrier once its copies have landed (noIncrement: count 256). The
// consumer is the function's two warpgroups in the default region: they
// wait on full[] without a CTA barrier between waits, and each warp hands
// a slot back on empty[] (count 8) after its wgmmas. The producer gives
// up all but 40 registers a thread. Each consumer iteration issues its
// first dot and then the previous iteration's second (FlashAttention-3's
// intra-warpgroup overlap: chained_dots.go's rewrite, the first iteration
// ahead of the loop without its second dot, the last second dot after
// it); the slot goes back once that second dot is waited for. The two
// warpgroups take turns issuing them (ping-pong, ws_pingpong.go):
// warpgroup w syncs on turn barrier 14+w before its dots and arrives on
// the other's after them; warpgroup 1 arrives on 14 before the loop so
// that warpgroup 0 goes first, and warpgroup 0 takes that last arrival
// after the loop. The accumulator is rescaled before the turn begins.
//
// With turns=alternate the dots stay in their iterations and a turn is
// the second dot of one iteration and the first of the next: the first
// dot runs {isAsync} and the turn passes before its wait; warpgroup 0
// arrives on 15 after the loop. With turns=off the warpgroups run free.

// ALT-LABEL: @attention_kernel
// ALT: default {
// ALT: %[[WID:.*]] = ttg.warp_id
// ALT: %[[WG:.*]] = arith.divui %[[WID]], %c4_i32
// ALT: %[[MINE:.*]] = arith.addi %[[WG]], %c14_i32
// ALT: %[[OTHER:.*]] = arith.subi %c15_i32, %[[WG]]
// ALT: %[[SECOND:.*]] = arith.cmpi eq, %[[WG]], %c1_i32
// ALT-NEXT: scf.if %[[SECOND]] {
// ALT: gpu.named_barrier_arrive %c14_i32{{.*}}, %c256_i32
// ALT: gpu.named_barrier %[[MINE]], %c256_i32
// ALT-NEXT: scf.for
// ALT: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// ALT: %[[S:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// ALT-NEXT: gpu.named_barrier_arrive %[[OTHER]], %c256_i32
// ALT-NEXT: ttng.warp_group_dot_wait %[[S]], {{.*}} {pendings = 0 : i32}
// ALT: gpu.named_barrier %[[MINE]], %c256_i32
// ALT-NEXT: ttng.warp_group_dot
// ALT-NOT: isAsync
// ALT: ttng.arrive_barrier {{.*}}, 1 {tt.arrive_per_warp}
// ALT: %[[FIRST:.*]] = arith.cmpi eq, %[[WG]], %c0_i32
// ALT-NEXT: scf.if %[[FIRST]] {
// ALT: gpu.named_barrier_arrive %c15_i32{{.*}}, %c256_i32
// ALT: ttg.warp_yield

// OFF-LABEL: @attention_kernel
// OFF: default {
// OFF-NOT: gpu.named_barrier
// OFF: scf.for
// OFF: ttng.warp_group_dot
// OFF-NOT: isAsync
// OFF: ttng.warp_group_dot
// OFF-NOT: isAsync
// OFF: ttng.arrive_barrier {{.*}}, 1 {tt.arrive_per_warp}
// OFF-NOT: gpu.named_barrier
// OFF: ttg.warp_yield

// CHECK-LABEL: @attention_kernel
// CHECK-COUNT-3: ttng.init_barrier {{.*}}, 256 :
// CHECK-COUNT-3: ttng.init_barrier {{.*}}, 8 :
// CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 40>}
// CHECK-NEXT: default {
// CHECK: %[[WID:.*]] = ttg.warp_id
// CHECK: %[[WG:.*]] = arith.divui %[[WID]], %c4_i32
// CHECK: %[[MINE:.*]] = arith.addi %[[WG]], %c14_i32
// CHECK: %[[OTHER:.*]] = arith.subi %c15_i32, %[[WG]]
// CHECK: scf.if
// CHECK: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// CHECK: %[[SECOND:.*]] = arith.cmpi eq, %[[WG]], %c1_i32
// CHECK-NEXT: scf.if %[[SECOND]] {
// CHECK: gpu.named_barrier_arrive %c14_i32{{.*}}, %c256_i32
// CHECK: scf.for
// CHECK: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// CHECK: %[[SCALED:.*]] = arith.mulf %arg9
// CHECK-NEXT: gpu.named_barrier %[[MINE]], %c256_i32
// CHECK-NEXT: %[[S:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NEXT: %[[O:.*]] = ttng.warp_group_dot %arg14, %{{.*}}, %[[SCALED]] {{.*}}isAsync = true
// CHECK-NEXT: gpu.named_barrier_arrive %[[OTHER]], %c256_i32
// CHECK-NEXT: ttng.warp_group_dot_wait %[[S]], {{.*}} {pendings = 1 : i32}
// CHECK: %[[OW:.*]]:3 = ttng.warp_group_dot_wait %[[O]], {{.*}} {pendings = 0 : i32}
// CHECK-NEXT: %[[EMPTY:.*]] = ttg.memdesc_index %{{.*}}[%arg12]
// CHECK-NEXT: ttng.arrive_barrier %[[EMPTY]], 1 {tt.arrive_per_warp}
// CHECK-NEXT: arith.truncf
// CHECK: scf.yield {{.*}}, %[[OW]]#0, {{.*}}, %arg10,
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[WG]], %c0_i32
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: gpu.named_barrier %c14_i32{{.*}}, %c256_i32
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK-NEXT: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// CHECK-NEXT: ttg.memdesc_index
// CHECK-NEXT: ttng.arrive_barrier {{.*}}, 1 {tt.arrive_per_warp}
// CHECK: } else {
// CHECK-NOT: tt.auto_warp_specialize
// CHECK: ttg.warp_yield
// CHECK: partition0({{.*}}) num_warps(8) {
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32}
// CHECK: tt.make_range {end = 128 : i32, start = 0 : i32}
// CHECK: scf.for
// CHECK: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// CHECK: ttg.async_copy_global_to_local {{.*}} {contiguity = 8 : i32, tt.mbarrier_ordered}
// CHECK: ttg.async_copy_global_to_local {{.*}} {contiguity = 8 : i32, tt.mbarrier_ordered}
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive {{.*}} {noIncrement, tt.mbarrier_ordered}
// CHECK-NOT: ttng.async_copy_mbarrier_arrive
// CHECK: ttg.warp_return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attention_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: f32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %cst_0 = arith.constant dense<128> : tensor<64x1xi32, #blocked>
    %cst_1 = arith.constant dense<128> : tensor<128x1xi32, #blocked>
    %c128_i64 = arith.constant 128 : i64
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma1>
    %cst_3 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.extsi %arg4 : i32 to i64
    %4 = arith.muli %2, %3 : i64
    %5 = arith.muli %4, %c128_i64 : i64
    %6 = arith.muli %0, %c128_i32 : i32
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %8 = tt.splat %6 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %9 = arith.addi %8, %7 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %10 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %11 = tt.addptr %arg0, %5 : !tt.ptr<f16>, i64
    %12 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %13 = arith.muli %12, %cst_1 : tensor<128x1xi32, #blocked>
    %14 = tt.splat %11 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %15 = tt.addptr %14, %13 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %17 = tt.expand_dims %16 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
    %18 = tt.broadcast %15 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #blocked>
    %19 = tt.broadcast %17 : tensor<1x128xi32, #blocked> -> tensor<128x128xi32, #blocked>
    %20 = tt.addptr %18, %19 : tensor<128x128x!tt.ptr<f16>, #blocked>, tensor<128x128xi32, #blocked>
    %21 = tt.load %20 : tensor<128x128x!tt.ptr<f16>, #blocked>
    %22 = ttg.local_alloc %21 : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    %23 = tt.addptr %arg1, %5 : !tt.ptr<f16>, i64
    %24 = tt.splat %23 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %25 = tt.broadcast %17 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
    %26 = tt.splat %arg5 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %27 = tt.splat %arg5 : f32 -> tensor<128x64xf32, #mma>
    %28 = tt.addptr %arg2, %5 : !tt.ptr<f16>, i64
    %29 = tt.splat %28 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %30:3 = scf.for %arg6 = %c0_i32 to %arg4 step %c64_i32 iter_args(%arg7 = %cst_3, %arg8 = %cst_4, %arg9 = %cst_2) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x128xf32, #mma1>)  : i32 {
      %42 = tt.splat %arg6 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %43 = arith.addi %42, %10 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %44 = tt.expand_dims %43 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
      %45 = arith.muli %44, %cst_0 : tensor<64x1xi32, #blocked>
      %46 = tt.addptr %24, %45 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
      %47 = tt.broadcast %46 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
      %48 = tt.addptr %47, %25 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
      %49 = tt.load %48 : tensor<64x128x!tt.ptr<f16>, #blocked>
      %50 = ttg.local_alloc %49 : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %51 = ttg.memdesc_trans %50 {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
      %52 = ttng.warp_group_dot %22, %51, %cst {inputPrecision = 0 : i32} : !ttg.memdesc<128x128xf16, #shared, #smem> * !ttg.memdesc<128x64xf16, #shared1, #smem> -> tensor<128x64xf32, #mma>
      %53 = "tt.reduce"(%52) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %78 = arith.maxnumf %arg10, %arg11 : f32
        tt.reduce.return %78 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %54 = arith.mulf %53, %26 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %55 = arith.maxnumf %arg7, %54 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %56 = arith.mulf %52, %27 : tensor<128x64xf32, #mma>
      %57 = tt.expand_dims %55 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %58 = tt.broadcast %57 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %59 = arith.subf %56, %58 : tensor<128x64xf32, #mma>
      %60 = math.exp2 %59 : tensor<128x64xf32, #mma>
      %61 = arith.subf %arg7, %55 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %62 = math.exp2 %61 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %63 = arith.mulf %arg8, %62 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %64 = "tt.reduce"(%60) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %78 = arith.addf %arg10, %arg11 : f32
        tt.reduce.return %78 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %65 = arith.addf %63, %64 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %66 = tt.addptr %29, %45 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
      %67 = tt.broadcast %66 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
      %68 = tt.addptr %67, %25 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
      %69 = tt.load %68 : tensor<64x128x!tt.ptr<f16>, #blocked>
      %70 = ttg.local_alloc %69 : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
      %71 = tt.expand_dims %62 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %72 = ttg.convert_layout %71 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %73 = tt.broadcast %72 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
      %74 = arith.mulf %arg9, %73 : tensor<128x128xf32, #mma1>
      %75 = arith.truncf %60 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %76 = ttg.convert_layout %75 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>
      %77 = ttng.warp_group_dot %76, %70, %74 {inputPrecision = 0 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma1>
      scf.yield %55, %65, %77 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x128xf32, #mma1>
    } {tt.auto_warp_specialize}
    %31 = tt.expand_dims %30#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %32 = ttg.convert_layout %31 : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
    %33 = tt.broadcast %32 : tensor<128x1xf32, #mma1> -> tensor<128x128xf32, #mma1>
    %34 = arith.divf %30#2, %33 : tensor<128x128xf32, #mma1>
    %35 = tt.addptr %arg3, %5 : !tt.ptr<f16>, i64
    %36 = tt.splat %35 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %37 = tt.addptr %36, %13 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %38 = tt.broadcast %37 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #blocked>
    %39 = tt.addptr %38, %19 : tensor<128x128x!tt.ptr<f16>, #blocked>, tensor<128x128xi32, #blocked>
    %40 = arith.truncf %34 : tensor<128x128xf32, #mma1> to tensor<128x128xf16, #mma1>
    %41 = ttg.convert_layout %40 : tensor<128x128xf16, #mma1> -> tensor<128x128xf16, #blocked>
    tt.store %39, %41 : tensor<128x128x!tt.ptr<f16>, #blocked>
    tt.return
  }
}


// -----

// A marked 8-warp loop the pass cannot specialize (its load is read in
// registers, not through shared memory) is left to the software
// pipeliner, without an error and without the mark.

// CHECK-LABEL: @unspecialized
// CHECK-NOT: ttg.warp_specialize
// CHECK-NOT: tt.auto_warp_specialize
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @unspecialized(%p: tensor<64x128x!tt.ptr<f16>, #blocked>, %n: i32) -> tensor<64x128xf16, #blocked> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<64x128xf16, #blocked>) : i32 {
      %x = tt.load %p : tensor<64x128x!tt.ptr<f16>, #blocked>
      %s = arith.addf %acc, %x : tensor<64x128xf16, #blocked>
      scf.yield %s : tensor<64x128xf16, #blocked>
    } {tt.auto_warp_specialize}
    tt.return %r : tensor<64x128xf16, #blocked>
  }
}
