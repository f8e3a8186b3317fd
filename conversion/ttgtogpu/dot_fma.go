package ttgtogpu

import (
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The FMA dot (Triton 3.6's convertFMADot): the result has a blocked
// layout and the operands are #ttg.dot_op of that layout, whose threads
// hold, for every result element they own, the whole row of A and column
// of B it needs. Each result element is then its accumulator followed by
// one multiply-add per k, in increasing k: fma for floats (3.6's
// llvm.fmuladd, which NVPTX and AMDGPU fuse), a multiply and a wrapping
// add for integers, so the result is bit for bit Triton's. Operands have
// the result's element type (accelerate-matmul promotes them) or, in the
// forms AMD's accelerate-matmul keeps for v_dot, a narrower one that
// widens exactly (f16 and bf16 to f32, i8 to i32: widensExactly);
// inputPrecision and maxNumImpreciseAcc change nothing here, as in 3.6
// (tf32 only selects tensor-core instructions; the imprecise accumulation
// is a Hopper wgmma fp8 mode). f16 and bf16 multiply-adds run in f32 and
// round back, like every f16/bf16 op of this lowering.

func (l *lowering) lowerFMADot(op *ir.Operation, ts dotOperands, e *emitter, rw *conversion.Rewriter) error {
	for i, t := range []*ir.RankedTensorType{ts.a, ts.b} {
		enc, err := dotOperandParent(op, t, i)
		if err != nil {
			return err
		}
		if enc.Parent != ts.d.Encoding {
			return ir.OpErrorf(op, "tt.dot: the layout of operand %s is a dot operand of %s, not of the result's blocked layout",
				[2]string{"A", "B"}[i], layoutName(enc.Parent))
		}
		if t.Elem != ts.d.Elem && !widensExactly(t.Elem, ts.d.Elem) {
			return ir.OpErrorf(op, "tt.dot: operand %s has element type %s but the FMA dot accumulates in %s (accelerate-matmul promotes the operands of FMA dots to the result type)",
				[2]string{"A", "B"}[i], asm.TypeString(t.Elem), asm.TypeString(ts.d.Elem))
		}
	}
	if ts.c.Encoding != ts.d.Encoding || ts.c.Elem != ts.d.Elem {
		return ir.OpErrorf(op, "tt.dot: the accumulator C must have the result's type %s, got %s", asm.TypeString(ts.d), asm.TypeString(ts.c))
	}
	elem := l.scalarType(ts.d.Elem)
	if elem == nil {
		return ir.OpErrorf(op, "tt.dot: no FMA dot of %s elements", asm.TypeString(ts.d.Elem))
	}
	la, lb, ld, err := l.dotLayouts(op, ts)
	if err != nil {
		return err
	}
	rank := ld.rank()
	m, n := rank-2, rank-1 // result dims; A is (.., m, k), B is (.., k, n)
	k := int(la.shape[rank-1])
	// operandCoords are the coordinates of A[m][kk] and B[kk][n] for the
	// result element d.
	operandCoords := func(d []int32, kk int32) (ca, cb []int32) {
		ca, cb = slices.Clone(d), slices.Clone(d)
		ca[n] = kk
		cb[m] = kk
		return ca, cb
	}
	// Every thread holds whole rows of A and columns of B: the thread bits
	// move A and B as they move the rows and columns of the result.
	for i, bd := range ld.tidBases {
		wantA, wantB := operandCoords(bd, 0)
		if !slices.Equal(la.tidBases[i], wantA) {
			return ir.OpErrorf(op, "tt.dot: the layout of operand A does not give each thread the rows of the result it computes")
		}
		if !slices.Equal(lb.tidBases[i], wantB) {
			return ir.OpErrorf(op, "tt.dot: the layout of operand B does not give each thread the columns of the result it computes")
		}
	}
	av, bv, cv := rw.RemappedN(op.Operand(0)), rw.RemappedN(op.Operand(1)), rw.RemappedN(op.Operand(2))
	// Where A[m][kk] and B[kk][n] of each result register are.
	type chain struct{ a, b []int }
	chains := make([]chain, ld.numRegs)
	canon := ld.canonicalRegs()
	for r, c := range ld.regs {
		if canon[r] != r {
			continue
		}
		ch := chain{a: make([]int, k), b: make([]int, k)}
		for kk := 0; kk < k; kk++ {
			ca, cb := operandCoords(c, int32(kk))
			var okA, okB bool
			ch.a[kk], okA = la.regAt(ca)
			ch.b[kk], okB = lb.regAt(cb)
			if !okA || !okB {
				what, at := "A", ca
				if okA {
					what, at = "B", cb
				}
				return ir.OpErrorf(op, "tt.dot: no register of operand %s holds element %v", what, at)
			}
		}
		chains[r] = ch
	}
	isInt := isIntType(elem)
	// Operands narrower than the accumulator (AMD's accelerate-matmul
	// keeps f16 x f16 -> f32, bf16 x bf16 -> f32 and i8 x i8 -> i32 for
	// its v_dot instructions) are widened exactly first: the products and
	// their sums are then the promoted dot's.
	widen := func(v ir.Value) ir.Value {
		switch {
		case v.Type() == elem:
			return v
		case isInt:
			return e.sext(v, elem)
		}
		return e.extFloat(v, elem)
	}
	multiplyAdd := func(x, y, acc ir.Value) ir.Value {
		x, y = widen(x), widen(y)
		switch {
		case isInt:
			return e.add(e.mul(x, y), acc)
		case isF32(elem) || isF64(elem):
			return e.intrinsic("fma", elem, x, y, acc)
		default:
			return e.inF32(elem, []ir.Value{x, y, acc}, func(w []ir.Value) ir.Value {
				return e.intrinsic("fma", w[0].Type(), w...)
			})
		}
	}
	out := make([]ir.Value, ld.numRegs)
	accRegs := 0
	for r := range out {
		if canon[r] == r {
			out[r] = cv[r]
			accRegs += (bitWidthOf(elem) + 31) / 32
		}
	}
	// The order of the multiply-adds decides the registers ptxas needs,
	// not the results: each accumulator adds its products in increasing
	// k either way, bit for bit. k outermost, step kk reads one column of
	// the thread's A rows and one row of its B columns, and ptxas loads
	// each k-slice next to its use; chain by chain, every operand stays
	// live until the last chain reads it. Triton's PTX has the k-outer
	// order (LLVM's scheduler interleaves its chains). ptxas over
	// Triton's f32 test matmuls, compiled by an experimental build with
	// this order (docs/perf-notes.md): k-outer needed fewer registers on
	// every kernel with up to 64 accumulator registers a thread (a 64x128
	// tile on 8 warps: 103 registers and no spills instead of 255 and
	// 404 B), and spilled several times more with 256, where all the
	// accumulators and a slice no longer fit.
	if accRegs <= maxKOuterAccumulatorRegs {
		for kk := 0; kk < k; kk++ {
			for r := range out {
				if canon[r] == r {
					out[r] = multiplyAdd(av[chains[r].a[kk]], bv[chains[r].b[kk]], out[r])
				}
			}
		}
	} else {
		for r := range out {
			if canon[r] == r {
				for kk := 0; kk < k; kk++ {
					out[r] = multiplyAdd(av[chains[r].a[kk]], bv[chains[r].b[kk]], out[r])
				}
			}
		}
	}
	for r, c := range canon {
		out[r] = out[c]
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}

// maxKOuterAccumulatorRegs is the most accumulator registers a thread of
// an FMA dot may hold for the multiply-adds to go k-outer (above).
const maxKOuterAccumulatorRegs = 64

func isIntType(t ir.Type) bool {
	_, ok := t.(*ir.IntegerType)
	return ok
}

// widensExactly reports whether an FMA dot may take operands of element
// type from for an accumulator of type to, widening them exactly: the
// forms AMD's accelerate-matmul leaves for its v_dot instructions (f16
// or bf16 into f32, i8 into i32).
func widensExactly(from, to ir.Type) bool {
	switch {
	case isF32(to):
		f, ok := from.(*ir.FloatType)
		return ok && (f.Kind == ir.F16 || f.Kind == ir.BF16)
	case ir.IsInteger(to, 32):
		return ir.IsInteger(from, 8)
	}
	return false
}
