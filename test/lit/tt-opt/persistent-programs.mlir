// RUN: tt-opt %s -split-input-file -tt-persistent-programs="capability=90 tile-turns=off" | FileCheck %s
// RUN: tt-opt %s -split-input-file -tt-persistent-programs="capability=90 ctas-per-sm=1 tile-turns=off" | FileCheck %s --check-prefix=CAP
// RUN: tt-opt %s -split-input-file -tt-persistent-programs="capability=90 tile-turns=on" | FileCheck %s --check-prefix=TURNS
// RUN: tt-opt %s -split-input-file -tt-persistent-programs=capability=90 | FileCheck %s --check-prefix=PAIRS
// RUN: tt-opt %s -split-input-file -tt-persistent-programs="capability=90 persistent=nested" | FileCheck %s --check-prefix=NEST

// A dot loop whose 128x256 f32 accumulator (256 elements a thread of 4
// warps) leaves room for one CTA an SM: the first min(%nsmid * 1, grid)
// programs loop over the tiles x, x+P, ... and the others run no
// iteration; the body, program id replaced by the tile, moves into a
// tt.flatten loop that fuse-nested-loops fuses with the K loop.

// CHECK-LABEL: tt.func public @big
// CHECK:         %[[X:.+]] = tt.get_program_id x : i32
// CHECK-NEXT:    %[[G:.+]] = tt.get_num_programs x : i32
// CHECK-NEXT:    %[[S:.+]] = tt.elementwise_inline_asm "mov.u32 $0, %nsmid;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
// CHECK:         %[[ONE:.+]] = arith.constant 1 : i32
// CHECK:         %[[S1:.+]] = arith.maxsi %[[S]], %[[ONE]] : i32
// CHECK-NEXT:    %[[PER:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[SP:.+]] = arith.muli %[[S1]], %[[PER]] : i32
// CHECK-NEXT:    %[[P:.+]] = arith.minsi %[[SP]], %[[G]] : i32
// CHECK:         %[[ACT:.+]] = arith.cmpi slt, %[[X]], %[[P]] : i32
// CHECK-NEXT:    %[[LEFT:.+]] = arith.subi %[[G]], %[[X]] : i32
// CHECK-NEXT:    %[[CEIL:.+]] = arith.ceildivsi %[[LEFT]], %[[P]] : i32
// CHECK-NEXT:    %[[TRIPS:.+]] = arith.select %[[ACT]], %[[CEIL]], %{{.+}} : i32
// CHECK-NEXT:    scf.for %[[I:.+]] = %{{.+}} to %[[TRIPS]] step %{{.+}} : i32 {
// CHECK-NEXT:      %[[IP:.+]] = arith.muli %[[I]], %[[P]] : i32
// CHECK-NEXT:      %[[T:.+]] = arith.addi %[[X]], %[[IP]] : i32
// CHECK-NOT:       tt.get_program_id
// CHECK:           scf.for
// CHECK:             tt.dot
// CHECK:           tt.addptr %arg2, %[[T]]
// CHECK:           tt.store
// CHECK:         } {tt.flatten}
// CHECK-NEXT:    tt.return

// The nested mode makes the same tile loop without tt.flatten: each
// tile's K loop stays inside it.
// NEST-LABEL: tt.func public @big
// NEST:         scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
// NEST-NEXT:      %[[IP:.+]] = arith.muli %[[I]], %{{.+}} : i32
// NEST-NEXT:      %[[T:.+]] = arith.addi %{{.+}}, %[[IP]] : i32
// NEST:           scf.for
// NEST:             tt.dot
// NEST:           tt.store
// NEST-NEXT:    {{^ *[}]$}}
// NEST-NEXT:    tt.return
module {
  tt.func public @big(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32) {
    %pid = tt.get_program_id x : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %pb = tt.splat %b : !tt.ptr<f16> -> tensor<64x256x!tt.ptr<f16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32>) : i32 {
      %x = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %y = tt.load %pb : tensor<64x256x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      scf.yield %d : tensor<128x256xf32>
    }
    %base = tt.addptr %c, %pid : !tt.ptr<f32>, i32
    %pc = tt.splat %base : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>>
    tt.store %pc, %r : tensor<128x256x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// A 128x128 accumulator on 4 warps: 128 elements a thread, and registers
// for two CTAs an SM (the final shared memory may say fewer: then
// tt-translate compiles again with ctas-per-sm); ctas-per-sm=1 caps it.
// By default (tile-turns=on) its tile loop stays around the K loop, not
// flattened, for consumers taking turns over the tiles (64-deep k-steps:
// 32 KB, six ring slots), and the walk alternates chunks of eight tiles
// between the turns: in a block of 2P tiles that both fill, iteration i
// takes start + base (+ shift when i is odd), start = (i - i%2) P; the
// last, partial block keeps x + iP. Left alone: a 64x128 accumulator (64
// elements a thread) and an atomic (programs may talk).

// CHECK-LABEL: tt.func public @mid
// CHECK:         %[[PER:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    arith.muli %{{.+}}, %[[PER]] : i32
// CHECK:         {tt.flatten}
// CAP-LABEL:   tt.func public @mid
// CAP:           %[[S1:.+]] = arith.maxsi
// CAP-NEXT:      %[[PER:.+]] = arith.constant 1 : i32
// CAP-NEXT:      arith.muli %[[S1]], %[[PER]] : i32
// By default (tile-turns=pairs) the consumers work on a CTA's iterations
// 2j and 2j+1 together: chunks of one tile, so program x takes the tiles
// 2j P + 2x and 2j P + 2x + 1, and in the last, partial block of R tiles,
// where R > P, the pairs 2x and 2x + 1 below G too: min(2, max(0, R - 2x))
// more trips after the 2 G / 2P of the whole blocks.
// PAIRS-LABEL: tt.func public @mid
// PAIRS:         %[[X:.+]] = tt.get_program_id x : i32
// PAIRS-NEXT:    %[[G:.+]] = tt.get_num_programs x : i32
// PAIRS:         %[[P:.+]] = arith.minsi
// PAIRS:         %[[TRIPS:.+]] = arith.select %{{.+}}, %{{.+}}, %c0_i32 : i32
// PAIRS:         %[[C1:.+]] = arith.constant 1 : i32
// PAIRS-NEXT:    arith.divsi %[[P]], %[[C1]] : i32
// PAIRS:         %[[LAST:.+]] = arith.subi %[[G]], %{{.+}} : i32
// PAIRS-NEXT:    %[[TWOP:.+]] = arith.addi %[[P]], %[[P]] : i32
// PAIRS-NEXT:    %[[BLOCKS:.+]] = arith.divsi %[[G]], %[[TWOP]] : i32
// PAIRS-NEXT:    %[[WHOLE:.+]] = arith.muli %[[BLOCKS]], %[[TWOP]] : i32
// PAIRS-NEXT:    %[[R:.+]] = arith.subi %[[G]], %[[WHOLE]] : i32
// PAIRS-NEXT:    %[[TAIL:.+]] = arith.cmpi sgt, %[[R]], %[[P]] : i32
// PAIRS-NEXT:    %[[TWOX:.+]] = arith.addi %[[X]], %[[X]] : i32
// PAIRS-NEXT:    %[[LEFT:.+]] = arith.subi %[[R]], %[[TWOX]] : i32
// PAIRS:         arith.minsi %[[LEFT]], %c2_i32 : i32
// PAIRS:         %[[TWOB:.+]] = arith.addi %[[BLOCKS]], %[[BLOCKS]] : i32
// PAIRS-NEXT:    %[[PTRIPS:.+]] = arith.addi %[[TWOB]], %{{.+}} : i32
// PAIRS-NEXT:    %[[T1:.+]] = arith.select %[[TAIL]], %[[PTRIPS]], %[[TRIPS]] : i32
// PAIRS-NEXT:    %[[T2:.+]] = arith.select %{{.+}}, %[[T1]], %c0_i32 : i32
// PAIRS-NEXT:    scf.for %[[I:.+]] = %c0_i32 to %[[T2]] step
// PAIRS:           %[[FULL:.+]] = arith.cmpi sle
// PAIRS-NEXT:      %[[ANY:.+]] = arith.ori %[[FULL]], %[[TAIL]] : i1
// PAIRS:           arith.select %[[ANY]], %{{.+}}, %{{.+}} : i32
// PAIRS:           scf.for
// PAIRS:             tt.dot

// TURNS-LABEL: tt.func public @mid
// TURNS:         %[[X:.+]] = tt.get_program_id x : i32
// TURNS-NEXT:    %[[G:.+]] = tt.get_num_programs x : i32
// TURNS-NEXT:    tt.elementwise_inline_asm "mov.u32 $0, %nsmid;"
// TURNS:         %[[P:.+]] = arith.minsi
// TURNS:         %[[C8:.+]] = arith.constant 8 : i32
// TURNS:         %[[W:.+]] = arith.remsi %[[X]], %[[C8]] : i32
// TURNS:         %[[BASE:.+]] = arith.addi %{{.+}}, %[[W]] : i32
// TURNS-NEXT:    %[[SHIFT:.+]] = arith.select %{{.+}}, %[[C8]], %{{.+}} : i32
// TURNS-NEXT:    %[[TWOP:.+]] = arith.addi %[[P]], %[[P]] : i32
// TURNS-NEXT:    %[[LAST:.+]] = arith.subi %[[G]], %[[TWOP]] : i32
// TURNS-NEXT:    scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
// TURNS-NEXT:      %[[IP:.+]] = arith.muli %[[I]], %[[P]] : i32
// TURNS-NEXT:      %[[SEQ:.+]] = arith.addi %[[X]], %[[IP]] : i32
// TURNS-NEXT:      %[[ODD:.+]] = arith.andi %[[I]], %{{.+}} : i32
// TURNS-NEXT:      %[[EVEN:.+]] = arith.subi %[[I]], %[[ODD]] : i32
// TURNS-NEXT:      %[[START:.+]] = arith.muli %[[EVEN]], %[[P]] : i32
// TURNS-NEXT:      %[[FULL:.+]] = arith.cmpi sle, %[[START]], %[[LAST]] : i32
// TURNS-NEXT:      %[[B:.+]] = arith.addi %[[START]], %[[BASE]] : i32
// TURNS-NEXT:      %[[S:.+]] = arith.muli %[[ODD]], %[[SHIFT]] : i32
// TURNS-NEXT:      %[[PAIRED:.+]] = arith.addi %[[B]], %[[S]] : i32
// TURNS-NEXT:      %[[TILE:.+]] = arith.select %[[FULL]], %[[PAIRED]], %[[SEQ]] : i32
// TURNS:           scf.for
// TURNS:             tt.dot
// TURNS:           tt.store
// TURNS-NEXT:    {{^ *[}]$}}
// TURNS-NOT:     tt.flatten
// TURNS-LABEL: tt.func public @small

// CHECK-LABEL: tt.func public @small
// CHECK-NOT:     nsmid
// CHECK-NOT:     tt.flatten
// CHECK-LABEL: tt.func public @atomic
// CHECK-NOT:     nsmid
// CHECK-NOT:     tt.flatten
// CHECK:         tt.return
module {
  tt.func public @mid(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32) {
    %pid = tt.get_program_id x : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
      %x = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %y = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %base = tt.addptr %c, %pid : !tt.ptr<f32>, i32
    %pc = tt.splat %base : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    tt.store %pc, %r : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @small(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32) {
    %pid = tt.get_program_id x : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x128xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x128xf32>) : i32 {
      %x = tt.load %pa : tensor<64x64x!tt.ptr<f16>>
      %y = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<64x64xf16> * tensor<64x128xf16> -> tensor<64x128xf32>
      scf.yield %d : tensor<64x128xf32>
    }
    %base = tt.addptr %c, %pid : !tt.ptr<f32>, i32
    %pc = tt.splat %base : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>>
    tt.store %pc, %r : tensor<64x128x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @atomic(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32) {
    %pid = tt.get_program_id x : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x256x!tt.ptr<f16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32>) : i32 {
      %x = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %y = tt.load %pb : tensor<64x256x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      scf.yield %d : tensor<128x256xf32>
    }
    %base = tt.addptr %c, %pid : !tt.ptr<f32>, i32
    %one = arith.constant 1.000000e+00 : f32
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %base, %one : (!tt.ptr<f32>, f32) -> f32
    %pc = tt.splat %base : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>>
    tt.store %pc, %r : tensor<128x256x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// A program id split into a column-major grid of tiles, (pid % X, pid /
// X), each part only scaled by its block: the walk groups eight rows of
// the grid (position t takes the tile Triton's grouping gives t) where
// the columns are whole, and keeps t past them. A kernel that groups its
// program ids itself (the parts of pid % X split again) keeps its walk.

// CHECK-LABEL: tt.func public @grid
// CHECK:         %[[G:.+]] = tt.get_num_programs x : i32
// CHECK:         scf.for
// CHECK:           %[[T:.+]] = arith.addi %{{.+}}, %{{.+}} : i32
// CHECK:           %[[X0:.+]] = arith.divsi %{{.+}}, %c128_i32 : i32
// CHECK:           %[[C8:.+]] = arith.constant 8 : i32
// CHECK-NEXT:      %[[X:.+]] = arith.maxsi %[[X0]], %{{.+}} : i32
// CHECK-NEXT:      %[[Y:.+]] = arith.divsi %[[G]], %[[X]] : i32
// CHECK:           %[[WHOLE:.+]] = arith.cmpi slt, %[[T]], %{{.+}} : i32
// CHECK-NEXT:      %[[WALK:.+]] = arith.select %[[WHOLE]], %{{.+}}, %[[T]] : i32
// CHECK-NEXT:      %[[M:.+]] = arith.remsi %[[WALK]], %[[X0]] : i32
// CHECK-NEXT:      %[[N:.+]] = arith.divsi %[[WALK]], %[[X0]] : i32
// CHECK-LABEL: tt.func public @grouped
// CHECK-NOT:       arith.constant 8 : i32
// CHECK:           %[[R:.+]] = arith.remsi %{{.+}}, %{{.+}} : i32
// CHECK-NOT:       arith.select
// CHECK:           tt.return
module {
  tt.func public @grid(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32, %M: i32) {
    %pid = tt.get_program_id x : i32
    %c127 = arith.constant 127 : i32
    %c128 = arith.constant 128 : i32
    %mp = arith.addi %M, %c127 : i32
    %rows = arith.divsi %mp, %c128 : i32
    %pm = arith.remsi %pid, %rows : i32
    %pn = arith.divsi %pid, %rows : i32
    %om = arith.muli %pm, %c128 : i32
    %on = arith.muli %pn, %c128 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
      %x = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %y = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %off = arith.addi %om, %on : i32
    %base = tt.addptr %c, %off : !tt.ptr<f32>, i32
    %pc = tt.splat %base : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    tt.store %pc, %r : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @grouped(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32, %M: i32) {
    %pid = tt.get_program_id x : i32
    %c127 = arith.constant 127 : i32
    %c128 = arith.constant 128 : i32
    %c4 = arith.constant 4 : i32
    %mp = arith.addi %M, %c127 : i32
    %ingroup = arith.divsi %mp, %c128 : i32
    %gid = arith.divsi %pid, %ingroup : i32
    %r0 = arith.remsi %pid, %ingroup : i32
    %pm = arith.remsi %r0, %c4 : i32
    %pn = arith.divsi %r0, %c4 : i32
    %om = arith.muli %pm, %c128 : i32
    %on = arith.muli %pn, %gid : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
      %x = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %y = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %off = arith.addi %om, %on : i32
    %base = tt.addptr %c, %off : !tt.ptr<f32>, i32
    %pc = tt.splat %base : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    tt.store %pc, %r : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// A 2-D grid: its Gx by Gy programs walked as one line, (x, y) at x + y
// Gx where Gx Gy fits an i32 (else one position for every program, which
// runs its own tile); each position split back into (x, y), grouped by
// eight rows as a column-major grid of tiles is.

// CHECK-LABEL: tt.func public @grid2d
// CHECK:         %[[X:.+]] = tt.get_program_id x : i32
// CHECK-NEXT:    %[[GX:.+]] = tt.get_num_programs x : i32
// CHECK-NEXT:    %[[Y:.+]] = tt.get_program_id y : i32
// CHECK-NEXT:    %[[GY:.+]] = tt.get_num_programs y : i32
// CHECK:         %[[FITS:.+]] = arith.cmpi sle, %[[GY]], %{{.+}} : i32
// CHECK-NEXT:    %[[YG:.+]] = arith.muli %[[Y]], %[[GX]] : i32
// CHECK-NEXT:    %[[LIN:.+]] = arith.addi %[[X]], %[[YG]] : i32
// CHECK:         %[[X0:.+]] = arith.select %[[FITS]], %[[LIN]], %c0_i32 : i32
// CHECK-NEXT:    %[[G:.+]] = arith.muli %[[GX]], %[[GY]] : i32
// CHECK:         %[[G0:.+]] = arith.select %[[FITS]], %[[G]], %{{.+}} : i32
// CHECK:         scf.for
// CHECK:           %[[WALK:.+]] = arith.select %{{.+}}, %{{.+}}, %{{.+}} : i32
// CHECK-NEXT:      %[[WX:.+]] = arith.remsi %[[WALK]], %[[GX]] : i32
// CHECK-NEXT:      %[[TX:.+]] = arith.select %[[FITS]], %[[WX]], %[[X]] : i32
// CHECK-NEXT:      %[[WY:.+]] = arith.divsi %[[WALK]], %[[GX]] : i32
// CHECK-NEXT:      %[[TY:.+]] = arith.select %[[FITS]], %[[WY]], %[[Y]] : i32
// CHECK:           arith.muli %[[TX]], %c128_i32 : i32
// CHECK:           arith.muli %[[TY]], %c128_i32 : i32
// CHECK-NOT:       tt.get_program_id
// CHECK:           tt.return
module {
  tt.func public @grid2d(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>, %n: i32) {
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %c128 = arith.constant 128 : i32
    %om = arith.muli %pm, %c128 : i32
    %on = arith.muli %pn, %c128 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %pb = tt.splat %a : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
      %x = tt.load %pa : tensor<128x64x!tt.ptr<f16>>
      %y = tt.load %pb : tensor<64x128x!tt.ptr<f16>>
      %d = tt.dot %x, %y, %acc : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %off = arith.addi %om, %on : i32
    %base = tt.addptr %c, %off : !tt.ptr<f32>, i32
    %pc = tt.splat %base : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
    tt.store %pc, %r : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}
