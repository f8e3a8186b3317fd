package ttgtogpu

import (
	"hash/maphash"
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// scalarFn computes one element of an elementwise op from the elements of
// its operands. It returns an error only before emitting anything.
type scalarFn func(e *emitter, op *ir.Operation, args []ir.Value, res ir.Type) (ir.Value, error)

// elementwise lowers an op whose result element i depends only on element
// i of its operands: the lowering of one element is applied to every
// register. Scalar operands of tensor ops (arith.select's condition) are
// broadcast; registers whose operands repeat an earlier register's reuse
// its result, as do registers that axis info proves equal to another
// (dedup.go).
func elementwise(fn scalarFn) loweringFn {
	return func(l *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
		if op.NumResults() != 1 {
			return ir.OpErrorf(op, "expected one result")
		}
		rt := op.Result(0).Type()
		res := l.elemTypeOf(rt)
		if res == nil {
			return ir.OpErrorf(op, "cannot lower element type of %s", asm.TypeString(rt))
		}
		if err := checkFloatTypes(op); err != nil {
			return err
		}
		t, ok := rt.(*ir.RankedTensorType)
		if !ok {
			return l.elementwiseScalar(op, e, rw, fn, res)
		}
		lay, err := l.opLayout(op, t)
		if err != nil {
			return err
		}
		n := lay.numRegs
		leaders := l.dedupLeaders(op, lay)
		operands := make([][]ir.Value, op.NumOperands())
		for i := range operands {
			vals := rw.RemappedN(op.Operand(i))
			switch {
			case len(vals) == n:
			case len(vals) == 1:
				vals = repeat(vals[0], n)
			default:
				return ir.OpErrorf(op, "operand #%d has %d registers, the result %d", i, len(vals), n)
			}
			operands[i] = vals
		}
		out := make([]ir.Value, n)
		// Each register's operands get their own slice (fn may keep it),
		// cut from one array; registers with the same operands share one
		// value.
		k := len(operands)
		argsBuf := make([]ir.Value, n*k)
		argsOf := func(r int) []ir.Value { return argsBuf[r*k : (r+1)*k : (r+1)*k] }
		memo := newTupleMemo(n, argsOf)
		computed := withLeaders(l.demand[ir.KeyOf(op.Result(0))], leaders) // nil: every register
		for r := 0; r < n; r++ {
			if leaders != nil && leaders[r] != r {
				continue // takes its leader's value below
			}
			if computed != nil && !computed[r] {
				continue // nothing reads it or takes its value (demand.go)
			}
			args := argsOf(r)
			for i := range operands {
				args[i] = operands[i][r]
			}
			if same, ok := memo.find(args, r); ok {
				out[r] = out[same]
				continue
			}
			v, err := fn(e, op, args, res)
			if err != nil {
				return err
			}
			out[r] = v
		}
		for r, lead := range leaders {
			if lead != r {
				out[r] = out[lead]
			}
		}
		if computed != nil {
			standInForUnread(out)
		}
		rw.ReplaceOpN(op, [][]ir.Value{out})
		return nil
	}
}

// elementwiseScalar is elementwise on scalars: one element, without the
// lists and tables of registers (most elementwise ops of a kernel compute
// its scalar indices and bounds).
func (l *lowering) elementwiseScalar(op *ir.Operation, e *emitter, rw *conversion.Rewriter, fn scalarFn, res ir.Type) error {
	args := make([]ir.Value, op.NumOperands())
	for i := range args {
		v, ok := rw.RemappedOne(op.Operand(i))
		if !ok {
			return ir.OpErrorf(op, "operand #%d has %d registers, the result 1", i, len(rw.RemappedN(op.Operand(i))))
		}
		args[i] = v
	}
	out := make([]ir.Value, 1)
	computed := l.demand[ir.KeyOf(op.Result(0))] // nil: computed
	if computed == nil || computed[0] {
		v, err := fn(e, op, args, res)
		if err != nil {
			return err
		}
		out[0] = v
	}
	if computed != nil {
		standInForUnread(out)
	}
	rw.ReplaceOp(op, out)
	return nil
}

// withLeaders returns the registers an elementwise lowering computes for
// the registers read: each read register's deduplication leader, which it
// takes its value from. (Demand reaches an op's operands through the same
// leaders, demandPlan.addComputed.) nil stays nil: every register.
func withLeaders(read []bool, leaders []int) []bool {
	if read == nil || leaders == nil {
		return read
	}
	computed := make([]bool, len(read))
	for r, rd := range read {
		if rd {
			computed[leaders[r]] = true
		}
	}
	return computed
}

// standInForUnread gives the registers of out that no lowering reads, and
// that were therefore not computed, a value of their type: one computed.
func standInForUnread(out []ir.Value) {
	var stand ir.Value
	for _, v := range out {
		if v != nil {
			stand = v
			break
		}
	}
	for r, v := range out {
		if v == nil {
			out[r] = stand
		}
	}
}

// typeAgnostic lists the elementwise ops valid on every element type: those
// that only move bits, and the conversions (which check their types).
var typeAgnostic = map[string]bool{
	"arith.select": true, "arith.bitcast": true, "tt.bitcast": true, "tt.addptr": true,
	"tt.int_to_ptr": true, "tt.ptr_to_int": true,
	"tt.fp_to_fp": true, "arith.truncf": true, "arith.extf": true,
}

// checkFloatTypes refuses an op whose operands or results are of a float
// type it has no arithmetic for: 8-bit floats live in registers as their
// bits (fp8.go), which conversions and sign-bit ops take and arithmetic
// does not (an llvm.fcmp of the bits would not even verify).
func checkFloatTypes(op *ir.Operation) error {
	if typeAgnostic[op.Name()] {
		return nil
	}
	// The operands' types, then the results' (by index: no list).
	for i, n := 0, op.NumOperands(); i < n+op.NumResults(); i++ {
		var t ir.Type
		if i < n {
			t = op.Operand(i).Type()
		} else {
			t = op.Result(i - n).Type()
		}
		if et := ir.ElementTypeOrSelf(t); !floatSupported(et) && !(signBitOps[op.Name()] && isAnyFP8(et)) {
			return ir.OpErrorf(op, "on %s is not supported (only f16, bf16, f32 and f64 floats)", asm.TypeString(et))
		}
	}
	return nil
}

// signBitOps only touch the sign bit, so they also work on 8-bit floats,
// whose registers hold their bits (fp8.go); Triton's math.absf on fp8
// clears bit 7.
var signBitOps = map[string]bool{"math.absf": true}

func repeat(v ir.Value, n int) []ir.Value {
	out := make([]ir.Value, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// tupleMemo finds, among the registers lowered so far, one whose operand
// tuple is the same values: an open-addressing table of register numbers,
// hashed by value identity (ir.ValueKey, a pointer, hashes in a fraction
// of the time the ir.Value interface takes), with the tuples themselves
// kept by the caller.
type tupleMemo struct {
	seed  maphash.Seed
	slots []int32 // register+1; 0 is empty
	tuple func(r int) []ir.Value
}

func newTupleMemo(n int, tuple func(r int) []ir.Value) *tupleMemo {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return &tupleMemo{seed: maphash.MakeSeed(), slots: make([]int32, size), tuple: tuple}
}

func (m *tupleMemo) hash(vs []ir.Value) uint64 { return hashValues(m.seed, 0, vs) }

// hashValues continues h over the identities of vs (ir.KeyOf).
func hashValues(seed maphash.Seed, h uint64, vs []ir.Value) uint64 {
	for _, v := range vs {
		h = h*31 + maphash.Comparable(seed, ir.KeyOf(v))
	}
	return h
}

// find returns the register with operands vs, or inserts r as the one.
func (m *tupleMemo) find(vs []ir.Value, r int) (int, bool) {
	mask := uint64(len(m.slots) - 1)
	for i := m.hash(vs) & mask; ; i = (i + 1) & mask {
		s := m.slots[i]
		if s == 0 {
			m.slots[i] = int32(r + 1)
			return r, false
		}
		if slices.Equal(m.tuple(int(s-1)), vs) {
			return int(s - 1), true
		}
	}
}

// elementwisePatterns maps op names to their lowering.
func elementwisePatterns() map[string]loweringFn {
	// Made with room for every entry (81 of them, for now): growing it
	// rehashed what it held.
	m := make(map[string]loweringFn, 128)
	add := func(name string, fn scalarFn) { m[name] = elementwise(fn) }

	// Integer arithmetic.
	intOp := func(f func(e *emitter, a, b ir.Value) ir.Value) scalarFn {
		return func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
			return f(e, a[0], a[1]), nil
		}
	}
	raw := func(name string) scalarFn {
		return func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			return e.op1(name, res, a), nil
		}
	}
	add("arith.addi", intOp((*emitter).add))
	add("arith.subi", intOp((*emitter).sub))
	add("arith.muli", intOp((*emitter).mul))
	add("arith.andi", intOp((*emitter).and))
	add("arith.ori", intOp((*emitter).or))
	add("arith.xori", intOp((*emitter).xor))
	add("arith.shli", intOp((*emitter).shl))
	add("arith.shrui", intOp((*emitter).lshr))
	add("arith.shrsi", intOp((*emitter).ashr))
	add("arith.divsi", raw("llvm.sdiv"))
	add("arith.divui", raw("llvm.udiv"))
	add("arith.remsi", raw("llvm.srem"))
	add("arith.remui", raw("llvm.urem"))
	add("arith.maxsi", raw("llvm.intr.smax"))
	add("arith.minsi", raw("llvm.intr.smin"))
	add("arith.maxui", raw("llvm.intr.umax"))
	add("arith.minui", raw("llvm.intr.umin"))
	add("arith.ceildivsi", lowerCeilDivSI)
	add("arith.floordivsi", lowerFloorDivSI)
	add("arith.ceildivui", lowerCeilDivUI)
	add("math.absi", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		neg := e.icmpC(llvm.ICmpSLT, a[0], 0)
		return e.selectV(neg, e.sub(e.cInt(a[0].Type(), 0), a[0]), a[0]), nil
	})
	add("math.ctpop", raw("llvm.intr.ctpop"))
	add("tt.mulhiui", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		return e.mulhi(a[0], a[1], true), nil
	})

	// Comparisons and selection (the arith and llvm predicate encodings
	// agree).
	add("arith.cmpi", func(e *emitter, op *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		p, ok := op.Attr("predicate").(*ir.IntegerAttr)
		if !ok {
			return nil, ir.OpErrorf(op, "missing predicate")
		}
		return e.icmp(llvm.ICmpPredicate(p.Int()), a[0], a[1]), nil
	})
	add("arith.cmpf", func(e *emitter, op *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		p, ok := op.Attr("predicate").(*ir.IntegerAttr)
		if !ok {
			return nil, ir.OpErrorf(op, "missing predicate")
		}
		return e.fcmpAny(llvm.FCmpPredicate(p.Int()), a[0], a[1]), nil
	})
	add("arith.select", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		return e.selectV(a[0], a[1], a[2]), nil
	})

	// Integer casts.
	add("arith.extsi", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.sext(a[0], res), nil
	})
	add("arith.extui", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.zext(a[0], res), nil
	})
	add("arith.trunci", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.trunc(a[0], res), nil
	})
	add("arith.index_cast", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.intResize(a[0], res, true), nil
	})
	add("arith.index_castui", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.intResize(a[0], res, false), nil
	})
	add("arith.bitcast", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.bitcast(a[0], res), nil
	})
	add("tt.bitcast", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if a[0].Type() == res {
			return a[0], nil
		}
		return e.fromBits(e.toBits(a[0]), res), nil
	})
	add("tt.int_to_ptr", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.cast("llvm.inttoptr", a[0], res), nil
	})
	add("tt.ptr_to_int", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.cast("llvm.ptrtoint", a[0], res), nil
	})

	addFloatPatterns(add)
	addConversionPatterns(add)
	addIntPatterns(add)
	for name, fn := range extendedPatterns() {
		m[name] = fn
	}
	for _, name := range []string{"tt.fp_to_fp", "arith.truncf"} {
		m[name] = packedNarrowing(m[name])
	}
	for _, name := range []string{"tt.fp_to_fp", "arith.truncf", "arith.extf"} {
		m[name] = fp8Dispatch(m[name])
	}
	m["math.sin"] = trigDispatch(m["math.sin"], false)
	m["math.cos"] = trigDispatch(m["math.cos"], true)
	return m
}

// ---- integer division helpers ----

// floordivsi(a, b) = a/b - 1 when the remainder is non-zero and the signs
// differ (MLIR's expansion).
func lowerFloorDivSI(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
	x, y := a[0], a[1]
	q := e.op1("llvm.sdiv", res, []ir.Value{x, y})
	r := e.op1("llvm.srem", res, []ir.Value{x, y})
	nz := e.icmpC(llvm.ICmpNE, r, 0)
	signDiff := e.icmp(llvm.ICmpNE, e.icmpC(llvm.ICmpSLT, x, 0), e.icmpC(llvm.ICmpSLT, y, 0))
	return e.selectV(e.and(nz, signDiff), e.sub(q, e.cInt(res, 1)), q), nil
}

// ceildivsi(a, b) = a/b + 1 when the remainder is non-zero and the signs
// agree.
func lowerCeilDivSI(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
	x, y := a[0], a[1]
	q := e.op1("llvm.sdiv", res, []ir.Value{x, y})
	r := e.op1("llvm.srem", res, []ir.Value{x, y})
	nz := e.icmpC(llvm.ICmpNE, r, 0)
	same := e.icmp(llvm.ICmpEQ, e.icmpC(llvm.ICmpSLT, x, 0), e.icmpC(llvm.ICmpSLT, y, 0))
	return e.selectV(e.and(nz, same), e.add(q, e.cInt(res, 1)), q), nil
}

// ceildivui(a, b) = a/b + (a%b != 0).
func lowerCeilDivUI(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
	q := e.udiv(a[0], a[1])
	r := e.urem(a[0], a[1])
	return e.add(q, e.zext(e.icmpC(llvm.ICmpNE, r, 0), res)), nil
}
