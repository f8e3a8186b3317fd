package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Float format conversions. IEEE formats the llvm casts handle use them
// (fpext, and fptrunc for round-to-nearest-even); bf16 is widened by a
// shift (exact, on every architecture); other rounding modes and the 8-bit
// formats use gpu.cvt.

func floatKind(t ir.Type) (ir.FloatKind, bool) {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return 0, false
	}
	return ft.Kind, true
}

func isKind(t ir.Type, k ir.FloatKind) bool { fk, ok := floatKind(t); return ok && fk == k }

// floatSupported reports whether values of type t can be computed on:
// integers, pointers and the IEEE formats f16, bf16, f32 and f64.
func floatSupported(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return true
	}
	switch ft.Kind {
	case ir.F16, ir.BF16, ir.F32, ir.F64:
		return true
	}
	return false
}

// extToF32 widens any float of at most 32 bits to f32 (exactly).
func (e *emitter) extToF32(v ir.Value) ir.Value {
	return e.extFloat(v, e.f32())
}

// extFloat widens v to the wider float type to (exact).
func (e *emitter) extFloat(v ir.Value, to ir.Type) ir.Value {
	from := v.Type()
	if from == to {
		return v
	}
	if isKind(from, ir.BF16) {
		// bf16 is the top half of an f32.
		w := e.shlC(e.zext(e.bitcast(v, e.i16()), e.i32()), 16)
		return e.extFloat(e.bitcast(w, e.f32()), to)
	}
	return e.cast("llvm.fpext", v, to)
}

// truncFromF32 rounds an f32 (to nearest even) to t.
func (e *emitter) truncFromF32(v ir.Value, t ir.Type) ir.Value {
	return e.truncFloat(v, t, gpu.RoundRN)
}

// truncFloat narrows v to t with a rounding mode.
func (e *emitter) truncFloat(v ir.Value, t ir.Type, r gpu.Rounding) ir.Value {
	from := v.Type()
	switch {
	case from == t:
		return v
	case isKind(from, ir.BF16) || isKind(from, ir.F16):
		// Narrowing from a 16-bit format goes through f32 (exact widening).
		return e.truncFloat(e.extToF32(v), t, r)
	case isKind(from, ir.F64) && !isF32(t):
		// f64 -> 16 bits. fptrunc rounds once (to nearest); otherwise go
		// through f32 with the same rounding, which composes exactly for
		// the directed modes (to-nearest bf16 may round twice).
		if r == gpu.RoundRN && isKind(t, ir.F16) {
			return e.cast("llvm.fptrunc", v, t)
		}
		return e.truncFloat(e.truncFloat(v, e.f32(), r), t, r)
	case r == gpu.RoundRN && !isKind(t, ir.BF16):
		return e.cast("llvm.fptrunc", v, t)
	case r == gpu.RoundRN && !e.l.target.hasBF16RoundNearest():
		return e.bf16RoundNearest(v)
	}
	return newGPU(e).cvt(v, t, r, false)
}

// bf16RoundNearest rounds an f32 to bf16 with integer operations (for
// architectures without cvt.rn.bf16.f32): NaN becomes the canonical NaN
// 0x7fff as cvt makes it, other values round to nearest even.
func (e *emitter) bf16RoundNearest(v ir.Value) ir.Value {
	bits := e.bitcast(v, e.i32())
	lsb := e.andC(e.lshrC(bits, 16), 1)
	rounded := e.lshrC(e.add(bits, e.add(lsb, e.i32c(0x7fff))), 16)
	isNaN := e.fcmp(llvm.FCmpUNO, v, v)
	r := e.selectV(isNaN, e.i32c(0x7fff), rounded)
	return e.bitcast(e.trunc(r, e.i16()), ir.BF16Type(e.ctx()))
}

// roundingOf maps arith.truncf's rounding mode to PTX's.
func roundingOf(m arith.RoundingMode) gpu.Rounding {
	switch m {
	case arith.Downward:
		return gpu.RoundRM
	case arith.Upward:
		return gpu.RoundRP
	case arith.TowardZero:
		return gpu.RoundRZ
	case arith.ToNearestAway:
		return gpu.RoundRNA
	}
	return gpu.RoundRN
}

// narrowingRounding returns the rounding of a float narrowing op
// (arith.truncf or tt.fp_to_fp).
func narrowingRounding(op *ir.Operation) gpu.Rounding {
	switch op.Name() {
	case "arith.truncf":
		if m, ok := arith.RoundingModeOf(op); ok {
			return roundingOf(m)
		}
	case "tt.fp_to_fp":
		if m, ok := (tt.FpToFpOp{Operation: op}).Rounding(); ok && m == tt.RoundRTZ {
			return gpu.RoundRZ
		}
	}
	return gpu.RoundRN
}

// packedNarrowing lowers a narrowing of f32 tensors to f16 or bf16 two
// registers at a time where the target has the packed conversion
// (cvt.rn.f16x2.f32: one instruction for two elements, whose result is
// already the 32-bit word that stores and wgmma's register operands
// take, as Triton converts); other conversions go to elementwise.
func packedNarrowing(elementwise loweringFn) loweringFn {
	return func(l *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
		if !l.target.hasPackedNarrowing() {
			return elementwise(l, op, e, rw)
		}
		to := ir.ElementTypeOrSelf(op.Result(0).Type())
		r := narrowingRounding(op)
		if !isF32(ir.ElementTypeOrSelf(op.Operand(0).Type())) || !(isKind(to, ir.F16) || isKind(to, ir.BF16)) || r != gpu.RoundRN && r != gpu.RoundRZ {
			return elementwise(l, op, e, rw)
		}
		vals, ok := l.pairedRegisters(op, rw)
		if !ok {
			return elementwise(l, op, e, rw)
		}
		pair := ir.Vector(e.ctx(), []int64{2}, to)
		rw.ReplaceOpN(op, [][]ir.Value{convertPairs(vals, func(a, b ir.Value) []ir.Value {
			return e.lanes(gpu.NewCvt(e.b, e.loc, pair, gpu.CvtOptions{Rounding: r}, a, b).Result(0))
		})})
		return nil
	}
}

// pairedRegisters returns the registers of op's one operand where they
// pair up element for element with its result's (an even number, the
// result's layout holding as many), for a conversion two at a time.
func (l *lowering) pairedRegisters(op *ir.Operation, rw *conversion.Rewriter) ([]ir.Value, bool) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil, false
	}
	vals := rw.RemappedN(op.Operand(0))
	if len(vals) < 2 || len(vals)%2 != 0 {
		return nil, false
	}
	if lay, err := l.opLayout(op, rt); err != nil || lay.numRegs != len(vals) {
		return nil, false
	}
	return vals, true
}

// convertPairs is the result registers of a conversion two registers at
// a time: f of each pair of vals (two results), a pair repeated in vals
// (a broadcast tensor's registers) converted once.
func convertPairs(vals []ir.Value, f func(a, b ir.Value) []ir.Value) []ir.Value {
	out := make([]ir.Value, len(vals))
	// A repeated pair takes its first occurrence's results, found by a
	// table of pair numbers over vals rather than a map of the pairs.
	pair := func(p int) []ir.Value { return vals[2*p : 2*p+2 : 2*p+2] }
	memo := newTupleMemo(len(vals)/2, pair)
	for p := 0; 2*p < len(vals); p++ {
		if first, ok := memo.find(pair(p), p); ok {
			copy(out[2*p:2*p+2], out[2*first:])
			continue
		}
		copy(out[2*p:], f(vals[2*p], vals[2*p+1]))
	}
	return out
}

func addConversionPatterns(add func(string, scalarFn)) {
	add("arith.extf", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return e.extFloat(a[0], res), nil
	})
	add("arith.truncf", func(e *emitter, op *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		r := gpu.RoundRN
		if m, ok := arith.RoundingModeOf(op); ok {
			r = roundingOf(m)
		}
		if r == gpu.RoundRNA {
			return nil, ir.OpErrorf(op, "rounding to nearest, ties away, is not supported")
		}
		return e.truncFloat(a[0], res, r), nil
	})
	add("tt.fp_to_fp", func(e *emitter, op *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		from := a[0].Type()
		if ir.BitWidth(res) > ir.BitWidth(from) {
			return e.extFloat(a[0], res), nil
		}
		r := gpu.RoundRN
		if m, ok := (tt.FpToFpOp{Operation: op}).Rounding(); ok && m == tt.RoundRTZ {
			r = gpu.RoundRZ
		}
		return e.truncFloat(a[0], res, r), nil
	})
	intToFloat := func(name string) scalarFn {
		return func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			if isKind(res, ir.BF16) {
				return e.truncFromF32(e.cast(name, a[0], e.f32()), res), nil
			}
			return e.cast(name, a[0], res), nil
		}
	}
	add("arith.sitofp", intToFloat("llvm.sitofp"))
	add("arith.uitofp", intToFloat("llvm.uitofp"))
	floatToInt := func(name string) scalarFn {
		return func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			x := a[0]
			if promoted(x.Type()) {
				x = e.extToF32(x)
			}
			return e.cast(name, x, res), nil
		}
	}
	add("arith.fptosi", floatToInt("llvm.fptosi"))
	add("arith.fptoui", floatToInt("llvm.fptoui"))
}
