package python

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// lexer turns Python source into tokens, with the INDENT, DEDENT and
// NEWLINE tokens of Python's tokenizer: newlines inside brackets and
// after a backslash continue the logical line; blank and comment-only
// lines produce nothing.
type lexer struct {
	file   string
	src    string
	off    int
	line   int // current line, 1-based
	lstart int // byte offset of the current line's start
	depth  int // bracket nesting
	indent []int
	toks   []Token
	// lineHasTokens is set once a token of the current logical line is out.
	lineHasTokens bool
	brackets      []Token
}

// tokenize splits src into tokens or returns the first lexical error.
func tokenize(file, src string) ([]Token, error) {
	lx := &lexer{file: file, src: src, line: 1, indent: []int{0}}
	if err := lx.run(); err != nil {
		return nil, err
	}
	return lx.toks, nil
}

func (lx *lexer) pos() Pos { return Pos{lx.line, lx.off - lx.lstart} }

func (lx *lexer) errorf(p Pos, format string, args ...any) *Error {
	return Errorf(lx.file, p, format, args...)
}

func (lx *lexer) emit(k Kind, text string, start, end Pos) {
	lx.toks = append(lx.toks, Token{Kind: k, Text: text, Pos: start, End: end})
	if k != NEWLINE && k != INDENT && k != DEDENT {
		lx.lineHasTokens = true
	}
}

func (lx *lexer) newline() {
	lx.line++
	lx.lstart = lx.off
}

func (lx *lexer) run() error {
	atLineStart := true
	for {
		if atLineStart && lx.depth == 0 {
			atLineStart = false
			if err := lx.indentation(); err != nil {
				return err
			}
		}
		if lx.off >= len(lx.src) {
			break
		}
		c := lx.src[lx.off]
		switch {
		case c == '\n' || c == '\r':
			start := lx.pos()
			lx.off++
			if c == '\r' && lx.off < len(lx.src) && lx.src[lx.off] == '\n' {
				lx.off++
			}
			if lx.depth == 0 && lx.lineHasTokens {
				lx.emit(NEWLINE, "", start, lx.pos())
				lx.lineHasTokens = false
			}
			lx.newline()
			atLineStart = lx.depth == 0
		case c == ' ' || c == '\t' || c == '\f':
			lx.off++
		case c == '#':
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' && lx.src[lx.off] != '\r' {
				lx.off++
			}
		case c == '\\':
			start := lx.pos()
			lx.off++
			if lx.off < len(lx.src) && lx.src[lx.off] == '\r' {
				lx.off++
			}
			if lx.off >= len(lx.src) || lx.src[lx.off] != '\n' {
				if lx.off >= len(lx.src) {
					return lx.errorf(start, "unexpected end of file after line continuation")
				}
				return lx.errorf(start, "unexpected character after line continuation character")
			}
			lx.off++
			lx.newline()
		default:
			if err := lx.token(); err != nil {
				return err
			}
		}
	}
	end := lx.pos()
	if lx.depth > 0 {
		open := lx.brackets[len(lx.brackets)-1]
		return lx.errorf(open.Pos, "'%s' was never closed", open.Text)
	}
	if lx.lineHasTokens {
		lx.emit(NEWLINE, "", end, end)
	}
	for len(lx.indent) > 1 {
		lx.indent = lx.indent[:len(lx.indent)-1]
		lx.emit(DEDENT, "", end, end)
	}
	lx.emit(EOF, "", end, end)
	return nil
}

// indentation measures the indentation of the line that starts at the
// current offset and emits INDENT/DEDENT tokens; blank and comment-only
// lines are skipped.
func (lx *lexer) indentation() error {
	for {
		col, i := 0, lx.off
		for i < len(lx.src) {
			switch lx.src[i] {
			case ' ':
				col++
			case '\t':
				col = (col/8 + 1) * 8
			case '\f':
				col = 0
			default:
				goto measured
			}
			i++
		}
	measured:
		if i >= len(lx.src) {
			lx.off = i
			return nil
		}
		switch lx.src[i] {
		case '#', '\n', '\r':
			// A blank or comment-only line: skip it entirely.
			for i < len(lx.src) && lx.src[i] != '\n' && lx.src[i] != '\r' {
				i++
			}
			if i >= len(lx.src) {
				lx.off = i
				return nil
			}
			if lx.src[i] == '\r' && i+1 < len(lx.src) && lx.src[i+1] == '\n' {
				i++
			}
			lx.off = i + 1
			lx.newline()
			continue
		case '\\':
			// A continuation right at the start of a line counts as that
			// line's indentation.
		}
		lx.off = i
		p := lx.pos()
		top := lx.indent[len(lx.indent)-1]
		switch {
		case col > top:
			if len(lx.indent) > maxIndent {
				return lx.errorf(p, "too many levels of indentation")
			}
			lx.indent = append(lx.indent, col)
			lx.emit(INDENT, "", Pos{p.Line, 0}, p)
		case col < top:
			for col < lx.indent[len(lx.indent)-1] {
				lx.indent = lx.indent[:len(lx.indent)-1]
				lx.emit(DEDENT, "", p, p)
			}
			if col != lx.indent[len(lx.indent)-1] {
				return lx.errorf(p, "unindent does not match any outer indentation level")
			}
		}
		return nil
	}
}

// CPython's tokenizer limits (MAXLEVEL, MAXINDENT).
const (
	maxBrackets = 200
	maxIndent   = 100
)

func isIdentStart(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 && unicode.IsLetter(r)
}

func isIdentChar(r rune) bool {
	return isIdentStart(r) || r >= '0' && r <= '9' || r >= 0x80 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r))
}

func (lx *lexer) token() error {
	start := lx.pos()
	c := lx.src[lx.off]
	if c >= '0' && c <= '9' || c == '.' && lx.off+1 < len(lx.src) && lx.src[lx.off+1] >= '0' && lx.src[lx.off+1] <= '9' {
		return lx.number(start)
	}
	r, size := utf8.DecodeRuneInString(lx.src[lx.off:])
	if isIdentStart(r) {
		if q := lx.stringPrefix(); q > 0 {
			return lx.str(start, q)
		}
		end := lx.off + size
		for end < len(lx.src) {
			r, n := utf8.DecodeRuneInString(lx.src[end:])
			if !isIdentChar(r) {
				break
			}
			end += n
		}
		text := lx.src[lx.off:end]
		lx.off = end
		lx.emit(NAME, text, start, lx.pos())
		return nil
	}
	if c == '"' || c == '\'' {
		return lx.str(start, 0)
	}
	for _, op := range operators {
		if strings.HasPrefix(lx.src[lx.off:], op) {
			lx.off += len(op)
			switch op {
			case "(", "[", "{":
				if lx.depth >= maxBrackets {
					return lx.errorf(start, "too many nested parentheses")
				}
				lx.depth++
				lx.brackets = append(lx.brackets, Token{Kind: OP, Text: op, Pos: start})
			case ")", "]", "}":
				if lx.depth == 0 {
					return lx.errorf(start, "unmatched '%s'", op)
				}
				open := lx.brackets[len(lx.brackets)-1]
				if want := map[string]string{"(": ")", "[": "]", "{": "}"}[open.Text]; want != op {
					return lx.errorf(start, "closing parenthesis '%s' does not match opening parenthesis '%s'", op, open.Text)
				}
				lx.depth--
				lx.brackets = lx.brackets[:len(lx.brackets)-1]
			}
			lx.emit(OP, op, start, lx.pos())
			return nil
		}
	}
	if c == '!' {
		return lx.errorf(start, "invalid syntax: '!'")
	}
	if r == utf8.RuneError {
		return lx.errorf(start, "invalid UTF-8 in source")
	}
	return lx.errorf(start, "invalid character '%c' (U+%04X)", r, r)
}

// stringPrefix returns the length of a string prefix (r, b, u, f and
// their valid pairs, any case) at the current offset if a quote follows
// it, else 0.
func (lx *lexer) stringPrefix() int {
	for n := 1; n <= 2 && lx.off+n < len(lx.src); n++ {
		q := lx.src[lx.off+n]
		if q != '"' && q != '\'' {
			continue
		}
		switch strings.ToLower(lx.src[lx.off : lx.off+n]) {
		case "r", "b", "u", "f", "rb", "br", "fr", "rf":
			return n
		}
		return 0
	}
	return 0
}

// str scans a string literal whose prefix has n bytes.
func (lx *lexer) str(start Pos, n int) error {
	prefix := strings.ToLower(lx.src[lx.off : lx.off+n])
	raw := strings.Contains(prefix, "r")
	fstr := strings.Contains(prefix, "f")
	begin := lx.off
	i := lx.off + n
	q := lx.src[i]
	triple := strings.HasPrefix(lx.src[i:], strings.Repeat(string(q), 3))
	if triple {
		i += 3
	} else {
		i++
	}
	braces := 0
	for {
		if i >= len(lx.src) {
			if triple {
				return lx.errorf(start, "unterminated triple-quoted string literal")
			}
			return lx.errorf(start, "unterminated string literal")
		}
		c := lx.src[i]
		switch {
		case c == '\\' && !(fstr && braces > 0):
			if i+1 < len(lx.src) && (lx.src[i+1] == '\n' || lx.src[i+1] == '\r') {
				i++
				if lx.src[i] == '\r' && i+1 < len(lx.src) && lx.src[i+1] == '\n' {
					i++
				}
				i++
				lx.off = i
				lx.newline()
				continue
			}
			i += 2
			_ = raw
			continue
		case c == '\n' || c == '\r':
			if !triple && braces == 0 {
				return lx.errorf(start, "unterminated string literal")
			}
			if c == '\r' && i+1 < len(lx.src) && lx.src[i+1] == '\n' {
				i++
			}
			i++
			lx.off = i
			lx.newline()
			continue
		case fstr && c == '{':
			if braces == 0 && i+1 < len(lx.src) && lx.src[i+1] == '{' {
				i += 2
				continue
			}
			braces++
		case fstr && c == '}':
			if braces == 0 && i+1 < len(lx.src) && lx.src[i+1] == '}' {
				i += 2
				continue
			}
			if braces > 0 {
				braces--
			}
		case fstr && braces > 0 && (c == '"' || c == '\''):
			// A string inside a replacement field (Python 3.12 allows any
			// quote there).
			if !triple && c == q && !strings.HasPrefix(lx.src[i:], string([]byte{c, c, c})) {
				// Before 3.12 this ends the literal; keep 3.12's reading
				// only when the field is closed later on this line.
				if j := strings.IndexByte(lx.src[i+1:], c); j < 0 || strings.ContainsAny(lx.src[i+1:i+1+j], "\n\r") {
					return lx.errorf(start, "unterminated string literal")
				}
			}
			j := i + 1
			for j < len(lx.src) && lx.src[j] != c && lx.src[j] != '\n' {
				if lx.src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(lx.src) || lx.src[j] != c {
				return lx.errorf(start, "unterminated string literal")
			}
			i = j + 1
			continue
		case c == q:
			if !triple {
				i++
				goto done
			}
			if strings.HasPrefix(lx.src[i:], strings.Repeat(string(q), 3)) {
				i += 3
				goto done
			}
		}
		i++
	}
done:
	lx.off = i
	lx.emit(STRING, lx.src[begin:i], start, lx.pos())
	return nil
}

func isDigit(c byte, base int) bool {
	switch base {
	case 2:
		return c == '0' || c == '1'
	case 8:
		return c >= '0' && c <= '7'
	case 16:
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	}
	return c >= '0' && c <= '9'
}

// number scans an integer, float or imaginary literal.
func (lx *lexer) number(start Pos) error {
	i := lx.off
	digits := func(base int) {
		for i < len(lx.src) && (isDigit(lx.src[i], base) || lx.src[i] == '_' && i+1 < len(lx.src) && isDigit(lx.src[i+1], base)) {
			i++
		}
	}
	if lx.src[i] == '0' && i+1 < len(lx.src) && strings.ContainsRune("xXoObB", rune(lx.src[i+1])) {
		base := map[byte]int{'x': 16, 'o': 8, 'b': 2}[lx.src[i+1]|0x20]
		i += 2
		if i < len(lx.src) && lx.src[i] == '_' {
			i++
		}
		s := i
		digits(base)
		if i == s {
			return lx.errorf(start, "invalid %s literal", map[int]string{16: "hexadecimal", 8: "octal", 2: "binary"}[base])
		}
	} else {
		digits(10)
		if i < len(lx.src) && lx.src[i] == '.' {
			i++
			digits(10)
		}
		if i < len(lx.src) && (lx.src[i] == 'e' || lx.src[i] == 'E') {
			j := i + 1
			if j < len(lx.src) && (lx.src[j] == '+' || lx.src[j] == '-') {
				j++
			}
			if j < len(lx.src) && isDigit(lx.src[j], 10) {
				i = j
				digits(10)
			}
		}
		if i < len(lx.src) && (lx.src[i] == 'j' || lx.src[i] == 'J') {
			i++
		}
	}
	if i < len(lx.src) {
		if r, _ := utf8.DecodeRuneInString(lx.src[i:]); isIdentChar(r) {
			return lx.errorf(start, "invalid decimal literal")
		}
	}
	text := lx.src[lx.off:i]
	lx.off = i
	lx.emit(NUMBER, text, start, lx.pos())
	return nil
}
