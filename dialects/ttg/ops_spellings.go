package ttg

import (
	"github.com/ttcompiler/tt/ir"
)

// MemDescSubviewDef reads `ttg.memdesc_subview %src[%o0, %o1, ...] :
// !ttg.memdesc<...> -> !ttg.memdesc<...>`, the view op of mid-2025
// Tritons, which Triton 3.6 split into memdesc_index (a dynamic index along
// dim 0, dropping it) and memdesc_subslice (static offsets, same rank).
// tt builds the 3.6 op whenever the conversion is exact:
//
//   - one rank fewer, the result shape the source's without dim 0, and
//     every offset after the first a constant 0: memdesc_index with the
//     first offset;
//   - the same rank and every offset a constant: memdesc_subslice with
//     those offsets (the result keeps the source's allocation shape, as
//     3.6's subslice results do).
//
// Any other subview (a dynamic offset past dim 0, a partial rank
// reduction) has no 3.6 form and is refused with a located error.
var MemDescSubviewDef = Dialect.NewOp("memdesc_subview", 0)

func init() {
	MemDescSubviewDef.Parse = parseMemDescSubview
	MemDescSubviewDef.Verify = func(op *ir.Operation) error {
		return ir.OpErrorf(op, "is the mid-2025 form of memdesc_index and memdesc_subslice: write one of those in the generic form")
	}
}

func parseMemDescSubview(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	offs, err := p.ParseOperandList(ir.DelimSquare)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	srcLoc := p.Loc()
	st0, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	resLoc := p.Loc()
	rt0, err := p.ParseType()
	if err != nil {
		return err
	}
	srcT, ok := st0.(*MemDescType)
	if !ok {
		return p.ErrorfAt(srcLoc, "'src' must be memory descriptor type, but got '%s'", typeText(st0))
	}
	resT, ok := rt0.(*MemDescType)
	if !ok {
		return p.ErrorfAt(resLoc, "'result' must be memory descriptor type, but got '%s'", typeText(rt0))
	}
	if len(offs) != srcT.Rank() {
		return p.ErrorfAt(srcLoc, "expected %d offsets (the source rank), got %d", srcT.Rank(), len(offs))
	}
	sv, err := p.ResolveOperand(src, srcT)
	if err != nil {
		return err
	}
	ov, err := p.ResolveOperands(offs, repeatType(I32(ctx), len(offs)))
	if err != nil {
		return err
	}
	consts := make([]int64, len(ov))
	isConst := make([]bool, len(ov))
	for i, v := range ov {
		consts[i], isConst[i] = constantInt(v)
	}
	switch {
	case resT.Rank() == srcT.Rank()-1:
		if !equalInt64s(resT.Dims, srcT.Dims[1:]) {
			return p.ErrorfAt(resLoc, "this memdesc_subview has no Triton 3.6 form: a rank-reducing view must keep every dim but the first (memdesc_index)")
		}
		for i := 1; i < len(ov); i++ {
			if !isConst[i] || consts[i] != 0 {
				return p.ErrorfAt(resLoc, "this memdesc_subview has no Triton 3.6 form: offset #%d of a rank-reducing view must be a constant 0 (memdesc_index)", i)
			}
		}
		st.Name = MemDescIndex.Def.Name
		st.Operands = []ir.Value{sv, ov[0]}
		st.Types = []ir.Type{resT}
	case resT.Rank() == srcT.Rank():
		for i := range ov {
			if !isConst[i] {
				return p.ErrorfAt(resLoc, "this memdesc_subview has no Triton 3.6 form: offset #%d of a same-rank view must be a constant (memdesc_subslice)", i)
			}
		}
		if !resT.IsSubview() {
			resT = MemDesc(ctx, resT.Dims, resT.Elem, resT.Encoding, resT.MemorySpace, resT.Mutable, srcT.AllocShape)
		}
		st.Name = MemDescSubslice.Def.Name
		st.Operands = []ir.Value{sv}
		st.Types = []ir.Type{resT}
		st.AddAttr("offsets", ir.DenseI32Array(ctx, consts))
	default:
		return p.ErrorfAt(resLoc, "this memdesc_subview has no Triton 3.6 form: the result rank must be the source rank or one less")
	}
	return nil
}

// constantInt returns the value of an integer produced by arith.constant.
func constantInt(v ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

func repeatType(t ir.Type, n int) []ir.Type {
	out := make([]ir.Type, n)
	for i := range out {
		out[i] = t
	}
	return out
}
