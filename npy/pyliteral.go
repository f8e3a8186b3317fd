package npy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file parses the subset of Python literal syntax that appears in .npy
// headers: dict, tuple, list, str, int, True, False and None.

// pyValue is a parsed Python literal. Its dynamic type is one of:
// pyDict, pyTuple, pyList, string, pyInt, bool, or nil (None).
type pyValue any

// pyInt is a Python int. Values outside the int64 range are only recorded
// as such: no .npy header field can use them.
type pyInt struct {
	v        int64
	overflow bool
}

// pyDict keeps keys in source order; duplicate keys are rejected.
type pyDict struct {
	keys   []string
	values map[string]pyValue
}

type pyTuple []pyValue

type pyList []pyValue

// maxLiteralDepth bounds nesting so hostile headers cannot exhaust the stack.
const maxLiteralDepth = 32

type pyParser struct {
	src   string
	pos   int
	depth int
}

// parsePyLiteral parses exactly one literal from s, allowing surrounding
// whitespace.
func parsePyLiteral(s string) (pyValue, error) {
	p := &pyParser{src: s}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos != len(p.src) {
		return nil, p.errorf("unexpected %q after literal", p.src[p.pos])
	}
	return v, nil
}

func (p *pyParser) errorf(format string, args ...any) error {
	return fmt.Errorf("npy: header offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *pyParser) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.pos++
		default:
			return
		}
	}
}

func (p *pyParser) value() (pyValue, error) {
	p.skipSpace()
	if p.pos >= len(p.src) {
		return nil, p.errorf("unexpected end of header")
	}
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.nested(p.dict)
	case c == '(':
		return p.nested(p.tuple)
	case c == '[':
		return p.nested(p.list)
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c == '+' || isDigit(c):
		return p.integer()
	case isIdentStart(c):
		return p.keyword()
	default:
		return nil, p.errorf("unexpected %q", c)
	}
}

func (p *pyParser) nested(parse func() (pyValue, error)) (pyValue, error) {
	if p.depth >= maxLiteralDepth {
		return nil, p.errorf("literal nested deeper than %d", maxLiteralDepth)
	}
	p.depth++
	defer func() { p.depth-- }()
	return parse()
}

// sequence parses comma-separated items up to the closing byte, allowing a
// trailing comma. It reports whether a comma appeared (to tell "(1)" from
// "(1,)").
func (p *pyParser) sequence(close byte, item func() error) (sawComma bool, err error) {
	p.pos++ // opening bracket
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return false, p.errorf("missing %q", close)
		}
		if p.src[p.pos] == close {
			p.pos++
			return sawComma, nil
		}
		if err := item(); err != nil {
			return false, err
		}
		p.skipSpace()
		if p.pos >= len(p.src) {
			return false, p.errorf("missing %q", close)
		}
		switch p.src[p.pos] {
		case ',':
			p.pos++
			sawComma = true
		case close:
		default:
			return false, p.errorf("expected ',' or %q, found %q", close, p.src[p.pos])
		}
	}
}

func (p *pyParser) dict() (pyValue, error) {
	d := pyDict{values: map[string]pyValue{}}
	_, err := p.sequence('}', func() error {
		keyPos := p.pos
		k, err := p.value()
		if err != nil {
			return err
		}
		key, ok := k.(string)
		if !ok {
			p.pos = keyPos
			return p.errorf("dict key must be a string")
		}
		if _, dup := d.values[key]; dup {
			p.pos = keyPos
			return p.errorf("duplicate key %q", clip(key))
		}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return p.errorf("expected ':' after key %q", clip(key))
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return err
		}
		d.keys = append(d.keys, key)
		d.values[key] = v
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (p *pyParser) tuple() (pyValue, error) {
	var t pyTuple
	sawComma, err := p.sequence(')', func() error {
		v, err := p.value()
		t = append(t, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(t) == 1 && !sawComma {
		// "(x)" is a parenthesized expression, not a tuple.
		return t[0], nil
	}
	if t == nil {
		t = pyTuple{}
	}
	return t, nil
}

func (p *pyParser) list() (pyValue, error) {
	l := pyList{}
	_, err := p.sequence(']', func() error {
		v, err := p.value()
		l = append(l, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	return l, nil
}

// str parses a single- or double-quoted string with an optional r/b/u
// prefix already consumed by keyword. Escapes follow Python: \\ \' \" \n \t
// \r \0 \xHH \uHHHH; unknown escapes are kept verbatim.
func (p *pyParser) str() (pyValue, error) {
	return p.quoted(false)
}

func (p *pyParser) quoted(raw bool) (pyValue, error) {
	quote := p.src[p.pos]
	p.pos++
	var b strings.Builder
	for {
		if p.pos >= len(p.src) {
			return nil, p.errorf("unterminated string")
		}
		c := p.src[p.pos]
		switch {
		case c == quote:
			p.pos++
			return b.String(), nil
		case c == '\n':
			return nil, p.errorf("newline in string")
		case c == '\\' && !raw:
			if err := p.escape(&b); err != nil {
				return nil, err
			}
		case c == '\\': // raw string: backslash escapes nothing but the quote
			b.WriteByte(c)
			p.pos++
			if p.pos < len(p.src) && p.src[p.pos] == quote {
				b.WriteByte(quote)
				p.pos++
			}
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
}

func (p *pyParser) escape(b *strings.Builder) error {
	p.pos++ // backslash
	if p.pos >= len(p.src) {
		return p.errorf("unterminated string")
	}
	c := p.src[p.pos]
	p.pos++
	switch c {
	case '\\', '\'', '"':
		b.WriteByte(c)
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case '0':
		b.WriteByte(0)
	case 'x', 'u':
		n := 2
		if c == 'u' {
			n = 4
		}
		if p.pos+n > len(p.src) {
			return p.errorf("truncated \\%c escape", c)
		}
		r, err := strconv.ParseUint(p.src[p.pos:p.pos+n], 16, 32)
		if err != nil {
			return p.errorf("invalid \\%c escape", c)
		}
		p.pos += n
		b.WriteRune(rune(r))
	default:
		b.WriteByte('\\')
		b.WriteByte(c)
	}
	return nil
}

func (p *pyParser) integer() (pyValue, error) {
	start := p.pos
	if c := p.src[p.pos]; c == '-' || c == '+' {
		p.pos++
	}
	digits := p.pos
	for p.pos < len(p.src) && (isDigit(p.src[p.pos]) || p.src[p.pos] == '_') {
		p.pos++
	}
	text := strings.ReplaceAll(p.src[start:p.pos], "_", "")
	if p.pos == digits {
		return nil, p.errorf("expected digits")
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'L' || p.src[p.pos] == 'l') {
		p.pos++ // Python 2 long suffix, as in (3L,)
	}
	if p.pos < len(p.src) && (isIdentStart(p.src[p.pos]) || p.src[p.pos] == '.') {
		return nil, p.errorf("unsupported number syntax")
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return pyInt{overflow: true}, nil
		}
		return nil, p.errorf("invalid integer %q", clip(text))
	}
	return pyInt{v: n}, nil
}

func (p *pyParser) keyword() (pyValue, error) {
	start := p.pos
	for p.pos < len(p.src) && (isIdentStart(p.src[p.pos]) || isDigit(p.src[p.pos])) {
		p.pos++
	}
	word := p.src[start:p.pos]
	switch word {
	case "True":
		return true, nil
	case "False":
		return false, nil
	case "None":
		return nil, nil
	}
	// String prefixes: u'..', b'..', r'..' and combinations like rb.
	if p.pos < len(p.src) && (p.src[p.pos] == '\'' || p.src[p.pos] == '"') && len(word) <= 2 {
		lower := strings.ToLower(word)
		if lower == "u" || lower == "b" || lower == "r" || lower == "br" || lower == "rb" {
			return p.quoted(strings.Contains(lower, "r"))
		}
	}
	p.pos = start
	return nil, p.errorf("unexpected name %q", clip(word))
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= utf8.RuneSelf
}

// clip shortens text quoted in error messages.
func clip(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}
