package amd

import (
	"flag"
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-canonicalize-pointers",
		DisplayName: "TritonAMDGPUCanonicalizePointers",
		Summary:     "Canonicalize pointers: rewrite pointers passed to load/store operation as a `<basePtr, offset>` pair.",
		Anchor:      "tt.func",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			large := fs.Bool("enable-large-tensor-ptr-canon", false,
				"Whether to enable canonicalization for pointers pointing to large-tensors (a specialization for tensors over 2GB)")
			return func(op *ir.Operation, st *passmgr.State) error {
				return CanonicalizePointers(op, *large, st.Emit)
			}
		},
	})
}

// CanonicalizePointers is Triton 3.6's tritonamdgpu-canonicalize-pointers
// on one function. Every pointer argument (with tt.pointer_range = 32, or
// any with largeTensors) is followed through its uses as a fat pointer: a
// scalar base pointer and an integer offset (a scalar, or a tensor for
// tensors of pointers), starting at (arg, 0). Along the way
//   - tt.addptr splits its offset into a uniform part (splats, constants
//     and sums and products of them), which advances the scalar base, and
//     a non-uniform part, which is added to the offset; for a pointer to a
//     small tensor (tt.pointer_range = 32) the base stays the argument and
//     all of it goes into a 32-bit offset, which buffer ops can use as is;
//   - splat, broadcast, expand_dims, convert_layout and amdg.extract_slice
//     move only the offset; loops, ifs, whiles, branches and selects carry
//     base and offset as two values;
//   - memory ops, calls, prints and anything else that reads a pointer get
//     it back as splat(base) + offset (truncated to 32 bits where the
//     offset provably fits).
//
// The ops left dead are removed.
func CanonicalizePointers(fn *ir.Operation, largeTensors bool, emit func(*ir.Diagnostic)) error {
	if fn.Name() != "tt.func" || fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil
	}
	poisoned := false
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() == "ub.poison" && !poisoned {
			poisoned = true
			remark(emit, op.Loc(), "skipping canonicalize-pointers due to ub.poison")
		}
	})
	if poisoned {
		return nil
	}
	c := &ptrCanon{
		b:        ir.NewBuilder(fn.Context()),
		fat:      map[ir.Value]fatPtr{},
		info:     map[fatPtr]*fatPtrInfo{},
		slice:    map[*ir.Operation]bool{},
		yieldAt:  map[*ir.Operation][]int{},
		expanded: map[*ir.Block]bool{},
	}
	f := tt.FuncOp{Operation: fn}
	entry := fn.Region(0).Front()
	c.b.SetInsertionPointToStart(entry)
	var roots []ir.Value
	for i, arg := range entry.Arguments() {
		if _, ok := arg.Type().(*tt.PointerType); !ok {
			continue
		}
		bits := 64
		if a, ok := f.ArgAttr(i, "tt.pointer_range").(*ir.IntegerAttr); ok {
			bits = int(a.Int())
		}
		if !largeTensors && bits == 64 {
			continue
		}
		zero := arith.ConstantInt(c.b, fn.Loc(), 0, ir.IntegerTypeOf(fn.Context(), bits))
		k := fatPtr{arg, zero}
		c.fat[arg] = k
		c.get(k).canNarrow = true
		if bits != 64 {
			c.get(k).smallBase = arg
		}
		if !ir.HasUses(arg) {
			// Triton's cast of the argument to its fat pointer has no user.
			remark(emit, fn.Loc(), "expected at least 1 use of unrealized_cast")
		}
		roots = append(roots, arg)
	}
	for _, r := range roots {
		c.collectSlice(r)
	}
	for _, blk := range fn.Region(0).Blocks() {
		if err := c.block(blk); err != nil {
			return err
		}
	}
	c.eraseDead(fn)
	return c.err
}

// fatPtr is a pointer as a scalar base and an offset.
type fatPtr struct{ base, off ir.Value }

// fatPtrInfo is what is known of a fat pointer: attributes to put on the
// pointer it materializes to, the small tensor it points into, and
// whether its offset fits in 32 bits.
type fatPtrInfo struct {
	attrs     []ir.NamedAttr
	smallBase ir.Value
	canNarrow bool
}

func (i *fatPtrInfo) clone() *fatPtrInfo {
	c := *i
	c.attrs = append([]ir.NamedAttr(nil), i.attrs...)
	return &c
}

func (i *fatPtrInfo) setAttr(name string, v ir.Attribute) {
	for k := range i.attrs {
		if i.attrs[k].Name == name {
			i.attrs[k].Value = v
			return
		}
	}
	i.attrs = append(i.attrs, ir.NamedAttr{Name: name, Value: v})
}

type ptrCanon struct {
	b    *ir.Builder
	fat  map[ir.Value]fatPtr
	info map[fatPtr]*fatPtrInfo
	// slice is the ops that read a canonicalized pointer.
	slice map[*ir.Operation]bool
	// yieldAt lists, for the yields of scf.ifs, the positions of fat
	// pointer bases among their rewritten operands.
	yieldAt map[*ir.Operation][]int
	// husks are the ops replaced by new ones, erased at the end;
	// expanded the blocks whose arguments carry fat pointers.
	husks    []*ir.Operation
	expanded map[*ir.Block]bool
	err      error
}

// get returns the info of k, recording the attributes of its base when k
// is new (those of the op defining it, or, for a block argument, the
// `name_argN` attributes of the block's op).
func (c *ptrCanon) get(k fatPtr) *fatPtrInfo {
	if i, ok := c.info[k]; ok {
		return i
	}
	i := &fatPtrInfo{}
	c.info[k] = i
	if arg, ok := k.base.(*ir.BlockArgument); ok {
		owner := arg.Owner().ParentOp()
		if owner == nil {
			return i
		}
		suffix := fmt.Sprintf("_arg%d", arg.Index())
		for _, a := range owner.Attrs() {
			name, ok := strings.CutSuffix(a.Name, suffix)
			if !ok {
				continue
			}
			i.setAttr(name, a.Value)
			if offArg, ok := k.off.(*ir.BlockArgument); ok {
				owner.SetAttr(fmt.Sprintf("%s_arg%d", name, offArg.Index()), a.Value)
			}
		}
		return i
	}
	if d := k.base.DefiningOp(); d != nil {
		i.attrs = append(i.attrs, d.Attrs()...)
	}
	return i
}

// alias records that k has the info of from (a copy).
func (c *ptrCanon) alias(k, from fatPtr) {
	c.info[k] = c.get(from).clone()
}

// collectSlice adds the transitive users of a pointer value to the slice,
// following loop-carried and branch arguments.
func (c *ptrCanon) collectSlice(v ir.Value) {
	for _, use := range ir.Uses(v) {
		c.sliceUse(use)
	}
}

func (c *ptrCanon) sliceUse(use *ir.OpOperand) {
	op := use.Owner()
	if _, ok := ir.ElementTypeOrSelf(use.Get().Type()).(*tt.PointerType); !ok {
		return
	}
	var next []ir.Value
	argsAt := func(args []ir.Value, argOffset, useOffset int) {
		for i, a := range args {
			if i-argOffset == use.Index()-useOffset {
				next = append(next, a)
			}
		}
	}
	resultsOf := op
	switch op.Name() {
	case "scf.while":
		argsAt(op.Region(0).Front().Arguments(), 0, 0)
		argsAt(op.Region(1).Front().Arguments(), 0, 0)
	case "scf.for":
		argsAt(op.Region(0).Front().Arguments(), 1, 3)
	case "cf.br":
		argsAt(op.Successor(0).Arguments(), 0, 0)
	case "cf.cond_br":
		argsAt(op.Successor(0).Arguments(), 0, 1)
		argsAt(op.Successor(1).Arguments(), 0, 1)
	case "scf.yield":
		c.slice[op] = true
		if p := op.ParentOp(); p != nil && p.Name() == "scf.if" {
			resultsOf = p
		}
	}
	if resultsOf == op || resultsOf.Name() == "scf.if" {
		next = append(next, resultsOf.Results()...)
	}
	seen := c.slice[resultsOf]
	c.slice[resultsOf] = true
	if seen && resultsOf.Name() != "scf.if" && op.Name() != "scf.for" && op.Name() != "scf.while" &&
		op.Name() != "cf.br" && op.Name() != "cf.cond_br" {
		return
	}
	for _, v := range next {
		for _, u := range ir.Uses(v) {
			if c.slice[u.Owner()] && u.Owner().Name() != "scf.yield" && u.Owner().Name() != "scf.for" &&
				u.Owner().Name() != "scf.while" && u.Owner().Name() != "cf.br" && u.Owner().Name() != "cf.cond_br" {
				continue
			}
			c.sliceUse(u)
		}
	}
}

// block rewrites the ops of a block in order, descending into regions
// (an scf.if is rewritten after its regions, once its yields are).
func (c *ptrCanon) block(b *ir.Block) error {
	for _, op := range b.Ops() {
		if c.err != nil {
			return c.err
		}
		if !c.slice[op] {
			for _, r := range op.Regions() {
				for _, blk := range r.Blocks() {
					if err := c.block(blk); err != nil {
						return err
					}
				}
			}
			continue
		}
		if op.Name() == "scf.if" {
			for _, r := range op.Regions() {
				for _, blk := range r.Blocks() {
					if err := c.block(blk); err != nil {
						return err
					}
				}
			}
			c.rewriteIf(op)
			continue
		}
		next := c.rewrite(op)
		if next == nil {
			continue
		}
		for _, r := range next.Regions() {
			for _, blk := range r.Blocks() {
				if err := c.block(blk); err != nil {
					return err
				}
			}
		}
	}
	return c.err
}

// fatOf returns the fat pointer of v, if it has one.
func (c *ptrCanon) fatOf(v ir.Value) (fatPtr, bool) {
	k, ok := c.fat[v]
	return k, ok
}

// rewrite rewrites one op of the slice; it returns the op whose regions
// are to be visited next (the new loop for a rewritten loop), or nil.
func (c *ptrCanon) rewrite(op *ir.Operation) *ir.Operation {
	c.b.SetInsertionPoint(op)
	loc := op.Loc()
	switch op.Name() {
	case "tt.splat":
		k, ok := c.fatOf(op.Operand(0))
		if !ok {
			return nil
		}
		if _, isPtr := k.base.Type().(*tt.PointerType); !isPtr || isTensor(k.off) {
			return c.materializeOperands(op)
		}
		out := op.Result(0).Type().(*ir.RankedTensorType)
		off := tt.NewSplat(c.b, loc, k.off, ir.RankedTensor(op.Context(), out.Dims, k.off.Type(), out.Encoding)).Result(0)
		c.mapTo(op.Result(0), fatPtr{k.base, off}, k)
	case "tt.broadcast", "tt.expand_dims", "ttg.convert_layout", "amdg.extract_slice":
		k, ok := c.fatOf(op.Operand(0))
		if !ok {
			return nil
		}
		offT, isT := k.off.Type().(*ir.RankedTensorType)
		if _, isPtr := k.base.Type().(*tt.PointerType); !isPtr || !isT {
			return c.materializeOperands(op)
		}
		out := op.Result(0).Type().(*ir.RankedTensorType)
		nt := ir.RankedTensor(op.Context(), out.Dims, offT.Elem, out.Encoding)
		st := ir.NewState(op.Context(), op.Name(), loc)
		st.Operands = []ir.Value{k.off}
		st.Types = []ir.Type{nt}
		st.CopyAttrsOf(op)
		off := c.b.Create(st).Result(0)
		c.mapTo(op.Result(0), fatPtr{k.base, off}, k)
	case "tt.addptr":
		if _, ok := c.fatOf(op.Operand(0)); !ok {
			return nil
		}
		c.addPtr(op)
	case "tt.load", "tt.store", "tt.atomic_cas", "tt.atomic_rmw", "tt.bitcast",
		"ttg.async_copy_global_to_local", "tt.ptr_to_int":
		if _, ok := ir.ElementTypeOrSelf(op.Operand(0).Type()).(*tt.PointerType); !ok {
			c.fail(op, "expected operand to be pointer-like")
			return nil
		}
		c.materializeOperand(op, 0)
	case "scf.for":
		return c.rewriteFor(op)
	case "scf.while":
		return c.rewriteWhile(op)
	case "scf.yield":
		c.rewriteYield(op)
	case "scf.condition":
		op.SetOperands(append([]ir.Value{op.Operand(0)}, c.flatten(op.Operands()[1:])...))
	case "cf.br":
		args := op.Operands()
		dest := op.Successor(0)
		cf.NewBr(c.b, loc, dest, c.flatten(args))
		c.convertBlockArgs(dest, args)
		op.Erase()
	case "cf.cond_br":
		br := cf.CondBranchOp{Operation: op}
		targs, fargs := br.TrueOperands(), br.FalseOperands()
		t, f := op.Successor(0), op.Successor(1)
		cf.NewCondBr(c.b, loc, op.Operand(0), t, c.flatten(targs), f, c.flatten(fargs))
		c.convertBlockArgs(t, targs)
		c.convertBlockArgs(f, fargs)
		op.Erase()
	case "arith.select":
		c.rewriteSelect(op)
	default:
		// Calls, prints, inline asm, extern elementwise ops and anything
		// else reading the pointer get it materialized.
		return c.materializeOperands(op)
	}
	return nil
}

func isTensor(v ir.Value) bool {
	_, ok := v.Type().(*ir.RankedTensorType)
	return ok
}

func (c *ptrCanon) fail(op *ir.Operation, msg string) {
	if c.err == nil {
		c.err = ir.OpErrorf(op, "tritonamdgpu-canonicalize-pointers: %s", msg)
	}
}

// mapTo records that v is the fat pointer k, with the info of from.
func (c *ptrCanon) mapTo(v ir.Value, k, from fatPtr) {
	c.fat[v] = k
	c.alias(k, from)
}

// flatten replaces the fat pointers among vs by their base and offset.
func (c *ptrCanon) flatten(vs []ir.Value) []ir.Value {
	var out []ir.Value
	for _, v := range vs {
		if k, ok := c.fatOf(v); ok {
			out = append(out, k.base, k.off)
			continue
		}
		out = append(out, v)
	}
	return out
}

// materializeOperand gives operand i of op back as a pointer.
func (c *ptrCanon) materializeOperand(op *ir.Operation, i int) {
	k, ok := c.fatOf(op.Operand(i))
	if !ok {
		return
	}
	c.b.SetInsertionPoint(op)
	op.SetOperand(i, c.materialize(k, op.Loc()))
}

func (c *ptrCanon) materializeOperands(op *ir.Operation) *ir.Operation {
	for i := 0; i < op.NumOperands(); i++ {
		c.materializeOperand(op, i)
	}
	return op
}

// materialize builds the pointer of k: base + offset for a scalar, or
// splat(base) + offset (the offset truncated to 32 bits when it fits),
// with the attributes known of k.
func (c *ptrCanon) materialize(k fatPtr, loc ir.Location) ir.Value {
	info := c.get(k)
	off := k.off
	var add *ir.Operation
	if ot, ok := off.Type().(*ir.RankedTensorType); ok {
		if info.canNarrow && ir.BitWidth(ot.Elem) > 32 {
			off = c.truncOffset(off, loc)
			ot = off.Type().(*ir.RankedTensorType)
		}
		pt := ir.RankedTensor(c.b.Ctx, ot.Dims, k.base.Type(), ot.Encoding)
		splat := tt.NewSplat(c.b, loc, k.base, pt).Result(0)
		add = tt.NewAddPtr(c.b, loc, splat, off)
	} else {
		add = tt.NewAddPtr(c.b, loc, k.base, off)
	}
	for _, a := range info.attrs {
		add.SetAttr(a.Name, a.Value)
	}
	return add.Result(0)
}

// --- offsets -----------------------------------------------------------

// withElem is t (a tensor or scalar integer type) with element elem.
func withElem(ctx *ir.Context, t ir.Type, elem ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return ir.RankedTensor(ctx, rt.Dims, elem, rt.Encoding)
	}
	return elem
}

// createOrFold builds op at the builder and folds it when its operands
// are constants (the builder's createOrFold).
func (c *ptrCanon) createOrFold(st *ir.OperationState) ir.Value {
	op := c.b.Create(st)
	res, ok := pattern.Fold(op)
	if !ok || len(res) != 1 {
		return op.Result(0)
	}
	if res[0].Value != nil {
		op.Erase()
		return res[0].Value
	}
	if res[0].Attr != nil {
		if cst := arith.Dialect.MaterializeConstant(c.b, res[0].Attr, op.Result(0).Type(), op.Loc()); cst != nil {
			op.Erase()
			return cst.Result(0)
		}
	}
	return op.Result(0)
}

func (c *ptrCanon) cast(name string, v ir.Value, elem ir.Type, loc ir.Location) ir.Value {
	st := ir.NewState(c.b.Ctx, name, loc)
	st.Operands = []ir.Value{v}
	st.Types = []ir.Type{withElem(c.b.Ctx, v.Type(), elem)}
	return c.createOrFold(st)
}

func (c *ptrCanon) extOffset(v ir.Value, elem ir.Type, loc ir.Location) ir.Value {
	return c.cast("arith.extsi", v, elem, loc)
}

func (c *ptrCanon) truncOffset(v ir.Value, loc ir.Location) ir.Value {
	if ir.BitWidth(elemOf(v)) == 32 {
		return v
	}
	return c.cast("arith.trunci", v, ir.I32(c.b.Ctx), loc)
}

// castOffset brings v to elem's width.
func (c *ptrCanon) castOffset(v ir.Value, elem ir.Type, loc ir.Location) ir.Value {
	from, to := ir.BitWidth(elemOf(v)), ir.BitWidth(elem)
	switch {
	case from == to:
		return v
	case from < to:
		return c.extOffset(v, elem, loc)
	}
	return c.truncOffset(v, loc)
}

func (c *ptrCanon) addi(x, y ir.Value, loc ir.Location) ir.Value {
	st := ir.NewState(c.b.Ctx, "arith.addi", loc)
	st.Operands = []ir.Value{x, y}
	st.Types = []ir.Type{x.Type()}
	return c.createOrFold(st)
}

func (c *ptrCanon) muli(x, y ir.Value, loc ir.Location) ir.Value {
	return arith.NewBinary(c.b, "arith.muli", loc, x, y).Result(0)
}

func widerElem(x, y ir.Value) ir.Type {
	if ir.BitWidth(elemOf(x)) > ir.BitWidth(elemOf(y)) {
		return elemOf(x)
	}
	return elemOf(y)
}

func isScalarIntZero(v ir.Value) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" || isTensor(v) {
		return false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	return ok && a.Int() == 0
}

func isTensorIntZero(v ir.Value) bool {
	if _, ok := elemOf(v).(*ir.IntegerType); !ok || !isTensor(v) {
		return false
	}
	if d := v.DefiningOp(); d != nil && d.Name() == "tt.splat" {
		return isScalarIntZero(d.Operand(0))
	}
	return isZeroConst(v)
}

// addOffsets adds two offsets of the same kind (scalars or tensors) in
// the wider integer type.
func (c *ptrCanon) addOffsets(x, y ir.Value, loc ir.Location) ir.Value {
	t := widerElem(x, y)
	if isTensorIntZero(x) || isScalarIntZero(x) {
		return c.castOffset(y, t, loc)
	}
	if isTensorIntZero(y) || isScalarIntZero(y) {
		return c.castOffset(x, t, loc)
	}
	return c.addi(c.castOffset(x, t, loc), c.castOffset(y, t, loc), loc)
}

// addUniform adds a scalar offset to a tensor one.
func (c *ptrCanon) addUniform(u, nu ir.Value, loc ir.Location) ir.Value {
	t := widerElem(u, nu)
	if isScalarIntZero(u) {
		return c.castOffset(nu, t, loc)
	}
	cu, cnu := c.castOffset(u, t, loc), c.castOffset(nu, t, loc)
	splat := tt.NewSplat(c.b, loc, cu, cnu.Type()).Result(0)
	if isTensorIntZero(nu) {
		return splat
	}
	return c.addi(splat, cnu, loc)
}

// splatKey identifies a splat of a scalar to a tensor type, to reuse it.
type splatKey struct {
	scalar ir.Value
	t      ir.Type
}

// scalarOf returns the scalar a tensor offset repeats: a splat's source,
// a new constant for a splat constant, or a scalar block argument.
func (c *ptrCanon) scalarOf(v ir.Value, splats map[splatKey]ir.Value, loc ir.Location) (ir.Value, bool) {
	if d := v.DefiningOp(); d != nil {
		switch d.Name() {
		case "tt.splat":
			if splats != nil {
				splats[splatKey{d.Operand(0), v.Type()}] = v
			}
			return d.Operand(0), true
		case "arith.constant":
			if dense, ok := d.Attr("value").(*ir.DenseElementsAttr); ok && dense.IsSplat() && !dense.IsFloat() {
				return arith.ConstantInt(c.b, loc, dense.IntAt(0), elemOf(v)), true
			}
		}
		return nil, false
	}
	if !isTensor(v) {
		return v, true
	}
	return nil, false
}

func (c *ptrCanon) tensorZero(t ir.Type, loc ir.Location) ir.Value {
	rt := t.(*ir.RankedTensorType)
	return c.b.CreateOp("arith.constant", loc, nil, []ir.Type{t},
		ir.NamedAttr{Name: "value", Value: ir.DenseSplat(c.b.Ctx, rt, ir.IntegerAttrOf(c.b.Ctx, rt.Elem, 0))}).Result(0)
}

// decompose splits a tensor offset into a uniform scalar part and a
// non-uniform tensor part whose sum it is.
func (c *ptrCanon) decompose(v ir.Value, bits int, splats map[splatKey]ir.Value, loc ir.Location) (ir.Value, ir.Value) {
	if s, ok := c.scalarOf(v, splats, loc); ok {
		return s, c.tensorZero(v.Type(), loc)
	}
	zero := func() ir.Value { return arith.ConstantInt(c.b, loc, 0, ir.IntegerTypeOf(c.b.Ctx, bits)) }
	d := v.DefiningOp()
	if d == nil {
		return zero(), v
	}
	switch d.Name() {
	case "tt.broadcast":
		u, nu := c.decompose(d.Operand(0), bits, splats, loc)
		return u, tt.NewBroadcast(c.b, loc, nu, v.Type()).Result(0)
	case "tt.expand_dims":
		u, nu := c.decompose(d.Operand(0), bits, splats, loc)
		axis := 0
		if a, ok := d.Attr("axis").(*ir.IntegerAttr); ok {
			axis = int(a.Int())
		}
		return u, tt.NewExpandDims(c.b, loc, nu, axis).Result(0)
	case "arith.addi":
		ul, nul := c.decompose(d.Operand(0), bits, splats, loc)
		ur, nur := c.decompose(d.Operand(1), bits, splats, loc)
		return c.addOffsets(ul, ur, loc), c.addOffsets(nul, nur, loc)
	case "arith.muli":
		ul, nul := c.decompose(d.Operand(0), bits, splats, loc)
		ur, nur := c.decompose(d.Operand(1), bits, splats, loc)
		u := c.muli(ul, ur, loc)
		uls := tt.NewSplat(c.b, loc, ul, nul.Type()).Result(0)
		urs := tt.NewSplat(c.b, loc, ur, nur.Type()).Result(0)
		nn := c.muli(nul, nur, loc)
		un := c.muli(uls, nur, loc)
		nu := c.muli(nul, urs, loc)
		tmp := arith.NewBinary(c.b, "arith.addi", loc, nn, un).Result(0)
		return u, arith.NewBinary(c.b, "arith.addi", loc, tmp, nu).Result(0)
	}
	return zero(), v
}

// canNarrowOffset: a splatted offset plus a 32-bit one stays in 32 bits.
func canNarrowOffset(base, add ir.Value) bool {
	d := base.DefiningOp()
	return d != nil && d.Name() == "tt.splat" && ir.BitWidth(elemOf(add)) == 32
}

// propagatedHints are the axis hints a rewritten tt.addptr keeps.
var propagatedHints = []string{"tt.divisibility", "tt.contiguity", "tt.constancy"}

func (c *ptrCanon) addPtr(op *ir.Operation) {
	k := c.fat[op.Operand(0)]
	orig := op.Operand(1)
	loc := op.Loc()
	if c.get(k).smallBase != nil {
		c.addPtrSmallTensor(op, k)
		return
	}
	rankOf := func(t ir.Type) int {
		if rt, ok := t.(*ir.RankedTensorType); ok {
			return rt.Rank()
		}
		return 1
	}
	var hints []ir.NamedAttr
	for _, h := range propagatedHints {
		if a := op.Attr(h); a != nil {
			hints = append(hints, ir.NamedAttr{Name: h, Value: a})
		}
	}
	newAdd := func(off ir.Value) ir.Value {
		a := tt.NewAddPtr(c.b, loc, k.base, off)
		if rankOf(a.Result(0).Type()) == rankOf(op.Result(0).Type()) {
			for _, h := range hints {
				a.SetAttr(h.Name, h.Value)
			}
		}
		return a.Result(0)
	}
	// The original result type tells a scalar pointer (the operand may be
	// a loop argument already retyped to its base).
	if _, scalar := op.Result(0).Type().(*tt.PointerType); scalar {
		c.mapTo(op.Result(0), fatPtr{newAdd(orig), k.off}, k)
		return
	}
	if s, ok := c.scalarOf(orig, nil, loc); ok {
		c.mapTo(op.Result(0), fatPtr{newAdd(s), k.off}, k)
		return
	}
	u, nu := c.decompose(orig, ir.BitWidth(elemOf(orig)), nil, loc)
	base := newAdd(u)
	canNarrow := c.get(k).canNarrow
	propagate := true
	off := k.off
	if !isTensorIntZero(nu) {
		canNarrow = canNarrow && canNarrowOffset(k.off, nu)
		nu = c.castOffset(nu, elemOf(k.off), loc)
		off = c.addOffsets(nu, k.off, loc)
		propagate = false
	}
	next := fatPtr{base, off}
	c.fat[op.Result(0)] = next
	c.get(next).canNarrow = canNarrow
	if propagate {
		c.get(next).attrs = append([]ir.NamedAttr(nil), c.get(k).attrs...)
	}
}

// addPtrSmallTensor keeps the base of a pointer into a small tensor and
// accumulates the whole offset, in 32 bits, so that the access stays
// relative to the tensor's start.
func (c *ptrCanon) addPtrSmallTensor(op *ir.Operation, k fatPtr) {
	loc := op.Loc()
	old := c.get(k).clone()
	var uniforms, nonUniforms []ir.Value
	type splatPair struct{ tensor, scalar ir.Value }
	var splatTensors []splatPair
	splats := map[splatKey]ir.Value{}
	for _, e := range []ir.Value{k.off, op.Operand(1)} {
		if !isTensor(e) {
			uniforms = append(uniforms, e)
			continue
		}
		if s, ok := c.scalarOf(e, splats, loc); ok {
			splatTensors = append(splatTensors, splatPair{e, s})
			continue
		}
		u, nu := c.decompose(e, ir.BitWidth(elemOf(e)), splats, loc)
		uniforms = append(uniforms, u)
		nonUniforms = append(nonUniforms, nu)
	}
	var uSum, nuSum ir.Value
	for {
		for _, u := range uniforms {
			if uSum == nil {
				uSum = u
			} else {
				uSum = c.addOffsets(uSum, u, loc)
			}
		}
		for _, nu := range nonUniforms {
			if nuSum == nil {
				nuSum = nu
			} else {
				nuSum = c.addOffsets(nuSum, nu, loc)
			}
		}
		if len(splatTensors) == 0 {
			break
		}
		// A splat constant joins the scalar sum when that is a nonzero
		// constant and a tensor part exists; else it joins as a tensor.
		asScalar := uSum != nil && isScalarIntConst(uSum) && !isScalarIntZero(uSum) && len(nonUniforms) > 0
		uniforms, nonUniforms = nil, nil
		for _, s := range splatTensors {
			if asScalar {
				uniforms = append(uniforms, s.scalar)
			} else {
				nonUniforms = append(nonUniforms, s.tensor)
			}
		}
		splatTensors = nil
	}
	off := uSum
	if nuSum != nil {
		if s, ok := splats[splatKey{uSum, nuSum.Type()}]; ok {
			off = c.addOffsets(s, nuSum, loc)
		} else {
			off = c.addUniform(uSum, nuSum, loc)
		}
	}
	if ir.BitWidth(elemOf(off)) > 32 {
		off = c.truncOffset(off, loc)
	}
	next := fatPtr{k.base, off}
	c.fat[op.Result(0)] = next
	old.canNarrow = false
	c.info[next] = old
}

func isScalarIntConst(v ir.Value) bool {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" || isTensor(v) {
		return false
	}
	_, ok := d.Attr("value").(*ir.IntegerAttr)
	return ok
}

// --- control flow ------------------------------------------------------

// rewriteFor rebuilds a loop carrying fat pointers as (base, offset)
// pairs: its inits, block arguments and results.
func (c *ptrCanon) rewriteFor(op *ir.Operation) *ir.Operation {
	f := scf.ForOp{Operation: op}
	inits := f.Inits()
	nf := scf.NewForShell(c.b, op.Loc(), f.LowerBound(), f.UpperBound(), f.Step(), c.flatten(inits))
	for _, a := range op.Attrs() {
		nf.SetAttr(a.Name, a.Value)
	}
	// The new loop takes over the body.
	newBody := nf.Region(0).Front()
	newBody.Erase()
	body := op.Region(0).Front()
	body.Detach()
	nf.Region(0).Append(body)
	c.expandArgs(body, 1, inits)
	c.mapResults(op, nf, inits)
	return nf
}

// expandArgs turns the block arguments from `first` on whose incoming
// values are fat pointers into (base, offset) pairs: the argument becomes
// the base (retyped) and an offset argument follows it.
func (c *ptrCanon) expandArgs(blk *ir.Block, first int, incoming []ir.Value) {
	c.expanded[blk] = true
	pos := first
	for _, v := range incoming {
		arg := blk.Argument(pos)
		k, ok := c.fatOf(v)
		if !ok {
			pos++
			continue
		}
		arg.SetType(k.base.Type())
		off := blk.InsertArgument(pos+1, k.off.Type(), arg.Loc())
		nk := fatPtr{arg, off}
		c.fat[arg] = nk
		c.get(nk) // records the block op's per-argument attributes
		c.alias(nk, k)
		pos += 2
	}
}

// mapResults maps the results of old to those of nw, which has the
// (base, offset) pairs in the places of the fat pointers among incoming.
func (c *ptrCanon) mapResults(old, nw *ir.Operation, incoming []ir.Value) {
	j := 0
	for i, v := range incoming {
		if k, ok := c.fatOf(v); ok {
			c.mapTo(old.Result(i), fatPtr{nw.Result(j), nw.Result(j + 1)}, k)
			j += 2
			continue
		}
		ir.ReplaceAllUsesWith(old.Result(i), nw.Result(j))
		j++
	}
	c.husks = append(c.husks, old)
}

func (c *ptrCanon) rewriteWhile(op *ir.Operation) *ir.Operation {
	inits := op.Operands()
	flat := c.flatten(inits)
	var types []ir.Type
	for _, v := range flat {
		types = append(types, v.Type())
	}
	st := ir.NewState(op.Context(), "scf.while", op.Loc())
	st.Operands = flat
	st.Types = types
	st.CopyAttrsOf(op)
	st.AddRegion()
	st.AddRegion()
	nw := c.b.Create(st)
	for r := 0; r < 2; r++ {
		blk := op.Region(r).Front()
		blk.Detach()
		nw.Region(r).Append(blk)
		c.expandArgs(blk, 0, inits)
	}
	c.mapResults(op, nw, inits)
	return nw
}

// convertBlockArgs expands the arguments of a branch target once.
func (c *ptrCanon) convertBlockArgs(blk *ir.Block, incoming []ir.Value) {
	if !c.expanded[blk] {
		c.expandArgs(blk, 0, incoming)
	}
}

func (c *ptrCanon) rewriteYield(op *ir.Operation) {
	var at []int
	var flat []ir.Value
	for _, v := range op.Operands() {
		if k, ok := c.fatOf(v); ok {
			at = append(at, len(flat))
			flat = append(flat, k.base, k.off)
			continue
		}
		flat = append(flat, v)
	}
	op.SetOperands(flat)
	if p := op.ParentOp(); p != nil && p.Name() == "scf.if" {
		c.yieldAt[op] = at
	}
}

// rewriteIf rebuilds an scf.if whose yields were rewritten, with result
// types from its then-yield.
func (c *ptrCanon) rewriteIf(op *ir.Operation) {
	thenY := op.Region(0).Front().Terminator()
	at, ok := c.yieldAt[thenY]
	if !ok {
		return
	}
	c.b.SetInsertionPoint(op)
	withElse := op.NumRegions() > 1 && !op.Region(1).Empty()
	nw := scf.NewIfShell(c.b, op.Loc(), op.Operand(0), thenY.OperandTypes(), withElse)
	for r := 0; r < op.NumRegions(); r++ {
		if op.Region(r).Empty() || nw.Region(r).Empty() {
			continue
		}
		nw.Region(r).Front().Erase()
		blk := op.Region(r).Front()
		blk.Detach()
		nw.Region(r).Append(blk)
	}
	isPtr := map[int]bool{}
	for _, i := range at {
		isPtr[i] = true
	}
	j := 0
	for i := 0; i < op.NumResults(); i++ {
		if isPtr[j] {
			src := fatPtr{thenY.Operand(j), thenY.Operand(j + 1)}
			c.mapTo(op.Result(i), fatPtr{nw.Result(j), nw.Result(j + 1)}, src)
			j += 2
			continue
		}
		ir.ReplaceAllUsesWith(op.Result(i), nw.Result(j))
		j++
	}
	c.husks = append(c.husks, op)
}

func (c *ptrCanon) rewriteSelect(op *ir.Operation) {
	kt, ok1 := c.fatOf(op.Operand(1))
	kf, ok2 := c.fatOf(op.Operand(2))
	if !ok1 || !ok2 {
		c.materializeOperands(op)
		return
	}
	cond := op.Operand(0)
	loc := op.Loc()
	if isTensor(cond) {
		// A per-element choice between two bases cannot stay scalar.
		c.materializeOperands(op)
		return
	}
	base := arith.NewSelect(c.b, loc, cond, kt.base, kf.base).Result(0)
	off := kt.off
	if kt.off != kf.off {
		off = arith.NewSelect(c.b, loc, cond, kt.off, kf.off).Result(0)
	}
	c.mapTo(op.Result(0), fatPtr{base, off}, kt)
}

// --- clean-up ----------------------------------------------------------

// eraseDead removes the replaced ops and block arguments, and the ops
// left without uses (last ops first).
func (c *ptrCanon) eraseDead(fn *ir.Operation) {
	husk := map[*ir.Operation]bool{}
	for _, h := range c.husks {
		husk[h] = true
	}
	var ops []*ir.Operation
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op != fn {
			ops = append(ops, op)
		}
	})
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if op.ResultsUsed() || !husk[op] && !ir.IsTriviallyDead(op) {
			continue
		}
		delete(husk, op)
		op.Erase()
	}
	for _, h := range c.husks {
		if husk[h] {
			c.fail(h, "a rewritten op still has users")
			return
		}
	}
}
