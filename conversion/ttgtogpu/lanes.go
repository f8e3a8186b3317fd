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
	vt := ir.Vector(e.ctx(), []int64{int64(len(vals))}, t)
	vec := llvm.NewUndef(e.b, e.loc, vt).Result(0)
	for i, v := range vals {
		vec = llvm.NewInsertElement(e.b, e.loc, vec, v, e.i32c(int64(i))).Result(0)
	}
	return e.bitcast(vec, ir.IntegerTypeOf(e.ctx(), len(vals)*ir.BitWidth(t)))
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
