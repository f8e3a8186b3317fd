package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Integer helpers:
//
//	%r = gpu.mulhi %a, %b {unsigned} : i32        high half of the 2N-bit product (signed unless unsigned)
//	%r = gpu.prmt %a, %b, %sel : i32               byte permute (PTX prmt.b32, default mode)
//	%r = gpu.bfe %a, %start, %len {unsigned} : i32 bit-field extract (PTX bfe; sign-extends unless unsigned)
//
// mulhi and bfe take i32 or i64 (bfe's start and len are i32); prmt is i32:
// result byte i is byte (sel >> 4i) & 7 of the 8 bytes {b, a} (a is bytes
// 0-3), or its sign bit replicated when (sel >> 4i) & 8 is set.

var (
	MulHiOp = Dialect.NewOp("mulhi", ir.Pure)
	PrmtOp  = Dialect.NewOp("prmt", ir.Pure)
	BfeOp   = Dialect.NewOp("bfe", ir.Pure)
)

func init() {
	MulHiOp.Inherent = []string{"unsigned"}
	MulHiOp.Parse = parseSameType(2)
	MulHiOp.Print = printSameType
	MulHiOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 2, 1); err != nil {
			return err
		}
		return verifyIntOperands(op, op.Operands())
	}

	PrmtOp.Parse = parseSameType(3)
	PrmtOp.Print = printSameType
	PrmtOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 3, 1); err != nil {
			return err
		}
		for _, v := range append(op.Operands(), op.Result(0)) {
			if !ir.IsInteger(v.Type(), 32) {
				return ir.OpErrorf(op, "operands and result must be i32, got '%s'", asm.TypeString(v.Type()))
			}
		}
		return nil
	}

	BfeOp.Inherent = []string{"unsigned"}
	BfeOp.Parse = parseBfe
	BfeOp.Print = printBfe
	BfeOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 3, 1); err != nil {
			return err
		}
		if err := verifyIntOperands(op, op.Operands()[:1]); err != nil {
			return err
		}
		for _, v := range op.Operands()[1:] {
			if !ir.IsInteger(v.Type(), 32) {
				return ir.OpErrorf(op, "start and length must be i32, got '%s'", asm.TypeString(v.Type()))
			}
		}
		return nil
	}
}

func verifyIntOperands(op *ir.Operation, vals []ir.Value) error {
	if a := op.Attr("unsigned"); a != nil {
		if _, ok := a.(*ir.UnitAttr); !ok {
			return ir.OpErrorf(op, "attribute 'unsigned' must be a unit attribute")
		}
	}
	t := op.Result(0).Type()
	if !ir.IsInteger(t, 32) && !ir.IsInteger(t, 64) {
		return ir.OpErrorf(op, "operates on i32 or i64, got '%s'", asm.TypeString(t))
	}
	for _, v := range vals {
		if v.Type() != t {
			return ir.OpErrorf(op, "operand type '%s' differs from the result type '%s'", asm.TypeString(v.Type()), asm.TypeString(t))
		}
	}
	return nil
}

func parseBfe(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) != 3 {
		return p.ErrorfAt(loc, "expected 3 operands (value, start, length), got %d", len(us))
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

func printBfe(p ir.OpPrinter, op *ir.Operation) { printSameType(p, op) }

// Unsigned reports whether mulhi or bfe is unsigned.
func Unsigned(op *ir.Operation) bool { return op.Attr("unsigned") != nil }

func unsignedAttr(ctx *ir.Context, u bool) []ir.NamedAttr {
	if u {
		return []ir.NamedAttr{{Name: "unsigned", Value: ir.Unit(ctx)}}
	}
	return nil
}

// NewMulHi builds `gpu.mulhi a, b`.
func NewMulHi(b *ir.Builder, loc ir.Location, x, y ir.Value, unsigned bool) *ir.Operation {
	return b.CreateOp(MulHiOp.Name, loc, []ir.Value{x, y}, []ir.Type{x.Type()}, unsignedAttr(b.Ctx, unsigned)...)
}

// NewPrmt builds `gpu.prmt a, b, sel`.
func NewPrmt(b *ir.Builder, loc ir.Location, x, y, sel ir.Value) *ir.Operation {
	return b.CreateOp(PrmtOp.Name, loc, []ir.Value{x, y, sel}, []ir.Type{x.Type()})
}

// NewBfe builds `gpu.bfe a, start, len`.
func NewBfe(b *ir.Builder, loc ir.Location, x, start, length ir.Value, unsigned bool) *ir.Operation {
	return b.CreateOp(BfeOp.Name, loc, []ir.Value{x, start, length}, []ir.Type{x.Type()}, unsignedAttr(b.Ctx, unsigned)...)
}
