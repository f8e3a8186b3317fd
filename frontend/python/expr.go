package python

// Expression grammar, by precedence from lowest to highest: lambda,
// conditional, or, and, not, comparisons, |, ^, &, shifts, + -, * / // % @,
// unary + - ~, **, await, primaries (calls, subscripts, attributes), atoms.
// Each node starts where the first token of its production starts, so a
// binary operation whose left operand is parenthesized starts at the '('.

func (p *parser) yieldOrTestList() Expr {
	if p.isKw("yield") {
		return p.yieldExpr()
	}
	return p.testList(true)
}

func (p *parser) yieldOrTestListStar() Expr {
	if p.isKw("yield") {
		return p.yieldExpr()
	}
	return p.testListStarExpr()
}

func (p *parser) yieldExpr() Expr {
	start := p.expectKw("yield").Pos
	if p.acceptKw("from") {
		v := p.test()
		return &YieldFrom{Span: p.span(start), Value: v}
	}
	y := &Yield{}
	if !p.atStatementEnd() && !p.isOp(")") && !p.isOp("]") && !p.isOp("}") && !p.isOp("=") {
		y.Value = p.testListStarExpr()
	}
	y.Span = p.span(start)
	return y
}

// testListStarExpr parses a comma-separated list that may contain
// starred items (the left side of an assignment, an expression
// statement); several items make a Tuple.
func (p *parser) testListStarExpr() Expr {
	if p.isKw("yield") {
		return p.yieldExpr()
	}
	start := p.tok().Pos
	first := p.starOr(p.namedExprTest)
	if !p.isOp(",") {
		return first
	}
	elts := []Expr{first}
	for p.acceptOp(",") {
		if p.endOfList() {
			break
		}
		elts = append(elts, p.starOr(p.namedExprTest))
	}
	return &Tuple{Span: p.span(start), Elts: elts}
}

// endOfList reports whether a trailing comma ended a list.
func (p *parser) endOfList() bool {
	t := p.tok()
	if t.Kind == NEWLINE || t.Kind == EOF {
		return true
	}
	if t.Kind == OP {
		switch t.Text {
		case ")", "]", "}", "=", ";", ":":
			return true
		}
		if _, ok := augOps[t.Text]; ok {
			return true
		}
	}
	return t.Kind == NAME && (t.Text == "in" || t.Text == "for")
}

// testList parses `test (, test)* [,]`; starred items are allowed when
// star is set.
func (p *parser) testList(star bool) Expr {
	start := p.tok().Pos
	item := p.test
	if star {
		item = func() Expr { return p.starOr(p.test) }
	}
	first := item()
	if !p.isOp(",") {
		return first
	}
	elts := []Expr{first}
	for p.acceptOp(",") {
		if p.endOfList() {
			break
		}
		elts = append(elts, item())
	}
	return &Tuple{Span: p.span(start), Elts: elts}
}

func (p *parser) starOr(f func() Expr) Expr {
	if p.isOp("*") {
		start := p.next().Pos
		v := p.bitOr()
		return &Starred{Span: p.span(start), Value: v}
	}
	return f()
}

func (p *parser) namedExprTest() Expr {
	if p.tok().Kind == NAME && p.peek(1).Kind == OP && p.peek(1).Text == ":=" && !keywords[p.tok().Text] {
		t := p.next()
		p.next()
		v := p.test()
		return &NamedExpr{Span: p.span(t.Pos), Target: &Name{Span: Span{t.Pos, t.End}, ID: t.Text}, Value: v}
	}
	return p.test()
}

func (p *parser) test() Expr {
	defer p.nest()()
	if p.isKw("lambda") {
		return p.lambda(true)
	}
	start := p.tok().Pos
	body := p.orTest()
	if p.isKw("if") {
		// `a if b else c` inside a comprehension's `if` clause is handled
		// by testNoCond; here it is a conditional expression.
		p.next()
		cond := p.orTest()
		p.expectKw("else")
		orelse := p.test()
		return &IfExp{Span: p.span(start), Test: cond, Body: body, Orelse: orelse}
	}
	return body
}

// testNoCond is a comprehension condition: no conditional expression.
func (p *parser) testNoCond() Expr {
	if p.isKw("lambda") {
		return p.lambda(false)
	}
	return p.orTest()
}

func (p *parser) lambda(cond bool) Expr {
	start := p.next().Pos
	args := p.parameters(":", false)
	p.expectOp(":")
	var body Expr
	if cond {
		body = p.test()
	} else {
		body = p.testNoCond()
	}
	return &Lambda{Span: p.span(start), Args: args, Body: body}
}

func (p *parser) orTest() Expr  { return p.boolOp("or", p.andTest) }
func (p *parser) andTest() Expr { return p.boolOp("and", p.notTest) }

// boolOp reads operands joined by `and` or `or` into one BoolOp.
func (p *parser) boolOp(op string, next func() Expr) Expr {
	start := p.tok().Pos
	first := next()
	if !p.isKw(op) {
		return first
	}
	vals := []Expr{first}
	for p.acceptKw(op) {
		vals = append(vals, next())
	}
	return &BoolOp{Span: p.span(start), Op: op, Values: vals}
}

func (p *parser) notTest() Expr {
	defer p.nest()()
	if p.isKw("not") {
		start := p.next().Pos
		v := p.notTest()
		return &UnaryOp{Span: p.span(start), Op: "not", Operand: v}
	}
	return p.comparison()
}

// compOp consumes a comparison operator and returns it, or "".
func (p *parser) compOp() string {
	t := p.tok()
	switch {
	case t.Kind == OP:
		switch t.Text {
		case "<", ">", "==", ">=", "<=", "!=":
			p.next()
			return t.Text
		}
	case t.Kind == NAME && t.Text == "in":
		p.next()
		return "in"
	case t.Kind == NAME && t.Text == "not" && p.peek(1).Kind == NAME && p.peek(1).Text == "in":
		p.next()
		p.next()
		return "not in"
	case t.Kind == NAME && t.Text == "is":
		p.next()
		if p.acceptKw("not") {
			return "is not"
		}
		return "is"
	}
	return ""
}

func (p *parser) comparison() Expr {
	start := p.tok().Pos
	left := p.bitOr()
	var ops []string
	var comps []Expr
	for {
		op := p.compOp()
		if op == "" {
			break
		}
		ops = append(ops, op)
		comps = append(comps, p.bitOr())
	}
	if len(ops) == 0 {
		return left
	}
	return &Compare{Span: p.span(start), Left: left, Ops: ops, Comparators: comps}
}

// binary parses a left-associative level of binary operators.
func (p *parser) binary(next func() Expr, ops ...string) Expr {
	start := p.tok().Pos
	left := next()
	for {
		t := p.tok()
		if t.Kind != OP {
			return left
		}
		matched := false
		for _, op := range ops {
			if t.Text == op {
				matched = true
				break
			}
		}
		if !matched {
			return left
		}
		p.next()
		right := next()
		left = &BinOp{Span: p.span(start), Left: left, Op: t.Text, Right: right}
	}
}

func (p *parser) expr() Expr  { return p.bitOr() }
func (p *parser) bitOr() Expr { return p.binary(p.bitXor, "|") }
func (p *parser) bitXor() Expr {
	return p.binary(p.bitAnd, "^")
}
func (p *parser) bitAnd() Expr { return p.binary(p.shift, "&") }
func (p *parser) shift() Expr  { return p.binary(p.arith, "<<", ">>") }
func (p *parser) arith() Expr  { return p.binary(p.term, "+", "-") }
func (p *parser) term() Expr   { return p.binary(p.factor, "*", "/", "//", "%", "@") }

func (p *parser) factor() Expr {
	defer p.nest()()
	t := p.tok()
	if t.Kind == OP && (t.Text == "-" || t.Text == "+" || t.Text == "~") {
		p.next()
		v := p.factor()
		return &UnaryOp{Span: p.span(t.Pos), Op: t.Text, Operand: v}
	}
	return p.power()
}

func (p *parser) power() Expr {
	start := p.tok().Pos
	base := p.awaitPrimary()
	if p.acceptOp("**") {
		exp := p.factor()
		return &BinOp{Span: p.span(start), Left: base, Op: "**", Right: exp}
	}
	return base
}

func (p *parser) awaitPrimary() Expr {
	if p.isKw("await") {
		start := p.next().Pos
		v := p.primary()
		return &Await{Span: p.span(start), Value: v}
	}
	return p.primary()
}

func (p *parser) primary() Expr {
	start := p.tok().Pos
	e := p.atom()
	for {
		switch {
		case p.isOp("("):
			lparen := p.next().Pos
			args, kws := p.callArguments()
			p.expectOp(")")
			if len(args) == 1 && len(kws) == 0 {
				// A generator expression that is a call's sole argument
				// spans the call's parentheses.
				if g, ok := args[0].(*GeneratorExp); ok && g.bare {
					g.Span = p.span(lparen)
				}
			}
			e = &Call{Span: p.span(start), Func: e, Args: args, Keywords: kws}
		case p.isOp("["):
			p.next()
			s := p.subscriptList()
			p.expectOp("]")
			e = &Subscript{Span: p.span(start), Value: e, Slice: s}
		case p.isOp("."):
			p.next()
			n := p.name()
			e = &Attribute{Span: p.span(start), Value: e, Attr: n.Text}
		default:
			return e
		}
	}
}

// callArguments parses call arguments up to the closing parenthesis.
func (p *parser) callArguments() ([]Expr, []*Keyword) {
	var args []Expr
	var kws []*Keyword
	for !p.isOp(")") {
		start := p.tok().Pos
		switch {
		case p.isOp("*"):
			p.next()
			v := p.test()
			args = append(args, &Starred{Span: p.span(start), Value: v})
		case p.isOp("**"):
			p.next()
			v := p.test()
			kws = append(kws, &Keyword{Span: p.span(start), Value: v})
		case p.tok().Kind == NAME && p.peek(1).Kind == OP && p.peek(1).Text == "=" && !keywords[p.tok().Text]:
			name := p.next().Text
			p.next()
			v := p.test()
			kws = append(kws, &Keyword{Span: p.span(start), Name: name, Value: v})
		default:
			v := p.namedExprTest()
			if p.isKw("for") || p.isKw("async") {
				gens := p.comprehensionClauses()
				v = &GeneratorExp{Span: p.span(start), Elt: v, Generators: gens, bare: true}
				if len(args) > 0 || len(kws) > 0 || p.isOp(",") && p.peek(1).Kind != OP {
					p.fail(start, "Generator expression must be parenthesized")
				}
			}
			if len(kws) > 0 {
				if _, starred := v.(*Starred); !starred {
					p.fail(start, "positional argument follows keyword argument")
				}
			}
			args = append(args, v)
		}
		if !p.acceptOp(",") {
			break
		}
	}
	return args, kws
}

// subscriptList parses the inside of `x[...]`: slices and indices, a
// Tuple when there are several or a trailing comma.
func (p *parser) subscriptList() Expr {
	start := p.tok().Pos
	first := p.sliceItem()
	if !p.isOp(",") {
		return first
	}
	elts := []Expr{first}
	for p.acceptOp(",") {
		if p.isOp("]") {
			break
		}
		elts = append(elts, p.sliceItem())
	}
	return &Tuple{Span: p.span(start), Elts: elts}
}

func (p *parser) sliceItem() Expr {
	start := p.tok().Pos
	if p.isOp("*") {
		return p.starOr(p.test)
	}
	var lower Expr
	if !p.isOp(":") {
		lower = p.namedExprTest()
		if !p.isOp(":") {
			return lower
		}
	}
	p.expectOp(":")
	s := &Slice{Lower: lower}
	if !p.isOp(":") && !p.isOp("]") && !p.isOp(",") {
		s.Upper = p.test()
	}
	if p.acceptOp(":") {
		if !p.isOp("]") && !p.isOp(",") {
			s.Step = p.test()
		}
	}
	s.Span = p.span(start)
	return s
}

// comprehensionClauses parses `for t in it [if c]...` clauses.
func (p *parser) comprehensionClauses() []*Comprehension {
	var out []*Comprehension
	for p.isKw("for") || p.isKw("async") && p.peek(1).Kind == NAME && p.peek(1).Text == "for" {
		c := &Comprehension{}
		if p.acceptKw("async") {
			c.Async = true
		}
		p.expectKw("for")
		c.Target = p.targetList()
		p.expectKw("in")
		c.Iter = p.orTest()
		for p.isKw("if") {
			p.next()
			c.Ifs = append(c.Ifs, p.testNoCond())
		}
		out = append(out, c)
	}
	return out
}

func (p *parser) atom() Expr {
	t := p.tok()
	switch t.Kind {
	case NAME:
		switch t.Text {
		case "None":
			p.next()
			return &Constant{Span: Span{t.Pos, t.End}, Value: nil}
		case "True":
			p.next()
			return &Constant{Span: Span{t.Pos, t.End}, Value: true}
		case "False":
			p.next()
			return &Constant{Span: Span{t.Pos, t.End}, Value: false}
		}
		if keywords[t.Text] {
			p.fail(t.Pos, "invalid syntax: unexpected keyword '%s'", t.Text)
		}
		p.next()
		return &Name{Span: Span{t.Pos, t.End}, ID: t.Text}
	case NUMBER:
		p.next()
		v, err := parseNumber(t.Text)
		if err != nil {
			p.fail(t.Pos, "%v", err)
		}
		return &Constant{Span: Span{t.Pos, t.End}, Value: v}
	case STRING:
		return p.strings()
	case OP:
		switch t.Text {
		case "(":
			return p.parenthesized()
		case "[":
			return p.listDisplay()
		case "{":
			return p.dictOrSet()
		case "...":
			p.next()
			return &Constant{Span: Span{t.Pos, t.End}, Value: Ellipsis{}}
		}
	case NEWLINE, EOF:
		p.fail(t.Pos, "invalid syntax: unexpected end of line")
	case INDENT:
		p.fail(t.End, "unexpected indent")
	}
	p.fail(t.Pos, "invalid syntax: unexpected %s", t)
	return nil
}

func (p *parser) parenthesized() Expr {
	start := p.next().Pos
	if p.isOp(")") {
		p.next()
		return &Tuple{Span: p.span(start)}
	}
	if p.isKw("yield") {
		y := p.yieldExpr()
		p.expectOp(")")
		return y
	}
	first := p.starOr(p.namedExprTest)
	if p.isKw("for") || p.isKw("async") {
		gens := p.comprehensionClauses()
		p.expectOp(")")
		return &GeneratorExp{Span: p.span(start), Elt: first, Generators: gens}
	}
	if !p.isOp(",") {
		p.expectOp(")")
		if s, ok := first.(*Starred); ok {
			p.fail(s.Pos, "cannot use starred expression here")
		}
		return first
	}
	elts := p.displayItems(first, ")")
	return &Tuple{Span: p.span(start), Elts: elts}
}

// displayItems reads the items after the first of a tuple, list or set
// display, up to and including the closing bracket (a trailing comma
// allowed).
func (p *parser) displayItems(first Expr, closer string) []Expr {
	elts := []Expr{first}
	for p.acceptOp(",") {
		if p.isOp(closer) {
			break
		}
		elts = append(elts, p.starOr(p.namedExprTest))
	}
	p.expectOp(closer)
	return elts
}

func (p *parser) listDisplay() Expr {
	start := p.next().Pos
	if p.acceptOp("]") {
		return &List{Span: p.span(start)}
	}
	first := p.starOr(p.namedExprTest)
	if p.isKw("for") || p.isKw("async") {
		gens := p.comprehensionClauses()
		p.expectOp("]")
		return &ListComp{Span: p.span(start), Elt: first, Generators: gens}
	}
	elts := p.displayItems(first, "]")
	return &List{Span: p.span(start), Elts: elts}
}

func (p *parser) dictOrSet() Expr {
	start := p.next().Pos
	if p.acceptOp("}") {
		return &Dict{Span: p.span(start)}
	}
	// First item decides between a dict and a set.
	if p.isOp("**") {
		return p.dictRest(start, nil, nil)
	}
	first := p.starOr(p.namedExprTest)
	if p.acceptOp(":") {
		v := p.test()
		if p.isKw("for") || p.isKw("async") {
			gens := p.comprehensionClauses()
			p.expectOp("}")
			return &DictComp{Span: p.span(start), Key: first, Value: v, Generators: gens}
		}
		return p.dictRest(start, first, v)
	}
	if p.isKw("for") || p.isKw("async") {
		gens := p.comprehensionClauses()
		p.expectOp("}")
		return &SetComp{Span: p.span(start), Elt: first, Generators: gens}
	}
	elts := p.displayItems(first, "}")
	return &Set{Span: p.span(start), Elts: elts}
}

// dictRest parses the remaining items of a dict display; k, v is the
// first item when already parsed.
func (p *parser) dictRest(start Pos, k, v Expr) Expr {
	d := &Dict{}
	if v != nil {
		d.Keys = append(d.Keys, k)
		d.Values = append(d.Values, v)
		if !p.acceptOp(",") {
			p.expectOp("}")
			d.Span = p.span(start)
			return d
		}
	}
	for !p.isOp("}") {
		if p.acceptOp("**") {
			d.Keys = append(d.Keys, nil)
			d.Values = append(d.Values, p.bitOr())
		} else {
			key := p.test()
			p.expectOp(":")
			d.Keys = append(d.Keys, key)
			d.Values = append(d.Values, p.test())
		}
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp("}")
	d.Span = p.span(start)
	return d
}
