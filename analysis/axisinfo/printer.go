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
				for _, d := range Remarks(op) {
					st.Emit(d)
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
				for _, d := range remarks(op, Analyze(op, AMDVisitor)) {
					st.Emit(d)
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
// The passes emit them as non-fatal diagnostics: tt-opt prints them and
// succeeds, and --verify-diagnostics checks them.
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
