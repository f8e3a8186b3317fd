package gpu

import (
	"github.com/ttcompiler/tt/ir"
)

// The streaming multiprocessor (SM) a thread runs on, as PTX's special
// registers %smid and %nsmid give it:
//
//	%s = gpu.sm_id : i32        the SM identifier of the thread (%smid)
//	%n = gpu.num_sm_ids : i32   the number of SM identifiers (%nsmid)
//
// Persistent kernels size their loop by num_sm_ids: the first P programs
// walk the tiles with stride P, P derived from it. The PTX ISA defines
// %nsmid as the number of SM identifiers, an upper bound of %smid + 1, not
// as the number of SMs the device has: identifiers need not be contiguous,
// so num_sm_ids may exceed the SM count (a host-queried multiprocessor
// count is the exact one). A kernel may only rely on 0 <= sm_id <
// num_sm_ids.
//
// Both ops are Pure, as LLVM's llvm.nvvm.read.ptx.sreg.smid / .nsmid
// intrinsics are (readnone, speculatable) and as Triton's smid builtin
// declares its inline assembly. num_sm_ids is fixed for the launch. A
// thread may move to another SM after preemption (PTX ISA), so sm_id is a
// placement hint for profiling and load balancing, not an identity to
// build correctness on; two reads may be merged.
//
// AMDGPU has no equivalent: the compute-unit count is not readable in a
// kernel, and HW_ID's CU, shader-array and engine fields (s_getreg) do not
// form a dense index, so targets/llvmir refuses both ops on AMDGCN.

var (
	// SMIDOp is the identifier of the SM the thread runs on (%smid).
	SMIDOp = scalarIndexOp("sm_id")
	// NumSMIDsOp is the number of SM identifiers (%nsmid), an upper
	// bound of SMIDOp's values rather than a guaranteed SM count.
	NumSMIDsOp = scalarIndexOp("num_sm_ids")
)

// NewSMID builds `gpu.sm_id : i32`.
func NewSMID(b *ir.Builder, loc ir.Location) *ir.Operation {
	return newScalarIndex(b, loc, SMIDOp)
}

// NewNumSMIDs builds `gpu.num_sm_ids : i32`.
func NewNumSMIDs(b *ir.Builder, loc ir.Location) *ir.Operation {
	return newScalarIndex(b, loc, NumSMIDsOp)
}
