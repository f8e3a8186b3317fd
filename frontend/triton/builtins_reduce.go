package triton

import (
	"slices"
	"strings"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Reductions, scans, dot products and inline assembly.

// tensorsArg accepts a tensor or a tuple of tensors.
func (g *gen) tensorsArg(o Object) ([]*Tensor, bool) {
	switch x := unwrap(o).(type) {
	case *Tensor:
		return []*Tensor{x}, true
	case *Tuple:
		var out []*Tensor
		for _, v := range x.Values {
			out = append(out, g.tensorArg(v))
		}
		return out, false
	}
	g.failCur("TypeError: expected a tensor or a tuple of tensors, got %s", typeName(o))
	return nil, false
}

func (g *gen) combineFn(o Object) *JITFunction {
	switch f := unwrap(o).(type) {
	case *JITFunction:
		if !f.ConstexprFn {
			return f
		}
	case *Opaque:
		g.failCur("the combine function %s is not a @triton.jit function", f.What)
	}
	g.failCur("TypeError: the combine function must be a @triton.jit function, got %s", typeName(o))
	return nil
}

func wrapAxis(g *gen, axis int64, ndim int) int {
	if axis < -int64(ndim) || axis >= int64(ndim) {
		g.failCur("ValueError: invalid axis %d. Expected %d <= axis < %d", axis, -ndim, ndim)
	}
	if axis < 0 {
		axis += int64(ndim)
	}
	return int(axis)
}

// combineRegion fills the region of a tt.reduce/tt.scan: a block taking
// the scalar element types twice, a call of the combine function, and
// the return op (make_combine_region).
func (g *gen) combineRegion(op *ir.Operation, inputs []*Tensor, fn *JITFunction, ret string) {
	var types []ir.Type
	var dts []*DType
	for r := 0; r < 2; r++ {
		for _, in := range inputs {
			types = append(types, g.ty(in.T.Scalar()))
			dts = append(dts, in.T.Scalar())
		}
	}
	unknown := ir.Unknown(g.c.ctx)
	locs := make([]ir.Location, len(types))
	for i := range locs {
		locs[i] = unknown
	}
	blk := ir.NewBlock(g.c.ctx, types, locs)
	op.Region(0).Append(blk)
	restore := g.b.Restore()
	defer restore()
	g.b.SetInsertionPointToEnd(blk)
	args := make([]Object, len(types))
	for i, a := range blk.Arguments() {
		args[i] = &Tensor{V: a, T: dts[i]}
	}
	res := g.callJIT(fn, args, nil)
	var handles []ir.Value
	switch r := unwrap(res).(type) {
	case *Tensor:
		handles = []ir.Value{r.V}
	case *Tuple:
		for _, v := range r.Values {
			handles = append(handles, g.tensorArg(v).V)
		}
	default:
		g.failCur("the combine function %s must return tensors, returned %s", fn.Name, typeName(res))
	}
	if len(handles) != len(inputs) {
		g.failCur("the combine function %s returns %d values for %d inputs", fn.Name, len(handles), len(inputs))
	}
	for i, h := range handles {
		if h.Type() != types[i] {
			g.failCur("the combine function %s returns %s where %s is expected", fn.Name, h.Type(), types[i])
		}
	}
	g.op(ret, handles, nil)
}

// reduction is core.reduce + semantic.reduction.
func (g *gen) reduction(inputs []*Tensor, axisObj Object, fn *JITFunction, keepDims bool) []*Tensor {
	var axis int
	axisNone := axisObj == nil || isNone(axisObj)
	if !axisNone {
		axis = wrapAxis(g, g.intArg(axisObj, "axis"), len(inputs[0].T.Shape()))
	}
	rank0 := len(inputs[0].T.Shape())
	if axisNone {
		for i, t := range inputs {
			inputs[i] = g.reshape(t, []int64{t.T.Numel()}, true)
		}
		axis = 0
	}
	shape := inputs[0].T.Shape()
	if axis >= len(shape) {
		g.failCur("AssertionError: reduction axis must be < inputs rank (%d)", len(shape))
	}
	for _, t := range inputs {
		if !slices.Equal(t.T.Shape(), shape) {
			g.failCur("AssertionError: all reduction inputs must have the same shape")
		}
	}
	var retShape []int64
	for i, s := range shape {
		if i != axis {
			retShape = append(retShape, s)
		}
	}
	st := ir.NewState(g.c.ctx, "tt.reduce", g.loc)
	var resTys []*DType
	for _, t := range inputs {
		st.Operands = append(st.Operands, t.V)
		rt := t.T.Scalar()
		if len(retShape) > 0 {
			rt = BlockOf(rt, retShape)
		}
		resTys = append(resTys, rt)
		st.Types = append(st.Types, g.ty(rt))
	}
	st.AddAttr("axis", ir.I32Attr(g.c.ctx, int64(axis)))
	st.AddRegion()
	op := g.b.Create(st)
	g.combineRegion(op, inputs, fn, "tt.reduce.return")
	out := make([]*Tensor, len(inputs))
	for i := range inputs {
		out[i] = &Tensor{V: op.Result(i), T: resTys[i]}
	}
	if keepDims {
		for i, t := range out {
			if !axisNone {
				out[i] = g.expandDims(t, axis)
			} else {
				for k := 0; k < rank0; k++ {
					t = g.expandDims(t, 0)
				}
				out[i] = t
			}
		}
	}
	return out
}

func tensorsResult(ts []*Tensor, single bool) Object {
	if single {
		return ts[0]
	}
	t := &Tuple{}
	for _, x := range ts {
		t.Values = append(t.Values, x)
	}
	return t
}

func builtinReduce(g *gen, c *callArgs) Object {
	v := c.bind(g, "input", "axis", "combine_fn", "keep_dims=")
	inputs, single := g.tensorsArg(v[0])
	fn := g.combineFn(v[2])
	return tensorsResult(g.reduction(inputs, unwrap(v[1]), fn, g.boolArg(v[3], false)), single)
}

func builtinReduceWithIndices(g *gen, c *callArgs) Object {
	v := c.bind(g, "input", "axis", "combine_fn", "keep_dims=")
	in := g.tensorArg(v[0])
	shape := in.T.Shape()
	axis := g.intArg(v[1], "axis")
	ax := axis
	if ax < 0 {
		ax += int64(len(shape))
	}
	if ax < 0 || ax >= int64(len(shape)) {
		g.failCur("IndexError: tuple index out of range")
	}
	n := shape[ax]
	if n&(n-1) != 0 {
		g.failCur("ValueError: arange's range must be a power of 2")
	}
	index := &Tensor{V: tt.NewMakeRange(g.b, g.loc, 0, n, nil).Result(0), T: BlockOf(Int32, []int64{n})}
	if len(shape) > 1 {
		for d := 0; d < len(shape); d++ {
			if int64(d) != ax {
				index = g.expandDims(index, d)
			}
		}
		index = g.broadcastShape(index, shape)
	}
	res := g.reduction([]*Tensor{in, index}, bigOf(axis), g.combineFn(v[2]), g.boolArg(v[3], false))
	return &Tuple{Values: []Object{res[0], res[1]}}
}

func builtinScan(g *gen, c *callArgs) Object {
	v := c.bind(g, "input", "axis", "combine_fn", "reverse=")
	inputs, single := g.tensorsArg(v[0])
	fn := g.combineFn(v[2])
	reverse := g.boolArg(v[3], false)
	shape := inputs[0].T.Shape()
	rank := len(shape)
	axis := wrapAxis(g, g.intArg(v[1], "axis"), rank)
	for _, t := range inputs {
		if !slices.Equal(t.T.Shape(), shape) {
			g.failCur("AssertionError: all scan inputs must have the same shape")
		}
	}
	st := ir.NewState(g.c.ctx, "tt.scan", g.loc)
	for _, t := range inputs {
		st.Operands = append(st.Operands, t.V)
		st.Types = append(st.Types, t.V.Type())
	}
	st.AddAttr("axis", ir.I32Attr(g.c.ctx, int64(axis)))
	st.AddAttr("reverse", ir.BoolAttrOf(g.c.ctx, reverse))
	st.AddRegion()
	op := g.b.Create(st)
	g.combineRegion(op, inputs, fn, "tt.scan.return")
	out := make([]*Tensor, len(inputs))
	for i, t := range inputs {
		out[i] = &Tensor{V: op.Result(i), T: t.T}
	}
	return tensorsResult(out, single)
}

// builtinMapElementwise is core.map_elementwise: the scalar function is
// called (tt.call, inlined later) in a detached block whose arguments are
// the inputs' element types, pack times each; the block then becomes the
// region of a tt.map_elementwise over the broadcast inputs.
func builtinMapElementwise(g *gen, c *callArgs) Object {
	v := c.bind(g, "scalar_fn", "*args", "pack=")
	fn, ok := unwrap(v[0]).(*JITFunction)
	if !ok || fn.ConstexprFn {
		g.failCur("TypeError: map_elementwise's scalar_fn must be a @triton.jit function, got %s", typeName(v[0]))
	}
	pack := int64(1)
	if v[2] != nil {
		pack = g.intArg(v[2], "pack")
	}
	if pack < 1 {
		g.failCur("AssertionError: map_elementwise's pack must be >= 1, got %d", pack)
	}
	var ins []*Tensor
	for _, a := range unwrap(v[1]).(*Tuple).Values {
		t, ok := unwrap(a).(*Tensor)
		if !ok {
			g.failCur("AttributeError: '%s' object has no attribute 'type' (map_elementwise takes tensors)", typeName(a))
		}
		ins = append(ins, t)
	}
	origLoc := g.loc
	var types []ir.Type
	var locs []ir.Location
	var scalars []Object
	for _, t := range ins {
		for j := int64(0); j < pack; j++ {
			types = append(types, g.ty(t.T.Scalar()))
			locs = append(locs, origLoc)
		}
	}
	blk := ir.NewBlock(g.c.ctx, types, locs)
	for i, a := range blk.Arguments() {
		scalars = append(scalars, &Tensor{V: a, T: ins[i/int(pack)].T.Scalar()})
	}
	restore := g.b.Restore()
	g.b.SetInsertionPointToEnd(blk)
	res := g.callJIT(fn, scalars, nil)
	var results []*Tensor
	single := false
	switch r := unwrap(res).(type) {
	case *Tensor:
		results, single = []*Tensor{r}, true
	case *Tuple:
		for _, x := range r.Values {
			results = append(results, g.tensorArg(x))
		}
	default:
		g.failCur("AttributeError: '%s' object has no attribute 'handle' (%s must return tensors)", typeName(res), fn.Name)
	}
	handles := make([]ir.Value, len(results))
	for i, r := range results {
		handles[i] = r.V
	}
	g.loc = origLoc
	g.op("tt.map_elementwise.return", handles, nil)
	restore()
	resultTypes := results
	if pack > 1 {
		resultTypes = nil
		for i := 0; i < len(results); i += int(pack) {
			resultTypes = append(resultTypes, results[i])
		}
		for off := 1; off < int(pack); off++ {
			for k, i := 0, off; i < len(results); k, i = k+1, i+int(pack) {
				if k >= len(resultTypes) || !results[i].T.Equal(resultTypes[k].T) {
					g.failCur("AssertionError: type mismatch in unpacked results")
				}
			}
		}
	}
	g.loc = origLoc
	if len(ins) == 0 {
		g.failCur("AssertionError: map_elementwise must have at least 1 input tensor")
	}
	inputs := g.broadcastTensors(ins...)
	st := ir.NewState(g.c.ctx, "tt.map_elementwise", g.loc)
	for _, t := range inputs {
		st.Operands = append(st.Operands, t.V)
	}
	var outTys []*DType
	for _, r := range resultTypes {
		rt := inputs[0].T.WithElement(r.T.Scalar())
		outTys = append(outTys, rt)
		st.Types = append(st.Types, g.ty(rt))
	}
	st.AddAttr("pack", ir.I32Attr(g.c.ctx, pack))
	st.AddRegion()
	op := g.b.Create(st)
	op.Region(0).Append(blk)
	if err := ir.Verify(op); err != nil {
		g.failCur("AssertionError: map_elementwise: %v", err)
	}
	out := make([]*Tensor, len(outTys))
	for i, t := range outTys {
		out[i] = &Tensor{V: op.Result(i), T: t}
	}
	return tensorsResult(out, single)
}

// ---------------------------------------------------------------------
// dot

var precisionNames = map[string]tt.InputPrecision{"tf32": tt.PrecisionTF32, "tf32x3": tt.PrecisionTF32x3,
	"ieee": tt.PrecisionIEEE, "bf16x3": tt.PrecisionBF16x3, "bf16x6": tt.PrecisionBF16x6}

func builtinDot(g *gen, c *callArgs) Object {
	v := c.bind(g, "input", "other", "acc=", "input_precision=", "allow_tf32=", "max_num_imprecise_acc=", "out_dtype=")
	a, b := g.tensorArg(v[0]), g.tensorArg(v[1])
	prec := unwrap(v[3])
	tf32 := unwrap(v[4])
	if prec != nil && !isNone(prec) && tf32 != nil && !isNone(tf32) {
		g.failCur("AssertionError: Only one of input_precision and allow_tf32 can be specified")
	}
	precision := ""
	if prec == nil || isNone(prec) {
		allow := tf32 == nil || isNone(tf32)
		if !allow {
			allow, _ = truthy(tf32)
		}
		// core.dot: tf32 where the target allows it (not on AMD but
		// gfx942) and allow_tf32 is not False.
		precision = "ieee"
		if allow && slices.Contains(g.c.opts.dotPrecisions(), "tf32") {
			precision = "tf32"
		}
	} else {
		s, ok := prec.(string)
		if !ok {
			g.failCur("TypeError: input_precision must be a string, got %s", typeName(prec))
		}
		precision = s
	}
	outT := FP32
	if v[6] != nil && !isNone(v[6]) {
		outT = g.dtypeArg(v[6], "out_dtype")
	}
	var acc *Tensor
	if v[2] != nil && !isNone(v[2]) {
		acc = g.tensorArg(v[2])
	}
	as, bs := a.T.Shape(), b.T.Shape()
	if len(as) != len(bs) || len(as) < 2 {
		g.failCur("AssertionError: input and other must have equal ranks >= 2, got %s and %s", shapeString(as), shapeString(bs))
	}
	if !slices.Equal(as[:len(as)-2], bs[:len(bs)-2]) {
		g.failCur("AssertionError: input and other must have equal batch shapes")
	}
	if as[len(as)-1] != bs[len(bs)-2] {
		g.failCur("AssertionError: input and other must have equal reduction dimensions: tl.dot of %s and %s", shapeString(as), shapeString(bs))
	}
	cshape := append(append([]int64(nil), as[:len(as)-1]...), bs[len(bs)-1])
	if acc != nil && !slices.Equal(acc.T.Shape(), cshape) {
		g.failCur("AssertionError: accumulator shape is incompatible: %s, expected %s", shapeString(acc.T.Shape()), shapeString(cshape))
	}
	rank := len(cshape)
	if rank >= 4 {
		batch := int64(1)
		for _, d := range cshape[:rank-2] {
			batch *= d
		}
		a = g.reshape(a, append([]int64{batch}, as[len(as)-2:]...), false)
		b = g.reshape(b, append([]int64{batch}, bs[len(bs)-2:]...), false)
		if acc != nil {
			acc = g.reshape(acc, append([]int64{batch}, cshape[rank-2:]...), false)
		}
	}
	var maxImprecise Object = unwrap(v[5])
	res := g.dot(a, b, acc, precision, maxImprecise, outT)
	if rank >= 4 {
		res = g.reshape(res, cshape, false)
	}
	return res
}

// dot is semantic.dot.
func (g *gen) dot(a, b, acc *Tensor, precision string, maxImprecise Object, outT *DType) *Tensor {
	if !a.T.IsBlock() || !b.T.IsBlock() {
		g.failCur("AssertionError: tl.dot operands must be blocks")
	}
	ad, bd := a.T.Scalar(), b.T.Scalar()
	if !(ad.IsFP8() && bd.IsFP8()) {
		okType := func(t *DType) bool {
			return t.Equal(Int8) || t.Equal(UInt8) || t.Equal(FP16) || t.Equal(BF16) || t.Equal(FP32) || t.Equal(FP64)
		}
		if !okType(ad) {
			g.failCur("AssertionError: Unsupported lhs dtype %s", ad)
		}
		if !okType(bd) {
			g.failCur("AssertionError: Unsupported rhs dtype %s", bd)
		}
		if !ad.Equal(bd) {
			g.failCur("AssertionError: Both operands must be same dtype. Got %s and %s", ad, bd)
		}
	}
	if ad.IsFP8E4B15() || bd.IsFP8E4B15() {
		a = g.castTo(a, FP16, "")
		b = g.castTo(b, FP16, "")
		ad, bd = FP16, FP16
	}
	allowed := g.c.opts.dotPrecisions()
	p, ok := precisionNames[strings.ToLower(precision)]
	if !ok || !slices.Contains(allowed, strings.ToLower(precision)) {
		g.failCur("AssertionError: input_precision must be one of ('%s'). Got %s", strings.Join(allowed, "', '"), precision)
	}
	as, bs := a.T.Shape(), b.T.Shape()
	if !(len(as) == 2 && len(bs) == 2 || len(as) == 3 && len(bs) == 3) {
		g.failCur("AssertionError: Both inputs must be either 2D or 3D; (lhs: %s vs rhs: %s)", shapeString(as), shapeString(bs))
	}
	M, K, N := as[len(as)-2], as[len(as)-1], bs[len(bs)-1]
	if K != bs[len(bs)-2] {
		g.failCur("AssertionError: First input shape (%s) and second input shape %s are not compatible for matmul (second index of first shape (%d) must be equal to first index of second shape (%d)", shapeString(as), shapeString(bs), K, bs[len(bs)-2])
	}
	// The backend's min_dot_size: CUDA's asks for equal bitwidths and K of
	// 16 (32 for 8-bit operands); AMD's allows any shape (what the matrix
	// cores do not take falls back to FMA).
	minK := int64(1)
	if g.c.opts.target().Backend != "hip" {
		if ad.PrimitiveBitwidth() != bd.PrimitiveBitwidth() {
			g.failCur("AssertionError: lhs and rhs bitwidth must be the same")
		}
		minK = 16
		if ad.PrimitiveBitwidth() == 8 {
			minK = 32
		}
	}
	if M < 1 || K < minK || N < 1 {
		g.failCur("AssertionError: Input shapes should have M >= 1, N >= 1 and K >= %d", minK)
	}
	var zero ir.Value
	var ret *DType
	ctx := g.c.ctx
	switch {
	case ad.IsInt():
		if !ad.Equal(Int8) {
			g.failCur("AssertionError: only int8 supported!")
		}
		zero, ret = g.constInt(ir.I32(ctx), 0), Int32
	case outT.IsBF16():
		g.failCur("ValueError: out_dtype=bfloat16 is unsupported. Please use out_dtype=float32/float16 and cast with `.to(tl.bfloat16)`")
	case ad.IsFP32() || ad.IsBF16():
		zero, ret = g.constFloat(ir.F32Type(ctx), 0), FP32
	case ad.IsFP64():
		zero, ret = g.constFloat(ir.F64Type(ctx), 0), FP64
	default:
		if outT.IsFP16() {
			zero = g.constFloat(ir.F16Type(ctx), 0)
		} else {
			zero = g.constFloat(ir.F32Type(ctx), 0)
		}
		ret = outT
	}
	shape := []int64{M, N}
	if len(as) == 3 {
		shape = []int64{as[0], M, N}
	}
	rt := BlockOf(ret, shape)
	var accV ir.Value
	if acc == nil {
		accV = g.splatValue(zero, g.ty(rt))
	} else {
		if !slices.Equal(acc.T.Shape(), shape) || !acc.T.Scalar().Equal(outT) {
			g.failCur("AssertionError: the accumulator %s does not match the dot's result type %s", acc.T, BlockOf(outT, shape))
		}
		accV = acc.V
	}
	mia := int64(0)
	if maxImprecise == nil || isNone(maxImprecise) {
		if ad.IsFP8() && bd.IsFP8() {
			mia = g.c.opts.maxImpreciseAccDefault()
		}
	} else {
		n, ok := intValue(maxImprecise)
		if !ok {
			g.failCur("TypeError: max_num_imprecise_acc must be an int")
		}
		if ad.IsFP8() && bd.IsFP8() && n > K {
			g.failCur("ValueError: max_num_imprecise_acc (%d) must be <= K (%d)", n, K)
		}
		mia = n
	}
	return &Tensor{V: tt.NewDot(g.b, g.loc, a.V, b.V, accV, p, mia).Result(0), T: rt}
}

var scaleFormats = map[string]tt.ScaleDotElemType{"e4m3": tt.ElemE4M3, "e5m2": tt.ElemE5M2, "e2m3": tt.ElemE2M3,
	"e3m2": tt.ElemE3M2, "e2m1": tt.ElemE2M1, "bf16": tt.ElemBF16, "fp16": tt.ElemFP16}

func builtinDotScaled(g *gen, c *callArgs) Object {
	v := c.bind(g, "lhs", "lhs_scale", "lhs_format", "rhs", "rhs_scale", "rhs_format", "acc=", "fast_math=",
		"lhs_k_pack=", "rhs_k_pack=", "out_dtype=")
	outT := FP32
	if v[10] != nil && !isNone(v[10]) {
		outT = g.dtypeArg(v[10], "out_dtype")
	}
	if !outT.Equal(FP32) {
		g.failCur("AssertionError: Only float32 is supported for out_dtype at the moment")
	}
	lhs, rhs := g.tensorArg(v[0]), g.tensorArg(v[3])
	lf, rf := optString(v[2]), optString(v[5])
	lfe, ok1 := scaleFormats[lf]
	rfe, ok2 := scaleFormats[rf]
	if !ok1 || !ok2 || lf == "e2m3" || lf == "e3m2" || rf == "e2m3" || rf == "e3m2" {
		g.failCur("ValueError: Invalid float format: %s / %s", lf, rf)
	}
	lhs = g.bitcastToFormat(lhs, lf)
	rhs = g.bitcastToFormat(rhs, rf)
	lkp, rkp := g.boolArg(v[8], true), g.boolArg(v[9], true)
	if !lkp && lf != "e2m1" || !rkp && rf != "e2m1" {
		g.failCur("AssertionError: only mxfp4 inputs can be packed along a dimension different than K")
	}
	ls, rs := lhs.T.Shape(), rhs.T.Shape()
	if !(len(ls) == 2 && len(rs) == 2 || len(ls) == 3 && len(rs) == 3) {
		g.failCur("AssertionError: Both inputs must be either 2D or 3D; (lhs: %s vs rhs: %s)", shapeString(ls), shapeString(rs))
	}
	M, KL := ls[len(ls)-2], ls[len(ls)-1]
	KR, N := rs[len(rs)-2], rs[len(rs)-1]
	pa, pb := int64(1), int64(1)
	if lf == "e2m1" {
		pa = 2
	}
	if rf == "e2m1" {
		pb = 2
	}
	pad, pbd := KL, KR
	if lkp {
		pad = pa * KL
	}
	if rkp {
		pbd = pb * KR
	}
	if pad != pbd {
		g.failCur("AssertionError: Reduction dimension should pack the same number of elements; (lhs: %s vs rhs: %s)", shapeString(ls), shapeString(rs))
	}
	K := KL
	if !lkp {
		M *= pa
	} else {
		K *= pa
	}
	if !rkp {
		N *= pb
	}
	shape := []int64{M, N}
	if len(ls) == 3 {
		shape = []int64{ls[0], M, N}
	}
	rt := BlockOf(outT, shape)
	zero := g.constFloat(ir.F32Type(g.c.ctx), 0)
	var accV ir.Value
	if v[6] == nil || isNone(v[6]) {
		accV = g.splatValue(zero, g.ty(rt))
	} else {
		acc := g.tensorArg(v[6])
		if !slices.Equal(acc.T.Shape(), shape) || !acc.T.Scalar().Equal(outT) {
			g.failCur("AssertionError: the accumulator %s does not match %s", acc.T, rt)
		}
		accV = acc.V
	}
	var lsV, rsV ir.Value
	for i, sc := range []Object{v[1], v[4]} {
		if sc == nil || isNone(sc) {
			continue
		}
		t := g.tensorArg(sc)
		// Triton does not check it ("TODO: validate types"); tt.dot_scaled's
		// verifier takes scales of 8-bit integers or floats only.
		if st := t.T.Scalar(); !st.IsFloating() && st.PrimitiveBitwidth() != 8 {
			g.failCur("TypeError: %s must be a tensor of uint8 (e8m0) or floating-point scales, got %s", map[int]string{0: "lhs_scale", 1: "rhs_scale"}[i], st)
		}
		factor := int64(32)
		if t.T.Scalar().IsFP8E4NV() {
			factor = 16
		}
		want := []int64{M, K / factor}
		if i == 1 {
			want = []int64{N, K / factor}
		}
		if !slices.Equal(t.T.Shape(), want) {
			g.failCur("AssertionError: %s must be a tensor of shape %s. Got %s", map[int]string{0: "lhs_scale", 1: "rhs_scale"}[i], shapeString(want), shapeString(t.T.Shape()))
		}
		if i == 0 {
			lsV = t.V
		} else {
			rsV = t.V
		}
	}
	ops := []ir.Value{lhs.V, rhs.V, accV}
	nl, nr := 0, 0
	if lsV != nil {
		ops, nl = append(ops, lsV), 1
	}
	if rsV != nil {
		ops, nr = append(ops, rsV), 1
	}
	ctx := g.c.ctx
	res := g.op1("tt.dot_scaled", ops, g.ty(rt),
		ir.NamedAttr{Name: "a_elem_type", Value: ir.I32EnumAttr(ctx, lfe)},
		ir.NamedAttr{Name: "b_elem_type", Value: ir.I32EnumAttr(ctx, rfe)},
		ir.NamedAttr{Name: "fastMath", Value: ir.BoolAttrOf(ctx, g.boolArg(v[7], false))},
		ir.NamedAttr{Name: "lhs_k_pack", Value: ir.BoolAttrOf(ctx, lkp)},
		ir.NamedAttr{Name: "rhs_k_pack", Value: ir.BoolAttrOf(ctx, rkp)},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ir.DenseI32Array(ctx, []int64{1, 1, 1, int64(nl), int64(nr)})})
	return &Tensor{V: res, T: rt}
}

// bitcastToFormat is _bitcast_to_fp_type.
func (g *gen) bitcastToFormat(v *Tensor, format string) *Tensor {
	want := map[string]*DType{"e5m2": FP8E5, "e4m3": FP8E4NV, "bf16": BF16, "fp16": FP16}[format]
	if want == nil {
		if !v.T.Scalar().Equal(UInt8) {
			g.failCur("AssertionError: e2m1 format must be packed as uint8. Got %s", v.T.Scalar())
		}
		return v
	}
	if v.T.Scalar().Equal(want) {
		return v
	}
	u := map[string]*DType{"e5m2": UInt8, "e4m3": UInt8, "bf16": UInt16, "fp16": UInt16}[format]
	if !v.T.Scalar().Equal(u) {
		g.failCur("AssertionError: Unexpected dtype for %s. Got %s", format, v.T.Scalar())
	}
	return g.bitcast(v, want)
}

// ---------------------------------------------------------------------
// inline assembly

func builtinInlineAsm(g *gen, c *callArgs) Object {
	v := c.bind(g, "asm", "constraints", "args", "dtype", "is_pure", "pack")
	asm, ok1 := unwrap(v[0]).(string)
	cons, ok2 := unwrap(v[1]).(string)
	if !ok1 || !ok2 {
		g.failCur("TypeError: inline_asm_elementwise takes the assembly and constraints as strings")
	}
	pack := g.intArg(v[5], "pack")
	pure := g.boolArg(v[4], false)
	var dtypes []*DType
	multi := false
	switch d := unwrap(v[3]).(type) {
	case *DType:
		dtypes = []*DType{d}
	case *Tuple:
		multi = true
		for _, x := range d.Values {
			dtypes = append(dtypes, g.dtypeArg(x, "dtype"))
		}
	default:
		g.failCur("TypeError: dtype must be a dtype or a sequence of dtypes")
	}
	argsT, ok := unwrap(v[2]).(*Tuple)
	if !ok {
		g.failCur("TypeError: args must be a sequence")
	}
	var args []*Tensor
	for _, a := range argsT.Values {
		args = append(args, g.toTensor(a))
	}
	outs := g.inlineAsm(asm, cons, args, dtypes, pure, pack)
	if !multi {
		return outs[0]
	}
	out := &Tuple{}
	for _, o := range outs {
		out.Values = append(out.Values, o)
	}
	return out
}

// inlineAsm is inline_asm_elementwise on tensors: the arguments broadcast
// together and each result takes their shape with its dtype.
func (g *gen) inlineAsm(asm, cons string, args []*Tensor, dtypes []*DType, pure bool, pack int64) []*Tensor {
	res := append([]*DType(nil), dtypes...)
	if len(args) > 0 {
		bcast := args[0]
		for _, it := range args {
			_, bcast = g.binaryOperands(it, bcast, true, true, false, false)
		}
		if bcast.T.IsBlock() {
			for i, it := range args {
				args[i], _ = g.binaryOperands(it, bcast, true, true, false, false)
			}
			for i, d := range dtypes {
				res[i] = bcast.T.WithElement(d)
			}
		}
	}
	// The op's verifier requires whole packs (Triton builds the op and
	// lets the verifier refuse it).
	if n := int64(1); pack > 1 && len(res) > 0 {
		if res[0].IsBlock() {
			n = res[0].Numel()
		}
		if n%pack != 0 {
			g.failCur("ValueError: inline_asm_elementwise with pack=%d needs a multiple of %d elements, and its operands have %d", pack, pack, n)
		}
	}
	var handles []ir.Value
	for _, a := range args {
		handles = append(handles, a.V)
	}
	var types []ir.Type
	for _, r := range res {
		types = append(types, g.ty(r))
	}
	ctx := g.c.ctx
	op := g.op("tt.elementwise_inline_asm", handles, types,
		ir.NamedAttr{Name: "asm_string", Value: ir.StringAttrOf(ctx, asm)},
		ir.NamedAttr{Name: "constraints", Value: ir.StringAttrOf(ctx, cons)},
		ir.NamedAttr{Name: "pure", Value: ir.BoolAttrOf(ctx, pure)},
		ir.NamedAttr{Name: "packed_element", Value: ir.I32Attr(ctx, pack)})
	out := make([]*Tensor, len(res))
	for i, r := range res {
		out[i] = &Tensor{V: op.Result(i), T: r}
	}
	return out
}
