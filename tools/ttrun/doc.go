// Package ttrun implements the tt-run tool: run a Triton kernel (TTIR or
// TTGIR) over a launch grid on NumPy .npy buffers, write and check its
// outputs. The logic lives in Run so that tests call the tool in-process;
// cmd/tt-run is a thin wrapper.
//
// Execution goes through a Backend. The interp backend (package interp, a
// CPU interpreter with Triton's semantics) is the default; the sim backend
// lowers the kernel with tt-translate's pipeline and runs the per-thread
// code in the SIMT simulator (package sim, shared-memory races reported);
// the cuda backend runs the PTX on a GPU. A backend implements Backend and
// calls RegisterBackend, after which `--backend NAME` selects it. Backends receive the kernel, the grid and
// the arguments in tt.func order (buffers as npy arrays whose Data they
// update in place, scalars as values), plus launch options (num_warps,
// shared memory) a GPU needs.
//
// RunCase runs the cases of a Triton case manifest (the format of
// shared/kernels/cases/manifest.json) and compares outputs as
// shared/tools/gpu_check.py does: float outputs are poisoned with NaN
// before the run, integer outputs start from the given contents, and a
// case passes when the relative Frobenius error is within its tol (exact
// equality when tol is 0 or the data are integers).
package ttrun
