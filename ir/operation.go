package ir

import (
	"slices"
	"sort"
	"unsafe"
)

// Operation is the one generic IR node: a named operation with operands,
// results, attributes, regions and successors, linked into a block.
type Operation struct {
	def      *OpDef
	ctx      *Context
	operands []OpOperand
	results  []OpResult
	// attrs holds the inherent attributes (MLIR properties), sorted, then
	// the discardable ones, sorted; nprops counts the former.
	attrs  []NamedAttr
	nprops int32
	order  int32
	// mark is an OpMarks holder's number for the op (0: none).
	mark uint64
	// structure holds the regions and successors of the ops that have
	// any; nil for most.
	structure *opStructure
	loc       Location

	block      *Block
	prev, next *Operation

	// result1 holds the result of a single-result op (most ops), saving
	// an allocation per op.
	result1 [1]OpResult
}

// opStructure is what only a few ops have (loops, functions, branches),
// kept off the others: a smaller Operation means fewer bytes allocated
// per op, of which lowering creates thousands.
type opStructure struct {
	regions    []*Region
	successors []BlockOperand
}

// OperationState collects everything needed to create an operation.
type OperationState struct {
	Ctx        *Context
	Name       string
	Loc        Location
	Operands   []Value
	Types      []Type
	Props      []NamedAttr
	Attrs      []NamedAttr
	Regions    []*Region
	Successors []*Block
}

// NewState starts an OperationState for the named op.
func NewState(ctx *Context, name string, loc Location) *OperationState {
	return &OperationState{Ctx: ctx, Name: name, Loc: loc}
}

// CopyAttrsOf adds op's inherent and discardable attributes to the state
// (rebuilding op with another signature keeps them).
func (st *OperationState) CopyAttrsOf(op *Operation) {
	st.Props = append(st.Props, op.Props()...)
	st.Attrs = append(st.Attrs, op.DiscardableAttrs()...)
}

// AddRegion appends a new empty region to the state and returns it.
func (st *OperationState) AddRegion() *Region {
	r := &Region{}
	st.Regions = append(st.Regions, r)
	return r
}

// AddAttr adds an attribute; Create routes it to the inherent set when the
// op declares the name inherent.
func (st *OperationState) AddAttr(name string, v Attribute) {
	st.Attrs = append(st.Attrs, NamedAttr{name, v})
}

// Attr returns the value of a named attribute in the state, or nil.
func (st *OperationState) Attr(name string) Attribute {
	l := opLists{props: st.Props, attrs: st.Attrs}
	return l.attr(name)
}

// Create builds a detached operation from st. Attributes named as inherent
// by the op definition become properties. st is not retained (nor
// changed): callers may build it on the stack.
func Create(st *OperationState) *Operation {
	return create(st.Ctx, st.Name, st.Loc, opLists{st.Operands, st.Types, st.Props, st.Attrs, st.Regions, st.Successors})
}

// opLists holds the lists an op is created from, apart from the state's
// scalars: create copies their elements and keeps none of the lists, and
// the compiler's escape analysis, which does not tell a struct's fields
// apart, can see that only while the location (which the op keeps) is
// passed beside them. Builder.CreateOp passes its lists so, and a builder's
// literal lists then stay on its stack; an OperationState's lists do not,
// since Create reads the location from the same struct.
type opLists struct {
	operands   []Value
	types      []Type
	props      []NamedAttr
	attrs      []NamedAttr
	regions    []*Region
	successors []*Block
}

// attr returns the value of the named attribute in l.attrs, else in
// l.props (the later of equal names), or nil.
func (l *opLists) attr(name string) Attribute {
	for i := len(l.attrs) - 1; i >= 0; i-- {
		if l.attrs[i].Name == name {
			return l.attrs[i].Value
		}
	}
	for i := len(l.props) - 1; i >= 0; i-- {
		if l.props[i].Name == name {
			return l.props[i].Value
		}
	}
	return nil
}

// create is Create from the state's parts (see opLists).
func create(ctx *Context, name string, loc Location, l opLists) *Operation {
	def := ctx.OpDefFor(name)
	if def.PopulateDefaults != nil {
		// The hook adds default-valued attributes; it gets copies of the
		// lists, so that the caller's do not escape through it.
		cp := &OperationState{Ctx: ctx, Name: name, Loc: loc, Operands: slices.Clone(l.operands), Types: slices.Clone(l.types),
			Props: slices.Clone(l.props), Attrs: slices.Clone(l.attrs), Regions: slices.Clone(l.regions), Successors: slices.Clone(l.successors)}
		def.PopulateDefaults(cp)
		loc = cp.Loc
		l = opLists{cp.Operands, cp.Types, cp.Props, cp.Attrs, cp.Regions, cp.Successors}
	}
	op := ctx.arena.newOperation(len(l.operands))
	op.def, op.ctx, op.loc = def, ctx, loc
	if op.loc == nil {
		op.loc = Unknown(ctx)
	}
	// The default-valued attributes the state lacks (at most 8 are looked
	// for; an op has one or two).
	var missing [8]bool
	nDefaults, nDefaultProps := 0, 0
	for i, d := range def.DefaultAttrs {
		if i < len(missing) && l.attr(d.Name) == nil {
			missing[i] = true
			nDefaults++
			if def.IsInherent(d.Name) {
				nDefaultProps++
			}
		}
	}
	// Which attributes are inherent, and how many: both lists share one
	// array, sized up front.
	var inherent [8]bool
	nProps := len(l.props) + nDefaultProps
	for i, a := range l.attrs {
		in := def.IsInherent(a.Name)
		if i < len(inherent) {
			inherent[i] = in
		}
		if in {
			nProps++
		}
	}
	// Both lists fill one array sized up front: props from the start,
	// attrs from index nProps (each gets exactly its count).
	var all, props, attrs []NamedAttr
	if n := len(l.props) + len(l.attrs) + nDefaults; n > 0 {
		all = ctx.arena.newAttrs(n)
		props = append(all[:0:nProps], l.props...)
		attrs = all[nProps:nProps]
	}
	for i, a := range l.attrs {
		if i < len(inherent) && inherent[i] || i >= len(inherent) && def.IsInherent(a.Name) {
			props = append(props, a)
		} else {
			attrs = append(attrs, a)
		}
	}
	for i := range def.DefaultAttrs {
		if i < len(missing) && missing[i] {
			d := &def.DefaultAttrs[i]
			a := NamedAttr{d.Name, ctx.cache.cachedDefault(ctx, d)}
			if def.IsInherent(d.Name) {
				props = append(props, a)
			} else {
				attrs = append(attrs, a)
			}
		}
	}
	// Sorting works in place and may drop duplicates: close the gap it
	// leaves after props, so that attrs follow them.
	props = sortNamedAttrsInPlace(props)
	attrs = sortNamedAttrsInPlace(attrs)
	if np := len(props); np+len(attrs) > 0 {
		if np < nProps {
			copy(all[np:], attrs)
		}
		op.attrs, op.nprops = all[:np+len(attrs)], int32(np)
	}
	op.linkOperands(l.operands)
	op.initResults(len(l.types))
	for i, t := range l.types {
		op.results[i].typ = t
	}
	op.initStructure(l.regions, l.successors)
	return op
}

// initResults gives a new op n results, of no type yet.
func (op *Operation) initResults(n int) {
	if n == 1 {
		op.results = op.result1[:]
	} else {
		op.results = make([]OpResult, n)
	}
	for i := range op.results {
		op.results[i].owner, op.results[i].index = op, int32(i)
	}
}

// initStructure gives a new op its regions, which it then owns, and its
// successors.
func (op *Operation) initStructure(regions []*Region, successors []*Block) {
	if len(regions) == 0 && len(successors) == 0 {
		return
	}
	op.structure = &opStructure{}
	for _, r := range regions {
		if r.parent != nil {
			panic("ir: region already owned by an operation")
		}
		r.parent = op
		op.structure.regions = append(op.structure.regions, r)
	}
	if len(successors) > 0 {
		succs := make([]BlockOperand, len(successors))
		for i, b := range successors {
			succs[i] = BlockOperand{block: b, owner: op, index: i}
			succs[i].link()
		}
		op.structure.successors = succs
	}
}

// Operations with up to four operands are allocated together with their
// operand array (opArena.newOperation).
type (
	operation1 struct {
		op  Operation
		use [1]OpOperand
	}
	operation2 struct {
		op  Operation
		use [2]OpOperand
	}
	operation3 struct {
		op  Operation
		use [3]OpOperand
	}
	operation4 struct {
		op  Operation
		use [4]OpOperand
	}
)

// Name returns the full operation name ("tt.load").
func (op *Operation) Name() string { return op.def.Name }

// Def returns the operation's definition.
func (op *Operation) Def() *OpDef { return op.def }

// Context returns the context the op was created in.
func (op *Operation) Context() *Context { return op.ctx }

// Registered reports whether the op belongs to a loaded dialect.
func (op *Operation) Registered() bool { return op.def.Registered() }

// Has reports whether the op's definition has all traits in t.
func (op *Operation) Has(t Traits) bool { return op.def.Has(t) }

// Loc returns the operation's location.
func (op *Operation) Loc() Location { return op.loc }

// SetLoc changes the operation's location.
func (op *Operation) SetLoc(l Location) {
	if op.loc != l {
		op.loc = l
		op.ctx.changed()
	}
}

// ---- operands ----

// NumOperands returns the number of operands.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i.
func (op *Operation) Operand(i int) Value { return op.operands[i].value }

// OpOperand returns the use record of operand i.
func (op *Operation) OpOperand(i int) *OpOperand { return &op.operands[i] }

// Operands returns a copy of the operand list.
func (op *Operation) Operands() []Value {
	out := make([]Value, len(op.operands))
	for i := range op.operands {
		out[i] = op.operands[i].value
	}
	return out
}

// OperandRange returns the values of operands lo to hi-1 (Operands()[lo:hi]
// without listing the others).
func (op *Operation) OperandRange(lo, hi int) []Value {
	uses := op.operands[lo:hi]
	out := make([]Value, len(uses))
	for i := range uses {
		out[i] = uses[i].value
	}
	return out
}

// OperandTypes returns the types of the operands.
func (op *Operation) OperandTypes() []Type {
	out := make([]Type, len(op.operands))
	for i := range op.operands {
		if v := op.operands[i].value; v != nil {
			out[i] = v.Type()
		}
	}
	return out
}

// SetOperand makes operand i use v.
func (op *Operation) SetOperand(i int, v Value) { op.operands[i].Set(v) }

// SetOperands replaces the whole operand list.
func (op *Operation) SetOperands(vs []Value) {
	op.ctx.changed()
	for i := range op.operands {
		op.operands[i].unlink()
	}
	op.setOperands(vs)
}

func (op *Operation) setOperands(vs []Value) {
	// A fresh array: a use record of the old list (held by a snapshot of
	// a use list) must not turn into one of the new operands.
	op.operands = make([]OpOperand, len(vs))
	op.linkOperands(vs)
}

// linkOperands fills op.operands (of length len(vs)) with uses of vs.
func (op *Operation) linkOperands(vs []Value) {
	for i, v := range vs {
		op.operands[i] = OpOperand{value: v, owner: op, index: i}
		op.operands[i].link()
	}
}

// InsertOperands inserts vs before operand index at.
func (op *Operation) InsertOperands(at int, vs ...Value) {
	cur := op.Operands()
	next := append(append(append([]Value(nil), cur[:at]...), vs...), cur[at:]...)
	op.SetOperands(next)
}

// EraseOperands removes n operands starting at index at.
func (op *Operation) EraseOperands(at, n int) {
	cur := op.Operands()
	op.SetOperands(append(cur[:at:at], cur[at+n:]...))
}

// ---- results ----

// NumResults returns the number of results.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *OpResult { return &op.results[i] }

// Results returns the results as values.
func (op *Operation) Results() []Value {
	out := make([]Value, len(op.results))
	for i := range op.results {
		out[i] = &op.results[i]
	}
	return out
}

// ResultTypes returns the types of the results.
func (op *Operation) ResultTypes() []Type {
	out := make([]Type, len(op.results))
	for i := range op.results {
		out[i] = op.results[i].typ
	}
	return out
}

// ---- attributes ----

// Attr returns the named attribute (inherent or discardable), or nil.
func (op *Operation) Attr(name string) Attribute {
	if attrs := op.attrs; len(attrs) <= 8 {
		// Both lists in one scan: the properties come first, so a name
		// in both still answers the property, as below. The list is read
		// once into a local: the verifiers and folders ask tens of
		// thousands of times a compile, and reloading op.attrs and
		// checking bounds at each step was a third of the scan. Names
		// are nearly always string constants of the dialect packages,
		// the same bytes on both sides: equal pointers answer without
		// the call that compares the bytes.
		for i := range attrs {
			a := &attrs[i]
			if len(a.Name) == len(name) && (unsafe.StringData(a.Name) == unsafe.StringData(name) || a.Name == name) {
				return a.Value
			}
		}
		return nil
	}
	if a := findAttr(op.Props(), name); a != nil {
		return a
	}
	return findAttr(op.DiscardableAttrs(), name)
}

// findAttr looks name up in a sorted attribute list. Ops carry a handful
// of attributes, and the verifier and the passes ask for them by name all
// the time: a short list is scanned (string equality compares lengths
// first), a long one searched.
func findAttr(list []NamedAttr, name string) Attribute {
	if len(list) <= 8 {
		for i := range list {
			if list[i].Name == name {
				return list[i].Value
			}
		}
		return nil
	}
	lo, hi := 0, len(list)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if list[m].Name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(list) && list[lo].Name == name {
		return list[lo].Value
	}
	return nil
}

// HasAttr reports whether the op has the named attribute.
func (op *Operation) HasAttr(name string) bool { return op.Attr(name) != nil }

// SetAttr sets (or replaces) an attribute. Names the op declares inherent,
// and names already stored as properties, are stored as properties.
func (op *Operation) SetAttr(name string, v Attribute) {
	props, attrs := op.Props(), op.DiscardableAttrs()
	inherent := findAttr(props, name) != nil || op.def.IsInherent(name)
	list := attrs
	if inherent {
		list = props
	}
	if v != nil && findAttr(list, name) == v {
		return // the value it has (attributes are uniqued): no change
	}
	op.ctx.changed()
	if inherent {
		op.setAttrLists(setAttr(props, name, v), attrs)
		return
	}
	op.setAttrLists(props, setAttr(attrs, name, v))
}

// setAttrLists stores new inherent and discardable lists. A list changed
// in place (a value replaced) is already where it belongs; a list that
// grew or shrank was copied, and both are joined in a new array.
func (op *Operation) setAttrLists(props, attrs []NamedAttr) {
	if len(props) == int(op.nprops) && len(props)+len(attrs) == len(op.attrs) &&
		(len(props) == 0 || &props[0] == &op.attrs[0]) &&
		(len(attrs) == 0 || &attrs[0] == &op.attrs[len(props)]) {
		return
	}
	all := make([]NamedAttr, 0, len(props)+len(attrs))
	all = append(append(all, props...), attrs...)
	if len(all) == 0 {
		all = nil
	}
	op.attrs, op.nprops = all, int32(len(props))
}

// SetProp stores an attribute as a property regardless of the definition
// (the parser uses it for `<{...}>` of unregistered ops).
func (op *Operation) SetProp(name string, v Attribute) {
	op.ctx.changed()
	op.setAttrLists(setAttr(op.Props(), name, v), op.DiscardableAttrs())
}

func setAttr(list []NamedAttr, name string, v Attribute) []NamedAttr {
	i := sort.Search(len(list), func(i int) bool { return list[i].Name >= name })
	if i < len(list) && list[i].Name == name {
		list[i].Value = v
		return list
	}
	list = append(list, NamedAttr{})
	copy(list[i+1:], list[i:])
	list[i] = NamedAttr{name, v}
	return list
}

// RemoveAttr deletes a named attribute and returns its old value, or nil.
func (op *Operation) RemoveAttr(name string) Attribute {
	// Passes clear marker attributes from every op they touch, and most
	// ops lack them: one scan of the names answers those, without the
	// binary searches of both lists below.
	found := false
	for i := range op.attrs {
		if op.attrs[i].Name == name {
			found = true
			break
		}
	}
	if !found {
		return nil
	}
	props, attrs := op.Props(), op.DiscardableAttrs()
	for k, l := range [][]NamedAttr{props, attrs} {
		i := sort.Search(len(l), func(i int) bool { return l[i].Name >= name })
		if i < len(l) && l[i].Name == name {
			old := l[i].Value
			l = append(l[:i:i], l[i+1:]...)
			if k == 0 {
				op.setAttrLists(l, attrs)
			} else {
				op.setAttrLists(props, l)
			}
			op.ctx.changed()
			return old
		}
	}
	return nil
}

// Props returns the inherent attributes (properties), sorted by name.
func (op *Operation) Props() []NamedAttr { return op.attrs[:op.nprops:op.nprops] }

// DiscardableAttrs returns the discardable attributes, sorted by name.
func (op *Operation) DiscardableAttrs() []NamedAttr {
	if int(op.nprops) == len(op.attrs) {
		return nil
	}
	// Capped at its length: SetAttr inserting a name then copies the list
	// instead of shifting entries in the array that the op, and lists
	// callers got earlier, still read (Create leaves spare room in it when
	// it drops a duplicate name).
	return op.attrs[op.nprops:len(op.attrs):len(op.attrs)]
}

// Attrs returns all attributes (inherent and discardable) sorted by name.
func (op *Operation) Attrs() []NamedAttr {
	props, attrs := op.Props(), op.DiscardableAttrs()
	if len(props) == 0 {
		return attrs
	}
	if len(attrs) == 0 {
		return props
	}
	return SortNamedAttrs(append(append([]NamedAttr(nil), props...), attrs...))
}

// SetDiscardableAttrs replaces the discardable attributes.
func (op *Operation) SetDiscardableAttrs(list []NamedAttr) {
	op.ctx.changed()
	op.setAttrLists(op.Props(), SortNamedAttrs(list))
}

// ---- regions and successors ----

// NumRegions returns the number of regions.
func (op *Operation) NumRegions() int { return len(op.Regions()) }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return op.structure.regions[i] }

// Regions returns the op's regions.
func (op *Operation) Regions() []*Region {
	if op.structure == nil {
		return nil
	}
	return op.structure.regions
}

// successorOperands returns the op's successor slots.
func (op *Operation) successorOperands() []BlockOperand {
	if op.structure == nil {
		return nil
	}
	return op.structure.successors
}

// NumSuccessors returns the number of successor blocks.
func (op *Operation) NumSuccessors() int { return len(op.successorOperands()) }

// Successor returns successor i.
func (op *Operation) Successor(i int) *Block { return op.structure.successors[i].block }

// SetSuccessor retargets successor i.
func (op *Operation) SetSuccessor(i int, b *Block) { op.structure.successors[i].Set(b) }

// Successors returns the successor blocks.
func (op *Operation) Successors() []*Block {
	succs := op.successorOperands()
	out := make([]*Block, len(succs))
	for i := range succs {
		out[i] = succs[i].block
	}
	return out
}

// ---- position ----

// Block returns the block containing the op, or nil if detached.
func (op *Operation) Block() *Block { return op.block }

// ParentRegion returns the region containing the op, or nil.
func (op *Operation) ParentRegion() *Region {
	if op.block == nil {
		return nil
	}
	return op.block.region
}

// ParentOp returns the operation whose region contains op, or nil.
func (op *Operation) ParentOp() *Operation {
	if r := op.ParentRegion(); r != nil {
		return r.parent
	}
	return nil
}

// ParentOfName returns the closest ancestor with the given name, or nil.
func (op *Operation) ParentOfName(name string) *Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// Next returns the following op in the block, or nil.
func (op *Operation) Next() *Operation { return op.next }

// Prev returns the preceding op in the block, or nil.
func (op *Operation) Prev() *Operation { return op.prev }

// IsAncestorOf reports whether other is op or nested in one of op's regions.
func (op *Operation) IsAncestorOf(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// IsBeforeInBlock reports whether op comes before other in their common block.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	b := op.block
	if !b.orderValid {
		b.renumber()
	}
	return op.order < other.order
}

// BlockOrder returns op's number in its block: the numbers grow along the
// block, the last op's is the largest, and they stay as they are until an
// op inserted or moved into the block finds no free number between its
// neighbours' (erasing ops leaves the others' numbers). They are not
// dense: numbering leaves gaps for insertions (about 16 numbers an op).
// Passes use them to index per-block tables (sized by the last op's
// number); like IsBeforeInBlock, asking may number the block's ops.
func (op *Operation) BlockOrder() int {
	if b := op.block; !b.orderValid {
		b.renumber()
	}
	return int(op.order)
}

// Remove unlinks the op from its block without destroying it.
func (op *Operation) Remove() {
	if op.block != nil {
		op.block.unlinkOp(op)
	}
}

// MoveBefore moves op right before other (possibly in another block).
func (op *Operation) MoveBefore(other *Operation) {
	if op.next == other && op.block == other.block && op.block != nil {
		return // already there: no change
	}
	op.Remove()
	other.block.insertBefore(op, other)
}

// MoveAfter moves op right after other.
func (op *Operation) MoveAfter(other *Operation) {
	if other.next == op && op.block == other.block && op.block != nil {
		return // already there: no change
	}
	op.Remove()
	other.block.insertBefore(op, other.next)
}

// DropAllReferences makes the op and everything nested in it release their
// operands and successors, so that they can be erased in any order.
func (op *Operation) DropAllReferences() {
	op.ctx.changed()
	for i := range op.operands {
		op.operands[i].unlink()
		op.operands[i].value = nil
	}
	succs := op.successorOperands()
	for i := range succs {
		succs[i].unlink()
		succs[i].block = nil
	}
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// Erase removes op from its block and destroys it. Its results must have
// no remaining uses outside the op itself.
func (op *Operation) Erase() {
	op.DropAllReferences()
	op.Remove()
	op.block = nil
}

// ResultsUsed reports whether any result of op has a use.
func (op *Operation) ResultsUsed() bool {
	for i := range op.results {
		if op.results[i].firstUse != nil {
			return true
		}
	}
	return false
}
