package ir

import (
	"math"
	"slices"
)

// Block is a list of operations with block arguments, inside a region.
type Block struct {
	args        []*BlockArgument
	first, last *Operation
	region      *Region
	firstUse    *BlockOperand
	orderValid  bool
}

// NewBlock returns a detached block with arguments of the given types and
// locations (locs may be nil or shorter; missing locations are unknown).
func NewBlock(ctx *Context, types []Type, locs []Location) *Block {
	b := &Block{}
	for i, t := range types {
		var l Location
		if i < len(locs) {
			l = locs[i]
		}
		if l == nil {
			l = Unknown(ctx)
		}
		b.AddArgument(t, l)
	}
	return b
}

// AddArgument appends an argument and returns it.
func (b *Block) AddArgument(t Type, loc Location) *BlockArgument {
	b.context().changed()
	a := &BlockArgument{valueImpl: valueImpl{typ: t}, owner: b, index: len(b.args), loc: loc}
	b.args = append(b.args, a)
	return a
}

// InsertArgument inserts an argument at index i and returns it.
func (b *Block) InsertArgument(i int, t Type, loc Location) *BlockArgument {
	b.context().changed()
	a := &BlockArgument{valueImpl: valueImpl{typ: t}, owner: b, loc: loc}
	b.args = append(b.args, nil)
	copy(b.args[i+1:], b.args[i:])
	b.args[i] = a
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
	return a
}

// InsertArguments inserts arguments of the given types at index i, all at
// location loc, and returns them as values (as Arguments does). It is
// InsertArgument for each type in turn, in one pass: a loop-carried tensor
// that a lowering expands into its hundreds of registers inserted them one
// by one, each moving and renumbering the arguments after it.
func (b *Block) InsertArguments(i int, types []Type, loc Location) []Value {
	if len(types) == 0 {
		return nil
	}
	b.context().changed()
	n := len(types)
	// The new arguments share one allocation, as do the values returned.
	args := make([]BlockArgument, n)
	vals := make([]Value, n)
	b.args = slices.Insert(b.args, i, make([]*BlockArgument, n)...)
	for k, t := range types {
		a := &args[k]
		a.typ, a.owner, a.loc = t, b, loc
		b.args[i+k] = a
		vals[k] = a
	}
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
	return vals
}

// EraseArgument removes argument i, which must be unused.
func (b *Block) EraseArgument(i int) {
	b.context().changed()
	// In place: the argument list is never handed out, and region DCE
	// erases the dead arguments of a block one by one (hundreds, in a
	// lowered loop), which a copy per call made quadratic.
	copy(b.args[i:], b.args[i+1:])
	b.args[len(b.args)-1] = nil
	b.args = b.args[:len(b.args)-1]
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
}

// NumArguments returns the number of block arguments.
func (b *Block) NumArguments() int { return len(b.args) }

// Argument returns argument i.
func (b *Block) Argument(i int) *BlockArgument { return b.args[i] }

// Arguments returns the block arguments as values.
func (b *Block) Arguments() []Value {
	out := make([]Value, len(b.args))
	for i, a := range b.args {
		out[i] = a
	}
	return out
}

// ArgumentTypes returns the types of the block arguments.
func (b *Block) ArgumentTypes() []Type {
	out := make([]Type, len(b.args))
	for i, a := range b.args {
		out[i] = a.typ
	}
	return out
}

// ArgumentLocs returns the locations of the block arguments, so that a
// block made to take another's place keeps them (a kernel's parameters
// are where diagnostics about them point).
func (b *Block) ArgumentLocs() []Location {
	out := make([]Location, len(b.args))
	for i, a := range b.args {
		out[i] = a.Loc()
	}
	return out
}

// Region returns the region containing the block, or nil.
func (b *Block) Region() *Region { return b.region }

// ParentOp returns the operation owning the block's region, or nil.
func (b *Block) ParentOp() *Operation {
	if b.region == nil {
		return nil
	}
	return b.region.parent
}

// First returns the first operation, or nil if empty.
func (b *Block) First() *Operation { return b.first }

// Last returns the last operation, or nil if empty.
func (b *Block) Last() *Operation { return b.last }

// Empty reports whether the block holds no operations.
func (b *Block) Empty() bool { return b.first == nil }

// Ops returns the block's operations (a snapshot, safe to mutate the block
// while iterating it).
func (b *Block) Ops() []*Operation {
	var out []*Operation
	for op := b.first; op != nil; op = op.next {
		out = append(out, op)
	}
	return out
}

// Terminator returns the last op if it has the Terminator trait, else nil.
func (b *Block) Terminator() *Operation {
	if b.last != nil && b.last.Has(Terminator) {
		return b.last
	}
	return nil
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) { b.insertBefore(op, nil) }

// InsertBefore inserts op before before (at the end if before is nil).
func (b *Block) InsertBefore(op, before *Operation) { b.insertBefore(op, before) }

// Prepend adds op at the start of the block.
func (b *Block) Prepend(op *Operation) { b.insertBefore(op, b.first) }

func (b *Block) insertBefore(op, before *Operation) {
	if op.block != nil {
		panic("ir: inserting an operation that is already in a block")
	}
	op.ctx.changed()
	op.block = b
	if before == nil {
		op.prev = b.last
		op.next = nil
		if b.last != nil {
			b.last.next = op
		} else {
			b.first = op
		}
		b.last = op
		b.placeInOrder(op)
		return
	}
	op.next = before
	op.prev = before.prev
	if before.prev != nil {
		before.prev.next = op
	} else {
		b.first = op
	}
	before.prev = op
	b.placeInOrder(op)
}

// orderStride is the gap renumber leaves between the numbers of adjacent
// ops, so that an op inserted between two numbered ones takes a number
// between theirs (MLIR does the same): a pass that inserts an op, then
// asks whether one op comes before another, and so on, renumbers a block
// only once a gap is used up, not at every insertion (each renumbering
// walks the whole block; a loop body unrolled 1024 times is tens of
// thousands of ops).
const orderStride = 16

// placeInOrder numbers op, just linked into b, between its neighbours'
// numbers, or marks b's order invalid when there is no number between
// them.
func (b *Block) placeInOrder(op *Operation) {
	if !b.orderValid {
		return
	}
	lo := int64(0) // op is first: numbers start at orderStride
	if op.prev != nil {
		lo = int64(op.prev.order)
	}
	hi := int64(math.MaxInt32)
	if op.next != nil {
		hi = int64(op.next.order)
	} else {
		hi = min(hi, lo+2*orderStride) // appending: one stride on
	}
	if hi-lo < 2 {
		b.orderValid = false
		return
	}
	op.order = int32(lo + (hi-lo)/2)
}

func (b *Block) unlinkOp(op *Operation) {
	op.ctx.changed()
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		b.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		b.last = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
}

func (b *Block) renumber() {
	stride := int32(orderStride)
	i := int32(0)
	for op := b.first; op != nil; op = op.next {
		if i > math.MaxInt32-stride {
			// Over 2^27 ops: no room for gaps in 32 bits.
			b.renumberDensely()
			return
		}
		i += stride
		op.order = i
	}
	b.orderValid = true
}

func (b *Block) renumberDensely() {
	i := int32(0)
	for op := b.first; op != nil; op = op.next {
		i++
		op.order = i
	}
	b.orderValid = true
}

// context returns the context of the op the block is nested in, or nil
// for a detached block (whose changes count when it is attached).
func (b *Block) context() *Context {
	if b.region == nil {
		return nil
	}
	return b.region.context()
}

// Predecessors returns the terminators' blocks that branch to b, one entry
// per use.
func (b *Block) Predecessors() []*Block {
	var out []*Block
	for u := b.firstUse; u != nil; u = u.next {
		out = append(out, u.owner.block)
	}
	return out
}

// HasPredecessors reports whether any terminator branches to b.
func (b *Block) HasPredecessors() bool { return b.firstUse != nil }

// Successors returns the successors of the block's terminator.
func (b *Block) Successors() []*Block {
	if b.last == nil {
		return nil
	}
	return b.last.Successors()
}

// IsEntry reports whether b is the first block of its region.
func (b *Block) IsEntry() bool {
	return b.region != nil && len(b.region.blocks) > 0 && b.region.blocks[0] == b
}

// SplitBefore moves op and everything after it into a new block inserted
// after b, and returns the new block.
func (b *Block) SplitBefore(op *Operation) *Block {
	nb := &Block{}
	b.region.InsertAfter(nb, b)
	for o := op; o != nil; {
		next := o.next
		b.unlinkOp(o)
		nb.Append(o)
		o = next
	}
	return nb
}

// Detach removes the block from its region, keeping its operations.
func (b *Block) Detach() {
	if b.region != nil {
		b.region.removeBlock(b)
	}
}

// Erase removes the block from its region and destroys its operations.
func (b *Block) Erase() {
	for op := b.first; op != nil; op = op.next {
		op.DropAllReferences()
	}
	for b.first != nil {
		b.first.Remove()
	}
	if b.region != nil {
		b.region.removeBlock(b)
	}
}

// FindAncestorOp returns the ancestor of op (or op itself) that lies
// directly in block b, or nil if op is not nested in b.
func (b *Block) FindAncestorOp(op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.block == b {
			return o
		}
	}
	return nil
}
