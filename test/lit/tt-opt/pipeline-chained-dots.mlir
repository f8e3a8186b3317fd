// RUN: tt-opt %s -tt-pipeline-chained-dots='mode=on' | FileCheck %s
// RUN: tt-opt %s -tt-pipeline-chained-dots='mode=off' | FileCheck %s --check-prefix=OFF
// RUN: tt-opt %s -tt-pipeline-chained-dots='mode=auto' | FileCheck %s --check-prefix=AUTO
// RUN: tt-opt %s -tt-pipeline-chained-dots | FileCheck %s --check-prefix=OFF

// Attention's loop after tritongpu-pipeline (head dim 64, 4 warps): S = Q
// Kᵀ is waited for together with the previous iteration's O += P V, so the
// tensor cores idle during the softmax. The pass issues P V of iteration
// i-1 right after Q Kᵀ of iteration i: the first iteration without its
// second dot runs ahead of the loop, the last second dot after it, all
// under a guard for an empty loop; in the loop, the wait for S leaves P V
// in flight (pendings = 1) and P V is retired before the conversion of the
// next P. P and the rescaling factors of the previous iteration are
// carried. V's buffer gets a fourth slot, indexed by a count of iterations
// modulo 4: the copies of iteration i fill slot i+2 while P V of iteration
// i-1 reads slot i-1, so they issue right after the wait for S, before
// the softmax.

// CHECK-LABEL: tt.func public @attention_kernel
// CHECK:         %[[K:.+]] = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16
// CHECK-NEXT:    %[[VB:.+]] = ttg.local_alloc : () -> !ttg.memdesc<4x64x64xf16
// CHECK:         %[[GUARD:.+]]:9 = scf.if
// The first iteration: its dot waited for at once, no second dot; its copy
// of V fills slot 2.
// CHECK:           ttg.async_wait %{{.+}}, %{{.+}} {num = 2 : i32}
// CHECK:           %[[S0:.+]] = ttng.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT:      ttng.warp_group_dot_wait %[[S0]], %{{.+}}, %{{.+}} {pendings = 0 : i32}
// CHECK-NOT:       ttng.warp_group_dot
// CHECK:           math.exp2
// CHECK:           arith.truncf
// CHECK:           ttg.memdesc_index %[[VB]][%c2_i32]
// CHECK:           %[[LOOP:.+]]:13 = scf.for %{{.+}} = %{{.+}} to
// CHECK-SAME:        iter_args(%{{[^ ]+}} = %{{[^ ]+}}, %{{[^ ]+}} = %{{[^ ]+}}, %[[ACC:[^ ]+]] = %cst_1,
// CHECK-SAME:        %[[ALPHA:[^ ]+]] = %{{[^ ,]+}}, %[[P:[^ ]+]] = %{{[^ ,]+}}, %[[COUNT:[^ ]+]] = %c1_i32{{.*}})
// CHECK:             ttg.async_wait %{{.+}}, %{{.+}} {num = 2 : i32}
// CHECK:             %[[S:.+]] = ttng.warp_group_dot %{{.+}}, %{{.+}}, %cst_1 {inputPrecision = 0 : i32, isAsync = true}
// CHECK:             arith.addi %[[COUNT]], %{{.+}} : i32
// CHECK:             %[[V:.+]] = ttg.memdesc_index %[[VB]][%{{.+}}]
// CHECK-NEXT:        %[[E:.+]] = tt.expand_dims %[[ALPHA]]
// CHECK-NEXT:        %[[B:.+]] = tt.broadcast %[[E]]
// CHECK-NEXT:        %[[R:.+]] = arith.mulf %[[ACC]], %[[B]]
// CHECK-NEXT:        %[[PV:.+]] = ttng.warp_group_dot %[[P]], %[[V]], %[[R]] {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT:        ttng.warp_group_dot_wait %[[S]], %{{.+}}, %{{.+}} {pendings = 1 : i32}
// CHECK:             ttg.async_copy_global_to_local
// CHECK:             ttg.async_commit_group
// CHECK:             ttg.memdesc_index %[[VB]]
// CHECK:             ttg.async_copy_global_to_local
// CHECK:             ttg.async_commit_group
// CHECK:             math.exp2
// CHECK:             %[[W:.+]]:3 = ttng.warp_group_dot_wait %[[PV]], %[[P]], %[[V]] {pendings = 0 : i32}
// CHECK-NEXT:        arith.truncf
// CHECK:             scf.yield %{{.+}}, %{{.+}}, %[[W]]#0,
// The last iteration's second dot reads the slot before the final count.
// CHECK:           arith.addi %[[LOOP]]#12, %{{.+}} : i32
// CHECK:           %[[LV:.+]] = ttg.memdesc_index %[[VB]][%{{.+}}]
// CHECK:           %[[LPV:.+]] = ttng.warp_group_dot %[[LOOP]]#11, %[[LV]], %{{.+}} {inputPrecision = 0 : i32, isAsync = true}
// CHECK-NEXT:      %[[LW:.+]]:3 = ttng.warp_group_dot_wait %[[LPV]], %[[LOOP]]#11, %[[LV]] {pendings = 0 : i32}
// CHECK-NEXT:      scf.yield %[[LOOP]]#0, %[[LOOP]]#1, %[[LW]]#0,
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %cst_0, %cst, %cst_1,
// CHECK:         ttng.warp_group_dot_wait %[[GUARD]]#2 {pendings = 0 : i32}
// CHECK:         ttg.local_dealloc %[[VB]]

// OFF-NOT:       scf.if
// OFF-NOT:       4x64x64
// OFF:           ttng.warp_group_dot_wait %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} {pendings = 0 : i32}
// OFF-NOT:       scf.if

// The tensors live at once (S 64, the accumulator 64, two P of 32
// registers per thread) fit the auto mode's budget.
// AUTO:          scf.if
// AUTO:          ttng.warp_group_dot_wait %{{.+}}, %{{.+}}, %{{.+}} {pendings = 1 : i32}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @attention_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: f32) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_0 = arith.constant dense<0xFF800000> : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #mma>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i64 = arith.constant 64 : i64
    %c128_i32 = arith.constant 128 : i32
    %cst_2 = arith.constant dense<64> : tensor<128x1xi32, #blocked>
    %cst_3 = arith.constant dense<64> : tensor<64x1xi32, #blocked>
    %c-1_i32 = arith.constant -1 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3_i32 = arith.constant 3 : i32
    %cst_4 = arith.constant dense<64> : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.extsi %arg4 : i32 to i64
    %4 = arith.muli %2, %3 : i64
    %5 = arith.muli %4, %c64_i64 : i64
    %6 = arith.muli %0, %c128_i32 : i32
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %8 = tt.splat %6 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %9 = arith.addi %8, %7 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %10 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %11 = tt.addptr %arg0, %5 : !tt.ptr<f16>, i64
    %12 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %13 = arith.muli %12, %cst_2 : tensor<128x1xi32, #blocked>
    %14 = tt.splat %11 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %15 = tt.addptr %14, %13 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %16 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %17 = tt.expand_dims %16 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %18 = tt.broadcast %15 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %19 = tt.broadcast %17 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %20 = tt.addptr %18, %19 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %21 = tt.load %20 : tensor<128x64x!tt.ptr<f16>, #blocked>
    %22 = ttg.local_alloc %21 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %23 = tt.addptr %arg1, %5 : !tt.ptr<f16>, i64
    %24 = tt.splat %23 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %25 = tt.broadcast %17 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %26 = tt.splat %arg5 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    %27 = tt.splat %arg5 : f32 -> tensor<128x64xf32, #mma>
    %28 = tt.addptr %arg2, %5 : !tt.ptr<f16>, i64
    %29 = tt.splat %28 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %30 = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %31 = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %32 = arith.cmpi sgt, %arg4, %c0_i32 : i32
    %33 = tt.expand_dims %10 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %34 = arith.muli %33, %cst_3 : tensor<64x1xi32, #blocked>
    %35 = tt.addptr %24, %34 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %36 = tt.broadcast %35 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %37 = tt.addptr %36, %25 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %38 = ttg.memdesc_index %30[%c0_i32] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %39 = tt.splat %32 : i1 -> tensor<64x64xi1, #blocked>
    %40 = ttg.async_copy_global_to_local %37, %38 mask %39 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %41 = ttg.async_commit_group tokens %40
    %42 = tt.addptr %29, %34 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %43 = tt.broadcast %42 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %44 = tt.addptr %43, %25 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %45 = ttg.memdesc_index %31[%c0_i32] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %46 = ttg.async_copy_global_to_local %44, %45 mask %39 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %47 = ttg.async_commit_group tokens %46
    %48 = arith.cmpi sgt, %arg4, %c64_i32 : i32
    %49 = arith.addi %10, %cst_4 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %50 = tt.expand_dims %49 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %51 = arith.muli %50, %cst_3 : tensor<64x1xi32, #blocked>
    %52 = tt.addptr %24, %51 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %53 = tt.broadcast %52 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %54 = tt.addptr %53, %25 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %55 = ttg.memdesc_index %30[%c1_i32] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %56 = tt.splat %48 : i1 -> tensor<64x64xi1, #blocked>
    %57 = ttg.async_copy_global_to_local %54, %55 mask %56 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %58 = ttg.async_commit_group tokens %57
    %59 = tt.addptr %29, %51 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %60 = tt.broadcast %59 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %61 = tt.addptr %60, %25 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %62 = ttg.memdesc_index %31[%c1_i32] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %63 = ttg.async_copy_global_to_local %61, %62 mask %56 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %64 = ttg.async_commit_group tokens %63
    ttng.fence_async_shared {bCluster = false}
    %65:9 = scf.for %arg6 = %c0_i32 to %arg4 step %c64_i32 iter_args(%arg7 = %cst_0, %arg8 = %cst, %arg9 = %cst_1, %arg10 = %c1_i32, %arg11 = %c-1_i32, %arg12 = %41, %arg13 = %58, %arg14 = %47, %arg15 = %64) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
      %78 = arith.subi %arg4, %c128_i32 : i32
      %79 = arith.cmpi slt, %arg6, %78 : i32
      %80 = arith.addi %arg11, %c1_i32 : i32
      %81 = arith.cmpi sge, %80, %c3_i32 : i32
      %82 = arith.select %81, %c0_i32, %80 : i32
      %83 = ttg.async_wait %arg12, %arg14 {num = 2 : i32}
      %84 = ttg.memdesc_index %30[%82] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %85 = ttg.memdesc_trans %84 {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
      %86 = ttng.warp_group_dot %22, %85, %cst_1 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<128x64xf32, #mma>
      %87:4 = ttng.warp_group_dot_wait %86, %22, %85, %arg9 {pendings = 0 : i32} : tensor<128x64xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, tensor<128x64xf32, #mma>
      %88 = "tt.reduce"(%87#0) <{axis = 1 : i32}> ({
      ^bb0(%arg16: f32, %arg17: f32):
        %129 = arith.maxnumf %arg16, %arg17 : f32
        tt.reduce.return %129 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %89 = arith.mulf %88, %26 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %90 = arith.maxnumf %arg7, %89 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %91 = arith.mulf %87#0, %27 : tensor<128x64xf32, #mma>
      %92 = tt.expand_dims %90 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %93 = tt.broadcast %92 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %94 = arith.subf %91, %93 : tensor<128x64xf32, #mma>
      %95 = math.exp2 %94 : tensor<128x64xf32, #mma>
      %96 = arith.subf %arg7, %90 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %97 = math.exp2 %96 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %98 = arith.mulf %arg8, %97 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %99 = "tt.reduce"(%95) <{axis = 1 : i32}> ({
      ^bb0(%arg16: f32, %arg17: f32):
        %129 = arith.addf %arg16, %arg17 : f32
        tt.reduce.return %129 : f32
      }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %100 = arith.addf %98, %99 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
      %101 = ttg.memdesc_index %31[%82] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %102 = tt.expand_dims %97 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
      %103 = tt.broadcast %102 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
      %104 = arith.mulf %87#3, %103 : tensor<128x64xf32, #mma>
      %105 = arith.truncf %95 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
      %106 = ttg.convert_layout %105 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %107 = ttng.warp_group_dot %106, %101, %104 {inputPrecision = 0 : i32, isAsync = true} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<128x64xf32, #mma>
      %108 = arith.addi %arg10, %c1_i32 : i32
      %109 = arith.cmpi sge, %108, %c3_i32 : i32
      %110 = arith.select %109, %c0_i32, %108 : i32
      %111 = arith.addi %arg6, %c128_i32 : i32
      %112 = tt.splat %111 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %113 = arith.addi %112, %10 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %114 = tt.expand_dims %113 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
      %115 = arith.muli %114, %cst_3 : tensor<64x1xi32, #blocked>
      %116 = tt.addptr %24, %115 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
      %117 = tt.broadcast %116 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
      %118 = tt.addptr %117, %25 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %119 = ttg.memdesc_index %30[%110] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %120 = tt.splat %79 : i1 -> tensor<64x64xi1, #blocked>
      %121 = ttg.async_copy_global_to_local %118, %119 mask %120 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %122 = ttg.async_commit_group tokens %121
      %123 = tt.addptr %29, %115 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
      %124 = tt.broadcast %123 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x64x!tt.ptr<f16>, #blocked>
      %125 = tt.addptr %124, %25 : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
      %126 = ttg.memdesc_index %31[%110] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %127 = ttg.async_copy_global_to_local %125, %126 mask %120 {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %128 = ttg.async_commit_group tokens %127
      scf.yield %90, %100, %107, %110, %82, %arg13, %122, %arg15, %128 : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, tensor<128x64xf32, #mma>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
    }
    %66 = ttng.warp_group_dot_wait %65#2 {pendings = 0 : i32} : tensor<128x64xf32, #mma>
    %67 = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %31 : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %30 : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %68 = tt.expand_dims %65#1 {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    %69 = tt.broadcast %68 : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
    %70 = arith.divf %66, %69 : tensor<128x64xf32, #mma>
    %71 = tt.addptr %arg3, %5 : !tt.ptr<f16>, i64
    %72 = tt.splat %71 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %73 = tt.addptr %72, %13 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %74 = tt.broadcast %73 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %75 = tt.addptr %74, %19 : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    %76 = arith.truncf %70 : tensor<128x64xf32, #mma> to tensor<128x64xf16, #mma>
    %77 = ttg.convert_layout %76 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #blocked>
    tt.store %75, %77 : tensor<128x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
