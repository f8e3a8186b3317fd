package nvptx

import "github.com/ttcompiler/tt/ir"

// slots numbers the values a function defines densely — its blocks'
// arguments and its ops' results, nested regions included — so that the
// emitter's per-value tables (what each value became, the accumulator
// webs' candidates) are slices indexed by slot instead of maps keyed by
// ir.Value: hashing an interface key on every operand of every op was a
// tenth of the emitter's time, and the maps' tables a fifth of its bytes.
//
// A result's slot is its op's base slot plus its index, the op's number
// (ir.OpNumbers: mostly read from the op, nothing looked up); release
// drops the marks. An llvm.func is isolated from above, so every value its body
// uses has a slot; of returns -1 for any other value, and the tables
// fall back to a map.
type slots struct {
	body  *ir.Region
	bases *ir.OpNumbers
	// args holds the slot of each block's first argument.
	args map[*ir.Block]int32
	n    int
	// The block of the last argument looked up: a block's arguments are
	// mostly looked up one after the other.
	lastBlock *ir.Block
	lastArgs  int32
}

// newSlots numbers the values defined in the function's body region.
func newSlots(body *ir.Region) *slots {
	s := &slots{body: body, bases: ir.NewOpNumbers(), args: map[*ir.Block]int32{}}
	s.addRegion(body)
	return s
}

func (s *slots) addRegion(r *ir.Region) {
	for _, b := range r.Blocks() {
		s.args[b] = int32(s.n)
		s.n += b.NumArguments()
		for op := b.First(); op != nil; op = op.Next() {
			s.bases.Set(op, s.n)
			s.n += op.NumResults()
			for i := 0; i < op.NumRegions(); i++ {
				s.addRegion(op.Region(i))
			}
		}
	}
}

// release drops the ops' marks: the emitter is done with the function.
// (A walk is for the ops with regions: an llvm.func's body has few.)
func (s *slots) release() {
	for _, b := range s.body.Blocks() {
		for op := b.First(); op != nil; op = op.Next() {
			if op.NumRegions() == 0 {
				s.bases.Clear(op)
			} else {
				ir.WalkOps(op, s.bases.Clear)
			}
		}
	}
}

// of returns v's slot, or -1 when the function does not define v.
func (s *slots) of(v ir.Value) int {
	switch v := v.(type) {
	case *ir.OpResult:
		return s.result(v.Owner(), v.Index())
	case *ir.BlockArgument:
		if a, ok := s.blockArgs(v.Owner()); ok {
			return a + v.Index()
		}
	}
	return -1
}

// result returns the slot of op's result i, or -1 when the function does
// not define it: of without going through the value, for callers that
// walk an op's results.
func (s *slots) result(op *ir.Operation, i int) int {
	if base, ok := s.bases.Get(op); ok {
		return base + i
	}
	return -1
}

// blockArgs returns the slot of b's first argument, and whether the
// function defines b.
func (s *slots) blockArgs(b *ir.Block) (int, bool) {
	if b == s.lastBlock && b != nil {
		return int(s.lastArgs), true
	}
	a, ok := s.args[b]
	if ok {
		s.lastBlock, s.lastArgs = b, a
	}
	return int(a), ok
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
