package ttgtogpu

import (
	"hash/maphash"
	"reflect"
	"slices"
	"strconv"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
)

// combiner applies the combine region of tt.reduce / tt.scan: the region's
// ops are cloned at the insertion point for every application, with the
// block arguments bound to the accumulator and the new values; the clones
// are ordinary scalar ops that the conversion lowers right after the
// pattern (inlineOnRegisters). Applications to the same operands are
// shared.
type combiner struct {
	rw    *conversion.Rewriter
	block *ir.Block
	n     int // values per accumulator
	// memo holds the applications made so far by the hash of their
	// operands (hashValues: by value identity).
	memo map[uint64][]application
	seed maphash.Seed
}

// application is one application of the combine region: its operands,
// the accumulator's then the new values', and the values it yielded.
type application struct{ acc, cur, out []ir.Value }

// newCombiner checks that r is a single-block region with 2n arguments
// ending in a terminator that yields n values.
func newCombiner(op *ir.Operation, r *ir.Region, n int, rw *conversion.Rewriter) (*combiner, error) {
	if r.NumBlocks() != 1 {
		return nil, ir.OpErrorf(op, "combine region must have exactly one block (found %d)", r.NumBlocks())
	}
	b := r.Front()
	if b.NumArguments() != 2*n {
		return nil, ir.OpErrorf(op, "combine region has %d arguments, expected %d", b.NumArguments(), 2*n)
	}
	t := b.Terminator()
	if t == nil || t.NumOperands() != n {
		return nil, ir.OpErrorf(op, "combine region must yield %d values", n)
	}
	for o := b.First(); o != t; o = o.Next() {
		if o.NumRegions() > 0 {
			return nil, ir.OpErrorf(o, "ops with regions are not supported in a combine region")
		}
		// The clones are lowered on the accumulators' registers, where
		// an 8-bit float is its bits: refuse what the elementwise
		// lowering refuses, while the types still say so (constants are
		// bits too).
		if o.Name() != "arith.constant" {
			if err := checkFloatTypes(o); err != nil {
				return nil, err
			}
		}
	}
	return &combiner{rw: rw, block: b, n: n, memo: map[uint64][]application{}, seed: maphash.MakeSeed()}, nil
}

// apply returns combine(acc, cur).
func (c *combiner) apply(e *emitter, acc, cur []ir.Value) []ir.Value {
	h := hashValues(c.seed, hashValues(c.seed, 0, acc), cur)
	for _, a := range c.memo[h] {
		if slices.Equal(a.acc, acc) && slices.Equal(a.cur, cur) {
			return a.out
		}
	}
	regs := append(append(make([]ir.Value, 0, len(acc)+len(cur)), acc...), cur...)
	out := inlineOnRegisters(e, c.rw, c.block, regs)
	c.memo[h] = append(c.memo[h], application{acc: regs[:len(acc)], cur: regs[len(acc):], out: out})
	return out
}

// inlineOnRegisters clones the ops of a single-block region at the
// insertion point with its block arguments bound to the registers regs,
// and returns the registers of the values its terminator yields. The
// clones are in the region's types, which differ from the registers' for
// 8-bit floats (an i8 holds one's bits): each register enters as a source
// cast to its argument's type, and each yielded value leaves through the
// rewriter's remapping, so that a clone sees an operand of its own type (a
// widening from f8E4M3FN is lowered as one, not as an i8's) and the ops
// after it see registers. The clones are lowered as the conversion
// reaches them.
func inlineOnRegisters(e *emitter, rw *conversion.Rewriter, b *ir.Block, regs []ir.Value) []ir.Value {
	m := ir.NewMapping()
	for i, r := range regs {
		m.Map(b.Argument(i), rw.SourceValue(e.b, r, b.Argument(i).Type(), e.loc))
	}
	t := b.Terminator()
	for o := b.First(); o != t; o = o.Next() {
		e.b.Insert(o.Clone(m))
	}
	out := make([]ir.Value, t.NumOperands())
	for i := range out {
		out[i] = rw.Remapped(m.Lookup(t.Operand(i)))
	}
	return out
}

// ptrKey identifies a value by its address.
func ptrKey(v ir.Value) string { return string(appendPtrKey(nil, v)) }

// appendPtrKey appends ptrKey(v) to b: the value's address in hex and a
// comma (without fmt: the lowering builds such keys for every register).
func appendPtrKey(b []byte, v ir.Value) []byte {
	if v == nil {
		return append(b, "nil,"...)
	}
	b = strconv.AppendUint(b, uint64(reflect.ValueOf(v).Pointer()), 16)
	return append(b, ',')
}
