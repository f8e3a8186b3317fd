package filecheck

import (
	"bytes"
	"strings"

	"github.com/ttcompiler/tt/filecheck/internal/ere"
)

// matchResult is the outcome of matching a pattern in a search range.
// found with errs set means the match happened but something after it failed
// (a captured numeric value out of range).
type matchResult struct {
	found    bool
	pos, len int // absolute input offsets
	errs     []*diagError
}

// match searches input[start:end] for p.
func (fc *checker) match(p *pattern, start, end int) matchResult {
	in := fc.input.text
	if p.ty.kind == kindEOF {
		return matchResult{found: true, pos: end}
	}
	if p.broken {
		return matchResult{}
	}
	if p.fixed != "" {
		var i int
		if p.ignoreCase {
			i = indexFold(in[start:end], p.fixed)
		} else {
			i = bytes.Index(in[start:end], []byte(p.fixed))
		}
		if i < 0 {
			return matchResult{}
		}
		return matchResult{found: true, pos: start + i, len: len(p.fixed)}
	}

	expr := p.regex
	if len(p.substs) > 0 {
		if p.line != 0 {
			fc.ctx.lineVar.value = bigInt(int64(p.line))
		}
		var b strings.Builder
		var errs []*diagError
		last := 0
		for _, s := range p.substs {
			val, sErrs := fc.substitutionValue(s)
			if sErrs != nil {
				errs = append(errs, sErrs...)
				continue
			}
			b.WriteString(p.regex[last:s.index])
			b.WriteString(val)
			last = s.index
		}
		if errs != nil {
			return matchResult{errs: errs}
		}
		b.WriteString(p.regex[last:])
		expr = b.String()
	}

	re, err := fc.compile(expr, p.ignoreCase)
	if err != nil {
		// Each piece was valid on its own, but the assembled expression is
		// not (a back-reference inside {{...}} numbers groups globally).
		// LLVM's match then just fails.
		return matchResult{}
	}
	m, err := re.Match(fc.subject, start, end)
	if err != nil {
		return matchResult{errs: []*diagError{newDiagError(sref{}, err.Error())}}
	}
	if m == nil {
		return matchResult{}
	}
	for _, name := range p.sortedStrDefs() {
		g := p.strDefs[name]
		v := strValue{}
		if 2*g+1 < len(m) && m[2*g] >= 0 {
			v = strValue{val: string(in[m[2*g]:m[2*g+1]]), from: srcRange{m[2*g], m[2*g+1]}, captured: true}
		}
		fc.ctx.strVars[name] = v
	}
	skip := 0
	if p.ty.kind == kindEmpty {
		skip = 1
	}
	res := matchResult{found: true, pos: m[0] + skip, len: m[1] - m[0] - skip}
	for _, name := range p.sortedNumDefs() {
		d := p.numDefs[name]
		g := d.group
		if 2*g+1 >= len(m) || m[2*g] < 0 {
			continue
		}
		text := sref{fc.input, m[2*g], m[2*g+1]}
		val, derr := d.v.format.valueFromString(text)
		if derr != nil {
			res.errs = []*diagError{derr}
			return res
		}
		d.v.value = val
		d.v.matched = text
		d.v.captured = true
	}
	return res
}

// substitutionValue returns the regex text a substitution expands to.
func (fc *checker) substitutionValue(s *substitution) (string, []*diagError) {
	if s.expr == nil {
		v, ok := fc.ctx.strVars[s.from.String()]
		if !ok {
			return "", []*diagError{newDiagError(s.from, "undefined variable: "+s.from.String())}
		}
		return regexEscape(v.val), nil
	}
	val, evalErrs := s.expr.ast.eval()
	if evalErrs != nil {
		var errs []*diagError
		for _, e := range evalErrs {
			if e.overflow {
				errs = append(errs, newDiagError(s.from, "unable to substitute variable or numeric expression: overflow error"))
			} else {
				errs = append(errs, newDiagError(e.name, "undefined variable: "+e.name.String()))
			}
		}
		return "", errs
	}
	str, err := s.expr.format.matchingString(val)
	if err != nil {
		return "", []*diagError{newDiagError(s.from, "unable to substitute variable or numeric expression: overflow error")}
	}
	return str, nil
}

func (fc *checker) compile(expr string, ignoreCase bool) (*ere.Regexp, error) {
	key := expr
	if ignoreCase {
		key = "i:" + expr
	} else {
		key = "c:" + expr
	}
	if re, ok := fc.reCache[key]; ok {
		return re, nil
	}
	re, err := ere.Compile(expr, ignoreCase)
	if err != nil {
		return nil, err
	}
	fc.reCache[key] = re
	return re, nil
}

// indexFold is an ASCII case-insensitive bytes.Index.
func indexFold(s []byte, sub string) int {
	n := len(sub)
	for i := 0; i+n <= len(s); i++ {
		if equalFoldASCII(s[i:i+n], sub) {
			return i
		}
	}
	return -1
}

func equalFoldASCII(a []byte, b string) bool {
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
