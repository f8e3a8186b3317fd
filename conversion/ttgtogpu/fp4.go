package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// ttg.fp4_to_fp: every i8 of the source holds two e2m1 values (Triton's
// mxfp4), the low nibble the element at even position 2k along the axis
// and the high nibble the one at 2k+1. An e2m1 nibble is a sign bit, a
// 2-bit exponent of bias 1 and a 1-bit mantissa; exponent 0 is subnormal,
// so the eight magnitudes are 0, 0.5, 1, 1.5, 2, 3, 4, 6 and every one of
// them is exact in f16 and bf16 (there is no inf or NaN).
//
// Layouts: the verifier requires the result layout to be the source's with
// the axis doubled inside each thread (ttg.InferFp4ToFpEncoding), so the
// thread that holds a byte holds both of its values. The lowering checks
// that by coordinates rather than assuming a register order: result
// register r holds element c, whose byte is the source element c with
// c[axis] halved, and whose nibble is c[axis]'s low bit.
//
// Values: the magnitudes of both nibbles of a byte select, in one gpu.prmt
// each, bytes of the 16-bit results from 8-byte tables (the byte x & 0x77
// has the two magnitudes in its two low nibbles, i.e. two prmt selectors);
// the two sign bits are moved onto the top bits of the high bytes, and a
// last prmt interleaves the low and high bytes into the packed pair, which
// unpacks (a vector bitcast) into the two result registers.

// fp4Tables are, for a 16-bit float type, the low and high bytes of the
// eight e2m1 magnitudes as prmt tables: byte i of the 64-bit value
// (operand a bytes 0-3, b bytes 4-7) is the byte of magnitude i.
type fp4Tables struct {
	loA, loB, hiA, hiB int64
	lowZero            bool // every low byte is zero (f16)
}

// fp4TablesFor returns the tables of bf16 or f16.
func fp4TablesFor(k ir.FloatKind) fp4Tables {
	var bits [8]uint16
	for mag := range bits {
		bits[mag] = e2m1MagnitudeBits(mag, k)
	}
	var t fp4Tables
	for i := 0; i < 4; i++ {
		t.loA |= int64(bits[i]&0xff) << (8 * i)
		t.loB |= int64(bits[i+4]&0xff) << (8 * i)
		t.hiA |= int64(bits[i]>>8) << (8 * i)
		t.hiB |= int64(bits[i+4]>>8) << (8 * i)
	}
	t.lowZero = t.loA == 0 && t.loB == 0
	return t
}

// e2m1MagnitudeBits encodes the e2m1 magnitude mag (0..7: exponent in
// bits 2-1, mantissa in bit 0) as a 16-bit float of kind k (f16 or bf16).
func e2m1MagnitudeBits(mag int, k ir.FloatKind) uint16 {
	if mag == 0 {
		return 0
	}
	exp, man := mag>>1, mag&1
	// The value is 2^(exp-1) * (1 + man/2), or man/2 = 2^-1 when exp == 0.
	e := exp - 1
	if exp == 0 {
		e, man = -1, 0
	}
	switch k {
	case ir.F16:
		return uint16((e+15)<<10 | man<<9)
	default: // bf16
		return uint16((e+127)<<7 | man<<6)
	}
}

func (l *lowering) lowerFp4ToFp(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	elem := ir.ElementTypeOrSelf(op.Result(0).Type())
	kind, ok := floatKind(elem)
	if !ok || (kind != ir.F16 && kind != ir.BF16) {
		return ir.OpErrorf(op, "ttg.fp4_to_fp to %s is not supported (bf16 or f16 only)", asm.TypeString(elem))
	}
	axisAttr, _ := op.Attr("axis").(*ir.IntegerAttr)
	if axisAttr == nil {
		return ir.OpErrorf(op, "ttg.fp4_to_fp needs an axis")
	}
	axis := int(axisAttr.Int())
	src, dst, err := l.srcDstLayouts(op)
	if err != nil {
		return err
	}
	if axis < 0 || axis >= dst.rank() || src.rank() != dst.rank() {
		return ir.OpErrorf(op, "ttg.fp4_to_fp: axis %d out of range for rank %d", axis, dst.rank())
	}
	// Threads must not choose between the nibbles: the low bit of the
	// axis coordinate comes from the register alone.
	if dst.threadMask(axis)&1 != 0 {
		return ir.OpErrorf(op, "ttg.fp4_to_fp: the result layout puts the two values of a byte in different threads")
	}
	byteOf := func(c []int32) []int32 {
		s := append([]int32(nil), c...)
		s[axis] >>= 1
		return s
	}
	m, err := mapRegisters(src, dst, byteOf)
	if err != nil {
		return ir.OpErrorf(op, "ttg.fp4_to_fp: the result layout does not keep each byte's values in its thread: %v", err)
	}
	scalar := l.scalarType(elem)
	tables := fp4TablesFor(kind)
	in := rw.RemappedN(op.Operand(0))
	pairs := map[int][]ir.Value{}
	vals := make([]ir.Value, dst.numRegs)
	for r, j := range m {
		p, ok := pairs[j]
		if !ok {
			p = e.fp4Pair(in[j], tables, scalar)
			pairs[j] = p
		}
		vals[r] = p[dst.regs[r][axis]&1]
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return nil
}

// fp4Pair converts the two e2m1 values of byte x to 16-bit floats of
// register type scalar (low nibble first).
func (e *emitter) fp4Pair(x ir.Value, t fp4Tables, scalar ir.Type) []ir.Value {
	w := e.zext(x, e.i32())
	sel := e.andC(w, 0x77)
	hi := e.prmt(e.i32c(t.hiA), e.i32c(t.hiB), sel)
	// Signs: bit 3 (low nibble) to bit 7, bit 7 (high nibble) to bit 15,
	// the top bits of the two high bytes.
	signs := e.andC(e.or(e.shlC(w, 4), e.shlC(w, 8)), 0x8080)
	hi = e.orDisjoint(hi, signs)
	var word ir.Value
	if t.lowZero {
		// Bytes: 0, hi.0, 0, hi.1 (selector 4 reads the zero operand).
		word = e.prmt(hi, e.i32c(0), e.i32c(0x1404))
	} else {
		lo := e.prmt(e.i32c(t.loA), e.i32c(t.loB), sel)
		// Bytes: lo.0, hi.0, lo.1, hi.1.
		word = e.prmt(lo, hi, e.i32c(0x5140))
	}
	return e.lanes(e.bitcast(word, ir.Vector(e.ctx(), []int64{2}, scalar)))
}

// prmt is gpu.prmt (PTX prmt.b32, default mode) on i32 words.
func (e *emitter) prmt(a, b, sel ir.Value) ir.Value {
	return gpu.NewPrmt(e.b, e.loc, a, b, sel).Result(0)
}
