package asmfmt

import (
	"fmt"
	"strings"
)

// The compiled form of an assembly format: a list of elements.

type element interface{ isElement() }

type (
	// literal is a keyword or punctuation written in backquotes.
	literal struct{ text string }
	// space is `` (no space) or ` ` (one space) or `\n`.
	space struct{ text string }
	// operandVar is $operand.
	operandVar struct{ idx int }
	// resultVar is $result (only inside type directives).
	resultVar struct{ idx int }
	// attrVar is $attribute.
	attrVar struct{ a *Attr }
	// regionVar is $region.
	regionVar struct{ idx int }
	// attrDict is attr-dict or attr-dict-with-keyword.
	attrDict struct{ keyword bool }
	// typeDir is type(arg) or qualified(type(arg)).
	typeDir struct {
		arg       element
		qualified bool
	}
	// operandsDir and resultsDir stand for all operands / results.
	operandsDir struct{}
	resultsDir  struct{}
	// functionalType is functional-type(in, out).
	functionalType struct{ in, out element }
	// group is an optional group (then)? or (then) : (els)?.
	group struct {
		then, els []element
		anchor    element
	}
	// oilist is oilist(`kw` elems | ...).
	oilist struct{ clauses []oiClause }
	// custom is custom<Name>(args).
	custom struct {
		name string
		args []string
		dir  Directive
	}
	// qualifiedAttr is qualified($attr).
	qualifiedAttr struct{ a *Attr }
)

type oiClause struct {
	kw    string
	elems []element
}

func (literal) isElement()        {}
func (space) isElement()          {}
func (operandVar) isElement()     {}
func (resultVar) isElement()      {}
func (attrVar) isElement()        {}
func (regionVar) isElement()      {}
func (attrDict) isElement()       {}
func (typeDir) isElement()        {}
func (operandsDir) isElement()    {}
func (resultsDir) isElement()     {}
func (functionalType) isElement() {}
func (*group) isElement()         {}
func (*oilist) isElement()        {}
func (custom) isElement()         {}
func (qualifiedAttr) isElement()  {}

// ---- format lexer ----

type ftok struct {
	kind byte // '`' literal, '$' variable, 'a' identifier, or a punctuation char
	text string
}

func lexFormat(s string) ([]ftok, error) {
	var out []ftok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return nil, fmt.Errorf("unterminated literal in %q", s)
			}
			out = append(out, ftok{'`', s[i+1 : i+1+j]})
			i += j + 2
		case c == '$':
			j := i + 1
			for j < len(s) && (isAlnum(s[j]) || s[j] == '_') {
				j++
			}
			out = append(out, ftok{'$', s[i+1 : j]})
			i = j
		case isAlnum(c):
			j := i
			for j < len(s) && (isAlnum(s[j]) || s[j] == '_' || s[j] == '-') {
				j++
			}
			out = append(out, ftok{'a', s[i:j]})
			i = j
		case strings.IndexByte("(),^?:<>|", c) >= 0:
			out = append(out, ftok{c, string(c)})
			i++
		default:
			return nil, fmt.Errorf("unexpected %q in format %q", c, s)
		}
	}
	return out, nil
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ---- format compiler ----

type compiler struct {
	spec *Spec
	toks []ftok
	pos  int
}

func (c *compiler) peek() ftok {
	if c.pos < len(c.toks) {
		return c.toks[c.pos]
	}
	return ftok{}
}

func (c *compiler) next() ftok {
	t := c.peek()
	c.pos++
	return t
}

func (c *compiler) expect(k byte) error {
	if t := c.next(); t.kind != k {
		return fmt.Errorf("expected %q in format, got %q", k, t.text)
	}
	return nil
}

// compile turns the spec's format into elements.
func compile(s *Spec) ([]element, error) {
	toks, err := lexFormat(s.Format)
	if err != nil {
		return nil, err
	}
	c := &compiler{spec: s, toks: toks}
	els, _, err := c.elements(false)
	if err != nil {
		return nil, err
	}
	if c.pos != len(c.toks) {
		return nil, fmt.Errorf("trailing %q in format %q", c.peek().text, s.Format)
	}
	return els, nil
}

// elements parses elements up to a closing `)` or `|` (not consumed);
// inGroup allows `^` anchors, whose element is returned.
func (c *compiler) elements(inGroup bool) ([]element, element, error) {
	var out []element
	var anchor element
	for c.pos < len(c.toks) {
		t := c.peek()
		if t.kind == ')' || t.kind == '|' {
			break
		}
		e, err := c.element()
		if err != nil {
			return nil, nil, err
		}
		if c.peek().kind == '^' {
			if !inGroup {
				return nil, nil, fmt.Errorf("anchor outside an optional group")
			}
			c.next()
			anchor = e
		}
		out = append(out, e)
	}
	return out, anchor, nil
}

func (c *compiler) element() (element, error) {
	t := c.next()
	switch t.kind {
	case '`':
		switch t.text {
		case "", " ", "\\n":
			return space{t.text}, nil
		}
		return literal{t.text}, nil
	case '$':
		return c.variable(t.text)
	case '(':
		return c.group()
	case 'a':
		return c.directive(t.text)
	}
	return nil, fmt.Errorf("unexpected %q in format %q", t.text, c.spec.Format)
}

func (c *compiler) variable(name string) (element, error) {
	if i, _ := c.spec.operand(name); i >= 0 {
		return operandVar{i}, nil
	}
	if a := c.spec.attr(name); a != nil {
		return attrVar{a}, nil
	}
	if i := c.spec.region(name); i >= 0 {
		return regionVar{i}, nil
	}
	if i, _ := c.spec.result(name); i >= 0 {
		return resultVar{i}, nil
	}
	return nil, fmt.Errorf("unknown variable $%s in format %q", name, c.spec.Format)
}

func (c *compiler) group() (element, error) {
	then, anchor, err := c.elements(true)
	if err != nil {
		return nil, err
	}
	if err := c.expect(')'); err != nil {
		return nil, err
	}
	g := &group{then: then, anchor: anchor}
	if c.peek().kind == ':' {
		c.next()
		if err := c.expect('('); err != nil {
			return nil, err
		}
		if g.els, _, err = c.elements(false); err != nil {
			return nil, err
		}
		if err := c.expect(')'); err != nil {
			return nil, err
		}
	}
	if err := c.expect('?'); err != nil {
		return nil, err
	}
	if g.anchor == nil {
		return nil, fmt.Errorf("optional group without anchor in %q", c.spec.Format)
	}
	return g, nil
}

func (c *compiler) directive(name string) (element, error) {
	switch name {
	case "attr-dict":
		return attrDict{false}, nil
	case "attr-dict-with-keyword":
		return attrDict{true}, nil
	case "operands":
		return operandsDir{}, nil
	case "results":
		return resultsDir{}, nil
	case "type":
		if err := c.expect('('); err != nil {
			return nil, err
		}
		arg, err := c.typeArg()
		if err != nil {
			return nil, err
		}
		return typeDir{arg: arg}, c.expect(')')
	case "qualified":
		if err := c.expect('('); err != nil {
			return nil, err
		}
		inner, err := c.element()
		if err != nil {
			return nil, err
		}
		if err := c.expect(')'); err != nil {
			return nil, err
		}
		switch in := inner.(type) {
		case typeDir:
			in.qualified = true
			return in, nil
		case attrVar:
			return qualifiedAttr{in.a}, nil
		}
		return nil, fmt.Errorf("qualified of %T", inner)
	case "functional-type":
		if err := c.expect('('); err != nil {
			return nil, err
		}
		in, err := c.typeArg()
		if err != nil {
			return nil, err
		}
		if err := c.expect(','); err != nil {
			return nil, err
		}
		out, err := c.typeArg()
		if err != nil {
			return nil, err
		}
		return functionalType{in, out}, c.expect(')')
	case "custom":
		if err := c.expect('<'); err != nil {
			return nil, err
		}
		n := c.next().text
		if err := c.expect('>'); err != nil {
			return nil, err
		}
		if err := c.expect('('); err != nil {
			return nil, err
		}
		var args []string
		for c.peek().kind != ')' {
			t := c.next()
			switch t.kind {
			case '$':
				args = append(args, t.text)
			case 'a':
				// type($x) / ref(...) arguments: keep the variable name
				// with its directive.
				if err := c.expect('('); err != nil {
					return nil, err
				}
				v := c.next()
				args = append(args, t.text+":"+v.text)
				if err := c.expect(')'); err != nil {
					return nil, err
				}
			case ',':
			default:
				return nil, fmt.Errorf("bad custom directive argument %q", t.text)
			}
		}
		c.next()
		d, ok := c.spec.Custom[n]
		if !ok {
			return nil, fmt.Errorf("custom directive %q not provided", n)
		}
		return custom{name: n, args: args, dir: d}, nil
	case "oilist":
		if err := c.expect('('); err != nil {
			return nil, err
		}
		ol := &oilist{}
		for {
			kw := c.next()
			if kw.kind != '`' {
				return nil, fmt.Errorf("oilist clause must start with a literal")
			}
			els, _, err := c.elements(false)
			if err != nil {
				return nil, err
			}
			ol.clauses = append(ol.clauses, oiClause{kw: kw.text, elems: els})
			if c.peek().kind == '|' {
				c.next()
				continue
			}
			break
		}
		return ol, c.expect(')')
	}
	return nil, fmt.Errorf("unknown directive %q in format %q", name, c.spec.Format)
}

// typeArg is the argument of a type directive.
func (c *compiler) typeArg() (element, error) {
	t := c.next()
	switch {
	case t.kind == '$':
		if i, _ := c.spec.operand(t.text); i >= 0 {
			return operandVar{i}, nil
		}
		if i, _ := c.spec.result(t.text); i >= 0 {
			return resultVar{i}, nil
		}
		return nil, fmt.Errorf("type of unknown $%s", t.text)
	case t.kind == 'a' && t.text == "operands":
		return operandsDir{}, nil
	case t.kind == 'a' && t.text == "results":
		return resultsDir{}, nil
	}
	return nil, fmt.Errorf("bad type directive argument %q", t.text)
}

// usedAttrs lists the attributes the format prints itself.
func usedAttrs(els []element, out map[string]bool) {
	for _, e := range els {
		switch e := e.(type) {
		case attrVar:
			out[e.a.Name] = true
		case qualifiedAttr:
			out[e.a.Name] = true
		case *group:
			usedAttrs(e.then, out)
			usedAttrs(e.els, out)
		case *oilist:
			for _, cl := range e.clauses {
				usedAttrs(cl.elems, out)
			}
		case custom:
			for _, a := range e.args {
				out[a] = true
			}
		}
	}
}
