package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// shuffle moves a value of any scalar type between the lanes of a warp
// (the whole warp is one segment: 32 or 64 lanes): 32-bit values in one
// gpu.shuffle, narrower ones widened to 32 bits, 64-bit ones (and
// pointers) as two 32-bit halves.
func (e *emitter) shuffle(mode gpu.ShuffleMode, v ir.Value, offset int64) ir.Value {
	return e.shuffleDyn(mode, v, e.i32c(offset))
}

// shuffleDyn is shuffle with a lane operand computed at run time.
func (e *emitter) shuffleDyn(mode gpu.ShuffleMode, v, offset ir.Value) ir.Value {
	g := newGPU(e)
	lanes := int64(e.l.lanes())
	t := v.Type()
	w := bitWidthOf(t)
	switch {
	case w == 32 && (ir.IsInteger(t, 32) || isF32(t)):
		return g.shuffle32(mode, v, offset, lanes)
	case w <= 32:
		x := e.zext(e.toMemory(v, t, false), e.i32())
		r := g.shuffle32(mode, x, offset, lanes)
		return e.fromMemory(e.trunc(r, e.memType(t)), t)
	case w == 64:
		bits := e.toBits(v)
		lo := e.trunc(bits, e.i32())
		hi := e.trunc(e.lshrC(bits, 32), e.i32())
		lo = g.shuffle32(mode, lo, offset, lanes)
		hi = g.shuffle32(mode, hi, offset, lanes)
		r := e.orDisjoint(e.zext(lo, e.i64()), e.shlC(e.zext(hi, e.i64()), 32))
		return e.fromBits(r, t)
	}
	panic("ttgtogpu: shuffle of a value wider than 64 bits")
}
