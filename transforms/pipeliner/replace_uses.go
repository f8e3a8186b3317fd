package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Redirecting the users of a value to a buffer (Triton's
// replaceUsesWithLocalLoad and replaceUsesAndPropagateType).

// replaceUsesAndPropagateType makes the users of old's result use val (a
// buffer of possibly different type): buffer views of old are rebuilt on
// val with the new type, and warp_group_dot_wait ops are rebuilt with the
// new operand types. onView, if set, sees each replaced view and its
// replacement.
func replaceUsesAndPropagateType(b *ir.Builder, old *ir.Operation, val ir.Value, onView func(oldView, newView *ir.Operation)) {
	restore := b.Restore()
	defer restore()
	var toErase []*ir.Operation
	var toReplace []*ir.OpOperand
	for _, use := range ir.Uses(old.Result(0)) {
		user := use.Owner()
		if user.Name() == "ttg.warp_specialize" {
			for _, r := range user.Regions()[1:] {
				for _, part := range r.Front().Ops() {
					for _, pr := range part.Regions() {
						pr.Front().Argument(use.Index()).SetType(val.Type())
					}
				}
			}
		}
		if !isMemDescView(user) {
			toReplace = append(toReplace, use)
			continue
		}
		b.SetInsertionPoint(user)
		nv := rebuildView(b, user, val)
		if nv == nil {
			toReplace = append(toReplace, use)
			continue
		}
		nv.SetDiscardableAttrs(user.DiscardableAttrs())
		replaceUsesAndPropagateType(b, user, nv.Result(0), onView)
		toErase = append(toErase, user)
		if onView != nil {
			onView(user, nv)
		}
	}
	for _, use := range toReplace {
		owner := use.Owner()
		if owner.Name() == "ttng.warp_group_dot_wait" {
			ops := owner.Operands()
			ops[use.Index()] = val
			b.SetInsertionPointAfter(owner)
			nw := newDotWait(b, owner.Loc(), ops, pendingsOf(owner))
			nw.SetDiscardableAttrs(owner.DiscardableAttrs())
			for i, r := range owner.Results() {
				ir.ReplaceAllUsesWith(r, nw.Result(i))
			}
			owner.Erase()
			continue
		}
		use.Set(val)
	}
	for _, op := range toErase {
		op.Erase()
	}
}

// rebuildView builds view on val instead of its operand, with val's
// mutability.
func rebuildView(b *ir.Builder, view *ir.Operation, val ir.Value) *ir.Operation {
	vt := val.Type().(*ttg.MemDescType)
	old := view.Result(0).Type().(*ttg.MemDescType)
	switch view.Name() {
	case "ttg.memdesc_index":
		t := ttg.MemDesc(b.Ctx, old.Dims, old.Elem, old.Encoding, old.MemorySpace, vt.Mutable, nil)
		return b.CreateOp("ttg.memdesc_index", view.Loc(), []ir.Value{val, view.Operand(1)}, []ir.Type{t})
	case "ttg.memdesc_subslice":
		t := ttg.MemDesc(b.Ctx, old.Dims, old.Elem, old.Encoding, old.MemorySpace, vt.Mutable, old.AllocShape)
		n := b.CreateOp("ttg.memdesc_subslice", view.Loc(), []ir.Value{val}, []ir.Type{t})
		n.SetProp("offsets", view.Attr("offsets"))
		return n
	case "ttg.memdesc_trans":
		order := view.Attr("order").(*ir.DenseArrayAttr)
		var o []int
		for _, x := range order.Ints {
			o = append(o, int(x))
		}
		n, err := ttg.NewMemDescTrans(b, view.Loc(), val, o)
		if err != nil {
			return nil
		}
		return n
	case "ttg.memdesc_reshape":
		n, err := ttg.NewMemDescReshape(b, view.Loc(), val, old.Dims)
		if err != nil {
			return nil
		}
		return n
	}
	return nil
}

// replaceUsesWithLocalLoad makes the users of old (a register value) read
// it from buf: local_allocs of old with buf's layout are replaced by buf,
// the other users by a local_load of buf (after token, if set), which is
// returned (nil if none was needed).
func replaceUsesWithLocalLoad(b *ir.Builder, old ir.Value, buf, token ir.Value) *ir.Operation {
	bufType := buf.Type().(*ttg.MemDescType)
	var allocs []*ir.Operation
	for _, user := range ir.Users(old) {
		if user.Name() == "ttg.local_alloc" && user.Result(0).Type().(*ttg.MemDescType).Encoding == bufType.Encoding {
			replaceUsesAndPropagateType(b, user, buf, nil)
			allocs = append(allocs, user)
		}
	}
	var load *ir.Operation
	if ir.NumUses(old) > len(allocs) {
		load = ttg.NewLocalLoad(b, old.(*ir.OpResult).Owner().Loc(), old.Type(), buf, token)
		// The allocs still use old; they are erased below.
		keep := map[*ir.Operation]bool{}
		for _, a := range allocs {
			keep[a] = true
		}
		ir.ReplaceUsesIf(old, load.Result(0), func(u *ir.OpOperand) bool { return !keep[u.Owner()] })
	}
	for _, a := range allocs {
		a.Erase()
	}
	return load
}
