// The TTGIR tritonamdgpu-pipeline reads for shared/kernels/perf/attention_f16_4096_d64.ttir
// with an extent of 128 made 1 (fuzz seed 240), at 4 stages for gfx942: the chained-dot
// schedule, whose first dot reads K through a tt.trans, no dot operand layout, so K's load
// gets no LDS copy.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @attention_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: f32) attributes {noinline = false} {
    %cst = arith.constant dense<0xFF800000> : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<1x64xf32, #blocked>
    %c64_i64 = arith.constant 64 : i64
    %cst_2 = arith.constant dense<64> : tensor<64x1xi32, #blocked1>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.extsi %arg4 : i32 to i64
    %4 = arith.muli %2, %3 : i64
    %5 = arith.muli %4, %c64_i64 : i64
    %6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %7 = tt.addptr %arg0, %5 : !tt.ptr<f16>, i64
    %8 = arith.muli %0, %c64_i32 : i32
    %9 = tt.addptr %7, %8 : !tt.ptr<f16>, i32
    %10 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %11 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %12 = tt.expand_dims %10 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %13 = tt.expand_dims %11 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %14 = tt.splat %9 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked>
    %15 = tt.addptr %14, %13 : tensor<1x64x!tt.ptr<f16>, #blocked>, tensor<1x64xi32, #blocked>
    %16 = tt.load %15 : tensor<1x64x!tt.ptr<f16>, #blocked>
    %17 = ttg.convert_layout %16 : tensor<1x64xf16, #blocked> -> tensor<1x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %18 = tt.addptr %arg1, %5 : !tt.ptr<f16>, i64
    %19 = tt.splat %18 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %20 = tt.broadcast %12 : tensor<1x64xi32, #blocked1> -> tensor<64x64xi32, #blocked1>
    %21 = tt.splat %arg5 : f32 -> tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %22 = tt.splat %arg5 : f32 -> tensor<1x64xf32, #blocked>
    %23 = tt.addptr %arg2, %5 : !tt.ptr<f16>, i64
    %24 = tt.splat %23 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked1>
    %25:3 = scf.for %arg6 = %c0_i32 to %arg4 step %c64_i32 iter_args(%arg7 = %cst, %arg8 = %cst_0, %arg9 = %cst_1) -> (tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<1x64xf32, #blocked>)  : i32 {
      %34 = tt.splat %arg6 : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %35 = arith.addi %34, %6 : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
      %36 = tt.expand_dims %35 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
      %37 = arith.muli %36, %cst_2 : tensor<64x1xi32, #blocked1>
      %38 = tt.addptr %19, %37 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
      %39 = tt.broadcast %38 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
      %40 = tt.addptr %39, %20 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %41 = tt.load %40 {loop.cluster = 5 : i32, loop.stage = 0 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %42 = tt.trans %41 {order = array<i32: 1, 0>} : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #blocked2>
      %43 = ttg.convert_layout %42 : tensor<64x64xf16, #blocked2> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %44 = tt.dot %17, %43, %cst_1, inputPrecision = tf32 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<1x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<1x64xf32, #blocked>
      %45 = "tt.reduce"(%44) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %69 = arith.maxnumf %arg10, %arg11 : f32
        tt.reduce.return %69 : f32
      }) : (tensor<1x64xf32, #blocked>) -> tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %46 = arith.mulf %45, %21 : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %47 = arith.maxnumf %arg7, %46 {loop.cluster = 1 : i32, loop.stage = 3 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %48 = arith.mulf %44, %22 : tensor<1x64xf32, #blocked>
      %49 = tt.expand_dims %47 {axis = 1 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1xf32, #blocked>
      %50 = tt.broadcast %49 : tensor<1x1xf32, #blocked> -> tensor<1x64xf32, #blocked>
      %51 = arith.subf %48, %50 : tensor<1x64xf32, #blocked>
      %52 = math.exp2 %51 {loop.cluster = 7 : i32, loop.stage = 2 : i32} : tensor<1x64xf32, #blocked>
      %53 = arith.subf %arg7, %47 : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %54 = math.exp2 %53 {loop.cluster = 7 : i32, loop.stage = 2 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %55 = arith.mulf %arg8, %54 : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %56 = "tt.reduce"(%52) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %69 = arith.addf %arg10, %arg11 : f32
        tt.reduce.return %69 : f32
      }) : (tensor<1x64xf32, #blocked>) -> tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %57 = arith.addf %55, %56 {loop.cluster = 1 : i32, loop.stage = 3 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %58 = tt.addptr %24, %37 : tensor<64x1x!tt.ptr<f16>, #blocked1>, tensor<64x1xi32, #blocked1>
      %59 = tt.broadcast %58 : tensor<64x1x!tt.ptr<f16>, #blocked1> -> tensor<64x64x!tt.ptr<f16>, #blocked1>
      %60 = tt.addptr %59, %20 : tensor<64x64x!tt.ptr<f16>, #blocked1>, tensor<64x64xi32, #blocked1>
      %61 = tt.load %60 {loop.cluster = 11 : i32, loop.stage = 1 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked1>
      %62 = tt.expand_dims %54 {axis = 1 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1xf32, #blocked>
      %63 = tt.broadcast %62 : tensor<1x1xf32, #blocked> -> tensor<1x64xf32, #blocked>
      %64 = arith.mulf %arg9, %63 {loop.cluster = 1 : i32, loop.stage = 3 : i32} : tensor<1x64xf32, #blocked>
      %65 = arith.truncf %52 : tensor<1x64xf32, #blocked> to tensor<1x64xf16, #blocked>
      %66 = ttg.convert_layout %65 {loop.cluster = 1 : i32, loop.stage = 3 : i32} : tensor<1x64xf16, #blocked> -> tensor<1x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
      %67 = ttg.convert_layout %61 : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
      %68 = tt.dot %66, %67, %64, inputPrecision = tf32 {loop.cluster = 6 : i32, loop.stage = 3 : i32} : tensor<1x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<1x64xf32, #blocked>
      scf.yield %47, %57, %68 : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<1x64xf32, #blocked>
    } {tt.scheduled_max_stage = 3 : i32}
    %26 = tt.expand_dims %25#1 {axis = 1 : i32} : tensor<1xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x1xf32, #blocked>
    %27 = tt.broadcast %26 : tensor<1x1xf32, #blocked> -> tensor<1x64xf32, #blocked>
    %28 = arith.divf %25#2, %27 : tensor<1x64xf32, #blocked>
    %29 = tt.addptr %arg3, %5 : !tt.ptr<f16>, i64
    %30 = tt.addptr %29, %8 : !tt.ptr<f16>, i32
    %31 = tt.splat %30 : !tt.ptr<f16> -> tensor<1x64x!tt.ptr<f16>, #blocked>
    %32 = tt.addptr %31, %13 : tensor<1x64x!tt.ptr<f16>, #blocked>, tensor<1x64xi32, #blocked>
    %33 = arith.truncf %28 : tensor<1x64xf32, #blocked> to tensor<1x64xf16, #blocked>
    tt.store %32, %33 : tensor<1x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

