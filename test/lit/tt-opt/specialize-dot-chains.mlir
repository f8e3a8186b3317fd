// RUN: tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=90 num-warps=8" | FileCheck %s
// RUN: tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=90 num-warps=4 tile-turns=off" | FileCheck %s --check-prefix=W4
// RUN: tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=80 num-warps=8" | FileCheck %s --check-prefix=W4
// RUN: tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=90 num-warps=8 specialize=off" | FileCheck %s --check-prefix=W4
// RUN: tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=90 num-warps=8 specialize=dots" | FileCheck %s --check-prefix=DOTS
// RUN: tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=90 num-warps=4" | FileCheck %s --check-prefix=TILES
// RUN: tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=90 num-warps=4 tile-turns=on" | FileCheck %s --check-prefix=TURNS
// RUN: not tt-opt %s -split-input-file -tt-specialize-dot-chains="capability=90 num-warps=4 tile-turns=maybe" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tile-turns="maybe": want on, pairs or off

// An attention-like loop: the second dot reads (through the softmax's
// ops) what the first computed in the same iteration. With 8 warps on
// sm_90 it is marked for warp specialization; otherwise (4 warps, sm_80,
// the pass off) it is left as it was.

// CHECK-LABEL: tt.func @chain
// CHECK: scf.for
// CHECK: } {tt.auto_warp_specialize}
// W4-LABEL: tt.func @chain
// W4-NOT: tt.auto_warp_specialize
tt.func @chain(%q: tensor<128x64xf16>, %kp: tensor<64x64x!tt.ptr<f16>>, %vp: tensor<64x64x!tt.ptr<f16>>, %n: i32) -> tensor<128x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %z) -> (tensor<128x64xf32>) : i32 {
    %k = tt.load %kp : tensor<64x64x!tt.ptr<f16>>
    %s = tt.dot %q, %k, %z : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    %e = math.exp2 %s : tensor<128x64xf32>
    %p = arith.truncf %e : tensor<128x64xf32> to tensor<128x64xf16>
    %v = tt.load %vp : tensor<64x64x!tt.ptr<f16>>
    %o = tt.dot %p, %v, %acc : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %o : tensor<128x64xf32>
  }
  tt.return %r : tensor<128x64xf32>
}

// -----

// The same chain in a module whose inline asm reads the thread's index:
// the partitions' warps would run it with other indices than the kernel's,
// so nothing in the module is marked.

// CHECK-LABEL: tt.func @chain_tid_asm
// CHECK-NOT: tt.auto_warp_specialize
// CHECK: tt.return
tt.func @chain_tid_asm(%q: tensor<128x64xf16>, %kp: tensor<64x64x!tt.ptr<f16>>, %vp: tensor<64x64x!tt.ptr<f16>>, %n: i32) -> tensor<128x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %z) -> (tensor<128x64xf32>) : i32 {
    %k = tt.load %kp : tensor<64x64x!tt.ptr<f16>>
    %s = tt.dot %q, %k, %z : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    %e = math.exp2 %s : tensor<128x64xf32>
    %p = arith.truncf %e : tensor<128x64xf32> to tensor<128x64xf16>
    %v = tt.load %vp : tensor<64x64x!tt.ptr<f16>>
    %o = tt.dot %p, %v, %acc : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %o : tensor<128x64xf32>
  }
  %t = tt.elementwise_inline_asm "mov.u32 $0, %tid.x;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
  tt.return %r : tensor<128x64xf32>
}

// -----

// Asm that reads no thread (a conversion) is no reason to leave the loop
// alone.

// CHECK-LABEL: tt.func @chain_pure_asm
// CHECK: } {tt.auto_warp_specialize}
tt.func @chain_pure_asm(%q: tensor<128x64xf16>, %kp: tensor<64x64x!tt.ptr<f16>>, %vp: tensor<64x64x!tt.ptr<f16>>, %n: i32) -> tensor<128x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %z) -> (tensor<128x64xf32>) : i32 {
    %k = tt.load %kp : tensor<64x64x!tt.ptr<f16>>
    %s = tt.dot %q, %k, %z : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    %s2 = tt.elementwise_inline_asm "cvt.rna.tf32.f32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %s : tensor<128x64xf32> -> tensor<128x64xf32>
    %e = math.exp2 %s2 : tensor<128x64xf32>
    %p = arith.truncf %e : tensor<128x64xf32> to tensor<128x64xf16>
    %v = tt.load %vp : tensor<64x64x!tt.ptr<f16>>
    %o = tt.dot %p, %v, %acc : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %o : tensor<128x64xf32>
  }
  tt.return %r : tensor<128x64xf32>
}

// -----

// A matmul loop (one dot, its result only carried to the next
// iteration) and a loop holding another loop (and the loop it holds) are
// left alone; a chain the kernel marked tt.warp_specialize is marked too.
// With specialize=dots (experimental) the matmul loop is marked as well;
// the nest still is not.

// DOTS-LABEL: tt.func @unchained
// DOTS: tt.dot
// DOTS: } {tt.auto_warp_specialize}
// DOTS: } {tt.auto_warp_specialize, tt.warp_specialize}
// DOTS-NOT: tt.auto_warp_specialize
// DOTS: tt.return

// CHECK-LABEL: tt.func @unchained
// CHECK-NOT: tt.auto_warp_specialize
// CHECK: } {tt.auto_warp_specialize, tt.warp_specialize}
// CHECK-NOT: tt.auto_warp_specialize
// CHECK: tt.return
tt.func @unchained(%a: tensor<128x64xf16>, %bp: tensor<64x64x!tt.ptr<f16>>, %q: tensor<128x64xf16>, %kt: tensor<64x64xf16>, %n: i32) -> (tensor<128x64xf32>, tensor<128x64xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x64xf32>) : i32 {
    %b = tt.load %bp : tensor<64x64x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %acc : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %d : tensor<128x64xf32>
  }
  %m = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x64xf32>) : i32 {
    %s = tt.dot %q, %kt, %z : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
    %o = tt.dot %p, %kt, %acc : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
    scf.yield %o : tensor<128x64xf32>
  } {tt.warp_specialize}
  %o = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128x64xf32>) : i32 {
    %in = scf.for %i = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> (tensor<128x64xf32>) : i32 {
      %s = tt.dot %q, %kt, %z : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
      %o2 = tt.dot %p, %kt, %acc2 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      scf.yield %o2 : tensor<128x64xf32>
    }
    scf.yield %in : tensor<128x64xf32>
  }
  tt.return %r, %o : tensor<128x64xf32>, tensor<128x64xf32>
}

// -----

// A persistent kernel's tile loop whose K loop loads through TMA (the form
// tt-tma-loads leaves: its descriptors in the pool of tensor maps). In a
// 4-warp kernel it is marked for two consumer warpgroups over its tiles:
// by default (tile-turns=pairs) working on pairs of tiles (tt.tile_pairs
// beside tt.tile_turns), with tile-turns=on taking turns; with
// specialize=dots, in an 8-warp one, for warp specialization (the
// consumer is the rows cut over the warpgroups). The K loop is never
// marked. The same loops over
// descriptors the kernel made itself (@user_tiles: its arguments) keep the
// kernel's schedule.

// TILES-LABEL: tt.func @tiles
// TILES: scf.yield
// TILES-NEXT: }
// TILES-NEXT: } {tt.auto_warp_specialize, tt.tile_pairs, tt.tile_turns}
// TURNS-LABEL: tt.func @tiles
// TURNS: scf.yield
// TURNS-NEXT: }
// TURNS-NEXT: } {tt.auto_warp_specialize, tt.tile_turns}
// DOTS-LABEL: tt.func @tiles
// DOTS: } {tt.auto_warp_specialize}
// DOTS-NOT: tt.tile_turns
// CHECK-LABEL: tt.func @tiles
// CHECK-NOT: tt.auto_warp_specialize
// CHECK: tt.return
tt.func @tiles(%pa: !tt.ptr<f16>, %pb: !tt.ptr<f16>, %n: i32, %k: i32, %s: i64) {
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %pa, [%n, %k], [%s, %c1_i64] {tt.tensormap_pool} : <f16>, <tensor<128x64xf16>>
  %e = tt.make_tensor_descriptor %pb, [%k, %n], [%s, %c1_i64] {tt.tensormap_pool} : <f16>, <tensor<64x128xf16>>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  scf.for %t = %c0 to %n step %c1 : i32 {
    %acc = scf.for %kk = %c0 to %k step %c64 iter_args(%a = %z) -> (tensor<128x128xf32>) : i32 {
      %x = tt.descriptor_load %d[%t, %kk] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
      %y = tt.descriptor_load %e[%kk, %t] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %r = tt.dot %x, %y, %a : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %r : tensor<128x128xf32>
    }
  }
  tt.return
}

// TILES-LABEL: tt.func @user_tiles
// TILES-NOT: tt.auto_warp_specialize
// TILES: tt.return
// DOTS-LABEL: tt.func @user_tiles
// DOTS-NOT: tt.auto_warp_specialize
// DOTS: tt.return
tt.func @user_tiles(%d: !tt.tensordesc<tensor<128x64xf16>>, %e: !tt.tensordesc<tensor<64x128xf16>>, %n: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %z = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  scf.for %t = %c0 to %n step %c1 : i32 {
    %acc = scf.for %kk = %c0 to %k step %c64 iter_args(%a = %z) -> (tensor<128x128xf32>) : i32 {
      %x = tt.descriptor_load %d[%t, %kk] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
      %y = tt.descriptor_load %e[%kk, %t] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
      %r = tt.dot %x, %y, %a : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %r : tensor<128x128xf32>
    }
  }
  tt.return
}
