package ir

// This file declares the interfaces through which dialects print and parse
// their custom syntax. Package ir/asm implements them.

// AsmPrinter prints types and attributes. Dialect types and attributes use
// it to print their parameters.
type AsmPrinter interface {
	WriteString(s string)
	Printf(format string, args ...any)
	PrintType(t Type)
	PrintAttribute(a Attribute)
	// PrintAttributeWithoutType omits the `: type` suffix of typed attributes.
	PrintAttributeWithoutType(a Attribute)
	// PrintStrippedType prints a dialect type without its `!dialect.mnemonic`
	// prefix (MLIR's printStrippedAttrOrType); other types print normally.
	PrintStrippedType(t Type)
	// PrintStrippedAttribute prints a dialect attribute without its
	// `#dialect.mnemonic` prefix, or its alias where it has one (MLIR's
	// printStrippedAttrOrType); other attributes print normally.
	PrintStrippedAttribute(a Attribute)
	// PrintString prints s quoted and escaped.
	PrintString(s string)
	// PrintKeywordOrString prints s bare if it is a valid keyword, else quoted.
	PrintKeywordOrString(s string)
	// PrintFloat prints a float value of type t the way MLIR does.
	PrintFloat(v float64, t Type)
}

// OpPrinter prints the custom form of an operation.
type OpPrinter interface {
	AsmPrinter
	PrintOperand(v Value)
	// PrintOperands prints values separated by ", ".
	PrintOperands(vs []Value)
	// PrintTypes prints types separated by ", ".
	PrintTypes(ts []Type)
	// PrintOptionalAttrDict prints ` {a = 1, b}` for the attributes not
	// elided, or nothing if none remain. It prints a leading space.
	PrintOptionalAttrDict(attrs []NamedAttr, elided ...string)
	// PrintOptionalAttrDictWithKeyword prints ` attributes {...}`.
	PrintOptionalAttrDictWithKeyword(attrs []NamedAttr, elided ...string)
	// PrintRegion prints a region in braces.
	PrintRegion(r *Region, printEntryBlockArgs, printBlockTerminators bool)
	// PrintRegionEmptyBlock is PrintRegion that keeps an empty entry block.
	PrintRegionEmptyBlock(r *Region, printEntryBlockArgs, printBlockTerminators bool)
	PrintSuccessor(b *Block)
	// PrintSuccessorAndUseList prints `^bb1(%a, %b : i32, i32)`.
	PrintSuccessorAndUseList(b *Block, args []Value)
	PrintSymbolName(name string)
	// PrintFunctionalType prints `(operand types) -> result types`.
	PrintFunctionalType(op *Operation)
	// PrintArrowTypeList prints `-> T` or `-> (T, U)`.
	PrintArrowTypeList(ts []Type)
	// PrintRegionArgument prints `%name: type {attrs} loc(...)` for function
	// signatures.
	PrintRegionArgument(arg *BlockArgument, attrs []NamedAttr, omitType bool)
	// PrintOptionalLocationSpecifier prints ` loc(...)` when debug info is
	// printed.
	PrintOptionalLocationSpecifier(loc Location)
	PrintNewline()
	IncreaseIndent()
	DecreaseIndent()
	// ShadowRegionArgs prints the entry arguments of r under the names of vals.
	ShadowRegionArgs(r *Region, vals []Value)
}

// Delimiter selects the brackets around a comma-separated list.
type Delimiter int

const (
	DelimNone Delimiter = iota
	DelimParen
	DelimSquare
	DelimLess
	DelimBrace
	DelimOptionalParen
	DelimOptionalSquare
	DelimOptionalLess
	DelimOptionalBrace
)

// DialectParser parses types and attributes. Every method that fails
// returns a located diagnostic as its error.
type DialectParser interface {
	Context() *Context
	// Loc returns the location of the current token.
	Loc() Location
	// Errorf returns an error located at the current token.
	Errorf(format string, args ...any) error
	// ErrorfAt returns an error located at loc.
	ErrorfAt(loc Location, format string, args ...any) error

	// Punctuation: Parse* requires the token, ParseOptional* reports
	// whether it was present.
	ParseLess() error
	ParseOptionalLess() bool
	ParseGreater() error
	ParseOptionalGreater() bool
	ParseLParen() error
	ParseOptionalLParen() bool
	ParseRParen() error
	ParseOptionalRParen() bool
	ParseLSquare() error
	ParseOptionalLSquare() bool
	ParseRSquare() error
	ParseOptionalRSquare() bool
	ParseLBrace() error
	ParseOptionalLBrace() bool
	ParseRBrace() error
	ParseOptionalRBrace() bool
	ParseComma() error
	ParseOptionalComma() bool
	ParseColon() error
	ParseOptionalColon() bool
	ParseEqual() error
	ParseOptionalEqual() bool
	ParseArrow() error
	ParseOptionalArrow() bool
	ParseStar() error
	ParseOptionalStar() bool
	ParseOptionalQuestion() bool
	ParseOptionalPlus() bool
	ParseOptionalVerticalBar() bool
	ParseOptionalEllipsis() bool

	// ParseKeyword reads a bare identifier.
	ParseKeyword() (string, error)
	// ParseExpectedKeyword requires the keyword kw.
	ParseExpectedKeyword(kw string) error
	// ParseOptionalKeyword consumes one of kws (any keyword if kws is
	// empty) and returns it.
	ParseOptionalKeyword(kws ...string) (string, bool)
	// ParseKeywordOrString reads a keyword or a quoted string.
	ParseKeywordOrString() (string, error)
	ParseInteger() (int64, error)
	ParseOptionalInteger() (int64, bool, error)
	ParseFloat() (float64, error)
	ParseString() (string, error)
	ParseOptionalString() (string, bool)
	ParseType() (Type, error)
	ParseOptionalType() (Type, bool, error)
	// ParseAttribute parses an attribute; typ (if not nil) is the type for
	// untyped integer/float literals.
	ParseAttribute(typ Type) (Attribute, error)
	ParseOptionalAttribute(typ Type) (Attribute, bool, error)
	// ParseDimensionList parses `4x8x` (with the trailing x) when
	// trailingX, else `4x8`. Dynamic dims `?` are allowed if allowDynamic.
	ParseDimensionList(allowDynamic, trailingX bool) ([]int64, error)
	ParseCommaSeparatedList(d Delimiter, each func() error) error
	// ParseCustomType parses a dialect type either in full (`!tt.ptr<f32>`)
	// or stripped (`<f32>`) form; parse handles the stripped parameters.
	ParseCustomType(parse func(DialectParser) (Type, error)) (Type, error)
}

// UnresolvedOperand is a parsed reference `%name` or `%name#3` whose value
// is looked up once its type is known.
type UnresolvedOperand struct {
	Name   string
	Number int
	Loc    Location
}

// Argument is a parsed region argument `%x : type {attrs} loc(...)`.
type Argument struct {
	Operand UnresolvedOperand
	Type    Type
	Attrs   *DictionaryAttr // nil when absent
	Loc     Location        // nil when absent
}

// OpParser parses the custom form of an operation.
type OpParser interface {
	DialectParser
	ParseOperand() (UnresolvedOperand, error)
	ParseOptionalOperand() (UnresolvedOperand, bool, error)
	ParseOperandList(d Delimiter) ([]UnresolvedOperand, error)
	ResolveOperand(u UnresolvedOperand, t Type) (Value, error)
	ResolveOperands(us []UnresolvedOperand, ts []Type) ([]Value, error)
	// ParseArgument parses a region argument definition.
	ParseArgument(allowType, allowAttrs bool) (Argument, error)
	ParseOptionalArgument(allowType, allowAttrs bool) (Argument, bool, error)
	ParseArgumentList(d Delimiter, allowType, allowAttrs bool) ([]Argument, error)
	// ParseRegion parses `{...}` into r; args become the entry block's
	// arguments.
	ParseRegion(r *Region, args []Argument) error
	ParseOptionalRegion(r *Region, args []Argument) (bool, error)
	ParseSuccessor() (*Block, error)
	// ParseSuccessorAndUseList parses `^bb(%a : T)` returning block and args.
	ParseSuccessorAndUseList() (*Block, []Value, error)
	ParseOptionalAttrDict(st *OperationState) error
	ParseOptionalAttrDictWithKeyword(st *OperationState) error
	ParseColonType() (Type, error)
	ParseColonTypeList() ([]Type, error)
	ParseTypeList() ([]Type, error)
	ParseArrowTypeList() ([]Type, error)
	ParseOptionalArrowTypeList() ([]Type, error)
	// ParseFunctionalType parses `(T, U) -> R` or `(T) -> (R, S)`.
	ParseFunctionalType() (inputs, results []Type, err error)
	ParseSymbolName() (string, error)
	ParseOptionalSymbolName() (string, bool)
	ParseOptionalLocationSpecifier() (Location, bool, error)
	// NumResults is the number of results the op being parsed defines.
	NumResults() int
}
