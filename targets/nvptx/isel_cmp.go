package nvptx

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// icmp: setp with the predicate's signedness ('b' for equality).
var icmpPTX = map[llvm.ICmpPredicate]struct {
	cmp  string
	kind byte
}{
	llvm.ICmpEQ: {"eq", 's'}, llvm.ICmpNE: {"ne", 's'},
	llvm.ICmpSLT: {"lt", 's'}, llvm.ICmpSLE: {"le", 's'}, llvm.ICmpSGT: {"gt", 's'}, llvm.ICmpSGE: {"ge", 's'},
	llvm.ICmpULT: {"lt", 'u'}, llvm.ICmpULE: {"le", 'u'}, llvm.ICmpUGT: {"gt", 'u'}, llvm.ICmpUGE: {"ge", 'u'},
}

func predicateOf(op *ir.Operation) int64 {
	if a, ok := op.Attr("predicate").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return -1
}

func (f *fn) emitICmp(op *ir.Operation) error {
	p, ok := icmpPTX[llvm.ICmpPredicate(predicateOf(op))]
	if !ok {
		return ir.OpErrorf(op, "invalid icmp predicate")
	}
	return f.elementwise(op, func(d *value, xs []*value) error {
		t := xs[0].typ
		if ir.IsInteger(t, 1) {
			return f.predCompare(d.reg, llvm.ICmpPredicate(predicateOf(op)), xs[0], xs[1])
		}
		if _, ok := scalarClass(t); !ok {
			return errUnsupported(op, t)
		}
		// Only the second source may be an immediate: a constant on the
		// left moves to the right, mirroring the predicate.
		x, y, cmp := xs[0], xs[1], p.cmp
		if x.isConst() && !y.isConst() {
			x, y, cmp = y, x, mirror[cmp]
		}
		a, b := f.reg(x), f.src(y)
		if bitWidth(t) == 8 {
			ext := p.kind
			if ext == 'b' {
				ext = 'u'
			}
			a, b = f.extend8(x, ext), f.extend8(y, ext)
			if x.isConst() {
				a = f.reg(constValue(ir.I16(op.Context()), uint64(a8(x, ext))))
			}
		}
		f.inss("setp.%s.%s %s, %s, %s", cmp, itype(p.kind, t), d.reg, a, b)
		return nil
	})
}

var mirror = map[string]string{
	"eq": "eq", "ne": "ne", "lt": "gt", "gt": "lt", "le": "ge", "ge": "le",
	"equ": "equ", "neu": "neu", "ltu": "gtu", "gtu": "ltu", "leu": "geu", "geu": "leu",
	"num": "num", "nan": "nan",
}

// predCompare compares two i1 values. As unsigned numbers true is 1, as
// signed -1; each predicate is a small boolean formula.
func (f *fn) predCompare(dst string, p llvm.ICmpPredicate, x, y *value) error {
	a, b := f.reg(x), f.reg(y)
	not := func(r string) string {
		n := f.regs.alloc(classPred)
		f.inss("not.pred %s, %s", n, r)
		return n
	}
	switch p {
	case llvm.ICmpEQ:
		t := f.regs.alloc(classPred)
		f.inss("xor.pred %s, %s, %s", t, a, b)
		f.inss("not.pred %s, %s", dst, t)
	case llvm.ICmpNE:
		f.inss("xor.pred %s, %s, %s", dst, a, b)
	case llvm.ICmpULT, llvm.ICmpSGT: // 0 < 1 unsigned; 0 > -1 signed
		f.inss("and.pred %s, %s, %s", dst, not(a), b)
	case llvm.ICmpUGT, llvm.ICmpSLT:
		f.inss("and.pred %s, %s, %s", dst, a, not(b))
	case llvm.ICmpULE, llvm.ICmpSGE:
		f.inss("or.pred %s, %s, %s", dst, not(a), b)
	case llvm.ICmpUGE, llvm.ICmpSLE:
		f.inss("or.pred %s, %s, %s", dst, a, not(b))
	}
	return nil
}

// fcmp: PTX's plain comparisons are ordered (false on NaN), the `u` forms
// unordered; num/nan test for NaN.
var fcmpPTX = map[llvm.FCmpPredicate]string{
	llvm.FCmpOEQ: "eq", llvm.FCmpOGT: "gt", llvm.FCmpOGE: "ge", llvm.FCmpOLT: "lt", llvm.FCmpOLE: "le",
	llvm.FCmpONE: "ne", llvm.FCmpORD: "num",
	llvm.FCmpUEQ: "equ", llvm.FCmpUGT: "gtu", llvm.FCmpUGE: "geu", llvm.FCmpULT: "ltu", llvm.FCmpULE: "leu",
	llvm.FCmpUNE: "neu", llvm.FCmpUNO: "nan",
}

func (f *fn) emitFCmp(op *ir.Operation) error {
	pred := llvm.FCmpPredicate(predicateOf(op))
	return f.elementwise(op, func(d *value, xs []*value) error {
		switch pred {
		case llvm.FCmpFalse:
			f.inss("mov.pred %s, 0", d.reg)
			return nil
		case llvm.FCmpTrue:
			f.inss("mov.pred %s, -1", d.reg)
			return nil
		}
		cmp, ok := fcmpPTX[pred]
		if !ok {
			return ir.OpErrorf(op, "invalid fcmp predicate")
		}
		t := xs[0].typ
		ft := ftype(t)
		x, y := xs[0], xs[1]
		if x.isConst() && !y.isConst() {
			x, y, cmp = y, x, mirror[cmp]
		}
		var a, b string
		switch {
		case ft == "f32" || ft == "f64":
			a, b = f.reg(x), f.src(y)
		case ft == "f16" || ft == "bf16" && f.native("setp", t):
			a, b = f.reg(x), f.reg(y)
		case ft == "bf16":
			a, b, ft = f.toF32(x), f.toF32(y), "f32" // widening is exact
		default:
			return errUnsupported(op, t)
		}
		f.inss("setp.%s.%s %s, %s, %s", cmp, ft, d.reg, a, b)
		return nil
	})
}

// emitSelect: selp for data registers; predicates are selected with
// boolean logic, (c and a) or (not c and b).
func (f *fn) emitSelect(op *ir.Operation) error {
	return f.elementwise(op, func(d *value, xs []*value) error {
		c := f.reg(xs[0])
		switch f.class(d) {
		case classPred:
			t1 := f.regs.alloc(classPred)
			t2 := f.regs.alloc(classPred)
			nc := f.regs.alloc(classPred)
			f.inss("and.pred %s, %s, %s", t1, c, f.reg(xs[1]))
			f.inss("not.pred %s, %s", nc, c)
			f.inss("and.pred %s, %s, %s", t2, nc, f.reg(xs[2]))
			f.inss("or.pred %s, %s, %s", d.reg, t1, t2)
		case classB16:
			f.inss("selp.b16 %s, %s, %s, %s", d.reg, f.imm(xs[1], classB16), f.imm(xs[2], classB16), c)
		default:
			cls := f.class(d)
			f.inss("selp.%s %s, %s, %s, %s", classInfo[cls].movType, d.reg, f.src(xs[1]), f.src(xs[2]), c)
		}
		return nil
	})
}

// a8 is an i8 constant extended as a 16-bit value.
func a8(x *value, ext byte) int64 {
	k, _ := constInt(x)
	if ext == 'u' {
		return int64(uint8(k))
	}
	return int64(int8(k))
}
