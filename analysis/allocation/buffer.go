package allocation

import (
	"math"

	"github.com/ttcompiler/tt/ir"
)

// Interval is the half-open range [Start, End).
type Interval struct{ Start, End int }

// Everything is the interval of all offsets (or all op indices).
var Everything = Interval{0, math.MaxInt}

// Intersects reports whether the two intervals share a point.
func (i Interval) Intersects(o Interval) bool { return i.Start < o.End && o.Start < i.End }

// Size is End - Start.
func (i Interval) Size() int { return i.End - i.Start }

// BufferKind says what owns a buffer.
type BufferKind int

const (
	// Explicit buffers belong to a ttg.local_alloc result.
	Explicit BufferKind = iota
	// ScratchBuffer buffers are the temporary memory of one op.
	ScratchBuffer
	// Virtual buffers are the memory a call reserves for its callee.
	Virtual
)

func (k BufferKind) String() string {
	return [...]string{"explicit", "scratch", "virtual"}[k]
}

// Buffer is one shared-memory buffer of a function.
type Buffer struct {
	ID     int
	Kind   BufferKind
	Owner  *ir.Operation // the local_alloc, the op, or the call
	Size   int
	Align  int
	Offset int
}

// Interval returns the bytes [Offset, Offset+Size) of the buffer.
func (b *Buffer) Interval() Interval { return Interval{b.Offset, b.Offset + b.Size} }

func (b *Buffer) setOffsetAligned(off int) {
	b.Offset = alignUp(off, b.Align)
}

func alignUp(v, a int) int {
	if a <= 1 {
		return v
	}
	return (v + a - 1) / a * a
}

// Allocation is the shared-memory allocation of one function.
type Allocation struct {
	fn      *ir.Operation
	buffers []*Buffer // by ID
	// explicit holds the buffer of each local_alloc result, by the op (it
	// has that one result: a pointer hashes for less than a value, and
	// the owners of buffers are looked up op by op); explicitOrder lists
	// the results in creation order (the order offsets are computed in).
	explicit      map[*ir.Operation]*Buffer
	explicitOrder []ir.Value
	scratch       map[*ir.Operation]*Buffer
	scratchOrder  []*ir.Operation
	virtual       map[*ir.Operation]*Buffer
	virtualOrder  []*ir.Operation
	// aliases holds, for every value that may refer to explicit buffers,
	// those buffers.
	aliases    map[ir.Value][]*Buffer
	aliasOrder []ir.Value
	size       int
}

func newAllocation(fn *ir.Operation) *Allocation {
	return &Allocation{
		fn: fn, explicit: map[*ir.Operation]*Buffer{}, scratch: map[*ir.Operation]*Buffer{},
		virtual: map[*ir.Operation]*Buffer{}, aliases: map[ir.Value][]*Buffer{},
	}
}

func (a *Allocation) add(kind BufferKind, owner *ir.Operation, size, align int) *Buffer {
	b := &Buffer{ID: len(a.buffers), Kind: kind, Owner: owner, Size: size, Align: align}
	a.buffers = append(a.buffers, b)
	switch kind {
	case Explicit:
		a.explicit[owner] = b
		a.explicitOrder = append(a.explicitOrder, owner.Result(0))
	case Virtual:
		a.virtual[owner] = b
		a.virtualOrder = append(a.virtualOrder, owner)
	default:
		a.scratch[owner] = b
		a.scratchOrder = append(a.scratchOrder, owner)
	}
	return b
}

func (a *Allocation) addAlias(v ir.Value, b *Buffer) {
	list, seen := a.aliases[v]
	for _, x := range list {
		if x == b {
			return
		}
	}
	if !seen {
		a.aliasOrder = append(a.aliasOrder, v)
	}
	a.aliases[v] = append(list, b)
}

// Func returns the function this allocation belongs to.
func (a *Allocation) Func() *ir.Operation { return a.fn }

// Buffers returns every buffer of the function, by ID.
func (a *Allocation) Buffers() []*Buffer { return a.buffers }

// SharedMemorySize returns the bytes of shared memory the function needs
// (its callees' included).
func (a *Allocation) SharedMemorySize() int { return a.size }

// BufferOf returns the explicit buffer allocated for v (a local_alloc
// result), or nil. Use BuffersOf for the buffers a view may refer to.
func (a *Allocation) BufferOf(v ir.Value) *Buffer {
	if r, ok := v.(*ir.OpResult); ok {
		return a.explicit[r.Owner()]
	}
	return nil
}

// BuffersOf returns every buffer v may refer to: its own and those it may
// alias, in ID order.
//
// A value refers to a few buffers at most, and its aliases are distinct
// (addAlias): the list is sized once, and only the value's own buffer may
// repeat among them.
func (a *Allocation) BuffersOf(v ir.Value) []*Buffer {
	own, aliased := a.BufferOf(v), a.aliases[v]
	if own == nil && len(aliased) == 0 {
		return nil
	}
	out := make([]*Buffer, 0, len(aliased)+1)
	if own != nil {
		out = append(out, own)
	}
	for _, b := range aliased {
		if b != own {
			out = append(out, b)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].ID < out[j-1].ID; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// ScratchOf returns op's scratch buffer, or the buffer a call reserves for
// its callee, or nil.
func (a *Allocation) ScratchOf(op *ir.Operation) *Buffer {
	if b := a.scratch[op]; b != nil {
		return b
	}
	return a.virtual[op]
}

// LiveBuffers maps each op of the function to the buffers live at it
// (Allocation::getLiveBuffers): an op's own scratch buffer, and the
// explicit buffer of every value live there. The AMD LDS-usage pass
// reads it to find the conversions at the peak of the allocation.
func (a *Allocation) LiveBuffers() map[*ir.Operation][]*Buffer {
	out := map[*ir.Operation][]*Buffer{}
	lv := newLiveness(a.fn, func(v ir.Value) bool { return a.BufferOf(v) != nil })
	ir.Walk(a.fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if b := a.ScratchOf(op); b != nil {
			out[op] = append(out[op], b)
		}
		for i, n := 0, op.NumResults(); i < n; i++ {
			r := op.Result(i)
			b := a.BufferOf(r)
			if b == nil {
				continue
			}
			for _, live := range lv.liveOps(r) {
				out[live] = append(out[live], b)
			}
		}
		return ir.Advance
	})
	return out
}
