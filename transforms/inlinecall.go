package transforms

import (
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/ir"
)

// inlineCall inlines the body of callable at call, as MLIR's inlineCall
// does: the call's block is split after the call, the body is cloned (or,
// when inPlace, moved) between the halves, and the return terminators
// either forward their operands directly (single-block bodies) or become
// cf.br to the continuation block, whose new arguments replace the call's
// results. The call itself is left in place for the caller to erase.
// processInlined sees the inlined blocks before their terminators are
// rewritten (MLIR's processInlinedBlocks hook). It reports whether the
// call was inlined.
func inlineCall(call, callable *ir.Operation, inPlace bool, processInlined func([]*ir.Block)) bool {
	src := callableRegion(callable)
	if src == nil || call.Block() == nil {
		return false
	}
	entry := src.Front()
	resultTypes, ok := callableResultTypes(callable)
	if !ok || call.NumOperands() != entry.NumArguments() || call.NumResults() != len(resultTypes) {
		return false
	}
	for i := 0; i < call.NumOperands(); i++ {
		// MLIR asks the dialect to materialize a conversion; neither func
		// nor tt can, so a type mismatch blocks inlining.
		if call.Operand(i).Type() != entry.Argument(i).Type() {
			return false
		}
	}
	for i, t := range resultTypes {
		if call.Result(i).Type() != t {
			return false
		}
	}
	if !legalToInline(call, callable) {
		return false
	}

	ctx := call.Context()
	inlineBlock := call.Block()
	region := inlineBlock.Region()
	postInsert := splitAfter(ctx, inlineBlock, call)

	// Bring the body in before the continuation block.
	var newBlocks []*ir.Block
	if inPlace {
		for _, b := range append([]*ir.Block(nil), src.Blocks()...) {
			b.Detach()
			region.InsertBefore(b, postInsert)
			newBlocks = append(newBlocks, b)
		}
		for i, a := range entry.Arguments() {
			ir.ReplaceAllUsesWith(a, call.Operand(i))
		}
	} else {
		tmp := ir.NewRegion()
		src.CloneInto(tmp, ir.NewMapping())
		// ir.Region.CloneInto gives the cloned entry block fresh
		// arguments even for mapped values (MLIR skips mapped ones):
		// forward them to the call operands and drop them.
		clonedEntry := tmp.Front()
		for i := clonedEntry.NumArguments() - 1; i >= 0; i-- {
			ir.ReplaceAllUsesWith(clonedEntry.Argument(i), call.Operand(i))
			clonedEntry.EraseArgument(i)
		}
		for _, b := range append([]*ir.Block(nil), tmp.Blocks()...) {
			b.Detach()
			region.InsertBefore(b, postInsert)
			newBlocks = append(newBlocks, b)
		}
	}
	first := newBlocks[0]
	if _, unknown := call.Loc().(*ir.UnknownLoc); !unknown {
		remapInlinedLocations(ctx, newBlocks, call.Loc())
		nameInlinedValues(newBlocks, call)
	}
	if processInlined != nil {
		processInlined(newBlocks)
	}

	if len(newBlocks) == 1 {
		term := first.Last()
		results := term.Operands()
		handleResults(call, results)
		if len(results) == call.NumResults() {
			for i, v := range results {
				ir.ReplaceAllUsesWith(call.Result(i), v)
			}
		}
		term.Erase()
		for _, o := range postInsert.Ops() {
			o.Remove()
			first.Append(o)
		}
		postInsert.Erase()
	} else {
		var args []ir.Value
		for i := 0; i < call.NumResults(); i++ {
			a := postInsert.AddArgument(call.Result(i).Type(), call.Loc())
			ir.ReplaceAllUsesWith(call.Result(i), a)
			args = append(args, a)
		}
		handleResults(call, args)
		b := ir.NewBuilder(ctx)
		for _, nb := range newBlocks {
			t := nb.Last()
			if t == nil || !isReturnOf(t) {
				continue
			}
			b.SetInsertionPoint(t)
			cf.NewBr(b, t.Loc(), postInsert, t.Operands())
			t.Erase()
		}
	}
	// Splice the inlined entry block into the call's block.
	for _, o := range first.Ops() {
		o.Remove()
		inlineBlock.Append(o)
	}
	first.Erase()
	return true
}

// splitAfter splits b after op and returns the new block holding what
// followed op (possibly nothing).
func splitAfter(ctx *ir.Context, b *ir.Block, op *ir.Operation) *ir.Block {
	if next := op.Next(); next != nil {
		return b.SplitBefore(next)
	}
	nb := ir.NewBlock(ctx, nil, nil)
	b.Region().InsertAfter(nb, b)
	return nb
}

// remapInlinedLocations wraps the locations of the inlined ops (nested
// ones too) and block arguments in callsite(loc at callLoc).
func remapInlinedLocations(ctx *ir.Context, blocks []*ir.Block, callLoc ir.Location) {
	cache := map[ir.Location]ir.Location{}
	remap := func(l ir.Location) ir.Location {
		if r, ok := cache[l]; ok {
			return r
		}
		r := ir.Location(ir.CallSite(ctx, l, callLoc))
		cache[l] = r
		return r
	}
	var remapBlock func(b *ir.Block)
	remapBlock = func(b *ir.Block) {
		for i := 0; i < b.NumArguments(); i++ {
			a := b.Argument(i)
			a.SetLoc(remap(a.Loc()))
		}
		for o := b.First(); o != nil; o = o.Next() {
			o.SetLoc(remap(o.Loc()))
			for _, r := range o.Regions() {
				for _, nb := range r.Blocks() {
					remapBlock(nb)
				}
			}
		}
	}
	for _, b := range blocks {
		remapBlock(b)
	}
}

// nameInlinedValues gives inlined values without a name of their own the
// call's name. With --mlir-use-nameloc-as-prefix MLIR names a value after
// the first NameLoc in its location, and callsite(callee, caller) finds
// the caller's NameLoc when the callee location has none; names read
// from text are kept as hints on the values instead of as NameLocs.
func nameInlinedValues(blocks []*ir.Block, call *ir.Operation) {
	callName := ""
	if l := ir.FindNameLoc(call.Loc()); l != nil {
		callName = l.Name
	} else if call.NumResults() > 0 {
		callName = ir.NameHint(call.Result(0))
	}
	rename := func(v ir.Value, defaultName string) {
		if ir.FindNameLoc(v.Loc()) != nil {
			return
		}
		if h := ir.NameHint(v); h == "" || h == defaultName {
			ir.SetNameHint(v, callName)
		}
	}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		for _, a := range b.Arguments() {
			rename(a, "")
		}
		for o := b.First(); o != nil; o = o.Next() {
			if o.NumResults() > 0 {
				rename(o.Result(0), defaultResultName(o))
			}
			for _, r := range o.Regions() {
				for _, nb := range r.Blocks() {
					visit(nb)
				}
			}
		}
	}
	for _, b := range blocks {
		visit(b)
	}
}

// defaultResultName is the name the op suggests for its first result
// (MLIR's getAsmResultNames), or "".
func defaultResultName(op *ir.Operation) string {
	name := ""
	if f := op.Def().ResultNames; f != nil {
		first := op.Result(0)
		f(op, func(v ir.Value, n string) {
			if v == ir.Value(first) {
				name = n
			}
		})
	}
	return name
}
