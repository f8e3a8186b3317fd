// RUN: tt-opt %s -split-input-file -tt-hoist-epilogue-loads | FileCheck %s
// RUN: tt-opt %s -split-input-file -tt-hoist-epilogue-loads="hoist=off" | FileCheck %s --check-prefix=OFF
// RUN: not tt-opt %s -split-input-file -tt-hoist-epilogue-loads="hoist=maybe" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tt-hoist-epilogue-loads: unknown mode "maybe" (auto, off)

// A tile loop whose consumers take turns (tt.tile_turns): the bias row its
// epilogue loads, with the mask and pointers it needs, is issued before the
// K loop; what uses the loaded row (the broadcast add) stays after it, and
// so does the scalar load that follows the epilogue's store. With the pass
// off, nothing moves.

// CHECK-LABEL: tt.func @bias
// CHECK: scf.for
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<128xi32>
// CHECK-NEXT: %[[SPLAT:.*]] = tt.splat %{{.*}} : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
// CHECK-NEXT: %[[PTRS:.*]] = tt.addptr %[[SPLAT]], %{{.*}}
// CHECK-NEXT: %[[ROW:.*]] = tt.load %[[PTRS]], %[[MASK]]
// CHECK-NEXT: %[[ACC:.*]] = scf.for
// CHECK: tt.dot
// CHECK: }
// CHECK-NEXT: tt.expand_dims %[[ROW]]
// CHECK: tt.store
// CHECK-NEXT: tt.load %{{.*}} : !tt.ptr<f32>
// CHECK: } {tt.auto_warp_specialize, tt.tile_turns}
// OFF-LABEL: tt.func @bias
// OFF: scf.for
// OFF: tt.dot
// OFF: }
// OFF-NEXT: arith.cmpi
// OFF: tt.load %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f16>>
tt.func @bias(%a: !tt.ptr<f16>, %bias: !tt.ptr<f16>, %c: !tt.ptr<f32>, %s: !tt.ptr<f32>, %tiles: i32, %ksteps: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
  %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
  %cols = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %nn = tt.splat %n : i32 -> tensor<128xi32>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %acc = scf.for %k = %c0 to %ksteps step %c1 iter_args(%x = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %tb = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %y = tt.dot %ta, %tb, %x : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %y : tensor<128x128xf32>
    }
    %mask = arith.cmpi slt, %cols, %nn : tensor<128xi32>
    %bp0 = tt.splat %bias : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %bp = tt.addptr %bp0, %cols : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %row = tt.load %bp, %mask : tensor<128x!tt.ptr<f16>>
    %r2 = tt.expand_dims %row {axis = 0 : i32} : tensor<128xf16> -> tensor<1x128xf16>
    %r3 = arith.extf %r2 : tensor<1x128xf16> to tensor<1x128xf32>
    %r4 = tt.broadcast %r3 : tensor<1x128xf32> -> tensor<128x128xf32>
    %sum = arith.addf %acc, %r4 : tensor<128x128xf32>
    %pc = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    tt.store %pc, %sum : tensor<128x128x!tt.ptr<f32>>
    %late = tt.load %s : !tt.ptr<f32>
    tt.store %s, %late : !tt.ptr<f32>
  } {tt.auto_warp_specialize, tt.tile_turns}
  tt.return
}

// -----

// Left in place: a load whose address depends on the K loop's result, a
// tile of 128x128 f16 (32 registers a consumer thread, over the budget of
// 16), a volatile load, and any load in a tile loop that is not the
// consumers' (no tt.tile_turns) or whose K loop writes memory.

// CHECK-LABEL: tt.func @stays
// CHECK: scf.for
// CHECK: %[[ACC:.*]]:2 = scf.for
// CHECK: }
// CHECK-NEXT: tt.addptr %{{.*}}, %[[ACC]]#1
// CHECK: tt.load {{.*}} : tensor<128x128x!tt.ptr<f16>>
// CHECK: tt.load {{.*}} {isVolatile = true} : !tt.ptr<f32>
// CHECK-LABEL: tt.func @unmarked
// CHECK: scf.for
// CHECK: tt.dot
// CHECK: }
// CHECK-NEXT: tt.load %{{.*}} : !tt.ptr<f32>
// CHECK-LABEL: tt.func @writing_k_loop
// CHECK: tt.atomic_rmw
// CHECK: }
// CHECK-NEXT: tt.load %{{.*}} : !tt.ptr<f32>
tt.func @stays(%a: !tt.ptr<f16>, %d: !tt.ptr<f16>, %s: !tt.ptr<f32>, %c: !tt.ptr<f32>, %tiles: i32, %ksteps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
  %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
  %pd = tt.splat %d : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %acc:2 = scf.for %k = %c0 to %ksteps step %c1 iter_args(%x = %zero, %o = %c0) -> (tensor<128x128xf32>, i32) : i32 {
      %ta = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %tb = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %y = tt.dot %ta, %tb, %x : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %o2 = arith.addi %o, %c1 : i32
      scf.yield %y, %o2 : tensor<128x128xf32>, i32
    }
    %sp = tt.addptr %s, %acc#1 : !tt.ptr<f32>, i32
    %dep = tt.load %sp : !tt.ptr<f32>
    %tile = tt.load %pd : tensor<128x128x!tt.ptr<f16>>
    %vol = tt.load %s {isVolatile = true} : !tt.ptr<f32>
    %e = arith.extf %tile : tensor<128x128xf16> to tensor<128x128xf32>
    %sum = arith.addf %acc#0, %e : tensor<128x128xf32>
    %f = arith.addf %dep, %vol : f32
    %fs = tt.splat %f : f32 -> tensor<128x128xf32>
    %out = arith.mulf %sum, %fs : tensor<128x128xf32>
    %pc = tt.splat %c : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    tt.store %pc, %out : tensor<128x128x!tt.ptr<f32>>
  } {tt.auto_warp_specialize, tt.tile_turns}
  tt.return
}
tt.func @unmarked(%a: !tt.ptr<f16>, %s: !tt.ptr<f32>, %tiles: i32, %ksteps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
  %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %acc = scf.for %k = %c0 to %ksteps step %c1 iter_args(%x = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %tb = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %y = tt.dot %ta, %tb, %x : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %y : tensor<128x128xf32>
    }
    %v = tt.load %s : !tt.ptr<f32>
    tt.store %s, %v : !tt.ptr<f32>
  }
  tt.return
}
tt.func @writing_k_loop(%a: !tt.ptr<f16>, %s: !tt.ptr<f32>, %tiles: i32, %ksteps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.000000e+00 : f32
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
  %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
  scf.for %t = %c0 to %tiles step %c1 : i32 {
    %acc = scf.for %k = %c0 to %ksteps step %c1 iter_args(%x = %zero) -> (tensor<128x128xf32>) : i32 {
      %ta = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %tb = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %y = tt.dot %ta, %tb, %x : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %old = tt.atomic_rmw fadd, relaxed, gpu, %s, %one : (!tt.ptr<f32>, f32) -> f32
      scf.yield %y : tensor<128x128xf32>
    }
    %v = tt.load %s : !tt.ptr<f32>
    tt.store %s, %v : !tt.ptr<f32>
  } {tt.auto_warp_specialize, tt.tile_turns}
  tt.return
}
