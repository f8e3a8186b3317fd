// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// Four f32 per thread, pointer and mask aligned to 16 elements: one v4
// load per four registers, predicated by the mask of the first, masked-off
// elements taking `other`; cache modifiers carried over.
// CHECK-LABEL: llvm.func @masked
// CHECK:         %[[NEGINF:.+]] = llvm.mlir.constant(0xFF800000 : f32) : f32
// CHECK:         %[[R0:.+]] = llvm.shl
// CHECK:         %[[C128:.+]] = llvm.mlir.constant(128 : i32) : i32
// CHECK:         %[[R4:.+]] = llvm.or disjoint %[[R0]], %[[C128]] : i32
// CHECK:         %[[M0:.+]] = llvm.icmp "slt" %[[R0]], %arg2 : i32
// CHECK:         %[[M4:.+]] = llvm.icmp "slt" %[[R4]], %arg2 : i32
// CHECK:         %[[X0:.+]] = llvm.getelementptr %arg0[%[[R0]]]
// CHECK:         %[[X4:.+]] = llvm.getelementptr %arg0[%[[R4]]]
// CHECK:         %[[V0:.+]]:4 = gpu.load %[[X0]], %[[M0]], %[[NEGINF]], %[[NEGINF]], %[[NEGINF]], %[[NEGINF]] {space = global, cache = cg, evict = evict_last} : !llvm.ptr<1> -> f32, f32, f32, f32
// CHECK-NEXT:    %[[V4:.+]]:4 = gpu.load %[[X4]], %[[M4]], %[[NEGINF]], %[[NEGINF]], %[[NEGINF]], %[[NEGINF]] {space = global, cache = cg, evict = evict_last}
// CHECK:         %[[Y0:.+]] = llvm.getelementptr %arg1[%[[R0]]]
// CHECK:         %[[Y4:.+]] = llvm.getelementptr %arg1[%[[R4]]]
// CHECK:         gpu.store %[[Y0]], %[[M0]], %[[V0]]#0, %[[V0]]#1, %[[V0]]#2, %[[V0]]#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
// CHECK-NEXT:    gpu.store %[[Y4]], %[[M4]], %[[V4]]#0, %[[V4]]#1, %[[V4]]#2, %[[V4]]#3 {space = global}
// CHECK-NEXT:    llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @masked(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %cst = arith.constant dense<0xFF800000> : tensor<256xf32, #blocked>
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %xp, %m, %cst {cache = 3 : i32, evict = 3 : i32} : tensor<256x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %yp, %v, %m : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Eight f16 per thread move as four 32-bit words (128 bits), split into
// halves (lane 0 in the low half); a half that changed is packed again as
// a vector bitcast (PTX's mov.b32 {lo, hi}, no shifts), and the halves of
// a loaded word packed in order are the word itself.
// CHECK-LABEL: llvm.func @halves
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         %[[P:.+]] = llvm.getelementptr %arg0[%{{.+}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i16
// CHECK:         %[[W:.+]]:4 = gpu.load %[[P]] {space = global} : !llvm.ptr<1> -> i32, i32, i32, i32
// CHECK-NEXT:    %[[V0:.+]] = llvm.bitcast %[[W]]#0 : i32 to vector<2xf16>
// CHECK-NEXT:    %[[H0:.+]] = llvm.extractelement %[[V0]][%[[C0]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[H1:.+]] = llvm.extractelement %[[V0]][%[[C1]] : i32] : vector<2xf16>
// CHECK-NOT:     llvm.lshr
// CHECK-NOT:     llvm.insertelement
// CHECK:         gpu.store %{{.+}}, %[[W]]#0, %[[W]]#1, %[[W]]#2, %[[W]]#3 {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
// CHECK:         %[[N0:.+]] = llvm.fneg %[[H0]]
// CHECK:         %[[N1:.+]] = llvm.fneg %[[H1]]
// CHECK:         %[[U:.+]] = llvm.mlir.undef : vector<2xf16>
// CHECK-NEXT:    %[[I0:.+]] = llvm.insertelement %[[N0]], %[[U]][%[[C0]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[I1:.+]] = llvm.insertelement %[[N1]], %[[I0]][%[[C1]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[O0:.+]] = llvm.bitcast %[[I1]] : vector<2xf16> to i32
// CHECK-NOT:     llvm.shl
// CHECK:         gpu.store %{{.+}}, %[[O0]], %{{.+}}, %{{.+}}, %{{.+}} {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
// CHECK-NEXT:    llvm.return
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @halves(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %z: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %xp : tensor<256x!tt.ptr<f16>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    tt.store %yp, %v : tensor<256x!tt.ptr<f16>, #blocked>
    %n = arith.negf %v : tensor<256xf16, #blocked>
    %zs = tt.splat %z : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #blocked>
    %zp = tt.addptr %zs, %r : tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xi32, #blocked>
    tt.store %zp, %n : tensor<256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// 64 elements over 128 threads: lane bit 4 and both warp bits repeat data,
// so only threads with those bits clear store. A scalar is stored by
// thread 0; a volatile scalar load keeps its flag.
// CHECK-LABEL: llvm.func @repeated
// CHECK-NEXT:    %[[TID:.+]] = gpu.thread_id x : i32
// CHECK:         %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK:         %[[C112:.+]] = llvm.mlir.constant(112 : i32) : i32
// CHECK-NEXT:    %[[F:.+]] = llvm.and %[[TID]], %[[C112]] : i32
// CHECK-NEXT:    %[[OWNER:.+]] = llvm.icmp "eq" %[[F]], %[[C0]] : i32
// CHECK-NEXT:    %[[T0:.+]] = llvm.icmp "eq" %[[TID]], %[[C0]] : i32
// CHECK:         gpu.store %{{.+}}, %[[OWNER]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
// CHECK-NEXT:    %[[L:.+]] = gpu.load %arg1 {space = global, volatile} : !llvm.ptr<1> -> i32
// CHECK-NEXT:    %[[S:.+]] = llvm.add %[[L]], %arg2 : i32
// CHECK-NEXT:    gpu.store %arg1, %[[T0]], %[[S]] {space = global} : !llvm.ptr<1>, i32
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @repeated(%y: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %s: !tt.ptr<i32>, %v: i32) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %ys = tt.splat %y : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %yp, %r : tensor<64x!tt.ptr<i32>, #blocked>
    %l = tt.load %s {isVolatile = true} : !tt.ptr<i32>
    %w = arith.addi %l, %v : i32
    tt.store %s, %w : !tt.ptr<i32>
    tt.return
  }
}

// -----

// A mask that axis info proves constant over each thread's 4 elements
// (cols < n, n divisible by 16) is one compare per vector, not one per
// element; the load and the store share it.
// CHECK-LABEL: llvm.func @mask_per_vector
// CHECK:         %[[M:.+]] = llvm.icmp "slt" %{{.+}}, %arg1 : i32
// CHECK-NOT:     llvm.icmp
// CHECK:         gpu.load %{{.+}}, %[[M]] {space = global} : !llvm.ptr<1> -> f32, f32, f32, f32
// CHECK-NOT:     llvm.icmp
// CHECK:         gpu.store %{{.+}}, %[[M]],
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mask_per_vector(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %v = tt.load %q, %m : tensor<128x!tt.ptr<f32>, #blocked>
    tt.store %q, %v, %m : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Four bytes a thread move as one word. Their loaded word, taken apart
// into the four i8 registers, is what the store packs again: the store
// writes the loaded word itself, not a word rebuilt with shifts and ors.
// CHECK-LABEL: llvm.func @copy_bytes
// CHECK:         %[[W:.+]] = gpu.load %{{.+}} {space = global} : !llvm.ptr<1> -> i32
// CHECK-NOT:     llvm.or
// CHECK:         gpu.store %{{.+}}, %[[W]] {space = global} : !llvm.ptr<1>, i32
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_bytes(%p: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<i8>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %pp : tensor<128x!tt.ptr<i8>, #blocked>
    %qs = tt.splat %q : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<128x!tt.ptr<i8>, #blocked>, tensor<128xi32, #blocked>
    tt.store %qp, %x : tensor<128x!tt.ptr<i8>, #blocked>
    tt.return
  }
}
