package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Bit scans and the sum of absolute differences, as libdevice's integer
// functions use them (__nv_clz, __nv_ffs, __nv_sad):
//
//	%n = gpu.clz %x : i64                        leading zeros of x (PTX clz.b64); the result is i32
//	%p = gpu.bfind %x {unsigned, shiftamt} : i32 position of the highest bit (PTX bfind); i32
//	%r = gpu.sad %a, %b, %c {unsigned} : i32     c + |a - b| (PTX sad.s32 / sad.u32)
//
// clz and bfind take i32 or i64 and give i32, as PTX does. clz counts the
// zeros above the highest set bit (the width for 0). bfind finds the
// highest set bit of an unsigned x, or the highest bit that differs from
// the sign bit of a signed one; it gives that bit's position (0 the least
// significant), or with shiftamt the left shift that brings it to the
// top (width - 1 - position), and 0xFFFFFFFF where there is none (x = 0,
// or signed x = -1). sad is on i32: |a - b| compares a and b signed
// unless unsigned, and the difference and the sum wrap modulo 2^32. All
// are Pure.
var (
	ClzOp   = Dialect.NewOp("clz", ir.Pure)
	BfindOp = Dialect.NewOp("bfind", ir.Pure)
	SadOp   = Dialect.NewOp("sad", ir.Pure)
)

var (
	bfindOptions = []option{flag("unsigned"), flag("shiftamt")}
	sadOptions   = []option{flag("unsigned")}
)

func init() {
	ClzOp.Parse = parseBitScan(nil)
	ClzOp.Print = printBitScan(nil)
	ClzOp.Verify = verifyBitScan(nil)

	BfindOp.Inherent = inherentNames(bfindOptions)
	BfindOp.Parse = parseBitScan(bfindOptions)
	BfindOp.Print = printBitScan(bfindOptions)
	BfindOp.Verify = verifyBitScan(bfindOptions)

	SadOp.Inherent = inherentNames(sadOptions)
	SadOp.Parse = parseSameTypeWith(3, func(p ir.OpParser, st *ir.OperationState) error { return parseOptions(p, st, sadOptions) })
	SadOp.Print = func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		printOptions(p, op, sadOptions)
		p.WriteString(" : ")
		p.PrintType(op.Result(0).Type())
	}
	SadOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 3, 1); err != nil {
			return err
		}
		if err := verifyOptions(op, sadOptions); err != nil {
			return err
		}
		for _, v := range append(op.Operands(), op.Result(0)) {
			if !ir.IsInteger(v.Type(), 32) {
				return ir.OpErrorf(op, "operands and result must be i32, got '%s'", asm.TypeString(v.Type()))
			}
		}
		return nil
	}
}

// parseBitScan parses `%x {options} : T` (T i32 or i64; the result i32).
func parseBitScan(opts []option) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := parseOptions(p, st, opts); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		vals, err := p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t})
		if err != nil {
			return err
		}
		st.Operands = vals
		st.Types = []ir.Type{ir.I32(p.Context())}
		return nil
	}
}

func printBitScan(opts []option) func(ir.OpPrinter, *ir.Operation) {
	return func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
		printOptions(p, op, opts)
		p.WriteString(" : ")
		p.PrintType(op.Operand(0).Type())
	}
}

func verifyBitScan(opts []option) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := counts(op, 1, 1); err != nil {
			return err
		}
		if err := verifyOptions(op, opts); err != nil {
			return err
		}
		if t := op.Operand(0).Type(); !ir.IsInteger(t, 32) && !ir.IsInteger(t, 64) {
			return ir.OpErrorf(op, "operates on i32 or i64, got '%s'", asm.TypeString(t))
		}
		if t := op.Result(0).Type(); !ir.IsInteger(t, 32) {
			return ir.OpErrorf(op, "result must be i32, got '%s'", asm.TypeString(t))
		}
		return nil
	}
}

// ShiftAmt reports whether a gpu.bfind gives the shift amount.
func ShiftAmt(op *ir.Operation) bool { return op.Attr("shiftamt") != nil }

func unitAttrs(ctx *ir.Context, names map[string]bool) []ir.NamedAttr {
	var out []ir.NamedAttr
	for _, n := range []string{"unsigned", "shiftamt"} {
		if names[n] {
			out = append(out, ir.NamedAttr{Name: n, Value: ir.Unit(ctx)})
		}
	}
	return out
}

// NewClz builds `gpu.clz x`.
func NewClz(b *ir.Builder, loc ir.Location, x ir.Value) *ir.Operation {
	return b.CreateOp(ClzOp.Name, loc, []ir.Value{x}, []ir.Type{ir.I32(b.Ctx)})
}

// NewBfind builds `gpu.bfind x`.
func NewBfind(b *ir.Builder, loc ir.Location, x ir.Value, unsigned, shiftAmt bool) *ir.Operation {
	return b.CreateOp(BfindOp.Name, loc, []ir.Value{x}, []ir.Type{ir.I32(b.Ctx)},
		unitAttrs(b.Ctx, map[string]bool{"unsigned": unsigned, "shiftamt": shiftAmt})...)
}

// NewSad builds `gpu.sad x, y, z`: z + |x - y|.
func NewSad(b *ir.Builder, loc ir.Location, x, y, z ir.Value, unsigned bool) *ir.Operation {
	return b.CreateOp(SadOp.Name, loc, []ir.Value{x, y, z}, []ir.Type{x.Type()}, unsignedAttr(b.Ctx, unsigned)...)
}
