package ttir

import (
	"math"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/pattern"
	"github.com/ttcompiler/tt/transforms"
)

// The rewriting half of tt-tma-loads (tma_loads.go has the pass and its
// proofs): the run-time guard around each tile loop, the descriptors and
// the descriptor loads, and the pointer iter args the loads leave dead.

// descKey identifies a descriptor the rewritten loads can share.
type descKey struct {
	base, rows, cols, stride ir.Value
	strideC                  int64
	shape                    [2]int64
	anchor                   *ir.Operation
}

// tmaRewriter makes the descriptors and the descriptor loads.
type tmaRewriter struct {
	rw    *pattern.Rewriter
	descs map[descKey]ir.Value
	dead  map[*ir.Operation][]int // per K loop, the pointer iter args left without loads
}

// descriptor returns the descriptor of blk's tensor with blocks of
// shape, made before blk's anchor (once for all the accesses that share
// it), its map in the module's pool.
func (r *tmaRewriter) descriptor(blk *tmaBlock, shape [2]int64, loc ir.Location) ir.Value {
	key := descKey{base: blk.base, rows: blk.axes[0].extent, cols: blk.axes[1].extent, stride: blk.stride,
		strideC: blk.strideC, shape: shape, anchor: blk.anchor}
	if desc, ok := r.descs[key]; ok {
		return desc
	}
	b := r.rw.B()
	b.SetInsertionPoint(blk.anchor)
	i64 := ir.I64(b.Ctx)
	base := blk.base
	if blk.baseOps != nil {
		m := ir.NewMapping()
		for _, op := range blk.baseOps {
			b.Insert(op.Clone(m))
		}
		base = m.Lookup(base)
	}
	var stride ir.Value
	switch {
	case blk.stride == nil:
		stride = arith.ConstantInt(b, loc, blk.strideC, i64)
	case ir.BitWidth(blk.stride.Type()) == 64:
		stride = blk.stride
	default:
		stride = b.CreateOp("arith.extsi", loc, []ir.Value{blk.stride}, []ir.Type{i64}).Result(0)
	}
	extents := []ir.Value{blk.axes[0].extent, blk.axes[1].extent}
	strides := []ir.Value{stride, arith.ConstantInt(b, loc, 1, i64)}
	mk := tt.NewMakeTensorDescriptor(b, loc, base, extents, strides, shape[:], tt.PadZero)
	mk.SetAttr(ttg.AttrTensormapPool, ir.Unit(b.Ctx))
	r.descs[key] = mk.Result(0)
	return mk.Result(0)
}

func (r *tmaRewriter) rewrite(l *tmaLoad) {
	b := r.rw.B()
	loc := l.load.Loc()
	resT := l.load.Result(0).Type().(*ir.RankedTensorType)
	desc := r.descriptor(&l.tmaBlock, [2]int64{resT.Dims[0], resT.Dims[1]}, loc)
	coords := make([]ir.Value, 2)
	for ax, a := range l.axes {
		coords[ax] = a.coord
		if a.scale > 0 {
			// An unmasked advancing axis: the tile starts at iv*scale.
			b.SetInsertionPoint(l.load)
			iv := scf.ForOp{Operation: l.loop}.InductionVar()
			if !ir.IsInteger(iv.Type(), 32) {
				// A 64-bit induction variable: the guard bounds
				// (trips - 1) * scale + size by 2^31 - 1, so every
				// iteration the guarded loop runs has its tile start
				// in i32, and the truncation is exact.
				iv = b.CreateOp("arith.trunci", loc, []ir.Value{iv}, []ir.Type{ir.I32(b.Ctx)}).Result(0)
			}
			coords[ax] = iv
			if a.scale != 1 {
				coords[ax] = arith.NewBinary(b, "arith.muli", loc, iv, arith.ConstantInt(b, loc, a.scale, iv.Type())).Result(0)
			}
		} else if coords[ax] == nil {
			// A tile at the tensor's first row (column).
			b.SetInsertionPoint(l.anchor)
			coords[ax] = arith.ConstantInt(b, loc, 0, ir.I32(b.Ctx))
		}
	}
	b.SetInsertionPoint(l.load)
	dl := tt.NewDescriptorLoad(b, loc, desc, coords, resT)
	for _, name := range []string{"cache", "evict"} {
		if a := l.load.Attr(name); a != nil {
			dl.SetAttr(name, a)
		}
	}
	operands := l.load.Operands()
	if l.arg >= 0 {
		// A carried pointer: dropPointerArgs removes it and its increment.
		operands = operands[1:]
		r.dead[l.loop] = append(r.dead[l.loop], l.arg)
	}
	r.rw.ReplaceOp(l.load, dl.Results())
	transforms.EraseDeadPure(definingOps(operands))
}

// dropPointerArgs removes the K loops' pointer iter args the loads no
// longer read (their increments, then the args, then their initial
// pointer tensors).
func (r *tmaRewriter) dropPointerArgs() {
	for loop, args := range r.dead {
		f := scf.ForOp{Operation: loop}
		keep := make([]bool, len(f.Inits()))
		for i := range keep {
			keep[i] = true
		}
		var inits []ir.Value
		for _, i := range args {
			next := f.YieldedValues()[i].DefiningOp()
			f.Yield().SetOperand(i, f.RegionIterArgs()[i])
			inc := next.Operand(1)
			r.rw.EraseOp(next)
			transforms.EraseDeadPure(definingOps([]ir.Value{inc}))
			keep[i] = false
			inits = append(inits, f.Inits()[i])
		}
		r.rw.B().SetInsertionPoint(loop)
		scf.RebuildForKeeping(r.rw, loop, keep)
		transforms.EraseDeadPure(definingOps(inits))
	}
}

// version puts the tile loop anchor under `scf.if guard`, with an
// untouched copy of it in the else branch, where guard checks at run time
// what the descriptors need and the pointer arithmetic does not: row
// strides above zero (TMA cannot step backwards or repeat a row), extents
// of at least one, and pointer offsets that fit the i32 arithmetic the
// pointers were computed in (beyond it they wrap, and TMA's 64-bit
// addresses would not); and that the tile loop runs at all, for each of
// the blocks its loads and stores move. For the kernels that take turns
// over their tiles (turns), the program must also be worth the TMA path:
// two tiles or more, or one whose K loop streams turnsSingleTileBytes. A
// program with one tile has nothing to take turns with, and the TMA
// path's start (a pool slot claimed, maps built, a producer warp's first
// copy) costs more than the pointer kernel's on a short one (512^3 and
// 1024^3 matmuls: 0.76 and 0.85 of Triton's speed on the TMA path, 0.93
// and 0.92 on the pointer path; docs/PERFORMANCE.md, "Small grids"). The
// loads and stores are then rewritten in the then branch.
//
// Where the anchor is the K loop itself (fallbackOnly: a kernel that is not
// persistent, whose descriptors each program makes), the else branch only
// serves launches whose offsets leave the i32 range, and its copy of the
// loop is marked tt.AttrTMAFallback.
func (r *tmaRewriter) version(anchor *ir.Operation, blocks []*tmaBlock, turns *turnsLoop, fallbackOnly bool) {
	b := r.rw.B()
	// The programs that take the guarded branch are those that claim a
	// slot of the module's map pool (conversion/ttgtogpu/tensormap_pool.go),
	// which must come before the kernel's first memory access: a K loop
	// after other loads (attention's Q) gets its guard computed before
	// them (guardBeforeMemory checked that its operands are defined
	// there).
	at := anchor
	if first := firstMemoryAccess(anchor.Block()); fallbackOnly && first != nil && first.IsBeforeInBlock(anchor) {
		at = first
	}
	b.SetInsertionPoint(at)
	loc := anchor.Loc()
	i64 := ir.I64(b.Ctx)
	wide := func(v ir.Value) ir.Value {
		if ir.BitWidth(v.Type()) == 64 {
			return v
		}
		return b.CreateOp("arith.extsi", loc, []ir.Value{v}, []ir.Type{i64}).Result(0)
	}
	c64 := func(v int64) ir.Value { return arith.ConstantInt(b, loc, v, i64) }
	var guard ir.Value
	and := func(c ir.Value) {
		if guard == nil {
			guard = c
		} else {
			guard = arith.NewBinary(b, "arith.andi", loc, guard, c).Result(0)
		}
	}
	cmp := func(pred arith.CmpIPredicate, x, y ir.Value) ir.Value {
		return arith.NewCmpI(b, loc, pred, x, y).Result(0)
	}
	mul := func(x, y ir.Value) ir.Value { return arith.NewBinary(b, "arith.muli", loc, x, y).Result(0) }
	add := func(x, y ir.Value) ir.Value { return arith.NewBinary(b, "arith.addi", loc, x, y).Result(0) }
	zero, one, maxI32 := c64(0), c64(1), c64(math.MaxInt32)
	for _, l := range blocks {
		for ax, a := range l.axes {
			if a.extentC > 0 {
				l.axes[ax].extent = arith.ConstantInt(b, loc, a.extentC, ir.I32(b.Ctx))
			}
			if a.multiple > 0 {
				// Tiles at multiples of the tile size never wrap.
				rem := arith.NewBinary(b, "arith.remsi", loc, wide(a.extent), c64(a.multiple)).Result(0)
				and(cmp(arith.CmpIEQ, rem, zero))
			}
			if a.trips != nil {
				// The extent the unmasked advancing axis reads:
				// (trips - 1) * scale + size, at least one trip, in
				// i32 with room for the coordinates; the trip count
				// computed before the tile loop.
				m := ir.NewMapping()
				for _, op := range a.tripsOps {
					b.Insert(op.Clone(m))
				}
				trips := wide(m.Lookup(a.trips))
				and(cmp(arith.CmpISGE, trips, one))
				e := add(mul(add(trips, c64(-1)), c64(a.scale)), c64(a.size))
				and(cmp(arith.CmpISLE, e, maxI32))
				l.axes[ax].extent = b.CreateOp("arith.trunci", loc, []ir.Value{e}, []ir.Type{ir.I32(b.Ctx)}).Result(0)
				if a.indexed {
					// The loop computes the whole offset in i32: its
					// rows reach the extent.
					l.limit[ax] = l.axes[ax].extent
				}
			}
		}
		var stride ir.Value
		if l.stride != nil {
			stride = wide(l.stride)
			and(cmp(arith.CmpISGT, stride, zero))
		} else {
			stride = c64(l.strideC)
		}
		var lim [2]ir.Value
		for ax := range 2 {
			if l.limit[ax] != nil {
				e := wide(l.limit[ax])
				and(cmp(arith.CmpISGE, e, one))
				lim[ax] = e
			} else {
				lim[ax] = c64(l.limitC[ax])
			}
		}
		// The largest offset the loads compute: rows * stride + cols.
		and(cmp(arith.CmpISLE, add(mul(lim[0], stride), lim[1]), maxI32))
		if l.advRows > 0 {
			and(cmp(arith.CmpISLE, mul(c64(l.advRows), stride), maxI32))
		}
	}
	// A program with no tile to walk (the surplus programs of a persistent
	// schedule, which return at once) builds no maps: building them costs
	// microseconds a program.
	tl := scf.ForOp{Operation: anchor}
	pred := arith.CmpISLT
	if tl.Unsigned() {
		pred = arith.CmpIULT
	}
	and(cmp(pred, tl.LowerBound(), tl.UpperBound()))
	if turns != nil {
		// More tiles than the pointer branch takes at once (lb + n*step
		// < ub; both branches compute the same tiles, so a sum that
		// wrapped would only pick the slower one), or a K loop that
		// streams enough bytes for the tiles the program has.
		pairs := turns.pointerPairs
		atOnce := int64(1)
		if pairs {
			atOnce = 2
		}
		after := func(n int64) ir.Value {
			s := tl.Step()
			if n != 1 {
				s = mul(s, arith.ConstantInt(b, loc, n, s.Type()))
			}
			return cmp(pred, add(tl.LowerBound(), s), tl.UpperBound())
		}
		enough := after(atOnce)
		kl := scf.ForOp{Operation: turns.kLoop}
		if ops, ok := LoopInvariantSlice(anchor, kl.LowerBound(), kl.UpperBound(), kl.Step()); ok && !kl.Unsigned() && turns.stepBytes > 0 {
			m := ir.NewMapping()
			for _, op := range ops {
				b.Insert(op.Clone(m))
			}
			// ub - lb >= steps * step, in i64, where the bounds cannot wrap.
			lo, hi, step := wide(m.Lookup(kl.LowerBound())), wide(m.Lookup(kl.UpperBound())), wide(m.Lookup(kl.Step()))
			span := arith.NewBinary(b, "arith.subi", loc, hi, lo).Result(0)
			long := func(bytes int64) ir.Value {
				steps := (bytes + int64(turns.stepBytes) - 1) / int64(turns.stepBytes)
				return cmp(arith.CmpISGE, span, mul(step, c64(steps)))
			}
			streams := long(turnsSingleTileBytes)
			if pairs {
				// A program of two tiles on the pointer branch runs
				// them at once; it needs twice the bytes.
				second := after(1)
				streams = arith.NewSelect(b, loc, second, long(turnsPairBytes), streams).Result(0)
			}
			enough = arith.NewBinary(b, "arith.ori", loc, enough, streams).Result(0)
		}
		and(enough)
	}
	guard.DefiningOp().SetAttr(ttg.AttrTensormapPoolGuard, ir.Unit(b.Ctx))
	b.SetInsertionPoint(anchor)
	ifOp := scf.NewIfShell(b, loc, guard, anchor.ResultTypes(), true)
	thenB, elseB := ifOp.Region(0).Front(), ifOp.Region(1).Front()
	clone := anchor.Clone(nil)
	if fallbackOnly {
		clone.SetAttr(tt.AttrTMAFallback, ir.Unit(b.Ctx))
		clone.SetAttr(numStagesAttr, ir.I32Attr(b.Ctx, 1))
	}
	for i, res := range anchor.Results() {
		ir.ReplaceAllUsesWith(res, ifOp.Result(i))
	}
	anchor.Remove()
	thenB.Append(anchor)
	elseB.Append(clone)
	b.SetInsertionPointToEnd(thenB)
	scf.NewYield(b, loc, anchor.Results())
	b.SetInsertionPointToEnd(elseB)
	scf.NewYield(b, loc, clone.Results())
}

// turnsLoop is what the guard of a kernel that takes turns over its tiles
// needs to tell a program worth the TMA path: its K loop and the bytes a
// k-step loads.
type turnsLoop struct {
	kLoop     *ir.Operation
	stepBytes int
	// pointerPairs: the pointer branch runs two tiles at once
	// (PointerPairs), so a program of two short tiles goes there.
	pointerPairs bool
}

// turnsSingleTileBytes is the least a program with a single tile must
// stream through its K loop for the TMA path to pay its start (a pool
// slot claimed, maps built, the producer's first copy: about 3 us). On
// the H200 (2026-12-01, 128x128x64 f16 tiles, 32 KB a k-step) a single
// tile's K loop of 16 steps ran at 0.90 of Triton's speed on the TMA path
// against 0.98 on the pointer path, of 32 steps 0.97 against 0.94.
const turnsSingleTileBytes = 1 << 20

// turnsPairBytes is the same for a program of two tiles, which the
// pointer branch runs at once on its two warpgroups (PointerPairs): on
// the H200 (2026-12-01, shape_sweep.py and launch_cost.py) the grid's own
// schedule, which the split pointer branch runs as, read 0.975-1.01 of
// Triton at 2048^3 (32 k-steps a tile) against the TMA path's 0.89-0.91,
// and 0.996 against 0.983 at 2048 x 2048 x 4096 (64 k-steps); from 128
// k-steps (unmeasured) the TMA path's faster loop is taken to win, as it
// does for a single tile from 32.
const turnsPairBytes = 4 << 20

// definingOps returns the ops defining vs (nil for block arguments).
func definingOps(vs []ir.Value) []*ir.Operation {
	ops := make([]*ir.Operation, len(vs))
	for i, v := range vs {
		ops[i] = v.DefiningOp()
	}
	return ops
}
