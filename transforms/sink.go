package transforms

import (
	"flag"
	"fmt"
	"slices"
	"sort"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// sink-to-uses moves each side-effect-free op down to just before its
// first user, when all its users are in its own block, and keeps the runs
// of stores the lowering emitted together. Lowerings emit a
// value where the source op stood, often long before it is used: a
// kernel's per-thread indices, masks and addresses computed at the top
// and kept live across reductions and barriers. LLVM's code generator
// sinks such values before register allocation; the native PTX emitter
// has no such phase, and ptxas then keeps them all in registers, which
// costs occupancy. Users in other blocks (or in nested regions) keep the
// op where it is, so nothing moves into a loop or a branch (the
// experimental option across-blocks=on first moves ops whose users are all
// in one later block there: sink_blocks.go). Nothing moves
// past a gpu.wgmma_fence: it orders the register writes before it (the
// packing of a wgmma's A and accumulator words) before the wgmmas after
// it. Nor past a named barrier: the warpgroups of a warp-specialized
// consumer take turns at the tensor cores on them (the pipeliner's
// ping-pong), and work sunk into a turn would keep the other warpgroup
// waiting. A fused multiply-add whose first user is the next link of its
// accumulation chain (the fma taking it as addend) stays where it is: a
// lowering that interleaved several chains step by step (the FMA dot,
// k-outer) did so to let each step's operands die within the step, and
// sinking every link to the next would regather the chains.
//
// A run of consecutive stores (a tile's registers stored one after the
// other, as the lowering of one tt.store emits them) stays together where
// the computations sunk between its stores are short: each register's
// computation would otherwise sink to just before its own store, between
// the stores of the registers before it, and a thread would issue its
// stores a few instructions apart as each value is ready. Measured on an
// elementwise log2 (some 30 ops a store), a thread's stores spread among
// its computations stalled on the memory-instruction queue (ncu's LG
// throttle 22.7% of stalls against 16.4%) and ran at 0.86-0.90 of the same
// code with the stores together after the computations. Long computations
// keep their stores in place (maxStoreGap). The ops that sank into a run
// are pure, so moving its stores down past them is safe.

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "sink-to-uses",
		DisplayName: "SinkToUses",
		Summary:     "Move side-effect-free ops next to their first use in the same block",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			across := fs.String("across-blocks", "off", "on: first move pure ops whose users are all in one later block there (sink_blocks.go; TT_X_SINK_BLOCKS=on for timing variants)")
			return func(op *ir.Operation, st *passmgr.State) error {
				mode := passmgr.Experiment("TT_X_SINK_BLOCKS", *across)
				if mode != "on" && mode != "off" {
					return fmt.Errorf("sink-to-uses: across-blocks must be on or off, got %q", mode)
				}
				n := 0
				if mode == "on" {
					n = sinkAcrossBlocks(op)
				}
				n += SinkToUses(op)
				st.Stat("num-sunk", "Number of operations moved").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// SinkToUses sinks the pure ops of every block nested in root and returns
// how many it moved.
func SinkToUses(root *ir.Operation) int {
	moved := 0
	var blocks []*ir.Block
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		for _, r := range op.Regions() {
			blocks = append(blocks, r.Blocks()...)
		}
		return ir.Advance
	})
	for _, b := range blocks {
		moved += sinkBlock(b)
	}
	return moved
}

// sinkBlock visits the block's ops last to first, so that an op's
// operands, visited after it, follow it down. Each op's place in the
// block is an order key (blockOrder), so that its first user is the user
// of least key and the first fence after it a binary search, and the ops
// between are counted a chunk at a time (suffixOrder): the walk over them
// that found the first user took a fifth of a compile of layernorm with
// dropout, whose Philox rounds use values far from where they are made.
func sinkBlock(b *ir.Block) int {
	var ops []*ir.Operation
	for op := b.First(); op != nil; op = op.Next() {
		ops = append(ops, op)
	}
	num := numberOps(ops)
	defer func() {
		for _, op := range ops {
			num.Clear(op)
		}
	}()
	ord := newBlockOrder(b, num)
	var fences []*ir.Operation // in block order; they never move
	for _, op := range ops {
		if sinkFence(op) {
			fences = append(fences, op)
		}
	}
	runs := storeRuns(ops)
	moved := 0
	// The ops after the one visited, in block order: every op of the
	// block ends up in it, and in ord. An op and its first user with more
	// than maxSinkDistance ops between them take more than
	// maxSinkDistance+2 ops of the block: a shorter block needs no
	// count.
	var after *suffixOrder
	if len(ops) > maxSinkDistance+2 {
		after = &suffixOrder{num: num, of: make([]*orderChunk, len(ops))}
	}
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		if first := sinkTarget(op, b, ord, fences, after); first != nil {
			prev := first.Prev()
			op.MoveBefore(first)
			ord.placeBetween(op, prev, first)
			if after != nil {
				after.insertBefore(op, first)
			}
			moved++
			continue
		}
		if after != nil {
			after.pushFront(op)
		}
	}
	for _, run := range runs {
		moved += regroupStores(run)
	}
	return moved
}

// numberOps numbers the ops of the block sinkBlock works on by their
// place at the start (moving them keeps their numbers), so that what it
// keeps per op sits in slices.
func numberOps(ops []*ir.Operation) *ir.OpNumbers {
	n := ir.NewOpNumbers()
	for i, op := range ops {
		n.Set(op, i)
	}
	return n
}

// opNumber returns the number numberOps gave op.
func opNumber(n *ir.OpNumbers, op *ir.Operation) int {
	i, _ := n.Get(op)
	return i
}

// maxStoreGap is the most ops that may separate two stores of a run for
// the first to move down to the second. A computation that long between
// stores keeps its store: the stores are spread out anyway, and storing
// each result as soon as it is ready frees its registers (layernorm with
// dropout, whose four vector stores each follow some 500 ops of Philox
// rounds, ran 3% slower with its stores together at the end).
const maxStoreGap = 128

// regroupStores moves each store of a run down to the next one where at
// most maxStoreGap ops (sunk into the run) lie between them, last first,
// so that closely spaced stores end up together after the computations
// between them; it returns how many stores moved.
func regroupStores(run []*ir.Operation) int {
	near := make([]bool, len(run)-1)
	for i := range near {
		op, n := run[i].Next(), 0
		for op != run[i+1] && n <= maxStoreGap {
			op, n = op.Next(), n+1
		}
		near[i] = op == run[i+1] && n > 0 && n <= maxStoreGap
	}
	moved := 0
	for i := len(near) - 1; i >= 0; i-- {
		if near[i] {
			run[i].MoveBefore(run[i+1])
			moved++
		}
	}
	return moved
}

// storeRuns returns the runs of two or more consecutive stores among the
// block's ops, in block order.
func storeRuns(ops []*ir.Operation) [][]*ir.Operation {
	var runs [][]*ir.Operation
	for i := 0; i < len(ops); {
		j := i
		for j < len(ops) && storeInRun(ops[j]) {
			j++
		}
		if j-i >= 2 {
			runs = append(runs, ops[i:j])
		}
		i = max(j, i+1)
	}
	return runs
}

// storeInRun reports whether op is a store that keeps its place in a run
// of stores.
func storeInRun(op *ir.Operation) bool {
	return op.Def() == gpu.StoreOp
}

// maxSinkDistance is the most ops an op sinks past. Beyond it the op
// stays: the bound tt has always had (when it bounded a walk for the first
// user), kept so that the code of very long blocks stays as it was.
const maxSinkDistance = 4096

// sinkTarget returns the op that op moves in front of (its first user,
// or the first fence after it when that comes first), or nil when op
// stays: it has effects, regions or no results, a user outside the block,
// its first user follows it already, the two are links of one
// accumulation chain, or more than maxSinkDistance ops lie between them
// (counted in after; nil for a block too short for that).
func sinkTarget(op *ir.Operation, b *ir.Block, ord *blockOrder, fences []*ir.Operation, after *suffixOrder) *ir.Operation {
	if !op.Has(ir.Pure) || op.NumRegions() > 0 || op.NumResults() == 0 || op.Has(ir.Terminator) {
		return nil
	}
	first := ord.firstUser(op, b)
	if first == nil {
		return nil
	}
	at := ord.keyOf(op)
	if f := sort.Search(len(fences), func(k int) bool { return ord.keyOf(fences[k]) > at }); f < len(fences) && ord.keyOf(fences[f]) < ord.keyOf(first) {
		first = fences[f]
	}
	if first == op.Next() || accumulationLink(op, first) || after != nil && !after.atMostBefore(first, maxSinkDistance) {
		return nil
	}
	return first
}

// suffixOrder is the order of the ops after the one sinkBlock visits:
// those it visited, moved or not. The ops between the visited op and one
// of them are the ones before it here, counted chunk by chunk rather than
// one by one.
type suffixOrder struct {
	chunks []*orderChunk // in block order
	num    *ir.OpNumbers
	of     []*orderChunk // by op number
}

type orderChunk struct {
	ops   []*ir.Operation
	index int // in chunks
}

// orderChunkMax is the most ops a chunk holds before it is split.
const orderChunkMax = 64

// pushFront puts op first.
func (s *suffixOrder) pushFront(op *ir.Operation) {
	if len(s.chunks) == 0 {
		s.chunks = []*orderChunk{{}}
	}
	s.insertAt(s.chunks[0], 0, op)
}

// insertBefore puts op just before next.
func (s *suffixOrder) insertBefore(op, next *ir.Operation) {
	c := s.of[opNumber(s.num, next)]
	s.insertAt(c, slices.Index(c.ops, next), op)
}

func (s *suffixOrder) insertAt(c *orderChunk, i int, op *ir.Operation) {
	c.ops = slices.Insert(c.ops, i, op)
	s.of[opNumber(s.num, op)] = c
	if len(c.ops) <= orderChunkMax {
		return
	}
	// Split the chunk in two halves.
	half := &orderChunk{ops: slices.Clone(c.ops[len(c.ops)/2:])}
	c.ops = c.ops[:len(c.ops)/2]
	for _, o := range half.ops {
		s.of[opNumber(s.num, o)] = half
	}
	s.chunks = slices.Insert(s.chunks, c.index+1, half)
	for k := c.index + 1; k < len(s.chunks); k++ {
		s.chunks[k].index = k
	}
}

// atMostBefore reports whether at most n ops come before op.
func (s *suffixOrder) atMostBefore(op *ir.Operation, n int) bool {
	c := s.of[opNumber(s.num, op)]
	count := 0
	for _, before := range s.chunks[:c.index] {
		if count += len(before.ops); count > n {
			return false
		}
	}
	return count+slices.Index(c.ops, op) <= n
}

// blockOrder keys a block's ops by their place in it, to compare places
// without walking the ops between. Keys start orderGap apart; an op moved
// between two others takes the key halfway, and when no key is left
// between them the ops around it are keyed afresh (respread): the
// smallest window, growing twofold, whose keys leave every op in it
// orderMinGap. Keying the whole block instead cost a pass over it every
// twenty moves to one place, quadratic in blocks of 10^5 ops and more.
type blockOrder struct {
	b   *ir.Block
	num *ir.OpNumbers
	key []int64 // by op number
}

// orderGap leaves 20 halvings between two neighbours before they are
// keyed again; a respread window leaves at least orderMinGap.
const (
	orderGap    = 1 << 20
	orderMinGap = 1 << 10
)

// newBlockOrder keys the ops of block b, numbered by num in their
// current order.
func newBlockOrder(b *ir.Block, num *ir.OpNumbers) *blockOrder {
	o := &blockOrder{b: b, num: num}
	k := int64(0)
	for op := b.First(); op != nil; op = op.Next() {
		k += orderGap
		o.key = append(o.key, k)
	}
	return o
}

// keyOf returns op's key.
func (o *blockOrder) keyOf(op *ir.Operation) int64 { return o.key[opNumber(o.num, op)] }

// setKey gives op the key k.
func (o *blockOrder) setKey(op *ir.Operation, k int64) { o.key[opNumber(o.num, op)] = k }

// placeBetween records that op now sits between prev and next.
func (o *blockOrder) placeBetween(op, prev, next *ir.Operation) {
	lo, hi := o.keyOf(prev), o.keyOf(next)
	if hi-lo < 2 {
		o.respread(op)
		return
	}
	o.setKey(op, lo+(hi-lo)/2)
}

// respread keys op and its neighbours afresh, evenly between the keys of
// the ops just outside the smallest window (n ops on each side, n
// doubling) that leaves each op orderMinGap; a window reaching the block's
// end has room to spare after it.
func (o *blockOrder) respread(op *ir.Operation) {
	first, last := op, op
	count := int64(1)
	for n := 1; ; n *= 2 {
		for i := 0; i < n && first.Prev() != nil; i++ {
			first = first.Prev()
			count++
		}
		for i := 0; i < n && last.Next() != nil; i++ {
			last = last.Next()
			count++
		}
		var lo int64 // before the block's first op
		if p := first.Prev(); p != nil {
			lo = o.keyOf(p)
		}
		hi := lo + (count+1)*orderGap // after the block's last op
		if nx := last.Next(); nx != nil {
			hi = o.keyOf(nx)
		}
		if step := (hi - lo) / (count + 1); step >= orderMinGap {
			k := lo
			for w := first; ; w = w.Next() {
				k += step
				o.setKey(w, k)
				if w == last {
					return
				}
			}
		}
	}
}

// firstUser returns the user of op's results that comes first in the
// block, or nil when op has none or one of them is outside block b (in
// another block or in a nested region: nothing moves into a loop or a
// branch).
func (o *blockOrder) firstUser(op *ir.Operation, b *ir.Block) *ir.Operation {
	var first *ir.Operation
	var firstKey int64
	for i := 0; i < op.NumResults(); i++ {
		for u := op.Result(i).FirstUse(); u != nil; u = u.NextUse() {
			user := u.Owner()
			if user.Block() != b {
				return nil
			}
			if k := o.keyOf(user); first == nil || k < firstKey {
				first, firstKey = user, k
			}
		}
	}
	if first != nil && firstKey <= o.keyOf(op) {
		return nil // a graph region's use before its definition
	}
	return first
}

// sinkFence reports whether nothing may sink past op.
func sinkFence(op *ir.Operation) bool {
	switch op.Def() {
	case gpu.WGMMAFenceOp, gpu.NamedBarrierOp, gpu.NamedBarrierArriveOp:
		return true
	}
	return false
}

// accumulationLink reports whether op and next are consecutive links of
// an accumulation chain: two fmas, op's result next's addend.
func accumulationLink(op, next *ir.Operation) bool {
	return op.Def() == llvm.FMAOp && next.Def() == llvm.FMAOp && next.Operand(2) == op.Result(0)
}
