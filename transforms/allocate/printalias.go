package allocate

import (
	"flag"
	"sort"
	"strings"

	"github.com/ttcompiler/tt/analysis/alias"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "test-print-alias",
		DisplayName: "TestAliasPass",
		Summary:     "print the result of the alias analysis pass",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				st.PreserveAll()
				for _, d := range AliasRemarks(op) {
					st.Emit(d)
				}
				return nil
			}
		},
	})
}

// AliasRemarks returns Triton's test-print-alias remarks for the tt.func
// ops of module, in order: at each op, "NAME -> ALLOC,ALLOC" for every
// result that may refer to allocated buffers (with the names of the
// local_alloc results, sorted); at an scf.for, first the same for each
// iter_arg, from its init; at a branch, for each argument of the branch's
// own block.
// The pass emits them as non-fatal diagnostics: tt-opt prints them (or
// checks them under --verify-diagnostics) and succeeds.
func AliasRemarks(module *ir.Operation) ir.Diagnostics {
	var out ir.Diagnostics
	ir.Walk(module, ir.PreOrder, func(fn *ir.Operation) ir.WalkResult {
		if fn.Name() != "tt.func" {
			return ir.Advance
		}
		out = append(out, funcAliasRemarks(fn)...)
		return ir.Skip
	})
	return out
}

func funcAliasRemarks(fn *ir.Operation) ir.Diagnostics {
	an := alias.Analyze(fn)
	names := valueNames(fn)
	var out ir.Diagnostics
	emit := func(at *ir.Operation, v, from ir.Value) {
		allocs := an.Allocs(from)
		if len(allocs) == 0 {
			return
		}
		list := make([]string, len(allocs))
		for i, a := range allocs {
			list[i] = names[a]
		}
		sort.Strings(list)
		out = append(out, &ir.Diagnostic{Loc: at.Loc(), Severity: ir.SevRemark,
			Message: names[v] + " -> " + strings.Join(list, ",")})
	}
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.NumResults() == 0 {
			if op.Def().SuccessorOperands != nil && op.Block() != nil {
				for _, a := range op.Block().Arguments() {
					emit(op, a, a)
				}
			}
			return
		}
		if op.Name() == "scf.for" && op.NumRegions() == 1 && !op.Region(0).Empty() {
			args := op.Region(0).Front().Arguments()
			for k := 1; k < len(args) && 3+k-1 < op.NumOperands(); k++ {
				emit(op, args[k], op.Operand(3+k-1))
			}
		}
		for _, r := range op.Results() {
			emit(op, r, r)
		}
	})
	return out
}
