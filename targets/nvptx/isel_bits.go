package nvptx

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// The bit scans and the sum of absolute differences (dialects/gpu/bits.go):
// clz.b32/.b64, bfind[.shiftamt].u32/.s64..., sad.s32/.u32, each PTX's
// own instruction (their results are i32 whatever the operand's width).

func (f *fn) emitClz(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		f.ins("clz.b%d %s, %s", regBits(xs[0].typ), d.reg, f.reg(xs[0]))
		return nil
	})
}

func (f *fn) emitBfind(op *ir.Operation) error {
	kind := byte('s')
	if gpu.Unsigned(op) {
		kind = 'u'
	}
	mod := ""
	if gpu.ShiftAmt(op) {
		mod = ".shiftamt"
	}
	return f.elementwise(op, func(d *value, xs []*value) error {
		f.inss("bfind%s.%s %s, %s", mod, itype(kind, xs[0].typ), d.reg, f.reg(xs[0]))
		return nil
	})
}

func (f *fn) emitSad(op *ir.Operation) error {
	kind := byte('s')
	if gpu.Unsigned(op) {
		kind = 'u'
	}
	return f.elementwise(op, func(d *value, xs []*value) error {
		f.inss("sad.%s %s, %s, %s, %s", itype(kind, d.typ), d.reg, f.reg(xs[0]), f.src(xs[1]), f.src(xs[2]))
		return nil
	})
}
