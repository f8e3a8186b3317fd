// Package tttranslate is tt-translate: it compiles a Triton kernel from
// whatever stage it is at (TTIR, TTGIR or per-thread IR, see DetectLevel)
// through the remaining stages of the pipeline (the Stages table: named
// pipelines and passes registered in passmgr.Default) and emits PTX
// (targets/nvptx), LLVM IR or AMDGCN, plus the kernel metadata JSON of
// ARCHITECTURE.md's ABI.
//
// Run is the command (cmd/tt-translate is a thin main around it);
// Compile and CompileSource are the library entry points that tt-run's
// CUDA backend uses.
package tttranslate
