package ir

// Region is a list of blocks owned by an operation.
type Region struct {
	blocks []*Block
	parent *Operation
}

// NewRegion returns an empty detached region.
func NewRegion() *Region { return &Region{} }

// ParentOp returns the operation owning the region.
func (r *Region) ParentOp() *Operation { return r.parent }

// Blocks returns the blocks of the region.
func (r *Region) Blocks() []*Block { return r.blocks }

// NumBlocks returns the number of blocks.
func (r *Region) NumBlocks() int { return len(r.blocks) }

// Empty reports whether the region has no blocks.
func (r *Region) Empty() bool { return len(r.blocks) == 0 }

// Front returns the entry block, or nil.
func (r *Region) Front() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// Index returns the position of the region within its parent op.
func (r *Region) Index() int {
	for i, x := range r.parent.Regions() {
		if x == r {
			return i
		}
	}
	return -1
}

// Append adds a block at the end of the region.
func (r *Region) Append(b *Block) {
	r.context().changed()
	b.region = r
	r.blocks = append(r.blocks, b)
}

// InsertAfter inserts b after the block after (at the front if nil).
func (r *Region) InsertAfter(b, after *Block) {
	r.context().changed()
	b.region = r
	i := 0
	if after != nil {
		i = r.blockIndex(after) + 1
	}
	r.blocks = append(r.blocks, nil)
	copy(r.blocks[i+1:], r.blocks[i:])
	r.blocks[i] = b
}

// InsertBefore inserts b before the block before (at the end if nil).
func (r *Region) InsertBefore(b, before *Block) {
	if before == nil {
		r.Append(b)
		return
	}
	r.context().changed()
	b.region = r
	i := r.blockIndex(before)
	r.blocks = append(r.blocks, nil)
	copy(r.blocks[i+1:], r.blocks[i:])
	r.blocks[i] = b
}

func (r *Region) blockIndex(b *Block) int {
	for i, x := range r.blocks {
		if x == b {
			return i
		}
	}
	return -1
}

func (r *Region) removeBlock(b *Block) {
	r.context().changed()
	if i := r.blockIndex(b); i >= 0 {
		r.blocks = append(r.blocks[:i:i], r.blocks[i+1:]...)
	}
	b.region = nil
}

// TakeBody moves all blocks of other into r (which must be empty).
func (r *Region) TakeBody(other *Region) {
	r.context().changed()
	other.context().changed()
	for _, b := range other.blocks {
		b.region = r
	}
	r.blocks = append(r.blocks, other.blocks...)
	other.blocks = nil
}

// context returns the context of the op owning the region, or nil for a
// detached region.
func (r *Region) context() *Context {
	if r.parent == nil {
		return nil
	}
	return r.parent.ctx
}

// Arguments returns the entry block's arguments.
func (r *Region) Arguments() []Value {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0].Arguments()
}

// IsAncestorOf reports whether other is r or nested inside r.
func (r *Region) IsAncestorOf(other *Region) bool {
	for x := other; x != nil; {
		if x == r {
			return true
		}
		if x.parent == nil {
			return false
		}
		x = x.parent.ParentRegion()
	}
	return false
}

// FindAncestorBlock returns the block of r containing b (b itself or the
// block of an ancestor op), or nil.
func (r *Region) FindAncestorBlock(b *Block) *Block {
	for x := b; x != nil; {
		if x.region == r {
			return x
		}
		p := x.ParentOp()
		if p == nil {
			return nil
		}
		x = p.block
	}
	return nil
}
