package allocate

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/ttg"
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
			// Triton's NVIDIA variant sizes layout-conversion scratch by
			// its NVIDIA rule, for the ldmatrix/stmatrix instructions the
			// capability offers (allocation.NvidiaScratchSize); the
			// lowering follows the same plan. Triton's option defaults to
			// 80; here an absent option takes the module's ttg.target
			// ("cuda:90"), as the lowering does, and 80 only when there
			// is none.
			cc := fs.Int("compute-capability", 0, "device compute capability (0: from the module's ttg.target, else 80)")
			fs.Int("ptx-version", 80, "PTX version")
			return func(op *ir.Operation, st *passmgr.State) error {
				cc := nvidiaCapability(op, *cc)
				// The allocation the compiler computed to check the
				// kernel's shared memory, where nothing it read has
				// changed since.
				plan, ok := passmgr.CachedAnalysis[allocation.NvidiaPlan](st, op)
				if !ok || plan.CC != cc {
					m, err := allocation.Analyze(op, allocation.Options{Scratch: allocation.NvidiaScratchSize(cc)})
					if err != nil {
						return err
					}
					plan = allocation.NvidiaPlan{CC: cc, ModuleAllocation: m}
				}
				m := plan.ModuleAllocation
				m.Annotate()
				// The allocation as annotated is the recorded one: the
				// proxy fence insertion reads it without allocating
				// again.
				passmgr.SetAnalysis(st, op, allocation.NvidiaRecorded{CC: cc, ModuleAllocation: m})
				passmgr.Preserve[allocation.NvidiaRecorded](st)
				return nil
			}
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
	return annotate(module, allocation.Options{})
}

// SharedMemoryNV is SharedMemory with the scratch sizes of Triton's
// allocate-shared-memory-nv for compute capability cc (0: the module's
// ttg.target, else 80).
func SharedMemoryNV(module *ir.Operation, cc int) error {
	return annotate(module, allocation.Options{Scratch: allocation.NvidiaScratchSize(nvidiaCapability(module, cc))})
}

// nvidiaCapability is the compute capability allocate-shared-memory-nv
// sizes scratch for: cc, else the module's ttg.target, else 80.
func nvidiaCapability(module *ir.Operation, cc int) int {
	if cc == 0 {
		cc = ttg.ComputeCapability(ttg.Target(module))
	}
	if cc == 0 {
		cc = 80
	}
	return cc
}

func annotate(module *ir.Operation, opts allocation.Options) error {
	m, err := allocation.Analyze(module, opts)
	if err != nil {
		return err
	}
	m.Annotate()
	return nil
}
