package nvptx

import (
	"slices"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// get returns what v became. Constants are known from their defining op
// wherever they are used; other values used before the layout reaches
// their definition get their registers now, and the definition writes
// into them (see result).
func (f *fn) get(v ir.Value) (*value, error) {
	slot := f.vals.slots.of(v)
	if x, ok := f.vals.lookupAt(v, slot); ok {
		return x, nil
	}
	if def := v.DefiningOp(); def != nil {
		if x, ok, err := f.constantOf(def); ok || err != nil {
			if err != nil {
				return nil, err
			}
			f.vals.setAt(v, slot, x)
			return x, nil
		}
	}
	x, err := f.valueFor(v, slot)
	if err != nil {
		return nil, err
	}
	f.vals.setAt(v, slot, x)
	return x, nil
}

// operands returns the values of all operands of op, in a list that
// holds until the next op is emitted (see opLists).
func (f *fn) operands(op *ir.Operation) ([]*value, error) {
	// By index: Operands would build a list of the values on every op.
	out := f.opList(op.NumOperands())
	for i := range out {
		x, err := f.get(op.Operand(i))
		if err != nil {
			return nil, ir.OpErrorf(op, "operand %d: %v", i, err)
		}
		out[i] = x
	}
	return out, nil
}

// opList returns a list of n values for the op being emitted, which
// holds until the next op is: the lists of an op are carved from one
// array, that emitOp hands out again for the next (a list of its own for
// every op's operands was the emitter's most frequent allocation). The
// selectors keep no list past their op.
func (f *fn) opList(n int) []*value {
	start := len(f.opLists)
	f.opLists = slices.Grow(f.opLists, n)[:start+n]
	return f.opLists[start : start+n : start+n]
}

// result returns fresh registers for result i of op (or the ones a use
// earlier in the layout already gave it).
func (f *fn) result(op *ir.Operation, i int) (*value, error) {
	r := op.Result(i)
	slot := f.vals.slots.result(op, i)
	if x, ok := f.vals.lookupAt(r, slot); ok {
		return x, nil
	}
	x, err := f.valueFor(r, slot)
	if err != nil {
		return nil, ir.OpErrorf(op, "result %d: %v", i, err)
	}
	f.vals.setAt(r, slot, x)
	return x, nil
}

// bind makes result i of op be x without an instruction (casts that change
// nothing, aggregate bookkeeping). If a use earlier in the layout already
// gave the result registers, x is copied into them.
func (f *fn) bind(op *ir.Operation, i int, x *value) {
	r := op.Result(i)
	slot := f.vals.slots.result(op, i)
	if old, ok := f.vals.lookupAt(r, slot); ok {
		f.copyInto(old, x)
		return
	}
	// A wgmma accumulator (coalesce.go) never shares registers with a
	// value outside its web: the wgmma may overwrite them in place.
	if f.webs.web(slot) >= 0 || f.webs.owns(x) {
		if y, err := f.valueFor(r, slot); err == nil {
			f.copyInto(y, x)
			f.vals.setAt(r, slot, y)
			return
		}
	}
	f.vals.setAt(r, slot, x)
}

// copyInto moves src into the registers of dst, leaf by leaf.
func (f *fn) copyInto(dst, src *value) {
	d, s := dst.leaves(), src.leaves()
	for i := range d {
		c := f.class(d[i])
		f.inss("mov.%s %s, %s", classInfo[c].movType, d[i].reg, f.imm(s[i], c))
	}
}

// class returns the register class of a scalar value.
func (f *fn) class(v *value) regClass {
	c, _ := scalarClass(v.typ)
	return c
}

// reg returns a register holding the scalar v; a constant is moved into a
// register once per block.
func (f *fn) reg(v *value) string {
	if v.reg != "" {
		return v.reg
	}
	if r, ok := f.consts[v]; ok {
		return r
	}
	c := f.class(v)
	r := f.regs.alloc(c)
	f.inss("mov.%s %s, %s", classInfo[c].movType, r, immediate(v.konst, v.typ, c))
	f.consts[v] = r
	return r
}

// src returns v as a source operand of an arithmetic instruction: an
// immediate for integer, f32 and f64 constants, a register otherwise
// (PTX has no f16 or predicate immediates in arithmetic).
func (f *fn) src(v *value) string {
	if v.konst != nil {
		switch c := f.class(v); c {
		case classB16:
			if _, isFloat := v.typ.(*ir.FloatType); !isFloat {
				return immediate(v.konst, v.typ, c)
			}
		case classB32, classB64, classF32, classF64:
			return immediate(v.konst, v.typ, c)
		}
	}
	return f.reg(v)
}

// imm returns v as the source of a mov into class c: an immediate for any
// constant, the register otherwise.
func (f *fn) imm(v *value, c regClass) string {
	if v.konst != nil {
		return immediate(v.konst, v.typ, c)
	}
	return v.reg
}

// def returns the register of a scalar result.
func (f *fn) def(op *ir.Operation, i int) (string, error) {
	x, err := f.result(op, i)
	if err != nil {
		return "", err
	}
	if x.parts != nil {
		return "", ir.OpErrorf(op, "result %d: expected a scalar, got %s", i, asm.TypeString(x.typ))
	}
	return x.reg, nil
}

// constInt returns the integer value of a constant scalar.
func constInt(v *value) (int64, bool) {
	if v.konst == nil || v.konst.undef {
		return 0, false
	}
	return int64(signExtend(v.konst.bits, bitWidth(v.typ))), true
}

// errUnsupported is the diagnostic for a type an op does not handle.
func errUnsupported(op *ir.Operation, t ir.Type) error {
	return ir.OpErrorf(op, "the PTX emitter does not support '%s' on %s", op.Name(), asm.TypeString(t))
}
