package nvptx

import "github.com/ttcompiler/tt/ir"

// slots numbers the values a function defines densely — its blocks'
// arguments and its ops' results, nested regions included — so that the
// emitter's per-value tables (what each value became, the accumulator
// webs' candidates) are slices indexed by slot instead of maps keyed by
// ir.Value: hashing an interface key on every operand of every op was a
// tenth of the emitter's time, and the maps' tables a fifth of its bytes.
//
// A result's slot is its op's base slot plus its index; an op's base is
// found by its number in its block (ir.Operation.BlockOrder, which the
// emitter leaves valid: it never changes the IR). An llvm.func is
// isolated from above, so every value its body uses has a slot; of
// returns -1 for any other value, and the tables fall back to a map.
type slots struct {
	blocks map[*ir.Block]*blockSlots
	n      int
	// The block of the last lookup: operands are mostly defined in the
	// block being emitted.
	lastBlock *ir.Block
	last      *blockSlots
	// The op of the last result looked up, and its base slot: an op's
	// results are looked up one after the other (a wgmma has 64).
	lastOp   *ir.Operation
	lastBase int
}

// blockSlots are the slots of one block: its arguments' from args on, and
// the first result's of the op numbered i at base[i] (ops numbered in a
// gap left by an erased op keep no slot).
type blockSlots struct {
	args int
	base []int32
}

// newSlots numbers the values defined in the function's body region.
func newSlots(body *ir.Region) *slots {
	s := &slots{blocks: map[*ir.Block]*blockSlots{}}
	s.addRegion(body)
	return s
}

func (s *slots) addRegion(r *ir.Region) {
	for _, b := range r.Blocks() {
		bs := &blockSlots{args: s.n}
		s.n += b.NumArguments()
		if last := b.Last(); last != nil {
			bs.base = make([]int32, last.BlockOrder()+1)
		}
		for op := b.First(); op != nil; op = op.Next() {
			bs.base[op.BlockOrder()] = int32(s.n)
			s.n += op.NumResults()
			for i := 0; i < op.NumRegions(); i++ {
				s.addRegion(op.Region(i))
			}
		}
		s.blocks[b] = bs
	}
}

// of returns v's slot, or -1 when the function does not define v.
func (s *slots) of(v ir.Value) int {
	switch v := v.(type) {
	case *ir.OpResult:
		return s.result(v.Owner(), v.Index())
	case *ir.BlockArgument:
		if bs := s.block(v.Owner()); bs != nil {
			return bs.args + v.Index()
		}
	}
	return -1
}

// result returns the slot of op's result i, or -1 when the function does
// not define it: of without going through the value, for callers that
// walk an op's results.
func (s *slots) result(op *ir.Operation, i int) int {
	if op == s.lastOp {
		return s.lastBase + i
	}
	bs := s.block(op.Block())
	if bs == nil {
		return -1
	}
	if o := op.BlockOrder(); o < len(bs.base) {
		s.lastOp, s.lastBase = op, int(bs.base[o])
		return s.lastBase + i
	}
	return -1
}

func (s *slots) block(b *ir.Block) *blockSlots {
	if b == s.lastBlock && b != nil {
		return s.last
	}
	bs := s.blocks[b]
	if bs != nil {
		s.lastBlock, s.last = b, bs
	}
	return bs
}

// valueTable maps the function's values to what they became.
type valueTable struct {
	slots *slots
	dense []*value
	// other holds values without a slot (none in a verified function).
	other map[ir.Value]*value
}

func newValueTable(s *slots) valueTable {
	return valueTable{slots: s, dense: make([]*value, s.n)}
}

// lookup returns what v became, if anything yet.
func (t *valueTable) lookup(v ir.Value) (*value, bool) {
	return t.lookupAt(v, t.slots.of(v))
}

// lookupAt is lookup for v in slot i (-1: none), for a caller that has
// the slot already: finding it is a large part of a lookup.
func (t *valueTable) lookupAt(v ir.Value, i int) (*value, bool) {
	if i >= 0 {
		x := t.dense[i]
		return x, x != nil
	}
	x, ok := t.other[v]
	return x, ok
}

// set records what v became.
func (t *valueTable) set(v ir.Value, x *value) {
	t.setAt(v, t.slots.of(v), x)
}

// setAt is set for v in slot i (-1: none).
func (t *valueTable) setAt(v ir.Value, i int, x *value) {
	if i >= 0 {
		t.dense[i] = x
		return
	}
	if t.other == nil {
		t.other = map[ir.Value]*value{}
	}
	t.other[v] = x
}
