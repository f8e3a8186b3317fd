package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// The cvt type of an integer of width w held in its register: i8 is read
// as .s8/.u8 out of a 16-bit register.
func cvtInt(kind byte, t ir.Type) string {
	return fmt.Sprintf("%c%d", kind, max(bitWidth(t), 8))
}

func (f *fn) emitIntCast(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		x := xs[0]
		from, to := bitWidth(x.typ), bitWidth(d.typ)
		switch op.Name() {
		case "llvm.sext", "llvm.zext":
			kind := byte('s')
			if op.Name() == "llvm.zext" {
				kind = 'u'
			}
			if from == 1 {
				one := "1"
				if kind == 's' {
					one = "-1"
				}
				f.inss("selp.%s %s, %s, 0, %s", itype('b', d.typ), d.reg, one, f.reg(x))
				return nil
			}
			if regBits(x.typ) == regBits(d.typ) {
				// i8 -> i16: the same register width; extend in place.
				if kind == 's' {
					f.inss("cvt.s16.s8 %s, %s", d.reg, f.reg(x))
				} else {
					f.inss("and.b16 %s, %s, 255", d.reg, f.reg(x))
				}
				return nil
			}
			f.inss("cvt.%s.%s %s, %s", itype(kind, d.typ), cvtInt(kind, x.typ), d.reg, f.reg(x))
		case "llvm.trunc":
			switch {
			case to == 1:
				t := f.regs.alloc(f.class(x))
				f.inss("and.%s %s, %s, 1", itype('b', x.typ), t, f.reg(x))
				f.inss("setp.ne.%s %s, %s, 0", itype('b', x.typ), d.reg, t)
			case regBits(x.typ) == regBits(d.typ):
				// i16 -> i8: the low byte is already in place.
				f.copyInto(d, x)
			default:
				f.ins("cvt.u%d.u%d %s, %s", regBits(d.typ), regBits(x.typ), d.reg, f.reg(x))
			}
		}
		return nil
	})
}

// emitFloatCast handles fpext and fptrunc.
func (f *fn) emitFloatCast(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		x := xs[0]
		src, dst := ftype(x.typ), ftype(d.typ)
		if src == "" || dst == "" {
			return errUnsupported(op, x.typ)
		}
		if op.Name() == "llvm.fpext" {
			if src == "bf16" && dst == "f64" && f.m.arch.sm < 90 {
				f.inss("cvt.f64.f32 %s, %s", d.reg, f.toF32(x)) // both steps exact
				return nil
			}
			f.inss("cvt.%s.%s %s, %s", dst, src, d.reg, f.reg(x))
			return nil
		}
		if dst == "bf16" && src == "f64" && f.m.arch.sm < 90 {
			f.f64ToBF16(d, f.reg(x))
			return nil
		}
		f.inss("cvt.rn.%s.%s %s, %s", dst, src, d.reg, f.reg(x))
		return nil
	})
}

// f64ToBF16 rounds an f64 register to bf16 on targets that convert to
// bf16 only from f32. Rounding to f32 first would round twice; rounding
// toward zero and setting the lowest bit when inexact ("round to odd")
// keeps enough information for the final round-to-nearest to be exact.
func (f *fn) f64ToBF16(d *value, x string) {
	r := f.regs.alloc(classF32)
	f.inss("cvt.rz.f32.f64 %s, %s", r, x)
	back := f.regs.alloc(classF64)
	f.inss("cvt.f64.f32 %s, %s", back, r)
	inexact := f.regs.alloc(classPred)
	f.inss("setp.neu.f64 %s, %s, %s", inexact, back, x)
	bits := f.regs.alloc(classB32)
	f.inss("mov.b32 %s, %s", bits, r)
	odd := f.regs.alloc(classB32)
	f.inss("or.b32 %s, %s, 1", odd, bits)
	f.inss("selp.b32 %s, %s, %s, %s", bits, odd, bits, inexact)
	f.inss("mov.b32 %s, %s", r, bits)
	f.fromF32(d, r)
}

// emitIntFloatCast handles sitofp, uitofp, fptosi and fptoui. Float to
// integer truncates toward zero (cvt.rzi), saturating as PTX does (LLVM
// leaves out-of-range results poison).
func (f *fn) emitIntFloatCast(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		x := xs[0]
		kind := byte('s')
		if op.Name() == "llvm.uitofp" || op.Name() == "llvm.fptoui" {
			kind = 'u'
		}
		switch op.Name() {
		case "llvm.sitofp", "llvm.uitofp":
			ft := ftype(d.typ)
			if ft == "" {
				return errUnsupported(op, d.typ)
			}
			src := f.reg(x)
			it := cvtInt(kind, x.typ)
			if bitWidth(x.typ) == 1 {
				one := "1"
				if kind == 's' {
					one = "-1"
				}
				r := f.regs.alloc(classB32)
				f.inss("selp.s32 %s, %s, 0, %s", r, one, src)
				src, it = r, "s32"
			}
			if ft == "bf16" && f.m.arch.sm < 90 {
				// sm_80 has no integer -> bf16 cvt: go through f32 for
				// integers f32 holds exactly, through f64 otherwise.
				// (i64 values above 2^53 round twice.)
				if bitWidth(x.typ) <= 16 {
					r := f.regs.alloc(classF32)
					f.inss("cvt.rn.f32.%s %s, %s", it, r, src)
					f.fromF32(d, r)
				} else {
					r := f.regs.alloc(classF64)
					f.inss("cvt.rn.f64.%s %s, %s", it, r, src)
					f.f64ToBF16(d, r)
				}
				return nil
			}
			f.inss("cvt.rn.%s.%s %s, %s", ft, it, d.reg, src)
		default:
			ft := ftype(x.typ)
			if ft == "" {
				return errUnsupported(op, x.typ)
			}
			src := f.reg(x)
			if ft == "bf16" && f.m.arch.sm < 90 {
				src, ft = f.toF32(x), "f32"
			}
			if bitWidth(d.typ) == 1 {
				r := f.regs.alloc(classB32)
				f.ins("cvt.rzi.%c32.%s %s, %s", kind, ft, r, src)
				f.inss("setp.ne.b32 %s, %s, 0", d.reg, r)
				return nil
			}
			f.inss("cvt.rzi.%s.%s %s, %s", cvtInt(kind, d.typ), ft, d.reg, src)
		}
		return nil
	})
}

// emitBitcast reinterprets bits: a mov between register classes of one
// width, packing or unpacking vectors with PTX's vector mov.
func (f *fn) emitBitcast(op *ir.Operation) error {
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	x := xs[0]
	rt := op.Result(0).Type()
	if !isAggregate(x.typ) && !isAggregate(rt) {
		c, _ := scalarClass(rt)
		if c == f.class(x) {
			f.bind(op, 0, retype(x, rt)) // same register class: nothing to do
			return nil
		}
		d, err := f.def(op, 0)
		if err != nil {
			return err
		}
		f.ins("mov.b%d %s, %s", classInfo[c].bits, d, f.reg(x))
		return nil
	}
	if c, ok := scalarClass(rt); ok && isAggregate(x.typ) {
		if w, ok := f.wordOfLanes(x.leaves(), c); ok {
			// A word's lanes in order, packed again: the word itself.
			f.bind(op, 0, &value{typ: rt, reg: w})
			return nil
		}
	}
	d, err := f.result(op, 0)
	if err != nil {
		return err
	}
	return f.repack(op, d, x)
}

// emitPtrCast handles ptrtoint, inttoptr and addrspacecast.
func (f *fn) emitPtrCast(op *ir.Operation) error {
	if op.Name() != "llvm.addrspacecast" && !isAggregate(op.Result(0).Type()) {
		// Same-width integer <-> pointer casts change no bits.
		x, err := f.get(op.Operand(0))
		if err != nil {
			return err
		}
		if c, _ := scalarClass(op.Result(0).Type()); c == f.class(x) {
			f.bind(op, 0, retype(x, op.Result(0).Type()))
			return nil
		}
	}
	return f.elementwise(op, func(d *value, xs []*value) error {
		x := xs[0]
		switch op.Name() {
		case "llvm.ptrtoint", "llvm.inttoptr":
			f.resize(d, x)
		case "llvm.addrspacecast":
			from := x.typ.(*llvm.PointerType).AddrSpace
			to := d.typ.(*llvm.PointerType).AddrSpace
			switch {
			case from == to:
				f.ins("mov.b%d %s, %s", regBits(d.typ), d.reg, f.reg(x))
			case to == llvm.GenericAddrSpace:
				src := f.reg(x)
				if regBits(x.typ) == 32 {
					w := f.regs.alloc(classB64)
					f.inss("cvt.u64.u32 %s, %s", w, src)
					src = w
				}
				f.inss("cvta.%s.u64 %s, %s", spaceName(from), d.reg, src)
			case from == llvm.GenericAddrSpace:
				if regBits(d.typ) == 32 {
					w := f.regs.alloc(classB64)
					f.inss("cvta.to.%s.u64 %s, %s", spaceName(to), w, f.reg(x))
					f.inss("cvt.u32.u64 %s, %s", d.reg, w)
					return nil
				}
				f.inss("cvta.to.%s.u64 %s, %s", spaceName(to), d.reg, f.reg(x))
			default:
				return ir.OpErrorf(op, "cannot cast from address space %d to %d directly", from, to)
			}
		}
		return nil
	})
}

// resize moves an integer or address between widths: zero-extending when
// widening (addresses are unsigned), truncating when narrowing.
func (f *fn) resize(d, x *value) {
	a, b := regBits(x.typ), regBits(d.typ)
	switch {
	case a == b:
		f.ins("mov.b%d %s, %s", b, d.reg, f.imm(x, f.class(d)))
	case a < b:
		f.ins("cvt.u%d.u%d %s, %s", b, a, d.reg, f.reg(x))
	default:
		f.ins("cvt.u%d.u%d %s, %s", b, a, d.reg, f.reg(x))
	}
}

// spaceName is the PTX state space of an LLVM address space.
func spaceName(as int) string {
	switch as {
	case llvm.GlobalAddrSpace:
		return "global"
	case llvm.SharedAddrSpace:
		return "shared"
	case llvm.ConstantAddrSpace:
		return "const"
	case 5:
		return "local"
	}
	return ""
}
