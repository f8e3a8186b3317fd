package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Vector lanes: values of 16 or more bits are packed into a word and taken
// out of a packed result through llvm vectors, which the PTX emitter keeps
// lane by lane in registers (mov.bN {a, b} packs them, which ptxas
// resolves to the halves of one register), and which fold away when a
// vector's own lanes are packed again.

// packLanes packs values of one type (16 bits or more each) into an
// integer word of their total width, value 0 in the low bits.
func (e *emitter) packLanes(vals []ir.Value) ir.Value {
	t := vals[0].Type()
	word := ir.IntegerTypeOf(e.ctx(), len(vals)*ir.BitWidth(t))
	if vec := lanesOfOne(vals); vec != nil {
		// The lanes of one vector in order (a loaded word taken apart
		// and packed again): the vector is the word, as canonicalize
		// would find after building it again.
		if def := vec.DefiningOp(); def != nil && def.Name() == "llvm.bitcast" && def.Operand(0).Type() == word {
			return def.Operand(0)
		}
		return e.bitcast(vec, word)
	}
	vec := e.vectorUndef(ir.Vector(e.ctx(), []int64{int64(len(vals))}, t))
	for i, v := range vals {
		vec = llvm.NewInsertElement(e.b, e.loc, vec, v, e.i32c(int64(i))).Result(0)
	}
	return e.bitcast(vec, word)
}

// undefAt is an undef value and the insertion point (block, and the op
// before which) it was built at.
type undefAt struct {
	vec    ir.Value
	block  *ir.Block
	before *ir.Operation
}

// vectorUndef returns an undef of vector type vt before the insertion
// point: the one built last, when it was built at the same insertion
// point (and so precedes it), else a new one.
func (e *emitter) vectorUndef(vt ir.Type) ir.Value {
	u := &e.l.undef
	block, before := e.b.InsertionBlock(), e.b.InsertionPoint()
	if u.vec != nil && u.vec.Type() == vt && u.block == block && u.before == before && u.vec.DefiningOp().Block() == block {
		return u.vec
	}
	*u = undefAt{llvm.NewUndef(e.b, e.loc, vt).Result(0), block, before}
	return u.vec
}

// lanesOfOne returns the vector whose lanes vals are, all of them in
// order (llvm.extractelement at constant indices 0, 1, ...), or nil.
func lanesOfOne(vals []ir.Value) ir.Value {
	var vec ir.Value
	for i, v := range vals {
		def := v.DefiningOp()
		if def == nil || def.Name() != "llvm.extractelement" {
			return nil
		}
		if i == 0 {
			vec = def.Operand(0)
			if vt, ok := vec.Type().(*ir.VectorType); !ok || len(vt.Dims) != 1 || vt.Dims[0] != int64(len(vals)) {
				return nil
			}
		} else if def.Operand(0) != vec {
			return nil
		}
		if idx, ok := llvm.ConstantInt(def.Operand(1)); !ok || idx.Int() != int64(i) {
			return nil
		}
	}
	return vec
}

// lanes returns the elements of a one-dimensional vector, lane 0 first.
func (e *emitter) lanes(vec ir.Value) []ir.Value {
	vt := vec.Type().(*ir.VectorType)
	out := make([]ir.Value, vt.Dims[0])
	for i := range out {
		out[i] = llvm.NewExtractElement(e.b, e.loc, vec, e.i32c(int64(i))).Result(0)
	}
	return out
}

// wordOfParts returns the word of type wt whose consecutive bits-wide
// parts vals are, part 0 in the low bits, or nil. Packing such parts
// again (a loaded word of bytes taken apart and stored to shared memory)
// is the word itself: without this the PTX rebuilt it with a shift, two
// conversions and an or a byte.
func wordOfParts(vals []ir.Value, bits int, wt ir.Type) ir.Value {
	var word ir.Value
	for j, v := range vals {
		w, i, ok := partOfWord(v, bits)
		if !ok || i != j || w.Type() != wt || j > 0 && w != word {
			return nil
		}
		word = w
	}
	return word
}

// partOfWord returns the integer word that v (bits wide) is part i of,
// counting from the low bits, the way unpackWords takes words apart:
// llvm.trunc of the word (i = 0) or of the word shifted right
// (llvm.lshr) by i*bits.
func partOfWord(v ir.Value, bits int) (ir.Value, int, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "llvm.trunc" || ir.BitWidth(v.Type()) != bits {
		return nil, 0, false
	}
	w, i := def.Operand(0), 0
	if sh := w.DefiningOp(); sh != nil && sh.Name() == "llvm.lshr" {
		c, ok := intValue(sh.Operand(1))
		if !ok || c%int64(bits) != 0 {
			return nil, 0, false
		}
		w, i = sh.Operand(0), int(c)/bits
	}
	if (i+1)*bits > ir.BitWidth(w.Type()) {
		return nil, 0, false
	}
	return w, i, true
}
