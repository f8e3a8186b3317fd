// Branches with block arguments: parallel copies on edges, swaps, split
// edges, fallthrough, constant conditions.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @loops(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %one = llvm.mlir.constant(1.000000e+00 : f32) : f32
    %two = llvm.mlir.constant(2.000000e+00 : f32) : f32
    llvm.br ^header(%c0, %one, %two : i32, f32, f32)
  ^header(%i: i32, %a: f32, %b: f32):
    %more = llvm.icmp "slt" %i, %n : i32
    // Both edges carry arguments: the true edge's copies sit behind a
    // branch on the negated predicate.
    llvm.cond_br %more, ^body(%a, %b : f32, f32), ^exit(%b, %a : f32, f32)
  ^body(%x: f32, %y: f32):
    %i1 = llvm.add %i, %c1 : i32
    %odd = llvm.and %i, %c1 : i32
    %isodd = llvm.icmp "ne" %odd, %c0 : i32
    // A swap of the loop-carried values (a cycle of the parallel copy).
    llvm.cond_br %isodd, ^header(%i1, %y, %x : i32, f32, f32), ^latch
  ^latch:
    %s = llvm.fadd %x, %y : f32
    llvm.br ^header(%i1, %s, %y : i32, f32, f32)
  ^exit(%r: f32, %q: f32):
    %t = llvm.mlir.constant(true) : i1
    llvm.cond_br %t, ^store(%r : f32), ^store(%q : f32)
  ^store(%v: f32):
    llvm.store %v, %p : f32, !llvm.ptr<1>
    llvm.return
  }

  llvm.func @rotate(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    llvm.br ^loop(%c0, %c1, %c2, %n : i32, i32, i32, i32)
  ^loop(%a: i32, %b: i32, %c: i32, %k: i32):
    %k1 = llvm.sub %k, %c1 : i32
    %done = llvm.icmp "eq" %k1, %c0 : i32
    // A three-way rotation, and an edge without copies to fall through.
    llvm.cond_br %done, ^out, ^loop(%b, %c, %a, %k1 : i32, i32, i32, i32)
  ^out:
    %s = llvm.add %a, %b : i32
    %s2 = llvm.mul %s, %c : i32
    llvm.store %s2, %p : i32, !llvm.ptr<1>
    llvm.return
  }

  llvm.func @unreachable_kernel() attributes {gpu.kernel} {
    llvm.unreachable
  }
}
