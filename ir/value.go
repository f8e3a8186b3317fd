package ir

// Value is an SSA value: an operation result or a block argument. Every
// value has a type and a list of its uses.
type Value interface {
	Type() Type
	// SetType changes the value's type in place (conversion passes use it).
	SetType(t Type)
	// DefiningOp returns the operation that produces the value, or nil for
	// block arguments.
	DefiningOp() *Operation
	// ParentBlock returns the block that defines the value.
	ParentBlock() *Block
	// Loc returns the location of the value (its defining op's location for
	// results).
	Loc() Location
	// FirstUse returns the head of the use list (iterate with NextUse).
	FirstUse() *OpOperand

	impl() *valueImpl
}

type valueImpl struct {
	typ      Type
	firstUse *OpOperand
}

func (v *valueImpl) Type() Type           { return v.typ }
func (v *valueImpl) FirstUse() *OpOperand { return v.firstUse }
func (v *valueImpl) impl() *valueImpl     { return v }
func (v *valueImpl) hasUses() bool        { return v.firstUse != nil }
func (v *valueImpl) hasOneUse() bool      { return v.firstUse != nil && v.firstUse.next == nil }
func (v *valueImpl) numUses() (n int)     { forUses(v, func(*OpOperand) { n++ }); return n }
func forUses(v *valueImpl, f func(*OpOperand)) {
	for u := v.firstUse; u != nil; {
		next := u.next
		f(u)
		u = next
	}
}

// ValueKey identifies a value as a map key: a map keyed by Value hashes
// the interface through the runtime's hasher of its dynamic type, one
// keyed by ValueKey hashes a pointer.
type ValueKey struct{ impl *valueImpl }

// KeyOf returns v's key (the zero key for nil).
func KeyOf(v Value) ValueKey {
	if v == nil {
		return ValueKey{}
	}
	return ValueKey{v.impl()}
}

// SetNameHint records the name a value had in source text (without the
// printer's `_N` uniquing suffix). The printer uses it, like a name
// location, when asked to name values after their source names.
func SetNameHint(v Value, name string) {
	switch v := v.(type) {
	case *OpResult:
		v.setHint(name)
	case *BlockArgument:
		v.hint = name
	}
}

// NameHint returns the recorded source name of v, or "".
func NameHint(v Value) string {
	switch v := v.(type) {
	case *OpResult:
		if v.hinted {
			return v.owner.ctx.resultHint(v)
		}
	case *BlockArgument:
		return v.hint
	}
	return ""
}

// OpResult is a result of an operation.
type OpResult struct {
	valueImpl
	owner *Operation
	index int32
	// hinted records that the context holds a name hint for the result
	// (Context.hints), so that asking about the others takes no lock.
	hinted bool
}

func (r *OpResult) setHint(name string) {
	if name == "" && !r.hinted {
		return
	}
	r.owner.ctx.setResultHint(r, name)
	r.hinted = name != ""
}

func (r *OpResult) DefiningOp() *Operation { return r.owner }
func (r *OpResult) SetType(t Type) {
	if r.typ != t {
		r.typ = t
		r.owner.ctx.changed()
	}
}
func (r *OpResult) ParentBlock() *Block { return r.owner.block }
func (r *OpResult) Loc() Location       { return r.owner.loc }

// Owner returns the operation producing the result.
func (r *OpResult) Owner() *Operation { return r.owner }

// Index returns the result number.
func (r *OpResult) Index() int { return int(r.index) }

// BlockArgument is an argument of a block.
type BlockArgument struct {
	valueImpl
	owner *Block
	index int
	loc   Location
	hint  string // the name the argument had in parsed text, if any
}

func (a *BlockArgument) DefiningOp() *Operation { return nil }
func (a *BlockArgument) SetType(t Type) {
	if a.typ != t {
		a.typ = t
		a.owner.context().changed()
	}
}
func (a *BlockArgument) ParentBlock() *Block { return a.owner }
func (a *BlockArgument) Loc() Location       { return a.loc }

// SetLoc sets the argument's location.
func (a *BlockArgument) SetLoc(l Location) {
	if a.loc != l {
		a.loc = l
		a.owner.context().changed()
	}
}

// Owner returns the block that owns the argument.
func (a *BlockArgument) Owner() *Block { return a.owner }

// Index returns the argument number.
func (a *BlockArgument) Index() int { return a.index }

// OpOperand is one use of a value by an operation. Operands of an
// operation are linked into the use lists of their values.
type OpOperand struct {
	value    Value
	owner    *Operation
	index    int
	next     *OpOperand
	prevNext **OpOperand
}

// Get returns the used value.
func (o *OpOperand) Get() Value { return o.value }

// Owner returns the using operation.
func (o *OpOperand) Owner() *Operation { return o.owner }

// Index returns the operand number within the owner.
func (o *OpOperand) Index() int { return o.index }

// NextUse returns the next use of the same value, or nil.
func (o *OpOperand) NextUse() *OpOperand { return o.next }

// Set makes the operand use v instead of its current value.
func (o *OpOperand) Set(v Value) {
	o.owner.ctx.changed()
	o.unlink()
	o.value = v
	o.link()
}

func (o *OpOperand) link() {
	if o.value == nil {
		return
	}
	vi := o.value.impl()
	o.next = vi.firstUse
	if o.next != nil {
		o.next.prevNext = &o.next
	}
	o.prevNext = &vi.firstUse
	vi.firstUse = o
}

func (o *OpOperand) unlink() {
	if o.prevNext == nil {
		return
	}
	*o.prevNext = o.next
	if o.next != nil {
		o.next.prevNext = o.prevNext
	}
	o.next, o.prevNext = nil, nil
}

// Uses returns the uses of v (a snapshot, safe to modify while iterating).
func Uses(v Value) []*OpOperand {
	var out []*OpOperand
	for u := v.FirstUse(); u != nil; u = u.next {
		out = append(out, u)
	}
	return out
}

// Users returns the distinct operations using v, in use-list order.
func Users(v Value) []*Operation {
	var out []*Operation
	seen := map[*Operation]bool{}
	for u := v.FirstUse(); u != nil; u = u.next {
		if !seen[u.owner] {
			seen[u.owner] = true
			out = append(out, u.owner)
		}
	}
	return out
}

// HasUses reports whether v is used.
func HasUses(v Value) bool { return v.impl().hasUses() }

// HasOneUse reports whether v has exactly one use.
func HasOneUse(v Value) bool { return v.impl().hasOneUse() }

// NumUses counts the uses of v.
func NumUses(v Value) int { return v.impl().numUses() }

// ReplaceAllUsesWith makes every use of from use to instead.
func ReplaceAllUsesWith(from, to Value) {
	if from == to {
		return
	}
	forUses(from.impl(), func(u *OpOperand) { u.Set(to) })
}

// ReplaceUsesIf replaces the uses of from for which pred holds.
func ReplaceUsesIf(from, to Value, pred func(*OpOperand) bool) {
	forUses(from.impl(), func(u *OpOperand) {
		if pred(u) {
			u.Set(to)
		}
	})
}

// BlockOperand is one use of a block as a successor of a terminator.
type BlockOperand struct {
	block    *Block
	owner    *Operation
	index    int
	next     *BlockOperand
	prevNext **BlockOperand
}

// Get returns the successor block.
func (o *BlockOperand) Get() *Block { return o.block }

// Owner returns the terminator using the block.
func (o *BlockOperand) Owner() *Operation { return o.owner }

// Set retargets the successor.
func (o *BlockOperand) Set(b *Block) {
	o.owner.ctx.changed()
	o.unlink()
	o.block = b
	o.link()
}

func (o *BlockOperand) link() {
	if o.block == nil {
		return
	}
	o.next = o.block.firstUse
	if o.next != nil {
		o.next.prevNext = &o.next
	}
	o.prevNext = &o.block.firstUse
	o.block.firstUse = o
}

func (o *BlockOperand) unlink() {
	if o.prevNext == nil {
		return
	}
	*o.prevNext = o.next
	if o.next != nil {
		o.next.prevNext = o.prevNext
	}
	o.next, o.prevNext = nil, nil
}

// TypesOf returns the types of vs.
func TypesOf(vs []Value) []Type {
	ts := make([]Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}
