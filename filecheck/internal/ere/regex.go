package ere

import (
	"errors"
	"regexp"
)

// Regexp is a compiled expression.
type Regexp struct {
	nsub  int
	goRe  *regexp.Regexp // the usual engine
	bsd   *bsdProgram    // for back-references
	prog  *program       // for word assertions and repeated anchors
	nbol  int
	neol  int
	large bool
}

// ErrTooComplex is returned by Match when the backtracking matcher gives up.
var ErrTooComplex = errors.New("regular expression too complex to match")

// Parse checks expr and returns its number of parenthesized subexpressions,
// as regcomp's re_nsub.
func Parse(expr string) (int, error) {
	p := &parser{src: expr}
	p.ere(-1)
	if p.err != ErrNone {
		return 0, &Error{Code: p.err}
	}
	return p.nsub, nil
}

// Compile compiles a newline-sensitive extended regular expression: "." and
// negated brackets never match a newline, and "^" and "$" also match after
// and before a newline.
func Compile(expr string, ignoreCase bool) (*Regexp, error) {
	p := &parser{src: expr, icase: ignoreCase}
	root := p.ere(-1)
	if p.err != ErrNone {
		return nil, &Error{Code: p.err}
	}
	re := &Regexp{nsub: p.nsub, nbol: p.nbol, neol: p.neol}
	if p.refs {
		bsd, err := compileBSD(root, p)
		if err != nil {
			return nil, err
		}
		re.bsd = bsd
		return re, nil
	}
	if !p.words && !repeatsAnchor(root, false) {
		if g, err := regexp.Compile(goSyntax(root)); err == nil {
			g.Longest()
			re.goRe = g
			return re, nil
		}
	}
	prog, err := compileProgram(root, p.nsub)
	if err != nil {
		return nil, err
	}
	re.prog = prog
	re.large = stateCount(root, &p.groups) > smallStates
	return re, nil
}

// NumSubexp is the number of parenthesized subexpressions.
func (re *Regexp) NumSubexp() int { return re.nsub }

// Match finds the leftmost-longest match in s's bytes [start, end), treated
// as a complete string (so "^" matches at start and "$" at end). It returns
// 2*(NumSubexp()+1) absolute offsets, -1 for groups that did not take part,
// or nil when there is no match.
func (re *Regexp) Match(s *Subject, start, end int) ([]int, error) {
	if re.goRe != nil {
		if s.wide == nil {
			loc := re.goRe.FindSubmatchIndex(s.raw[start:end])
			for i := range loc {
				if loc[i] >= 0 {
					loc[i] += start
				}
			}
			return loc, nil
		}
		ws := int(s.toWide[start])
		loc := re.goRe.FindSubmatchIndex(s.wide[ws:s.toWide[end]])
		for i := range loc {
			if loc[i] >= 0 {
				loc[i] = int(s.toRaw[ws+loc[i]])
			}
		}
		return loc, nil
	}
	var loc []int
	var err error
	if re.bsd != nil {
		loc, err = re.bsd.match(s.raw[start:end])
	} else {
		loc, err = re.prog.match(s.raw[start:end], re.nbol, re.neol, re.large)
	}
	for i := 0; i+1 < len(loc); i += 2 {
		// BSD's back-reference matcher can leave a group half set when a
		// choice skips its closing parenthesis; report such a group empty.
		if loc[i] < 0 {
			loc[i], loc[i+1] = -1, -1
			continue
		}
		if loc[i+1] < loc[i] {
			loc[i+1] = loc[i]
		}
		loc[i] += start
		loc[i+1] += start
	}
	return loc, err
}

// Subject is text to match. Input with bytes above 0x7f is given to Go's
// regexp package as Latin-1 text, one rune per byte, so that matching stays
// byte-oriented.
type Subject struct {
	raw    []byte
	wide   []byte
	toWide []int32
	toRaw  []int32
}

// NewSubject prepares b for matching. b must not change afterwards.
func NewSubject(b []byte) *Subject {
	s := &Subject{raw: b}
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	s.toWide = make([]int32, len(b)+1)
	for i, c := range b {
		s.toWide[i] = int32(len(s.wide))
		if c < 0x80 {
			s.wide = append(s.wide, c)
		} else {
			s.wide = append(s.wide, 0xc0|c>>6, 0x80|c&0x3f)
		}
	}
	s.toWide[len(b)] = int32(len(s.wide))
	s.toRaw = make([]int32, len(s.wide)+1)
	for i := range b {
		s.toRaw[s.toWide[i]] = int32(i)
		if s.toWide[i+1] > s.toWide[i]+1 {
			s.toRaw[s.toWide[i]+1] = int32(i) // never a match boundary
		}
	}
	s.toRaw[len(s.wide)] = int32(len(b))
	return s
}

// Bytes returns the subject's text.
func (s *Subject) Bytes() []byte { return s.raw }

// repeatsAnchor reports whether an anchor sits inside a repetition that can
// pass it more than once, where regexec's limit on anchors per position
// matters and Go's regexp would disagree.
func repeatsAnchor(n *node, inLoop bool) bool {
	switch n.op {
	case opBol, opEol:
		return inLoop
	case opRepeat:
		inLoop = inLoop || n.max != 1
	}
	for _, s := range n.subs {
		if repeatsAnchor(s, inLoop) {
			return true
		}
	}
	return false
}
