package tttottg

import (
	"github.com/ttcompiler/tt/conversion"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

func (c *converter) ttPatterns() []conversion.Pattern {
	return []conversion.Pattern{
		conversion.NewPattern("tt.expand_dims", "tt.expand_dims", 1, c.expandDims),
		conversion.NewPattern("tt.broadcast", "tt.broadcast", 1, c.broadcast),
		conversion.NewPattern("tt.trans", "tt.trans", 1, c.trans),
		conversion.NewPattern("tt.join", "tt.join", 1, c.join),
		conversion.NewPattern("tt.split", "tt.split", 1, c.split),
		conversion.NewPattern("tt.cat", "tt.cat", 1, c.cat),
		conversion.NewPattern("tt.dot", "tt.dot", 1, c.dot),
		conversion.NewPattern("tt.reduce", "tt.reduce", 1, c.inferredRegionOp),
		conversion.NewPattern("tt.scan", "tt.scan", 1, c.inferredRegionOp),
		conversion.NewPattern("tt.map_elementwise", "tt.map_elementwise", 1, c.inferredRegionOp),
		conversion.NewPattern("tt.func", "tt.func", 1, c.function),
		conversion.NewPattern("tt.descriptor_gather", "tt.descriptor_gather", 1, c.gatherScatter),
		conversion.NewPattern("tt.descriptor_scatter", "tt.descriptor_scatter", 1, c.gatherScatter),
	}
}

func tensorOf(v ir.Value) (*ir.RankedTensorType, bool) {
	t, ok := v.Type().(*ir.RankedTensorType)
	return t, ok
}

// expandDims converts the operand to a slice of a blocked layout that is
// the operand's blocked layout with a size-1 dimension inserted at the
// axis (all of whose parameters are 1 there, order by dimension index),
// so the expand_dims itself moves no data.
func (c *converter) expandDims(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	src := c.adapt(op, operands)[0]
	st, ok := tensorOf(src)
	if !ok {
		return false
	}
	enc, ok := st.Encoding.(*ttg.BlockedEncoding)
	if !ok {
		return false
	}
	axis := tt.ExpandDimsOp{Operation: op}.Axis()
	rank := len(enc.Order) + 1
	order := make([]int, rank)
	for i := range order {
		order[i] = i
	}
	ret := ttg.NewBlocked(c.ctx, insertInt(enc.SizePerThread, axis, 1), insertInt(enc.ThreadsPerWarp, axis, 1),
		insertInt(enc.WarpsPerCTA, axis, 1), order, enc.CGALayout.InsertDim(axis))
	sliceType := ir.RankedTensor(c.ctx, st.Dims, st.Elem, ttg.NewSlice(c.ctx, axis, ret))
	cvt := ttg.NewConvertLayout(rw.B(), op.Loc(), src, sliceType).Result(0)
	resType := tt.ExpandDimsType(c.ctx, sliceType, axis)
	recreate(op, []ir.Value{cvt}, []ir.Type{resType}, rw)
	return true
}

func insertInt(v []int, at, x int) []int {
	out := make([]int, 0, len(v)+1)
	out = append(out, v[:at]...)
	out = append(out, x)
	return append(out, v[at:]...)
}

// broadcast keeps its operand's layout on the bigger shape.
func (c *converter) broadcast(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	src := c.adapt(op, operands)[0]
	st, ok := tensorOf(src)
	if !ok || st.Encoding == nil {
		return false
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	recreate(op, []ir.Value{src}, []ir.Type{ir.RankedTensor(c.ctx, rt.Dims, rt.Elem, st.Encoding)}, rw)
	return true
}

// trans infers the result layout that makes the transpose free.
func (c *converter) trans(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	src := c.adapt(op, operands)[0]
	st, ok := tensorOf(src)
	if !ok || st.Encoding == nil {
		return false
	}
	order := tt.TransOp{Operation: op}.Order()
	perm := make([]int, len(order))
	for i, o := range order {
		perm[i] = int(o)
	}
	enc, err := ttg.InferTransEncoding(c.ctx, st.Encoding, st.Dims, perm)
	if err != nil {
		return false
	}
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	recreate(op, []ir.Value{src}, []ir.Type{ir.RankedTensor(c.ctx, rt.Dims, rt.Elem, enc)}, rw)
	return true
}

// join infers its result layout from its operands' (not the default).
func (c *converter) join(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	ops := c.adapt(op, operands)
	st, ok := tensorOf(ops[0])
	if !ok || st.Encoding == nil {
		return false
	}
	enc, err := ttg.InferJoinEncoding(c.ctx, st.Encoding, st.Dims)
	if err != nil {
		return false
	}
	rt := op.Result(0).Type().(*ir.RankedTensorType)
	recreate(op, ops, []ir.Type{ir.RankedTensor(c.ctx, rt.Dims, rt.Elem, enc)}, rw)
	return true
}

// split needs its operand blocked with two elements per thread in the
// last, fastest dimension (and no lanes, warps or CTAs along it); other
// operands are first converted to such a layout built from the default
// layout of the result.
func (c *converter) split(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	src := c.adapt(op, operands)[0]
	st, ok := tensorOf(src)
	if !ok {
		return false
	}
	rank := st.Rank()
	enc, isBlocked := st.Encoding.(*ttg.BlockedEncoding)
	if !isBlocked || enc.SizePerThread[rank-1] != 2 || enc.Order[0] != rank-1 {
		rt := op.Result(0).Type().(*ir.RankedTensorType)
		def := c.defaultEncoding(rt.Dims)
		enc = ttg.NewBlocked(c.ctx, append(append([]int(nil), def.SizePerThread...), 2),
			append(append([]int(nil), def.ThreadsPerWarp...), 1), append(append([]int(nil), def.WarpsPerCTA...), 1),
			append([]int{rank - 1}, def.Order...), def.CGALayout.AppendDim())
		src = ttg.NewConvertLayout(rw.B(), op.Loc(), src, ir.RankedTensor(c.ctx, st.Dims, st.Elem, enc)).Result(0)
	}
	resEnc, err := ttg.InferSplitEncoding(c.ctx, enc, st.Dims)
	if err != nil {
		return false
	}
	rt := ir.RankedTensor(c.ctx, st.Dims[:rank-1], st.Elem, resEnc)
	recreate(op, []ir.Value{src}, []ir.Type{rt, rt}, rw)
	return true
}

// cat gives each thread enough registers for both operands' elements
// (rounded up to a power of two) by growing sizePerThread along the
// fastest dimension of the default layout.
func (c *converter) cat(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	ops := c.adapt(op, operands)
	rt, ok := c.convertType(op.Result(0).Type()).(*ir.RankedTensorType)
	if !ok {
		return false
	}
	enc, ok := rt.Encoding.(*ttg.BlockedEncoding)
	if !ok {
		return false
	}
	lhs := ttg.TotalElemsPerThread(ops[0].Type())
	rhs := ttg.TotalElemsPerThread(ops[1].Type())
	ret := ttg.TotalElemsPerThread(rt)
	want := nextPow2(lhs + rhs)
	spt := append([]int(nil), enc.SizePerThread...)
	if ret > 0 {
		spt[enc.Order[0]] *= max(1, want/ret)
	}
	newEnc := ttg.NewBlocked(c.ctx, spt, enc.ThreadsPerWarp, enc.WarpsPerCTA, enc.Order, enc.CGALayout)
	recreate(op, ops, []ir.Type{ir.RankedTensor(c.ctx, rt.Dims, rt.Elem, newEnc)}, rw)
	return true
}

func nextPow2(n int) int {
	p := 1
	for p < n {
		p *= 2
	}
	return p
}

// dot picks a blocked accumulator layout (2x2 or 4x4 elements per thread
// when the tile is big enough) and converts the operands to dot_op
// layouts with it as parent (the FMA dot; accelerate-matmul picks MMA
// layouts later).
func (c *converter) dot(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	ops := c.adapt(op, operands)
	orig, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	at, ok1 := tensorOf(ops[0])
	bt, ok2 := tensorOf(ops[1])
	if !ok1 || !ok2 || at.Encoding == nil || bt.Encoding == nil {
		return false
	}
	rank := orig.Rank()
	spt := make([]int, rank)
	for i := range spt {
		spt[i] = 1
	}
	per := orig.NumElements() / int64(c.numWarps*c.threadsPerWarp)
	if per >= 4 {
		spt[rank-1], spt[rank-2] = 2, 2
	}
	if per >= 16 {
		spt[rank-1], spt[rank-2] = 4, 4
	}
	spt[rank-1] = min(spt[rank-1], int(orig.Dims[rank-1]))
	spt[rank-2] = min(spt[rank-2], int(orig.Dims[rank-2]))
	order := make([]int, rank)
	for i := range order {
		order[i] = rank - 1 - i
	}
	dEnc := ttg.BlockedForShape(c.ctx, orig.Dims, spt, order, c.numWarps, c.threadsPerWarp, c.numCTAs)
	retType := ir.RankedTensor(c.ctx, orig.Dims, orig.Elem, dEnc)
	a, b, acc := ops[0], ops[1], ops[2]
	if _, isDot := at.Encoding.(*ttg.DotOperandEncoding); !isDot {
		t := ir.RankedTensor(c.ctx, at.Dims, at.Elem, ttg.NewDotOperandFor(c.ctx, 0, dEnc, at.Elem))
		a = ttg.NewConvertLayout(rw.B(), a.Loc(), a, t).Result(0)
	}
	if _, isDot := bt.Encoding.(*ttg.DotOperandEncoding); !isDot {
		t := ir.RankedTensor(c.ctx, bt.Dims, bt.Elem, ttg.NewDotOperandFor(c.ctx, 1, dEnc, bt.Elem))
		b = ttg.NewConvertLayout(rw.B(), b.Loc(), b, t).Result(0)
	}
	acc = ttg.NewConvertLayout(rw.B(), acc.Loc(), acc, retType).Result(0)
	recreate(op, []ir.Value{a, b, acc}, []ir.Type{retType}, rw)
	return true
}

// inferredRegionOp rebuilds tt.reduce, tt.scan and tt.map_elementwise on
// their converted operands; the result types follow the operands'
// layouts (reduce: a slice of them), the combiner region is kept.
func (c *converter) inferredRegionOp(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	ops := c.adapt(op, operands)
	var types []ir.Type
	switch op.Name() {
	case "tt.reduce":
		axis := tt.ReduceOp{Operation: op}.Axis()
		for _, v := range ops {
			st, ok := tensorOf(v)
			if !ok || axis < 0 || axis >= st.Rank() {
				return false
			}
			types = append(types, tt.ReduceResultType(c.ctx, st, axis))
		}
	case "tt.scan":
		for _, v := range ops {
			types = append(types, v.Type())
		}
	default:
		types = c.convertTypes(op.ResultTypes())
	}
	if len(types) != op.NumResults() {
		return false
	}
	recreate(op, ops, types, rw)
	return true
}

// function converts the block argument types of a function body (later
// blocks too: their branches agree on the converted types) and its
// signature.
func (c *converter) function(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
	if !rw.ConvertRegionTypes(op.Region(0), nil) {
		return false
	}
	ft := function.FunctionType(op)
	if ft == nil {
		return false
	}
	nt := ir.Function(c.ctx, c.convertTypes(ft.Inputs), c.convertTypes(ft.Results))
	if nt != ft {
		rw.ModifyInPlace(op, func() { op.SetAttr("function_type", ir.TypeAttrOf(c.ctx, nt)) })
	}
	return true
}

// gatherScatter converts the TMA gather/scatter x offsets to the layout
// gather4/scatter4 need: four consecutive indices per thread, broadcast
// over the warps.
func (c *converter) gatherScatter(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	ops := c.adapt(op, operands)
	idx, ok := tensorOf(ops[1])
	if !ok || idx.Rank() != 1 {
		return false
	}
	cga := ttg.CGAFromSplitParams([]int{1, c.numCTAs}, []int{1, c.numCTAs}, []int{1, 0})
	parent := ttg.NewBlocked(c.ctx, []int{1, 4}, []int{c.threadsPerWarp, 1}, []int{1, c.numWarps}, []int{1, 0}, cga)
	want := ir.RankedTensor(c.ctx, idx.Dims, idx.Elem, ttg.NewSlice(c.ctx, 0, parent))
	if idx != want {
		ops[1] = ttg.NewConvertLayout(rw.B(), op.Loc(), ops[1], want).Result(0)
	}
	recreate(op, ops, c.convertTypes(op.ResultTypes()), rw)
	return true
}
