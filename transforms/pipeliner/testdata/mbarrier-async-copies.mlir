// RUN: tt-opt %s -split-input-file --tt-mbarrier-async-copies="min-warps=8 min-wgmmas=1" | FileCheck %s
// RUN: tt-opt %s -split-input-file --tt-mbarrier-async-copies="min-warps=16 min-wgmmas=1" | FileCheck %s --check-prefix=FEW
// RUN: tt-opt %s -split-input-file --tt-mbarrier-async-copies | FileCheck %s --check-prefix=FEW

// The 8-warp 128x256 matmul of the perf set after make_ttgir (tt's own
// TTGIR, locations dropped): a 3-slot cp.async ring per operand. By
// default the pass leaves it alone (the FEW checks; it rewrites nothing unless
// asked; one wgmma an iteration is below min-wgmmas=2; or fewer warps than
// min-warps); with min-warps=8 min-wgmmas=1: Its
// CTA barriers become per-slot mbarriers counting the CTA's 256 threads:
// each thread arrives on full[s] after its copies of a stage (prologue and
// loop), the readers wait on full[ext] where the async_wait was, the slot
// read in the previous iteration is released on empty[] right after the
// warp_group_dot_wait that retires its wgmma (pendings = 1: one group
// committed since), the refill waits on empty[ins]; after the loop the two
// stages copied ahead are waited for before the barriers are invalidated.
// Every op of the protocol is marked for the barrier analysis.

// CHECK-LABEL: @matmul_kernel
// CHECK: %[[FULL:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK: %[[EMPTY:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
// CHECK-COUNT-6: ttng.init_barrier {{.*}}, 256
// CHECK: ttg.async_copy_global_to_local {{.*}}tt.mbarrier_ordered
// CHECK: ttg.async_copy_global_to_local {{.*}}tt.mbarrier_ordered
// CHECK: %[[F0:.*]] = ttg.memdesc_index %[[FULL]][%c0_i32
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %[[F0]] {noIncrement, tt.mbarrier_ordered}
// CHECK: ttg.async_copy_global_to_local {{.*}}tt.mbarrier_ordered
// CHECK: ttg.async_copy_global_to_local {{.*}}tt.mbarrier_ordered
// CHECK: %[[F1:.*]] = ttg.memdesc_index %[[FULL]][%c1_i32
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %[[F1]] {noIncrement, tt.mbarrier_ordered}
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[EXTARG:[a-z0-9_]+]] = %c-1_i32, {{.*}}, %[[RMASK:[a-z0-9_]+]] = %c0_i32{{.*}}, %[[WMASK:[a-z0-9_]+]] = %c4_i32
// CHECK: %[[EXT:.*]] = arith.select
// CHECK-NOT: ttg.async_wait
// CHECK: %[[RPAR:.*]] = arith.andi
// CHECK: %[[FE:.*]] = ttg.memdesc_index %[[FULL]][%[[EXT]]]
// CHECK-NEXT: ttng.wait_barrier %[[FE]], %[[RPAR]] {tt.mbarrier_ordered}
// CHECK: ttng.warp_group_dot {{.*}}tt.mbarrier_ordered
// CHECK: ttng.warp_group_dot_wait {{.*}}{pendings = 1 : i32}
// CHECK: %[[HAD:.*]] = arith.cmpi sge, %[[EXTARG]], %c0_i32
// CHECK-NEXT: scf.if %[[HAD]] {
// CHECK-NEXT: %[[EP:.*]] = ttg.memdesc_index %[[EMPTY]][%[[EXTARG]]]
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %[[EP]] {noIncrement, tt.mbarrier_ordered}
// CHECK: %[[INS:.*]] = arith.select
// CHECK: %[[WPAR:.*]] = arith.andi {{.*}}, %c1_i32
// CHECK: %[[EI:.*]] = ttg.memdesc_index %[[EMPTY]][%[[INS]]]
// CHECK-NEXT: ttng.wait_barrier %[[EI]], %[[WPAR]] {tt.mbarrier_ordered}
// CHECK: ttg.async_copy_global_to_local {{.*}}tt.mbarrier_ordered
// CHECK: ttg.async_copy_global_to_local {{.*}}tt.mbarrier_ordered
// CHECK: %[[FI:.*]] = ttg.memdesc_index %[[FULL]][%[[INS]]]
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %[[FI]] {noIncrement, tt.mbarrier_ordered}
// CHECK: scf.yield
// CHECK-COUNT-2: ttng.wait_barrier {{.*}} {tt.mbarrier_ordered}
// CHECK-COUNT-6: ttng.inval_barrier
// CHECK: ttg.local_dealloc %[[FULL]]
// CHECK: ttg.local_dealloc %[[EMPTY]]
// CHECK: ttg.async_wait {num = 0 : i32}

// FEW-LABEL: @matmul_kernel
// FEW-NOT: init_barrier
// FEW: ttg.async_wait {{.*}} {num = 2 : i32}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %sam: i32 {tt.divisibility = 16 : i32}, %sbk: i32 {tt.divisibility = 16 : i32}, %scm: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c63_i32 = arith.constant 63 : i32
    %c255_i32 = arith.constant 255 : i32
    %c127_i32 = arith.constant 127 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x256xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked1>
    %c8_i32 = arith.constant 8 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<64> : tensor<128x64xi32, #blocked1>
    %c-1_i32 = arith.constant -1 : i32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %pid = tt.get_program_id x : i32
    %npm = arith.addi %M, %c127_i32 : i32
    %npm_3 = arith.divsi %npm, %c128_i32 : i32
    %npn = arith.addi %N, %c255_i32 : i32
    %npn_4 = arith.divsi %npn, %c256_i32 : i32
    %per_group = arith.muli %npn_4, %c8_i32 : i32
    %gid = arith.divsi %pid, %per_group : i32
    %first = arith.muli %gid, %c8_i32 : i32
    %gsz = arith.subi %npm_3, %first : i32
    %gsz_5 = arith.minsi %gsz, %c8_i32 : i32
    %pm = arith.remsi %pid, %gsz_5 : i32
    %pm_6 = arith.addi %first, %pm : i32
    %pn = arith.remsi %pid, %per_group : i32
    %pn_7 = arith.divsi %pn, %gsz_5 : i32
    %am = arith.muli %pm_6, %c128_i32 : i32
    %am_8 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_9 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %am_10 = tt.splat %am : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_11 = tt.splat %am : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %am_12 = arith.addi %am_10, %am_8 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_13 = arith.addi %am_11, %am_9 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %am_14 = tt.splat %M : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_15 = arith.remsi %am_12, %am_14 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %bn = arith.muli %pn_7, %c256_i32 : i32
    %bn_16 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_17 = tt.splat %bn : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_18 = arith.addi %bn_17, %bn_16 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_19 = tt.splat %N : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_20 = arith.remsi %bn_18, %bn_19 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %a_ptrs = tt.expand_dims %am_15 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %a_ptrs_21 = tt.splat %sam : i32 -> tensor<128x1xi32, #blocked1>
    %a_ptrs_22 = arith.muli %a_ptrs, %a_ptrs_21 : tensor<128x1xi32, #blocked1>
    %a_ptrs_23 = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %a_ptrs_24 = tt.addptr %a_ptrs_23, %a_ptrs_22 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %a_ptrs_25 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %a_ptrs_26 = tt.expand_dims %a_ptrs_25 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %a_ptrs_27 = tt.broadcast %a_ptrs_24 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
    %a_ptrs_28 = tt.broadcast %a_ptrs_26 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %a_ptrs_29 = tt.addptr %a_ptrs_27, %a_ptrs_28 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    %b_ptrs = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %b_ptrs_30 = tt.expand_dims %b_ptrs {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %b_ptrs_31 = tt.splat %sbk : i32 -> tensor<64x1xi32, #blocked>
    %b_ptrs_32 = arith.muli %b_ptrs_30, %b_ptrs_31 : tensor<64x1xi32, #blocked>
    %b_ptrs_33 = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %b_ptrs_34 = tt.addptr %b_ptrs_33, %b_ptrs_32 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %b_ptrs_35 = tt.expand_dims %bn_20 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x256xi32, #blocked>
    %b_ptrs_36 = tt.broadcast %b_ptrs_34 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x256x!tt.ptr<f16>, #blocked>
    %b_ptrs_37 = tt.broadcast %b_ptrs_35 : tensor<1x256xi32, #blocked> -> tensor<64x256xi32, #blocked>
    %b_ptrs_38 = tt.addptr %b_ptrs_36, %b_ptrs_37 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    %b_ptrs_39 = arith.muli %sbk, %c64_i32 : i32
    %b_ptrs_40 = tt.splat %b_ptrs_39 : i32 -> tensor<64x256xi32, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable>
    %acc = arith.cmpi sgt, %1, %c0_i32 : i32
    %a_41 = tt.splat %K : i32 -> tensor<1x64xi32, #blocked1>
    %a_42 = arith.cmpi slt, %a_ptrs_26, %a_41 : tensor<1x64xi32, #blocked1>
    %a_43 = tt.broadcast %a_42 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
    %a_44 = ttg.memdesc_index %a[%c0_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %acc_45 = tt.splat %acc : i1 -> tensor<128x64xi1, #blocked1>
    %acc_46 = arith.andi %acc_45, %a_43 : tensor<128x64xi1, #blocked1>
    %a_47 = ttg.async_copy_global_to_local %a_ptrs_29, %a_44 mask %acc_46 other %cst_1 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
    %a_48 = ttg.async_commit_group tokens %a_47
    %b_49 = tt.splat %K : i32 -> tensor<64x1xi32, #blocked>
    %b_50 = arith.cmpi slt, %b_ptrs_30, %b_49 : tensor<64x1xi32, #blocked>
    %b_51 = tt.broadcast %b_50 : tensor<64x1xi1, #blocked> -> tensor<64x256xi1, #blocked>
    %b_52 = ttg.memdesc_index %b[%c0_i32] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    %acc_53 = tt.splat %acc : i1 -> tensor<64x256xi1, #blocked>
    %acc_54 = arith.andi %acc_53, %b_51 : tensor<64x256xi1, #blocked>
    %b_55 = ttg.async_copy_global_to_local %b_ptrs_38, %b_52 mask %acc_54 other %cst_0 {contiguity = 8 : i32} : tensor<64x256x!tt.ptr<f16>, #blocked> -> <64x256xf16, #shared, #smem, mutable>
    %b_56 = ttg.async_commit_group tokens %b_55
    %acc_57 = arith.cmpi sgt, %1, %c1_i32 : i32
    %a_ptrs_58 = tt.addptr %a_ptrs_29, %cst_2 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    %b_ptrs_59 = tt.addptr %b_ptrs_38, %b_ptrs_40 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
    %a_60 = arith.subi %K, %c64_i32 : i32
    %a_61 = tt.splat %a_60 : i32 -> tensor<1x64xi32, #blocked1>
    %a_62 = arith.cmpi slt, %a_ptrs_26, %a_61 : tensor<1x64xi32, #blocked1>
    %a_63 = tt.broadcast %a_62 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
    %a_64 = ttg.memdesc_index %a[%c1_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %acc_65 = tt.splat %acc_57 : i1 -> tensor<128x64xi1, #blocked1>
    %acc_66 = arith.andi %acc_65, %a_63 : tensor<128x64xi1, #blocked1>
    %a_67 = ttg.async_copy_global_to_local %a_ptrs_58, %a_64 mask %acc_66 other %cst_1 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
    %a_68 = ttg.async_commit_group tokens %a_67
    %b_69 = tt.splat %a_60 : i32 -> tensor<64x1xi32, #blocked>
    %b_70 = arith.cmpi slt, %b_ptrs_30, %b_69 : tensor<64x1xi32, #blocked>
    %b_71 = tt.broadcast %b_70 : tensor<64x1xi1, #blocked> -> tensor<64x256xi1, #blocked>
    %b_72 = ttg.memdesc_index %b[%c1_i32] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    %acc_73 = tt.splat %acc_57 : i1 -> tensor<64x256xi1, #blocked>
    %acc_74 = arith.andi %acc_73, %b_71 : tensor<64x256xi1, #blocked>
    %b_75 = ttg.async_copy_global_to_local %b_ptrs_59, %b_72 mask %acc_74 other %cst_0 {contiguity = 8 : i32} : tensor<64x256x!tt.ptr<f16>, #blocked> -> <64x256xf16, #shared, #smem, mutable>
    %b_76 = ttg.async_commit_group tokens %b_75
    %acc_77:9 = scf.for %arg9 = %c0_i32 to %1 step %c1_i32 iter_args(%acc_80 = %cst, %acc_81 = %a_ptrs_58, %acc_82 = %b_ptrs_59, %acc_83 = %c1_i32, %acc_84 = %c-1_i32, %acc_85 = %a_48, %acc_86 = %a_68, %acc_87 = %b_56, %acc_88 = %b_76) -> (tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x256x!tt.ptr<f16>, #blocked>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
      %19 = arith.subi %1, %c2_i32 : i32
      %20 = arith.cmpi slt, %arg9, %19 : i32
      %acc_89 = arith.addi %acc_84, %c1_i32 : i32
      %acc_90 = arith.cmpi sge, %acc_89, %c3_i32 : i32
      %acc_91 = arith.select %acc_90, %c0_i32, %acc_89 : i32
      %a_92 = ttg.async_wait %acc_85, %acc_87 {num = 2 : i32}
      %a_93 = ttg.memdesc_index %a[%acc_91] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %b_94 = ttg.memdesc_index %b[%acc_91] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
      %acc_95 = ttng.warp_group_dot %a_93, %b_94, %acc_80 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared, #smem, mutable> -> tensor<128x256xf32, #mma>
      %acc_96:3 = ttng.warp_group_dot_wait %acc_95, %a_93, %b_94 {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
      %a_ptrs_97 = tt.addptr %acc_81, %cst_2 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
      %b_ptrs_98 = tt.addptr %acc_82, %b_ptrs_40 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
      %acc_99 = arith.addi %acc_83, %c1_i32 : i32
      %acc_100 = arith.cmpi sge, %acc_99, %c3_i32 : i32
      %acc_101 = arith.select %acc_100, %c0_i32, %acc_99 : i32
      %acc_102 = arith.addi %arg9, %c2_i32 : i32
      %a_103 = arith.muli %acc_102, %c64_i32 : i32
      %a_104 = arith.subi %K, %a_103 : i32
      %a_105 = tt.splat %a_104 : i32 -> tensor<1x64xi32, #blocked1>
      %a_106 = arith.cmpi slt, %a_ptrs_26, %a_105 : tensor<1x64xi32, #blocked1>
      %a_107 = tt.broadcast %a_106 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
      %a_108 = ttg.memdesc_index %a[%acc_101] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %21 = tt.splat %20 : i1 -> tensor<128x64xi1, #blocked1>
      %22 = arith.andi %21, %a_107 : tensor<128x64xi1, #blocked1>
      %a_109 = ttg.async_copy_global_to_local %a_ptrs_97, %a_108 mask %22 other %cst_1 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
      %a_110 = ttg.async_commit_group tokens %a_109
      %b_111 = tt.splat %a_104 : i32 -> tensor<64x1xi32, #blocked>
      %b_112 = arith.cmpi slt, %b_ptrs_30, %b_111 : tensor<64x1xi32, #blocked>
      %b_113 = tt.broadcast %b_112 : tensor<64x1xi1, #blocked> -> tensor<64x256xi1, #blocked>
      %b_114 = ttg.memdesc_index %b[%acc_101] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
      %23 = tt.splat %20 : i1 -> tensor<64x256xi1, #blocked>
      %24 = arith.andi %23, %b_113 : tensor<64x256xi1, #blocked>
      %b_115 = ttg.async_copy_global_to_local %b_ptrs_98, %b_114 mask %24 other %cst_0 {contiguity = 8 : i32} : tensor<64x256x!tt.ptr<f16>, #blocked> -> <64x256xf16, #shared, #smem, mutable>
      %b_116 = ttg.async_commit_group tokens %b_115
      scf.yield %acc_96#0, %a_ptrs_97, %b_ptrs_98, %acc_101, %acc_91, %acc_86, %a_110, %acc_88, %b_116 : tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x256x!tt.ptr<f16>, #blocked>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
    }
    %acc_78 = ttng.warp_group_dot_wait %acc_77#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma>
    %acc_79 = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %b : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %c = arith.truncf %acc_78 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %2 = tt.expand_dims %am_13 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %3 = tt.splat %M : i32 -> tensor<128x1xi32, #blocked>
    %4 = arith.cmpi slt, %2, %3 : tensor<128x1xi32, #blocked>
    %5 = tt.expand_dims %bn_18 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x256xi32, #blocked>
    %6 = tt.splat %N : i32 -> tensor<1x256xi32, #blocked>
    %7 = arith.cmpi slt, %5, %6 : tensor<1x256xi32, #blocked>
    %8 = tt.broadcast %4 : tensor<128x1xi1, #blocked> -> tensor<128x256xi1, #blocked>
    %9 = tt.broadcast %7 : tensor<1x256xi1, #blocked> -> tensor<128x256xi1, #blocked>
    %10 = arith.andi %8, %9 : tensor<128x256xi1, #blocked>
    %11 = tt.splat %scm : i32 -> tensor<128x1xi32, #blocked>
    %12 = arith.muli %11, %2 : tensor<128x1xi32, #blocked>
    %13 = tt.splat %c_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %14 = tt.addptr %13, %12 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %15 = tt.broadcast %14 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x256x!tt.ptr<f16>, #blocked>
    %16 = tt.broadcast %5 : tensor<1x256xi32, #blocked> -> tensor<128x256xi32, #blocked>
    %17 = tt.addptr %15, %16 : tensor<128x256x!tt.ptr<f16>, #blocked>, tensor<128x256xi32, #blocked>
    %18 = ttg.convert_layout %c : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.store %17, %18, %10 : tensor<128x256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// A loop with two async_waits is not the pipeliner's form: left alone.

// CHECK-LABEL: @two_waits
// CHECK-NOT: init_barrier
// CHECK: ttg.async_wait {{.*}} {num = 2 : i32}
// CHECK: ttg.async_wait {{.*}} {num = 1 : i32}

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_waits(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %sam: i32 {tt.divisibility = 16 : i32}, %sbk: i32 {tt.divisibility = 16 : i32}, %scm: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c63_i32 = arith.constant 63 : i32
    %c255_i32 = arith.constant 255 : i32
    %c127_i32 = arith.constant 127 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x256xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked1>
    %c8_i32 = arith.constant 8 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<64> : tensor<128x64xi32, #blocked1>
    %c-1_i32 = arith.constant -1 : i32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %pid = tt.get_program_id x : i32
    %npm = arith.addi %M, %c127_i32 : i32
    %npm_3 = arith.divsi %npm, %c128_i32 : i32
    %npn = arith.addi %N, %c255_i32 : i32
    %npn_4 = arith.divsi %npn, %c256_i32 : i32
    %per_group = arith.muli %npn_4, %c8_i32 : i32
    %gid = arith.divsi %pid, %per_group : i32
    %first = arith.muli %gid, %c8_i32 : i32
    %gsz = arith.subi %npm_3, %first : i32
    %gsz_5 = arith.minsi %gsz, %c8_i32 : i32
    %pm = arith.remsi %pid, %gsz_5 : i32
    %pm_6 = arith.addi %first, %pm : i32
    %pn = arith.remsi %pid, %per_group : i32
    %pn_7 = arith.divsi %pn, %gsz_5 : i32
    %am = arith.muli %pm_6, %c128_i32 : i32
    %am_8 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_9 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %am_10 = tt.splat %am : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_11 = tt.splat %am : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %am_12 = arith.addi %am_10, %am_8 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_13 = arith.addi %am_11, %am_9 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %am_14 = tt.splat %M : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %am_15 = arith.remsi %am_12, %am_14 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %bn = arith.muli %pn_7, %c256_i32 : i32
    %bn_16 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_17 = tt.splat %bn : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_18 = arith.addi %bn_17, %bn_16 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_19 = tt.splat %N : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %bn_20 = arith.remsi %bn_18, %bn_19 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %a_ptrs = tt.expand_dims %am_15 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %a_ptrs_21 = tt.splat %sam : i32 -> tensor<128x1xi32, #blocked1>
    %a_ptrs_22 = arith.muli %a_ptrs, %a_ptrs_21 : tensor<128x1xi32, #blocked1>
    %a_ptrs_23 = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %a_ptrs_24 = tt.addptr %a_ptrs_23, %a_ptrs_22 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %a_ptrs_25 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %a_ptrs_26 = tt.expand_dims %a_ptrs_25 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %a_ptrs_27 = tt.broadcast %a_ptrs_24 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
    %a_ptrs_28 = tt.broadcast %a_ptrs_26 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %a_ptrs_29 = tt.addptr %a_ptrs_27, %a_ptrs_28 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    %b_ptrs = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %b_ptrs_30 = tt.expand_dims %b_ptrs {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %b_ptrs_31 = tt.splat %sbk : i32 -> tensor<64x1xi32, #blocked>
    %b_ptrs_32 = arith.muli %b_ptrs_30, %b_ptrs_31 : tensor<64x1xi32, #blocked>
    %b_ptrs_33 = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %b_ptrs_34 = tt.addptr %b_ptrs_33, %b_ptrs_32 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %b_ptrs_35 = tt.expand_dims %bn_20 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x256xi32, #blocked>
    %b_ptrs_36 = tt.broadcast %b_ptrs_34 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x256x!tt.ptr<f16>, #blocked>
    %b_ptrs_37 = tt.broadcast %b_ptrs_35 : tensor<1x256xi32, #blocked> -> tensor<64x256xi32, #blocked>
    %b_ptrs_38 = tt.addptr %b_ptrs_36, %b_ptrs_37 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    %b_ptrs_39 = arith.muli %sbk, %c64_i32 : i32
    %b_ptrs_40 = tt.splat %b_ptrs_39 : i32 -> tensor<64x256xi32, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable>
    %acc = arith.cmpi sgt, %1, %c0_i32 : i32
    %a_41 = tt.splat %K : i32 -> tensor<1x64xi32, #blocked1>
    %a_42 = arith.cmpi slt, %a_ptrs_26, %a_41 : tensor<1x64xi32, #blocked1>
    %a_43 = tt.broadcast %a_42 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
    %a_44 = ttg.memdesc_index %a[%c0_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %acc_45 = tt.splat %acc : i1 -> tensor<128x64xi1, #blocked1>
    %acc_46 = arith.andi %acc_45, %a_43 : tensor<128x64xi1, #blocked1>
    %a_47 = ttg.async_copy_global_to_local %a_ptrs_29, %a_44 mask %acc_46 other %cst_1 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
    %a_48 = ttg.async_commit_group tokens %a_47
    %b_49 = tt.splat %K : i32 -> tensor<64x1xi32, #blocked>
    %b_50 = arith.cmpi slt, %b_ptrs_30, %b_49 : tensor<64x1xi32, #blocked>
    %b_51 = tt.broadcast %b_50 : tensor<64x1xi1, #blocked> -> tensor<64x256xi1, #blocked>
    %b_52 = ttg.memdesc_index %b[%c0_i32] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    %acc_53 = tt.splat %acc : i1 -> tensor<64x256xi1, #blocked>
    %acc_54 = arith.andi %acc_53, %b_51 : tensor<64x256xi1, #blocked>
    %b_55 = ttg.async_copy_global_to_local %b_ptrs_38, %b_52 mask %acc_54 other %cst_0 {contiguity = 8 : i32} : tensor<64x256x!tt.ptr<f16>, #blocked> -> <64x256xf16, #shared, #smem, mutable>
    %b_56 = ttg.async_commit_group tokens %b_55
    %acc_57 = arith.cmpi sgt, %1, %c1_i32 : i32
    %a_ptrs_58 = tt.addptr %a_ptrs_29, %cst_2 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    %b_ptrs_59 = tt.addptr %b_ptrs_38, %b_ptrs_40 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
    %a_60 = arith.subi %K, %c64_i32 : i32
    %a_61 = tt.splat %a_60 : i32 -> tensor<1x64xi32, #blocked1>
    %a_62 = arith.cmpi slt, %a_ptrs_26, %a_61 : tensor<1x64xi32, #blocked1>
    %a_63 = tt.broadcast %a_62 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
    %a_64 = ttg.memdesc_index %a[%c1_i32] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %acc_65 = tt.splat %acc_57 : i1 -> tensor<128x64xi1, #blocked1>
    %acc_66 = arith.andi %acc_65, %a_63 : tensor<128x64xi1, #blocked1>
    %a_67 = ttg.async_copy_global_to_local %a_ptrs_58, %a_64 mask %acc_66 other %cst_1 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
    %a_68 = ttg.async_commit_group tokens %a_67
    %b_69 = tt.splat %a_60 : i32 -> tensor<64x1xi32, #blocked>
    %b_70 = arith.cmpi slt, %b_ptrs_30, %b_69 : tensor<64x1xi32, #blocked>
    %b_71 = tt.broadcast %b_70 : tensor<64x1xi1, #blocked> -> tensor<64x256xi1, #blocked>
    %b_72 = ttg.memdesc_index %b[%c1_i32] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
    %acc_73 = tt.splat %acc_57 : i1 -> tensor<64x256xi1, #blocked>
    %acc_74 = arith.andi %acc_73, %b_71 : tensor<64x256xi1, #blocked>
    %b_75 = ttg.async_copy_global_to_local %b_ptrs_59, %b_72 mask %acc_74 other %cst_0 {contiguity = 8 : i32} : tensor<64x256x!tt.ptr<f16>, #blocked> -> <64x256xf16, #shared, #smem, mutable>
    %b_76 = ttg.async_commit_group tokens %b_75
    %acc_77:9 = scf.for %arg9 = %c0_i32 to %1 step %c1_i32 iter_args(%acc_80 = %cst, %acc_81 = %a_ptrs_58, %acc_82 = %b_ptrs_59, %acc_83 = %c1_i32, %acc_84 = %c-1_i32, %acc_85 = %a_48, %acc_86 = %a_68, %acc_87 = %b_56, %acc_88 = %b_76) -> (tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x256x!tt.ptr<f16>, #blocked>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token)  : i32 {
      %19 = arith.subi %1, %c2_i32 : i32
      %20 = arith.cmpi slt, %arg9, %19 : i32
      %acc_89 = arith.addi %acc_84, %c1_i32 : i32
      %acc_90 = arith.cmpi sge, %acc_89, %c3_i32 : i32
      %acc_91 = arith.select %acc_90, %c0_i32, %acc_89 : i32
      %a_92 = ttg.async_wait %acc_85, %acc_87 {num = 2 : i32}
      %a_92b = ttg.async_wait %acc_85 {num = 1 : i32}
      %a_93 = ttg.memdesc_index %a[%acc_91] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %b_94 = ttg.memdesc_index %b[%acc_91] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
      %acc_95 = ttng.warp_group_dot %a_93, %b_94, %acc_80 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x256xf16, #shared, #smem, mutable> -> tensor<128x256xf32, #mma>
      %acc_96:3 = ttng.warp_group_dot_wait %acc_95, %a_93, %b_94 {pendings = 1 : i32} : tensor<128x256xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
      %a_ptrs_97 = tt.addptr %acc_81, %cst_2 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
      %b_ptrs_98 = tt.addptr %acc_82, %b_ptrs_40 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
      %acc_99 = arith.addi %acc_83, %c1_i32 : i32
      %acc_100 = arith.cmpi sge, %acc_99, %c3_i32 : i32
      %acc_101 = arith.select %acc_100, %c0_i32, %acc_99 : i32
      %acc_102 = arith.addi %arg9, %c2_i32 : i32
      %a_103 = arith.muli %acc_102, %c64_i32 : i32
      %a_104 = arith.subi %K, %a_103 : i32
      %a_105 = tt.splat %a_104 : i32 -> tensor<1x64xi32, #blocked1>
      %a_106 = arith.cmpi slt, %a_ptrs_26, %a_105 : tensor<1x64xi32, #blocked1>
      %a_107 = tt.broadcast %a_106 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
      %a_108 = ttg.memdesc_index %a[%acc_101] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      %21 = tt.splat %20 : i1 -> tensor<128x64xi1, #blocked1>
      %22 = arith.andi %21, %a_107 : tensor<128x64xi1, #blocked1>
      %a_109 = ttg.async_copy_global_to_local %a_ptrs_97, %a_108 mask %22 other %cst_1 {contiguity = 8 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked1> -> <128x64xf16, #shared, #smem, mutable>
      %a_110 = ttg.async_commit_group tokens %a_109
      %b_111 = tt.splat %a_104 : i32 -> tensor<64x1xi32, #blocked>
      %b_112 = arith.cmpi slt, %b_ptrs_30, %b_111 : tensor<64x1xi32, #blocked>
      %b_113 = tt.broadcast %b_112 : tensor<64x1xi1, #blocked> -> tensor<64x256xi1, #blocked>
      %b_114 = ttg.memdesc_index %b[%acc_101] : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x256xf16, #shared, #smem, mutable>
      %23 = tt.splat %20 : i1 -> tensor<64x256xi1, #blocked>
      %24 = arith.andi %23, %b_113 : tensor<64x256xi1, #blocked>
      %b_115 = ttg.async_copy_global_to_local %b_ptrs_98, %b_114 mask %24 other %cst_0 {contiguity = 8 : i32} : tensor<64x256x!tt.ptr<f16>, #blocked> -> <64x256xf16, #shared, #smem, mutable>
      %b_116 = ttg.async_commit_group tokens %b_115
      scf.yield %acc_96#0, %a_ptrs_97, %b_ptrs_98, %acc_101, %acc_91, %acc_86, %a_110, %acc_88, %b_116 : tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x256x!tt.ptr<f16>, #blocked>, i32, i32, !ttg.async.token, !ttg.async.token, !ttg.async.token, !ttg.async.token
    }
    %acc_78 = ttng.warp_group_dot_wait %acc_77#0 {pendings = 0 : i32} : tensor<128x256xf32, #mma>
    %acc_79 = ttg.async_wait {num = 0 : i32}
    ttg.local_dealloc %b : !ttg.memdesc<3x64x256xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %c = arith.truncf %acc_78 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %2 = tt.expand_dims %am_13 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %3 = tt.splat %M : i32 -> tensor<128x1xi32, #blocked>
    %4 = arith.cmpi slt, %2, %3 : tensor<128x1xi32, #blocked>
    %5 = tt.expand_dims %bn_18 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x256xi32, #blocked>
    %6 = tt.splat %N : i32 -> tensor<1x256xi32, #blocked>
    %7 = arith.cmpi slt, %5, %6 : tensor<1x256xi32, #blocked>
    %8 = tt.broadcast %4 : tensor<128x1xi1, #blocked> -> tensor<128x256xi1, #blocked>
    %9 = tt.broadcast %7 : tensor<1x256xi1, #blocked> -> tensor<128x256xi1, #blocked>
    %10 = arith.andi %8, %9 : tensor<128x256xi1, #blocked>
    %11 = tt.splat %scm : i32 -> tensor<128x1xi32, #blocked>
    %12 = arith.muli %11, %2 : tensor<128x1xi32, #blocked>
    %13 = tt.splat %c_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %14 = tt.addptr %13, %12 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %15 = tt.broadcast %14 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x256x!tt.ptr<f16>, #blocked>
    %16 = tt.broadcast %5 : tensor<1x256xi32, #blocked> -> tensor<128x256xi32, #blocked>
    %17 = tt.addptr %15, %16 : tensor<128x256x!tt.ptr<f16>, #blocked>, tensor<128x256xi32, #blocked>
    %18 = ttg.convert_layout %c : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.store %17, %18, %10 : tensor<128x256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
