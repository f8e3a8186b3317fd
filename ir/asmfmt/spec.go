package asmfmt

import (
	"github.com/ttcompiler/tt/ir"
)

// Kind says how many values an operand or result stands for.
type Kind int

const (
	// Single is exactly one value.
	Single Kind = iota
	// Optional is zero or one value (ODS Optional<...>).
	Optional
	// Variadic is any number of values (ODS Variadic<...>).
	Variadic
)

// Constraint is an ODS type constraint: Check accepts a type, Summary
// names the constraint in "operand #0 must be <Summary>, but got ..."
// messages.
type Constraint struct {
	Summary string
	Check   func(ir.Type) bool
}

// Class describes an ODS type constraint that is one dialect type class
// (TTG_MemDescType, TT_PtrType, ...): an unqualified type directive prints
// such a type stripped of its `!dialect.mnemonic` and Parse reads the
// stripped form.
type Class struct {
	Is    func(ir.Type) bool
	Parse func(ir.DialectParser) (ir.Type, error)
}

// Value is one operand or result of an op.
type Value struct {
	Name string
	Kind Kind
	// Class, when set, makes `type($name)` print stripped.
	Class *Class
	// Constraint, when set, is verified for every value.
	Constraint *Constraint
	// Infer gives the type of a value whose type the format does not
	// spell (ODS buildable types, TypesMatchWith, AllTypesMatch). It may
	// use the types already known (nil when unknown) and returns nil when
	// it cannot tell yet.
	Infer func(ctx *ir.Context, known func(name string) ir.Type) ir.Type
}

// AttrKind says how an attribute variable of the format reads and prints.
type AttrKind int

const (
	// AnyAttr is parsed and printed as a full attribute.
	AnyAttr AttrKind = iota
	// TypedAttr is an integer, float or bool constant whose type is known
	// (I32Attr, BoolAttr, ...): printed without its `: type`.
	TypedAttr
	// EnumAttr is printed as a keyword through Enum.
	EnumAttr
	// UnitAttr is present or absent.
	UnitAttr
	// ArrayAttr is a dense integer array printed `[1, 2]` (the stripped
	// form of DenseI32ArrayAttr and DenseI64ArrayAttr).
	ArrayAttr
	// SymbolAttr is a symbol name printed `@name`.
	SymbolAttr
)

// Enum maps the values of an enum attribute to keywords.
type Enum interface {
	// Keyword returns the keyword of a, or false if a is not a case.
	Keyword(a ir.Attribute) (string, bool)
	// Attr returns the attribute of keyword kw, or false.
	Attr(ctx *ir.Context, kw string) (ir.Attribute, bool)
	// Keywords lists the cases for error messages.
	Keywords() []string
}

// Attr is one inherent attribute (an ODS argument attribute).
type Attr struct {
	Name string
	Kind AttrKind
	// Type is the attribute's value type (TypedAttr) or element type
	// (ArrayAttr).
	Type func(*ir.Context) ir.Type
	Enum Enum
	// Default is the value of a DefaultValuedAttr; attr-dict does not
	// print an attribute equal to its default.
	Default func(*ir.Context) ir.Attribute
	// Optional attributes (and default-valued ones) may be absent.
	Optional bool
	// Check verifies the attribute's kind; Summary names it in messages.
	Check   func(ir.Attribute) bool
	Summary string
}

// Region is one region of the op.
type Region struct {
	Name     string
	Variadic bool
}

// Directive implements a custom<Name>(...) element.
type Directive struct {
	// Parse reads the directive; args are its argument names as written
	// ("$offsets"). It records what it read in s.
	Parse func(p ir.OpParser, s *ParseState, args []string) error
	// Print writes the directive for op; g finds the op's operand and
	// result groups by name.
	Print func(p ir.OpPrinter, op *ir.Operation, g Groups, args []string)
}

// Spec is the ODS signature of an op and its assembly format.
type Spec struct {
	Operands []Value
	Results  []Value
	Attrs    []Attr
	Regions  []Region
	Format   string
	Custom   map[string]Directive
	// Segments gives the op an `operandSegmentSizes` property
	// (AttrSizedOperandSegments).
	Segments bool
	// InferResults, when set, gives the result types from the parsed
	// operands and attributes (InferTypeOpInterface) when the format does
	// not spell them.
	InferResults func(st *ir.OperationState) ([]ir.Type, error)
	// Verify, when set, runs after the ODS invariants.
	Verify func(op *ir.Operation) error
	// NoInvariants skips the generated invariant checks (operand and
	// result counts, attributes, constraints).
	NoInvariants bool
}

func (s *Spec) operand(name string) (int, *Value) {
	for i := range s.Operands {
		if s.Operands[i].Name == name {
			return i, &s.Operands[i]
		}
	}
	return -1, nil
}

func (s *Spec) result(name string) (int, *Value) {
	for i := range s.Results {
		if s.Results[i].Name == name {
			return i, &s.Results[i]
		}
	}
	return -1, nil
}

func (s *Spec) attr(name string) *Attr {
	for i := range s.Attrs {
		if s.Attrs[i].Name == name {
			return &s.Attrs[i]
		}
	}
	return nil
}

func (s *Spec) region(name string) int {
	for i := range s.Regions {
		if s.Regions[i].Name == name {
			return i
		}
	}
	return -1
}

// Groups finds the values of an op's named operand and result groups.
type Groups interface {
	Operand(op *ir.Operation, name string) []ir.Value
	Result(op *ir.Operation, name string) []ir.Value
}
