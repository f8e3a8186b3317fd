package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// emitter builds the per-thread IR of one op at the rewriter's insertion
// point. Integer arithmetic on constants and identities (x+0, x&-1, ...)
// fold as the ops are built: index computations are mostly constants, and
// folding them here keeps the IR the later passes see small.
type emitter struct {
	l   *lowering
	fs  *funcState
	b   *ir.Builder
	loc ir.Location
}

func (e *emitter) ctx() *ir.Context { return e.b.Ctx }

func (e *emitter) i1() ir.Type  { return ir.I1(e.ctx()) }
func (e *emitter) i8() ir.Type  { return ir.I8(e.ctx()) }
func (e *emitter) i16() ir.Type { return ir.I16(e.ctx()) }
func (e *emitter) i32() ir.Type { return ir.I32(e.ctx()) }
func (e *emitter) i64() ir.Type { return ir.I64(e.ctx()) }
func (e *emitter) f32() ir.Type { return ir.F32Type(e.ctx()) }

// create inserts an op at the insertion point.
func (e *emitter) create(name string, operands []ir.Value, types []ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	return e.b.CreateOp(name, e.loc, operands, types, attrs...)
}

// op1 inserts an op with one result.
func (e *emitter) op1(name string, t ir.Type, operands []ir.Value, attrs ...ir.NamedAttr) ir.Value {
	// The result type's list is the lowering's scratch, as the operands'
	// is for binary (ir.Create keeps nothing of the lists it is given),
	// rather than a small allocation per op emitted.
	s := &e.l.opScratch
	s.types[0] = t
	v := e.create(name, operands, s.types[:], attrs...).Result(0)
	s.types[0] = nil // holds nothing past the call
	return v
}

// binary inserts an op with one result and operands a and b.
func (e *emitter) binary(name string, t ir.Type, a, b ir.Value, attrs ...ir.NamedAttr) ir.Value {
	s := &e.l.opScratch
	s.operands = [2]ir.Value{a, b}
	v := e.op1(name, t, s.operands[:], attrs...)
	s.operands = [2]ir.Value{}
	return v
}

// opScratch holds the lists op1 and binary hand to ir.
type opScratch struct {
	types    [1]ir.Type
	operands [2]ir.Value
}

func named(name string, v ir.Attribute) ir.NamedAttr { return ir.NamedAttr{Name: name, Value: v} }

// ---- constants (hoisted into the function prologue, one per value) ----

// cInt returns the integer constant v of type t.
func (e *emitter) cInt(t ir.Type, v int64) ir.Value { return e.fs.intConstant(e.ctx(), t, v) }

func (e *emitter) i32c(v int64) ir.Value { return e.cInt(e.i32(), v) }

// cBool returns the i1 constant b.
func (e *emitter) cBool(b bool) ir.Value {
	if b {
		return e.cInt(e.i1(), 1)
	}
	return e.cInt(e.i1(), 0)
}

// cFloat returns the float constant v of float type t.
func (e *emitter) cFloat(t ir.Type, v float64) ir.Value {
	return e.fs.constant(ir.FloatAttrOf(e.ctx(), t, v), t)
}

// cAttr returns a constant of type t holding attribute a (an integer or
// float attribute of t's kind).
func (e *emitter) cAttr(t ir.Type, a ir.Attribute) ir.Value { return e.fs.constant(a, t) }

// wrap truncates v to width bits and sign-extends it back (the canonical
// stored form of an integer attribute of that width).
func wrap(v int64, width int) int64 {
	if width <= 0 || width >= 64 {
		return v
	}
	if width == 1 {
		return v & 1
	}
	return ir.SignExtend(uint64(v), width)
}

// intValue returns the value of an integer constant, sign-extended.
func intValue(v ir.Value) (int64, bool) {
	a, ok := llvm.ConstantInt(v)
	if !ok {
		return 0, false
	}
	w := ir.BitWidth(v.Type())
	if w == 1 {
		return int64(a.Bits & 1), true
	}
	return ir.SignExtend(a.Bits, w), true
}

func isIntConst(v ir.Value, c int64) bool {
	x, ok := intValue(v)
	return ok && x == wrap(c, ir.BitWidth(v.Type()))
}

func allOnes(v ir.Value) bool { return isIntConst(v, -1) }

// ---- integer arithmetic ----

type intFold func(a, b int64, width int) (int64, bool)

func (e *emitter) intBinary(name string, a, b ir.Value, fold intFold, attrs ...ir.NamedAttr) ir.Value {
	if fold != nil {
		x, okx := intValue(a)
		y, oky := intValue(b)
		if okx && oky {
			if r, ok := fold(x, y, ir.BitWidth(a.Type())); ok {
				return e.cInt(a.Type(), r)
			}
		}
	}
	return e.binary(name, a.Type(), a, b, attrs...)
}

func (e *emitter) add(a, b ir.Value) ir.Value {
	if isIntConst(b, 0) {
		return a
	}
	if isIntConst(a, 0) {
		return b
	}
	return e.intBinary("llvm.add", a, b, func(x, y int64, _ int) (int64, bool) { return x + y, true })
}

func (e *emitter) sub(a, b ir.Value) ir.Value {
	if isIntConst(b, 0) {
		return a
	}
	return e.intBinary("llvm.sub", a, b, func(x, y int64, _ int) (int64, bool) { return x - y, true })
}

func (e *emitter) mul(a, b ir.Value) ir.Value {
	switch {
	case isIntConst(a, 0) || isIntConst(b, 1):
		return a
	case isIntConst(b, 0) || isIntConst(a, 1):
		return b
	}
	return e.intBinary("llvm.mul", a, b, func(x, y int64, _ int) (int64, bool) { return x * y, true })
}

func (e *emitter) and(a, b ir.Value) ir.Value {
	switch {
	case isIntConst(a, 0) || allOnes(b):
		return a
	case isIntConst(b, 0) || allOnes(a):
		return b
	case a == b:
		return a
	}
	return e.intBinary("llvm.and", a, b, func(x, y int64, _ int) (int64, bool) { return x & y, true })
}

func (e *emitter) or(a, b ir.Value) ir.Value {
	switch {
	case isIntConst(b, 0) || a == b:
		return a
	case isIntConst(a, 0):
		return b
	}
	return e.intBinary("llvm.or", a, b, func(x, y int64, _ int) (int64, bool) { return x | y, true })
}

// orDisjoint is an OR whose operands share no set bit (so it is also an
// ADD and an XOR), marked as such for the emitters.
func (e *emitter) orDisjoint(a, b ir.Value) ir.Value {
	switch {
	case isIntConst(b, 0):
		return a
	case isIntConst(a, 0):
		return b
	}
	return e.intBinary("llvm.or", a, b, func(x, y int64, _ int) (int64, bool) { return x | y, true },
		named("isDisjoint", ir.Unit(e.ctx())))
}

func (e *emitter) xor(a, b ir.Value) ir.Value {
	switch {
	case isIntConst(b, 0):
		return a
	case isIntConst(a, 0):
		return b
	}
	return e.intBinary("llvm.xor", a, b, func(x, y int64, _ int) (int64, bool) { return x ^ y, true })
}

func (e *emitter) shl(a, b ir.Value) ir.Value {
	if isIntConst(b, 0) {
		return a
	}
	return e.intBinary("llvm.shl", a, b, func(x, y int64, w int) (int64, bool) {
		if y < 0 || y >= int64(w) {
			return 0, false
		}
		return x << y, true
	})
}

func (e *emitter) lshr(a, b ir.Value) ir.Value {
	if isIntConst(b, 0) {
		return a
	}
	return e.intBinary("llvm.lshr", a, b, func(x, y int64, w int) (int64, bool) {
		if y < 0 || y >= int64(w) {
			return 0, false
		}
		return int64(uint64(x)&widthMask(w)) >> y, true
	})
}

func (e *emitter) ashr(a, b ir.Value) ir.Value {
	if isIntConst(b, 0) {
		return a
	}
	return e.intBinary("llvm.ashr", a, b, func(x, y int64, w int) (int64, bool) {
		if y < 0 || y >= int64(w) {
			return 0, false
		}
		return x >> y, true
	})
}

func (e *emitter) udiv(a, b ir.Value) ir.Value { return e.binary("llvm.udiv", a.Type(), a, b) }
func (e *emitter) urem(a, b ir.Value) ir.Value { return e.binary("llvm.urem", a.Type(), a, b) }

func widthMask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// Shorthands with a constant second operand.
func (e *emitter) andC(a ir.Value, c int64) ir.Value  { return e.and(a, e.cInt(a.Type(), c)) }
func (e *emitter) xorC(a ir.Value, c int64) ir.Value  { return e.xor(a, e.cInt(a.Type(), c)) }
func (e *emitter) addC(a ir.Value, c int64) ir.Value  { return e.add(a, e.cInt(a.Type(), c)) }
func (e *emitter) mulC(a ir.Value, c int64) ir.Value  { return e.mul(a, e.cInt(a.Type(), c)) }
func (e *emitter) shlC(a ir.Value, c int64) ir.Value  { return e.shl(a, e.cInt(a.Type(), c)) }
func (e *emitter) lshrC(a ir.Value, c int64) ir.Value { return e.lshr(a, e.cInt(a.Type(), c)) }

// icmp compares two integers (or pointers).
func (e *emitter) icmp(p llvm.ICmpPredicate, a, b ir.Value) ir.Value {
	x, okx := intValue(a)
	y, oky := intValue(b)
	if okx && oky {
		w := ir.BitWidth(a.Type())
		ux, uy := uint64(x)&widthMask(w), uint64(y)&widthMask(w)
		var r bool
		switch p {
		case llvm.ICmpEQ:
			r = x == y
		case llvm.ICmpNE:
			r = x != y
		case llvm.ICmpSLT:
			r = x < y
		case llvm.ICmpSLE:
			r = x <= y
		case llvm.ICmpSGT:
			r = x > y
		case llvm.ICmpSGE:
			r = x >= y
		case llvm.ICmpULT:
			r = ux < uy
		case llvm.ICmpULE:
			r = ux <= uy
		case llvm.ICmpUGT:
			r = ux > uy
		case llvm.ICmpUGE:
			r = ux >= uy
		}
		return e.cBool(r)
	}
	return e.binary("llvm.icmp", e.i1(), a, b, named("predicate", llvm.ICmpPredicateEnum.Get(e.ctx(), int64(p))))
}

// icmpC compares with a constant.
func (e *emitter) icmpC(p llvm.ICmpPredicate, a ir.Value, c int64) ir.Value {
	return e.icmp(p, a, e.cInt(a.Type(), c))
}

// fcmp compares two floats.
func (e *emitter) fcmp(p llvm.FCmpPredicate, a, b ir.Value) ir.Value {
	return e.binary("llvm.fcmp", e.i1(), a, b, named("predicate", llvm.FCmpPredicateEnum.Get(e.ctx(), int64(p))))
}

// selectV picks a or b.
func (e *emitter) selectV(c, a, b ir.Value) ir.Value {
	if a == b {
		return a
	}
	if v, ok := intValue(c); ok {
		if v != 0 {
			return a
		}
		return b
	}
	return e.op1("llvm.select", a.Type(), []ir.Value{c, a, b})
}

// andBool is the conjunction of two predicates (nil means true).
func (e *emitter) andBool(a, b ir.Value) ir.Value {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return e.and(a, b)
}

// orBool is the disjunction of two predicates (nil means false).
func (e *emitter) orBool(a, b ir.Value) ir.Value {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return e.or(a, b)
}

// ---- float arithmetic ----

func (e *emitter) fbin(name string, a, b ir.Value) ir.Value {
	return e.binary(name, a.Type(), a, b)
}

func (e *emitter) fadd(a, b ir.Value) ir.Value { return e.fbin("llvm.fadd", a, b) }
func (e *emitter) fmul(a, b ir.Value) ir.Value { return e.fbin("llvm.fmul", a, b) }

// intrinsic calls an llvm.intr.* op.
func (e *emitter) intrinsic(name string, t ir.Type, args ...ir.Value) ir.Value {
	return e.op1("llvm.intr."+name, t, args)
}

// ---- casts ----

func (e *emitter) cast(name string, v ir.Value, to ir.Type) ir.Value {
	if v.Type() == to {
		return v
	}
	return e.op1(name, to, []ir.Value{v})
}

func (e *emitter) zext(v ir.Value, to ir.Type) ir.Value {
	if x, ok := intValue(v); ok {
		return e.cInt(to, int64(uint64(x)&widthMask(ir.BitWidth(v.Type()))))
	}
	return e.cast("llvm.zext", v, to)
}

func (e *emitter) sext(v ir.Value, to ir.Type) ir.Value {
	if x, ok := intValue(v); ok {
		if ir.BitWidth(v.Type()) == 1 {
			x = -x
		}
		return e.cInt(to, x)
	}
	return e.cast("llvm.sext", v, to)
}

func (e *emitter) trunc(v ir.Value, to ir.Type) ir.Value {
	if x, ok := intValue(v); ok {
		return e.cInt(to, x)
	}
	return e.cast("llvm.trunc", v, to)
}

// intResize zero- or sign-extends or truncates v to integer type to.
func (e *emitter) intResize(v ir.Value, to ir.Type, signed bool) ir.Value {
	from, tw := ir.BitWidth(v.Type()), ir.BitWidth(to)
	switch {
	case from == tw:
		return v
	case from > tw:
		return e.trunc(v, to)
	case signed:
		return e.sext(v, to)
	}
	return e.zext(v, to)
}

func (e *emitter) bitcast(v ir.Value, to ir.Type) ir.Value { return e.cast("llvm.bitcast", v, to) }

// toBits returns v as an integer of its bit width (floats bitcast,
// pointers converted).
func (e *emitter) toBits(v ir.Value) ir.Value {
	switch t := v.Type().(type) {
	case *ir.IntegerType:
		return v
	case *llvm.PointerType:
		return e.cast("llvm.ptrtoint", v, e.i64())
	default:
		return e.bitcast(v, ir.IntegerTypeOf(e.ctx(), ir.BitWidth(t)))
	}
}

// fromBits is the inverse of toBits.
func (e *emitter) fromBits(v ir.Value, to ir.Type) ir.Value {
	switch to.(type) {
	case *ir.IntegerType:
		return e.intResize(v, to, false)
	case *llvm.PointerType:
		return e.cast("llvm.inttoptr", e.intResize(v, e.i64(), false), to)
	default:
		return e.bitcast(e.intResize(v, ir.IntegerTypeOf(e.ctx(), ir.BitWidth(to)), false), to)
	}
}

// ---- addresses ----

// gep is `getelementptr elem, base[idx]` (idx any integer type).
func (e *emitter) gep(elem ir.Type, base, idx ir.Value) ir.Value {
	if isIntConst(idx, 0) {
		return base
	}
	st := ir.NewState(e.ctx(), "llvm.getelementptr", e.loc)
	// The state's lists live in the lowering's scratch, reused by every
	// GEP (lowering creates them by the thousand): ir.Create keeps nothing
	// of the state it is given.
	s := &e.l.gepState
	s.types[0] = base.Type()
	st.Types = s.types[:]
	raw := int64(gepDynamicIndex)
	s.operands[0] = base
	if c, ok := intValue(idx); ok && c >= -(1<<31)+1 && c < 1<<31 {
		st.Operands = s.operands[:1]
		raw = c
	} else {
		s.operands[1] = idx
		st.Operands = s.operands[:2]
	}
	s.raw[0] = raw
	s.attrs[0] = ir.NamedAttr{Name: "rawConstantIndices", Value: ir.DenseI32Array(e.ctx(), s.raw[:])}
	s.attrs[1] = ir.NamedAttr{Name: "elem_type", Value: ir.TypeAttrOf(e.ctx(), elem)}
	st.Attrs = s.attrs[:]
	v := e.b.Create(st).Result(0)
	*s = gepState{} // holds no values past the call
	return v
}

// gepState is the scratch of emitter.gep's operation states.
type gepState struct {
	types    [1]ir.Type
	operands [2]ir.Value
	raw      [1]int64
	attrs    [2]ir.NamedAttr
}

// gepDynamicIndex marks a dynamic index in rawConstantIndices (MLIR's
// GEPOp::kDynamicIndex).
const gepDynamicIndex = -(1 << 31)

// byteGep offsets a pointer by a byte count.
func (e *emitter) byteGep(base, bytes ir.Value) ir.Value { return e.gep(e.i8(), base, bytes) }
