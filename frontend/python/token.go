package python

import "fmt"

// Pos is a position in a source file: a 1-based line and a 0-based byte
// column, as Python's ast module reports them (lineno, col_offset).
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Before reports whether p comes before q.
func (p Pos) Before(q Pos) bool { return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col }

// Kind is a token kind.
type Kind int

const (
	EOF Kind = iota
	NEWLINE
	INDENT
	DEDENT
	NAME
	NUMBER
	STRING
	OP
)

func (k Kind) String() string {
	return [...]string{"end of file", "newline", "indent", "dedent", "name", "number", "string", "operator"}[k]
}

// Token is one lexical token. For STRING tokens Text is the whole
// literal including its prefix and quotes; for OP it is the operator.
type Token struct {
	Kind Kind
	Text string
	Pos  Pos
	End  Pos
}

func (t Token) String() string {
	switch t.Kind {
	case NAME, NUMBER, OP:
		return "'" + t.Text + "'"
	case STRING:
		return "string literal"
	}
	return t.Kind.String()
}

// keywords are Python 3's reserved words.
var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// IsKeyword reports whether name is a Python keyword.
func IsKeyword(name string) bool { return keywords[name] }

// operators lists Python's operators and delimiters, longest first so
// the lexer can match greedily.
var operators = []string{
	"**=", "//=", ">>=", "<<=", "...",
	"->", ":=", "**", "//", ">>", "<<", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
	"+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=",
}
