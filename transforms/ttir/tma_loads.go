package ttir

import (
	"flag"
	"math"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

// tt-tma-loads (tt's own pass, not Triton's) moves the tile loads of a
// persistent dot kernel's K loop onto TMA: a load whose pointers are a
// 2-D block `base + rows * stride + cols` of a row-major tensor becomes a
// tt.descriptor_load through a descriptor made once, before the kernel's
// tile loop, so each CTA builds its tensor maps once rather than each
// program once (measured on the H200, docs/PERFORMANCE.md "TMA for the
// suite's loads": maps made by every program cost what TMA gains).
//
// A load qualifies when each of its two axes is one of:
//   - advancing: its index is `arange(0, n)`, the loop's pointer increment
//     moves along it by step*c elements an iteration (a splat of c*step
//     for the columns, of stride*c*step for the rows) and the mask bounds
//     it by `arange < E - iv*c` or `arange + iv*c < E` (iv the loop's
//     induction variable, from 0): at iteration iv the tile starts at
//     iv*c, and TMA's zero fill past the extent E is the mask with
//     `other` zero; or unmasked (the loop's upper bound T, computed from
//     values defined before the tile loop, is the only bound: the map's
//     extent is (T - 1)*c + n, the last tile's end, so TMA reads what the
//     pointers read, and the guard asks for T >= 1);
//   - bounded: its index is `o + arange(0, n)` (o fixed in the loop) and
//     the mask bounds it by `< E`: the tile starts at o, extent E;
//   - wrapped: its index is `(o + arange(0, n)) % E` and it is not masked
//     (Triton's tutorial matmul): the tile starts at o, extent E. Where
//     o + i >= E the load reads row (o + i) - E and TMA reads zeros; the
//     pass proves those rows (columns for B) never reach memory: the
//     loaded tile feeds one tt.dot as its A (B) operand, whose rows
//     (columns) follow the same index, and every value the dot's result
//     flows into (the accumulator through the loop, elementwise ops) ends
//     in stores masked by `o + arange(0, n) < E` on that axis. Where that
//     is not so (stores without masks, as in kernels for shapes that are
//     multiples of the blocks) but o is a multiple of n (axis analysis),
//     the guard asks E to be a multiple of n too: then no tile wraps and
//     TMA reads what the pointers read.
//
// The columns must be contiguous (stride 1), the row stride a multiple of
// 16 bytes and the base 16-byte aligned (axis analysis of their
// divisibility), `other` zero or absent, and the base, extents and stride
// defined before the tile loop. Like LLVM's inbounds addressing, the pass
// takes an unmasked access before the tensor's start (a negative tile
// coordinate) to be outside the program's memory: TMA reads zeros there.
//
// What TMA needs and the pointer arithmetic does not is checked at run
// time: row strides above zero, extents of at least one, and offsets that
// fit the i32 arithmetic the pointers were computed in (and the forms'
// own conditions above). The tile loop runs under that guard, with an
// untouched copy of it in the else branch.
//
// The descriptors are marked ttg.AttrTensormapPool, and the guard
// ttg.AttrTensormapPoolGuard: their maps live in the module's pool of
// slots, which the programs that take the guarded branch claim (the
// lowering's tensormap_pool.go), so the kernel needs no launch scratch.
// With tma-stores (on by default) the epilogue stores of those tile loops
// go through TMA too (tma_stores.go).
//
// With tma-loads=on the pass also takes the K loop of a kernel that is
// not persistent (attention's key loop), whose unmasked tiles the loop
// indexes by its induction variable rather than carries as pointers
// (matchIndexedLoad): each program then makes its maps, the guard wraps
// the K loop itself and is computed before the kernel's first memory
// access (the pool's claim must precede it), and the else branch's copy of
// the loop, which only launches past the i32 offsets run, is marked
// tt.AttrTMAFallback: one stage, not warp-specialized. On the H200
// (2026-12-02, docs/PERFORMANCE.md "Attention's K and V through TMA") the
// perf suite's attention at head dim 64, which tt-translate splits over
// two CTAs an SM, gains 2-4% (tt-translate asks for it there: mode
// keyloops); at head dim 128, one CTA an SM, it reads level at 4096 keys
// and within the noise on longer key loops, so it stays off there.
//
// The pass rewrites the loads of the kernels that take the consumers
// taking turns over the tiles (tile-turns, on by default: tile_turns.go),
// and of every kernel with TT_X_TMA_LOADS=on or the option tma-loads=on;
// alone it buys nothing on the suite's matmuls (docs/PERFORMANCE.md, "TMA
// for the suite's loads"), so it is off for the others.
func tmaLoadsPass() *passmgr.Pass {
	return &passmgr.Pass{
		Name:        "tt-tma-loads",
		DisplayName: "TMALoads",
		Anchor:      "builtin.module",
		Summary:     "the 2-D tile loads of a persistent kernel's K loop through TMA descriptors made once a CTA, and of attention's key loop (keyloops) through descriptors each program makes (tt's own)",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			target := declareScheduleTarget(fs)
			mode := fs.String("tma-loads", "off", "on (rewrite the loads that qualify), keyloops (the K loops of kernels that are not persistent too: tt-translate's row split) or off")
			storeMode := fs.String("tma-stores", "on", "on (the epilogue stores of the kernels whose loads it rewrites too, tma_stores.go), wide (experimental: rows of four pieces too) or off")
			return func(op *ir.Operation, st *passmgr.State) error {
				m, err := scheduleMode("tt-tma-loads", *mode, "TT_X_TMA_LOADS", "on", KeyLoopsMode)
				if err != nil {
					return ir.OpErrorf(op, "%v", err)
				}
				pieces, err := tmaStorePieces(*storeMode)
				if err != nil {
					return ir.OpErrorf(op, "%v", err)
				}
				ring, err := target.withTileTurns("tt-tma-loads")
				if err != nil || (m != "on" && m != KeyLoopsMode && ring == 0) || *target.capability < 90 || *target.numCTAs != 1 {
					st.PreserveAll()
					return err
				}
				pairs, err := PointerPairs()
				if err != nil {
					return ir.OpErrorf(op, "tt-tma-loads: %v", err)
				}
				n, stores := rewriteTMALoads(op, m == "on", m == KeyLoopsMode, ring, pieces, pairs)
				st.Stat("num-loads", "Number of tile loads moved onto TMA").Add(int64(n))
				st.Stat("num-stores", "Number of epilogue stores moved onto TMA").Add(int64(stores))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	}
}

// KeyLoopsMode is the tma-loads mode of tt-translate's row split
// (ttir.RowSplit's KeyLoopTMA): the K loop of a kernel that is not
// persistent loads through TMA, its maps made by each program, where two
// CTAs share an SM and overlap each other's start.
const KeyLoopsMode = "keyloops"

// tmaAxis is how one axis of a tile load maps onto a tensor map.
type tmaAxis struct {
	coord  ir.Value // the tile's first index along the axis (i32), in the loop
	extent ir.Value // the tensor's extent (i32), defined before the tile loop
	// wrapped: the index before `% extent`, which the stores must bound
	// (or see multiple).
	wrapped ir.Value
	// multiple, for a wrapped axis whose wrapped elements the stores do
	// not provably drop: the tile size along it; the guard then asks for
	// an extent that is a multiple of it (the tiles start at multiples
	// of it, so none wraps).
	multiple int64
	// An advancing axis the load does not mask: the tile starts at iv *
	// scale, and the loop's trip count (trips, the loop's upper bound)
	// gives the extent: the last tile ends at (trips - 1) * scale +
	// size. The guard builds it before the tile loop from tripsOps (the
	// tile loop's ops that compute trips; extent is nil until then).
	scale, size int64
	trips       ir.Value
	tripsOps    []*ir.Operation
	// indexed: the advancing axis of a load whose pointers the loop
	// computes from its induction variable (`iv*c + arange(0, n)`, in
	// i32) rather than carries: its largest index is its extent, which
	// the guard bounds for the i32 offsets.
	indexed bool
	// extentC: a fixed axis's constant extent (the guard materializes
	// it as extent).
	extentC int64
}

// tmaBlock is a 2-D block of a row-major tensor that a tile load or
// store moves: what its descriptor and the run-time guard need.
type tmaBlock struct {
	base ir.Value
	// baseOps, where base is computed inside the tile loop from values
	// defined before it (an indexed load's `addptr(p, offset)`): the ops
	// the descriptor clones before the anchor.
	baseOps []*ir.Operation
	stride  ir.Value // the row stride (i32 or i64 scalar), or nil for a constant
	strideC int64
	axes    [2]tmaAxis
	anchor  *ir.Operation // the top-level op before which the descriptor is made
	// The largest index the pointers hold along each axis is below
	// limit[axis] (an extent) or limitC[axis] (a constant); advRows is
	// the rows an iteration adds (0 when the columns advance).
	limit   [2]ir.Value
	limitC  [2]int64
	advRows int64
}

// tmaLoad is a load that qualifies, with what its descriptor needs.
type tmaLoad struct {
	tmaBlock
	load *ir.Operation
	loop *ir.Operation // the K loop
	arg  int           // the pointer's iter arg
}

// rewriteTMALoads moves the qualifying loads of module onto TMA: all of
// them, or (all false) those of the kernels whose k-steps fit the turns'
// ring budget of ring bytes; with pieces > 0, the qualifying epilogue
// stores of the tile loops whose loads it moves too, in at most pieces
// pieces a row (tma_stores.go). It returns the loads and the stores it
// moved.
func rewriteTMALoads(module *ir.Operation, all, keyLoops bool, ring int, pieces int, pointerPairs bool) (int, int) {
	ai := axisinfo.Analyze(module)
	var found []*tmaLoad
	fits := map[*ir.Operation]bool{}
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "tt.func" && !all {
			// Only for tile-turns: its kernels whose ring fits.
			fits[op] = ring > 0 && tileTurnsFit(op, ring)
		}
		if op.Name() != "tt.load" {
			return
		}
		// The loads a pointer carries are tile-turns' (or all); those
		// a K loop indexes by its induction variable keyLoops' (or all).
		if l := matchTMALoad(op, ai); l != nil && (all || l.arg >= 0 && fits[op.ParentOfName("tt.func")] || l.arg < 0 && keyLoops) &&
			(l.anchor != l.loop || guardBeforeMemory(l)) {
			found = append(found, l)
		}
	})
	found = wholeKeyLoops(found)
	r := &tmaRewriter{rw: pattern.NewRewriter(module.Context(), nil), descs: map[descKey]ir.Value{}, dead: map[*ir.Operation][]int{}}
	var anchors []*ir.Operation
	byAnchor := map[*ir.Operation][]*tmaBlock{}
	for _, l := range found {
		if byAnchor[l.anchor] == nil {
			anchors = append(anchors, l.anchor)
		}
		byAnchor[l.anchor] = append(byAnchor[l.anchor], &l.tmaBlock)
	}
	// The stores are matched before anything is rewritten: the wrapped
	// loads' proofs read the stores' masks.
	var storesFound []*tmaStore
	if pieces > 0 {
		for _, a := range anchors {
			if isKeyLoop(found, a) {
				// A K loop that is its own anchor has no tile epilogue.
				continue
			}
			ir.WalkOps(a, func(op *ir.Operation) {
				if op.Name() == "tt.store" {
					if s := matchTMAStore(op, ai, pieces); s != nil {
						storesFound = append(storesFound, s)
						byAnchor[a] = append(byAnchor[a], &s.tmaBlock)
					}
				}
			})
		}
	}
	kLoops := map[*ir.Operation]*ir.Operation{}
	for _, l := range found {
		if kLoops[l.anchor] == nil {
			kLoops[l.anchor] = l.loop
		}
	}
	for _, a := range anchors {
		var turns *turnsLoop
		if !all && kLoops[a] != a {
			step, _ := tileTurnsStep(a.ParentOfName("tt.func"))
			turns = &turnsLoop{kLoop: kLoops[a], stepBytes: step, pointerPairs: pointerPairs}
		}
		r.version(a, byAnchor[a], turns, kLoops[a] == a)
	}
	for _, l := range found {
		r.rewrite(l)
	}
	for _, s := range storesFound {
		r.rewriteStore(s)
	}
	r.dropPointerArgs()
	return len(found), len(storesFound)
}

// matchTMALoad returns the load's mapping onto a tensor map, or nil.
func matchTMALoad(load *ir.Operation, ai *axisinfo.Module) *tmaLoad {
	loop := load.ParentOp()
	if loop == nil || loop.Name() != "scf.for" || load.Block() != (scf.ForOp{Operation: loop}).Body() {
		return nil
	}
	fn := loop.ParentOfName("tt.func")
	if fn == nil {
		return nil
	}
	anchor := fn.Region(0).Front().FindAncestorOp(loop)
	if anchor == nil || anchor.Name() != "scf.for" {
		return nil
	}
	if _, carried := load.Operand(0).(*ir.BlockArgument); !carried {
		return matchIndexedLoad(load, loop, anchor, ai)
	}
	// A carried pointer only where the K loop runs inside a tile loop of
	// the function's entry block: descriptors made once a program cost
	// what TMA gains on the suite's matmuls (the pass's doc).
	if anchor == loop {
		return nil
	}
	f := scf.ForOp{Operation: loop}
	ptr, ok := load.Operand(0).(*ir.BlockArgument)
	pt, isTensor := load.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || ptr.Owner() != f.Body() || ptr.Index() == 0 || !isTensor || len(pt.Dims) != 2 {
		return nil
	}
	resT, _ := load.Result(0).Type().(*ir.RankedTensorType)
	if resT == nil || !tmaElement(resT.Elem) {
		return nil
	}
	if v, ok := load.Attr("isVolatile").(*ir.IntegerAttr); ok && v.Bool() {
		return nil
	}
	arg := ptr.Index() - 1
	next := f.YieldedValues()[arg].DefiningOp()
	if next == nil || next.Name() != "tt.addptr" || next.Operand(0) != ptr || ir.HasUses(loop.Result(arg)) ||
		ir.NumUses(ptr) != 2 || !ir.HasOneUse(next.Result(0)) {
		return nil
	}
	blk, terms, ok := matchBlock(f.Inits()[arg], resT.Elem, anchor, ai)
	if !ok {
		return nil
	}
	l := &tmaLoad{tmaBlock: blk, load: load, loop: loop, arg: arg}
	// The loop's increment: along the rows (a multiple of the stride) or
	// the columns.
	step, ok1 := arith.MatchConstantInt(f.Step())
	lb, ok2 := arith.MatchConstantInt(f.LowerBound())
	if !ok1 || !ok2 || lb != 0 || step <= 0 {
		return nil
	}
	advAxis, adv := loopAdvance(next.Operand(1), l.stride, l.strideC)
	if advAxis < 0 {
		return nil
	}
	// The mask's bounds, one an axis at most.
	var bounds [2]ir.Value
	if load.NumOperands() > 1 {
		if load.NumOperands() < 3 || !isPositiveZero(load.Operand(2)) {
			return nil
		}
		if !maskBounds(load.Operand(1), &bounds) {
			return nil
		}
	}
	for ax := range 2 {
		a, ok := axisMapping(terms[ax].index, bounds[ax], ax == advAxis, adv, step, f, anchor)
		if !ok {
			return nil
		}
		l.axes[ax] = a
		// An advancing axis starts at arange(0, n) (the pointer carries
		// the rest in 64 bits); the others stay below their extent.
		if ax == advAxis {
			l.limitC[ax] = tensorShape(terms[ax].index.Type())[0]
		} else {
			l.limit[ax] = a.extent
		}
	}
	if advAxis == 0 {
		l.advRows = adv
	}
	for ax, a := range l.axes {
		if a.wrapped == nil || axisUnobserved(l.load.Result(0), ax, a) {
			continue
		}
		// The wrapped elements may be stored: the tiles must not wrap.
		// They start at multiples of the tile size (the offset's
		// divisibility; a tile without an offset starts at 0) and the
		// guard asks the extent to be one.
		n := tensorShape(terms[ax].index.Type())[0]
		if a.coord != nil && divisibility(ai, a.coord)%n != 0 {
			return nil
		}
		l.axes[ax].multiple = n
	}
	return l
}

// matchBlock decomposes ptr, the pointers of a tile of elem, into a 2-D
// block of a row-major tensor whose descriptor can be made before anchor:
// contiguous columns, the base and the row stride defined before anchor,
// and the alignment TMA needs (a 16-byte aligned base, a row stride of a
// multiple of 16 bytes). It returns the block and its index terms.
func matchBlock(ptr ir.Value, elem ir.Type, anchor *ir.Operation, ai *axisinfo.Module) (tmaBlock, [2]blockTerm, bool) {
	base, terms := blockTerms(ptr)
	if base == nil || terms[0].index == nil || terms[1].index == nil || terms[1].stride != nil || terms[1].strideC != 1 {
		return tmaBlock{}, terms, false
	}
	blk := tmaBlock{base: base, stride: terms[0].stride, strideC: terms[0].strideC, anchor: anchor}
	if !definedBefore(base, anchor) {
		// A base the tile loop computes the same in every iteration
		// (attention's `addptr(k, head_offset)`): cloned before it.
		ops, ok := LoopInvariantSlice(anchor, base)
		if !ok {
			return tmaBlock{}, terms, false
		}
		blk.baseOps = ops
	}
	if blk.stride != nil && !definedBefore(blk.stride, anchor) || divisibility(ai, base) < 16 {
		return tmaBlock{}, terms, false
	}
	elemBytes := int64(ir.BitWidth(elem) / 8)
	if blk.stride != nil {
		if divisibility(ai, blk.stride)*elemBytes%16 != 0 {
			return tmaBlock{}, terms, false
		}
	} else if blk.strideC*elemBytes%16 != 0 || blk.strideC <= 0 {
		return tmaBlock{}, terms, false
	}
	return blk, terms, true
}

// wholeKeyLoops drops the loads of each K loop that is its own anchor
// unless every load of its body qualifies: warp specialization's TMA
// producer copies descriptor loads only, and a pointer load beside them
// would stay with the consumer warps, uncopied (a key loop with K's base
// of unknown alignment and V's aligned).
func wholeKeyLoops(found []*tmaLoad) []*tmaLoad {
	moved := map[*ir.Operation]int{}
	for _, l := range found {
		if l.anchor == l.loop {
			moved[l.loop]++
		}
	}
	whole := map[*ir.Operation]bool{}
	for loop, n := range moved {
		loads := 0
		for _, op := range (scf.ForOp{Operation: loop}).Body().Ops() {
			if op.Name() == "tt.load" {
				loads++
			}
		}
		whole[loop] = loads == n
	}
	var out []*tmaLoad
	for _, l := range found {
		if l.anchor != l.loop || whole[l.loop] {
			out = append(out, l)
		}
	}
	return out
}

// isKeyLoop reports whether the loads found with anchor a are those of a
// K loop that is its own anchor (a kernel that is not persistent).
func isKeyLoop(found []*tmaLoad, a *ir.Operation) bool {
	for _, l := range found {
		if l.anchor == a {
			return l.loop == a
		}
	}
	return false
}

// guardBeforeMemory reports whether the guard of a K loop that is its own
// anchor can be computed before its function's first memory access,
// where the map pool's claim must come (version hoists it there): the
// loop's bounds and the row stride are the function's arguments or come
// from ops before that access.
func guardBeforeMemory(l *tmaLoad) bool {
	entry := l.loop.Block()
	first := firstMemoryAccess(entry)
	f := scf.ForOp{Operation: l.loop}
	for _, v := range []ir.Value{f.LowerBound(), f.UpperBound(), l.stride} {
		if v == nil {
			continue
		}
		switch x := v.(type) {
		case *ir.BlockArgument:
			if x.Owner() != entry {
				return false
			}
		case *ir.OpResult:
			d := x.Owner()
			if d.Block() != entry || first != nil && !d.IsBeforeInBlock(first) {
				return false
			}
		}
	}
	return true
}

// firstMemoryAccess is the first op of block that accesses memory or holds
// regions (which may), or nil: the map pool's claim must come before it
// (conversion/ttgtogpu/tensormap_pool.go).
func firstMemoryAccess(block *ir.Block) *ir.Operation {
	for op := block.First(); op != nil; op = op.Next() {
		if op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) {
			return op
		}
	}
	return nil
}

// matchIndexedLoad matches an unmasked load of the K loop whose pointers
// the loop computes from its induction variable: `base + (iv*c +
// arange(0, n)) * stride + arange(0, m)` (attention's K and V tiles, the
// key block at iv), or the same with the columns advancing. The advancing
// axis starts at iv*c and reads up to the loop's upper bound T: its
// extent is (T - 1)*c + n, as for an unmasked carried pointer; the other
// axis reads arange(0, m) whole, its extent m. The whole offset is i32
// arithmetic here, so the guard bounds the extent times the stride.
func matchIndexedLoad(load, loop, anchor *ir.Operation, ai *axisinfo.Module) *tmaLoad {
	f := scf.ForOp{Operation: loop}
	if load.NumOperands() != 1 || load.Block() != f.Body() {
		return nil
	}
	if v, ok := load.Attr("isVolatile").(*ir.IntegerAttr); ok && v.Bool() {
		return nil
	}
	pt, isTensor := load.Operand(0).Type().(*ir.RankedTensorType)
	resT, _ := load.Result(0).Type().(*ir.RankedTensorType)
	if !isTensor || len(pt.Dims) != 2 || resT == nil || !tmaElement(resT.Elem) {
		return nil
	}
	step, ok1 := arith.MatchConstantInt(f.Step())
	lb, ok2 := arith.MatchConstantInt(f.LowerBound())
	if !ok1 || !ok2 || lb != 0 || step <= 0 || f.Unsigned() {
		return nil
	}
	blk, terms, ok := matchBlock(load.Operand(0), resT.Elem, anchor, ai)
	if !ok {
		return nil
	}
	l := &tmaLoad{tmaBlock: blk, load: load, loop: loop, arg: -1}
	advancing := -1
	iv := f.InductionVar()
	for ax := range 2 {
		n := tensorShape(terms[ax].index.Type())[0]
		if makeRange0(terms[ax].index) {
			l.axes[ax] = tmaAxis{extentC: n}
			l.limitC[ax] = n
			continue
		}
		o, ok := offsetIndex(terms[ax].index)
		if !ok || o == nil || advancing >= 0 {
			return nil
		}
		c, ok := scaledIV(o, iv)
		if !ok || c <= 0 {
			return nil
		}
		tripsOps, ok := LoopInvariantSlice(anchor, f.UpperBound())
		if !ok {
			return nil
		}
		advancing = ax
		l.axes[ax] = tmaAxis{scale: c, size: n, trips: f.UpperBound(), tripsOps: tripsOps, indexed: true}
	}
	if advancing < 0 {
		return nil
	}
	return l
}

// tmaElement reports whether TMA copies elements of type t.
func tmaElement(t ir.Type) bool {
	switch ir.BitWidth(t) {
	case 8, 16, 32, 64:
		return true
	}
	return false
}

// definedBefore reports whether v is available before anchor, an op of
// its function's entry block: an argument of the block, or the result of
// an earlier op of it.
func definedBefore(v ir.Value, anchor *ir.Operation) bool {
	switch x := v.(type) {
	case *ir.BlockArgument:
		return x.Owner() == anchor.Block()
	case *ir.OpResult:
		d := x.Owner()
		return d.Block() == anchor.Block() && d.IsBeforeInBlock(anchor)
	}
	return false
}

// divisibility is the largest power of two known to divide scalar v.
func divisibility(ai *axisinfo.Module, v ir.Value) int64 {
	if c, ok := arith.MatchConstantInt(v); ok {
		if c == 0 {
			return 1 << 30
		}
		return c & -c
	}
	info, ok := ai.Info(v)
	if !ok || len(info.Divisibility) == 0 {
		return 1
	}
	return info.Divisibility[0]
}

// isPositiveZero reports whether v is a splat of +0 (what TMA fills with;
// -0.0 would differ in its sign bit).
func isPositiveZero(v ir.Value) bool {
	switch a := arith.ConstantAttrOf(v).(type) {
	case *ir.DenseElementsAttr:
		if !a.IsSplat() {
			return false
		}
		if a.IsFloat() {
			return a.Floats[0] == 0 && !math.Signbit(a.Floats[0])
		}
		return a.Ints[0] == 0
	}
	return false
}
