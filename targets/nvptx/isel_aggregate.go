package nvptx

import (
	"github.com/ttcompiler/tt/ir"
)

// Aggregates are bookkeeping: their members already live in registers, so
// extracting and inserting moves nothing (a new aggregate shares the
// registers of the members it keeps).

func position(op *ir.Operation) []int64 {
	if a, ok := op.Attr("position").(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// member walks a position path into v.
func member(op *ir.Operation, v *value, path []int64) (*value, error) {
	for _, i := range path {
		if v.parts == nil || i < 0 || int(i) >= len(v.parts) {
			return nil, ir.OpErrorf(op, "position %v is out of range", path)
		}
		v = v.parts[i]
	}
	return v, nil
}

func (f *fn) emitExtractValue(op *ir.Operation) error {
	agg, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	m, err := member(op, agg, position(op))
	if err != nil {
		return err
	}
	f.bind(op, 0, m)
	return nil
}

// with returns a copy of v whose member at path is x (sharing the rest).
func with(v *value, path []int64, x *value) *value {
	if len(path) == 0 {
		return x
	}
	c := &value{typ: v.typ, parts: append([]*value(nil), v.parts...)}
	c.parts[path[0]] = with(v.parts[path[0]], path[1:], x)
	return c
}

func (f *fn) emitInsertValue(op *ir.Operation) error {
	// Operands are (container, value), though the syntax writes the value
	// first: `llvm.insertvalue %v, %agg[i]`.
	agg, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	x, err := f.get(op.Operand(1))
	if err != nil {
		return err
	}
	path := position(op)
	if _, err := member(op, agg, path); err != nil {
		return err
	}
	f.bind(op, 0, with(agg, path, x))
	return nil
}

func (f *fn) emitExtractElement(op *ir.Operation) error {
	vec, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	pos, err := f.get(op.Operand(1))
	if err != nil {
		return err
	}
	if k, ok := constInt(pos); ok {
		m, err := member(op, vec, []int64{k})
		if err != nil {
			return err
		}
		f.bind(op, 0, m)
		return nil
	}
	// A dynamic index selects among the lanes.
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	c := f.class(vec.parts[0])
	f.inss("mov.%s %s, %s", classInfo[c].movType, d, f.imm(vec.parts[0], c))
	for i := 1; i < len(vec.parts); i++ {
		p := f.laneIs(pos, i)
		f.selectInto(c, d, vec.parts[i], p)
	}
	return nil
}

func (f *fn) emitInsertElement(op *ir.Operation) error {
	vec, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	x, err := f.get(op.Operand(1))
	if err != nil {
		return err
	}
	pos, err := f.get(op.Operand(2))
	if err != nil {
		return err
	}
	if k, ok := constInt(pos); ok {
		if _, err := member(op, vec, []int64{k}); err != nil {
			return err
		}
		f.bind(op, 0, with(vec, []int64{k}, x))
		return nil
	}
	d, err := f.result(op, 0)
	if err != nil {
		return err
	}
	for i, lane := range d.parts {
		c := f.class(lane)
		f.inss("mov.%s %s, %s", classInfo[c].movType, lane.reg, f.imm(vec.parts[i], c))
		f.selectInto(c, lane.reg, x, f.laneIs(pos, i))
	}
	return nil
}

// laneIs returns a predicate: the dynamic index pos equals i.
func (f *fn) laneIs(pos *value, i int) string {
	p := f.regs.alloc(classPred)
	f.ins("setp.eq.%s %s, %s, %d", itype('b', pos.typ), p, f.reg(pos), i)
	return p
}

// selectInto overwrites register d with x where p holds.
func (f *fn) selectInto(c regClass, d string, x *value, p string) {
	if c == classPred {
		t := f.regs.alloc(classPred)
		f.inss("and.pred %s, %s, %s", t, p, f.reg(x))
		np := f.regs.alloc(classPred)
		f.inss("not.pred %s, %s", np, p)
		f.inss("and.pred %s, %s, %s", d, d, np)
		f.inss("or.pred %s, %s, %s", d, d, t)
		return
	}
	f.inss("@%s mov.%s %s, %s", p, classInfo[c].movType, d, f.imm(x, c))
}
