package python

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// parseNumber converts a NUMBER token to *big.Int, float64 or complex128.
func parseNumber(text string) (any, error) {
	s := strings.ReplaceAll(text, "_", "")
	last := s[len(s)-1]
	if last == 'j' || last == 'J' {
		f, err := strconv.ParseFloat(s[:len(s)-1], 64)
		if err != nil {
			return nil, fmt.Errorf("invalid imaginary literal %s", text)
		}
		return complex(0, f), nil
	}
	if len(s) > 1 && s[0] == '0' && strings.ContainsRune("xXoObB", rune(s[1])) {
		v, ok := new(big.Int).SetString(s[2:], map[byte]int{'x': 16, 'o': 8, 'b': 2}[s[1]|0x20])
		if !ok {
			return nil, fmt.Errorf("invalid integer literal %s", text)
		}
		return v, nil
	}
	if strings.ContainsAny(s, ".eE") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			// Overflow gives inf in Python.
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return f, nil
			}
			return nil, fmt.Errorf("invalid float literal %s", text)
		}
		return f, nil
	}
	if len(s) > 1 && s[0] == '0' && strings.Trim(s, "0") != "" {
		return nil, fmt.Errorf("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil, fmt.Errorf("invalid integer literal %s", text)
	}
	return v, nil
}

// literal is one string token split into its parts.
type literal struct {
	tok          Token
	raw, b, f    bool
	body         string // between the quotes
	bodyPos      Pos    // position of the body's first byte
	quoteLen     int
	prefixLength int
}

func splitLiteral(t Token) literal {
	l := literal{tok: t}
	i := 0
	for i < len(t.Text) && t.Text[i] != '"' && t.Text[i] != '\'' {
		switch t.Text[i] | 0x20 {
		case 'r':
			l.raw = true
		case 'b':
			l.b = true
		case 'f':
			l.f = true
		}
		i++
	}
	l.prefixLength = i
	q := t.Text[i]
	l.quoteLen = 1
	if strings.HasPrefix(t.Text[i:], strings.Repeat(string(q), 3)) && len(t.Text)-i >= 6 {
		l.quoteLen = 3
	}
	l.body = t.Text[i+l.quoteLen : len(t.Text)-l.quoteLen]
	l.bodyPos = Pos{t.Pos.Line, t.Pos.Col + i + l.quoteLen}
	return l
}

// advance returns the position after text that starts at pos.
func advance(pos Pos, text string) Pos {
	for _, c := range []byte(text) {
		if c == '\n' {
			pos.Line++
			pos.Col = 0
		} else {
			pos.Col++
		}
	}
	return pos
}

// strings parses adjacent string literals (implicit concatenation) into
// a Constant, or a JoinedStr when one of them is an f-string.
func (p *parser) strings() Expr {
	start := p.tok().Pos
	var lits []literal
	for p.tok().Kind == STRING {
		lits = append(lits, splitLiteral(p.next()))
	}
	span := p.span(start)
	isBytes := lits[0].b
	anyF := false
	for _, l := range lits {
		if l.b != isBytes {
			p.fail(l.tok.Pos, "cannot mix bytes and nonbytes literals")
		}
		anyF = anyF || l.f
	}
	if !anyF {
		var sb strings.Builder
		for _, l := range lits {
			s, err := unescape(l.body, l.raw, l.b)
			if err != nil {
				p.fail(l.tok.Pos, "%v", err)
			}
			sb.WriteString(s)
		}
		if isBytes {
			return &Constant{Span: span, Value: []byte(sb.String())}
		}
		return &Constant{Span: span, Value: sb.String()}
	}
	js := &JoinedStr{Span: span}
	var pending strings.Builder
	flush := func() {
		if pending.Len() > 0 {
			js.Values = append(js.Values, &Constant{Span: span, Value: pending.String()})
			pending.Reset()
		}
	}
	for _, l := range lits {
		if !l.f {
			s, err := unescape(l.body, l.raw, false)
			if err != nil {
				p.fail(l.tok.Pos, "%v", err)
			}
			pending.WriteString(s)
			continue
		}
		for _, part := range p.fstring(l.body, l.bodyPos, l.raw, 0) {
			if c, ok := part.(*Constant); ok {
				pending.WriteString(c.Value.(string))
				continue
			}
			flush()
			js.Values = append(js.Values, part)
		}
	}
	flush()
	return js
}

// fstring splits the body of an f-string into constant text and
// formatted fields, parsing each field's expression where it stands.
func (p *parser) fstring(body string, pos Pos, raw bool, nesting int) []Expr {
	if nesting > 2 {
		p.fail(pos, "f-string: expressions nested too deeply")
	}
	var out []Expr
	var text strings.Builder
	flushText := func() {
		if text.Len() == 0 {
			return
		}
		s, err := unescape(text.String(), raw, false)
		if err != nil {
			p.fail(pos, "%v", err)
		}
		out = append(out, &Constant{Span: Span{pos, pos}, Value: s})
		text.Reset()
	}
	i := 0
	for i < len(body) {
		c := body[i]
		switch {
		case c == '{' && i+1 < len(body) && body[i+1] == '{':
			text.WriteByte('{')
			i += 2
		case c == '}' && i+1 < len(body) && body[i+1] == '}':
			text.WriteByte('}')
			i += 2
		case c == '}':
			p.fail(advance(pos, body[:i]), "f-string: single '}' is not allowed")
		case c == '{':
			flushText()
			end := p.fieldEnd(body, i, pos)
			out = append(out, p.formattedField(body[i+1:end], advance(pos, body[:i+1]), raw, nesting)...)
			i = end + 1
		default:
			text.WriteByte(c)
			i++
		}
	}
	flushText()
	return out
}

// fieldEnd finds the '}' closing the replacement field opened at body[open].
func (p *parser) fieldEnd(body string, open int, pos Pos) int {
	depth := 0
	for j := open + 1; j < len(body); j++ {
		switch c := body[j]; c {
		case '{', '[', '(':
			depth++
		case ']', ')':
			depth--
		case '}':
			if depth == 0 {
				return j
			}
			depth--
		case '\'', '"':
			k := j + 1
			for k < len(body) && body[k] != c {
				if body[k] == '\\' {
					k++
				}
				k++
			}
			j = k
		}
	}
	p.fail(advance(pos, body[:open]), "f-string: expecting '}'")
	return 0
}

// formattedField parses `expr[=][!conv][:spec]` found at pos.
func (p *parser) formattedField(field string, pos Pos, raw bool, nesting int) []Expr {
	// Split off the conversion and format spec at depth 0.
	exprEnd, conv, specStart := len(field), rune(0), -1
	depth := 0
	for j := 0; j < len(field); j++ {
		c := field[j]
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '\'', '"':
			k := j + 1
			for k < len(field) && field[k] != c {
				k++
			}
			j = k
		case '!':
			if depth == 0 && (j+1 >= len(field) || field[j+1] != '=') {
				exprEnd = j
				if j+1 < len(field) {
					conv = rune(field[j+1])
				}
				if j+2 < len(field) && field[j+2] == ':' {
					specStart = j + 3
				} else if j+2 != len(field) {
					p.fail(advance(pos, field[:j]), "f-string: invalid conversion character")
				}
				goto split
			}
		case ':':
			if depth == 0 {
				exprEnd = j
				specStart = j + 1
				goto split
			}
		}
	}
split:
	exprText := field[:exprEnd]
	var out []Expr
	debugText := ""
	if t := strings.TrimRight(exprText, " "); strings.HasSuffix(t, "=") && !strings.HasSuffix(t, "==") &&
		!strings.HasSuffix(t, "!=") && !strings.HasSuffix(t, "<=") && !strings.HasSuffix(t, ">=") {
		debugText = exprText
		exprText = t[:len(t)-1]
		if conv == 0 && specStart < 0 {
			conv = 'r'
		}
	}
	if strings.TrimSpace(exprText) == "" {
		p.fail(pos, "f-string: empty expression not allowed")
	}
	if conv != 0 && conv != 's' && conv != 'r' && conv != 'a' {
		p.fail(advance(pos, field[:exprEnd]), "f-string: invalid conversion character '%c': expected 's', 'r', or 'a'", conv)
	}
	e := p.subExpression(exprText, pos)
	if debugText != "" {
		out = append(out, &Constant{Span: Span{pos, pos}, Value: debugText})
	}
	fv := &FormattedValue{Span: Span{pos, advance(pos, field)}, Value: e, Conversion: conv}
	if specStart >= 0 {
		specPos := advance(pos, field[:specStart])
		fv.Spec = &JoinedStr{Span: Span{specPos, advance(pos, field)}, Values: p.fstring(field[specStart:], specPos, raw, nesting+1)}
	}
	return append(out, fv)
}

// subExpression parses the expression of an f-string field, found at pos
// in the file, with positions relative to the file.
func (p *parser) subExpression(text string, pos Pos) Expr {
	// Lex inside parentheses so newlines and leading spaces are harmless;
	// shift the positions back by the added '('.
	toks, err := tokenize(p.file, "("+text+")")
	if err != nil {
		e := err.(*Error)
		e.Pos = shiftPos(e.Pos, pos)
		panic(e)
	}
	for k := range toks {
		toks[k].Pos = shiftPos(toks[k].Pos, pos)
		toks[k].End = shiftPos(toks[k].End, pos)
	}
	sub := &parser{file: p.file, toks: toks}
	sub.expectOp("(")
	e := sub.testList(true)
	sub.expectOp(")")
	if sub.tok().Kind != NEWLINE && sub.tok().Kind != EOF {
		sub.fail(sub.tok().Pos, "f-string: invalid syntax")
	}
	return e
}

// shiftPos maps a position in "(" + text + ")" lexed from 1:0 to the file,
// where text starts at base.
func shiftPos(q, base Pos) Pos {
	if q.Line == 1 {
		return Pos{base.Line, base.Col + q.Col - 1}
	}
	return Pos{base.Line + q.Line - 1, q.Col}
}

// unescape decodes the escape sequences of a (non-raw) string body.
func unescape(s string, raw, isBytes bool) (string, error) {
	s = normalizeNewlines(s)
	if raw || !strings.Contains(s, "\\") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case '\n':
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'f':
			b.WriteByte(12)
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte(11)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := 0, 0
			for n < 3 && i < len(s) && s[i] >= '0' && s[i] <= '7' {
				v = v*8 + int(s[i]-'0')
				i++
				n++
			}
			i--
			writeCode(&b, v, isBytes)
		case 'x':
			if i+3 > len(s) {
				return "", fmt.Errorf("truncated \\xXX escape")
			}
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				return "", fmt.Errorf("truncated \\xXX escape")
			}
			i += 2
			writeCode(&b, int(v), isBytes)
		case 'u', 'U':
			if isBytes {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n := 4
			if e == 'U' {
				n = 8
			}
			if i+1+n > len(s) {
				return "", fmt.Errorf("truncated \\%cXXXX escape", e)
			}
			v, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(v)) {
				return "", fmt.Errorf("invalid \\%c escape", e)
			}
			i += n
			b.WriteRune(rune(v))
		case 'N':
			return "", fmt.Errorf("\\N{...} escapes are not supported")
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), nil
}

func writeCode(b *strings.Builder, v int, isBytes bool) {
	if isBytes {
		b.WriteByte(byte(v))
	} else {
		b.WriteRune(rune(v))
	}
}

func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}
