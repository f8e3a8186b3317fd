package ir

import (
	"strings"
	"sync"
	"unsafe"
)

// Dialect is the static description of a dialect: its namespace, its
// operations, and the hooks that parse and print its types and attributes.
// Dialect values are built once by dialect packages and shared by every
// Context that loads them; they must not be mutated after loading.
type Dialect struct {
	Name string
	Ops  []*OpDef

	// Dependents are loaded together with this dialect (for example the
	// dialects whose ops its canonicalizations create).
	Dependents []*Dialect

	// ParseType parses the body of a type `!name.mnemonic<...>` after the
	// mnemonic has been read. Nil if the dialect has no types.
	ParseType func(p DialectParser, mnemonic string) (Type, error)
	// ParseAttribute parses the body of `#name.mnemonic<...>`.
	ParseAttribute func(p DialectParser, mnemonic string, typ Type) (Attribute, error)

	// MaterializeConstant builds a constant operation producing value with
	// the given type, or returns nil if the dialect cannot.
	MaterializeConstant func(b *Builder, value Attribute, typ Type, loc Location) *Operation

	// VerifyAttribute checks a discardable attribute of this dialect's
	// namespace (such as `tt.divisibility`) wherever it is attached; nil
	// accepts everything.
	VerifyAttribute func(op *Operation, name string, value Attribute) error

	// byName indexes Ops by name for the contexts' lookups. It is built
	// at the first lookup, once for the process: every compile makes a
	// context and loads the dialects into it, and a table of the ~500
	// ops built per context cost more than parsing a small kernel.
	indexOnce sync.Once
	byName    map[string]*OpDef
}

// spareOps holds the allocated OpDefs that NewOp has not handed out yet,
// and the bytes for the names of the next ones: the dialects define about
// 500 ops when the process starts, and two allocations each (the
// definition and its concatenated name) cost more than the rest of NewOp.
// The dialects share it, where one per dialect left a partly used chunk in
// each of them (a fifth of the OpDefs' memory). Each name's bytes are
// written once, before the string is made of them, and cut off names.
var spareOps struct {
	sync.Mutex
	defs  []OpDef
	names []byte
}

// How many OpDefs (as many as fill an 8 KB size class), and how many
// bytes of their names, NewOp allocates at a time.
const (
	opDefChunk   = 8192 / int(unsafe.Sizeof(OpDef{}))
	opNamesChunk = 4096
)

// NewOp creates an OpDef named dialect.name belonging to d, appends it to
// d.Ops and returns it so the caller can fill in its hooks.
func (d *Dialect) NewOp(name string, traits Traits) *OpDef {
	spareOps.Lock()
	if len(spareOps.defs) == 0 {
		spareOps.defs = make([]OpDef, opDefChunk)
	}
	def := &spareOps.defs[0]
	spareOps.defs = spareOps.defs[1:]
	n := len(d.Name) + 1 + len(name)
	if len(spareOps.names) < n {
		spareOps.names = make([]byte, max(n, opNamesChunk))
	}
	buf := spareOps.names[:n:n]
	spareOps.names = spareOps.names[n:]
	spareOps.Unlock()
	copy(buf, d.Name)
	buf[len(d.Name)] = '.'
	copy(buf[len(d.Name)+1:], name)
	def.Name, def.Dialect, def.Traits = unsafe.String(&buf[0], n), d, traits
	d.Ops = append(d.Ops, def)
	return def
}

// Op returns the OpDef of the named op ("addi" or "arith.addi"), or nil.
func (d *Dialect) Op(name string) *OpDef {
	if !strings.Contains(name, ".") {
		name = d.Name + "." + name
	}
	for _, def := range d.Ops {
		if def.Name == name {
			return def
		}
	}
	return nil
}

// lookup returns the op of d named name (with its dialect prefix), or nil.
func (d *Dialect) lookup(name string) *OpDef {
	d.indexOnce.Do(func() {
		d.byName = make(map[string]*OpDef, len(d.Ops))
		for _, def := range d.Ops {
			d.byName[def.Name] = def
		}
	})
	return d.byName[name]
}

// DialectNamespace returns the dialect prefix of an operation, type or
// attribute name ("tt" for "tt.load").
func DialectNamespace(name string) string {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return ""
}
