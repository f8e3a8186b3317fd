package tt

import (
	"github.com/ttcompiler/tt/ir"
)

// Cast ops: int_to_ptr, ptr_to_int, bitcast, fp_to_fp.
var (
	IntToPtrDef = Dialect.NewOp("int_to_ptr", ir.Elementwise|ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding|ir.Pure)
	PtrToIntDef = Dialect.NewOp("ptr_to_int", ir.Elementwise|ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding|ir.Pure)
	BitcastDef  = Dialect.NewOp("bitcast", ir.Elementwise|ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding|ir.Pure)
	FpToFpDef   = Dialect.NewOp("fp_to_fp", ir.Elementwise|ir.SameOperandsAndResultShape|ir.SameOperandsAndResultEncoding|ir.Pure)
)

func init() {
	for _, d := range []*ir.OpDef{IntToPtrDef, PtrToIntDef, BitcastDef} {
		d.Parse = parseUnaryArrow(false, false)
		d.Print = printUnaryArrow()
	}
	(&opSpec{
		operands: []operandSpec{one(cI64Like)}, results: []operandSpec{one(cPtrLike)},
		traits: []func(*ir.Operation) error{verifyElementwise},
	}).install(IntToPtrDef)
	IntToPtrDef.Canonicalize = []ir.RewritePattern{canonicalizeIntToPtr{}}
	(&opSpec{
		operands: []operandSpec{one(cPtrLike)}, results: []operandSpec{one(cI64Like)},
		traits: []func(*ir.Operation) error{verifyElementwise},
	}).install(PtrToIntDef)
	(&opSpec{
		operands: []operandSpec{one(cType)}, results: []operandSpec{one(cType)},
		traits: []func(*ir.Operation) error{verifyElementwise},
		verify: verifyBitcast,
	}).install(BitcastDef)

	FpToFpDef.Inherent = []string{"rounding"}
	FpToFpDef.Parse = parseFpToFp
	FpToFpDef.Print = printFpToFp
	(&opSpec{
		attrs:    []attrSpec{enumAttrSpec("rounding", RoundingModeEnum, false)},
		operands: []operandSpec{one(cFloatLike)}, results: []operandSpec{one(cFloatLike)},
		traits: []func(*ir.Operation) error{verifyElementwise},
		verify: verifyFpToFp,
	}).install(FpToFpDef)
	FpToFpDef.Fold = foldFpToFp
}

// NewIntToPtr creates `tt.int_to_ptr`.
func NewIntToPtr(b *ir.Builder, loc ir.Location, v ir.Value, ptrType ir.Type) *ir.Operation {
	return b.CreateOp("tt.int_to_ptr", loc, []ir.Value{v}, []ir.Type{ptrType})
}

// NewPtrToInt creates `tt.ptr_to_int`.
func NewPtrToInt(b *ir.Builder, loc ir.Location, v ir.Value, intType ir.Type) *ir.Operation {
	return b.CreateOp("tt.ptr_to_int", loc, []ir.Value{v}, []ir.Type{intType})
}

// NewBitcast creates `tt.bitcast`.
func NewBitcast(b *ir.Builder, loc ir.Location, v ir.Value, to ir.Type) *ir.Operation {
	return b.CreateOp("tt.bitcast", loc, []ir.Value{v}, []ir.Type{to})
}

// NewFpToFp creates `tt.fp_to_fp`, with a rounding mode when hasRounding.
func NewFpToFp(b *ir.Builder, loc ir.Location, v ir.Value, to ir.Type, rounding RoundingMode, hasRounding bool) *ir.Operation {
	var attrs []ir.NamedAttr
	if hasRounding {
		attrs = append(attrs, ir.NamedAttr{Name: "rounding", Value: ir.I32EnumAttr(b.Ctx, rounding)})
	}
	return b.CreateOp("tt.fp_to_fp", loc, []ir.Value{v}, []ir.Type{to}, attrs...)
}

// FpToFpOp is a typed view of tt.fp_to_fp.
type FpToFpOp struct{ *ir.Operation }

func (o FpToFpOp) Src() ir.Value { return o.Operand(0) }

// Rounding returns the rounding mode and whether one is set.
func (o FpToFpOp) Rounding() (RoundingMode, bool) {
	a, ok := o.Attr("rounding").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return RoundingMode(a.Int()), true
}

func verifyBitcast(op *ir.Operation) error {
	dst := ir.ElementTypeOrSelf(op.Result(0).Type())
	src := ir.ElementTypeOrSelf(op.Operand(0).Type())
	_, dstPtr := dst.(*PointerType)
	_, srcPtr := src.(*PointerType)
	if dstPtr || srcPtr {
		if dstPtr && srcPtr {
			if AddrSpaceOf(dst) != AddrSpaceOf(src) {
				return plainError(op, "Cannot bitcast pointer between different address spaces")
			}
			return nil
		}
		return plainError(op, "Cannot bitcast pointer to non-pointer type")
	}
	if sb, db := ir.BitWidth(src), ir.BitWidth(dst); sb != db {
		return plainError(op, "Cannot bitcast data-type of size %d to data-type of size %d", sb, db)
	}
	return nil
}

func verifyFpToFp(op *ir.Operation) error {
	dst := ir.ElementTypeOrSelf(op.Result(0).Type())
	src := ir.ElementTypeOrSelf(op.Operand(0).Type())
	if ir.BitWidth(dst) < ir.BitWidth(src) && op.Attr("rounding") == nil {
		return plainError(op, "Rounding mode is required for FP downcast")
	}
	return nil
}

func parseFpToFp(p ir.OpParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if p.ParseOptionalComma() {
		if err := p.ParseExpectedKeyword("rounding"); err != nil {
			return err
		}
		if err := p.ParseEqual(); err != nil {
			return err
		}
		v, err := parseEnumKeyword(p, st, RoundingModeEnum, "rounding")
		if err != nil {
			return err
		}
		st.AddAttr("rounding", ir.I32Attr(p.Context(), v))
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(src, t)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	st.Types = []ir.Type{rt}
	return nil
}

func printFpToFp(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.PrintOptionalAttrDict(op.Attrs(), "rounding")
	if r := op.Attr("rounding"); r != nil {
		p.WriteString(", rounding = ")
		printEnumKeyword(p, RoundingModeEnum, r)
	}
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}
