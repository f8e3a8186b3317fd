package allocate

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "allocate-shared-memory",
		DisplayName: "AllocateSharedMemory",
		Summary:     "Add metadata for shared memory allocation",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return SharedMemory(op) }
		},
	})
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "allocate-shared-memory-nv",
		DisplayName: "AllocateSharedMemoryNv",
		Summary:     "Add metadata for shared memory allocation for Nvidia",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			// Triton's NVIDIA variant sizes layout-conversion scratch for
			// the ldmatrix/stmatrix lowerings the target offers. tt's
			// lowering moves conversions through shared memory with plain
			// ld.shared/st.shared (linearlayout.PlanSharedConversion), so
			// the scratch it needs, and therefore the allocation, is the
			// generic one whatever the target: the options are accepted
			// for command-line compatibility.
			fs.Int("compute-capability", 80, "device compute capability")
			fs.Int("ptx-version", 80, "PTX version")
			return func(op *ir.Operation, _ *passmgr.State) error { return SharedMemory(op) }
		},
	})
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "allocate-amdgpu-shared-memory",
		DisplayName: "AllocateAMDGPUSharedMemory",
		Summary:     "Add metadata for shared memory allocation",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			// Triton's AMD variant sizes the scratch of a conversion marked
			// amdg.use_padded_scratch_shmem (by optimize-amd-lds-usage) for
			// its padded lowering. tt lowers every conversion through the
			// swizzled plan (linearlayout.PlanSharedConversion), so the
			// scratch it allocates is that plan's, marked or not: the same
			// as Triton's wherever no conversion is marked.
			return func(op *ir.Operation, _ *passmgr.State) error { return SharedMemory(op) }
		},
	})
}

// SharedMemory allocates the shared memory of module and records it in
// the IR: allocation.offset on the ops that own buffers and ttg.shared on
// the module (Triton's allocate-shared-memory).
func SharedMemory(module *ir.Operation) error {
	m, err := allocation.Analyze(module, allocation.Options{})
	if err != nil {
		return err
	}
	m.Annotate()
	return nil
}
