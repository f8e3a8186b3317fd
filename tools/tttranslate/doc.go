// Package tttranslate is tt-translate: it compiles a Triton kernel from
// whatever stage it is at (TTIR, TTGIR or per-thread IR, see DetectLevel)
// through the remaining stages of the pipeline (the Stages table: named
// pipelines and passes registered in passmgr.Default) and emits PTX
// (targets/nvptx), LLVM IR or AMDGCN, plus the kernel metadata JSON of
// ARCHITECTURE.md's ABI.
//
// AMD: an architecture gfxNNN (the default of --target=amdgcn) selects
// the AMD pipelines (ttir-pipeline-amd, ttgir-pipeline-amd with the
// architecture's wavefront size, 64 on CDNA, and Triton's HIP default of
// two stages) and the AMDGCN translation of targets/llvmir; amdgcn runs
// llc (llc-19 preferred: gfx942 needs LLVM 17 or newer) for assembly.
// TTGIR and per-thread input must have been laid out for the requested
// GPU: a module whose ttg.target names the other vendor, or whose warps
// are not the architecture's, is refused (vendor.go).
//
// Run is the command (cmd/tt-translate is a thin main around it);
// Compile and CompileSource are the library entry points that tt-run's
// CUDA backend uses.
package tttranslate
