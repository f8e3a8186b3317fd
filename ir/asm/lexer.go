package asm

import (
	"strings"
)

// tokKind is the kind of a lexical token of the MLIR textual format.
type tokKind int

const (
	tokEOF tokKind = iota
	tokError
	tokBareIdent   // foo, tt.load, f32, x
	tokAtIdent     // @foo or @"foo"
	tokPercentID   // %x, %0
	tokCaretID     // ^bb0
	tokHashID      // #alias, #ttg.blocked, #1
	tokBangID      // !alias, !tt.ptr
	tokInteger     // 42, 0x2A
	tokFloat       // 1.5, 1e3
	tokString      // "..."
	tokLParen      // (
	tokRParen      // )
	tokLBrace      // {
	tokRBrace      // }
	tokLSquare     // [
	tokRSquare     // ]
	tokLess        // <
	tokGreater     // >
	tokComma       // ,
	tokColon       // :
	tokEqual       // =
	tokArrow       // ->
	tokMinus       // -
	tokPlus        // +
	tokStar        // *
	tokQuestion    // ?
	tokVerticalBar // |
	tokEllipsis    // ...
	tokFileMetaBegin
	tokFileMetaEnd
)

var tokNames = [...]string{
	tokEOF: "end of file", tokError: "error", tokBareIdent: "identifier",
	tokAtIdent: "symbol reference", tokPercentID: "SSA value", tokCaretID: "block name",
	tokHashID: "attribute alias", tokBangID: "type alias", tokInteger: "integer",
	tokFloat: "float", tokString: "string", tokLParen: "'('", tokRParen: "')'",
	tokLBrace: "'{'", tokRBrace: "'}'", tokLSquare: "'['", tokRSquare: "']'",
	tokLess: "'<'", tokGreater: "'>'", tokComma: "','", tokColon: "':'",
	tokEqual: "'='", tokArrow: "'->'", tokMinus: "'-'", tokPlus: "'+'",
	tokStar: "'*'", tokQuestion: "'?'", tokVerticalBar: "'|'", tokEllipsis: "'...'",
	tokFileMetaBegin: "'{-#'", tokFileMetaEnd: "'#-}'",
}

func (k tokKind) String() string { return tokNames[k] }

// token is one lexed token: its kind, its text, and its byte offset.
type token struct {
	kind tokKind
	text string
	pos  int
	err  string // for tokError
}

// lexer splits MLIR text into tokens. It can be repositioned, which the
// parser needs to split `4x8xf32` dimension lists.
type lexer struct {
	src string
	pos int
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// isBareIdentChar reports whether c may continue a bare identifier.
func isBareIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.'
}

func (l *lexer) next() token {
	for {
		l.skipSpace()
		if l.pos >= len(l.src) {
			return token{kind: tokEOF, pos: l.pos}
		}
		start := l.pos
		c := l.src[l.pos]
		switch {
		case c == '/' && l.peek(1) == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
			continue
		case isLetter(c) || c == '_':
			return l.lexBareIdent(start)
		case isDigit(c):
			return l.lexNumber(start)
		case c == '"':
			return l.lexString(start)
		case c == '@':
			l.pos++
			if l.pos < len(l.src) && l.src[l.pos] == '"' {
				t := l.lexString(l.pos)
				if t.kind == tokError {
					return t
				}
				return token{kind: tokAtIdent, text: l.src[start:l.pos], pos: start}
			}
			return l.lexPrefixed(start, tokAtIdent, "@ identifier")
		case c == '%':
			l.pos++
			return l.lexPrefixed(start, tokPercentID, "SSA value name")
		case c == '^':
			l.pos++
			return l.lexPrefixed(start, tokCaretID, "block name")
		case c == '#':
			if l.peek(1) == '-' && l.peek(2) == '}' {
				l.pos += 3
				return token{kind: tokFileMetaEnd, text: "#-}", pos: start}
			}
			l.pos++
			return l.lexPrefixed(start, tokHashID, "attribute alias")
		case c == '!':
			l.pos++
			return l.lexPrefixed(start, tokBangID, "type alias")
		}
		l.pos++
		simple := func(k tokKind) token { return token{kind: k, text: l.src[start:l.pos], pos: start} }
		switch c {
		case '(':
			return simple(tokLParen)
		case ')':
			return simple(tokRParen)
		case '{':
			if l.peek(0) == '-' && l.peek(1) == '#' {
				l.pos += 2
				return simple(tokFileMetaBegin)
			}
			return simple(tokLBrace)
		case '}':
			return simple(tokRBrace)
		case '[':
			return simple(tokLSquare)
		case ']':
			return simple(tokRSquare)
		case '<':
			return simple(tokLess)
		case '>':
			return simple(tokGreater)
		case ',':
			return simple(tokComma)
		case ':':
			return simple(tokColon)
		case '=':
			return simple(tokEqual)
		case '+':
			return simple(tokPlus)
		case '*':
			return simple(tokStar)
		case '?':
			return simple(tokQuestion)
		case '|':
			return simple(tokVerticalBar)
		case '-':
			if l.peek(0) == '>' {
				l.pos++
				return simple(tokArrow)
			}
			return simple(tokMinus)
		case '.':
			if l.peek(0) == '.' && l.peek(1) == '.' {
				l.pos += 2
				return simple(tokEllipsis)
			}
		}
		return token{kind: tokError, pos: start, err: "unexpected character '" + printableChar(c) + "'"}
	}
}

func printableChar(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return string(c)
	}
	const hex = "0123456789ABCDEF"
	return "\\" + string(hex[c>>4]) + string(hex[c&15])
}

func (l *lexer) peek(off int) byte {
	if l.pos+off < len(l.src) {
		return l.src[l.pos+off]
	}
	return 0
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case ' ', '\t', '\n', '\r':
			l.pos++
		default:
			return
		}
	}
}

func (l *lexer) lexBareIdent(start int) token {
	for l.pos < len(l.src) && isBareIdentChar(l.src[l.pos]) {
		l.pos++
	}
	return token{kind: tokBareIdent, text: l.src[start:l.pos], pos: start}
}

// lexPrefixed lexes the identifier after a sigil: a suffix-id
// ([0-9]+ | [a-zA-Z$._-][a-zA-Z0-9$._-]*).
func (l *lexer) lexPrefixed(start int, k tokKind, what string) token {
	p := l.pos
	if p < len(l.src) && isDigit(l.src[p]) {
		for p < len(l.src) && isDigit(l.src[p]) {
			p++
		}
	} else {
		for p < len(l.src) && (isBareIdentChar(l.src[p]) || l.src[p] == '-') {
			p++
		}
	}
	if p == l.pos {
		return token{kind: tokError, pos: start, err: "invalid " + what}
	}
	l.pos = p
	return token{kind: k, text: l.src[start:p], pos: start}
}

func (l *lexer) lexNumber(start int) token {
	if l.src[l.pos] == '0' && l.peek(1) == 'x' && isHexDigit(l.peek(2)) {
		l.pos += 2
		for l.pos < len(l.src) && isHexDigit(l.src[l.pos]) {
			l.pos++
		}
		return token{kind: tokInteger, text: l.src[start:l.pos], pos: start}
	}
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.peek(0) != '.' {
		return token{kind: tokInteger, text: l.src[start:l.pos], pos: start}
	}
	l.pos++
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if c := l.peek(0); c == 'e' || c == 'E' {
		d := l.peek(1)
		if isDigit(d) || (d == '-' || d == '+') && isDigit(l.peek(2)) {
			l.pos += 2
			for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
				l.pos++
			}
		}
	}
	return token{kind: tokFloat, text: l.src[start:l.pos], pos: start}
}

func (l *lexer) lexString(start int) token {
	l.pos = start + 1
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch c {
		case '"':
			l.pos++
			return token{kind: tokString, text: l.src[start:l.pos], pos: start}
		case '\n', '\r':
			return token{kind: tokError, pos: start, err: "expected '\"' in string literal"}
		case '\\':
			n := l.peek(1)
			if n == '"' || n == '\\' || n == 'n' || n == 't' {
				l.pos += 2
				continue
			}
			if isHexDigit(n) && isHexDigit(l.peek(2)) {
				l.pos += 3
				continue
			}
			return token{kind: tokError, pos: l.pos, err: "unknown escape in string literal"}
		}
		l.pos++
	}
	return token{kind: tokError, pos: start, err: "expected '\"' in string literal"}
}

// unquote decodes the text of a string token (with its quotes).
func unquote(text string) string {
	body := text[1 : len(text)-1]
	if !strings.ContainsRune(body, '\\') {
		return body
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		switch body[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '"', '\\':
			b.WriteByte(body[i])
		default:
			b.WriteByte(hexVal(body[i])<<4 | hexVal(body[i+1]))
			i++
		}
	}
	return b.String()
}

func hexVal(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// scanPrettyBody returns the length of a balanced `<...>` body starting at
// src[pos] == '<', honoring nested brackets and strings; -1 if unbalanced.
func scanPrettyBody(src string, pos int) int {
	var stack []byte
	for i := pos; i < len(src); i++ {
		switch c := src[i]; c {
		case '<', '(', '[', '{':
			stack = append(stack, c)
		case '>', ')', ']', '}':
			if c == '>' && i > pos && src[i-1] == '-' {
				continue // "->" inside a body
			}
			if len(stack) == 0 {
				return -1
			}
			open := stack[len(stack)-1]
			if open == '<' && c != '>' || open == '(' && c != ')' || open == '[' && c != ']' || open == '{' && c != '}' {
				return -1
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1 - pos
			}
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		}
	}
	return -1
}
