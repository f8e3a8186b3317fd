package allocation

import (
	"math"

	"github.com/ttcompiler/tt/analysis/alias"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// funcAllocator computes the Allocation of one function.
type funcAllocator struct {
	a       *Allocation
	scratch ScratchSizeFunc
	callee  func(call *ir.Operation) *Allocation
}

// run collects the function's buffers and the values that may refer to
// them and, if place, gives the buffers offsets (which needs their live
// ranges).
func (f *funcAllocator) run(place bool) error {
	fn := f.a.fn
	if err := f.collectBuffers(fn); err != nil {
		return err
	}
	f.collectAliases(fn)
	if !place {
		return nil
	}
	order, ranges := f.liveRanges(fn)
	return computeOffsets(f.a, order, ranges)
}

// collectBuffers creates the explicit, scratch and virtual buffers of the
// ops of fn (fn included), in pre-order: buffer IDs follow the IR.
func (f *funcAllocator) collectBuffers(fn *ir.Operation) error {
	var err error
	ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if err = f.explicitBuffer(op); err != nil {
			return ir.Interrupt
		}
		if err = f.scratchBuffer(op); err != nil {
			return ir.Interrupt
		}
		return ir.Advance
	})
	return err
}

func (f *funcAllocator) explicitBuffer(op *ir.Operation) error {
	if op.Name() != "ttg.local_alloc" || op.NumResults() != 1 {
		return nil
	}
	mt, ok := op.Result(0).Type().(*ttg.MemDescType)
	if !ok || !alias.IsSharedMemory(mt) {
		return nil
	}
	bytes, err := AllocBytes(op, mt)
	if err != nil {
		return err
	}
	f.a.add(Explicit, op, bytes, allocAlignment(op, mt))
	return nil
}

// AllocBytes returns the bytes of the buffer of a ttg.local_alloc of type
// mt: the elements of its shape per CTA (plus the padding of padded
// layouts; fp4-padded NVMMA layouts store the packed dim twice), each of
// the element's bits (pointers 64).
func AllocBytes(op *ir.Operation, mt *ttg.MemDescType) (int, error) {
	shape := append([]int64(nil), mt.Dims...)
	var elems int64
	switch enc := mt.Encoding.(type) {
	case *ttg.PaddedSharedEncoding:
		elems = enc.PaddedSize(shapePerCTA(enc, shape))
	case *ttg.NVMMASharedEncoding:
		if enc.FP4Padded && len(shape) > 0 {
			shape[ttg.Order(enc, shape)[0]] *= 2
		}
		elems = product(shapePerCTA(enc, shape))
	default:
		elems = product(shapePerCTA(enc, shape))
	}
	if elems < 0 || elems > math.MaxInt32 {
		return 0, ir.OpErrorf(op, "the buffer has too many elements (%d)", elems)
	}
	return checked(op, elems*int64(storageBits(mt.Elem))/8)
}

// allocAlignment is LocalAllocOp::getAlignmentOrDefault.
func allocAlignment(op *ir.Operation, mt *ttg.MemDescType) int {
	if a, ok := op.Attr("alignment").(*ir.IntegerAttr); ok && a.Int() > 0 {
		return int(a.Int())
	}
	if l, ok := mt.Encoding.(ttg.SharedLayout); ok {
		return l.Alignment()
	}
	return 16
}

func (f *funcAllocator) scratchBuffer(op *ir.Operation) error {
	switch {
	case isCall(op):
		if c := f.callee(op); c != nil && c.size > 0 {
			f.a.add(Virtual, op, c.size, ScratchAlignment)
		}
		return nil
	case alias.IsFunction(op), op.Name() == "ttg.warp_specialize":
		s, err := ScratchFor(op)
		if err != nil {
			return err
		}
		if s.Bytes > 0 {
			f.a.add(ScratchBuffer, op, s.Bytes, s.Align)
		}
		return nil
	}
	n, err := f.scratch(op)
	if err != nil {
		return err
	}
	if n > 0 {
		f.a.add(ScratchBuffer, op, n, ScratchAlignment)
	}
	return nil
}

// collectAliases records, for every operand and result in fn, the
// explicit buffers it may refer to. Those are the values the alias
// analysis gives a buffer, less the block arguments nothing uses (which
// are neither operands nor results): a walk over every operand and
// result of fn would ask about thousands of values to find them.
func (f *funcAllocator) collectAliases(fn *ir.Operation) {
	an := alias.Analyze(fn)
	for _, v := range an.Referring() {
		if _, ok := v.(*ir.BlockArgument); ok && !ir.HasUses(v) {
			continue
		}
		for _, alloc := range an.Allocs(v) {
			if b := f.a.BufferOf(alloc); b != nil {
				f.a.addAlias(v, b)
			}
		}
	}
}

// liveRanges returns the buffers in the order Triton's allocation visits
// them (explicit, then scratch, then virtual) and the op-index interval
// each is live over.
func (f *funcAllocator) liveRanges(fn *ir.Operation) ([]*Buffer, map[*Buffer]Interval) {
	// Post-order numbering puts an op with regions after everything it
	// contains, so a value used inside a loop stays live until the loop
	// ends.
	nums := ir.NewOpNumbers()
	n := 0
	ir.Walk(fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		nums.Set(op, n)
		n++
		return ir.Advance
	})
	defer ir.WalkOps(fn, nums.Clear)
	id := func(op *ir.Operation) int {
		i, _ := nums.Get(op)
		return i
	}
	lv := newLiveness(fn, func(v ir.Value) bool {
		// Buffers are held by shared-memory descriptors only: the
		// type rules out most values without hashing them.
		if !alias.IsSharedMemDesc(v.Type()) {
			return false
		}
		if f.a.BufferOf(v) != nil {
			return true
		}
		_, ok := f.a.aliases[v]
		return ok
	})
	rangeOf := func(v ir.Value) Interval {
		r := Interval{math.MaxInt, 0}
		// The ops of a run are siblings in order, and a post-order
		// number exceeds those of everything before the op in its block
		// (nested ops included): the run's numbers go from its first
		// op's to its last's.
		lv.liveSegments(v, func(first, last *ir.Operation) {
			r.Start = min(r.Start, id(first))
			r.End = max(r.End, id(last)+1)
		})
		if r.Start > r.End {
			return Interval{}
		}
		return r
	}
	ranges := map[*Buffer]Interval{}
	var order []*Buffer
	set := func(b *Buffer, r Interval) {
		if _, ok := ranges[b]; !ok {
			order = append(order, b)
		}
		ranges[b] = r
	}
	for _, v := range f.a.explicitOrder {
		set(f.a.BufferOf(v), rangeOf(v))
	}
	for _, v := range f.a.aliasOrder {
		r := rangeOf(v)
		for _, b := range f.a.aliases[v] {
			if cur, ok := ranges[b]; ok {
				set(b, Interval{min(cur.Start, r.Start), max(cur.End, r.End)})
			} else {
				set(b, r)
			}
		}
	}
	scratchRange := func(op *ir.Operation) Interval {
		// The function's own buffer (warp specialization state) lives
		// throughout.
		if op == fn {
			return Everything
		}
		i := id(op)
		return Interval{i, i + 1}
	}
	for _, op := range f.a.scratchOrder {
		set(f.a.scratch[op], scratchRange(op))
	}
	for _, op := range f.a.virtualOrder {
		set(f.a.virtual[op], scratchRange(op))
	}
	return order, ranges
}
