// RUN-TARGETS: gfx942
// Assert traps on AMDGCN.
module {
  llvm.func @assert_amd(%c: i1) attributes {gpu.kernel} {
    gpu.assert %c, "c must hold", "kernel.py", 42
    llvm.return
  }
}
