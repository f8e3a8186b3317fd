package ttgtogpu

import (
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// The shape ops only move registers around: the layouts TTGIR assigns make
// each of them a per-thread renaming (anything else goes through
// ttg.convert_layout). Which source register a result register takes is
// found by following the element: result coordinates -> source
// coordinates, looked up among the source's registers.

// lowerMakeRange: register r holds start + its coordinate (in the whole
// tensor: with clusters, the CTA's share's offset is part of it).
func (l *lowering) lowerMakeRange(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	lay, err := l.opLayout(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	start := tt.MakeRangeOp{Operation: op}.Start()
	vals := make([]ir.Value, lay.numRegs)
	for r := range vals {
		vals[r] = e.add(e.globalCoord(lay, r, 0), e.i32c(start))
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return nil
}

// lowerSplat: every register holds the scalar.
func (l *lowering) lowerSplat(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	lay, err := l.opLayout(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	v := rw.Remapped(op.Operand(0))
	vals := make([]ir.Value, lay.numRegs)
	for i := range vals {
		vals[i] = v
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return nil
}

// lowerUnsplat: the one element of a single-element tensor.
func (l *lowering) lowerUnsplat(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	vals := rw.RemappedN(op.Operand(0))
	if len(vals) == 0 {
		return ir.OpErrorf(op, "operand has no registers")
	}
	rw.ReplaceOp(op, vals[:1])
	return nil
}

// forward replaces op's single result with the source registers picked
// by regMap.
func forward(op *ir.Operation, rw *conversion.Rewriter, src []ir.Value, regMap []int) {
	vals := make([]ir.Value, len(regMap))
	for i, j := range regMap {
		vals[i] = src[j]
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
}

// viewLowering lowers a one-operand view whose element correspondence is
// the linear map f (result coordinates -> source coordinates).
func (l *lowering) viewLowering(op *ir.Operation, rw *conversion.Rewriter, f func([]int32) []int32) error {
	src, dst, err := l.srcDstLayouts(op)
	if err != nil {
		return err
	}
	m, err := mapRegisters(src, dst, f)
	if err != nil {
		return ir.OpErrorf(op, "'%s' is not a register renaming for these layouts: %v", op.Name(), err)
	}
	forward(op, rw, rw.RemappedN(op.Operand(0)), m)
	return nil
}

// lowerBroadcast: broadcast dims read coordinate 0 of the source.
func (l *lowering) lowerBroadcast(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	srcShape := op.Operand(0).Type().(*ir.RankedTensorType).Dims
	return l.viewLowering(op, rw, func(c []int32) []int32 {
		out := slices.Clone(c)
		for d, n := range srcShape {
			if n == 1 {
				out[d] = 0
			}
		}
		return out
	})
}

// lowerExpandDims: the new unit dim is dropped.
func (l *lowering) lowerExpandDims(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	axis := tt.ExpandDimsOp{Operation: op}.Axis()
	return l.viewLowering(op, rw, func(c []int32) []int32 {
		return slices.Delete(slices.Clone(c), axis, axis+1)
	})
}

// lowerTrans: result dim i is source dim order[i].
func (l *lowering) lowerTrans(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	order := tt.TransOp{Operation: op}.Order()
	return l.viewLowering(op, rw, func(c []int32) []int32 {
		out := make([]int32, len(c))
		for i, o := range order {
			out[o] = c[i]
		}
		return out
	})
}

// lowerReshape: the row-major linear index is kept. When the layouts do
// not make that a renaming but the reshape may reorder elements, the
// registers are kept in order (Triton's behavior).
func (l *lowering) lowerReshape(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	srcShape := op.Operand(0).Type().(*ir.RankedTensorType).Dims
	dstShape := op.Result(0).Type().(*ir.RankedTensorType).Dims
	err := l.viewLowering(op, rw, func(c []int32) []int32 {
		return unflatten(flatten(c, dstShape), srcShape)
	})
	if err == nil {
		return nil
	}
	if (tt.ReshapeOp{Operation: op}).AllowReorder() {
		src := rw.RemappedN(op.Operand(0))
		dst, derr := l.opLayout(op, op.Result(0).Type())
		if derr == nil && dst.numRegs == len(src) {
			rw.ReplaceOpN(op, [][]ir.Value{src})
			return nil
		}
	}
	return err
}

// flatten returns the row-major index of coordinates c in shape.
func flatten(c []int32, shape []int64) int64 {
	var idx int64
	for d, n := range shape {
		idx = idx*n + int64(c[d])
	}
	return idx
}

// unflatten is the inverse of flatten.
func unflatten(idx int64, shape []int64) []int32 {
	c := make([]int32, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		c[d] = int32(idx % shape[d])
		idx /= shape[d]
	}
	return c
}

// lowerJoin: the new minor dim of size 2 selects lhs (0) or rhs (1); it
// must be held within each thread.
func (l *lowering) lowerJoin(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	src, dst, err := l.srcDstLayouts(op)
	if err != nil {
		return err
	}
	last := dst.rank() - 1
	if dst.threadMask(last) != 0 {
		return ir.OpErrorf(op, "tt.join: the joined dimension is split across threads in the result layout")
	}
	m, err := mapRegisters(src, dst, func(c []int32) []int32 { return c[:last] })
	if err != nil {
		return ir.OpErrorf(op, "'tt.join' is not a register renaming for these layouts: %v", err)
	}
	lhs, rhs := rw.RemappedN(op.Operand(0)), rw.RemappedN(op.Operand(1))
	vals := make([]ir.Value, dst.numRegs)
	for r, j := range m {
		if dst.regs[r][last] == 0 {
			vals[r] = lhs[j]
		} else {
			vals[r] = rhs[j]
		}
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return nil
}

// lowerSplit is the inverse of join.
func (l *lowering) lowerSplit(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	src, dst, err := l.srcDstLayouts(op)
	if err != nil {
		return err
	}
	last := src.rank() - 1
	if src.threadMask(last) != 0 {
		return ir.OpErrorf(op, "tt.split: the split dimension is spread across threads in the source layout")
	}
	if _, err := mapRegisters(src, dst, func(c []int32) []int32 { return append(slices.Clone(c), 0) }); err != nil {
		return ir.OpErrorf(op, "'tt.split' is not a register renaming for these layouts: %v", err)
	}
	in := rw.RemappedN(op.Operand(0))
	groups := make([][]ir.Value, 2)
	for k := range groups {
		vals := make([]ir.Value, dst.numRegs)
		for r := range vals {
			j, ok := src.regAt(append(slices.Clone(dst.regs[r]), int32(k)))
			if !ok {
				return ir.OpErrorf(op, "tt.split: no source register holds half %d of result register %d", k, r)
			}
			vals[r] = in[j]
		}
		groups[k] = vals
	}
	rw.ReplaceOpN(op, groups)
	return nil
}

// lowerCat concatenates the registers of both operands (tt.cat may reorder
// elements, and Triton defines it by this register order).
func (l *lowering) lowerCat(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	dst, err := l.opLayout(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	lhs, rhs := rw.RemappedN(op.Operand(0)), rw.RemappedN(op.Operand(1))
	vals := append(slices.Clone(lhs), rhs...)
	if len(vals) != dst.numRegs {
		return ir.OpErrorf(op, "tt.cat: the result layout has %d registers per thread, the operands %d", dst.numRegs, len(vals))
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return nil
}

// lowerMapElementwise applies the region of tt.map_elementwise to every
// `pack` consecutive registers: its arguments are pack elements of each
// operand in turn, its results pack elements of each result. A region of
// one block is inlined; one with control flow (cf branches, or scf
// lowered to them) is copied once per call, between a branch from the
// code before and a block that takes the results as arguments
// (mapElementwiseBlocks), as Triton's lowering does.
func (l *lowering) lowerMapElementwise(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	pack := 1
	if a, ok := op.Attr("pack").(*ir.IntegerAttr); ok && a.Int() > 0 {
		pack = int(a.Int())
	}
	r := op.Region(0)
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			if o.NumRegions() > 0 {
				return ir.OpErrorf(o, "ops with regions are not supported in tt.map_elementwise (structured control flow is lowered to cf branches first)")
			}
		}
	}
	operands := make([][]ir.Value, op.NumOperands())
	n := -1
	for i, v := range op.Operands() {
		operands[i] = rw.RemappedN(v)
		if n >= 0 && len(operands[i]) != n {
			return ir.OpErrorf(op, "operands have different numbers of registers")
		}
		n = len(operands[i])
	}
	multi := r.NumBlocks() > 1
	var cur, join *ir.Block
	var retTypes []ir.Type
	if multi {
		for _, b := range r.Blocks() {
			if t := b.Terminator(); t != nil && t.Name() == "tt.map_elementwise.return" {
				retTypes = t.OperandTypes()
				break
			}
		}
		if retTypes == nil {
			return ir.OpErrorf(op, "tt.map_elementwise region has no tt.map_elementwise.return")
		}
		cur = op.Block()
		join = rw.SplitBlock(cur, op)
	}
	// A thread whose register count is not a multiple of pack fills the
	// last call with poison and drops the extra results.
	results := make([][]ir.Value, op.NumResults())
	for c := 0; c < n; c += pack {
		if multi {
			e.b.SetInsertionPointToEnd(cur)
		}
		var args []ir.Value
		for _, vals := range operands {
			for j := c; j < c+pack; j++ {
				if j < n {
					args = append(args, vals[j])
				} else {
					args = append(args, e.op1("llvm.mlir.poison", vals[0].Type(), nil))
				}
			}
		}
		var outs []ir.Value
		if multi {
			next := join
			if c+pack < n {
				next = ir.NewBlock(l.ctx, nil, nil)
				join.Region().InsertBefore(next, join)
			}
			for _, t := range retTypes {
				outs = append(outs, next.AddArgument(registerType(rw, t), op.Loc()))
			}
			l.mapElementwiseBlocks(e, rw, r, cur, next, args)
			cur = next
		} else {
			outs = inlineOnRegisters(e, rw, r.Front(), args)
		}
		for k := range results {
			results[k] = append(results[k], outs[k*pack:k*pack+min(pack, n-c)]...)
		}
	}
	if multi {
		if n == 0 { // no registers: no call, straight on
			e.b.SetInsertionPointToEnd(cur)
			llvm.NewBr(e.b, e.loc, join, nil)
		}
		e.b.SetInsertionPoint(op)
	}
	rw.ReplaceOpN(op, results)
	return nil
}

// mapElementwiseBlocks copies the blocks of r in front of next, ends from
// with a branch to the copy of the entry block passing args, and turns
// each tt.map_elementwise.return into a branch to next with its operands.
// The copied ops are lowered as the conversion reaches them. As in
// inlineOnRegisters, the copies' arguments and next's are registers: each
// copy starts with its arguments cast to the region's types, and the
// returned values are remapped to registers.
func (l *lowering) mapElementwiseBlocks(e *emitter, rw *conversion.Rewriter, r *ir.Region, from, next *ir.Block, args []ir.Value) {
	m := ir.NewMapping()
	blocks := r.Blocks()
	copies := make([]*ir.Block, len(blocks))
	for i, b := range blocks {
		copies[i] = ir.NewBlock(l.ctx, nil, nil)
		for _, a := range b.Arguments() {
			copies[i].AddArgument(registerType(rw, a.Type()), a.Loc())
		}
		m.MapBlock(b, copies[i])
		next.Region().InsertBefore(copies[i], next)
	}
	for i, b := range blocks {
		e.b.SetInsertionPointToEnd(copies[i])
		for j, a := range b.Arguments() {
			m.Map(a, rw.SourceValue(e.b, copies[i].Argument(j), a.Type(), a.Loc()))
		}
	}
	var cloned []*ir.Operation
	for i, b := range blocks {
		e.b.SetInsertionPointToEnd(copies[i])
		for o := b.First(); o != nil; o = o.Next() {
			if o.Name() == "tt.map_elementwise.return" {
				regs := mapAll(m, o.Operands())
				for k, v := range regs {
					regs[k] = rw.Remapped(v)
				}
				llvm.NewBr(e.b, o.Loc(), next, regs)
				continue
			}
			cloned = append(cloned, e.b.Insert(o.Clone(m)))
		}
	}
	// Blocks listed before the blocks that dominate them used values not
	// yet copied: map those now.
	for _, o := range cloned {
		for i, v := range o.Operands() {
			if w := m.LookupOrNil(v); w != nil {
				o.SetOperand(i, w)
			}
		}
	}
	e.b.SetInsertionPointToEnd(from)
	llvm.NewBr(e.b, e.loc, copies[0], args)
}

// registerType is the type of t's register: t converted one to one (an
// 8-bit float's i8), or t itself.
func registerType(rw *conversion.Rewriter, t ir.Type) ir.Type {
	if tc := rw.TypeConverter(); tc != nil {
		if to, ok := tc.ConvertTypes(t); ok && len(to) == 1 {
			return to[0]
		}
	}
	return t
}

// mapAll looks every value up in m.
func mapAll(m *ir.Mapping, vs []ir.Value) []ir.Value {
	out := make([]ir.Value, len(vs))
	for i, v := range vs {
		out[i] = m.Lookup(v)
	}
	return out
}
