package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Attributes of scf.for that Triton's loop passes read and write.
const (
	loopUnrollFactorAttr = "tt.loop_unroll_factor"
	numStagesAttr        = "tt.num_stages"
)

// maxUnrolledOps bounds the ops one unrolling may put in a loop, so that
// an absurd factor is an error rather than an exhausted machine. The
// bound is set by what the passes after it take, not by memory: a matmul
// loop unrolled 512 times (8,700 ops) compiles in about 2 s, 1024 times
// in 6 s, and the layout and pipelining passes grow faster than the loop
// (their slices run along the unrolled chain). Loops unrolled as far as
// anyone has measured a gain (8-64 copies of a tile step) stay far below.
const maxUnrolledOps = 1 << 14

// runLoopUnroll is triton-loop-unroll (LoopUnroll.cpp): every scf.for
// carrying tt.loop_unroll_factor > 1 is unrolled by that factor with
// MLIR's loopUnrollByFactor; the remainder loop gets tt.num_stages = 1
// so that the pipeliner leaves it alone.
func runLoopUnroll(op *ir.Operation, _ *passmgr.State) error {
	var loops []*ir.Operation
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "scf.for" && unrollFactor(o) > 1 {
			loops = append(loops, o)
		}
		return ir.Advance
	})
	for _, loop := range loops {
		factor := unrollFactor(loop)
		loop.RemoveAttr(loopUnrollFactorAttr)
		if n := countOps(loop.Region(0)); factor > maxUnrolledOps || factor*int64(n) > maxUnrolledOps {
			return ir.OpErrorf(loop, "unroll factor %d would create too many operations: %d copies of a loop body of %d operations, over tt's limit of %d; use a smaller loop_unroll_factor", factor, factor, n, maxUnrolledOps)
		}
		_, epilogue := UnrollByFactor(loop, int(factor))
		if epilogue != nil {
			epilogue.SetAttr(numStagesAttr, ir.I32Attr(op.Context(), 1))
		}
	}
	return nil
}

func unrollFactor(op *ir.Operation) int64 {
	if a, ok := op.Attr(loopUnrollFactorAttr).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 1
}

func countOps(r *ir.Region) int {
	n := 0
	for _, b := range r.Blocks() {
		for o := b.First(); o != nil; o = o.Next() {
			ir.WalkOps(o, func(*ir.Operation) { n++ })
		}
	}
	return n
}

// staticTripCount returns the trip count of an scf.for whose bounds and
// step are constants.
func staticTripCount(forOp *ir.Operation) (int64, bool) {
	f := scf.ForOp{Operation: forOp}
	lb, ok1 := arith.MatchConstantInt(f.LowerBound())
	ub, ok2 := arith.MatchConstantInt(f.UpperBound())
	step, ok3 := arith.MatchConstantInt(f.Step())
	if !ok1 || !ok2 || !ok3 || step <= 0 {
		return 0, false
	}
	if f.Unsigned() {
		w := ir.BitWidth(f.LowerBound().Type())
		if w <= 0 || w >= 64 {
			return 0, false
		}
		mask := int64(1)<<w - 1
		lb, ub = lb&mask, ub&mask
	}
	if ub <= lb {
		return 0, true
	}
	diff := uint64(ub) - uint64(lb) // exact: ub > lb
	return int64((diff-1)/uint64(step) + 1), true
}

// UnrollByFactor unrolls an scf.for by factor as MLIR's loopUnrollByFactor
// does: the loop runs factor bodies per iteration over the largest
// multiple of factor iterations, and an epilogue copy of the original
// loop runs the rest. Loops that turn out to run once are inlined. It
// returns the main loop and the epilogue loop (nil when either was
// inlined or not needed).
func UnrollByFactor(forOp *ir.Operation, factor int) (main, epilogue *ir.Operation) {
	f := scf.ForOp{Operation: forOp}
	body := f.Body()
	if factor < 1 || body.First() == body.Last() {
		return forOp, nil
	}
	ctx := forOp.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(forOp)
	loc := forOp.Loc()
	step := f.Step()
	var ubUnrolled, stepUnrolled ir.Value
	generateEpilogue := true
	if tc, ok := staticTripCount(forOp); ok {
		lbC, _ := arith.MatchConstantInt(f.LowerBound())
		ubC, _ := arith.MatchConstantInt(f.UpperBound())
		stepC, _ := arith.MatchConstantInt(step)
		if f.Unsigned() {
			mask := int64(1)<<ir.BitWidth(step.Type()) - 1
			lbC, ubC, stepC = lbC&mask, ubC&mask, stepC&mask
		}
		even := tc - tc%int64(factor)
		ubUnrolledC := lbC + even*stepC
		stepUnrolledC := stepC * int64(factor)
		generateEpilogue = ubUnrolledC < ubC
		if generateEpilogue {
			ubUnrolled = arith.ConstantInt(b, loc, ubUnrolledC, f.UpperBound().Type())
		} else {
			ubUnrolled = f.UpperBound()
		}
		if stepC == stepUnrolledC || even == 0 {
			stepUnrolled = step
		} else {
			stepUnrolled = arith.ConstantInt(b, loc, stepUnrolledC, step.Type())
		}
	} else {
		t := step.Type()
		diff := arith.NewBinary(b, "arith.subi", loc, f.UpperBound(), f.LowerBound()).Result(0)
		// ceildiv(diff, step) for positive values: (diff + step - 1) / step.
		one := arith.ConstantInt(b, loc, 1, t)
		stepMinusOne := arith.NewBinary(b, "arith.subi", loc, step, one).Result(0)
		sum := arith.NewBinary(b, "arith.addi", loc, diff, stepMinusOne).Result(0)
		tc := arith.NewBinary(b, "arith.divui", loc, sum, step).Result(0)
		factorC := arith.ConstantInt(b, loc, int64(factor), t)
		rem := arith.NewBinary(b, "arith.remsi", loc, tc, factorC).Result(0)
		even := arith.NewBinary(b, "arith.subi", loc, tc, rem).Result(0)
		span := arith.NewBinary(b, "arith.muli", loc, even, step).Result(0)
		ubUnrolled = arith.NewBinary(b, "arith.addi", loc, f.LowerBound(), span).Result(0)
		stepUnrolled = arith.NewBinary(b, "arith.muli", loc, step, factorC).Result(0)
	}

	if generateEpilogue {
		m := ir.NewMapping()
		epi := forOp.Clone(m)
		b.SetInsertionPointAfter(forOp)
		b.Insert(epi)
		epi.SetOperand(0, ubUnrolled)
		for i, r := range forOp.Results() {
			ir.ReplaceAllUsesWith(r, epi.Result(i))
			epi.SetOperand(3+i, r)
		}
		if !promoteIfSingleIteration(epi) {
			epilogue = epi
		}
	}
	forOp.SetOperand(1, ubUnrolled)
	forOp.SetOperand(2, stepUnrolled)
	unrollBody(f, factor, step)
	if !promoteIfSingleIteration(forOp) {
		main = forOp
	}
	return main, epilogue
}

// unrollBody appends factor-1 copies of the loop body before its yield,
// chaining the iter args and offsetting the induction variable by
// i * step in copy i.
func unrollBody(f scf.ForOp, factor int, step ir.Value) {
	body := f.Body()
	yield := body.Last()
	orig := body.Ops()
	orig = orig[:len(orig)-1]
	iterArgs := f.RegionIterArgs()
	yielded := yield.Operands()
	last := append([]ir.Value(nil), yielded...)
	iv := f.InductionVar()
	b := ir.NewBuilder(f.Context())
	b.SetInsertionPoint(yield)
	loc := f.Loc()
	for i := 1; i < factor; i++ {
		m := ir.NewMapping()
		for k, a := range iterArgs {
			m.Map(a, last[k])
		}
		if ir.HasUses(iv) {
			c := arith.ConstantInt(b, loc, int64(i), iv.Type())
			stride := arith.NewBinary(b, "arith.muli", loc, step, c).Result(0)
			m.Map(iv, arith.NewBinary(b, "arith.addi", loc, iv, stride).Result(0))
		}
		for _, o := range orig {
			b.Insert(o.Clone(m))
		}
		for k, v := range yielded {
			last[k] = m.Lookup(v)
		}
	}
	yield.SetOperands(last)
}

// promoteIfSingleIteration inlines the body of an scf.for that runs
// exactly once (known statically) in place of the loop.
func promoteIfSingleIteration(forOp *ir.Operation) bool {
	if tc, ok := staticTripCount(forOp); !ok || tc != 1 {
		return false
	}
	f := scf.ForOp{Operation: forOp}
	body := f.Body()
	yield := body.Last()
	for i, v := range yield.Operands() {
		ir.ReplaceAllUsesWith(forOp.Result(i), v)
	}
	ir.ReplaceAllUsesWith(f.InductionVar(), f.LowerBound())
	for i, a := range f.RegionIterArgs() {
		ir.ReplaceAllUsesWith(a, f.Inits()[i])
	}
	for o := body.First(); o != yield; {
		next := o.Next()
		o.MoveBefore(forOp)
		o = next
	}
	forOp.Erase()
	return true
}
