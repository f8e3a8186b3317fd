package ir

import "strings"

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
}

// NewOp creates an OpDef named dialect.name belonging to d, appends it to
// d.Ops and returns it so the caller can fill in its hooks.
func (d *Dialect) NewOp(name string, traits Traits) *OpDef {
	def := &OpDef{Name: d.Name + "." + name, Dialect: d, Traits: traits}
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

// DialectNamespace returns the dialect prefix of an operation, type or
// attribute name ("tt" for "tt.load").
func DialectNamespace(name string) string {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return ""
}
