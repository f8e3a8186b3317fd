package ir

// SymbolAttrName is the attribute holding a symbol's name.
const SymbolAttrName = "sym_name"

// SymbolVisibilityAttrName holds a symbol's visibility ("private", ...).
const SymbolVisibilityAttrName = "sym_visibility"

// SymbolName returns the name of a symbol op, or "".
func SymbolName(op *Operation) string {
	if s, ok := op.Attr(SymbolAttrName).(*StringAttr); ok {
		return s.Value
	}
	return ""
}

// IsPrivateSymbol reports whether a symbol op is private.
func IsPrivateSymbol(op *Operation) bool {
	s, ok := op.Attr(SymbolVisibilityAttrName).(*StringAttr)
	return ok && s.Value == "private"
}

// SymbolTableOf indexes the symbols defined directly in a symbol-table op.
type SymbolTableOf struct {
	Op      *Operation
	symbols map[string]*Operation
}

// NewSymbolTable builds the table of the symbols directly nested in op.
func NewSymbolTable(op *Operation) *SymbolTableOf {
	t := &SymbolTableOf{Op: op, symbols: map[string]*Operation{}}
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if name := SymbolName(o); name != "" {
					if _, dup := t.symbols[name]; !dup {
						t.symbols[name] = o
					}
				}
			}
		}
	}
	return t
}

// Lookup returns the symbol op with the given name, or nil.
func (t *SymbolTableOf) Lookup(name string) *Operation { return t.symbols[name] }

// NearestSymbolTable returns the closest ancestor of op (or op) that is a
// symbol table.
func NearestSymbolTable(op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Has(SymbolTable) {
			return o
		}
	}
	return nil
}

// LookupSymbol resolves a symbol reference from op's nearest symbol table.
func LookupSymbol(op *Operation, ref *SymbolRefAttr) *Operation {
	table := NearestSymbolTable(op)
	for table != nil {
		if found := lookupIn(table, ref); found != nil {
			return found
		}
		table = NearestSymbolTable(table.ParentOp())
	}
	return nil
}

func lookupIn(table *Operation, ref *SymbolRefAttr) *Operation {
	cur := NewSymbolTable(table).Lookup(ref.Root)
	for _, n := range ref.Nested {
		if cur == nil {
			return nil
		}
		cur = NewSymbolTable(cur).Lookup(n)
	}
	return cur
}

// SymbolUses calls fn for every symbol reference attribute used by op or
// the ops nested in it (excluding references in nested symbol tables'
// own definitions is the caller's business).
func SymbolUses(op *Operation, fn func(user *Operation, ref *SymbolRefAttr)) {
	WalkOps(op, func(o *Operation) {
		for _, a := range o.Attrs() {
			walkSymbolRefs(a.Value, func(r *SymbolRefAttr) { fn(o, r) })
		}
	})
}

func walkSymbolRefs(a Attribute, fn func(*SymbolRefAttr)) {
	switch a := a.(type) {
	case *SymbolRefAttr:
		fn(a)
	case *ArrayAttr:
		for _, e := range a.Elems {
			walkSymbolRefs(e, fn)
		}
	case *DictionaryAttr:
		for _, e := range a.Entries {
			walkSymbolRefs(e.Value, fn)
		}
	}
}
