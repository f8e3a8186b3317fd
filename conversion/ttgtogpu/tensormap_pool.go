package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The module's pool of tensor-map slots, for maps whose
// ttg.global_scratch_alloc carries ttg.AttrTensormapPool (tt-tma-loads'
// descriptors): launches that pass no global scratch (perf_compare.py's,
// a raw cuLaunchKernel of the PTX) can still run a kernel that builds
// tensor maps.
//
// The module gets two zero-initialized globals: tensormapPoolSlots claim
// words and as many slots of 128 bytes a map of the function's pool
// allocations. Thread 0 of each program that builds pool maps claims a
// slot (gpu.tensormap_pool_claim) and shares its index with the other
// threads through the first word of shared memory (two barriers: nothing
// else uses shared memory yet), and the k-th pool allocation is the slot's
// k-th 128 bytes. Before every return of the function, after a barrier,
// thread 0 releases the slot (an atomic exchange of 0 with release
// semantics): by then every TMA copy through the maps has been waited for,
// as tt-tma-loads only rewrites loads whose results the function consumes.
// Which programs claim: where tt-tma-loads' guard (the i1 marked
// ttg.AttrTensormapPoolGuard, in the entry block) holds, the claim right
// after it and the release under it; so the surplus programs of a
// persistent schedule, which walk no tile, claim nothing. A function
// whose guard the pipeline folded away claims in its prologue, in every
// program (claim_pool_bench.py measured 0.4-2 us a launch for that).

// tensormapPoolSlots is the pool's size: claims beyond it wait for a
// running CTA to release its slot.
const tensormapPoolSlots = 2048

const (
	tensormapPoolName   = "__tt_tensormap_pool"
	tensormapClaimsName = "__tt_tensormap_claims"
)

// tensormapPool is what the lowering knows of the pool: each pool
// allocation's index in its function, each function's claim (by its pool
// allocations and by its returns, which release the slot), and the largest
// slot.
type tensormapPool struct {
	index   map[*ir.Operation]int
	claim   map[*ir.Operation]*poolClaim
	maxSlot int64
}

// poolClaim is a function's claim: the slot's index (i32, the same in
// every thread) and whether this thread claimed it (i1: thread 0 of a
// program that builds pool maps).
type poolClaim struct{ slot, claimed ir.Value }

// planTensormapPool finds the pool allocations of module's functions and,
// if there are any, declares the pool's globals in the module and puts
// each such function's claim in its entry block: after tt-tma-loads'
// guard, under it, where the function has one (the i1 marked
// ttg.AttrTensormapPoolGuard), else at its start, in every program. The
// claim is per-thread IR placed before the conversion, so that the guard's
// conversion updates its use.
func planTensormapPool(module *ir.Operation) (tensormapPool, error) {
	p := tensormapPool{index: map[*ir.Operation]int{}, claim: map[*ir.Operation]*poolClaim{}}
	type fnPlan struct {
		fn              *ir.Operation
		allocs, returns []*ir.Operation
		guard           ir.Value
	}
	var plans []fnPlan
	ir.WalkOps(module, func(fn *ir.Operation) {
		if fn.Name() != "tt.func" {
			return
		}
		f := fnPlan{fn: fn}
		ir.WalkOps(fn, func(op *ir.Operation) {
			switch {
			case op.Name() == "ttg.global_scratch_alloc" && op.HasAttr(ttg.AttrTensormapPool):
				f.allocs = append(f.allocs, op)
			case op.Name() == "tt.return":
				f.returns = append(f.returns, op)
			case op.HasAttr(ttg.AttrTensormapPoolGuard) && op.NumResults() == 1 && op.Block() == fn.Region(0).Front() && f.guard == nil:
				f.guard = op.Result(0)
			}
		})
		if len(f.allocs) > 0 {
			plans = append(plans, f)
			p.maxSlot = max(p.maxSlot, int64(tensorMapBytes*len(f.allocs)))
		}
	})
	if len(plans) == 0 {
		return p, nil
	}
	b := ir.NewBuilder(module.Context())
	b.SetInsertionPointToStart(module.Region(0).Front())
	loc := module.Loc()
	i8, i32 := ir.I8(b.Ctx), ir.I32(b.Ctx)
	llvm.NewGlobal(b, loc, tensormapClaimsName, llvm.Array(b.Ctx, i32, tensormapPoolSlots), "internal", false, nil, llvm.GlobalAddrSpace, 4)
	llvm.NewGlobal(b, loc, tensormapPoolName, llvm.Array(b.Ctx, i8, tensormapPoolSlots*p.maxSlot), "internal", false, nil, llvm.GlobalAddrSpace, tensorMapBytes)
	for _, f := range plans {
		c := &poolClaim{}
		b.SetInsertionPointToStart(f.fn.Region(0).Front())
		if f.guard != nil {
			// The slot's index passes through the first word of shared
			// memory, which nothing may have touched before.
			for op := f.fn.Region(0).Front().First(); op != f.guard.DefiningOp(); op = op.Next() {
				if op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) {
					return p, ir.OpErrorf(op, "accesses memory before the tensor-map pool's claim, which passes the slot through shared memory")
				}
			}
			b.SetInsertionPointAfter(f.guard.DefiningOp())
		}
		loc := f.fn.Loc()
		tid := gpu.NewThreadID(b, loc, gpu.DimX).Result(0)
		zero := llvm.NewConstant(b, loc, i32, ir.I32Attr(b.Ctx, 0)).Result(0)
		c.claimed = llvm.NewICmp(b, loc, llvm.ICmpEQ, tid, zero).Result(0)
		if f.guard != nil {
			c.claimed = llvm.NewBinary(b, loc, llvm.AndOp, c.claimed, f.guard).Result(0)
		}
		claims := llvm.NewAddressOf(b, loc, tensormapClaimsName, llvm.GlobalAddrSpace).Result(0)
		index := gpu.NewTensormapPoolClaim(b, loc, claims, c.claimed, tensormapPoolSlots).Result(0)
		word := gpu.NewSharedBase(b, loc).Result(0)
		gpu.NewStore(b, loc, word, c.claimed, []ir.Value{index}, gpu.MemOptions{})
		gpu.NewBarrier(b, loc)
		c.slot = gpu.NewLoad(b, loc, word, nil, nil, []ir.Type{i32}, gpu.MemOptions{}).Result(0)
		gpu.NewBarrier(b, loc)
		for i, a := range f.allocs {
			p.index[a] = i
			p.claim[a] = c
		}
		for _, r := range f.returns {
			p.claim[r] = c
		}
	}
	return p, nil
}

// lowerTensormapPoolAlloc: the op's 128 bytes of the function's slot.
func (l *lowering) lowerTensormapPoolAlloc(op *ir.Operation, e *emitter) (ir.Value, error) {
	c := l.pool.claim[op]
	if c == nil {
		return nil, ir.OpErrorf(op, "a pool tensor map the lowering did not plan for")
	}
	if ttg.SharedBytes(l.module) < 4 {
		return nil, ir.OpErrorf(op, "the tensor-map pool shares its slot through shared memory, and the kernel has none (ttg.shared)")
	}
	pool := llvm.NewAddressOf(e.b, e.loc, tensormapPoolName, llvm.GlobalAddrSpace).Result(0)
	at := e.add(e.mul(e.zext(c.slot, e.i64()), e.cInt(e.i64(), l.pool.maxSlot)), e.cInt(e.i64(), int64(tensorMapBytes*l.pool.index[op])))
	return e.byteGep(pool, at), nil
}

// releaseTensormapPool releases the function's slot before the return op,
// once every thread is done with the maps.
func (l *lowering) releaseTensormapPool(op *ir.Operation, e *emitter) {
	c := l.pool.claim[op]
	if c == nil {
		return
	}
	newGPU(e).barrier()
	claims := llvm.NewAddressOf(e.b, e.loc, tensormapClaimsName, llvm.GlobalAddrSpace).Result(0)
	word := e.byteGep(claims, e.mul(e.zext(c.slot, e.i64()), e.cInt(e.i64(), 4)))
	gpu.NewAtomicRMW(e.b, e.loc, memory.RMWXchg, memory.SemRelease, memory.ScopeGPU, word, e.i32c(0), c.claimed)
}
