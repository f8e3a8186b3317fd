package triton

import (
	"math/big"
	"slices"

	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Loads, stores, block pointers, tensor descriptors and atomics
// (semantic.py's memory operators).

func (g *gen) loadCache(s string) memory.CacheModifier {
	switch s {
	case "":
		return memory.CacheNone
	case ".ca":
		return memory.CacheCA
	case ".cg":
		return memory.CacheCG
	case ".cv":
		return memory.CacheCV
	}
	g.failCur("ValueError: Cache modifier %s not supported", s)
	return 0
}

func (g *gen) storeCache(s string) memory.CacheModifier {
	switch s {
	case "":
		return memory.CacheNone
	case ".wb":
		return memory.CacheWB
	case ".cg":
		return memory.CacheCG
	case ".cs":
		return memory.CacheCS
	case ".wt":
		return memory.CacheWT
	}
	g.failCur("ValueError: Cache modifier %s not supported", s)
	return 0
}

func (g *gen) eviction(s string) memory.EvictionPolicy {
	switch s {
	case "":
		return memory.EvictNormal
	case "evict_last":
		return memory.EvictLast
	case "evict_first":
		return memory.EvictFirst
	}
	g.failCur("ValueError: Eviction policy %s not supported", s)
	return 0
}

func (g *gen) padding(s string) tt.PaddingOption {
	switch s {
	case "":
		return 0
	case "zero":
		return tt.PadZero
	case "nan":
		return tt.PadNaN
	}
	g.failCur("ValueError: Padding option %s not supported", s)
	return 0
}

// boundaryCheck is _canonicalize_boundary_check.
func (g *gen) boundaryCheck(o Object, rank int) []int64 {
	if o == nil || isNone(o) {
		return nil
	}
	if t, ok := unwrap(o).(*Tuple); ok && len(t.Values) == 0 {
		return nil
	}
	dims := g.intList(o, "boundary_check")
	seen := map[int64]bool{}
	for _, d := range dims {
		if d < 0 || d >= int64(rank) {
			g.failCur("AssertionError: boundary_check dimension %d out of range", d)
		}
		if seen[d] {
			g.failCur("AssertionError: Duplicate dimension in `boundary_check`")
		}
		seen[d] = true
	}
	sortInts(dims)
	return dims
}

func isBlockPtr(t *DType) bool { return t.IsPtr() && t.elem.IsBlock() }

func builtinLoad(g *gen, c *callArgs) Object {
	v := c.bind(g, "pointer", "mask=", "other=", "boundary_check=", "padding_option=", "cache_modifier=",
		"eviction_policy=", "volatile=")
	ptr := g.tensorArg(v[0])
	var mask, other *Tensor
	if v[1] != nil && !isNone(v[1]) {
		mask = g.toTensor(v[1])
	}
	if v[2] != nil && !isNone(v[2]) {
		other = g.toTensor(v[2])
	}
	cache := g.loadCache(optString(v[5]))
	evict := g.eviction(optString(v[6]))
	pad := g.padding(optString(v[4]))
	volatile := g.boolArg(v[7], false)
	if isBlockPtr(ptr.T) {
		if mask != nil || other != nil {
			g.failCur("ValueError: `mask` and `other` arguments cannot be specified for loading block pointers")
		}
		elt := ptr.T.elem.elem
		if elt.IsInt() && pad == tt.PadNaN {
			g.failCur("ValueError: Padding option `nan` is not supported for integer block pointers")
		}
		dst := ptr.T.elem
		bc := g.boundaryCheck(v[3], len(dst.Shape()))
		op := tt.NewLoad(g.b, g.loc, ptr.V, nil, nil, tt.LoadOptions{Cache: cache, Evict: evict, IsVolatile: volatile,
			BoundaryCheck: bc, Padding: pad})
		return &Tensor{V: op.Result(0), T: dst}
	}
	if !ptr.T.Scalar().IsPtr() {
		g.failCur("ValueError: Unsupported ptr type %s in `tl.load`", ptr.T)
	}
	if mask == nil && other != nil {
		g.failCur("ValueError: `other` cannot be provided without `mask`")
	}
	if pad != 0 || len(g.boundaryCheck(v[3], 8)) > 0 {
		g.failCur("ValueError: `padding_option` or `boundary_check` argument is not supported for loading a tensor ofpointers or loading a scalar. Because the compiler does not know the boundary; please use block pointers (defined by `make_block_ptr`) instead")
	}
	if !ptr.T.IsBlock() {
		if mask != nil && mask.T.IsBlock() {
			g.failCur("ValueError: Mask argument cannot be block type if pointer argument is not a block")
		}
		if other != nil && other.T.IsBlock() {
			g.failCur("ValueError: Other argument cannot be block type if pointer argument is not a block")
		}
	}
	if ptr.T.IsBlock() {
		if mask != nil {
			ptr, mask = g.broadcastValues(ptr, mask)
		}
		if other != nil {
			ptr, other = g.broadcastValues(ptr, other)
		}
	}
	if mask != nil && !mask.T.Scalar().IsBool() {
		// Triton checks this for stores only; a load with an integer mask
		// builds a tt.load its verifier rejects.
		g.failCur("ValueError: Mask must have boolean scalar type")
	}
	ptrTy := ptr.T.Scalar()
	elt := ptrTy.elem
	isBool := elt.IsBool()
	if isBool {
		elt = Int8
		ptr = g.castTo(ptr, PointerTo(Int8, ptrTy.addrSpace, false), "")
	}
	if other != nil {
		other = g.castToElement(other, elt, "tl.load's other")
	}
	dst := ptr.T.WithElement(elt)
	opts := tt.LoadOptions{Cache: cache, Evict: evict, IsVolatile: volatile}
	var mv, ov ir.Value
	if mask != nil {
		mv = mask.V
		if other != nil {
			ov = other.V
		}
	}
	op := tt.NewLoad(g.b, g.loc, ptr.V, mv, ov, opts)
	ret := &Tensor{V: op.Result(0), T: dst}
	if isBool {
		ret = g.castTo(ret, Int1, "")
	}
	return ret
}

func builtinStore(g *gen, c *callArgs) Object {
	v := c.bind(g, "pointer", "value", "mask=", "boundary_check=", "cache_modifier=", "eviction_policy=")
	ptr := g.tensorArg(v[0])
	val := g.toTensor(v[1])
	var mask *Tensor
	if v[2] != nil && !isNone(v[2]) {
		mask = g.toTensor(v[2])
	}
	cache := g.storeCache(optString(v[4]))
	evict := g.eviction(optString(v[5]))
	if ptr.T.IsConst() || ptr.T.Scalar().IsConst() {
		g.failCur("ValueError: Cannot store to a constant pointer")
	}
	if isBlockPtr(ptr.T) {
		if mask != nil {
			g.failCur("ValueError: `mask` and `other` arguments cannot be specified for loading block pointers")
		}
		shape := ptr.T.elem.Shape()
		if !val.T.IsBlock() {
			val = g.broadcastShape(val, shape)
		}
		if !slices.Equal(shape, val.T.Shape()) {
			g.failCur("AssertionError: Block shape(%s) and value shape(%s) mismatch", shapeString(shape), shapeString(val.T.Shape()))
		}
		if !ptr.T.elem.elem.Equal(val.T.Scalar()) {
			g.failCur("AssertionError: Block element type(%s) and value element type(%s) mismatch", ptr.T.elem.elem, val.T.Scalar())
		}
		bc := g.boundaryCheck(v[3], len(shape))
		val = g.castToElement(val, ptr.T.elem.elem, "tl.store")
		tt.NewStore(g.b, g.loc, ptr.V, val.V, nil, cache, evict, bc)
		return None
	}
	if !ptr.T.Scalar().IsPtr() {
		g.failCur("ValueError: Unsupported ptr type %s in `tl.store`", ptr.T)
	}
	if len(g.boundaryCheck(v[3], 8)) > 0 {
		g.failCur("ValueError: `boundary_check` argument is not supported for storing a tensor of pointers or storing a scalar. Because the compiler does not know the boundary; please use block pointers (defined by `make_block_ptr`) instead")
	}
	if !ptr.T.IsBlock() {
		if val.T.IsBlock() {
			g.failCur("ValueError: Value argument cannot be block type if pointer argument is not a block")
		}
		if mask != nil && mask.T.IsBlock() {
			g.failCur("ValueError: Mask argument cannot be block type if pointer argument is not a block")
		}
	}
	if ptr.T.IsBlock() {
		before := ptr.T.Shape()
		if mask == nil {
			bt := g.broadcastTensors(ptr, val)
			ptr, val = bt[0], bt[1]
		} else {
			bt := g.broadcastTensors(ptr, val, mask)
			ptr, val, mask = bt[0], bt[1], bt[2]
		}
		if !slices.Equal(before, ptr.T.Shape()) {
			g.failCur("ValueError: Expected pointer argument to have shape %s but got %s", shapeString(ptr.T.Shape()), shapeString(before))
		}
	}
	ptrTy := ptr.T.Scalar()
	elt := ptrTy.elem
	if elt.IsBool() {
		elt = Int8
		ptr = g.castTo(ptr, PointerTo(Int8, ptrTy.addrSpace, false), "")
	}
	val = g.castToElement(val, elt, "tl.store")
	var mv ir.Value
	if mask != nil {
		if !mask.T.Scalar().IsBool() {
			g.failCur("ValueError: Mask must have boolean scalar type")
		}
		mv = mask.V
	}
	tt.NewStore(g.b, g.loc, ptr.V, val.V, mv, cache, evict, nil)
	return None
}

// irValues is _convert_to_ir_values for block pointer and descriptor
// shapes, strides and offsets.
func (g *gen) irValues(o Object, i64 bool) []ir.Value {
	var elems []Object
	if t, ok := unwrap(o).(*Tuple); ok {
		elems = t.Values
	} else {
		elems = []Object{o}
	}
	var out []ir.Value
	for _, e := range elems {
		e = unwrap(e)
		switch x := e.(type) {
		case bool:
			// Triton passes an i1 on, which no op taking shapes, strides
			// or offsets accepts (its IR would not verify).
			g.failCur("AssertionError: Expected an integer in shape/strides/offsets, got the boolean %s", repr(x))
		case *big.Int:
			if i64 {
				if !x.IsInt64() {
					g.failCur("AssertionError: Block pointers only support 64 bit `shape/strides`, got a value %s which is out of the range", x)
				}
				out = append(out, g.constInt(ir.I64(g.c.ctx), x.Int64()))
			} else {
				if x.Cmp(big.NewInt(-1<<31)) < 0 || x.Cmp(big.NewInt(1<<31)) >= 0 {
					g.failCur("AssertionError: Block pointers only support 32 bit `offsets/block_shape`, got a value %s which is out of the range", x)
				}
				out = append(out, g.constInt(ir.I32(g.c.ctx), x.Int64()))
			}
		case *Tensor:
			if x.T.Numel() != 1 || x.T.IsBlock() {
				g.failCur("AssertionError: Expected a scalar in shape/strides/offsets")
			}
			if !x.T.Scalar().IsInt() {
				g.failCur("AssertionError: Expected an integer scalar type in shape/strides/offsets")
			}
			if !i64 && x.T.Scalar().PrimitiveBitwidth() < 32 {
				// Triton passes narrow integers on unconverted; the ops
				// take i32 offsets and would not verify.
				g.failCur("AssertionError: offsets and block shapes must be 32-bit integers, got %s (add a `.to(tl.int32)`)", x.T)
			}
			switch {
			case !x.T.Equal(Int64) && i64:
				out = append(out, g.intCast(x.V, ir.I64(g.c.ctx), x.T.IsIntSigned()))
			case x.T.Scalar().PrimitiveBitwidth() > 32 && !i64:
				// Triton asserts this of int64; a uint64 it passes on,
				// and its IR does not verify (the ops take i32).
				g.failCur("AssertionError: Block pointers only support 32 bit `offsets/block_shape`, add a `.to(tl.int32)` or use regular indexing for 64 bit support")
			default:
				out = append(out, x.V)
			}
		default:
			g.failCur("AssertionError: Unsupported element type in shape/strides/offsets: %s", typeName(e))
		}
	}
	return out
}

func builtinMakeBlockPtr(g *gen, c *callArgs) Object {
	v := c.bind(g, "base", "shape", "strides", "offsets", "block_shape", "order")
	shape := g.irValues(v[1], true)
	strides := g.irValues(v[2], true)
	offsets := g.irValues(v[3], false)
	base := g.tensorArg(v[0])
	if !base.T.IsPtr() || base.T.elem.IsBlock() {
		g.failCur("ValueError: Expected `base` to be a pointer type (but not a block pointer type or others)")
	}
	if base.T.elem.IsBool() {
		base = g.castTo(base, PointerTo(Int8, base.T.addrSpace, false), "")
	}
	block := g.intList(v[4], "block_shape")
	order := g.intList(v[5], "order")
	seen := make([]bool, len(order))
	for _, o := range order {
		if o < 0 || int(o) >= len(order) || seen[o] {
			g.failCur("AssertionError: Expected a permutation of (0, 1, ..., len(order)-1) in order")
		}
		seen[o] = true
	}
	for _, n := range []int{len(shape), len(strides), len(offsets), len(order)} {
		if n != len(block) {
			g.failCur("AssertionError: Expected shape/strides/offsets/block_shape to have the same length")
		}
	}
	op := tt.NewMakeTensorPtr(g.b, g.loc, base.V, shape, strides, offsets, block, order)
	return &Tensor{V: op.Result(0), T: PointerTo(BlockOf(base.T.elem, block), 1, false)}
}

func builtinAdvance(g *gen, c *callArgs) Object {
	v := c.bind(g, "base", "offsets")
	base := g.tensorArg(v[0])
	offs := g.irValues(v[1], false)
	return &Tensor{V: tt.NewAdvance(g.b, g.loc, base.V, offs).Result(0), T: base.T}
}

// makeScalar is semantic.make_scalar.
func (g *gen) makeScalar(v Object, dt *DType) *Tensor {
	if t, ok := unwrap(v).(*Tensor); ok {
		if t.T.Numel() != 1 {
			g.failCur("AssertionError: only accepts size-1 tensor")
		}
		return g.castTo(t, dt, "")
	}
	return g.scalarConstant(unwrap(v), dt)
}

func builtinMakeTensorDescriptor(g *gen, c *callArgs) Object {
	v := c.bind(g, "base", "shape", "strides", "block_shape", "padding_option=")
	base := g.tensorArg(v[0])
	shapeT, ok1 := unwrap(v[1]).(*Tuple)
	stridesT, ok2 := unwrap(v[2]).(*Tuple)
	blockT, ok3 := unwrap(v[3]).(*Tuple)
	if !ok1 || !ok2 || !ok3 {
		g.failCur("TypeError: make_tensor_descriptor expects shape, strides and block_shape as lists")
	}
	n := len(shapeT.Values)
	if n < 1 || n > 5 {
		g.failCur("ValueError: Expected 1 <= ndim <= 5 but got %d dimensions", n)
	}
	if len(stridesT.Values) != n {
		g.failCur("ValueError: Expected %d strides but got %d", n, len(stridesT.Values))
	}
	if len(blockT.Values) != n {
		g.failCur("ValueError: Expected block_shape to have %d dimensions but got %d", n, len(stridesT.Values))
	}
	if !base.T.IsPtr() {
		g.failCur("AssertionError: the base of a tensor descriptor must be a pointer")
	}
	elemSize := int64(base.T.elem.PrimitiveBitwidth() / 8)
	block := g.intList(blockT, "block_shape")
	if block[n-1]*elemSize < 16 {
		g.failCur("ValueError: Descriptor block shape must have at least 16 bytes in the last dimension, but got %d * %d = %d bytes", block[n-1], elemSize, block[n-1]*elemSize)
	}
	if last, ok := intValue(stridesT.Values[n-1]); !ok || last != 1 {
		g.failCur("ValueError: Tensor descriptor last dim must be 1 but got %s", str(stridesT.Values[n-1]))
	}
	var shape, strides []Object
	for _, x := range shapeT.Values {
		shape = append(shape, g.makeScalar(x, Int32))
	}
	for _, x := range stridesT.Values {
		strides = append(strides, g.makeScalar(x, Int64))
	}
	for _, d := range block {
		if d <= 0 || d&(d-1) != 0 {
			g.failCur("ValueError: block_shape elements must be powers of 2")
		}
	}
	pad := g.padding(optString(v[4]))
	if v[4] == nil {
		pad = tt.PadZero
	}
	if base.T.elem.IsInt() && pad == tt.PadNaN {
		g.failCur("ValueError: Padding option `nan` is not supported for integer blocks")
	}
	bt := BlockOf(base.T.elem, block)
	var ops []ir.Value
	ops = append(ops, base.V)
	for _, s := range shape {
		ops = append(ops, s.(*Tensor).V)
	}
	for _, s := range strides {
		ops = append(ops, s.(*Tensor).V)
	}
	dt := descIR(g.c.ctx, bt)
	h := g.op1("tt.make_tensor_descriptor", ops, dt, ir.NamedAttr{Name: "padding", Value: ir.I32EnumAttr(g.c.ctx, pad)})
	shapeTy := &TupleType{Types: repeatType(Int32, n)}
	strideTy := &TupleType{Types: repeatType(Int64, n)}
	return &Desc{V: h, T: &DescType{Block: bt, Shape: shapeTy, Strides: strideTy}, Shape: shape, Strides: strides}
}

func (g *gen) descArg(o Object) *Desc {
	d, ok := unwrap(o).(*Desc)
	if !ok {
		g.failCur("AssertionError: expected a tensor descriptor, got %s", typeName(o))
	}
	return d
}

func (g *gen) descOffsets(d *Desc, offsets Object) []ir.Value {
	offs := g.irValues(offsets, false)
	if len(offs) != len(d.T.Block.Shape()) {
		g.failCur("AssertionError: expected %d offsets, but got %d", len(d.T.Block.Shape()), len(offs))
	}
	return offs
}

func (g *gen) descLoad(d *Desc, offsets Object) Object {
	offs := g.descOffsets(d, offsets)
	res := g.ty(d.T.Block)
	return &Tensor{V: tt.NewDescriptorLoad(g.b, g.loc, d.V, offs, res).Result(0), T: d.T.Block}
}

func (g *gen) descStore(d *Desc, offsets, value Object) Object {
	val := g.tensorArg(value)
	n := len(d.T.Block.Shape())
	if t, ok := unwrap(offsets).(*Tuple); ok && len(t.Values) != n {
		g.failCur("AssertionError: expected %d offsets, but got %d", n, len(t.Values))
	}
	if !slices.Equal(val.T.Shape(), d.T.Block.Shape()) {
		g.failCur("AssertionError: the value's shape %s is not the descriptor's block shape %s", shapeString(val.T.Shape()), shapeString(d.T.Block.Shape()))
	}
	val = g.castToElement(val, d.T.Block.Scalar(), "the descriptor store")
	offs := g.irValues(offsets, false)
	tt.NewDescriptorStore(g.b, g.loc, d.V, val.V, offs)
	return None
}

func (g *gen) descReduce(d *Desc, kind tt.DescriptorReduceKind, offsets, value Object, allowed ...*DType) Object {
	val := g.tensorArg(value)
	if !slices.Equal(val.T.Shape(), d.T.Block.Shape()) {
		g.failCur("AssertionError: the value's shape %s is not the descriptor's block shape %s", shapeString(val.T.Shape()), shapeString(d.T.Block.Shape()))
	}
	ok := false
	for _, a := range allowed {
		ok = ok || a.Equal(d.T.Block.Scalar())
	}
	if !ok {
		g.failCur("AssertionError: Unsupported dtype")
	}
	offs := g.descOffsets(d, offsets)
	g.op("tt.descriptor_reduce", append([]ir.Value{d.V, val.V}, offs...), nil,
		ir.NamedAttr{Name: "kind", Value: ir.I32EnumAttr(g.c.ctx, kind)})
	return None
}

func descriptorMethods() map[string]Object {
	red := func(name string, kind tt.DescriptorReduceKind, allowed ...*DType) *Builtin {
		return kb(name, func(g *gen, c *callArgs) Object {
			v := c.bind(g, "self", "offsets", "value")
			return g.descReduce(g.descArg(v[0]), kind, v[1], v[2], allowed...)
		})
	}
	ints := []*DType{UInt32, Int32, UInt64, Int64}
	return map[string]Object{
		"load": kb("load", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "self", "offsets")
			return g.descLoad(g.descArg(v[0]), v[1])
		}),
		"store": kb("store", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "self", "offsets", "value")
			return g.descStore(g.descArg(v[0]), v[1], v[2])
		}),
		"atomic_add": red("atomic_add", tt.ReduceAdd, UInt32, Int32, UInt64, FP32, FP16, BF16),
		"atomic_min": red("atomic_min", tt.ReduceMin, UInt32, Int32, UInt64, Int64, FP16, BF16),
		"atomic_max": red("atomic_max", tt.ReduceMax, UInt32, Int32, UInt64, Int64, FP16, BF16),
		"atomic_and": red("atomic_and", tt.ReduceAnd, ints...),
		"atomic_or":  red("atomic_or", tt.ReduceOr, ints...),
		"atomic_xor": red("atomic_xor", tt.ReduceXor, ints...),
		"gather": kb("gather", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "self", "*args")
			d := g.descArg(v[0])
			args := v[1].(*Tuple).Values
			if len(args) != 2 {
				g.failCur("AssertionError: descriptor gather only supports 2D indexing, but got %d", len(args))
			}
			return g.descGather(d, g.tensorArg(args[0]), args[1])
		}),
		"scatter": kb("scatter", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "self", "value", "*args")
			d := g.descArg(v[0])
			args := v[2].(*Tuple).Values
			if len(args) != 2 {
				g.failCur("AssertionError: descriptor scatter only supports 2D indexing, but got %d", len(args))
			}
			g.descScatterCheck(d, g.tensorArg(args[0]))
			y := g.irValues(&Tuple{Values: []Object{args[1]}}, false)[0]
			val := g.tensorArg(v[1])
			g.op("tt.descriptor_scatter", []ir.Value{d.V, g.tensorArg(args[0]).V, y, val.V}, nil)
			return None
		}),
	}
}

func (g *gen) descScatterCheck(d *Desc, x *Tensor) {
	bs := d.T.Block.Shape()
	if len(bs) != 2 || bs[0] != 1 {
		g.failCur("AssertionError: descriptor must be 2D with 1 row, but got %s", shapeString(bs))
	}
	if len(x.T.Shape()) != 1 || x.T.Shape()[0] < 8 {
		g.failCur("AssertionError: descriptor gather/scatter needs 1D x offsets with at least 8 rows")
	}
	minCols := int64(32 / d.T.Block.Scalar().PrimitiveBitwidth() * 8)
	if bs[1] < minCols {
		g.failCur("AssertionError: descriptor gather of %s must have at least %d columns, but got %d", d.T.Block.Scalar(), minCols, bs[1])
	}
}

func (g *gen) descGather(d *Desc, x *Tensor, y Object) Object {
	g.descScatterCheck(d, x)
	t := BlockOf(d.T.Block.Scalar(), []int64{x.T.Shape()[0], d.T.Block.Shape()[1]})
	yv := g.irValues(&Tuple{Values: []Object{y}}, false)[0]
	return &Tensor{V: g.op1("tt.descriptor_gather", []ir.Value{d.V, x.V, yv}, g.ty(t)), T: t}
}

// ---------------------------------------------------------------------
// Atomics

func (g *gen) sem(o Object) memory.MemSemantic {
	switch optString(o) {
	case "", "acq_rel":
		return memory.SemAcqRel
	case "acquire":
		return memory.SemAcquire
	case "release":
		return memory.SemRelease
	case "relaxed":
		return memory.SemRelaxed
	}
	g.failCur("ValueError: Memory semantic %s not supported", optString(o))
	return 0
}

func (g *gen) scope(o Object) memory.MemSyncScope {
	switch optString(o) {
	case "", "gpu":
		return memory.ScopeGPU
	case "cta":
		return memory.ScopeCTA
	case "sys":
		return memory.ScopeSystem
	}
	g.failCur("ValueError: Memory semantic %s not supported", optString(o))
	return 0
}

func builtinAtomicCAS(g *gen, c *callArgs) Object {
	v := c.bind(g, "pointer", "cmp", "val", "sem=", "scope=")
	cmp := g.toTensor(v[1])
	val := g.toTensor(v[2])
	sem, scope := g.sem(v[3]), g.scope(v[4])
	ptr := g.tensorArg(v[0])
	elt := ptr.T.Scalar().elem
	if elt == nil {
		g.failCur("ValueError: atomic_cas needs a pointer, got %s", ptr.T)
	}
	switch elt.PrimitiveBitwidth() {
	case 16, 32, 64:
	default:
		g.failCur("ValueError: atomic_cas only supports elements with width {16, 32, 64}")
	}
	// Triton converts neither operand: a cmp or val of another IR type or
	// shape than the pointer's elements builds a tt.atomic_cas its
	// verifier refuses ("ptr type matches cmp type"). Say so here.
	want := ptr.T.WithElement(elt)
	for _, o := range []struct {
		name string
		t    *DType
	}{{"cmp", cmp.T}, {"val", val.T}} {
		if g.ty(o.t) != g.ty(want) { // uniqued; uint32 and int32 are both i32
			g.failCur("TypeError: atomic_cas's %s is %s, but the pointer is %s: tt.atomic_cas takes cmp and val of the pointer's element type and shape (%s)", o.name, o.t, ptr.T, want)
		}
	}
	res := tt.NewAtomicCAS(g.b, g.loc, ptr.V, cmp.V, val.V, sem, scope).Result(0)
	return &Tensor{V: res, T: val.T}
}

// atomOperands is atom_red_typechecking_impl.
func (g *gen) atomOperands(ptr, val, mask *Tensor, op string) (*Tensor, *Tensor, *Tensor) {
	if !ptr.T.Scalar().IsPtr() {
		g.failCur("ValueError: Pointer argument of store instruction is %s", ptr.T)
	}
	if ptr.T.IsConst() || ptr.T.Scalar().IsConst() {
		g.failCur("ValueError: Cannot store to a constant pointer")
	}
	elt := ptr.T.Scalar().elem
	if elt.IsFP16() && op != "add" {
		g.failCur("ValueError: atomic_%s does not support fp16", op)
	}
	if elt.IsBF16() && op != "add" {
		g.failCur("ValueError: atomic_%s does not support bf16", op)
	}
	if elt.Equal(Int16) || elt.Equal(UInt16) || elt.PrimitiveBitwidth() < 16 {
		g.failCur("ValueError: atomic_%s does not support %s", op, elt)
	}
	if ptr.T.IsBlock() {
		if mask != nil {
			mask = g.broadcastShape(mask, ptr.T.Shape())
		}
		if val != nil {
			val = g.broadcastShape(val, ptr.T.Shape())
		}
	}
	if mask != nil && !mask.T.Scalar().IsBool() {
		// As for loads: Triton's IR would not verify.
		g.failCur("ValueError: Mask must have boolean scalar type")
	}
	val = g.castToElement(val, elt, "atomic_"+op)
	if mask == nil {
		m := &Tensor{V: g.constInt(ir.I1(g.c.ctx), 1), T: Int1}
		if ptr.T.IsBlock() {
			mt := ptr.T.WithElement(Int1)
			m = &Tensor{V: g.splatValue(m.V, g.ty(mt)), T: mt}
		}
		mask = m
	}
	return ptr, val, mask
}

func atomicBuiltin(name string, kind memory.RMWOp) *Builtin {
	op := name[len("atomic_"):]
	return kb(name, func(g *gen, c *callArgs) Object {
		v := c.bind(g, "pointer", "val", "mask=", "sem=", "scope=")
		val := g.toTensor(v[1])
		sem, scope := g.sem(v[3]), g.scope(v[4])
		var mask *Tensor
		if v[2] != nil && !isNone(v[2]) {
			mask = g.toTensor(v[2])
		}
		ptr, val, mask := g.atomOperands(g.tensorArg(v[0]), val, mask, op)
		st := val.T.Scalar()
		rmw := func(k memory.RMWOp, p, x, m *Tensor) *Tensor {
			return &Tensor{V: tt.NewAtomicRMW(g.b, g.loc, k, p.V, x.V, m.V, sem, scope).Result(0), T: x.T}
		}
		switch kind {
		case memory.RMWAdd:
			k := memory.RMWAdd
			if st.IsFloating() {
				k = memory.RMWFAdd
			}
			return rmw(k, ptr, val, mask)
		case memory.RMWMax, memory.RMWMin:
			if st.IsInt() {
				k := kind
				if !st.IsIntSigned() {
					k = map[memory.RMWOp]memory.RMWOp{memory.RMWMax: memory.RMWUMax, memory.RMWMin: memory.RMWUMin}[kind]
				}
				return rmw(k, ptr, val, mask)
			}
			if !st.Equal(FP32) && !st.Equal(FP64) {
				g.failCur("TypeError: atomic_%s not supported for dtype %s", op, st)
			}
			return g.atomicFloatMinMax(kind == memory.RMWMax, ptr, val, mask, rmw)
		}
		return rmw(kind, ptr, val, mask)
	})
}

// atomicFloatMinMax lowers a float atomic max/min to a signed integer
// max (min) for non-negative values and an unsigned min (max) for
// negative ones, as semantic.atomic_max/atomic_min do.
func (g *gen) atomicFloatMinMax(isMax bool, ptr, val, mask *Tensor, rmw func(memory.RMWOp, *Tensor, *Tensor, *Tensor) *Tensor) Object {
	st := val.T.Scalar()
	iT, uT := Int32, UInt32
	if st.Equal(FP64) {
		iT, uT = Int64, UInt64
	}
	iVal := g.bitcast(val, iT)
	iPtr := g.bitcast(ptr, PointerTo(iT, 1, false))
	uVal := g.bitcast(val, uT)
	uPtr := g.bitcast(ptr, PointerTo(uT, 1, false))
	neg := g.signbit(val)
	pos := g.not(neg)
	posK, negK := memory.RMWMax, memory.RMWUMin
	if !isMax {
		posK, negK = memory.RMWMin, memory.RMWUMax
	}
	posRet := rmw(posK, iPtr, iVal, g.and(mask, pos))
	negRet := rmw(negK, uPtr, uVal, g.and(mask, neg))
	ret := g.where(pos, posRet, negRet)
	return g.bitcast(ret, st)
}

func (g *gen) signbit(x *Tensor) *Tensor {
	bits := x.T.Scalar().PrimitiveBitwidth()
	it, _ := IntDType(bits, false)
	ix := g.bitcast(x, it)
	s := g.shift("arith.shrui", ix, big.NewInt(int64(bits-1)))
	return g.castTo(s, Int1, "")
}
