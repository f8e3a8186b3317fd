package pipeliner

import (
	"os"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// The ping-pong of a consumer's two warpgroups (FlashAttention-3's
// "pingpong scheduling"). In a loop of two chained dots (attention: S =
// Q·Kᵀ, the softmax of S, then O += P·V) each warpgroup of an 8-warp
// consumer owns its rows, and once the loop has no CTA barrier the two run
// free: nothing keeps their tensor-core work from colliding while both
// run their softmax. Here they take turns. A warpgroup issues its second
// dot of iteration j and its first dot of iteration j+1 in one turn,
// which it then hands to the other warpgroup, and runs its softmax while
// the other's wgmmas use the tensor cores:
//
//	before the loop   warpgroup 1 arrives on turn barrier 0 (warpgroup 0
//	                  goes first); each syncs on its own turn barrier
//	loop body         first dot {isAsync}; arrive on the other's turn
//	                  barrier; warp_group_dot_wait {pendings = 0}; the
//	                  softmax; sync on its own turn barrier; second dot
//	after the loop    warpgroup 0 arrives on warpgroup 1's turn barrier
//	                  (the sync that warpgroup 1 made for its last turn)
//
// The turn is handed over after the first dot is issued, not after it
// completes: measured by hand on the H200 (attention d128, 2026-11-29),
// handing it over after the wait made the kernel 25% slower, before it
// 2.5-4% faster. Turn barrier i is hardware barrier gpu.TurnBarrier+i among
// both warpgroups (256 threads: one syncs, the other arrives).
//
// Each warpgroup syncs once and arrives once a turn, so the barriers
// balance whatever the trip count. A turn includes the wait for the next
// slot's full barrier; the producer fills it without waiting for the
// other warpgroup's later turns as long as the ring has two slots. A
// CTA-wide barrier in the loop (an op with a shared-memory scratch
// buffer, or one already there) would tie the warpgroups together again,
// so such loops are left alone. TT_X_PINGPONG=off turns this off.

// The turn barriers are gpu.TurnBarrier and the one after it.

// turnThreads is the two warpgroups' thread count.
const turnThreads = 256

// pingPong makes the warpgroups of the 8-warp consumer loop nl take
// turns, when the loop has the shape above. numBuffers is the ring's slot
// count.
func pingPong(nl *ir.Operation, numBuffers int) bool {
	if os.Getenv("TT_X_PINGPONG") == "off" || numBuffers < 2 {
		return false
	}
	first, second := chainedDots(nl)
	if first == nil || !freeOfCTABarriers(nl) {
		return false
	}
	ctx := nl.Context()
	loc := nl.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(nl)
	// Warps 0-3 are warpgroup 0, 4-7 warpgroup 1.
	wid := b.CreateOp(ttg.WarpID.Def.Name, loc, nil, []ir.Type{ir.I32(ctx)}).Result(0)
	wg := binary(b, "arith.divui", loc, wid, constI32(b, loc, 4))
	isSecond := cmpi(b, loc, arith.CmpIEQ, wg, constI32(b, loc, 1))
	mine := binary(b, "arith.addi", loc, wg, constI32(b, loc, gpu.TurnBarrier))
	other := binary(b, "arith.subi", loc, constI32(b, loc, gpu.TurnBarrier+1), wg)
	threads := constI32(b, loc, turnThreads)
	scf.NewIf(b, loc, isSecond, nil, func(ib *ir.Builder) []ir.Value {
		gpu.NewNamedBarrier(ib, loc, constI32(ib, loc, gpu.TurnBarrier), threads, true)
		return nil
	}, nil)
	gpu.NewNamedBarrier(b, loc, mine, threads, false)

	// The first dot hands the turn over once issued.
	first.SetProp("isAsync", ir.BoolAttrOf(ctx, true))
	ib := ir.NewBuilder(ctx)
	ib.SetInsertionPointAfter(first)
	gpu.NewNamedBarrier(ib, first.Loc(), other, threads, true)
	wait := newDotWait(ib, first.Loc(), []ir.Value{first.Result(0), first.Operand(0), first.Operand(1)}, 0)
	ir.ReplaceUsesIf(first.Result(0), wait.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != wait })
	// The second waits for the turn.
	ib.SetInsertionPoint(second)
	gpu.NewNamedBarrier(ib, second.Loc(), mine, threads, false)

	ab := ir.NewBuilder(ctx)
	ab.SetInsertionPointAfter(nl)
	isFirst := cmpi(ab, loc, arith.CmpIEQ, wg, constI32(ab, loc, 0))
	scf.NewIf(ab, loc, isFirst, nil, func(ib *ir.Builder) []ir.Value {
		gpu.NewNamedBarrier(ib, loc, constI32(ib, loc, gpu.TurnBarrier+1), threads, true)
		return nil
	}, nil)
	return true
}

// chainedDots returns the loop body's two synchronous warp_group_dots
// when they are its only dots and the second reads what the first
// computed in the same iteration.
func chainedDots(loop *ir.Operation) (first, second *ir.Operation) {
	body := scf.ForOp{Operation: loop}.Body()
	var dots []*ir.Operation
	nested := false
	for _, op := range body.Ops() {
		ir.WalkOps(op, func(o *ir.Operation) {
			if o.Name() != "ttng.warp_group_dot" && o.Name() != "ttng.warp_group_dot_wait" {
				return
			}
			if o.ParentOp() != loop || o.Name() == "ttng.warp_group_dot_wait" || ttng.IsAsyncWarpGroupDot(o) {
				nested = true
			}
			dots = append(dots, o)
		})
	}
	if nested || len(dots) != 2 {
		return nil, nil
	}
	if !slices.Forward(dots[0], slices.Options{}).Contains(dots[1]) {
		return nil, nil
	}
	return dots[0], dots[1]
}

// freeOfCTABarriers reports whether nothing in the loop synchronizes the
// CTA: no barrier, and no op whose lowering exchanges data through a
// shared-memory scratch buffer (the barrier analysis puts a CTA barrier
// around those).
func freeOfCTABarriers(loop *ir.Operation) bool {
	scratch := allocation.NvidiaScratchSize(ttg.ComputeCapability(ttg.Target(ttg.ModuleOf(loop))))
	ok := true
	ir.WalkOps(loop, func(op *ir.Operation) {
		switch op.Name() {
		case "ttg.local_barrier", "gpu.barrier", "ttg.async_wait":
			ok = false
			return
		}
		if n, err := scratch(op); err != nil || n > 0 {
			ok = false
		}
	})
	return ok
}
