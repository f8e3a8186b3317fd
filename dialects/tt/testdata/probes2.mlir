tt.func public @dots(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>, %af: tensor<16x16xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = tt.dot %af, %af, %c, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %2 = tt.dot %af, %af, %c, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %3 = tt.dot %af, %af, %c, inputPrecision = ieee : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %5 = tt.dot %af, %af, %c, inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %6 = tt.dot %af, %af, %c, inputPrecision = bf16x6 {maxNumImpreciseAcc = 0 : i32} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}
// -----
tt.func public @desc(%base: !tt.ptr<f16>, %i: i32, %l: i64, %x: tensor<32xi32>, %v: tensor<32x64xf16>) {
  %0 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] : <f16>, <tensor<32x64xf16>>
  %1 = tt.descriptor_load %0[%i, %i] : !tt.tensordesc<tensor<32x64xf16>> -> tensor<32x64xf16>
  %2 = tt.descriptor_load %0[%i, %i] cacheModifier = cg evictionPolicy = evict_last : !tt.tensordesc<tensor<32x64xf16>> -> tensor<32x64xf16>
  tt.descriptor_store %0[%i, %i], %v : !tt.tensordesc<tensor<32x64xf16>>, tensor<32x64xf16>
  tt.descriptor_reduce add, %0[%i, %i], %v : !tt.tensordesc<tensor<32x64xf16>>, tensor<32x64xf16>
  tt.descriptor_reduce xor, %0[%i, %i], %v {foo} : !tt.tensordesc<tensor<32x64xf16>>, tensor<32x64xf16>
  %3 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] : !tt.ptr<f16>, !tt.tensordesc<tensor<1x64xf16>>
  %4 = tt.descriptor_gather %3[%x, %i] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.descriptor_scatter %3[%x, %i], %v : !tt.tensordesc<tensor<1x64xf16>>, tensor<32xi32>, i32, tensor<32x64xf16>
  %5 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] {padding = 2 : i32} : <f16>, <tensor<32x64xf16>>
  tt.return
}
// -----
tt.func public @gen1(%p: tensor<4x!tt.ptr<f32>>) {
  %0 = tt.load %p : tensor<4x!tt.ptr<f32>>
  %1 = tt.load %p {isVolatile = false} : tensor<3x!tt.ptr<f32>>
  tt.return
}
// -----
tt.func public @gen2(%p: tensor<3x!tt.ptr<f32>>) {
  %0 = tt.load %p : tensor<3x!tt.ptr<f32>>
  tt.return
}
// -----
tt.func public @gen3(%p: tensor<3x!tt.ptr<f32>>, %v: tensor<3xf32>) {
  tt.store %p, %v : tensor<3x!tt.ptr<f32>>
  tt.return
}
// -----
tt.func public @gen4(%a: tensor<4x4xf16>, %b: tensor<4x4xf16>, %c: tensor<4x3xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<4x4xf16> * tensor<4x4xf16> -> tensor<4x3xf32>
  tt.return
}
// -----
tt.func public @gen5(%base: !tt.ptr<f16>, %i: i32, %l: i64) {
  %0 = tt.make_tensor_descriptor %base, [%i, %i], [%l, %l] : <f16>, <tensor<3x64xf16>>
  %1 = tt.descriptor_load %0[%i, %i] : !tt.tensordesc<tensor<3x64xf16>> -> tensor<3x64xf16>
  tt.return
}
// -----
tt.func public @gen6(%a: tensor<128x32xi8>, %as: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %bs: tensor<128x2xi8>, %c: tensor<128x3xf32>) {
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x3xf32>
  tt.return
}
// -----
tt.func public @dsk(%a: tensor<128x32xi8>, %as: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false, lhs_k_pack = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}
// -----
tt.func public @gen7(%t: tensor<3xf32>) {
  %0 = tt.fp_to_fp %t, rounding = rtne : tensor<3xf32> -> tensor<3xf16>
  %1 = tt.clampf %t, %t, %t, propagateNan = all : tensor<3xf32>
  tt.return
}
// -----
tt.func public @gen8(%t: tensor<3xi32>, %p: !tt.ptr<i32>) {
  %0 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  %1 = tt.atomic_rmw add, relaxed, gpu, %p, %t : (!tt.ptr<i32>, tensor<3xi32>) -> tensor<3xi32>
  tt.return
}
// -----
tt.func public @gen9(%t: tensor<3xi32>) {
  %0 = tt.reshape %t allow_reorder : tensor<3xi32> -> tensor<3x1xi32>
  %1 = tt.get_program_id y : i32
  tt.return
}
// -----
tt.func public @types(%a: tensor<2xf8E4M3>, %b: tensor<2xf8E4M3B11FNUZ>, %c: tensor<2xf8E5M2FNUZ>, %d: tensor<2xi4>) {
  %0 = tt.splat %a : tensor<2xf8E4M3> -> tensor<2xf8E4M3>
  tt.return
}
// -----
tt.func public @types2(%a: f8E4M3B11FNUZ, %b: f8E5M2FNUZ, %d: i4, %e: tf32, %f: f4E2M1FN) {
  %0 = tt.splat %a : f8E4M3B11FNUZ -> tensor<2xf8E4M3B11FNUZ>
  %1 = tt.splat %b : f8E5M2FNUZ -> tensor<2xf8E5M2FNUZ>
  %2 = tt.splat %d : i4 -> tensor<2xi4>
  tt.return
}
// -----
tt.func public @types3(%e: tf32) {
  %0 = tt.splat %e : tf32 -> tensor<2xtf32>
  tt.return
}
// -----
tt.func public @types4(%e: f4E2M1FN) {
  %0 = tt.splat %e : f4E2M1FN -> tensor<2xf4E2M1FN>
  tt.return
}
// -----
tt.func public @types5(%e: si32) {
  %0 = tt.splat %e : si32 -> tensor<2xsi32>
  tt.return
}
// -----
tt.func public @types6(%e: f8E4M3) {
  %0 = tt.splat %e : f8E4M3 -> tensor<2xf8E4M3>
  tt.return
}
// -----
tt.func public @attrs(%a: f32 {tt.divisibility = 16 : i64, tt.foo = [1, 2], tt.bar = 1.5, tt.baz = 2.5 : f32}) {
  tt.return
}
// -----
tt.func public @atomic_opt(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>) {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v {foo = 1 : i32} : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}
// -----
tt.func public @reduce_ret(%t: tensor<4xf32>) {
  %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a {foo} : f32
  }) : (tensor<4xf32>) -> f32
  tt.return
}
// -----
tt.func public @mapew2(%t: tensor<16xi32>) {
  %0 = "tt.map_elementwise"(%t) <{pack = 2 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    tt.map_elementwise.return %a, %b : i32, i32
  }) : (tensor<16xi32>) -> tensor<16xi32>
  %1 = "tt.map_elementwise"(%t) <{pack = 3 : i32}> ({
  ^bb0(%a: i32, %b: i32, %c: i32):
    tt.map_elementwise.return %a, %b, %c : i32, i32, i32
  }) : (tensor<16xi32>) -> tensor<16xi32>
  tt.return
}
// -----
tt.func public @cat_bad(%t: tensor<16xf32>) {
  %0 = tt.cat %t, %t : tensor<16xf32> -> tensor<64xf32>
  tt.return
}
// -----
tt.func public @join_ok(%t: tensor<16xf32>) {
  %0 = tt.join %t, %t : tensor<16xf32> -> tensor<16x2xf32>
  %1:2 = tt.split %0 : tensor<16x2xf32> -> tensor<16xf32>
  tt.return
}
// -----
tt.func public @ptr_bad(%a: !tt.ptr<f32, 1>, %b: !tt.ptr<tensor<4xf32>, 1>) {
  tt.return
}
// -----
tt.func public @load_bp(%p: !tt.ptr<tensor<4xf32>>) {
  %0 = tt.load %p {boundaryCheck = array<i32>, padding = 1 : i32} : !tt.ptr<tensor<4xf32>>
  tt.return
}
