package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Synchronization and warp-level ops.

// BarrierOp is `gpu.barrier`: all threads of the block wait here, and
// their shared (and global) memory accesses before it are visible to the
// block after it (PTX bar.sync 0; AMD s_barrier between workgroup
// fences).
var BarrierOp = Dialect.NewOp("barrier", 0)

// ShuffleOp is `%r = gpu.shuffle MODE %v, %offset, %width : T`: every lane
// of the warp reads v from a source lane (CUDA's __shfl_*_sync over the
// full warp, lanes split into segments of width lanes):
//
//	xor   src = lane ^ offset        (own value if src leaves the segment)
//	up    src = lane - offset        (own value if lane%width < offset)
//	down  src = lane + offset        (own value if lane%width + offset >= width)
//	idx   src = segment start + offset%width
//
// T is any 32-bit type (i32, f32, vector<2xf16>, ...). The op is
// convergent: it has no memory effects but is not speculatable.
var ShuffleOp = Dialect.NewOp("shuffle", ir.NoMemoryEffect)

// BallotOp is `%m = gpu.ballot %p : i32`: bit i of the result is p of
// lane i (i64 for 64-lane AMD wavefronts).
var BallotOp = Dialect.NewOp("ballot", ir.NoMemoryEffect)

func init() {
	BarrierOp.Parse = func(p ir.OpParser, st *ir.OperationState) error { return p.ParseOptionalAttrDict(st) }
	BarrierOp.Print = func(p ir.OpPrinter, op *ir.Operation) { p.PrintOptionalAttrDict(op.Attrs()) }
	BarrierOp.Verify = func(op *ir.Operation) error { return counts(op, 0, 0) }
	BarrierOp.AppendEffects = orderingEffects

	ShuffleOp.Inherent = []string{"mode"}
	ShuffleOp.Parse = parseShuffle
	ShuffleOp.Print = printShuffle
	ShuffleOp.Verify = verifyShuffle

	BallotOp.Parse = parseBallot
	BallotOp.Print = printBallot
	BallotOp.Verify = verifyBallot
}

func parseShuffle(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return err
	}
	m, ok := ShuffleModeEnum.ValueOf(kw)
	if !ok {
		return p.ErrorfAt(loc, "expected shuffle mode xor, up, down or idx, got '%s'", kw)
	}
	st.AddAttr("mode", ir.I32Attr(p.Context(), m))
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) != 3 {
		return p.ErrorfAt(loc, "expected 3 operands (value, offset, width), got %d", len(us))
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	i32 := ir.I32(p.Context())
	vals, err := p.ResolveOperands(us, []ir.Type{t, i32, i32})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{t}
	return nil
}

func printShuffle(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" " + ShuffleModeEnum.KeywordOf(enumOf(op, "mode", 0)) + " ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs(), "mode")
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

func verifyShuffle(op *ir.Operation) error {
	if err := counts(op, 3, 1); err != nil {
		return err
	}
	if a := op.Attr("mode"); a == nil || !ShuffleModeEnum.Valid(a) {
		return ir.OpErrorf(op, "requires attribute 'mode' (xor, up, down or idx)")
	}
	t := op.Operand(0).Type()
	if bitWidth(t) != 32 {
		return ir.OpErrorf(op, "shuffles a 32-bit value, got '%s'", asm.TypeString(t))
	}
	if op.Result(0).Type() != t {
		return ir.OpErrorf(op, "result type must be the value type '%s'", asm.TypeString(t))
	}
	for i, what := range []string{"offset", "width"} {
		if !ir.IsInteger(op.Operand(i+1).Type(), 32) {
			return ir.OpErrorf(op, "%s must be i32, got '%s'", what, asm.TypeString(op.Operand(i+1).Type()))
		}
	}
	if w := ir.DefiningConstant(op.Operand(2)); w != nil {
		if ia, ok := w.(*ir.IntegerAttr); ok {
			if v := ia.Int(); v <= 0 || v > 64 || v&(v-1) != 0 {
				return ir.OpErrorf(op, "width must be a power of two between 1 and the warp size, got %d", v)
			}
		}
	}
	return nil
}

func parseBallot(p ir.OpParser, st *ir.OperationState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, ir.I1(p.Context()))
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	st.Types = []ir.Type{t}
	return nil
}

func printBallot(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

func verifyBallot(op *ir.Operation) error {
	if err := counts(op, 1, 1); err != nil {
		return err
	}
	if !ir.IsInteger(op.Operand(0).Type(), 1) {
		return ir.OpErrorf(op, "predicate must be i1, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if t := op.Result(0).Type(); !ir.IsInteger(t, 32) && !ir.IsInteger(t, 64) {
		return ir.OpErrorf(op, "result must be i32 or i64, got '%s'", asm.TypeString(t))
	}
	return nil
}

// bitWidth is the size of a scalar or 1-D vector of integers or floats, or
// 0 for other types.
func bitWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	case *ir.VectorType:
		if len(t.Dims) == 1 {
			if w := bitWidth(t.Elem); w > 0 && (ir.IsFloat(t.Elem) || isInt(t.Elem)) {
				return int(t.Dims[0]) * w
			}
		}
	}
	return 0
}

func isInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless
}

// NewBarrier builds `gpu.barrier`.
func NewBarrier(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(BarrierOp.Name, loc, nil, nil)
}

// NewShuffle builds `gpu.shuffle mode v, offset, width`.
func NewShuffle(b *ir.Builder, loc ir.Location, mode ShuffleMode, v, offset, width ir.Value) *ir.Operation {
	return b.CreateOp(ShuffleOp.Name, loc, []ir.Value{v, offset, width}, []ir.Type{v.Type()},
		ir.NamedAttr{Name: "mode", Value: enumAttr(b.Ctx, mode)})
}

// NewBallot builds `gpu.ballot p : t` (t is i32 or i64).
func NewBallot(b *ir.Builder, loc ir.Location, pred ir.Value, t ir.Type) *ir.Operation {
	return b.CreateOp(BallotOp.Name, loc, []ir.Value{pred}, []ir.Type{t})
}

// ShuffleModeOf returns the mode of a gpu.shuffle.
func ShuffleModeOf(op *ir.Operation) ShuffleMode { return ShuffleMode(enumOf(op, "mode", 0)) }
