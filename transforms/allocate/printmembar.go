package allocate

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "test-print-membar",
		DisplayName: "TestMembarPass",
		Summary:     "print the result of the allocation pass",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return Membar(op) }
		},
	})
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "test-tritonamdgpu-membar",
		DisplayName: "TestAMDGPUMembarPass",
		Summary:     "print the result of the membar analysis as run in the amdgpu backend",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return MembarAMD(op) }
		},
	})
}

// Membar inserts the barriers of package membar into module, as Triton's
// test-print-membar does: with a fresh allocation and the NVIDIA filter.
func Membar(module *ir.Operation) error {
	m, err := allocation.Analyze(module, allocation.Options{})
	if err != nil {
		return err
	}
	return membar.Insert(module, m, membar.NVIDIAFilter)
}

// MembarAMD is Triton's test-tritonamdgpu-membar: the barriers of package
// membar as the AMD backend inserts them, its local loads first annotated
// with whether an async wait synchronized them, then with the AMD filter.
func MembarAMD(module *ir.Operation) error {
	membar.AnnotateAsyncWaitedLoads(module)
	m, err := allocation.Analyze(module, allocation.Options{})
	if err != nil {
		return err
	}
	return membar.Insert(module, m, membar.AMDFilter)
}
