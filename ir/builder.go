package ir

// Builder creates operations at an insertion point.
type Builder struct {
	Ctx    *Context
	block  *Block
	before *Operation // insert before this op; nil = at the end of block

	// Listener, when set, is told about every op the builder inserts.
	Listener func(op *Operation)
}

// NewBuilder returns a builder with no insertion point.
func NewBuilder(ctx *Context) *Builder { return &Builder{Ctx: ctx} }

// SetInsertionPointToStart inserts at the start of b.
func (bl *Builder) SetInsertionPointToStart(b *Block) { bl.block, bl.before = b, b.first }

// SetInsertionPointToEnd inserts at the end of b.
func (bl *Builder) SetInsertionPointToEnd(b *Block) { bl.block, bl.before = b, nil }

// SetInsertionPoint inserts right before op.
func (bl *Builder) SetInsertionPoint(op *Operation) { bl.block, bl.before = op.block, op }

// SetInsertionPointAfter inserts right after op.
func (bl *Builder) SetInsertionPointAfter(op *Operation) { bl.block, bl.before = op.block, op.next }

// SetInsertionPointAfterValue inserts right after v's definition (at the
// start of its block for block arguments).
func (bl *Builder) SetInsertionPointAfterValue(v Value) {
	if d := v.DefiningOp(); d != nil {
		bl.SetInsertionPointAfter(d)
		return
	}
	bl.SetInsertionPointToStart(v.ParentBlock())
}

// InsertionBlock returns the current insertion block.
func (bl *Builder) InsertionBlock() *Block { return bl.block }

// InsertionPoint returns the op before which new ops go (nil = block end).
func (bl *Builder) InsertionPoint() *Operation { return bl.before }

// Restore returns a function that restores the current insertion point.
func (bl *Builder) Restore() func() {
	b, before := bl.block, bl.before
	return func() { bl.block, bl.before = b, before }
}

// Insert places a detached op at the insertion point and returns it.
func (bl *Builder) Insert(op *Operation) *Operation {
	if bl.block != nil {
		bl.block.insertBefore(op, bl.before)
	}
	if bl.Listener != nil {
		bl.Listener(op)
	}
	return op
}

// Create builds an operation from st and inserts it.
func (bl *Builder) Create(st *OperationState) *Operation {
	if st.Ctx == nil {
		st.Ctx = bl.Ctx
	}
	return bl.Insert(Create(st))
}

// CreateOp is a shorthand for ops without regions or successors. It keeps
// none of its lists, and unlike a state passed to Create they do not
// escape: a caller's literal lists (the operands, the result types, the
// attributes) are not allocated on the heap for each op it builds.
func (bl *Builder) CreateOp(name string, loc Location, operands []Value, types []Type, attrs ...NamedAttr) *Operation {
	return bl.Insert(create(bl.Ctx, name, loc, opLists{operands: operands, types: types, attrs: attrs}))
}

// CreateBlock creates a block with the given argument types at the end of
// region r and sets the insertion point to its end.
func (bl *Builder) CreateBlock(r *Region, types []Type, locs []Location) *Block {
	b := NewBlock(bl.Ctx, types, locs)
	r.Append(b)
	bl.SetInsertionPointToEnd(b)
	return b
}

// CloneOps clones the ops of src (terminator included) through m and
// inserts them at the end of dst; the insertion point is left as it was.
func (bl *Builder) CloneOps(src, dst *Block, m *Mapping) {
	restore := bl.Restore()
	defer restore()
	bl.SetInsertionPointToEnd(dst)
	for o := src.First(); o != nil; o = o.Next() {
		bl.Insert(o.Clone(m))
	}
}
