package nvptx

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Warp-level MMA: gpu.mma_sync takes matrix elements; PTX takes 32-bit
// registers. The elements are packed into .b32 registers on the way in
// (pairs of 16-bit, quads of 8-bit values, low element first) and the
// results unpacked on the way out; ptxas sees through the movs.

// words32 packs elements of bits each into 32-bit registers, low element
// first, and returns them. 32-bit elements already in a .b32 register are
// used as they are (f32 ones are moved over: tf32 operands are .b32).
func (f *fn) words32(vals []*value, bits int) []string {
	per := 32 / bits
	out := make([]string, 0, len(vals)/per)
	for i := 0; i+per <= len(vals); i += per {
		lanes := vals[i : i+per]
		if per == 1 && lanes[0].konst == nil && f.class(lanes[0]) == classB32 {
			out = append(out, lanes[0].reg)
			continue
		}
		if w, ok := f.wordOfLanes(lanes, classB32); ok {
			out = append(out, w)
			continue
		}
		r := f.regs.alloc(classB32)
		f.pack(r, classB32, lanes)
		out = append(out, r)
	}
	return out
}

// regsOf returns the registers of scalar values, moving constants into
// registers (PTX takes no immediates in register vectors).
func (f *fn) regsOf(vals []*value) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = f.reg(v)
	}
	return out
}

// resultWords gives the registers an instruction writing 32-bit words
// should name for results of bits each: the results' own registers when
// they are 32-bit values (of class .b32 only, when b32), else fresh .b32
// registers that are unpacked or moved into the results by the returned
// func, to call after the instruction.
func (f *fn) resultWords(op *ir.Operation, results []ir.Value, bits int, b32 bool) ([]string, func(), error) {
	vals := make([]*value, len(results))
	for i := range results {
		x, err := f.result(op, i)
		if err != nil {
			return nil, nil, err
		}
		if x.parts != nil {
			return nil, nil, ir.OpErrorf(op, "result %d: expected a scalar, got %s", i, asm.TypeString(x.typ))
		}
		vals[i] = x
	}
	if bits == 32 && (!b32 || len(vals) == 0 || f.class(vals[0]) == classB32) {
		regs := make([]string, len(vals))
		for i, v := range vals {
			regs[i] = v.reg
		}
		return regs, func() {}, nil
	}
	per := 32 / bits
	var regs []string
	for i := 0; i+per <= len(vals); i += per {
		regs = append(regs, f.regs.alloc(classB32))
	}
	return regs, func() {
		for j, r := range regs {
			lanes := vals[j*per : (j+1)*per]
			f.unpackWord(lanes, r, classB32)
		}
	}, nil
}

// resultRegs returns the registers of op's scalar results.
func (f *fn) resultRegs(op *ir.Operation) ([]string, error) {
	regs := make([]string, op.NumResults())
	for i := range regs {
		x, err := f.result(op, i)
		if err != nil {
			return nil, err
		}
		if x.parts != nil {
			return nil, ir.OpErrorf(op, "result %d: expected a scalar, got %s", i, asm.TypeString(x.typ))
		}
		regs[i] = x.reg
	}
	return regs, nil
}

// laneOf says that a register holds lane index of the word in register
// word (of class cls), which an instruction wrote once and nothing
// rewrites; n is 0 for a register that holds no such lane.
type laneOf struct {
	word     string
	cls      regClass
	index, n int // lane index of n
}

// unpackWord unpacks the fresh register word of class c, which an
// instruction has just written and nothing rewrites, into lanes and
// records where they came from, so that packing the same lanes again
// reuses word: the usual ldmatrix -> mma and mma -> mma chains, and a
// cvt's or a load's packed result taken apart and packed again for a
// wgmma operand, a store or a bitcast, need no repacking (ptxas does not
// always see through the movs: with 255 registers live it may keep both).
func (f *fn) unpackWord(lanes []*value, word string, c regClass) {
	f.unpack(lanes, word, c)
	for i, l := range lanes {
		if l.reg != "" && !f.webs.owns(l) {
			f.words.set(l.reg, laneOf{word, c, i, len(lanes)})
		}
	}
}

// wordOfLanes returns the register of class c that lanes, all of its
// lanes in order, were unpacked from, if there is one.
func (f *fn) wordOfLanes(lanes []*value, c regClass) (string, bool) {
	var word string
	for i, l := range lanes {
		lo := f.words.get(l.reg)
		if l.konst != nil || lo.n == 0 || lo.index != i || lo.n != len(lanes) || lo.cls != c || i > 0 && lo.word != word {
			return "", false
		}
		word = lo.word
	}
	return word, word != ""
}

func braces(regs []string) string { return "{" + strings.Join(regs, ", ") + "}" }

func (f *fn) emitMMASync(op *ir.Operation) error {
	v := gpu.MMASyncView{Operation: op}
	s, ts := gpu.ShapeOf(op), gpu.TypesOf(op)
	form, err := gpu.MMASyncForm(s, ts, v.Satfinite())
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	if err := f.requireSM(op, form.MinSM, fmt.Sprintf("mma.sync %s %s", s, ts)); err != nil {
		return err
	}
	f.requirePTX(form.MinPTX)
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	na, nb, _ := gpu.MMASyncCounts(s)
	var a, b, c, d []string
	unpack := func() {}
	if ts.D == gpu.MMAF64 {
		// f64 fragments are .f64 registers, one element each.
		a, b, c = f.regsOf(xs[:na]), f.regsOf(xs[na:na+nb]), f.regsOf(xs[na+nb:])
		if d, err = f.resultRegs(op); err != nil {
			return err
		}
	} else {
		a = f.words32(xs[:na], ts.A.Bits())
		b = f.words32(xs[na:na+nb], ts.B.Bits())
		if ts.D == gpu.MMAF16 {
			c = f.words32(xs[na+nb:], 16)
		} else {
			c = f.regsOf(xs[na+nb:])
		}
		if d, unpack, err = f.resultWords(op, op.Results(), ts.D.Bits(), false); err != nil {
			return err
		}
	}
	sat := ""
	if v.Satfinite() {
		sat = ".satfinite"
	}
	f.ins("mma.sync.aligned.%s.row.col%s.%s.%s.%s.%s %s, %s, %s, %s", s, sat, ts.D, ts.A, ts.B, ts.D,
		braces(d), braces(a), braces(b), braces(c))
	unpack()
	return nil
}
