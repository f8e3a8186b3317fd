// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization="num-stages=3 turns=overlap" | FileCheck %s
// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization=num-stages=3 | FileCheck %s --check-prefix=TWO
// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization="num-stages=3 turns=alternate" | FileCheck %s --check-prefix=ALT
// RUN: tt-opt %s -split-input-file --nvgpu-warp-specialization="num-stages=3 turns=off" | FileCheck %s --check-prefix=OFF

// tt's own extension of Hopper's warp specialization: an 8-warp loop that
// tt-specialize-dot-chains marked (attention at head dim 128 after
// make_ttgir's passes before this one), whose K and V tiles are pointer
// loads into shared memory. The producer is one warpgroup: the pointer
// tensors, computed again in the partition from what they are made of
// before the loop, take the function's layouts over 4 warps instead of 8
// (#blocked1: the same tile, each thread copying twice as many vectors);
// it issues cp.async copies into a ring of 3 slots, and each of its 128
// threads arrives on the slot's full barrier once its copies have landed
// (noIncrement: count 128). The
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
// With turns=twoblocks (the default: ws_twoblocks.go) the ring takes two
// more slots (5: a full and an empty barrier each), the overlap's loop runs
// two iterations at a time with the second one's wait for its slot and its
// first dot moved up to right after the first one's (both first dots, then
// the previous iteration's second; the first wait {pendings = 1} retires
// both first dots), an epilogue loop of one step runs an odd count's last
// iteration, and the warpgroups do not take turns.
//
// With turns=alternate the dots stay in their iterations and a turn is
// the second dot of one iteration and the first of the next: the first
// dot runs {isAsync} and the turn passes before its wait; warpgroup 0
// arrives on 15 after the loop. With turns=off the warpgroups run free.

// TWO-LABEL: @attention_kernel
// TWO-COUNT-5: ttng.init_barrier {{.*}}, 128 :
// TWO-COUNT-5: ttng.init_barrier {{.*}}, 8 :
// TWO: default {
// TWO-NOT: gpu.named_barrier
// TWO: scf.for {{.*}} step %[[STEP2:[^ ]*]] iter_args
// TWO: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// TWO: %[[S1:.*]] = ttng.warp_group_dot {{.*}}isAsync = true{{.*}} -> tensor<128x64xf32, #mma>
// TWO-NEXT: ttg.memdesc_index
// TWO-NEXT: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// TWO: %[[S2:.*]] = ttng.warp_group_dot {{.*}}isAsync = true{{.*}} -> tensor<128x64xf32, #mma>
// TWO: ttng.warp_group_dot {{.*}}isAsync = true{{.*}} -> tensor<128x128xf32, #mma1>
// TWO-NEXT: ttng.warp_group_dot_wait %[[S1]], {{.*}} {pendings = 1 : i32}
// TWO: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// TWO-NEXT: ttg.memdesc_index
// TWO-NEXT: ttng.arrive_barrier {{.*}}, 1 {tt.arrive_per_warp}
// TWO: ttng.warp_group_dot {{.*}}isAsync = true{{.*}} -> tensor<128x128xf32, #mma1>
// TWO-NEXT: ttng.warp_group_dot_wait %[[S2]], {{.*}} {pendings = 1 : i32}
// TWO: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
// TWO-NEXT: ttg.memdesc_index
// TWO-NEXT: ttng.arrive_barrier {{.*}}, 1 {tt.arrive_per_warp}
// TWO: scf.yield
// TWO: scf.for %{{.*}} = %{{.*}} to %arg4 step %c64_i32
// TWO-NOT: gpu.named_barrier
// TWO: ttg.warp_yield

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

// CHECK: #blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: @attention_kernel
// CHECK-COUNT-3: ttng.init_barrier {{.*}}, 128 :
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
// CHECK: partition0({{.*}}) num_warps(4) {
// CHECK: tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
// CHECK: tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
// CHECK-NOT: #blocked}
// CHECK-NOT: #blocked>
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

// -----

// An 8-warp matmul loop of a 128x256 tile marked tt.auto_warp_specialize
// (tt-specialize-dot-chains marks only dot chains unless
// TT_X_SPECIALIZE=dots; the mark is set here): with a producer of the
// function's 8 warps the kernel's 16 warps would leave ptxas 128 registers
// a thread, too few to assemble a wgmma with a 128-register accumulator
// (C7602, the guard wgmmasFitRegisters). With the producer on one
// warpgroup (both pointer layouts taken to 4 warps, #blocked2 and
// #blocked3) the kernel has 12 warps, 168 registers a thread at launch,
// and the loop is specialized: full barriers of 128 arrivals, empty ones
// of 8 (each consumer warp), the producer keeping 40 registers.

// CHECK: #blocked2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #blocked3 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: @matmul_kernel
// CHECK-COUNT-3: ttng.init_barrier {{.*}}, 128 :
// CHECK-COUNT-3: ttng.init_barrier {{.*}}, 8 :
// CHECK: ttg.warp_specialize({{.*}}) attributes {requestedRegisters = array<i32: 40>}
// CHECK: ttng.warp_group_dot {{.*}}isAsync = true
// CHECK: ttng.arrive_barrier {{.*}} {tt.arrive_per_warp}
// CHECK: partition0({{.*}}) num_warps(4) {
// CHECK: ttg.async_copy_global_to_local {{.*}} : tensor<128x64x!tt.ptr<f16>, #blocked2>
// CHECK: ttg.async_copy_global_to_local {{.*}} : tensor<64x256x!tt.ptr<f16>, #blocked3>
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive
// CHECK: ttg.warp_return
// CHECK-NOT: tt.auto_warp_specialize
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %c64_i32 = arith.constant 64 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x256xf16, #blocked1>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c127_i32 = arith.constant 127 : i32
    %c255_i32 = arith.constant 255 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c255_i32 : i32
    %4 = arith.divsi %3, %c256_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %9 : i32
    %11 = arith.addi %7, %10 : i32
    %12 = arith.remsi %0, %5 : i32
    %13 = arith.divsi %12, %9 : i32
    %14 = arith.muli %11, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %17 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %18 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %19 = arith.addi %17, %15 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %20 = arith.addi %18, %16 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %21 = tt.splat %arg3 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %22 = arith.remsi %19, %21 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %23 = arith.muli %13, %c256_i32 : i32
    %24 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %25 = tt.splat %23 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %26 = arith.addi %25, %24 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %27 = tt.splat %arg4 : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %28 = arith.remsi %26, %27 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %29 = tt.expand_dims %22 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %30 = tt.splat %arg6 : i32 -> tensor<128x1xi32, #blocked>
    %31 = arith.muli %29, %30 : tensor<128x1xi32, #blocked>
    %32 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %33 = tt.addptr %32, %31 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %34 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %35 = tt.expand_dims %34 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %36 = tt.broadcast %33 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %37 = tt.broadcast %35 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %38 = tt.addptr %36, %37 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %39 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %40 = tt.expand_dims %39 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %41 = tt.splat %arg7 : i32 -> tensor<64x1xi32, #blocked1>
    %42 = arith.muli %40, %41 : tensor<64x1xi32, #blocked1>
    %43 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %44 = tt.addptr %43, %42 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
    %45 = tt.expand_dims %28 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
    %46 = tt.broadcast %44 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x256x!tt.ptr<f16>, #blocked1>
    %47 = tt.broadcast %45 : tensor<1x256xi32, #blocked1> -> tensor<64x256xi32, #blocked1>
    %48 = tt.addptr %46, %47 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
    %49 = arith.addi %arg5, %c63_i32 : i32
    %50 = arith.divsi %49, %c64_i32 : i32
    %51 = arith.muli %arg7, %c64_i32 : i32
    %52 = tt.splat %51 : i32 -> tensor<64x256xi32, #blocked1>
    %53:3 = scf.for %arg9 = %c0_i32 to %50 step %c1_i32 iter_args(%arg10 = %cst_2, %arg11 = %38, %arg12 = %48) -> (tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x256x!tt.ptr<f16>, #blocked1>)  : i32 {
      %72 = arith.muli %arg9, %c64_i32 : i32
      %73 = arith.subi %arg5, %72 : i32
      %74 = tt.splat %73 : i32 -> tensor<1x64xi32, #blocked>
      %75 = arith.cmpi slt, %35, %74 : tensor<1x64xi32, #blocked>
      %76 = tt.broadcast %75 : tensor<1x64xi1, #blocked> -> tensor<128x64xi1, #blocked>
      %77 = tt.load %arg11, %76, %cst_0 : tensor<128x64x!tt.ptr<f16>, #blocked>
      %78 = ttg.local_alloc %77 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %79 = tt.splat %73 : i32 -> tensor<64x1xi32, #blocked1>
      %80 = arith.cmpi slt, %40, %79 : tensor<64x1xi32, #blocked1>
      %81 = tt.broadcast %80 : tensor<64x1xi1, #blocked1> -> tensor<64x256xi1, #blocked1>
      %82 = tt.load %arg12, %81, %cst_1 : tensor<64x256x!tt.ptr<f16>, #blocked1>
      %83 = ttg.local_alloc %82 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %84 = ttng.warp_group_dot %78, %83, %arg10 {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      %85 = tt.addptr %arg11, %cst : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      %86 = tt.addptr %arg12, %52 : tensor<64x256x!tt.ptr<f16>, #blocked1>, tensor<64x256xi32, #blocked1>
      scf.yield %84, %85, %86 : tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<64x256x!tt.ptr<f16>, #blocked1>
    } {tt.auto_warp_specialize}
    %54 = arith.truncf %53#0 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %55 = tt.expand_dims %20 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %56 = tt.splat %arg3 : i32 -> tensor<128x1xi32, #blocked1>
    %57 = arith.cmpi slt, %55, %56 : tensor<128x1xi32, #blocked1>
    %58 = tt.expand_dims %26 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x256xi32, #blocked1>
    %59 = tt.splat %arg4 : i32 -> tensor<1x256xi32, #blocked1>
    %60 = arith.cmpi slt, %58, %59 : tensor<1x256xi32, #blocked1>
    %61 = tt.broadcast %57 : tensor<128x1xi1, #blocked1> -> tensor<128x256xi1, #blocked1>
    %62 = tt.broadcast %60 : tensor<1x256xi1, #blocked1> -> tensor<128x256xi1, #blocked1>
    %63 = arith.andi %61, %62 : tensor<128x256xi1, #blocked1>
    %64 = tt.splat %arg8 : i32 -> tensor<128x1xi32, #blocked1>
    %65 = arith.muli %64, %55 : tensor<128x1xi32, #blocked1>
    %66 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %67 = tt.addptr %66, %65 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %68 = tt.broadcast %67 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x256x!tt.ptr<f16>, #blocked1>
    %69 = tt.broadcast %58 : tensor<1x256xi32, #blocked1> -> tensor<128x256xi32, #blocked1>
    %70 = tt.addptr %68, %69 : tensor<128x256x!tt.ptr<f16>, #blocked1>, tensor<128x256xi32, #blocked1>
    %71 = ttg.convert_layout %54 : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked1>
    tt.store %70, %71, %63 : tensor<128x256x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}
