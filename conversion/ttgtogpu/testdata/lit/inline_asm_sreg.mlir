// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// Inline assembly that only moves %nsmid or %smid into $0 is the gpu op
// reading that register, whatever its purity: the simulator runs it.
// CHECK-LABEL: llvm.func internal @nsmid() -> i32
// CHECK-NEXT:    %[[N:.+]] = gpu.num_sm_ids : i32
// CHECK-NEXT:    llvm.return %[[N]] : i32
// CHECK-LABEL: llvm.func internal @smid() -> i32
// CHECK-NEXT:    %[[S:.+]] = gpu.sm_id : i32
// CHECK-NEXT:    llvm.return %[[S]] : i32
// White space, mov.b32 and one enclosing brace pair change nothing.
// CHECK-LABEL: llvm.func internal @spaced() -> i32
// CHECK-NEXT:    %[[T:.+]] = gpu.num_sm_ids : i32
// CHECK-NEXT:    llvm.return %[[T]] : i32
// CHECK-NOT:   llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @nsmid() -> i32 {
    %n = tt.elementwise_inline_asm "mov.u32 $0, %nsmid;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    tt.return %n : i32
  }
  tt.func private @smid() -> i32 {
    %s = tt.elementwise_inline_asm "mov.u32 $0, %smid;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
    tt.return %s : i32
  }
  tt.func private @spaced() -> i32 {
    %n = tt.elementwise_inline_asm "\0A\09{ mov.b32\09$0 ,%nsmid ; }\0A" {constraints = " = r ", packed_element = 1 : i32, pure = false} -> i32
    tt.return %n : i32
  }
}

// -----

// A tensor result (which needs a tensor operand; the text ignores it):
// one read, every element of the thread gets it.
// CHECK-LABEL: llvm.func internal @tensor
// CHECK-NEXT:    %[[S:.+]] = gpu.sm_id : i32
// CHECK-NEXT:    %[[U:.+]] = llvm.mlir.undef : !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NEXT:    %[[R0:.+]] = llvm.insertvalue %[[S]], %[[U]][0]
// CHECK-NEXT:    %[[R1:.+]] = llvm.insertvalue %[[S]], %[[R0]][1]
// CHECK-NEXT:    %[[R2:.+]] = llvm.insertvalue %[[S]], %[[R1]][2]
// CHECK-NEXT:    %[[R3:.+]] = llvm.insertvalue %[[S]], %[[R2]][3]
// CHECK-NEXT:    llvm.return %[[R3]]
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @tensor(%x: tensor<128xf32, #blocked>) -> tensor<128xi32, #blocked> {
    %s = tt.elementwise_inline_asm "mov.u32 $0, %smid;" {constraints = "=r,f", packed_element = 1 : i32, pure = true} %x : tensor<128xf32, #blocked> -> tensor<128xi32, #blocked>
    tt.return %s : tensor<128xi32, #blocked>
  }
}

// -----

// Anything else stays inline assembly: another register, more than the
// move, another destination, an unbalanced brace, no semicolon, a 64-bit
// read, a tied input, an operand the text uses, empty text.
// CHECK-LABEL: llvm.func internal @other
// CHECK:         llvm.inline_asm {{.*}}"mov.u32 $0, %laneid;", "=r"
// CHECK-NEXT:    llvm.inline_asm {{.*}}"mov.u32 $0, %nsmid; add.u32 $0, $0, 1;", "=r"
// CHECK-NEXT:    llvm.inline_asm {{.*}}"mov.u32 $1, %nsmid;", "=r"
// CHECK-NEXT:    llvm.inline_asm {{.*}}"{ mov.u32 $0, %nsmid;", "=r"
// CHECK-NEXT:    llvm.inline_asm {{.*}}"mov.u32 $0, %nsmid", "=r"
// CHECK-NEXT:    llvm.inline_asm {{.*}}"mov.u64 $0, %nsmid;", "=l"
// CHECK-NEXT:    llvm.inline_asm {{.*}}"mov.u32 $0, %nsmid;", "=r,0" %arg0
// CHECK-NEXT:    llvm.inline_asm {{.*}}"mov.u32 $0, %smid; // $1", "=r,r" %arg0
// CHECK-NEXT:    llvm.inline_asm {{.*}}"", "=r"
// CHECK-NOT:     gpu.num_sm_ids
// CHECK-NOT:     gpu.sm_id
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @other(%i: i32) -> i32 {
    %0 = tt.elementwise_inline_asm "mov.u32 $0, %laneid;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    %1 = tt.elementwise_inline_asm "mov.u32 $0, %nsmid; add.u32 $0, $0, 1;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    %2 = tt.elementwise_inline_asm "mov.u32 $1, %nsmid;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    %3 = tt.elementwise_inline_asm "{ mov.u32 $0, %nsmid;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    %4 = tt.elementwise_inline_asm "mov.u32 $0, %nsmid" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    %5 = tt.elementwise_inline_asm "mov.u64 $0, %nsmid;" {constraints = "=l", packed_element = 1 : i32, pure = false} -> i64
    %6 = tt.elementwise_inline_asm "mov.u32 $0, %nsmid;" {constraints = "=r,0", packed_element = 1 : i32, pure = false} %i : i32 -> i32
    %7 = tt.elementwise_inline_asm "mov.u32 $0, %smid; // $1" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %i : i32 -> i32
    %9 = tt.elementwise_inline_asm "" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    tt.return %0 : i32
  }
}

// -----

// Two elements per call (packed_element 2) are not one read per element.
// CHECK-LABEL: llvm.func internal @packed
// CHECK:         llvm.inline_asm {{.*}}"mov.u32 $0, %nsmid;", "=r,r"
// CHECK-NOT:     gpu.num_sm_ids
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @packed(%x: tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked> {
    %n = tt.elementwise_inline_asm "mov.u32 $0, %nsmid;" {constraints = "=r,r", packed_element = 2 : i32, pure = false} %x : tensor<64xi32, #blocked> -> tensor<64xi32, #blocked>
    tt.return %n : tensor<64xi32, #blocked>
  }
}
