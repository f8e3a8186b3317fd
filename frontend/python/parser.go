package python

import (
	"fmt"
)

// Parse parses a Python 3 source file (the grammar of Python 3.12, less
// type-parameter syntax) into a syntax tree with exact positions. It
// never panics: every syntax error is returned as an *Error.
func Parse(file, src string) (*Module, error) {
	mod := &Module{File: file}
	err := parse(file, src, func(p *parser) {
		for p.tok().Kind != EOF {
			mod.Body = append(mod.Body, p.statement()...)
		}
	})
	if err != nil {
		return nil, err
	}
	return mod, nil
}

// ParseExpr parses a single expression (for tests and tools).
func ParseExpr(file, src string) (Expr, error) {
	var e Expr
	err := parse(file, src, func(p *parser) {
		e = p.testList(true)
		if p.tok().Kind == NEWLINE {
			p.next()
		}
		if p.tok().Kind != EOF {
			p.fail(p.tok().Pos, "invalid syntax: unexpected %s", p.tok())
		}
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// parse tokenizes src and runs body on a parser, turning the *Error a
// syntax error unwinds with into the returned error.
func parse(file, src string, body func(p *parser)) (err error) {
	toks, err := tokenize(file, src)
	if err != nil {
		return err
	}
	p := &parser{file: file, toks: toks}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	body(p)
	return nil
}

// alias reads `name [as asname]` of an import, the name by readName.
func (p *parser) alias(readName func() string) *Alias {
	start := p.tok().Pos
	a := &Alias{Name: readName()}
	if p.acceptKw("as") {
		a.AsName = p.name().Text
	}
	a.Span = p.span(start)
	return a
}

// parser is a recursive-descent parser over the token list. Errors
// unwind with panic(*Error), recovered in Parse.
type parser struct {
	file    string
	toks    []Token
	i       int
	lastEnd Pos
	depth   int // expression nesting, bounded by maxNesting
}

// maxNesting bounds the parser's recursion (CPython's parser has a stack
// limit too: "too complex to parse"); bracket nesting is limited by the
// lexer (200, as CPython's tokenizer), indentation to 100 levels.
const maxNesting = 1000

// nest enters one level of expression recursion; the caller defers the
// returned func.
func (p *parser) nest() func() {
	p.depth++
	if p.depth > maxNesting {
		p.fail(p.tok().Pos, "expression too complex to parse (nested more than %d deep)", maxNesting)
	}
	return func() { p.depth-- }
}

func (p *parser) tok() Token { return p.toks[p.i] }

func (p *parser) peek(n int) Token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() Token {
	t := p.toks[p.i]
	if p.i < len(p.toks)-1 {
		p.i++
	}
	switch t.Kind {
	case NEWLINE, INDENT, DEDENT, EOF:
	default:
		p.lastEnd = t.End
	}
	return t
}

func (p *parser) fail(pos Pos, format string, args ...any) {
	panic(Errorf(p.file, pos, format, args...))
}

func (p *parser) isOp(s string) bool {
	t := p.tok()
	return t.Kind == OP && t.Text == s
}

func (p *parser) isKw(s string) bool {
	t := p.tok()
	return t.Kind == NAME && t.Text == s
}

func (p *parser) acceptOp(s string) bool {
	if p.isOp(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) acceptKw(s string) bool {
	if p.isKw(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expectOp(s string) Token {
	if !p.isOp(s) {
		t := p.tok()
		if t.Kind == NEWLINE || t.Kind == EOF {
			p.fail(t.Pos, "invalid syntax: expected '%s'", s)
		}
		p.fail(t.Pos, "invalid syntax: expected '%s', found %s", s, t)
	}
	return p.next()
}

func (p *parser) expectKw(s string) Token {
	if !p.isKw(s) {
		p.fail(p.tok().Pos, "invalid syntax: expected '%s', found %s", s, p.tok())
	}
	return p.next()
}

// name consumes an identifier that is not a keyword.
func (p *parser) name() Token {
	t := p.tok()
	if t.Kind != NAME || keywords[t.Text] {
		p.fail(t.Pos, "invalid syntax: expected a name, found %s", t)
	}
	return p.next()
}

func (p *parser) span(start Pos) Span { return Span{Pos: start, End: p.lastEnd} }

// ---------------------------------------------------------------------
// Statements

// statement parses one statement; a simple-statement line may hold
// several (`a = 1; b = 2`).
func (p *parser) statement() []Stmt {
	t := p.tok()
	switch t.Kind {
	case INDENT:
		p.fail(t.End, "unexpected indent")
	case DEDENT:
		p.fail(t.Pos, "unindent does not match any outer indentation level")
	case OP:
		if t.Text == "@" {
			return []Stmt{p.decorated()}
		}
	case NAME:
		switch t.Text {
		case "def":
			return []Stmt{p.funcDef(nil, t.Pos, false)}
		case "class":
			return []Stmt{p.classDef(nil, t.Pos)}
		case "if":
			return []Stmt{p.ifStmt()}
		case "while":
			return []Stmt{p.whileStmt()}
		case "for":
			return []Stmt{p.forStmt(t.Pos, false)}
		case "try":
			return []Stmt{p.tryStmt()}
		case "with":
			return []Stmt{p.withStmt(t.Pos, false)}
		case "async":
			p.next()
			switch {
			case p.isKw("def"):
				return []Stmt{p.funcDef(nil, t.Pos, true)}
			case p.isKw("for"):
				return []Stmt{p.forStmt(t.Pos, true)}
			case p.isKw("with"):
				return []Stmt{p.withStmt(t.Pos, true)}
			}
			p.fail(p.tok().Pos, "invalid syntax: expected 'def', 'for' or 'with' after 'async'")
		case "match":
			if p.isMatchStatement() {
				return []Stmt{p.matchStmt()}
			}
		}
	}
	return p.simpleStatements()
}

func (p *parser) simpleStatements() []Stmt {
	var out []Stmt
	for {
		out = append(out, p.smallStatement())
		if !p.acceptOp(";") {
			break
		}
		if p.tok().Kind == NEWLINE || p.tok().Kind == EOF {
			break
		}
	}
	switch p.tok().Kind {
	case NEWLINE:
		p.next()
	case EOF:
	default:
		p.fail(p.tok().Pos, "invalid syntax: unexpected %s", p.tok())
	}
	return out
}

var augOps = map[string]string{
	"+=": "+", "-=": "-", "*=": "*", "/=": "/", "//=": "//", "%=": "%", "**=": "**", "@=": "@",
	">>=": ">>", "<<=": "<<", "&=": "&", "|=": "|", "^=": "^",
}

func (p *parser) smallStatement() Stmt {
	t := p.tok()
	start := t.Pos
	if t.Kind == NAME {
		switch t.Text {
		case "pass":
			p.next()
			return &Pass{p.span(start)}
		case "break":
			p.next()
			return &Break{p.span(start)}
		case "continue":
			p.next()
			return &Continue{p.span(start)}
		case "return":
			p.next()
			var v Expr
			if !p.atStatementEnd() {
				v = p.testList(true)
			}
			return &Return{Span: p.span(start), Value: v}
		case "del":
			p.next()
			targets := []Expr{p.expr()}
			for p.acceptOp(",") && !p.atStatementEnd() {
				targets = append(targets, p.expr())
			}
			return &Delete{Span: p.span(start), Targets: targets}
		case "raise":
			p.next()
			r := &Raise{}
			if !p.atStatementEnd() {
				r.Exc = p.test()
				if p.acceptKw("from") {
					r.Cause = p.test()
				}
			}
			r.Span = p.span(start)
			return r
		case "global", "nonlocal":
			p.next()
			names := []string{p.name().Text}
			for p.acceptOp(",") {
				names = append(names, p.name().Text)
			}
			if t.Text == "global" {
				return &Global{Span: p.span(start), Names: names}
			}
			return &Nonlocal{Span: p.span(start), Names: names}
		case "assert":
			p.next()
			a := &Assert{Test: p.test()}
			if p.acceptOp(",") {
				a.Msg = p.test()
			}
			a.Span = p.span(start)
			return a
		case "import":
			p.next()
			imp := &Import{}
			for {
				imp.Names = append(imp.Names, p.alias(p.dottedName))
				if !p.acceptOp(",") {
					break
				}
			}
			imp.Span = p.span(start)
			return imp
		case "from":
			return p.importFrom()
		}
	}
	// Expression statement, assignment, augmented or annotated assignment.
	first := p.testListStarExpr()
	if p.isOp(":") {
		p.next()
		ann := p.test()
		a := &AnnAssign{Target: first, Annotation: ann}
		_, a.Simple = first.(*Name)
		if p.acceptOp("=") {
			a.Value = p.yieldOrTestList()
		}
		a.Span = p.span(start)
		p.checkTarget(first)
		return a
	}
	if p.tok().Kind == OP {
		if op, ok := augOps[p.tok().Text]; ok {
			p.next()
			p.checkTarget(first)
			switch first.(type) {
			case *Name, *Attribute, *Subscript:
			default:
				p.fail(first.Start(), "'%s' is an illegal expression for augmented assignment", describe(first))
			}
			v := p.yieldOrTestList()
			return &AugAssign{Span: p.span(start), Target: first, Op: op, Value: v}
		}
	}
	if p.isOp("=") {
		targets := []Expr{first}
		var value Expr
		for p.acceptOp("=") {
			value = p.yieldOrTestListStar()
			if p.isOp("=") {
				targets = append(targets, value)
			}
		}
		for _, t := range targets {
			p.checkTarget(t)
		}
		return &Assign{Span: p.span(start), Targets: targets, Value: value}
	}
	return &ExprStmt{Span: p.span(start), Value: first}
}

// checkTarget rejects assignments to expressions that cannot be assigned.
func (p *parser) checkTarget(e Expr) {
	switch x := e.(type) {
	case *Name:
		if x.ID == "__debug__" {
			p.fail(x.Pos, "cannot assign to __debug__")
		}
	case *Attribute, *Subscript:
	case *Starred:
		p.checkTarget(x.Value)
	case *Tuple:
		for _, el := range x.Elts {
			p.checkTarget(el)
		}
	case *List:
		for _, el := range x.Elts {
			p.checkTarget(el)
		}
	default:
		p.fail(e.Start(), "cannot assign to %s", describe(e))
	}
}

// describe names an expression kind the way Python's error messages do.
func describe(e Expr) string {
	switch x := e.(type) {
	case *Call:
		return "function call"
	case *Constant:
		if x.Value == nil || x.Value == true || x.Value == false {
			return fmt.Sprint(pyRepr(x.Value))
		}
		return "literal"
	case *BinOp, *UnaryOp:
		return "expression"
	case *Compare:
		return "comparison"
	case *Lambda:
		return "lambda"
	case *IfExp:
		return "conditional expression"
	case *BoolOp:
		return "expression"
	case *JoinedStr:
		return "f-string expression"
	case *ListComp:
		return "list comprehension"
	case *GeneratorExp:
		return "generator expression"
	case *DictComp:
		return "dict comprehension"
	case *SetComp:
		return "set comprehension"
	case *Dict:
		return "dict literal"
	case *Set:
		return "set display"
	case *Yield, *YieldFrom:
		return "yield expression"
	case *Await:
		return "await expression"
	case *NamedExpr:
		return "named expression"
	}
	return "expression"
}

func pyRepr(v any) string {
	switch v {
	case nil:
		return "None"
	case true:
		return "True"
	case false:
		return "False"
	}
	return fmt.Sprint(v)
}

func (p *parser) atStatementEnd() bool {
	t := p.tok()
	return t.Kind == NEWLINE || t.Kind == EOF || t.Kind == OP && t.Text == ";"
}

func (p *parser) dottedName() string {
	name := p.name().Text
	for p.acceptOp(".") {
		name += "." + p.name().Text
	}
	return name
}

func (p *parser) importFrom() Stmt {
	start := p.next().Pos
	imp := &ImportFrom{}
	for {
		if p.acceptOp(".") {
			imp.Level++
		} else if p.acceptOp("...") {
			imp.Level += 3
		} else {
			break
		}
	}
	if !p.isKw("import") {
		imp.Module = p.dottedName()
	}
	p.expectKw("import")
	if p.isOp("*") {
		t := p.next()
		imp.Names = []*Alias{{Span: Span{t.Pos, t.End}, Name: "*"}}
		imp.Span = p.span(start)
		return imp
	}
	paren := p.acceptOp("(")
	for {
		imp.Names = append(imp.Names, p.alias(func() string { return p.name().Text }))
		if !p.acceptOp(",") {
			break
		}
		if paren && p.isOp(")") {
			break
		}
	}
	if paren {
		p.expectOp(")")
	}
	imp.Span = p.span(start)
	return imp
}

// block parses the suite after a compound statement's colon.
func (p *parser) block() []Stmt {
	p.expectOp(":")
	if p.tok().Kind != NEWLINE {
		return p.simpleStatements()
	}
	p.next()
	if p.tok().Kind != INDENT {
		p.fail(p.tok().Pos, "expected an indented block")
	}
	p.next()
	var body []Stmt
	for p.tok().Kind != DEDENT && p.tok().Kind != EOF {
		body = append(body, p.statement()...)
	}
	if p.tok().Kind == DEDENT {
		p.next()
	}
	return body
}

func (p *parser) decorated() Stmt {
	start := p.tok().Pos
	var decs []Expr
	for p.acceptOp("@") {
		decs = append(decs, p.namedExprTest())
		if p.tok().Kind != NEWLINE {
			p.fail(p.tok().Pos, "invalid syntax: expected a newline after the decorator")
		}
		p.next()
	}
	switch {
	case p.isKw("def"):
		return p.funcDef(decs, start, false)
	case p.isKw("async"):
		p.next()
		return p.funcDef(decs, start, true)
	case p.isKw("class"):
		return p.classDef(decs, start)
	}
	p.fail(p.tok().Pos, "invalid syntax: expected 'def' or 'class' after decorators")
	return nil
}

// funcDef parses a def. Python positions a decorated function at its
// `def` keyword (the decorators have their own positions).
func (p *parser) funcDef(decs []Expr, _ Pos, async bool) Stmt {
	start := p.expectKw("def").Pos
	nt := p.name()
	f := &FunctionDef{Name: nt.Text, NamePos: nt.Pos, Decorators: decs, Async: async}
	if p.isOp("[") {
		p.fail(p.tok().Pos, "type parameter lists are not supported")
	}
	p.expectOp("(")
	f.Args = p.parameters(")", true)
	p.expectOp(")")
	if p.acceptOp("->") {
		f.Returns = p.test()
	}
	f.Body = p.block()
	f.Span = p.span(start)
	return f
}

// parameters parses a parameter list up to (not including) the closing
// token; annotations are allowed in def, not in lambda.
func (p *parser) parameters(closing string, annotations bool) *Arguments {
	a := &Arguments{}
	star := false
	seenDefault := false
	param := func() *Arg {
		t := p.name()
		arg := &Arg{Name: t.Text}
		if annotations && p.acceptOp(":") {
			arg.Annotation = p.test()
		}
		arg.Span = p.span(t.Pos)
		return arg
	}
	for !p.isOp(closing) {
		switch {
		case p.isOp("/"):
			t := p.next()
			if star || len(a.PosOnly) > 0 || len(a.Args) == 0 {
				p.fail(t.Pos, "invalid syntax: misplaced '/'")
			}
			a.PosOnly, a.Args = a.Args, nil
		case p.isOp("**"):
			p.next()
			a.Kwarg = param()
			if p.acceptOp(",") && !p.isOp(closing) {
				p.fail(p.tok().Pos, "arguments cannot follow var-keyword argument")
			}
			return a
		case p.isOp("*"):
			t := p.next()
			if star {
				p.fail(t.Pos, "* argument may appear only once")
			}
			star = true
			if !p.isOp(",") && !p.isOp(closing) {
				a.Vararg = param()
			}
		default:
			arg := param()
			var def Expr
			if p.acceptOp("=") {
				def = p.test()
			}
			if star {
				a.KwOnly = append(a.KwOnly, arg)
				a.KwDefs = append(a.KwDefs, def)
			} else {
				a.Args = append(a.Args, arg)
				if def != nil {
					a.Defaults = append(a.Defaults, def)
					seenDefault = true
				} else if seenDefault {
					p.fail(arg.Pos, "parameter without a default follows parameter with a default")
				}
			}
		}
		if !p.acceptOp(",") {
			break
		}
	}
	return a
}

func (p *parser) classDef(decs []Expr, _ Pos) Stmt {
	start := p.expectKw("class").Pos
	c := &ClassDef{Name: p.name().Text, Decorators: decs}
	if p.acceptOp("(") {
		args, kws := p.callArguments()
		c.Bases, c.Keywords = args, kws
		p.expectOp(")")
	}
	c.Body = p.block()
	c.Span = p.span(start)
	return c
}

func (p *parser) ifStmt() Stmt {
	start := p.next().Pos // if or elif
	s := &If{Test: p.namedExprTest()}
	s.Body = p.block()
	switch {
	case p.isKw("elif"):
		s.Orelse = []Stmt{p.ifStmt()}
	case p.isKw("else"):
		p.next()
		s.Orelse = p.block()
	}
	s.Span = p.span(start)
	return s
}

func (p *parser) whileStmt() Stmt {
	start := p.next().Pos
	s := &While{Test: p.namedExprTest()}
	s.Body = p.block()
	if p.acceptKw("else") {
		s.Orelse = p.block()
	}
	s.Span = p.span(start)
	return s
}

func (p *parser) forStmt(start Pos, async bool) Stmt {
	p.expectKw("for")
	s := &For{Async: async}
	s.Target = p.targetList()
	p.expectKw("in")
	s.Iter = p.testList(true)
	s.Body = p.block()
	if p.acceptKw("else") {
		s.Orelse = p.block()
	}
	s.Span = p.span(start)
	return s
}

// targetList parses `for` and comprehension targets (a bare tuple of
// star-targets, stopping before `in`).
func (p *parser) targetList() Expr {
	start := p.tok().Pos
	first := p.starOr(p.bitOr)
	if !p.isOp(",") {
		p.checkTarget(first)
		return first
	}
	elts := []Expr{first}
	for p.acceptOp(",") {
		if p.isKw("in") || p.isOp("=") {
			break
		}
		elts = append(elts, p.starOr(p.bitOr))
	}
	t := &Tuple{Span: p.span(start), Elts: elts}
	p.checkTarget(t)
	return t
}

func (p *parser) tryStmt() Stmt {
	start := p.next().Pos
	s := &Try{Body: p.block()}
	for p.isKw("except") {
		hs := p.next().Pos
		h := &ExceptHandler{}
		p.acceptOp("*")
		if !p.isOp(":") {
			h.Type = p.test()
			if p.acceptOp(",") {
				p.fail(p.tok().Pos, "multiple exception types must be parenthesized")
			}
			if p.acceptKw("as") {
				h.Name = p.name().Text
			}
		}
		h.Body = p.block()
		h.Span = p.span(hs)
		s.Handlers = append(s.Handlers, h)
	}
	if p.acceptKw("else") {
		s.Orelse = p.block()
	}
	if p.acceptKw("finally") {
		s.Final = p.block()
	}
	if len(s.Handlers) == 0 && s.Final == nil {
		p.fail(p.tok().Pos, "expected 'except' or 'finally' block")
	}
	s.Span = p.span(start)
	return s
}

func (p *parser) withStmt(start Pos, async bool) Stmt {
	p.expectKw("with")
	s := &With{Async: async}
	// `with (a as b, c as d):` parenthesized items (3.10+): try the
	// parenthesized form when a parenthesis holds an `as`.
	if p.isOp("(") && p.parenthesizedWithItems() {
		p.next()
		for !p.isOp(")") {
			s.Items = append(s.Items, p.withItem())
			if !p.acceptOp(",") {
				break
			}
		}
		p.expectOp(")")
	} else {
		for {
			s.Items = append(s.Items, p.withItem())
			if !p.acceptOp(",") {
				break
			}
		}
	}
	s.Body = p.block()
	s.Span = p.span(start)
	return s
}

// parenthesizedWithItems reports whether the parenthesis at the current
// token encloses with-items (contains `as` at depth 1 and is followed by
// the statement's colon).
func (p *parser) parenthesizedWithItems() bool {
	depth := 0
	hasAs := false
	for j := p.i; j < len(p.toks); j++ {
		t := p.toks[j]
		switch {
		case t.Kind == OP && (t.Text == "(" || t.Text == "[" || t.Text == "{"):
			depth++
		case t.Kind == OP && (t.Text == ")" || t.Text == "]" || t.Text == "}"):
			depth--
			if depth == 0 {
				n := p.toks[j+1]
				return hasAs && n.Kind == OP && n.Text == ":" || n.Kind == OP && n.Text == ":" && hasAs
			}
		case t.Kind == NAME && t.Text == "as" && depth == 1:
			hasAs = true
		case t.Kind == NEWLINE || t.Kind == EOF:
			return false
		}
	}
	return false
}

func (p *parser) withItem() *WithItem {
	it := &WithItem{Context: p.test()}
	if p.acceptKw("as") {
		it.Vars = p.starOr(p.bitOr)
		p.checkTarget(it.Vars)
	}
	return it
}

// isMatchStatement tells a `match` statement from a use of the name
// match: the logical line ends with a colon and the block starts with
// `case`.
func (p *parser) isMatchStatement() bool {
	n := p.peek(1)
	if n.Kind == NEWLINE || n.Kind == EOF || n.Kind == OP && (n.Text == "=" || n.Text == "." || n.Text == ":" || n.Text == ",") {
		return false
	}
	for j := p.i + 1; j < len(p.toks)-2; j++ {
		if p.toks[j].Kind == NEWLINE {
			prev := p.toks[j-1]
			return prev.Kind == OP && prev.Text == ":" && p.toks[j+1].Kind == INDENT &&
				p.toks[j+2].Kind == NAME && p.toks[j+2].Text == "case"
		}
	}
	return false
}

func (p *parser) matchStmt() Stmt {
	start := p.next().Pos
	m := &Match{Subject: p.testList(true)}
	p.expectOp(":")
	if p.tok().Kind != NEWLINE {
		p.fail(p.tok().Pos, "invalid syntax: expected a newline after 'match ...:'")
	}
	p.next()
	if p.tok().Kind != INDENT {
		p.fail(p.tok().Pos, "expected an indented block")
	}
	p.next()
	for p.isKw("case") {
		cs := p.next().Pos
		c := &MatchCase{Pattern: p.pattern()}
		if p.acceptKw("if") {
			c.Guard = p.namedExprTest()
		}
		c.Body = p.block()
		c.Span = p.span(cs)
		m.Cases = append(m.Cases, c)
	}
	if p.tok().Kind != DEDENT {
		p.fail(p.tok().Pos, "invalid syntax: expected 'case'")
	}
	p.next()
	m.Span = p.span(start)
	return m
}

// pattern parses a case pattern as an expression (patterns are a subset of
// expression syntax, plus `as` captures).
func (p *parser) pattern() Expr {
	start := p.tok().Pos
	item := func() Expr {
		e := p.starOr(p.orTest)
		if p.acceptKw("as") {
			p.name()
		}
		return e
	}
	first := item()
	if !p.isOp(",") {
		return first
	}
	elts := []Expr{first}
	for p.acceptOp(",") {
		if p.isOp(":") || p.isKw("if") {
			break
		}
		elts = append(elts, item())
	}
	return &Tuple{Span: p.span(start), Elts: elts}
}
