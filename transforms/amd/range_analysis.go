package amd

import (
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/analysis/intrange"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:    "test-tritonamdgpu-range-analysis",
		Summary: "print the result of the tritonamdgpu-range-analysis pass",
		Anchor:  "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error { PrintRanges(op, st.Emit); return nil }
		},
	})
}

// solveRanges runs Triton's integer range analysis over module.
func solveRanges(module *ir.Operation, emit func(*ir.Diagnostic)) (*intrange.Solver, *intrange.Triton) {
	s, t := intrange.NewTriton(module, func(op *ir.Operation, msg string) { remark(emit, op.Loc(), "%s", msg) })
	s.Run()
	return s, t
}

func remark(emit func(*ir.Diagnostic), loc ir.Location, format string, args ...any) {
	if emit != nil {
		emit(&ir.Diagnostic{Loc: loc, Severity: ir.SevRemark, Message: fmt.Sprintf(format, args...)})
	}
}

// cmpIsStaticallyTrue reports whether the ranges of a cmpi's operands
// prove it true.
func cmpIsStaticallyTrue(s *intrange.Solver, cmp *ir.Operation) bool {
	l, r := s.State(cmp.Operand(0)), s.State(cmp.Operand(1))
	if !l.Set || !r.Set {
		return false
	}
	v, known := intrange.EvaluatePred(arith.CmpIPredicateOf(cmp), l.R, r.R)
	return known && v
}

// PrintRanges is Triton's test-tritonamdgpu-range-analysis: a remark with
// the range of every function argument and op result the analysis
// reaches, "result is true" at comparisons it proves, "non-neg" at
// values it proves non-negative, and each loop's total trip count.
func PrintRanges(module *ir.Operation, emit func(*ir.Diagnostic)) {
	s, t := solveRanges(module, emit)
	label := func(kind string, i, n int, text string) string {
		if n > 1 {
			return fmt.Sprintf("%s %d: %s", kind, i, text)
		}
		return text
	}
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() != "tt.func" || op.Region(0).Empty() {
			return
		}
		args := op.Region(0).Front().Arguments()
		for i, a := range args {
			if l := s.State(a); l.Set {
				remark(emit, a.Loc(), "%s", label("arg", i, len(args), l.R.String()))
			}
		}
	})
	ir.Walk(module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		res := op.Results()
		for i, r := range res {
			if l := s.State(r); l.Set {
				remark(emit, op.Loc(), "%s", label("result", i, len(res), l.R.String()))
			}
		}
		if op.Name() == "arith.cmpi" && len(res) > 0 && s.State(res[0]).Set && cmpIsStaticallyTrue(s, op) {
			remark(emit, op.Loc(), "result is true")
		}
		for i, r := range res {
			if l := s.State(r); l.Set && l.R.NonNegative() {
				remark(emit, op.Loc(), "%s", label("result", i, len(res), "non-neg"))
			}
		}
		if intrange.IsLoop(op) {
			remark(emit, op.Loc(), "inferred total trip count: %d", t.TotalTripCount(op))
		}
		return ir.Advance
	})
}
