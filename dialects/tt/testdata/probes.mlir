tt.func public @casts(%i: i64, %p: !tt.ptr<f32>, %t: tensor<16xi64>, %f: tensor<16xf32>, %h: tensor<16xf16>) {
  %0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  %1 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %2 = tt.int_to_ptr %t : tensor<16xi64> -> tensor<16x!tt.ptr<f32>>
  %3 = tt.bitcast %f : tensor<16xf32> -> tensor<16xi32>
  %4 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  %5 = tt.fp_to_fp %f, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  %6 = tt.fp_to_fp %h : tensor<16xf16> -> tensor<16xf32>
  %7 = tt.fp_to_fp %f, rounding = rtz : tensor<16xf32> -> tensor<16xf16>
  tt.return
}
// -----
tt.func public @math(%f: tensor<16xf32>, %i: tensor<16xi32>, %s: f32) {
  %0 = tt.clampf %f, %f, %f, propagateNan = none : tensor<16xf32>
  %1 = tt.clampf %f, %f, %f, propagateNan = all : tensor<16xf32>
  %2 = tt.precise_sqrt %f : tensor<16xf32>
  %3 = tt.precise_divf %f, %f : tensor<16xf32>
  %4 = tt.mulhiui %i, %i : tensor<16xi32>
  %5 = tt.extern_elementwise %f, %f {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %6 = tt.elementwise_inline_asm "shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<16xi32> -> tensor<16xi32>
  %7:2 = tt.elementwise_inline_asm "mov" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = false} %i : tensor<16xi32> -> tensor<16xi32>, tensor<16xi32>
  %8 = tt.elementwise_inline_asm "mov" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
  %9 = tt.clampf %s, %s, %s, propagateNan = none : f32
  tt.return
}
// -----
tt.func public @ptrs(%p: !tt.ptr<f32>, %tp: tensor<16x!tt.ptr<f32>>, %o: tensor<16xi32>, %i: i32, %q: !tt.ptr<f16, 3>, %l: i64) {
  %0 = tt.addptr %p, %i : !tt.ptr<f32>, i32
  %1 = tt.addptr %tp, %o : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %2 = tt.addptr %q, %l : !tt.ptr<f16, 3>, i64
  tt.return
}
// -----
tt.func public @loads(%tp: tensor<16x!tt.ptr<f32>>, %m: tensor<16xi1>, %f: tensor<16xf32>, %p: !tt.ptr<f32>, %sm: i1, %s: f32) {
  %0 = tt.load %tp : tensor<16x!tt.ptr<f32>>
  %1 = tt.load %tp, %m : tensor<16x!tt.ptr<f32>>
  %2 = tt.load %tp, %m, %f : tensor<16x!tt.ptr<f32>>
  %3 = tt.load %tp, %m cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  %4 = tt.load %tp evictionPolicy = evict_first cacheModifier = ca : tensor<16x!tt.ptr<f32>>
  %5 = tt.load %p, %sm, %s : !tt.ptr<f32>
  tt.store %tp, %f : tensor<16x!tt.ptr<f32>>
  tt.store %tp, %f, %m cacheModifier = wb evictionPolicy = evict_first : tensor<16x!tt.ptr<f32>>
  tt.store %p, %s, %sm : !tt.ptr<f32>
  tt.return
}
// -----
tt.func public @blockptr(%base: !tt.ptr<f16>, %i: i32, %l: i64) {
  %0 = tt.make_tensor_ptr %base, [%l, %l], [%l, %l], [%i, %i] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
  %1 = tt.advance %0, [%i, %i] : <tensor<32x32xf16>>
  %2 = tt.load %1 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x32xf16>>
  tt.store %1, %2 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<32x32xf16>>
  tt.return
}
// -----
tt.func public @atomics(%tp: tensor<16x!tt.ptr<f32>>, %m: tensor<16xi1>, %f: tensor<16xf32>, %p: !tt.ptr<i32>, %i: i32) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %tp, %f, %m : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
  %1 = tt.atomic_rmw exch, relaxed, sys, %p, %i : (!tt.ptr<i32>, i32) -> i32
  %2 = tt.atomic_cas acquire, cta, %p, %i, %i : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}
// -----
tt.func public @shapes(%s: f32, %t: tensor<16xf32>, %t2: tensor<16x1xf32>, %t3: tensor<4x8x2xf32>, %one: tensor<1xf32>) {
  %0 = tt.splat %s : f32 -> tensor<16xf32>
  %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %2 = tt.expand_dims %t {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  %3 = tt.broadcast %t2 : tensor<16x1xf32> -> tensor<16x8xf32>
  %4 = tt.reshape %t : tensor<16xf32> -> tensor<4x4xf32>
  %5 = tt.reshape %t allow_reorder efficient_layout : tensor<16xf32> -> tensor<4x4xf32>
  %6 = tt.reshape %t allow_reorder : tensor<16xf32> -> tensor<2x8xf32>
  %7 = tt.trans %t2 {order = array<i32: 1, 0>} : tensor<16x1xf32> -> tensor<1x16xf32>
  %8 = tt.cat %t, %t : tensor<16xf32> -> tensor<32xf32>
  %9 = tt.join %t, %t : tensor<16xf32> -> tensor<16x2xf32>
  %10, %11 = tt.split %t3 : tensor<4x8x2xf32> -> tensor<4x8xf32>
  %12 = tt.histogram %1 : tensor<16xi32> -> tensor<8xi32>
  %13 = tt.unsplat %one : tensor<1xf32>
  %14 = tt.gather %t[%1] {axis = 0 : i32} : (tensor<16xf32>, tensor<16xi32>) -> tensor<16xf32>
  %15 = tt.gather %t[%1] {axis = 0 : i32, efficient_layout} : (tensor<16xf32>, tensor<16xi32>) -> tensor<16xf32>
  %16 = tt.splat %s : f32 -> tensor<f32>
  tt.return
}
// -----
tt.func public @hist_mask(%x: tensor<16xi32>, %m: tensor<16xi1>) {
  %0 = tt.histogram %x, %m : tensor<16xi32> -> tensor<8xi32>
  tt.return
}
// -----
tt.func public @spmd() {
  %0 = tt.get_program_id x : i32
  %1 = tt.get_program_id y : i32
  %2 = tt.get_program_id z : i32
  %3 = tt.get_num_programs x : i32
  %4 = tt.get_num_programs z : i32
  tt.return
}
// -----
tt.func public @dots(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %af: tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = tt.dot %af, %af, %c, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %2 = tt.dot %af, %af, %c, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = tt.dot %af, %af, %c, inputPrecision = ieee : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %4 = tt.dot %af, %af, %c, inputPrecision = hf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %5 = tt.dot %af, %af, %c, inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %6 = tt.dot %af, %af, %c, inputPrecision = bf16x6 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}
// -----
tt.func public @dot_scaled(%a: tensor<128x32xi8>, %as: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %bs: tensor<128x2xi8>, %c: tensor<128x128xf32>, %b2: tensor<64x128xf8E4M3FN>) {
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %a scale %as, %b2, %c lhs = e2m1 rhs = e4m3 {fastMath = true} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}
// -----
tt.func public @reduce_scan(%t: tensor<16x8xf32>, %i: tensor<16x8xi32>) {
  %0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %x = arith.addf %a, %b : f32
    tt.reduce.return %x : f32
  }) : (tensor<16x8xf32>) -> tensor<16xf32>
  %1:2 = "tt.reduce"(%t, %i) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tt.reduce.return %a, %ai : f32, i32
  }) : (tensor<16x8xf32>, tensor<16x8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  %2 = "tt.scan"(%t) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %x = arith.addf %a, %b : f32
    tt.scan.return %x : f32
  }) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  tt.return
}
// -----
tt.func public @debug(%t: tensor<16xi32>, %c: tensor<16xi1>, %f: f32) {
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %t : tensor<16xi32>
  tt.print " y: " {hex = true, isSigned = array<i32: 0, 0>} : %t, %f : tensor<16xi32>, f32
  tt.print "hello" {hex = false, isSigned = array<i32>}
  tt.assert %c, "msg" : tensor<16xi1>
  tt.return
}
// -----
tt.func public @desc(%base: !tt.ptr<f16>, %i: i32, %l: i64, %x: tensor<32xi32>, %v: tensor<32x64xf16>, %r: !tt.ptr<i8>) {
  %0 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] : <f16>, <tensor<32x64xf16>>
  %1 = tt.descriptor_load %0[%i, %i] : !tt.tensordesc<tensor<32x64xf16>> -> tensor<32x64xf16>
  %2 = tt.descriptor_load %0[%i, %i] cacheModifier = cg evictionPolicy = evict_last : !tt.tensordesc<tensor<32x64xf16>> -> tensor<32x64xf16>
  tt.descriptor_store %0[%i, %i], %v : !tt.tensordesc<tensor<32x64xf16>>, tensor<32x64xf16>
  tt.descriptor_reduce add, %0[%i, %i], %v : !tt.tensordesc<tensor<32x64xf16>>, tensor<32x64xf16>
  %3 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] : <f16>, <tensor<1x64xf16>>
  %4 = tt.descriptor_gather %3[%x, %i] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.descriptor_scatter %3[%x, %i], %v : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<32x64xf16>
  %5 = tt.reinterpret_tensor_descriptor %r : !tt.ptr<i8> to !tt.tensordesc<tensor<32x64xf16>>
  %6 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l], padding_option = nan : <f16>, <tensor<32x64xf16>>
  tt.return
}
// -----
tt.func public @desc_pad(%base: !tt.ptr<f16>, %i: i32, %l: i64) {
  %0 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] {padding = 1 : i32} : <f16>, <tensor<32x64xf16>>
  tt.return
}
// -----
tt.func public @mapew(%t: tensor<16xi32>) {
  %0 = "tt.map_elementwise"(%t) <{pack = 1 : i32}> ({
  ^bb0(%a: i32):
    tt.map_elementwise.return %a : i32
  }) : (tensor<16xi32>) -> tensor<16xi32>
  tt.return
}
// -----
tt.func public @callee(%a: f32) -> f32 attributes {noinline = true} {
  tt.return %a : f32
}
tt.func private @decl(f32) -> f32
tt.func @caller(%a: f32 {tt.divisibility = 16 : i32}) -> (f32, f32) {
  %0 = tt.call @callee(%a) : (f32) -> f32
  %1 = tt.call @decl(%a) {foo} : (f32) -> f32
  tt.return %0, %1 : f32, f32
}
// -----
tt.func public @misc(%t: tensor<16xi32>, %p: tensor<16x!tt.ptr<f32>>) {
  %0 = tt.linear_apply %t : tensor<16xi32>
  tt.return
}
// -----
tt.func public @assume(%b: i1) {
  tt.assume %b
  tt.return
}
// -----
tt.func public @tsize(%t: tensor<3xf32>) {
  tt.return
}
// -----
tt.func public @tsize2(%s: f32) {
  %0 = tt.splat %s : f32 -> tensor<3xf32>
  tt.return
}
// -----
tt.func public @tsize3(%s: f32) {
  %0 = tt.splat %s : f32 -> tensor<2097152xf32>
  tt.return
}
// -----
tt.func public @bad_load(%tp: tensor<16x!tt.ptr<f32>>, %m: tensor<8xi1>) {
  %0 = tt.load %tp, %m : tensor<16x!tt.ptr<f32>>
  tt.return
}
// -----
tt.func public @bad_addptr(%tp: tensor<16x!tt.ptr<f32>>, %o: tensor<8xi32>) {
  %0 = tt.addptr %tp, %o : tensor<16x!tt.ptr<f32>>, tensor<8xi32>
  tt.return
}
// -----
tt.func public @bad_splat(%s: f32) {
  %0 = tt.splat %s : f32 -> tensor<16xf16>
  tt.return
}
// -----
tt.func public @bad_expand(%t: tensor<16xf32>) {
  %0 = tt.expand_dims %t {axis = 1 : i32} : tensor<16xf32> -> tensor<1x16xf32>
  tt.return
}
// -----
tt.func public @bad_expand2(%t: tensor<16xf32>) {
  %0 = tt.expand_dims %t {axis = 3 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  tt.return
}
// -----
tt.func public @bad_dot(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf16>
  tt.return
}
// -----
tt.func public @bad_dot2(%a: tensor<16x8xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<16x8xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}
// -----
tt.func public @bad_dot3(%a: tensor<16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}
// -----
tt.func public @bad_ret(%a: f32) -> i32 {
  tt.return %a : f32
}
// -----
tt.func public @bad_ret2(%a: f32) -> i32 {
  tt.return
}
// -----
tt.func public @bad_call(%a: f32) {
  %0 = tt.call @nope(%a) : (f32) -> f32
  tt.return
}
// -----
tt.func public @callee2(%a: i32) {
  tt.return
}
tt.func public @bad_call2(%a: f32) {
  tt.call @callee2(%a) : (f32) -> ()
  tt.return
}
// -----
tt.func public @bad_trans(%t: tensor<16x8xf32>) {
  %0 = tt.trans %t {order = array<i32: 1, 0>} : tensor<16x8xf32> -> tensor<16x8xf32>
  tt.return
}
// -----
tt.func public @bad_bcast(%t: tensor<16x2xf32>) {
  %0 = tt.broadcast %t : tensor<16x2xf32> -> tensor<16x8xf32>
  tt.return
}
// -----
tt.func public @bad_fp(%t: tensor<16xf32>) {
  %0 = tt.fp_to_fp %t : tensor<16xf32> -> tensor<16xf8E4M3FN>
  tt.return
}
// -----
tt.func public @bad_fp2(%t: tensor<16xf16>) {
  %0 = tt.fp_to_fp %t, rounding = rtne : tensor<16xf16> -> tensor<16xf32>
  tt.return
}
// -----
tt.func public @bad_reduce_ret(%t: tensor<16xf32>) {
  %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}
// -----
tt.func public @bad_reduce_args(%t: tensor<16xf32>) {
  %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}
// -----
tt.func public @bad_mr() {
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}
// -----
tt.func public @bad_cat(%t: tensor<16xf32>) {
  %0 = tt.cat %t, %t : tensor<16xf32> -> tensor<16xf32>
  tt.return
}
// -----
tt.func public @bad_hist(%t: tensor<16xi32>) {
  %0 = tt.histogram %t : tensor<16xi32> -> tensor<16x2xi32>
  tt.return
}
// -----
tt.func public @bad_rmw(%p: !tt.ptr<f32>, %v: f32) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> i32
  tt.return
}
// -----
tt.func public @bad_ptr(%p: !tt.ptr<f32>, %v: f32) {
  %0 = tt.advance %p, [] : !tt.ptr<f32>
  tt.return
}
// -----
tt.func public @bad_mtp(%base: !tt.ptr<f16>, %i: i32, %l: i64) {
  %0 = tt.make_tensor_ptr %base, [%l], [%l, %l], [%i, %i] {order = array<i32: 1, 0>} : <tensor<32x32xf16>>
  tt.return
}
// -----
tt.func public @bad_desc(%base: !tt.ptr<f16>, %i: i32, %l: i64) {
  %0 = tt.make_tensor_descriptor %base, [%i], [%l, %l] : <f16>, <tensor<32x64xf16>>
  tt.return
}
// -----
tt.func public @bad_elem_asm(%t: tensor<16xi32>) {
  %0 = tt.elementwise_inline_asm "x" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %t : tensor<16xi32> -> tensor<8xi32>
  tt.return
}
// -----
tt.func public @bad_print(%t: tensor<16xi32>) {
  tt.print " x: " {hex = false, isSigned = array<i32: 1, 1>} : %t : tensor<16xi32>
  tt.return
}
// -----
tt.func public @bad_scan(%t: tensor<16xf32>) {
  %0 = "tt.scan"(%t) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}
// -----
tt.func public @divis(%a: f32 {tt.divisibility = 3 : i64}) {
  tt.return
}
// -----
tt.func public @divis2(%a: f32 {tt.divisibility = "x"}) {
  tt.return
}
// -----
tt.func public @divis3(%a: f32) {
  %c = arith.constant {tt.divisibility = dense<16> : tensor<1xi32>} 1.0 : f32
  tt.return
}
// -----
tt.func public @ptr_bad_pointee(%a: !tt.ptr<index>) {
  tt.return
}
// -----
tt.func public @ptr_str(%a: !tt.ptr<f32, "bogus">) {
  tt.return
}
// -----
tt.func public @desc_new(%a: !tt.tensordesc<16x16xf32>) {
  tt.return
}
// -----
tt.func public @ptr_ptr(%a: !tt.ptr<!tt.ptr<f32>>, %b: !tt.ptr<f32, 0>, %c: tensor<2x!tt.ptr<tensor<4xf32>>>) {
  tt.return
}
// -----
tt.func @generic_forms(%p: tensor<16x!tt.ptr<f32>>, %m: tensor<16xi1>) {
  %0 = "tt.load"(%p, %m) <{cache = 1 : i32, evict = 1 : i32, isVolatile = false, operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<16x!tt.ptr<f32>>, tensor<16xi1>) -> tensor<16xf32>
  %1 = "tt.load"(%p) {cache = 2 : i32, evict = 3 : i32, isVolatile = true, operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<16x!tt.ptr<f32>>) -> tensor<16xf32>
  "tt.store"(%p, %0) <{cache = 1 : i32, evict = 1 : i32}> : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) -> ()
  %2 = "tt.get_program_id"() <{axis = 1 : i32}> : () -> i32
  %3 = "tt.atomic_rmw"(%p, %0, %m) <{atomic_rmw_op = 5 : i32, scope = 1 : i32, sem = 4 : i32}> : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
  tt.return
}
