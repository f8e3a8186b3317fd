package ttir

import (
	"sort"

	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// runCombineTensorSelectAndIf is tritongpu-combine-tensor-select-and-if
// (CombineTensorSelectAndIf.cpp): a tensor arith.select whose condition
// also drives an scf.if in the same block becomes one more result of the
// if, yielding the true value in the then branch and the false value in
// the else branch. Scalar selects stay (they are cheap to predicate);
// inside the if, any select on its condition is first resolved to the
// branch's value.
func runCombineTensorSelectAndIf(op *ir.Operation, _ *passmgr.State) error {
	resolveSelectsInsideIfs(op)
	dom := ir.NewDominanceInfo()
	var order []*ir.Operation
	selects := map[*ir.Operation][]*ir.Operation{}
	ir.Walk(op, ir.PostOrder, func(sel *ir.Operation) ir.WalkResult {
		if sel.Name() != "arith.select" {
			return ir.Advance
		}
		if _, ok := sel.Result(0).Type().(*ir.RankedTensorType); !ok {
			return ir.Advance
		}
		var ifs []*ir.Operation
		for _, u := range ir.Users(sel.Operand(0)) {
			if u.Name() == "scf.if" && u.Block() == sel.Block() && u.Operand(0) == sel.Operand(0) {
				ifs = append(ifs, u)
			}
		}
		sort.SliceStable(ifs, func(i, j int) bool { return ifs[i].IsBeforeInBlock(ifs[j]) })
		for _, ifOp := range ifs {
			if canMergeIntoIf(dom, sel, ifOp) {
				if selects[ifOp] == nil {
					order = append(order, ifOp)
				}
				selects[ifOp] = append(selects[ifOp], sel)
				break
			}
		}
		return ir.Advance
	})
	for _, ifOp := range order {
		mergeSelectsIntoIf(ifOp, selects[ifOp])
	}
	return nil
}

// dominates is MLIR's DominanceInfo::dominates on ops: a is b, encloses
// b, or properly dominates it.
func dominates(d *ir.DominanceInfo, a, b *ir.Operation) bool {
	return a == b || a.IsAncestorOf(b) || d.OpDominates(a, b)
}

// canMergeIntoIf: the select must come before the if and the if before
// every user of the select.
func canMergeIntoIf(d *ir.DominanceInfo, sel, ifOp *ir.Operation) bool {
	if !dominates(d, sel, ifOp) {
		return false
	}
	for _, u := range ir.Users(sel.Result(0)) {
		if !dominates(d, ifOp, u) {
			return false
		}
	}
	return true
}

// resolveSelectsInsideIfs replaces, inside every scf.if on condition c,
// the uses of select(c, t, f) by t in the then region and f in the else
// region.
func resolveSelectsInsideIfs(root *ir.Operation) {
	type repl struct {
		sel, val ir.Value
		users    []*ir.Operation
	}
	var todo []*repl
	index := map[[2]ir.Value]*repl{}
	ir.Walk(root, ir.PostOrder, func(sel *ir.Operation) ir.WalkResult {
		if sel.Name() != "arith.select" {
			return ir.Advance
		}
		cond, res := sel.Operand(0), sel.Result(0)
		for _, ifOp := range ir.Users(cond) {
			if ifOp.Name() != "scf.if" {
				continue
			}
			for _, u := range ir.Users(res) {
				if u == ifOp || !ifOp.IsAncestorOf(u) {
					continue
				}
				val := sel.Operand(2)
				if ifOp.Region(0).FindAncestorBlock(u.Block()) != nil {
					val = sel.Operand(1)
				}
				key := [2]ir.Value{res, val}
				r := index[key]
				if r == nil {
					r = &repl{sel: res, val: val}
					index[key] = r
					todo = append(todo, r)
				}
				r.users = append(r.users, u)
			}
		}
		return ir.Advance
	})
	for _, r := range todo {
		for _, user := range r.users {
			ir.ReplaceUsesIf(r.sel, r.val, func(u *ir.OpOperand) bool { return u.Owner() == user })
		}
	}
}

func mergeSelectsIntoIf(ifOp *ir.Operation, sels []*ir.Operation) {
	ctx := ifOp.Context()
	loc := ifOp.Loc()
	types := ifOp.ResultTypes()
	for _, s := range sels {
		types = append(types, s.Result(0).Type())
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(ifOp)
	st := ir.NewState(ctx, "scf.if", loc)
	st.Operands = []ir.Value{ifOp.Operand(0)}
	st.Types = types
	thenR, elseR := st.AddRegion(), st.AddRegion()
	thenR.TakeBody(ifOp.Region(0))
	if !ifOp.Region(1).Empty() {
		elseR.TakeBody(ifOp.Region(1))
	} else {
		blk := ir.NewBlock(ctx, nil, nil)
		elseR.Append(blk)
		eb := ir.NewBuilder(ctx)
		eb.SetInsertionPointToEnd(blk)
		scf.NewYield(eb, loc, nil)
	}
	ni := b.Create(st)
	extend := func(r *ir.Region, operand int) {
		y := r.Front().Last()
		vals := y.Operands()
		for _, s := range sels {
			vals = append(vals, s.Operand(operand))
		}
		yb := ir.NewBuilder(ctx)
		yb.SetInsertionPoint(y)
		scf.NewYield(yb, loc, vals)
		y.Erase()
	}
	extend(ni.Region(0), 1)
	extend(ni.Region(1), 2)
	n := ifOp.NumResults()
	for i, r := range ifOp.Results() {
		ir.ReplaceAllUsesWith(r, ni.Result(i))
	}
	for k, s := range sels {
		ir.ReplaceAllUsesWith(s.Result(0), ni.Result(n+k))
		s.Erase()
	}
	ifOp.Erase()
}
