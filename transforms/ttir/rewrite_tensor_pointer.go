package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// The triton-rewrite-tensor-pointer pass (RewriteTensorPointer.cpp)
// replaces block pointers (tt.make_tensor_ptr / tt.advance) by their
// offsets: a block pointer is a base pointer, a shape, strides (all
// loop-invariant) and one i64 offset per dimension. Loads and stores
// through a block pointer become loads and stores of tensors of pointers
// with boundary-check masks and padding; structured control flow carries
// the offsets instead of the pointer.
//
// Like Triton, the pass rewrites the IR in one recursive walk: it creates
// the new ops before the old ones, records for every old block-pointer
// value its base, shape, strides and current offsets, and erases the old
// ops at the end. Unlike Triton 3.6 it also handles scf.while, checks
// that control-flow merges agree on base, shape and strides, and reports
// unsupported uses as located errors instead of aborting.

// blockPtr is what a block-pointer value stands for.
type blockPtr struct {
	base          ir.Value
	shape         []ir.Value // i64
	strides       []ir.Value // i64
	offsets       []ir.Value // i64
	tensorShape   []int64
	rangedOffsets map[int]ir.Value // per load/store: offset + range, expanded
}

// withOffsets returns a copy of p with new offsets (and no cached ranges).
func (p *blockPtr) withOffsets(offsets []ir.Value) *blockPtr {
	return &blockPtr{base: p.base, shape: p.shape, strides: p.strides, offsets: offsets, tensorShape: p.tensorShape}
}

// sameBase reports whether p and q describe the same tensor.
func (p *blockPtr) sameBase(q *blockPtr) bool {
	if p.base != q.base || len(p.shape) != len(q.shape) {
		return false
	}
	for i := range p.shape {
		if p.shape[i] != q.shape[i] || p.strides[i] != q.strides[i] {
			return false
		}
	}
	return true
}

type tensorPtrRewriter struct {
	ctx   *ir.Context
	b     *ir.Builder
	info  map[ir.Value]*blockPtr
	erase []*ir.Operation
	// carried maps a rewritten loop to the block pointers its yield must
	// forward, by position in the original loop's iter args (nil: not a
	// block pointer).
	carried map[*ir.Operation][]*blockPtr
}

func runRewriteTensorPointer(op *ir.Operation, _ *passmgr.State) error {
	r := &tensorPtrRewriter{ctx: op.Context(), b: ir.NewBuilder(op.Context()),
		info: map[ir.Value]*blockPtr{}, carried: map[*ir.Operation][]*blockPtr{}}
	if err := r.visit(op); err != nil {
		return err
	}
	return eraseReplaced(r.erase)
}

// eraseReplaced erases ops replaced by a rewrite, last replaced first,
// after checking that nothing outside them still uses their values.
func eraseReplaced(ops []*ir.Operation) error {
	doomed := map[*ir.Operation]bool{}
	for _, o := range ops {
		doomed[o] = true
	}
	inDoomed := func(user *ir.Operation) bool {
		for o := user; o != nil; o = o.ParentOp() {
			if doomed[o] {
				return true
			}
		}
		return false
	}
	for _, o := range ops {
		var bad *ir.Operation
		ir.WalkOps(o, func(x *ir.Operation) {
			for _, r := range x.Results() {
				for _, u := range ir.Uses(r) {
					if bad == nil && !inDoomed(u.Owner()) {
						bad = u.Owner()
					}
				}
			}
			for _, reg := range x.Regions() {
				for _, blk := range reg.Blocks() {
					for _, a := range blk.Arguments() {
						for _, u := range ir.Uses(a) {
							if bad == nil && !inDoomed(u.Owner()) {
								bad = u.Owner()
							}
						}
					}
				}
			}
		})
		if bad != nil {
			return ir.OpErrorf(bad, "'%s' uses a block pointer in a way that cannot be rewritten", bad.Name())
		}
	}
	for i := len(ops) - 1; i >= 0; i-- {
		ops[i].Erase()
	}
	return nil
}

func (r *tensorPtrRewriter) visit(op *ir.Operation) error {
	for _, reg := range op.Regions() {
		for _, blk := range reg.Blocks() {
			for o := blk.First(); o != nil; {
				next := o.Next()
				newOp, err := r.rewrite(o)
				if err != nil {
					return err
				}
				if newOp != nil {
					if err := r.visit(newOp); err != nil {
						return err
					}
				}
				o = next
			}
		}
	}
	return nil
}

func hasTensorPtrOperand(op *ir.Operation) bool {
	for _, t := range op.OperandTypes() {
		if tt.IsTensorPointer(t) {
			return true
		}
	}
	return false
}

func hasTensorPtrResult(op *ir.Operation) bool {
	for _, t := range op.ResultTypes() {
		if tt.IsTensorPointer(t) {
			return true
		}
	}
	return false
}

// rewrite handles one op and returns the op whose regions to visit next
// (nil: none).
func (r *tensorPtrRewriter) rewrite(op *ir.Operation) (*ir.Operation, error) {
	r.b.SetInsertionPoint(op)
	switch op.Name() {
	case "tt.make_tensor_ptr":
		return nil, r.rewriteMakeTensorPtr(op)
	case "tt.advance":
		return nil, r.rewriteAdvance(op)
	case "tt.load", "tt.store":
		return nil, r.rewriteLoadStore(op)
	case "scf.if":
		return r.rewriteIf(op)
	case "scf.for":
		if !hasTensorPtrOperand(op) {
			return op, nil
		}
		return r.rewriteFor(op)
	case "scf.while":
		if !hasTensorPtrOperand(op) && !hasTensorPtrResult(op) {
			return op, nil
		}
		return r.rewriteWhile(op)
	case "scf.yield", "scf.condition":
		return nil, r.rewriteTerminator(op)
	}
	if hasTensorPtrOperand(op) || hasTensorPtrResult(op) {
		return nil, ir.OpErrorf(op, "cannot rewrite block pointers through '%s' (supported: tt.advance, tt.load, tt.store, scf.for, scf.if, scf.while)", op.Name())
	}
	return op, nil
}

func (r *tensorPtrRewriter) lookup(op *ir.Operation, v ir.Value) (*blockPtr, error) {
	if p := r.info[v]; p != nil {
		return p, nil
	}
	return nil, ir.OpErrorf(op, "cannot rewrite block pointer operand of '%s': it does not come from tt.make_tensor_ptr through supported ops", op.Name())
}

func (r *tensorPtrRewriter) i64() ir.Type { return ir.I64(r.ctx) }

func (r *tensorPtrRewriter) rewriteMakeTensorPtr(op *ir.Operation) error {
	m := tt.MakeTensorPtrOp{Operation: op}
	block := tt.BlockTypeOfTensorPtr(op.Result(0).Type())
	if block == nil {
		return ir.OpErrorf(op, "tt.make_tensor_ptr must produce a pointer to a tensor")
	}
	var offsets []ir.Value
	for _, off := range m.Offsets() {
		offsets = append(offsets, arith.NewCast(r.b, "arith.extsi", op.Loc(), off, r.i64()).Result(0))
	}
	r.info[op.Result(0)] = &blockPtr{
		base: m.Base(), shape: m.Shape(), strides: m.Strides(), offsets: offsets, tensorShape: block.Dims,
	}
	r.erase = append(r.erase, op)
	return nil
}

func (r *tensorPtrRewriter) rewriteAdvance(op *ir.Operation) error {
	a := tt.AdvanceOp{Operation: op}
	p, err := r.lookup(op, a.Ptr())
	if err != nil {
		return err
	}
	if len(a.Offsets()) != len(p.offsets) {
		return ir.OpErrorf(op, "tt.advance has %d offsets for a rank-%d block pointer", len(a.Offsets()), len(p.offsets))
	}
	offsets := make([]ir.Value, len(p.offsets))
	for i, off := range a.Offsets() {
		ext := arith.NewCast(r.b, "arith.extsi", op.Loc(), off, r.i64())
		offsets[i] = arith.NewBinary(r.b, "arith.addi", op.Loc(), p.offsets[i], ext.Result(0)).Result(0)
	}
	r.info[op.Result(0)] = p.withOffsets(offsets)
	r.erase = append(r.erase, op)
	return nil
}

// rangedOffset returns offsets[i] + [0, tensorShape[i]) as an i64 tensor
// expanded to the block's rank (size 1 in every other dimension).
func (r *tensorPtrRewriter) rangedOffset(p *blockPtr, loc ir.Location, i int) ir.Value {
	if v := p.rangedOffsets[i]; v != nil {
		return v
	}
	n := p.tensorShape[i]
	rowI64 := ir.RankedTensor(r.ctx, []int64{n}, r.i64(), nil)
	splat := tt.NewSplat(r.b, loc, p.offsets[i], rowI64)
	rng := tt.NewMakeRange(r.b, loc, 0, n, nil)
	ext := arith.NewCast(r.b, "arith.extsi", loc, rng.Result(0), rowI64)
	v := arith.NewBinary(r.b, "arith.addi", loc, splat.Result(0), ext.Result(0)).Result(0)
	for j := range p.tensorShape {
		if j != i {
			v = tt.NewExpandDims(r.b, loc, v, j).Result(0)
		}
	}
	if p.rangedOffsets == nil {
		p.rangedOffsets = map[int]ir.Value{}
	}
	p.rangedOffsets[i] = v
	return v
}

func (r *tensorPtrRewriter) pointers(p *blockPtr, loc ir.Location) (ir.Value, error) {
	pt, ok := p.base.Type().(*tt.PointerType)
	if !ok {
		return nil, ir.Errorf(loc, "the base of a block pointer must be a pointer")
	}
	idx := ir.RankedTensor(r.ctx, p.tensorShape, r.i64(), nil)
	ptrs := ir.RankedTensor(r.ctx, p.tensorShape, pt, nil)
	ptr := tt.NewSplat(r.b, loc, p.base, ptrs).Result(0)
	for i := range p.tensorShape {
		off := r.rangedOffset(p, loc, i)
		// Strides are splat into the expanded shape (not a row) so that
		// their divisibility stays visible to axis analysis.
		stride := tt.NewSplat(r.b, loc, p.strides[i], off.Type()).Result(0)
		scaled := arith.NewBinary(r.b, "arith.muli", loc, off, stride).Result(0)
		wide := tt.NewBroadcast(r.b, loc, scaled, idx).Result(0)
		ptr = tt.NewAddPtr(r.b, loc, ptr, wide).Result(0)
	}
	return ptr, nil
}

func (r *tensorPtrRewriter) mask(p *blockPtr, loc ir.Location, dims []int64) (ir.Value, error) {
	maskType := ir.RankedTensor(r.ctx, p.tensorShape, ir.I1(r.ctx), nil)
	var mask ir.Value
	for _, d := range dims {
		if d < 0 || int(d) >= len(p.tensorShape) {
			return nil, ir.Errorf(loc, "boundary check dimension %d is out of range for a rank-%d block", d, len(p.tensorShape))
		}
		off := r.rangedOffset(p, loc, int(d))
		zero := arith.ConstantInt(r.b, loc, 0, r.i64())
		lower := arith.NewCmpI(r.b, loc, arith.CmpISGE, off, tt.NewSplat(r.b, loc, zero, off.Type()).Result(0))
		upper := arith.NewCmpI(r.b, loc, arith.CmpISLT, off, tt.NewSplat(r.b, loc, p.shape[d], off.Type()).Result(0))
		in := arith.NewBinary(r.b, "arith.andi", loc, lower.Result(0), upper.Result(0))
		wide := tt.NewBroadcast(r.b, loc, in.Result(0), maskType).Result(0)
		if mask == nil {
			mask = wide
		} else {
			mask = arith.NewBinary(r.b, "arith.andi", loc, mask, wide).Result(0)
		}
	}
	return mask, nil
}

func (r *tensorPtrRewriter) other(p *blockPtr, loc ir.Location, pad tt.PaddingOption) (ir.Value, error) {
	elem := p.base.Type().(*tt.PointerType).Pointee
	var value ir.Attribute
	switch {
	case pad == tt.PadNaN:
		if !ir.IsFloat(elem) {
			return nil, ir.Errorf(loc, "padding option 'nan' needs a floating-point element type")
		}
		value = ir.FloatAttrOf(r.ctx, elem, nanOf())
	default:
		value = arith.ZeroAttr(r.ctx, elem)
		if value == nil {
			return nil, ir.Errorf(loc, "cannot pad elements of type '%s'", asm.TypeString(elem))
		}
	}
	c := arith.NewConstant(r.b, loc, value)
	return tt.NewSplat(r.b, loc, c.Result(0), ir.RankedTensor(r.ctx, p.tensorShape, elem, nil)).Result(0), nil
}

func (r *tensorPtrRewriter) rewriteLoadStore(op *ir.Operation) error {
	ptr := op.Operand(0)
	if !tt.IsTensorPointer(ptr.Type()) {
		return nil
	}
	stored, err := r.lookup(op, ptr)
	if err != nil {
		return err
	}
	p := stored.withOffsets(stored.offsets) // ranged offsets are per access
	loc := op.Loc()
	if op.Name() == "tt.load" {
		l := tt.LoadOp{Operation: op}
		if l.Mask() != nil || l.Other() != nil {
			return ir.OpErrorf(op, "a load through a block pointer cannot have a mask or other value")
		}
		ptrs, err := r.pointers(p, loc)
		if err != nil {
			return err
		}
		mask, err := r.mask(p, loc, l.BoundaryCheck())
		if err != nil {
			return err
		}
		var other ir.Value
		if pad, ok := l.Padding(); ok {
			if other, err = r.other(p, loc, pad); err != nil {
				return err
			}
		}
		nl := tt.NewLoad(r.b, loc, ptrs, mask, other, tt.LoadOptions{Cache: l.Cache(), Evict: l.Evict(), IsVolatile: l.IsVolatile()})
		ir.ReplaceAllUsesWith(op.Result(0), nl.Result(0))
	} else {
		s := tt.StoreOp{Operation: op}
		if s.Mask() != nil {
			return ir.OpErrorf(op, "a store through a block pointer cannot have a mask")
		}
		ptrs, err := r.pointers(p, loc)
		if err != nil {
			return err
		}
		var dims []int64
		if a, ok := op.Attr("boundaryCheck").(*ir.DenseArrayAttr); ok {
			dims = a.Ints
		}
		mask, err := r.mask(p, loc, dims)
		if err != nil {
			return err
		}
		tt.NewStore(r.b, loc, ptrs, s.Value(), mask, s.Cache(), s.Evict(), nil)
	}
	r.erase = append(r.erase, op)
	return nil
}

// expand replaces each block pointer in vs by its offsets.
func (r *tensorPtrRewriter) expand(op *ir.Operation, vs []ir.Value) ([]ir.Value, error) {
	var out []ir.Value
	for _, v := range vs {
		if !tt.IsTensorPointer(v.Type()) {
			out = append(out, v)
			continue
		}
		p, err := r.lookup(op, v)
		if err != nil {
			return nil, err
		}
		out = append(out, p.offsets...)
	}
	return out, nil
}

// expandTypes replaces each block-pointer type by rank x i64.
func (r *tensorPtrRewriter) expandTypes(ts []ir.Type) []ir.Type {
	var out []ir.Type
	for _, t := range ts {
		if b := tt.BlockTypeOfTensorPtr(t); b != nil {
			for range b.Dims {
				out = append(out, r.i64())
			}
			continue
		}
		out = append(out, t)
	}
	return out
}

// bindExpanded maps each old value to its replacement among news: values
// of other types to the next new value, block pointers to a blockPtr
// whose offsets are the next rank new values. base(i) gives the base of
// old value i.
func (r *tensorPtrRewriter) bindExpanded(olds, news []ir.Value, base func(i int) (*blockPtr, error), m *ir.Mapping, replaceUses bool) error {
	k := 0
	for i, old := range olds {
		b := tt.BlockTypeOfTensorPtr(old.Type())
		if b == nil {
			if m != nil {
				m.Map(old, news[k])
			}
			if replaceUses {
				ir.ReplaceAllUsesWith(old, news[k])
			}
			k++
			continue
		}
		p, err := base(i)
		if err != nil {
			return err
		}
		if len(p.tensorShape) != len(b.Dims) {
			return ir.Errorf(old.Loc(), "block pointer rank mismatch across control flow")
		}
		r.info[old] = p.withOffsets(append([]ir.Value(nil), news[k:k+len(b.Dims)]...))
		if m != nil {
			// Cloned users keep referring to the old value, whose offsets
			// are now known; the rewrite of the clones picks them up.
			m.Map(old, old)
		}
		k += len(b.Dims)
	}
	return nil
}

// origin finds the base, shape and strides of a block-pointer value that
// has not been rewritten yet, by following it back through advances and
// structured control flow to its tt.make_tensor_ptr.
func (r *tensorPtrRewriter) origin(v ir.Value, depth int) (*blockPtr, error) {
	if p := r.info[v]; p != nil {
		return p, nil
	}
	if depth > 1000 {
		return nil, ir.Errorf(v.Loc(), "block pointer definition chain is too deep")
	}
	fail := func() (*blockPtr, error) {
		return nil, ir.Errorf(v.Loc(), "cannot find the tt.make_tensor_ptr that defines this block pointer")
	}
	if def := v.DefiningOp(); def != nil {
		idx := v.(*ir.OpResult).Index()
		switch def.Name() {
		case "tt.make_tensor_ptr":
			m := tt.MakeTensorPtrOp{Operation: def}
			block := tt.BlockTypeOfTensorPtr(v.Type())
			return &blockPtr{base: m.Base(), shape: m.Shape(), strides: m.Strides(), tensorShape: block.Dims}, nil
		case "tt.advance":
			return r.origin(def.Operand(0), depth+1)
		case "scf.for":
			return r.origin(def.Operand(3+idx), depth+1)
		case "scf.while":
			return r.origin(def.Region(0).Front().Last().Operand(1+idx), depth+1)
		case "scf.if":
			then, err := r.origin(def.Region(0).Front().Last().Operand(idx), depth+1)
			if err != nil {
				return nil, err
			}
			if !def.Region(1).Empty() {
				els, err := r.origin(def.Region(1).Front().Last().Operand(idx), depth+1)
				if err != nil {
					return nil, err
				}
				if !then.sameBase(els) {
					return nil, ir.OpErrorf(def, "the branches of 'scf.if' yield block pointers to different tensors")
				}
			}
			return then, nil
		}
		return fail()
	}
	arg := v.(*ir.BlockArgument)
	owner := arg.Owner().ParentOp()
	if owner == nil {
		return fail()
	}
	switch owner.Name() {
	case "scf.for":
		if arg.Index() > 0 {
			return r.origin(owner.Operand(2+arg.Index()), depth+1)
		}
	case "scf.while":
		if arg.Owner().Region() == owner.Region(0) {
			return r.origin(owner.Operand(arg.Index()), depth+1)
		}
		return r.origin(owner.Region(0).Front().Last().Operand(1+arg.Index()), depth+1)
	}
	return fail()
}

func (r *tensorPtrRewriter) rewriteFor(op *ir.Operation) (*ir.Operation, error) {
	oldInits := op.Operands()[3:]
	inits, err := r.expand(op, oldInits)
	if err != nil {
		return nil, err
	}
	nf := scf.NewForShell(r.b, op.Loc(), op.Operand(0), op.Operand(1), op.Operand(2), inits)
	nf.SetDiscardableAttrs(op.DiscardableAttrs())
	for _, a := range op.Props() {
		nf.SetProp(a.Name, a.Value)
	}
	oldBody, newBody := op.Region(0).Front(), nf.Region(0).Front()
	m := ir.NewMapping()
	m.Map(oldBody.Argument(0), newBody.Argument(0))
	initInfo := func(i int) (*blockPtr, error) { return r.lookup(op, oldInits[i]) }
	if err := r.bindExpanded(oldBody.Arguments()[1:], newBody.Arguments()[1:], initInfo, m, false); err != nil {
		return nil, err
	}
	r.b.CloneOps(oldBody, newBody, m)
	r.carried[nf] = r.infosOf(oldBody.Arguments()[1:])
	if err := r.bindExpanded(op.Results(), nf.Results(), initInfo, nil, true); err != nil {
		return nil, err
	}
	r.erase = append(r.erase, op)
	return nf, nil
}

func (r *tensorPtrRewriter) rewriteIf(op *ir.Operation) (*ir.Operation, error) {
	if !hasTensorPtrResult(op) {
		return op, nil
	}
	resultInfo := func(i int) (*blockPtr, error) { return r.origin(op.Result(i), 0) }
	hasElse := !op.Region(1).Empty()
	ni := scf.NewIfShell(r.b, op.Loc(), op.Operand(0), r.expandTypes(op.ResultTypes()), hasElse)
	m := ir.NewMapping()
	r.b.CloneOps(op.Region(0).Front(), ni.Region(0).Front(), m)
	if hasElse {
		r.b.CloneOps(op.Region(1).Front(), ni.Region(1).Front(), m)
	}
	if err := r.bindExpanded(op.Results(), ni.Results(), resultInfo, nil, true); err != nil {
		return nil, err
	}
	r.erase = append(r.erase, op)
	return ni, nil
}

func (r *tensorPtrRewriter) rewriteWhile(op *ir.Operation) (*ir.Operation, error) {
	oldInits := op.Operands()
	inits, err := r.expand(op, oldInits)
	if err != nil {
		return nil, err
	}
	oldBefore, oldAfter := op.Region(0).Front(), op.Region(1).Front()
	st := ir.NewState(r.ctx, "scf.while", op.Loc())
	st.Operands = inits
	st.Types = r.expandTypes(op.ResultTypes())
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	newBefore := ir.NewBlock(r.ctx, ir.TypesOf(inits), locsOf(inits))
	st.AddRegion().Append(newBefore)
	afterTypes := r.expandTypes(oldAfter.ArgumentTypes())
	afterLocs := make([]ir.Location, len(afterTypes))
	for i := range afterLocs {
		afterLocs[i] = op.Loc()
	}
	newAfter := ir.NewBlock(r.ctx, afterTypes, afterLocs)
	st.AddRegion().Append(newAfter)
	nw := r.b.Create(st)

	m := ir.NewMapping()
	initInfo := func(i int) (*blockPtr, error) { return r.lookup(op, oldInits[i]) }
	if err := r.bindExpanded(oldBefore.Arguments(), newBefore.Arguments(), initInfo, m, false); err != nil {
		return nil, err
	}
	condInfo := func(i int) (*blockPtr, error) { return r.origin(oldAfter.Argument(i), 0) }
	if err := r.bindExpanded(oldAfter.Arguments(), newAfter.Arguments(), condInfo, m, false); err != nil {
		return nil, err
	}
	r.b.CloneOps(oldBefore, newBefore, m)
	r.b.CloneOps(oldAfter, newAfter, m)
	r.carried[nw] = r.infosOf(oldBefore.Arguments())
	resInfo := func(i int) (*blockPtr, error) { return r.origin(op.Result(i), 0) }
	if err := r.bindExpanded(op.Results(), nw.Results(), resInfo, nil, true); err != nil {
		return nil, err
	}
	r.erase = append(r.erase, op)
	return nw, nil
}

// rewriteTerminator replaces the block pointers an scf.yield or
// scf.condition forwards by their offsets, after checking that they point
// into the same tensor as the values they flow into.
func (r *tensorPtrRewriter) rewriteTerminator(op *ir.Operation) error {
	if !hasTensorPtrOperand(op) {
		return nil
	}
	first := 0
	if op.Name() == "scf.condition" {
		first = 1
	}
	vals := op.Operands()
	expanded, err := r.expand(op, vals[first:])
	if err != nil {
		return err
	}
	for i, v := range vals[first:] {
		if !tt.IsTensorPointer(v.Type()) {
			continue
		}
		if err := r.checkForwarded(op, v, i); err != nil {
			return err
		}
	}
	op.SetOperands(append(append([]ir.Value(nil), vals[:first]...), expanded...))
	return nil
}

// checkForwarded checks that the block pointer v forwarded at position
// idx by the yield op of a rewritten loop has the base, shape and strides
// of the pointer the loop carries there: a loop that yields a pointer
// into another tensor cannot carry offsets only.
func (r *tensorPtrRewriter) checkForwarded(op *ir.Operation, v ir.Value, idx int) error {
	parent := op.ParentOp()
	if parent == nil || op.Name() != "scf.yield" {
		return nil
	}
	carried := r.carried[parent]
	if idx >= len(carried) || carried[idx] == nil {
		return nil
	}
	if p := r.info[v]; p != nil && !p.sameBase(carried[idx]) {
		return ir.OpErrorf(op, "forwards a block pointer to a different tensor than the loop carries")
	}
	return nil
}

// infosOf returns the block pointers bound to vs (nil where none).
func (r *tensorPtrRewriter) infosOf(vs []ir.Value) []*blockPtr {
	out := make([]*blockPtr, len(vs))
	for i, v := range vs {
		out[i] = r.info[v]
	}
	return out
}

func locsOf(vs []ir.Value) []ir.Location {
	ls := make([]ir.Location, len(vs))
	for i, v := range vs {
		ls[i] = v.Loc()
	}
	return ls
}
