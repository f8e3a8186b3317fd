// Package ere implements the POSIX extended regular expression dialect that
// LLVM's Regex class accepts (the BSD regcomp/regexec engine with
// REG_EXTENDED|REG_NEWLINE, plus back-references \1 to \9).
//
// Parsing follows regcomp's rules and error messages exactly. Matching is
// leftmost-longest. Expressions without back-references or word-boundary
// assertions are translated to Go's regexp syntax and run by the standard
// library in its leftmost-longest mode; the rest run on a memoizing
// backtracking matcher. Both engines work on bytes, as LLVM's does: input
// containing non-ASCII bytes is matched through a Latin-1 view so that "."
// matches exactly one byte.
package ere

import "fmt"

// ErrCode is a regcomp error code.
type ErrCode int

// regcomp error codes, in regex.h order.
const (
	ErrNone ErrCode = iota
	ErrNoMatch
	ErrBadPat
	ErrCollate
	ErrCType
	ErrEscape
	ErrSubReg
	ErrBrack
	ErrParen
	ErrBrace
	ErrBadBR
	ErrRange
	ErrSpace
	ErrBadRpt
	ErrEmpty
	ErrAssert
	ErrInvArg
	ErrIllSeq
)

var errMessages = [...]string{
	ErrNone:    "no error",
	ErrNoMatch: "regexec() failed to match",
	ErrBadPat:  "invalid regular expression",
	ErrCollate: "invalid collating element",
	ErrCType:   "invalid character class",
	ErrEscape:  "trailing backslash (\\)",
	ErrSubReg:  "invalid backreference number",
	ErrBrack:   "brackets ([ ]) not balanced",
	ErrParen:   "parentheses not balanced",
	ErrBrace:   "braces not balanced",
	ErrBadBR:   "invalid repetition count(s)",
	ErrRange:   "invalid character range",
	ErrSpace:   "out of memory",
	ErrBadRpt:  "repetition-operator operand invalid",
	ErrEmpty:   "empty (sub)expression",
	ErrAssert:  "\"can't happen\" -- you found a bug",
	ErrInvArg:  "invalid argument to regex routine",
	ErrIllSeq:  "illegal byte sequence",
}

// Error is a compilation error. Its message is the one LLVM's regerror gives.
type Error struct {
	Code ErrCode
}

func (e *Error) Error() string {
	if int(e.Code) < len(errMessages) {
		return errMessages[e.Code]
	}
	return fmt.Sprintf("unknown regex error %d", int(e.Code))
}

// dupMax is RE_DUP_MAX, the largest repetition count.
const dupMax = 255

// infinite marks an unbounded repetition.
const infinite = -1

type op uint8

const (
	opSet     op = iota // one byte from set
	opBol               // ^
	opEol               // $
	opBow               // [[:<:]]
	opEow               // [[:>:]]
	opGroup             // capturing group n around subs[0]
	opConcat            // subs in sequence
	opAlt               // one of subs
	opRepeat            // subs[0] between min and max times
	opBackref           // text of group n again
	opEmpty             // matches the empty string
)

type node struct {
	op       op
	set      *byteSet
	n        int
	min, max int
	star     bool // opRepeat written as "*" (regcomp compiles it unlike "{0,}")
	subs     []*node
}

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(c byte)       { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) del(c byte)       { s[c>>6] &^= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool  { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) union(o *byteSet) { s[0] |= o[0]; s[1] |= o[1]; s[2] |= o[2]; s[3] |= o[3] }
func (s *byteSet) full() bool       { return s[0]&s[1]&s[2]&s[3] == ^uint64(0) }

func (s *byteSet) only() (byte, bool) {
	n, last := 0, byte(0)
	for i := 0; i < 256; i++ {
		if s.has(byte(i)) {
			n++
			last = byte(i)
			if n > 1 {
				return 0, false
			}
		}
	}
	return last, n == 1
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

func otherCase(c byte) byte {
	switch {
	case isUpper(c):
		return c + 'a' - 'A'
	case isLower(c):
		return c - ('a' - 'A')
	}
	return c
}

// parser is a port of the structure of regcomp's p_ere family.
type parser struct {
	src    string
	pos    int
	icase  bool
	nsub   int
	closed [10]bool // group n (n < 10) has been closed: \n may refer to it
	err    ErrCode
	refs   bool // back-references seen
	words  bool // word-boundary assertions seen
	groups [10]*node
	nbol   int // number of "^" written; limits "^" passed per position
	neol   int // likewise for "$"
}

func (p *parser) more() bool  { return p.pos < len(p.src) }
func (p *parser) more2() bool { return p.pos+1 < len(p.src) }
func (p *parser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}
func (p *parser) peek2() byte {
	if p.pos+1 < len(p.src) {
		return p.src[p.pos+1]
	}
	return 0
}
func (p *parser) next() byte { c := p.src[p.pos]; p.pos++; return c }
func (p *parser) see(c byte) bool {
	return p.more() && p.src[p.pos] == c
}
func (p *parser) eat(c byte) bool {
	if p.see(c) {
		p.pos++
		return true
	}
	return false
}
func (p *parser) seeTwo(a, b byte) bool {
	return p.more2() && p.src[p.pos] == a && p.src[p.pos+1] == b
}
func (p *parser) eatTwo(a, b byte) bool {
	if p.seeTwo(a, b) {
		p.pos += 2
		return true
	}
	return false
}

// fail records the first error only, as regcomp's SETERROR does.
func (p *parser) fail(code ErrCode) {
	if p.err == ErrNone {
		p.err = code
	}
	p.pos = len(p.src) // regcomp stops consuming input on error
}

func (p *parser) isRepetitionNext() bool {
	if !p.more() {
		return false
	}
	c := p.peek()
	return c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2()))
}

// ere parses alternatives up to stop (')') or the end of input (stop < 0).
func (p *parser) ere(stop int) *node {
	var alts []*node
	for {
		var conc []*node
		for p.more() && p.peek() != '|' && int(p.peek()) != stop {
			n := p.ereExp()
			if p.err != ErrNone {
				return nil
			}
			conc = append(conc, n)
		}
		if len(conc) == 0 {
			p.fail(ErrEmpty)
			return nil
		}
		alts = append(alts, concat(conc))
		if !p.eat('|') {
			break
		}
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &node{op: opAlt, subs: alts}
}

func concat(ns []*node) *node {
	if len(ns) == 1 {
		return ns[0]
	}
	return &node{op: opConcat, subs: ns}
}

func (p *parser) ereExp() *node {
	c := p.next()
	var atom *node
	wasCaret := false
	switch c {
	case '(':
		if !p.more() {
			p.fail(ErrParen)
			return nil
		}
		p.nsub++
		sub := p.nsub
		inner := &node{op: opEmpty}
		if !p.see(')') {
			inner = p.ere(')')
			if p.err != ErrNone {
				return nil
			}
		}
		if sub < len(p.closed) {
			p.closed[sub] = true
		}
		if !p.eat(')') {
			p.fail(ErrParen)
			return nil
		}
		atom = &node{op: opGroup, n: sub, subs: []*node{inner}}
		if sub < len(p.groups) {
			p.groups[sub] = atom
		}
	case ')':
		p.fail(ErrParen)
		return nil
	case '^':
		atom = &node{op: opBol}
		wasCaret = true
		p.nbol++
	case '$':
		atom = &node{op: opEol}
		p.neol++
	case '|':
		p.fail(ErrEmpty)
		return nil
	case '*', '+', '?':
		p.fail(ErrBadRpt)
		return nil
	case '.':
		var s byteSet
		for i := 0; i < 256; i++ {
			s.add(byte(i))
		}
		s.del('\n')
		atom = &node{op: opSet, set: &s}
	case '[':
		atom = p.bracket()
		if p.err != ErrNone {
			return nil
		}
	case '\\':
		if !p.more() {
			p.fail(ErrEscape)
			return nil
		}
		c = p.next()
		if '1' <= c && c <= '9' {
			k := int(c - '0')
			if !p.closed[k] {
				p.fail(ErrSubReg)
				return nil
			}
			p.refs = true
			atom = &node{op: opBackref, n: k}
		} else {
			atom = p.ordinary(c)
		}
	case '{':
		if p.more() && isDigit(p.peek()) {
			p.fail(ErrBadRpt)
			return nil
		}
		atom = p.ordinary(c)
	default:
		atom = p.ordinary(c)
	}

	if !p.isRepetitionNext() {
		return atom
	}
	c = p.next()
	if wasCaret {
		p.fail(ErrBadRpt)
		return nil
	}
	lo, hi := 0, infinite
	switch c {
	case '*':
	case '+':
		lo = 1
	case '?':
		hi = 1
	case '{':
		lo = p.count()
		if p.err != ErrNone {
			return nil
		}
		hi = lo
		if p.eat(',') {
			if p.more() && isDigit(p.peek()) {
				hi = p.count()
				if p.err != ErrNone {
					return nil
				}
				if lo > hi {
					p.fail(ErrBadBR)
					return nil
				}
			} else {
				hi = infinite
			}
		}
		if !p.eat('}') {
			for p.more() && p.peek() != '}' {
				p.next()
			}
			if !p.more() {
				p.fail(ErrBrace)
			} else {
				p.fail(ErrBadBR)
			}
			return nil
		}
	}
	atom = &node{op: opRepeat, min: lo, max: hi, star: c == '*', subs: []*node{atom}}
	if p.isRepetitionNext() {
		p.fail(ErrBadRpt)
		return nil
	}
	return atom
}

func (p *parser) count() int {
	n, digits := 0, 0
	for p.more() && isDigit(p.peek()) && n <= dupMax {
		n = n*10 + int(p.next()-'0')
		digits++
	}
	if digits == 0 || n > dupMax {
		p.fail(ErrBadBR)
	}
	return n
}

func (p *parser) ordinary(c byte) *node {
	var s byteSet
	s.add(c)
	if p.icase && isAlpha(c) {
		s.add(otherCase(c))
	}
	return &node{op: opSet, set: &s}
}

func (p *parser) bracket() *node {
	rest := p.src[p.pos:]
	if len(rest) >= 6 && rest[:6] == "[:<:]]" {
		p.pos += 6
		p.words = true
		return &node{op: opBow}
	}
	if len(rest) >= 6 && rest[:6] == "[:>:]]" {
		p.pos += 6
		p.words = true
		return &node{op: opEow}
	}
	var s byteSet
	invert := p.eat('^')
	if p.eat(']') {
		s.add(']')
	} else if p.eat('-') {
		s.add('-')
	}
	for p.more() && p.peek() != ']' && !p.seeTwo('-', ']') {
		p.bracketTerm(&s)
		if p.err != ErrNone {
			return nil
		}
	}
	if p.eat('-') {
		s.add('-')
	}
	if !p.eat(']') {
		p.fail(ErrBrack)
		return nil
	}
	if p.icase {
		for i := 255; i >= 0; i-- {
			if c := byte(i); s.has(c) && isAlpha(c) {
				s.add(otherCase(c))
			}
		}
	}
	if invert {
		for i := 0; i < 256; i++ {
			if s.has(byte(i)) {
				s.del(byte(i))
			} else {
				s.add(byte(i))
			}
		}
		s.del('\n')
	}
	return &node{op: opSet, set: &s}
}

func (p *parser) bracketTerm(s *byteSet) {
	var c byte
	switch p.peek() {
	case '[':
		c = p.peek2()
	case '-':
		p.fail(ErrRange)
		return
	}
	switch c {
	case ':':
		p.pos += 2
		if !p.more() {
			p.fail(ErrBrack)
			return
		}
		if c := p.peek(); c == '-' || c == ']' {
			p.fail(ErrCType)
			return
		}
		start := p.pos
		for p.more() && isAlpha(p.peek()) {
			p.pos++
		}
		cls, ok := charClasses[p.src[start:p.pos]]
		if !ok {
			p.fail(ErrCType)
			return
		}
		for i := 0; i < 256; i++ {
			if cls(byte(i)) {
				s.add(byte(i))
			}
		}
		if !p.more() {
			p.fail(ErrBrack)
			return
		}
		if !p.eatTwo(':', ']') {
			p.fail(ErrCType)
		}
	case '=':
		p.pos += 2
		if !p.more() {
			p.fail(ErrBrack)
			return
		}
		if c := p.peek(); c == '-' || c == ']' {
			p.fail(ErrCollate)
			return
		}
		v := p.collElem('=')
		if p.err != ErrNone {
			return
		}
		s.add(v)
		if !p.more() {
			p.fail(ErrBrack)
			return
		}
		if !p.eatTwo('=', ']') {
			p.fail(ErrCollate)
		}
	default:
		start := p.symbol()
		if p.err != ErrNone {
			return
		}
		finish := start
		if p.see('-') && p.more2() && p.peek2() != ']' {
			p.pos++
			if p.eat('-') {
				finish = '-'
			} else {
				finish = p.symbol()
				if p.err != ErrNone {
					return
				}
			}
		}
		// regcomp compares plain (signed) chars.
		if int8(start) > int8(finish) {
			p.fail(ErrRange)
			return
		}
		for i := int(int8(start)); i <= int(int8(finish)); i++ {
			s.add(byte(i))
		}
	}
}

func (p *parser) symbol() byte {
	if !p.more() {
		p.fail(ErrBrack)
		return 0
	}
	if !p.eatTwo('[', '.') {
		return p.next()
	}
	v := p.collElem('.')
	if p.err != ErrNone {
		return 0
	}
	if !p.eatTwo('.', ']') {
		p.fail(ErrCollate)
	}
	return v
}

// collElem parses a collating element name ended by endc followed by ']'.
func (p *parser) collElem(endc byte) byte {
	start := p.pos
	for p.more() && !p.seeTwo(endc, ']') {
		p.pos++
	}
	if !p.more() {
		p.fail(ErrBrack)
		return 0
	}
	name := p.src[start:p.pos]
	if v, ok := collatingNames[name]; ok {
		return v
	}
	if len(name) == 1 {
		return name[0]
	}
	p.fail(ErrCollate)
	return 0
}
