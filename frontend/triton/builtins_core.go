package triton

import (
	"math/big"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"

	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// triton.language's core builtins (core.py in Triton 3.6): argument
// handling as core.py does it, then the semantic layer.

func kb(name string, f func(g *gen, c *callArgs) Object) *Builtin {
	return &Builtin{Name: name, Kernel: f}
}

// intArg requires a constant int.
func (g *gen) intArg(o Object, what string) int64 {
	v, ok := intValue(o)
	if !ok {
		g.failCur("TypeError: %s must be a constexpr int, got %s", what, typeName(o))
	}
	return v
}

// intList unwraps a shape-like argument (an int or a sequence of ints).
func (g *gen) intList(o Object, what string) []int64 {
	o = unwrap(o)
	if t, ok := o.(*Tuple); ok {
		out := make([]int64, len(t.Values))
		for i, v := range t.Values {
			n, ok := intValue(v)
			if !ok {
				if isTensor(v) {
					g.failCur("TypeError: %s element %d must have type `constexpr[int]`, got a tensor (non-constexpr values cannot be used where a constexpr is required)", what, i)
				}
				g.failCur("TypeError: %s element %d must have type `constexpr[int]`, got `constexpr[%s]`", what, i, typeName(v))
			}
			out[i] = n
		}
		return out
	}
	n, ok := intValue(o)
	if !ok {
		g.failCur("TypeError: %s must be a constexpr int or a tuple of them, got %s", what, typeName(o))
	}
	return []int64{n}
}

// unwrapIterable is _unwrap_iterable: f(x, (a, b)) and f(x, a, b) alike.
func unwrapIterable(t *Tuple) Object {
	if len(t.Values) == 1 {
		if inner, ok := unwrap(t.Values[0]).(*Tuple); ok {
			return inner
		}
	}
	return t
}

// shapeCheck is _shape_check_impl (validate_block_shape).
func (g *gen) shapeCheck(o Object) []int64 {
	shape := g.intList(o, "Shape")
	n := int64(1)
	for i, d := range shape {
		if d <= 0 || d&(d-1) != 0 {
			g.failCur("ValueError: Shape element %d must be a power of 2", i)
		}
		n *= d
		if n > maxTensorNumel {
			g.failCur("ValueError: numel (%d) exceeds triton maximum tensor numel (%d)", n, maxTensorNumel)
		}
	}
	return shape
}

func (g *gen) dtypeArg(o Object, what string) *DType {
	d, ok := unwrap(o).(*DType)
	if !ok {
		g.failCur("TypeError: %s must be a triton dtype, got %s", what, typeName(o))
	}
	return d
}

func optString(o Object) string {
	if o == nil {
		return ""
	}
	if s, ok := unwrap(o).(string); ok {
		return s
	}
	return ""
}

func (g *gen) boolArg(o Object, def bool) bool {
	if o == nil {
		return def
	}
	b, ok := truthy(o)
	if !ok || isTritonValue(o) {
		g.failCur("TypeError: expected a constexpr bool, got %s", typeName(o))
	}
	return b
}

func coreBuiltins() []*Builtin {
	return []*Builtin{
		kb("program_id", func(g *gen, c *callArgs) Object {
			axis := g.intArg(c.bind(g, "axis")[0], "axis")
			if axis < 0 || axis > 2 {
				g.failCur("ValueError: program_id axis must be 0, 1, or 2 but got %d", axis)
			}
			return &Tensor{V: tt.NewGetProgramID(g.b, g.loc, tt.ProgramIDDim(axis)).Result(0), T: Int32}
		}),
		kb("num_programs", func(g *gen, c *callArgs) Object {
			axis := g.intArg(c.bind(g, "axis")[0], "axis")
			if axis < 0 || axis > 2 {
				g.failCur("ValueError: num_programs axis must be 0, 1, or 2 but got %d", axis)
			}
			return &Tensor{V: tt.NewGetNumPrograms(g.b, g.loc, tt.ProgramIDDim(axis)).Result(0), T: Int32}
		}),
		kb("arange", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "start", "end")
			s, ok1 := unwrap(v[0]).(*big.Int)
			e, ok2 := unwrap(v[1]).(*big.Int)
			if !ok1 || !ok2 {
				g.failCur("ValueError: arange's arguments must be of type tl.constexpr")
			}
			if s.BitLen() > 32 || e.BitLen() > 32 || !s.IsInt64() || !e.IsInt64() || s.Int64()>>32 != 0 && s.Sign() > 0 || e.Int64()>>32 != 0 && e.Sign() > 0 {
				g.failCur("ValueError: arange must fit in int32")
			}
			start, end := s.Int64(), e.Int64()
			if end <= start {
				g.failCur("ValueError: arange's end argument must be greater than the start argument")
			}
			r := end - start
			if r&(r-1) != 0 {
				g.failCur("ValueError: arange's range must be a power of 2")
			}
			if r > maxTensorNumel {
				g.failCur("ValueError: numel (%d) exceeds triton maximum tensor numel (%d)", r, maxTensorNumel)
			}
			return &Tensor{V: tt.NewMakeRange(g.b, g.loc, start, end, nil).Result(0), T: BlockOf(Int32, []int64{r})}
		}),
		kb("full", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "shape", "value", "dtype")
			shape := g.shapeCheck(v[0])
			return g.full(shape, unwrap(v[1]), g.dtypeArg(v[2], "dtype"))
		}),
		kb("broadcast", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "other")
			l, r := g.broadcastValues(g.tensorArg(v[0]), g.tensorArg(v[1]))
			return &Tuple{Values: []Object{l, r}}
		}),
		kb("broadcast_to", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "*shape")
			shape := g.shapeCheck(unwrapIterable(v[1].(*Tuple)))
			return g.broadcastShape(g.tensorArg(v[0]), shape)
		}),
		kb("trans", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "*dims")
			x := g.tensorArg(v[0])
			dims := g.intList(unwrapIterable(v[1].(*Tuple)), "dims")
			if len(dims) == 0 {
				n := len(x.T.Shape())
				if n < 2 {
					g.failCur("ValueError: tl.trans invoked with a 0- or 1-dimensional tensor")
				}
				for i := 0; i < n-2; i++ {
					dims = append(dims, int64(i))
				}
				dims = append(dims, int64(n-1), int64(n-2))
			}
			return g.permute(x, dims)
		}),
		kb("permute", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "*dims")
			return g.permute(g.tensorArg(v[0]), g.intList(unwrapIterable(v[1].(*Tuple)), "dims"))
		}),
		kb("cat", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "other", "can_reorder=")
			return g.cat(g.tensorArg(v[0]), g.tensorArg(v[1]), g.boolArg(v[2], false))
		}),
		kb("join", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "a", "b")
			return g.join(g.tensorArg(v[0]), g.tensorArg(v[1]))
		}),
		kb("split", func(g *gen, c *callArgs) Object {
			a := g.tensorArg(c.bind(g, "a")[0])
			rank1 := len(a.T.Shape()) == 1
			if rank1 {
				a = g.expandDims(a, 0)
			}
			l, r := g.split(a)
			if rank1 {
				l, r = g.unsplatIfNeeded(l), g.unsplatIfNeeded(r)
			}
			return &Tuple{Values: []Object{l, r}}
		}),
		kb("view", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "*shape")
			shape := g.shapeCheck(unwrapIterable(v[1].(*Tuple)))
			return g.reshape(g.tensorArg(v[0]), shape, true)
		}),
		kb("item", func(g *gen, c *callArgs) Object {
			return g.unsplatIfNeeded(g.tensorArg(c.bind(g, "input")[0]))
		}),
		kb("reshape", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "*shape", "can_reorder=")
			shape := g.shapeCheck(unwrapIterable(v[1].(*Tuple)))
			x := g.tensorArg(v[0])
			if len(shape) == 0 {
				return g.unsplatIfNeeded(x)
			}
			return g.reshape(x, shape, g.boolArg(v[2], false))
		}),
		kb("expand_dims", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "axis")
			x := g.toTensor(v[0])
			axes := g.intList(v[1], "axis")
			ndim := len(x.T.Shape()) + len(axes)
			seen := map[int64]bool{}
			for i, a := range axes {
				if a < -int64(ndim) || a >= int64(ndim) {
					g.failCur("ValueError: invalid axis %d. Expected %d <= axis < %d", a, -ndim, ndim)
				}
				if a < 0 {
					axes[i] = a + int64(ndim)
				}
				if seen[axes[i]] {
					g.failCur("ValueError: expand_dims received duplicate axes, normalized axes = %v", axes)
				}
				seen[axes[i]] = true
			}
			sortInts(axes)
			for _, a := range axes {
				x = g.expandDims(x, int(a))
			}
			return x
		}),
		kb("cast", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "dtype", "fp_downcast_rounding=", "bitcast=")
			x := g.toTensor(v[0])
			dt := g.dtypeArg(v[1], "dtype")
			if g.boolArg(v[3], false) {
				return g.bitcast(x, dt)
			}
			return g.castTo(x, dt, optString(v[2]))
		}),
		kb("to_tensor", func(g *gen, c *callArgs) Object { return g.toTensor(c.bind(g, "x")[0]) }),
		kb("dot", builtinDot),
		kb("dot_scaled", builtinDotScaled),
		kb("load", builtinLoad),
		kb("store", builtinStore),
		kb("make_block_ptr", builtinMakeBlockPtr),
		{Name: "advance", Kernel: builtinAdvance, MustUse: "Note that tl.advance does not have any side effects. To move the block pointer, you need to assign the result of tl.advance to a variable."},
		kb("make_tensor_descriptor", builtinMakeTensorDescriptor),
		kb("load_tensor_descriptor", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "desc", "offsets")
			return g.descLoad(g.descArg(v[0]), v[1])
		}),
		kb("store_tensor_descriptor", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "desc", "offsets", "value")
			return g.descStore(g.descArg(v[0]), v[1], v[2])
		}),
		kb("atomic_cas", builtinAtomicCAS),
		atomicBuiltin("atomic_xchg", memory.RMWXchg),
		atomicBuiltin("atomic_add", memory.RMWAdd),
		atomicBuiltin("atomic_max", memory.RMWMax),
		atomicBuiltin("atomic_min", memory.RMWMin),
		atomicBuiltin("atomic_and", memory.RMWAnd),
		atomicBuiltin("atomic_or", memory.RMWOr),
		atomicBuiltin("atomic_xor", memory.RMWXor),
		kb("where", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "condition", "x", "y")
			return g.where(g.toTensor(v[0]), unwrap(v[1]), unwrap(v[2]))
		}),
		kb("add", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "y", "sanitize_overflow=")
			return g.add(unwrap(v[0]), unwrap(v[1]), g.boolArg(v[2], true))
		}),
		kb("sub", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "y", "sanitize_overflow=")
			return g.sub(unwrap(v[0]), unwrap(v[1]), g.boolArg(v[2], true))
		}),
		kb("mul", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "y", "sanitize_overflow=")
			return g.mul(unwrap(v[0]), unwrap(v[1]), g.boolArg(v[2], true))
		}),
		kb("minimum", func(g *gen, c *callArgs) Object { return g.minMaxBuiltin(c, false) }),
		kb("maximum", func(g *gen, c *callArgs) Object { return g.minMaxBuiltin(c, true) }),
		kb("clamp", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "x", "min", "max", "propagate_nan=")
			x := g.promoteBF16(g.toTensor(v[0]))
			lo := g.promoteBF16(g.toTensor(v[1]))
			hi := g.promoteBF16(g.toTensor(v[2]))
			return g.clamp(x, lo, hi, g.nanArg(v[3]))
		}),
		kb("_promote_bfloat16_to_float32", func(g *gen, c *callArgs) Object {
			return g.promoteBF16(g.tensorArg(c.bind(g, "t")[0]))
		}),
		kb("reduce", builtinReduce),
		kb("_reduce_with_indices", builtinReduceWithIndices),
		kb("associative_scan", builtinScan),
		kb("histogram", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "input", "num_bins", "mask=")
			in := g.tensorArg(v[0])
			nb := g.intArg(v[1], "num_bins")
			var mask *Tensor
			if v[2] != nil && !isNone(v[2]) {
				mask = g.toTensor(v[2])
			}
			return g.histogram(in, nb, mask)
		}),
		kb("gather", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "src", "index", "axis")
			return g.gather(g.tensorArg(v[0]), g.tensorArg(v[1]), int(g.intArg(v[2], "axis")))
		}),
		kb("debug_barrier", func(g *gen, c *callArgs) Object {
			c.bind(g)
			g.op("gpu.barrier", nil, nil)
			return None
		}),
		kb("multiple_of", func(g *gen, c *callArgs) Object { return g.hint(c, "tt.divisibility") }),
		kb("max_contiguous", func(g *gen, c *callArgs) Object { return g.hint(c, "tt.contiguity") }),
		kb("max_constancy", func(g *gen, c *callArgs) Object { return g.hint(c, "tt.constancy") }),
		kb("assume", func(g *gen, c *callArgs) Object {
			cond := g.toTensor(c.bind(g, "cond")[0])
			if !cond.T.Equal(Int1) {
				// llvm.intr.assume takes an i1 (Triton's IR would not verify).
				g.failCur("ValueError: tl.assume's condition must be a scalar boolean, got %s", cond.T)
			}
			g.op("llvm.intr.assume", []ir.Value{cond.V}, nil)
			return None
		}),
		{Name: "static_print", Static: staticPrint},
		{Name: "static_assert", Static: staticAssert},
		deviceprintBuiltin,
		kb("device_assert", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "cond", "msg=", "mask=")
			msg := Object("")
			if v[1] != nil {
				msg = v[1]
			}
			return g.deviceAssertBuiltin(v[0], msg, v[2])
		}),
		kb("inline_asm_elementwise", builtinInlineAsm),
		kb("_logical_and", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "self", "other")
			return g.logical(g.tensorArg(v[0]), g.toTensorOrFail(v[1]), true)
		}),
		kb("_logical_or", func(g *gen, c *callArgs) Object {
			v := c.bind(g, "self", "other")
			return g.logical(g.tensorArg(v[0]), g.toTensorOrFail(v[1]), false)
		}),
		kb("map_elementwise", builtinMapElementwise),
	}
}

func sortInts(a []int64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func (g *gen) unsplatIfNeeded(x *Tensor) *Tensor {
	if !x.T.IsBlock() {
		return x
	}
	if x.T.Numel() != 1 {
		g.failCur("AssertionError: can only unsplat single-element tensors")
	}
	return g.unsplat(x)
}

// full is semantic.full: splat(make_scalar(value, dtype), shape).
func (g *gen) full(shape []int64, value Object, dt *DType) *Tensor {
	var s *Tensor
	if t, ok := value.(*Tensor); ok {
		if t.T.Numel() != 1 {
			g.failCur("AssertionError: only accepts size-1 tensor")
		}
		s = g.castTo(t, dt, "")
	} else {
		s = g.scalarConstant(value, dt)
	}
	return g.splat(s, shape)
}

func (g *gen) promoteBF16(t *Tensor) *Tensor {
	if t.T.Scalar().IsBF16() {
		return g.castTo(t, FP32, "")
	}
	return t
}

func (g *gen) nanArg(o Object) *EnumVal {
	if o == nil {
		return &EnumVal{Enum: "PropagateNan", Name: "NONE"}
	}
	e, ok := unwrap(o).(*EnumVal)
	if !ok || e.Enum != "PropagateNan" {
		g.failCur("ValueError: Unexpected propagate_nan %s", str(o))
	}
	return e
}

func propagateNanAttr(ctx *ir.Context, e *EnumVal) ir.Attribute {
	if e != nil && e.Name == "ALL" {
		return ir.I32EnumAttr(ctx, tt.PropagateAll)
	}
	return ir.I32EnumAttr(ctx, tt.PropagateNone)
}

func roundingAttr(ctx *ir.Context, r string) ir.Attribute {
	if r == "rtz" {
		return ir.I32EnumAttr(ctx, tt.RoundRTZ)
	}
	return ir.I32EnumAttr(ctx, tt.RoundRTNE)
}

func (g *gen) minMaxBuiltin(c *callArgs, max bool) Object {
	v := c.bind(g, "x", "y", "propagate_nan=")
	x := g.promoteBF16(g.toTensor(v[0]))
	y := g.promoteBF16(g.toTensor(v[1]))
	return g.minMax(x, y, max, g.nanArg(v[2]))
}

// builtin_min / builtin_max: Python's min and max inside kernels.
var builtinMin = &Builtin{Name: "min", Kernel: func(g *gen, c *callArgs) Object { return g.builtinMinMax(c, false) }}
var builtinMax = &Builtin{Name: "max", Kernel: func(g *gen, c *callArgs) Object { return g.builtinMinMax(c, true) }}

func (g *gen) builtinMinMax(c *callArgs, isMax bool) Object {
	var nan Object
	for _, k := range c.kws {
		if k.Name != "propagate_nan" {
			g.failCur("TypeError: %s() got an unexpected keyword argument '%s'", c.name, k.Name)
		}
		nan = k.Value
	}
	args := make([]Object, len(c.args))
	constant := true
	for i, a := range c.args {
		args[i] = unwrap(a)
		if isTritonValue(args[i]) {
			constant = false
		}
	}
	if constant {
		if nan != nil {
			g.failCur("AssertionError: propagate_nan is not supported on builtin %s", c.name)
		}
		r, err := hostMinMax(args, isMax)
		g.check(err)
		return r
	}
	if len(args) < 2 {
		g.failCur("AssertionError: min requires at least 2 values")
	}
	acc := args[0]
	for _, a := range args[1:] {
		x := g.promoteBF16(g.toTensor(acc))
		y := g.promoteBF16(g.toTensor(a))
		acc = g.minMax(x, y, isMax, g.nanArg(nan))
	}
	return acc
}

// where is semantic.where.
func (g *gen) where(cond *Tensor, x, y Object) *Tensor {
	cond = g.castTo(cond, Int1, "")
	xt, yt := g.binaryOperands(x, y, true, true, true, false)
	if xs, ys := xt.T.Scalar(), yt.T.Scalar(); !xs.Equal(ys) {
		// A pointer beside an integer passes Triton's checks and makes an
		// arith.select that fails verification; say why at the call.
		g.failCur("TypeError: tl.where: x and y must have the same type, got %s and %s", xs, ys)
	}
	if cond.T.IsBlock() {
		cond, xt = g.broadcastValues(cond, xt)
		xt, yt = g.broadcastValues(xt, yt)
	} else {
		cond, _ = g.broadcastValues(cond, xt)
	}
	return &Tensor{V: g.op1("arith.select", []ir.Value{cond.V, xt.V, yt.V}, xt.V.Type()), T: xt.T}
}

// hint is multiple_of / max_contiguous / max_constancy: an attribute on
// the value's defining op (or on the op owning a non-function block
// argument, suffixed _argN).
func (g *gen) hint(c *callArgs, attr string) Object {
	v := c.bind(g, "input", "values")
	x := g.tensorArg(v[0])
	var vals []int64
	switch l := unwrap(v[1]).(type) {
	case *Tuple:
		for i, e := range l.Values {
			if isTritonValue(e) {
				g.failCur("TypeError: values element %d must have type `constexpr`", i)
			}
			n, ok := intValue(e)
			if !ok {
				g.failCur("TypeError: values element %d must have type `constexpr[int]`, got `constexpr[%s]`", i, typeName(e))
			}
			vals = append(vals, n)
		}
	default:
		if isTritonValue(l) {
			g.failCur("TypeError: values element 0 must have type `constexpr`")
		}
		n, ok := intValue(l)
		if !ok {
			g.failCur("TypeError: values element 0 must have type `constexpr[int]`, got `constexpr[%s]`", typeName(l))
		}
		vals = []int64{n}
	}
	rank := len(x.T.Shape())
	if attr == "tt.divisibility" && max(1, rank) != len(vals) || attr != "tt.divisibility" && rank != len(vals) {
		name := map[string]string{"tt.divisibility": "multiple_of", "tt.contiguity": "max_contiguous", "tt.constancy": "max_constancy"}[attr]
		g.failCur("ValueError: Shape of input to %s does not match the length of values", name)
	}
	ctx := g.c.ctx
	a := ir.DenseIntElements(ctx, ir.RankedTensor(ctx, []int64{int64(len(vals))}, ir.I32(ctx), nil), vals)
	switch h := x.V.(type) {
	case *ir.OpResult:
		h.Owner().SetAttr(attr, a)
	case *ir.BlockArgument:
		blk := h.Owner()
		if p := blk.ParentOp(); p != nil && blk.IsEntry() && p.Name() != "tt.func" {
			p.SetAttr(attr+"_arg"+itoa(h.Index()), a)
		}
	}
	return x
}

func (g *gen) histogram(in *Tensor, numBins int64, mask *Tensor) *Tensor {
	if len(in.T.Shape()) != 1 {
		g.failCur("AssertionError: histogram only supports 1D input")
	}
	if !in.T.Scalar().IsInt() {
		g.failCur("AssertionError: histogram only supports integer input")
	}
	var m ir.Value
	if mask != nil {
		mask = g.broadcastShape(mask, in.T.Shape())
		if !mask.T.Scalar().IsBool() {
			g.failCur("ValueError: Mask must have boolean scalar type")
		}
		m = mask.V
	}
	t := BlockOf(Int32, []int64{numBins})
	return &Tensor{V: tt.NewHistogram(g.b, g.loc, in.V, m, g.ty(t)).Result(0), T: t}
}

func (g *gen) gather(src, index *Tensor, axis int) *Tensor {
	if !index.T.Scalar().IsInt() {
		g.failCur("AssertionError: index must be an integer tensor")
	}
	rank := len(src.T.Shape())
	if len(index.T.Shape()) != rank {
		g.failCur("AssertionError: source and index tensors must have the same rank")
	}
	if axis < -rank || axis >= rank {
		g.failCur("AssertionError: gather axis %d must be < source rank (%d)", axis, rank)
	}
	if axis < 0 {
		axis += rank
	}
	for d := 0; d < rank; d++ {
		if d != axis && index.T.Shape()[d] != src.T.Shape()[d] {
			g.failCur("AssertionError: index dim %d must match the corresponding source dim", axis)
		}
	}
	t := BlockOf(src.T.Scalar(), index.T.Shape())
	return &Tensor{V: tt.NewGather(g.b, g.loc, src.V, index.V, axis).Result(0), T: t}
}

// ---------------------------------------------------------------------
// Debugging

func staticPrint(g *gen, call *python.Call) Object {
	var parts []string
	for _, a := range call.Args {
		v := g.visitExpr(a)
		parts = append(parts, str(v))
	}
	for _, k := range call.Keywords {
		g.visitExpr(k.Value)
	}
	if w := g.c.opts.Stdout; w != nil {
		w.Write([]byte(strings.Join(parts, " ") + "\n"))
	}
	return None
}

func staticAssert(g *gen, call *python.Call) Object {
	if len(call.Args) == 0 || len(call.Args) > 2 || len(call.Keywords) > 0 {
		g.fail(call, "TypeError: `static_assert` requires one or two positional arguments only")
	}
	cond := unwrap(g.visitExpr(call.Args[0]))
	b, ok := cond.(bool)
	if !ok {
		g.fail(call, "NotImplementedError: Assertion condition could not be determined at compile-time. Make sure that it depends only on `constexpr` values")
	}
	if !b {
		msg := ""
		if len(call.Args) == 2 {
			msg = str(g.visitExpr(call.Args[1]))
		}
		g.fail(call, "static_assert failed: %s", msg)
	}
	return None
}

var deviceprintBuiltin = kb("device_print", func(g *gen, c *callArgs) Object {
	var hex Object
	var kws []kwArg
	for _, k := range c.kws {
		if k.Name == "hex" {
			hex = k.Value
			continue
		}
		kws = append(kws, k)
	}
	if len(kws) > 0 {
		g.failCur("TypeError: device_print() got an unexpected keyword argument '%s'", kws[0].Name)
	}
	if len(c.args) == 0 {
		g.failCur("TypeError: device_print() missing required argument: 'prefix'")
	}
	prefix, ok := unwrap(c.args[0]).(string)
	if !ok {
		g.failCur("AssertionError: %s is not string", str(c.args[0]))
	}
	for _, ch := range prefix {
		if ch > 127 || ch < 32 && !strings.ContainsRune("\t\n\r\x0b\x0c", ch) {
			g.failCur("AssertionError: %s is not an ascii string", prefix)
		}
	}
	var args []*Tensor
	for _, a := range c.args[1:] {
		args = append(args, g.toTensor(a))
	}
	if !strings.HasSuffix(prefix, " ") && len(args) > 0 {
		prefix += " "
	}
	if !strings.HasSuffix(prefix, ": ") && len(args) > 0 {
		prefix = prefix[:len(prefix)-1] + ": "
	}
	if len(prefix) > 2 && !strings.HasPrefix(prefix, " ") {
		prefix = " " + prefix
	}
	var vals []ir.Value
	var signed []int64
	for _, a := range args {
		vals = append(vals, a.V)
		s := int64(0)
		if a.T.Scalar().IsIntSigned() {
			s = 1
		}
		signed = append(signed, s)
	}
	tt.NewPrint(g.b, g.loc, prefix, g.boolArg(hex, false), vals, signed)
	return None
})

// deviceAssertBuiltin is core.device_assert (and the assert statement).
func (g *gen) deviceAssertBuiltin(cond, msg, mask Object) Object {
	m, ok := unwrap(msg).(string)
	if !ok {
		m = str(msg)
	}
	var mt *Tensor
	if mask != nil && !isNone(mask) {
		mt = g.toTensor(mask)
	}
	g.deviceAssert(g.toTensor(cond), m, mt)
	return None
}

// deviceAssert emits tt.assert in debug mode only, as Triton does.
func (g *gen) deviceAssert(cond *Tensor, msg string, mask *Tensor) {
	if !g.c.opts.Debug {
		return
	}
	if mask != nil {
		cond = g.or(cond, g.not(mask))
	}
	tt.NewAssert(g.b, g.loc, cond.V, msg)
}

// staticLen and staticInt are len() and int() in kernels: evaluated at
// compile time on constants.
var staticLen, staticInt *Builtin

func init() {
	staticLen = &Builtin{Name: "len", Static: func(g *gen, call *python.Call) Object {
		return g.staticExecutor("len", call)
	}}
	staticInt = &Builtin{Name: "int", Static: func(g *gen, call *python.Call) Object {
		return g.staticExecutor("int", call)
	}}
}

func (g *gen) staticExecutor(name string, call *python.Call) Object {
	var kws []kwArg
	for _, k := range call.Keywords {
		kws = append(kws, kwArg{k.Name, unwrap(g.visitExpr(k.Value))})
	}
	var args []Object
	for _, a := range call.Args {
		v := unwrap(g.visitExpr(a))
		if isTensor(v) {
			if name == "len" {
				g.fail(call, "TypeError: object of type 'tensor' has no len()")
			}
			g.fail(call, "TypeError: %s() argument must be a constexpr, not a tensor (non-constexpr value where a constexpr is required)", name)
		}
		args = append(args, v)
	}
	b, _ := pyBuiltin(name)
	r, err := hostCall(b, args, kws)
	g.check(err)
	return r
}
