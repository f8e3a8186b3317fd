package allocate

import (
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// scratchFunctions are the values of test-print-allocation's
// get-scratch-size-function option.
var scratchFunctions = map[string]allocation.ScratchSizeFunc{
	"None":          nil,
	"ValidConstant": allocation.ConstantScratch(128),
}

type choiceFlag struct {
	value   string
	allowed map[string]allocation.ScratchSizeFunc
}

func (c *choiceFlag) String() string { return c.value }

func (c *choiceFlag) Set(s string) error {
	if _, ok := c.allowed[s]; !ok {
		return fmt.Errorf("invalid value '%s' (expected None or ValidConstant)", s)
	}
	c.value = s
	return nil
}

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "test-print-allocation",
		DisplayName: "TestAllocationPass",
		Summary:     "print the result of the allocation pass",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			fn := &choiceFlag{value: "None", allowed: scratchFunctions}
			fs.Var(fn, "get-scratch-size-function", "Custom scratch size function to use (None, ValidConstant)")
			return func(op *ir.Operation, st *passmgr.State) error {
				st.PreserveAll()
				ds, err := AllocationRemarks(op, allocation.Options{Scratch: scratchFunctions[fn.value]})
				if err != nil {
					return err
				}
				for _, d := range ds {
					st.Emit(d)
				}
				return nil
			}
		},
	})
}

// AllocationRemarks returns Triton's test-print-allocation remarks for
// the tt.func ops of module: the function's name, then for every op in
// post-order "scratch offset = O, size = S" (or "virtual ..." for a
// call's reservation) and "offset = O, size = S" for each result with a
// buffer, then "size = N", the function's shared memory size.
func AllocationRemarks(module *ir.Operation, opts allocation.Options) (ir.Diagnostics, error) {
	m, err := allocation.Analyze(module, opts)
	if err != nil {
		return nil, err
	}
	var out ir.Diagnostics
	remark := func(loc ir.Location, format string, args ...any) {
		out = append(out, &ir.Diagnostic{Loc: loc, Severity: ir.SevRemark, Message: fmt.Sprintf(format, args...)})
	}
	ir.Walk(module, ir.PreOrder, func(fn *ir.Operation) ir.WalkResult {
		if fn.Name() != "tt.func" {
			return ir.Advance
		}
		a := m.Func(fn)
		if a == nil {
			return ir.Skip
		}
		remark(fn.Loc(), "%s", ir.SymbolName(fn))
		ir.Walk(fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
			if b := a.ScratchOf(op); b != nil {
				kind := "scratch"
				if b.Kind == allocation.Virtual {
					kind = "virtual"
				}
				remark(op.Loc(), "%s offset = %d, size = %d", kind, b.Offset, b.Size)
			}
			for _, r := range op.Results() {
				if b := a.BufferOf(r); b != nil {
					remark(op.Loc(), "offset = %d, size = %d", b.Offset, b.Size)
				}
			}
			return ir.Advance
		})
		remark(fn.Loc(), "size = %d", a.SharedMemorySize())
		return ir.Skip
	})
	return out, nil
}
