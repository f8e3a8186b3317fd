// RUN-TARGETS: sm_90
// Loop annotations on back edges become !llvm.loop metadata: a distinct
// self-referencing node per branch, one node per option (unit options,
// i1 and i32 values, a followup loop node), on llvm.br and llvm.cond_br;
// the unannotated branch gets none.
#licm = #llvm.loop_licm<disable = true, versioningDisable = true>
#la = #llvm.loop_annotation<licm = #licm>
#follow = #llvm.loop_annotation<isVectorized = true>
#unroll = #llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = false, count = 4 : i32, followupAll = #follow>, vectorize = #llvm.loop_vectorize<disable = true>, pipeline = #llvm.loop_pipeline<disable = true, initiationinterval = 2 : i32>, mustProgress = true>
module {
  llvm.func @loops(%p: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^head(%c0 : i32)
  ^head(%i: i32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more, ^body, ^second(%c0 : i32)
  ^body:
    %next = llvm.add %i, %c1 : i32
    llvm.br ^head(%next : i32) {loop_annotation = #la}
  ^second(%j: i32):
    %j1 = llvm.add %j, %c1 : i32
    %again = llvm.icmp "slt" %j1, %n : i32
    llvm.cond_br %again, ^second(%j1 : i32), ^third(%c0 : i32) {loop_annotation = #unroll}
  ^third(%k: i32):
    %k1 = llvm.add %k, %c1 : i32
    %go = llvm.icmp "slt" %k1, %n : i32
    llvm.cond_br %go, ^third(%k1 : i32), ^done
  ^done:
    llvm.store %k1, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}
