package ir

import "maps"

// Mapping records value and block replacements while cloning IR.
type Mapping struct {
	values map[ValueKey]Value
	blocks map[*Block]*Block
}

// NewMapping returns an empty mapping.
func NewMapping() *Mapping {
	return &Mapping{values: map[ValueKey]Value{}, blocks: map[*Block]*Block{}}
}

// Map records that from is replaced by to.
func (m *Mapping) Map(from, to Value) { m.values[KeyOf(from)] = to }

// MapBlock records that block from is replaced by to.
func (m *Mapping) MapBlock(from, to *Block) { m.blocks[from] = to }

// Lookup returns the replacement of v, or v itself.
func (m *Mapping) Lookup(v Value) Value {
	if r, ok := m.values[KeyOf(v)]; ok {
		return r
	}
	return v
}

// Copy returns a mapping with m's replacements; later changes to either
// leave the other as it was (a second clone of the same ops, under other
// replacements of some of their operands).
func (m *Mapping) Copy() *Mapping {
	c := NewMapping()
	maps.Copy(c.values, m.values)
	maps.Copy(c.blocks, m.blocks)
	return c
}

// LookupOrNil returns the replacement of v, or nil.
func (m *Mapping) LookupOrNil(v Value) Value { return m.values[KeyOf(v)] }

// LookupBlock returns the replacement of b, or b itself.
func (m *Mapping) LookupBlock(b *Block) *Block {
	if r, ok := m.blocks[b]; ok {
		return r
	}
	return b
}

// Clone deep-copies op (with its regions), remapping operands through m and
// recording the result mapping in m. The clone is detached.
func (op *Operation) Clone(m *Mapping) *Operation {
	if m == nil {
		m = NewMapping()
	}
	clone := op.cloneWithoutRegions(m)
	for i, r := range op.Regions() {
		r.CloneInto(clone.Region(i), m)
	}
	return clone
}

// CloneWithoutRegions copies op with empty regions.
func (op *Operation) CloneWithoutRegions(m *Mapping) *Operation {
	if m == nil {
		m = NewMapping()
	}
	return op.cloneWithoutRegions(m)
}

func (op *Operation) cloneWithoutRegions(m *Mapping) *Operation {
	// The op's attribute lists are copied as they are (already split,
	// sorted and defaulted), as MLIR's clone does: Create would classify
	// and sort them again, and building its state allocated the operand
	// and result type lists.
	ctx := op.ctx
	clone := ctx.arena.newOperation(len(op.operands))
	clone.def, clone.ctx, clone.loc = op.def, ctx, op.loc
	if len(op.attrs) > 0 {
		clone.attrs = ctx.arena.newAttrs(len(op.attrs))
		copy(clone.attrs, op.attrs)
		clone.nprops = op.nprops
	}
	for i := range op.operands {
		clone.operands[i] = OpOperand{value: m.Lookup(op.operands[i].value), owner: clone, index: i}
		clone.operands[i].link()
	}
	clone.initResults(len(op.results))
	for i := range op.results {
		clone.results[i].typ = op.results[i].typ
		m.Map(&op.results[i], &clone.results[i])
	}
	var regions []*Region
	for range op.Regions() {
		regions = append(regions, &Region{})
	}
	var succs []*Block
	for _, s := range op.Successors() {
		succs = append(succs, m.LookupBlock(s))
	}
	clone.initStructure(regions, succs)
	return clone
}

// CloneInto appends copies of r's blocks to dst, remapping through m.
// Block successors are remapped after all blocks are created, so forward
// branches resolve.
func (r *Region) CloneInto(dst *Region, m *Mapping) {
	var created []*Block
	for _, b := range r.blocks {
		nb := &Block{}
		for _, a := range b.args {
			// Arguments the mapping already replaces (an inliner mapping
			// them to call operands) are not cloned, as in MLIR.
			if m.LookupOrNil(a) != nil {
				continue
			}
			na := nb.AddArgument(a.typ, a.loc)
			m.Map(a, na)
		}
		m.MapBlock(b, nb)
		dst.Append(nb)
		created = append(created, nb)
	}
	for i, b := range r.blocks {
		nb := created[i]
		for o := b.first; o != nil; o = o.next {
			nb.Append(o.Clone(m))
		}
	}
	// Ops cloned before their operand's definition (graph regions, or
	// uses of later blocks' values) still point at the originals: remap.
	// Only values defined inside r can be such originals. An operand from
	// outside r is already what the mapping gave it, and mapping it again
	// would be wrong where that replacement is itself a key: cloning a
	// loop body with its iter_args mapped to the previous copy's results,
	// an scf.if's region read its iter_arg as the result of the scf.if
	// being cloned (triton-loop-unroll; TestCloneLeavesOuterValues).
	for _, nb := range created {
		for o := nb.first; o != nil; o = o.next {
			WalkOps(o, func(x *Operation) {
				for i := range x.operands {
					v := x.operands[i].value
					if !definedIn(v, r) {
						continue
					}
					if r := m.LookupOrNil(v); r != nil && r != v {
						x.operands[i].Set(r)
					}
				}
				succs := x.successorOperands()
				for i := range succs {
					if nb, ok := m.blocks[succs[i].block]; ok {
						succs[i].Set(nb)
					}
				}
			})
		}
	}
}

// definedIn reports whether v is defined inside r: an argument of one of
// its blocks or a result of an op in them, at any depth.
func definedIn(v Value, r *Region) bool {
	b := v.ParentBlock()
	return b != nil && b.region != nil && r.IsAncestorOf(b.region)
}
