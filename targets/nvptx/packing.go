package nvptx

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Packing: vectors live lane by lane in registers; where PTX wants one
// register of the whole width (bitcasts, memory words, shuffles, inline
// asm operands) the lanes are packed with mov.bN {..} (16-bit and wider
// lanes) or bit-field inserts (bytes), and unpacked the same way.

// retype views a scalar as another type of the same register class.
func retype(x *value, t ir.Type) *value {
	return &value{typ: t, reg: x.reg, konst: x.konst}
}

// repack moves the bits of src into dst of another shape: scalar <->
// vector (packing 2 or 4 lanes with mov.bN {..}), vector <-> vector via a
// scalar of the total width.
func (f *fn) repack(op *ir.Operation, dst, src *value) error {
	total := 0
	for _, l := range src.leaves() {
		total += bitWidth(l.typ)
	}
	var c regClass
	switch total {
	case 16:
		c = classB16
	case 32:
		c = classB32
	case 64:
		c = classB64
	default:
		return ir.OpErrorf(op, "the PTX emitter does not support bitcasts of %d-bit vectors", total)
	}
	// Gather src into one register of the total width (the destination's
	// own when it is that scalar), then spread it.
	var whole string
	switch {
	case src.parts == nil:
		whole = f.reg(src)
	case dst.parts == nil && f.class(dst) == c:
		f.pack(dst.reg, c, src.leaves())
		return nil
	default:
		whole = f.packed(src.leaves(), c)
	}
	if dst.parts == nil {
		f.ins("mov.b%d %s, %s", classInfo[c].bits, dst.reg, whole)
		return nil
	}
	f.unpack(dst.leaves(), whole, c)
	return nil
}

// pack assembles lanes (low lane first) into the register r of class c.
func (f *fn) pack(r string, c regClass, lanes []*value) {
	if len(lanes) == 1 {
		f.ins("mov.b%d %s, %s", classInfo[c].bits, r, f.imm(lanes[0], c))
		return
	}
	lw := bitWidth(lanes[0].typ)
	if lw >= 16 {
		// (The lanes' registers first: a constant lane writes the mov
		// that puts it in one.)
		var buf [4]string
		regs := buf[:0]
		for _, l := range lanes {
			regs = append(regs, f.reg(l))
		}
		f.movVector(classInfo[c].bits, r, regs, false)
		return
	}
	// 8-bit lanes: shift each into place (bfi is the bit-field insert).
	n := classInfo[c].bits
	f.ins("mov.b%d %s, 0", n, r)
	for i, l := range lanes {
		w := f.regs.alloc(c)
		if n == 16 {
			f.inss("and.b16 %s, %s, 255", w, f.reg(l))
			f.ins("shl.b16 %s, %s, %d", w, w, 8*i)
			f.inss("or.b16 %s, %s, %s", r, r, w)
			continue
		}
		f.ins("cvt.u%d.u16 %s, %s", n, w, f.reg(l))
		f.ins("bfi.b%d %s, %s, %s, %d, 8", n, r, w, r, 8*i)
	}
}

// packWord fills w, a word of the vector w.v, for an instruction that
// only reads it: w's register points at the word w.v's lanes were
// unpacked from, in order (unpackWord), or the lanes are packed into it.
func (f *fn) packWord(w *word) {
	if r, ok := f.wordOfLanes(w.v.leaves(), w.cls); ok {
		w.reg = r
		return
	}
	f.pack(w.reg, w.cls, w.v.leaves())
}

// packed returns a register of class c holding lanes packed, for an
// instruction that only reads it: the word they were unpacked from, or a
// fresh register packed now.
func (f *fn) packed(lanes []*value, c regClass) string {
	if r, ok := f.wordOfLanes(lanes, c); ok {
		return r
	}
	r := f.regs.alloc(c)
	f.pack(r, c, lanes)
	return r
}

// unpack splits the register r of class c into lanes (low lane first).
func (f *fn) unpack(lanes []*value, r string, c regClass) {
	if len(lanes) == 1 {
		f.ins("mov.b%d %s, %s", classInfo[c].bits, lanes[0].reg, r)
		return
	}
	lw := bitWidth(lanes[0].typ)
	if lw >= 16 {
		var buf [4]string
		regs := buf[:0]
		for _, l := range lanes {
			regs = append(regs, l.reg)
		}
		f.movVector(classInfo[c].bits, r, regs, true)
		return
	}
	n := classInfo[c].bits
	for i, l := range lanes {
		if n == 16 {
			if i == 0 {
				f.inss("mov.b16 %s, %s", l.reg, r) // the high byte is don't-care
			} else {
				f.ins("shr.u16 %s, %s, %d", l.reg, r, 8*i)
			}
			continue
		}
		t := f.regs.alloc(c)
		f.ins("bfe.u%d %s, %s, %d, 8", n, t, r, 8*i)
		f.ins("cvt.u16.u%d %s, %s", n, l.reg, t)
	}
}

// movVector writes `mov.b<bits> r, {regs}` (packing), or with unpack
// `mov.b<bits> {regs}, r`, into the body in place: every word a vector is
// packed into or unpacked from has one, and printing it through ins took
// a list of the registers, their join and boxed arguments.
func (f *fn) movVector(bits int, r string, regs []string, unpack bool) {
	f.flushSource()
	b := strconv.AppendInt(append(f.body, "\tmov.b"...), int64(bits), 10)
	b = append(b, ' ')
	if !unpack {
		b = append(append(b, r...), ", "...)
	}
	b = appendVector(b, regs)
	if unpack {
		b = append(append(b, ", "...), r...)
	}
	f.body = append(b, ";\n"...)
}

// appendVector appends regs as a PTX vector operand, `{a, b, ...}`.
func appendVector(b []byte, regs []string) []byte {
	b = append(b, '{')
	for i, reg := range regs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, reg...)
	}
	return append(b, '}')
}

// join lists registers as PTX vector operands write them.
func join(regs []string) string { return strings.Join(regs, ", ") }
