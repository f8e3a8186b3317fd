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
