package python

import "math/big"

// Node is any syntax tree node. Positions follow Python's ast module:
// Pos is (lineno, col_offset), End is (end_lineno, end_col_offset).
type Node interface {
	Start() Pos
	Stop() Pos
}

// Span is the source range of a node.
type Span struct {
	Pos, End Pos
}

func (s *Span) Start() Pos { return s.Pos }
func (s *Span) Stop() Pos  { return s.End }

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// Module is a parsed source file.
type Module struct {
	File string
	Body []Stmt
}

// ---------------------------------------------------------------------
// Statements

// FunctionDef is `def name(args) -> returns: body`.
type FunctionDef struct {
	Span
	Name       string
	NamePos    Pos
	Args       *Arguments
	Body       []Stmt
	Decorators []Expr
	Returns    Expr
	Async      bool
}

// Arguments are a function's parameters.
type Arguments struct {
	PosOnly  []*Arg
	Args     []*Arg
	Vararg   *Arg
	KwOnly   []*Arg
	KwDefs   []Expr // one per KwOnly, nil where there is no default
	Kwarg    *Arg
	Defaults []Expr // for the last len(Defaults) of PosOnly+Args
}

// Arg is one parameter.
type Arg struct {
	Span
	Name       string
	Annotation Expr
}

// ClassDef is `class name(bases): body`.
type ClassDef struct {
	Span
	Name       string
	Bases      []Expr
	Keywords   []*Keyword
	Body       []Stmt
	Decorators []Expr
}

// Return is `return [value]`.
type Return struct {
	Span
	Value Expr
}

// Delete is `del targets`.
type Delete struct {
	Span
	Targets []Expr
}

// Assign is `t1 = t2 = ... = value`.
type Assign struct {
	Span
	Targets []Expr
	Value   Expr
}

// AugAssign is `target op= value`.
type AugAssign struct {
	Span
	Target Expr
	Op     string // the binary operator: "+", "<<", ...
	Value  Expr
}

// AnnAssign is `target: annotation [= value]`.
type AnnAssign struct {
	Span
	Target     Expr
	Annotation Expr
	Value      Expr
	Simple     bool
}

// For is `for target in iter: body else: orelse`.
type For struct {
	Span
	Target Expr
	Iter   Expr
	Body   []Stmt
	Orelse []Stmt
	Async  bool
}

// While is `while test: body else: orelse`.
type While struct {
	Span
	Test   Expr
	Body   []Stmt
	Orelse []Stmt
}

// If is `if test: body else: orelse`; elif chains nest in Orelse.
type If struct {
	Span
	Test   Expr
	Body   []Stmt
	Orelse []Stmt
}

// With is `with items: body`.
type With struct {
	Span
	Items []*WithItem
	Body  []Stmt
	Async bool
}

// WithItem is `context_expr [as optional_vars]`.
type WithItem struct {
	Context Expr
	Vars    Expr
}

// Raise is `raise [exc [from cause]]`.
type Raise struct {
	Span
	Exc, Cause Expr
}

// Try is try/except/else/finally.
type Try struct {
	Span
	Body     []Stmt
	Handlers []*ExceptHandler
	Orelse   []Stmt
	Final    []Stmt
}

// ExceptHandler is `except [type [as name]]: body`.
type ExceptHandler struct {
	Span
	Type Expr
	Name string
	Body []Stmt
}

// Assert is `assert test[, msg]`.
type Assert struct {
	Span
	Test, Msg Expr
}

// Alias is `name [as asname]` in an import.
type Alias struct {
	Span
	Name, AsName string
}

// Import is `import a.b as c, ...`.
type Import struct {
	Span
	Names []*Alias
}

// ImportFrom is `from [.]module import names`.
type ImportFrom struct {
	Span
	Module string
	Names  []*Alias
	Level  int
}

// Global is `global names`.
type Global struct {
	Span
	Names []string
}

// Nonlocal is `nonlocal names`.
type Nonlocal struct {
	Span
	Names []string
}

// ExprStmt is an expression used as a statement.
type ExprStmt struct {
	Span
	Value Expr
}

// Pass, Break and Continue are the simple statements of their names.
type (
	Pass     struct{ Span }
	Break    struct{ Span }
	Continue struct{ Span }
)

// Match is a match statement; the front end only needs to know it is
// there (its patterns are kept as source spans).
type Match struct {
	Span
	Subject Expr
	Cases   []*MatchCase
}

// MatchCase is `case pattern [if guard]: body`; Pattern is parsed as an
// expression, which covers the literal, capture, value, sequence and
// class patterns.
type MatchCase struct {
	Span
	Pattern Expr
	Guard   Expr
	Body    []Stmt
}

func (*FunctionDef) stmtNode() {}
func (*ClassDef) stmtNode()    {}
func (*Return) stmtNode()      {}
func (*Delete) stmtNode()      {}
func (*Assign) stmtNode()      {}
func (*AugAssign) stmtNode()   {}
func (*AnnAssign) stmtNode()   {}
func (*For) stmtNode()         {}
func (*While) stmtNode()       {}
func (*If) stmtNode()          {}
func (*With) stmtNode()        {}
func (*Raise) stmtNode()       {}
func (*Try) stmtNode()         {}
func (*Assert) stmtNode()      {}
func (*Import) stmtNode()      {}
func (*ImportFrom) stmtNode()  {}
func (*Global) stmtNode()      {}
func (*Nonlocal) stmtNode()    {}
func (*ExprStmt) stmtNode()    {}
func (*Pass) stmtNode()        {}
func (*Break) stmtNode()       {}
func (*Continue) stmtNode()    {}
func (*Match) stmtNode()       {}

// ---------------------------------------------------------------------
// Expressions

// BoolOp is `a and b and c` or `a or b`.
type BoolOp struct {
	Span
	Op     string // "and" or "or"
	Values []Expr
}

// NamedExpr is `target := value`.
type NamedExpr struct {
	Span
	Target *Name
	Value  Expr
}

// BinOp is `left op right`; Op is the operator text ("+", "//", "@", ...).
type BinOp struct {
	Span
	Left  Expr
	Op    string
	Right Expr
}

// UnaryOp is `op operand`; Op is "-", "+", "~" or "not".
type UnaryOp struct {
	Span
	Op      string
	Operand Expr
}

// Lambda is `lambda args: body`.
type Lambda struct {
	Span
	Args *Arguments
	Body Expr
}

// IfExp is `body if test else orelse`.
type IfExp struct {
	Span
	Test, Body, Orelse Expr
}

// Dict is `{k: v, **d}`; a nil key marks `**value`.
type Dict struct {
	Span
	Keys   []Expr
	Values []Expr
}

// Set is `{a, b}`.
type Set struct {
	Span
	Elts []Expr
}

// Comprehension is one `for target in iter if ifs` clause.
type Comprehension struct {
	Target Expr
	Iter   Expr
	Ifs    []Expr
	Async  bool
}

// ListComp, SetComp, GeneratorExp and DictComp are comprehensions.
type ListComp struct {
	Span
	Elt        Expr
	Generators []*Comprehension
}

type SetComp struct {
	Span
	Elt        Expr
	Generators []*Comprehension
}

type GeneratorExp struct {
	Span
	Elt        Expr
	Generators []*Comprehension
	bare       bool // written without its own parentheses, as a call's argument
}

type DictComp struct {
	Span
	Key, Value Expr
	Generators []*Comprehension
}

// Await is `await value`.
type Await struct {
	Span
	Value Expr
}

// Yield is `yield [value]`; YieldFrom is `yield from value`.
type Yield struct {
	Span
	Value Expr
}

type YieldFrom struct {
	Span
	Value Expr
}

// Compare is `left op1 c1 op2 c2 ...`; ops are "<", "==", "in",
// "not in", "is", "is not", ...
type Compare struct {
	Span
	Left        Expr
	Ops         []string
	Comparators []Expr
}

// Keyword is `name=value` in a call, or `**value` when Name is "".
type Keyword struct {
	Span
	Name  string
	Value Expr
}

// Call is `func(args, keywords)`.
type Call struct {
	Span
	Func     Expr
	Args     []Expr
	Keywords []*Keyword
}

// FormattedValue is one `{value!conv:spec}` field of an f-string.
type FormattedValue struct {
	Span
	Value      Expr
	Conversion rune // 0, 's', 'r' or 'a'
	Spec       *JoinedStr
}

// JoinedStr is an f-string: Constant strings and FormattedValues.
type JoinedStr struct {
	Span
	Values []Expr
}

// Ellipsis is the value of `...`.
type Ellipsis struct{}

// Constant is a literal: nil (None), bool, *big.Int, float64,
// complex128, string, []byte or Ellipsis.
type Constant struct {
	Span
	Value any
}

// Attribute is `value.attr`.
type Attribute struct {
	Span
	Value Expr
	Attr  string
}

// Subscript is `value[slice]`; a comma-separated index is a Tuple.
type Subscript struct {
	Span
	Value Expr
	Slice Expr
}

// Starred is `*value`.
type Starred struct {
	Span
	Value Expr
}

// Name is an identifier.
type Name struct {
	Span
	ID string
}

// List is `[elts]`; Tuple is `(elts)` or a bare `a, b`.
type List struct {
	Span
	Elts []Expr
}

type Tuple struct {
	Span
	Elts []Expr
}

// Slice is `lower:upper:step` inside a subscript.
type Slice struct {
	Span
	Lower, Upper, Step Expr
}

func (*BoolOp) exprNode()         {}
func (*NamedExpr) exprNode()      {}
func (*BinOp) exprNode()          {}
func (*UnaryOp) exprNode()        {}
func (*Lambda) exprNode()         {}
func (*IfExp) exprNode()          {}
func (*Dict) exprNode()           {}
func (*Set) exprNode()            {}
func (*ListComp) exprNode()       {}
func (*SetComp) exprNode()        {}
func (*GeneratorExp) exprNode()   {}
func (*DictComp) exprNode()       {}
func (*Await) exprNode()          {}
func (*Yield) exprNode()          {}
func (*YieldFrom) exprNode()      {}
func (*Compare) exprNode()        {}
func (*Call) exprNode()           {}
func (*FormattedValue) exprNode() {}
func (*JoinedStr) exprNode()      {}
func (*Constant) exprNode()       {}
func (*Attribute) exprNode()      {}
func (*Subscript) exprNode()      {}
func (*Starred) exprNode()        {}
func (*Name) exprNode()           {}
func (*List) exprNode()           {}
func (*Tuple) exprNode()          {}
func (*Slice) exprNode()          {}

// BigInt is a convenience for integer constants.
func BigInt(v int64) *big.Int { return big.NewInt(v) }
