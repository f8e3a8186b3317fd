package axisinfo

import (
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "test-print-alignment",
		DisplayName: "TestAxisInfoPass",
		Summary:     "print the result of the alignment analysis pass",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				st.PreserveAll()
				if ds := Remarks(op); len(ds) > 0 {
					return ds
				}
				return nil
			}
		},
	})
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "test-print-amd-alignment",
		DisplayName: "AMDTestAxisInfoPass",
		Summary:     "print the result of the alignment analysis pass with the AMD backend's visitors",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				st.PreserveAll()
				if ds := remarks(op, Analyze(op, AMDVisitor)); len(ds) > 0 {
					return ds
				}
				return nil
			}
		},
	})
}

// Remarks analyzes module and returns one remark per result of every op
// in its tt.func bodies, at the op's location, with the message
// "<value> => contiguity = [...], divisibility = [...], constancy = [...],
// constant_value = ..." (Triton's test-print-alignment).
//
// The pass manager has no channel for diagnostics that do not fail a
// pass, so the pass returns the remarks as its error: with
// --verify-diagnostics they are checked like any other diagnostic.
func Remarks(module *ir.Operation) ir.Diagnostics { return remarks(module, Analyze(module)) }

// remarks reports the results of analysis m of module, as Remarks.
func remarks(module *ir.Operation, m *Module) ir.Diagnostics {
	var out ir.Diagnostics
	ir.WalkOps(module, func(fn *ir.Operation) {
		if fn.Name() != "tt.func" {
			return
		}
		ir.Walk(fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
			for _, r := range op.Results() {
				msg := fmt.Sprintf("'%s' result #%d => ", op.Name(), r.(*ir.OpResult).Index())
				if i, ok := m.Info(r); ok {
					msg += i.String()
				}
				out = append(out, &ir.Diagnostic{Loc: op.Loc(), Severity: ir.SevRemark, Message: msg})
			}
			return ir.Advance
		})
	})
	return out
}
