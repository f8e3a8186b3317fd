package amd

import (
	"flag"
	"math"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-update-async-wait-count",
		DisplayName: "TritonAMDGPUUpdateAsyncWaitCount",
		Summary:     "Adjust async wait count to allow prefetching over multiple loop iterations",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			arch := fs.String("arch-generation-name", "", "GFX generation name of target device.")
			return func(op *ir.Operation, st *passmgr.State) error {
				UpdateAsyncWaitCount(op, *arch, st.Emit)
				return nil
			}
		},
	})
}

// UpdateAsyncWaitCount is Triton 3.6's tritonamdgpu-update-async-wait-count
// on CDNA and gfx1250: each ttg.async_wait, which counts commit groups,
// becomes an amdg.async_wait counting the hardware load instructions that
// may stay in flight (what s_waitcnt vmcnt counts; LLVM cannot see the
// dependency of a local_load on a direct-to-LDS load of an earlier
// iteration). With tokens, the count is the fewest instructions issued on
// any path from each token's producer to the wait; without, the fewest
// along any path back through `num` commit groups. Never more than the
// truth: fewer only waits longer. On CDNA, register loads, stores and
// atomics met along the way are reported, since they make the count
// conservative.
func UpdateAsyncWaitCount(module *ir.Operation, arch string, emit func(*ir.Diagnostic)) {
	isa := amdgpu.DeduceISAFamily(arch)
	if !isa.IsCDNA() && isa != amdgpu.GFX1250 {
		return
	}
	remarkMixed := isa == amdgpu.CDNA3 || isa == amdgpu.CDNA4
	ai := axisinfo.Analyze(module, axisinfo.AMDVisitor)
	cache := map[*ir.Operation]int{}
	count := func(op *ir.Operation) int {
		if n, ok := cache[op]; ok {
			return n
		}
		n := asyncLoadInstructions(op, ai)
		if n == 0 && remarkMixed && writesOrReadsGlobal(op) {
			remark(emit, op.Loc(), "Global memory operation between async wait and async_loads. "+
				"This will hinder the interleaving of memory operations and might impact performance.")
		}
		cache[op] = n
		return n
	}
	for _, wait := range opsNamed(module, "ttg.async_wait") {
		n := math.MaxInt
		if wait.NumOperands() > 0 {
			for _, tok := range wait.Operands() {
				n = min(n, minCountOnDefChain(tok, wait, count, 0, math.MaxInt))
			}
		} else {
			num := 0
			if a, ok := wait.Attr("num").(*ir.IntegerAttr); ok {
				num = int(a.Int())
			}
			w := &backwardCounter{count: count, emit: emit, seen: map[[3]any]bool{}}
			n = w.walk(wait, wait, num, 0, math.MaxInt)
		}
		if n == math.MaxInt {
			n = 0
		}
		b := ir.NewBuilder(wait.Context())
		b.SetInsertionPointAfter(wait)
		nw := b.CreateOp("amdg.async_wait", wait.Loc(), wait.Operands(), []ir.Type{ttg.AsyncToken(wait.Context())},
			ir.NamedAttr{Name: "num_inst", Value: ir.I32Attr(wait.Context(), int64(n))})
		ir.ReplaceAllUsesWith(wait.Result(0), nw.Result(0))
		wait.Erase()
	}
}

// writesOrReadsGlobal reports ops with effects on global memory.
func writesOrReadsGlobal(op *ir.Operation) bool {
	effects, _ := ir.MemoryEffects(op)
	for _, e := range effects {
		if e.Resource == ttg.GlobalMemoryResource {
			return true
		}
	}
	return false
}

// asyncLoadInstructions is the number of direct-to-LDS load instructions
// an async copy issues (0 for other ops): its registers divided by how
// many elements one instruction moves, bounded by the source's
// contiguity, the mask's alignment and how far consecutive registers stay
// consecutive in LDS.
func asyncLoadInstructions(op *ir.Operation, ai *axisinfo.Module) int {
	var src *ir.RankedTensorType
	var dst *ttg.MemDescType
	var mask ir.Value
	contig := 1
	switch op.Name() {
	case "ttg.async_copy_global_to_local":
		cp := ttg.AsyncCopyOp{Operation: op}
		src, _ = cp.Src().Type().(*ir.RankedTensorType)
		dst, _ = cp.Dst().Type().(*ttg.MemDescType)
		mask = cp.Mask()
		if src != nil {
			contig = min(128/pointeeBits(src), ai.Contiguity(cp.Src()))
		}
	case "amdg.buffer_load_to_local":
		dst, _ = op.Operand(0).Type().(*ttg.MemDescType)
		base, offsets := op.Operand(1), op.Operand(2)
		ot, ok := offsets.Type().(*ir.RankedTensorType)
		pt, ok2 := base.Type().(*tt.PointerType)
		if !ok || !ok2 {
			return 0
		}
		src = ir.RankedTensor(op.Context(), ot.Dims, tt.GlobalPtr(op.Context(), pt.Pointee), ot.Encoding)
		c := &bufferConverter{ai: ai}
		contig = c.vectorSizeOf(base, offsets)
		if i := bufferLoadToLocalMask(op); i >= 0 {
			mask = op.Operand(i)
		}
	default:
		return 0
	}
	if src == nil || dst == nil {
		return 0
	}
	srcLL, err := ttg.ToLinearLayout(src.Encoding, src.Dims)
	if err != nil {
		return 0
	}
	var shared linearlayout.LinearLayout
	if p, ok := dst.Encoding.(*ttg.PaddedSharedEncoding); ok {
		shared, err = p.LinearComponent()
	} else {
		shared, err = ttg.ToLinearLayout(dst.Encoding, dst.Dims)
	}
	if err != nil {
		return 0
	}
	toShared, err := srcLL.InvertAndCompose(shared)
	if err != nil {
		return 0
	}
	contig = min(contig, toShared.NumConsecutiveInOut())
	if mask != nil {
		contig = min(contig, ai.MaskAlignment(mask))
	}
	regs := 1
	if toShared.HasInDim(linearlayout.Register) {
		regs = int(toShared.InDimSize(linearlayout.Register))
	}
	return max(1, regs/max(contig, 1))
}

// bufferLoadToLocalMask is the operand index of a buffer_load_to_local's
// mask, or -1.
func bufferLoadToLocalMask(op *ir.Operation) int {
	seg, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || len(seg.Ints) < 4 || seg.Ints[3] == 0 {
		return -1
	}
	return int(seg.Ints[0] + seg.Ints[1] + seg.Ints[2])
}

// countBetween sums count over [begin, end) in one block: an scf.if
// contributes the smaller of its branches, an scf.for with a static trip
// count that many times its body.
func countBetween(begin, end *ir.Operation, count func(*ir.Operation) int) int {
	n := 0
	for op := begin; op != nil && op != end; op = op.Next() {
		switch op.Name() {
		case "scf.if":
			ifOp := scf.IfOp{Operation: op}
			then := countInBlock(ifOp.ThenBlock(), count)
			els := 0
			if !op.Region(1).Empty() {
				els = countInBlock(ifOp.ElseBlock(), count)
			}
			n += min(then, els)
		case "scf.for":
			if tc, ok := staticTripCount(op); ok && tc > 0 {
				n += int(tc) * countInBlock(scf.ForOp{Operation: op}.Body(), count)
			}
		default:
			n += count(op)
		}
	}
	return n
}

func countInBlock(b *ir.Block, count func(*ir.Operation) int) int {
	if b.Empty() {
		return 0
	}
	return countBetween(b.First(), b.Last(), count)
}

// staticTripCount is the trip count of an scf.for with constant bounds.
func staticTripCount(loop *ir.Operation) (int64, bool) {
	lb, ok1 := constIntValue(loop.Operand(0))
	ub, ok2 := constIntValue(loop.Operand(1))
	step, ok3 := constIntValue(loop.Operand(2))
	if !ok1 || !ok2 || !ok3 || step == 0 {
		return 0, false
	}
	if ub <= lb {
		return 0, true
	}
	return (ub - lb + step - 1) / step, true
}

// constIntValue is the value of a scalar integer constant.
func constIntValue(v ir.Value) (int64, bool) {
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.constant" {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// minCountOnDefChain is the fewest instructions counted between the
// producer of v and consumer, on every path (through loop iterations and
// loop entries); 0 when the chain cannot be followed.
func minCountOnDefChain(v ir.Value, consumer *ir.Operation, count func(*ir.Operation) int, sum, best int) int {
	region := v.ParentBlock().Region()
	for consumer.ParentRegion() != region {
		sum += countBetween(consumer.Block().First(), consumer, count)
		consumer = consumer.ParentOp()
		if consumer == nil {
			return 0
		}
	}
	if def := v.DefiningOp(); def != nil {
		return min(best, sum+countBetween(def.Next(), consumer, count))
	}
	arg, ok := v.(*ir.BlockArgument)
	if !ok {
		return 0
	}
	loop := arg.Owner().ParentOp()
	if loop == nil || loop.Name() != "scf.for" || arg.Owner().Empty() || arg.Index() == 0 {
		return 0
	}
	body := arg.Owner()
	sum += countBetween(body.First(), consumer, count)
	if sum >= best {
		return best
	}
	f := scf.ForOp{Operation: loop}
	init := minCountOnDefChain(f.Inits()[arg.Index()-1], loop, count, sum, best)
	prev := minCountOnDefChain(f.YieldedValues()[arg.Index()-1], f.Yield(), count, sum, best)
	return min(init, prev, best)
}

// backwardCounter walks the IR backwards from a wait through `num` commit
// groups on every path (Triton's computeMinCountBackward).
type backwardCounter struct {
	count func(*ir.Operation) int
	emit  func(*ir.Diagnostic)
	seen  map[[3]any]bool
}

func predecessorOp(op *ir.Operation) *ir.Operation {
	if p := op.Prev(); p != nil {
		return p
	}
	p := op.ParentOp()
	if p == nil || p.Name() == "builtin.module" {
		return nil
	}
	return p
}

func (w *backwardCounter) walk(cursor, cameFrom *ir.Operation, outstanding, sum, best int) int {
	cont := func(next *ir.Operation) {
		if next == nil {
			best = min(best, sum)
			return
		}
		best = min(best, w.walk(next, cursor, outstanding, sum, best))
	}
	for cursor != nil {
		if outstanding < 0 || sum >= best {
			return min(best, sum)
		}
		switch cursor.Name() {
		case "scf.if":
			if cameFrom.ParentOp() == cursor {
				cont(predecessorOp(cursor))
			} else {
				cont(cursor.Region(0).Front().Last())
				if !cursor.Region(1).Empty() {
					cont(cursor.Region(1).Front().Last())
				} else {
					cont(predecessorOp(cursor))
				}
			}
			return best
		case "scf.for":
			cont(predecessorOp(cursor))
			body := scf.ForOp{Operation: cursor}.Body()
			key := [3]any{cursor, outstanding, sum}
			if cameFrom.Block() != body || !w.seen[key] {
				w.seen[key] = true
				cont(body.Last())
			}
			return best
		case "scf.while":
			wh := scf.WhileOp{Operation: cursor}
			from := cameFrom.Block()
			switch {
			case from == wh.Before():
				cont(predecessorOp(cursor))
				key := [3]any{cursor, outstanding, sum}
				if !w.seen[key] {
					w.seen[key] = true
					cont(wh.After().Last())
				}
			default:
				cont(wh.Before().Last())
			}
			return best
		case "tt.func":
			return min(best, sum)
		}
		if cursor.NumRegions() > 0 && cursor.Name() != "tt.reduce" {
			remark(w.emit, cursor.Loc(), "has subregions but is not analyzed when determining async wait count; this yields conservative waits")
			return 0
		}
		sum += w.count(cursor)
		if cursor.Name() == "ttg.async_commit_group" {
			outstanding--
		}
		cameFrom = cursor
		cursor = predecessorOp(cursor)
	}
	return min(sum, best)
}
