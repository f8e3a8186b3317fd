package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
)

// intBinaries maps LLVM integer ops to PTX: the instruction with its
// signedness ('s' arithmetic, 'u' unsigned, 'b' bitwise), and how i8
// operands, which live in 16-bit registers with undefined high bits, must
// be extended first (0: not needed, the low byte of the result only
// depends on the low bytes; 's' or 'u': sign or zero extension).
var intBinaries = map[string]struct {
	ptx     string
	kind    byte
	extend8 byte
}{
	"llvm.add":  {"add", 's', 0},
	"llvm.sub":  {"sub", 's', 0},
	"llvm.mul":  {"mul.lo", 's', 0},
	"llvm.udiv": {"div", 'u', 'u'},
	"llvm.sdiv": {"div", 's', 's'},
	"llvm.urem": {"rem", 'u', 'u'},
	"llvm.srem": {"rem", 's', 's'},
	"llvm.and":  {"and", 'b', 0},
	"llvm.or":   {"or", 'b', 0},
	"llvm.xor":  {"xor", 'b', 0},
	"llvm.shl":  {"shl", 'b', 0},
	"llvm.lshr": {"shr", 'u', 'u'},
	"llvm.ashr": {"shr", 's', 's'},

	"llvm.intr.smax": {"max", 's', 's'},
	"llvm.intr.smin": {"min", 's', 's'},
	"llvm.intr.umax": {"max", 'u', 'u'},
	"llvm.intr.umin": {"min", 'u', 'u'},
}

func (f *fn) emitIntBinary(op *ir.Operation) error {
	info := intBinaries[op.Name()]
	return f.elementwise(op, func(d *value, xs []*value) error {
		t := d.typ
		it, ok := t.(*ir.IntegerType)
		if !ok {
			return errUnsupported(op, t)
		}
		if it.Width == 1 {
			return f.predBinary(op, d.reg, xs[0], xs[1])
		}
		shift := info.ptx == "shl" || info.ptx == "shr"
		a := f.reg(xs[0]) // PTX takes an immediate only after the first source
		if it.Width == 8 && info.extend8 != 0 {
			a = f.extend8(xs[0], info.extend8)
		}
		var b string
		switch {
		case shift:
			b = f.shiftAmount(xs[1])
		case it.Width == 8 && info.extend8 != 0:
			b = f.extend8(xs[1], info.extend8)
		default:
			b = f.src(xs[1])
		}
		if a == "" || b == "" || it.Width > 64 {
			return errUnsupported(op, t)
		}
		f.inss("%s.%s %s, %s, %s", info.ptx, itype(info.kind, t), d.reg, a, b)
		return nil
	})
}

// predBinary implements integer arithmetic on i1 (predicates): modulo 2,
// addition and subtraction are xor and multiplication is and; a shift by
// anything but 0 is poison, as is division by 0.
func (f *fn) predBinary(op *ir.Operation, dst string, x, y *value) error {
	a, b := f.reg(x), f.reg(y)
	switch op.Name() {
	case "llvm.add", "llvm.sub", "llvm.xor":
		f.inss("xor.pred %s, %s, %s", dst, a, b)
	case "llvm.and", "llvm.mul", "llvm.intr.umin", "llvm.intr.smax":
		// As signed values, i1 true is -1: smax(a, b) is and, smin is or.
		f.inss("and.pred %s, %s, %s", dst, a, b)
	case "llvm.or", "llvm.intr.umax", "llvm.intr.smin":
		f.inss("or.pred %s, %s, %s", dst, a, b)
	case "llvm.shl", "llvm.lshr", "llvm.ashr", "llvm.udiv", "llvm.sdiv":
		f.inss("mov.pred %s, %s", dst, a)
	case "llvm.urem", "llvm.srem":
		f.inss("mov.pred %s, 0", dst)
	default:
		return errUnsupported(op, ir.I1(op.Context()))
	}
	return nil
}

// extend8 returns an i8 operand sign- or zero-extended to its 16-bit
// register, as division, remainder, right shifts and comparisons need.
func (f *fn) extend8(v *value, kind byte) string {
	if k, ok := constInt(v); ok {
		if kind == 'u' {
			return fmt.Sprint(uint8(k))
		}
		return fmt.Sprint(int8(k))
	}
	r := f.regs.alloc(classB16)
	if kind == 'u' {
		f.inss("and.b16 %s, %s, 255", r, f.reg(v))
	} else {
		f.inss("cvt.s16.s8 %s, %s", r, f.reg(v))
	}
	return r
}

// shiftAmount returns a shift amount as PTX wants it: a .u32 operand
// whatever the shifted type (amounts at or above the width are poison in
// LLVM; PTX clamps them).
func (f *fn) shiftAmount(v *value) string {
	if k, ok := constInt(v); ok {
		if bitWidth(v.typ) == 8 {
			k = int64(uint8(k))
		}
		if k < 0 || k > 255 {
			k = 255
		}
		return fmt.Sprint(k)
	}
	switch regBits(v.typ) {
	case 32:
		return f.reg(v)
	case 16:
		src := f.reg(v)
		if bitWidth(v.typ) == 8 {
			src = f.extend8(v, 'u')
		}
		r := f.regs.alloc(classB32)
		f.inss("cvt.u32.u16 %s, %s", r, src)
		return r
	case 64:
		r := f.regs.alloc(classB32)
		f.inss("cvt.u32.u64 %s, %s", r, f.reg(v))
		return r
	}
	return ""
}

// emitIntUnary handles the bit-manipulation intrinsics.
func (f *fn) emitIntUnary(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		t := d.typ
		w := bitWidth(t)
		if w != 32 && w != 64 {
			return errUnsupported(op, t)
		}
		a := f.reg(xs[0])
		// popc produces a .u32 count whatever the operand width.
		count := func(ins string) {
			if w == 32 {
				f.inss("%s.b32 %s, %s", ins, d.reg, a)
				return
			}
			r := f.regs.alloc(classB32)
			f.inss("%s.b64 %s, %s", ins, r, a)
			f.inss("cvt.u64.u32 %s, %s", d.reg, r)
		}
		switch op.Name() {
		case "llvm.intr.ctpop":
			count("popc")
		case "llvm.intr.bitreverse":
			f.ins("brev.b%d %s, %s", w, d.reg, a)
		case "llvm.intr.bswap":
			if w != 32 {
				return errUnsupported(op, t)
			}
			f.inss("prmt.b32 %s, %s, 0, 0x0123", d.reg, a)
		default:
			return errUnsupported(op, t)
		}
		return nil
	})
}

// emitFunnelShift handles llvm.intr.fshl / fshr (funnel shifts) on i32.
func (f *fn) emitFunnelShift(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		if bitWidth(d.typ) != 32 {
			return errUnsupported(op, d.typ)
		}
		// fshl(a, b, s) = high word of (a:b) << s; PTX's shf.l takes the
		// low word first.
		dir := "l"
		if op.Name() == "llvm.intr.fshr" {
			dir = "r"
		}
		f.inss("shf.%s.wrap.b32 %s, %s, %s, %s", dir, d.reg, f.reg(xs[1]), f.reg(xs[0]), f.shiftAmount(xs[2]))
		return nil
	})
}
