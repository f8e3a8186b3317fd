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
	st := &OperationState{Ctx: op.ctx, Name: op.def.Name, Loc: op.loc}
	st.Operands = make([]Value, len(op.operands))
	for i := range op.operands {
		st.Operands[i] = m.Lookup(op.operands[i].value)
	}
	st.Types = op.ResultTypes()
	// Create neither keeps nor changes the state's lists: the op's own
	// attribute lists serve.
	st.Props, st.Attrs = op.Props(), op.DiscardableAttrs()
	for range op.Regions() {
		st.AddRegion()
	}
	for _, s := range op.Successors() {
		st.Successors = append(st.Successors, m.LookupBlock(s))
	}
	clone := create(st, op.def)
	for i := range op.results {
		m.Map(&op.results[i], &clone.results[i])
	}
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
	for _, nb := range created {
		for o := nb.first; o != nil; o = o.next {
			WalkOps(o, func(x *Operation) {
				for i := range x.operands {
					if r := m.LookupOrNil(x.operands[i].value); r != nil && r != x.operands[i].value {
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
