package lit

import (
	"fmt"
	"regexp"
	"strings"
)

// Boolean expressions of REQUIRES, UNSUPPORTED and XFAIL, as lit's
// BooleanExpression: identifiers (letters, digits and -+=._, possibly with
// {{regex}} parts) are true when they name an available feature; "true",
// "!", "&&", "||" and parentheses combine them.

var boolTokenRE = regexp.MustCompile(`^\s*(\(|\)|&&|\|\||!|(?:[-+=._a-zA-Z0-9]+|\{\{.+?\}\})+)\s*`)

func boolTokens(expr string) ([]string, error) {
	var toks []string
	rest := expr
	for strings.TrimSpace(rest) != "" {
		m := boolTokenRE.FindStringSubmatchIndex(rest)
		if m == nil {
			return nil, fmt.Errorf("couldn't parse text %q in %q", strings.TrimSpace(rest), expr)
		}
		toks = append(toks, rest[m[2]:m[3]])
		rest = rest[m[1]:]
	}
	return toks, nil
}

type boolParser struct {
	toks     []string
	pos      int
	features map[string]bool
	expr     string
}

func (p *boolParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *boolParser) or() (bool, error) {
	v, err := p.and()
	for err == nil && p.peek() == "||" {
		p.pos++
		var r bool
		r, err = p.and()
		v = v || r
	}
	return v, err
}

func (p *boolParser) and() (bool, error) {
	v, err := p.not()
	for err == nil && p.peek() == "&&" {
		p.pos++
		var r bool
		r, err = p.not()
		v = v && r
	}
	return v, err
}

func (p *boolParser) not() (bool, error) {
	switch t := p.peek(); t {
	case "!":
		p.pos++
		v, err := p.not()
		return !v, err
	case "(":
		p.pos++
		v, err := p.or()
		if err != nil {
			return false, err
		}
		if p.peek() != ")" {
			return false, fmt.Errorf("expected ')' in %q", p.expr)
		}
		p.pos++
		return v, nil
	case "", ")", "&&", "||":
		return false, fmt.Errorf("expected a feature name in %q", p.expr)
	default:
		p.pos++
		return p.feature(t)
	}
}

func (p *boolParser) feature(name string) (bool, error) {
	if name == "true" {
		return true, nil
	}
	if !strings.Contains(name, "{{") {
		return p.features[name], nil
	}
	var b strings.Builder
	b.WriteString("^(?:")
	rest := name
	for rest != "" {
		i := strings.Index(rest, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(rest))
			break
		}
		b.WriteString(regexp.QuoteMeta(rest[:i]))
		j := strings.Index(rest[i:], "}}")
		b.WriteString("(?:" + rest[i+2:i+j] + ")")
		rest = rest[i+j+2:]
	}
	b.WriteString(")$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return false, fmt.Errorf("bad regex in %q: %v", name, err)
	}
	for f := range p.features {
		if re.MatchString(f) {
			return true, nil
		}
	}
	return false, nil
}

// evalBoolExpr evaluates expr with the given features.
func evalBoolExpr(expr string, features map[string]bool) (bool, error) {
	toks, err := boolTokens(expr)
	if err != nil {
		return false, err
	}
	p := &boolParser{toks: toks, features: features, expr: expr}
	v, err := p.or()
	if err == nil && p.pos != len(toks) {
		err = fmt.Errorf("unexpected %q in %q", p.peek(), expr)
	}
	return v, err
}

// checkBoolExpr reports syntax errors in expr.
func checkBoolExpr(expr string) error {
	_, err := evalBoolExpr(expr, nil)
	return err
}
