package transforms

import (
	"flag"

	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "remove-dead-values",
		DisplayName: "RemoveDeadValues",
		Summary:     "Remove dead values",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return RemoveDeadValues(op) }
		},
	})
}

// RemoveDeadValues is MLIR's remove-dead-values pass. After a liveness
// analysis (liveness.go) it
//
//   - removes the dead arguments of private functions (func.func, tt.func)
//     and the matching call operands,
//   - removes the results of private functions that no caller uses, with
//     the matching return operands and call results,
//   - removes the dead results, forwarded operands, region arguments and
//     yielded values of scf.for, scf.if, scf.while, scf.execute_region and
//     scf.index_switch (keeping whatever feeds a kept value), or the whole
//     op when it has no memory effects and no live result,
//   - erases every other op that has no memory effects and no live result.
//
// As in MLIR, IR holding branch ops (cf.br, cf.cond_br, cf.switch) or ops
// other than calls that refer to symbols is rejected.
func RemoveDeadValues(top *ir.Operation) error {
	var bad *ir.Operation
	ir.Walk(top, ir.PreOrder, func(o *ir.Operation) ir.WalkResult {
		if o != top && (o.NumSuccessors() > 0 || !isCall(o) && refersToSymbol(o)) {
			bad = o
			return ir.Interrupt
		}
		return ir.Advance
	})
	if bad != nil {
		return ir.Errorf(bad.Loc(), "cannot optimize an IR with non-function symbol ops, non-call symbol user ops or branch ops")
	}
	l := newLiveness(top)
	r := &deadValueRemover{l: l, top: top}
	ir.Walk(top, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		switch {
		case o == top:
		case isCallable(o):
			r.cleanFunc(o)
		case isRegionBranch(o):
			r.cleanRegionBranch(o)
		case o.Has(ir.Terminator), isCall(o):
			// Cleaned together with their parent or callee.
		default:
			if ir.IsMemoryEffectFree(o) && !l.anyLive(o.Results()) {
				dropUses(o.Results())
				o.Erase()
			}
		}
		return ir.Advance
	})
	return nil
}

// refersToSymbol reports whether an attribute of op holds a symbol
// reference (MLIR's SymbolUserOpInterface, approximately).
func refersToSymbol(op *ir.Operation) bool {
	found := false
	for _, a := range op.Attrs() {
		forSymbolRefs(a.Value, func(*ir.SymbolRefAttr) { found = true })
	}
	return found
}

type deadValueRemover struct {
	l   *liveness
	top *ir.Operation
}

// dropUses detaches every use of vs (the users are dead themselves or
// lose those operands right after).
func dropUses(vs []ir.Value) {
	for _, v := range vs {
		for _, u := range ir.Uses(v) {
			u.Set(nil)
		}
	}
}

// cleanFunc removes the dead arguments and the results no caller uses of
// a private function with a body.
func (r *deadValueRemover) cleanFunc(fn *ir.Operation) {
	body := callableRegion(fn)
	ft := function.FunctionType(fn)
	if body == nil || !ir.IsPrivateSymbol(fn) || ft == nil {
		return
	}
	calls := r.l.callers[fn]
	entry := body.Front()
	deadArgs := make([]bool, entry.NumArguments())
	for i, a := range entry.Arguments() {
		deadArgs[i] = r.l.dead(a)
	}
	for i := len(deadArgs) - 1; i >= 0; i-- {
		if deadArgs[i] {
			dropUses([]ir.Value{entry.Argument(i)})
			entry.EraseArgument(i)
		}
	}
	for _, call := range calls {
		eraseOperandsWhere(call, func(i int) bool { return i < len(deadArgs) && deadArgs[i] })
	}
	deadRets := make([]bool, len(ft.Results))
	for i := range deadRets {
		deadRets[i] = true
		for _, call := range calls {
			if i < call.NumResults() && !r.l.dead(call.Result(i)) {
				deadRets[i] = false
			}
		}
	}
	for _, b := range body.Blocks() {
		if t := b.Last(); t != nil && t.Has(ir.Terminator) && t.NumOperands() == len(deadRets) {
			eraseOperandsWhere(t, func(i int) bool { return deadRets[i] })
		}
	}
	ctx := fn.Context()
	fn.SetAttr(function.FunctionTypeAttr, ir.TypeAttrOf(ctx, ir.Function(ctx, keep(ft.Inputs, deadArgs), keep(ft.Results, deadRets))))
	dropDictEntries(fn, function.ArgAttrsAttr, deadArgs)
	dropDictEntries(fn, function.ResAttrsAttr, deadRets)
	for _, call := range calls {
		eraseResults(call, deadRets)
	}
}

func keep[T any](xs []T, drop []bool) []T {
	var out []T
	for i, x := range xs {
		if i >= len(drop) || !drop[i] {
			out = append(out, x)
		}
	}
	return out
}

// dropDictEntries removes the entries of an arg_attrs/res_attrs array.
func dropDictEntries(fn *ir.Operation, name string, drop []bool) {
	arr, ok := fn.Attr(name).(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != len(drop) {
		return
	}
	fn.SetAttr(name, ir.ArrayAttrOf(fn.Context(), keep(arr.Elems, drop)))
}

func eraseOperandsWhere(op *ir.Operation, drop func(int) bool) {
	vals := op.Operands()
	var kept []ir.Value
	for i, v := range vals {
		if !drop(i) {
			kept = append(kept, v)
		}
	}
	if len(kept) != len(vals) {
		op.SetOperands(kept)
	}
}

// eraseResults rebuilds op without the dropped results, moving its
// regions over (MLIR's dropUsesAndEraseResults).
func eraseResults(op *ir.Operation, drop []bool) {
	any := false
	for _, d := range drop {
		any = any || d
	}
	if !any {
		return
	}
	st := ir.NewState(op.Context(), op.Name(), op.Loc())
	st.Operands = op.Operands()
	st.Types = keep(op.ResultTypes(), drop)
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	for range op.Regions() {
		st.AddRegion()
	}
	// Per-result attributes of calls follow their results.
	for i, a := range st.Props {
		if arr, ok := a.Value.(*ir.ArrayAttr); ok && a.Name == function.ResAttrsAttr && len(arr.Elems) == op.NumResults() {
			st.Props[i].Value = ir.ArrayAttrOf(op.Context(), keep(arr.Elems, drop))
		}
	}
	nop := ir.Create(st)
	op.Block().InsertBefore(nop, op.Next())
	for i, reg := range op.Regions() {
		nop.Region(i).TakeBody(reg)
	}
	j := 0
	for i := 0; i < op.NumResults(); i++ {
		if i < len(drop) && drop[i] {
			dropUses([]ir.Value{op.Result(i)})
			continue
		}
		ir.ReplaceAllUsesWith(op.Result(i), nop.Result(j))
		j++
	}
	op.Erase()
}
