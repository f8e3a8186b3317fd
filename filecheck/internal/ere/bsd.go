package ere

import "bytes"

// Expressions with back-references are matched the way BSD regexec (and so
// LLVM) matches them, quirks included:
//
//  1. Candidate spans come from the "relaxed" expression, where each \N is
//     replaced by a copy of group N's body: the leftmost start where it
//     matches, then its possible ends from the longest down.
//  2. Each candidate span must be matched exactly by a backtracking walk
//     over a program laid out as regcomp lays it out. In that walk a choice
//     (an alternation, or "?" and bounded repetition, which regcomp
//     compiles as alternations) only succeeds with a branch that by itself
//     consumes the rest of the span; what follows the choice is skipped.
//     That is why, in LLVM, "(a|b)c\1" never matches.
//  3. If no span from that start works, the search restarts one byte later.

type sopKind uint8

const (
	sSet       sopKind = iota // one byte from set
	sBol                      // ^
	sEol                      // $
	sBow                      // [[:<:]]
	sEow                      // [[:>:]]
	sBack                     // OBACK_ n; the next op is sBackEnd
	sBackEnd                  // O_BACK
	sQuest                    // OQUEST_, to = its sQuestEnd
	sQuestEnd                 // O_QUEST
	sPlus                     // OPLUS_
	sPlusEnd                  // O_PLUS, to = its sPlus
	sLParen                   // OLPAREN n
	sRParen                   // ORPAREN n
	sChoice                   // OCH_, branches = [start, end) of each branch
	sOr                       // OOR1 (end of a branch), to = after the choice
	sOr2                      // OOR2
	sChoiceEnd                // O_CH
)

type sop struct {
	kind     sopKind
	set      *byteSet
	n        int
	to       int
	branches [][2]int
}

type stripBuilder struct {
	ops    []sop
	err    bool
	groups *[10]*node
}

// stateCount is regexec's number of states for an expression: the length
// of regcomp's program, including its two end markers. Above 64, regexec
// uses its "large" matcher, which passes anchors differently.
func stateCount(root *node, groups *[10]*node) int {
	b := &stripBuilder{groups: groups}
	b.emit(root)
	return len(b.ops) + 2
}

// smallStates is the largest state count of regexec's "small" matcher.
const smallStates = 64

func (b *stripBuilder) add(s sop) int {
	if len(b.ops) >= maxInsts {
		b.err = true
	}
	b.ops = append(b.ops, s)
	return len(b.ops) - 1
}

func (b *stripBuilder) emit(n *node) {
	if b.err {
		return
	}
	switch n.op {
	case opSet:
		b.add(sop{kind: sSet, set: n.set})
	case opBol:
		b.add(sop{kind: sBol})
	case opEol:
		b.add(sop{kind: sEol})
	case opBow:
		b.add(sop{kind: sBow})
	case opEow:
		b.add(sop{kind: sEow})
	case opGroup:
		b.add(sop{kind: sLParen, n: n.n})
		b.emit(n.subs[0])
		b.add(sop{kind: sRParen, n: n.n})
	case opEmpty:
	case opConcat:
		for _, s := range n.subs {
			b.emit(s)
		}
	case opAlt:
		fs := make([]func(), len(n.subs))
		for i, s := range n.subs {
			s := s
			fs[i] = func() { b.emit(s) }
		}
		b.choice(fs...)
	case opBackref:
		// regcomp copies the group's body between OBACK_ and O_BACK; the
		// copy only counts towards the number of states.
		back := b.add(sop{kind: sBack, n: n.n})
		if g := b.groups[n.n]; g != nil {
			b.emit(g.subs[0])
		}
		b.ops[back].to = b.add(sop{kind: sBackEnd, n: n.n})
	case opRepeat:
		sub := n.subs[0]
		switch {
		case n.star:
			q := b.add(sop{kind: sQuest})
			b.plus(sub)
			b.ops[q].to = b.add(sop{kind: sQuestEnd})
		case n.min == 1 && n.max == infinite:
			b.plus(sub)
		case n.min == 0 && n.max == 1:
			b.choice(func() { b.emit(sub) }, func() {})
		default:
			b.repeat(sub, n.min, n.max)
		}
	}
}

func (b *stripBuilder) plus(sub *node) {
	p := b.add(sop{kind: sPlus})
	b.emit(sub)
	b.add(sop{kind: sPlusEnd, to: p})
}

// choice lays out OCH_ b1 OOR1 OOR2 b2 ... bn O_CH.
func (b *stripBuilder) choice(branches ...func()) {
	ch := b.add(sop{kind: sChoice})
	var ors []int
	var spans [][2]int
	for i, br := range branches {
		start := len(b.ops)
		br()
		spans = append(spans, [2]int{start, len(b.ops)})
		if i < len(branches)-1 {
			ors = append(ors, b.add(sop{kind: sOr}))
			b.add(sop{kind: sOr2})
		}
	}
	end := b.add(sop{kind: sChoiceEnd})
	for _, o := range ors {
		b.ops[o].to = end + 1
	}
	b.ops[ch].branches = spans
}

// repeat follows regcomp's repeat(): x{m,n} becomes copies of x and of
// (x|) in its particular order.
func (b *stripBuilder) repeat(sub *node, from, to int) {
	class := func(n int) int {
		switch {
		case n == infinite:
			return 3
		case n <= 1:
			return n
		}
		return 2
	}
	switch f, t := class(from), class(to); {
	case f == 0 && t == 0:
	case f == 0:
		b.choice(func() { b.repeat(sub, 1, to) }, func() {})
	case f == 1 && t == 1:
		b.emit(sub)
	case f == 1 && t == 2:
		b.choice(func() { b.emit(sub) }, func() {})
		b.repeat(sub, 1, to-1)
	case f == 1 && t == 3:
		b.plus(sub)
	case t == 3:
		b.emit(sub)
		b.repeat(sub, from-1, infinite)
	default:
		b.emit(sub)
		b.repeat(sub, from-1, to-1)
	}
}

// relaxed returns a copy of n with each back-reference replaced by the body
// of the group it refers to.
func relaxed(n *node, groups *[10]*node) *node {
	switch n.op {
	case opBackref:
		if g := groups[n.n]; g != nil {
			return relaxed(g.subs[0], groups)
		}
		return &node{op: opEmpty}
	case opGroup, opConcat, opAlt, opRepeat:
		c := *n
		c.subs = make([]*node, len(n.subs))
		for i, s := range n.subs {
			c.subs[i] = relaxed(s, groups)
		}
		return &c
	}
	return n
}

// bsdProgram matches an expression with back-references.
type bsdProgram struct {
	strip   []sop
	relaxed *program // for candidate spans
	nslots  int
	nplus   int
	nbol    int
	neol    int
	large   bool
}

func compileBSD(root *node, p *parser) (*bsdProgram, error) {
	b := &stripBuilder{groups: &p.groups}
	b.emit(root)
	if b.err {
		return nil, &Error{Code: ErrSpace}
	}
	large := len(b.ops)+2 > smallStates
	rel, err := compileProgram(relaxed(root, &p.groups), p.nsub)
	if err != nil {
		return nil, err
	}
	nplus := 0
	for _, s := range b.ops {
		if s.kind == sPlus {
			nplus++
		}
	}
	return &bsdProgram{strip: b.ops, relaxed: rel, nslots: 2 * (p.nsub + 1), nplus: nplus, nbol: p.nbol, neol: p.neol, large: large}, nil
}

const maxZeroLengthBackrefs = 100

type bsdMatcher struct {
	p       *bsdProgram
	in      []byte
	caps    []int
	lastpos []int
	steps   int
	abort   bool
}

func (p *bsdProgram) match(in []byte) ([]int, error) {
	m := &bsdMatcher{p: p, in: in, caps: make([]int, p.nslots), lastpos: make([]int, p.nplus+2)}
	nfa := newPikeVM(p.relaxed, in, p.nbol, p.neol, p.large)
	for start := 0; start <= len(in); start++ {
		if p.relaxed.first != nil && (start == len(in) || !p.relaxed.first.has(in[start])) {
			continue
		}
		ends := nfa.ends(start)
		for i := len(ends) - 1; i >= 0; i-- {
			for j := range m.caps {
				m.caps[j] = -1
			}
			if m.backref(start, ends[i], 0, len(p.strip), 0, 0) == ends[i] {
				m.caps[0], m.caps[1] = start, ends[i]
				return m.caps, nil
			}
			if m.abort {
				return nil, ErrTooComplex
			}
		}
	}
	return nil, nil
}

func (m *bsdMatcher) bol(sp int) bool {
	return sp == 0 || (sp < len(m.in) && m.in[sp-1] == '\n')
}

func (m *bsdMatcher) eol(sp int) bool {
	return sp == len(m.in) || m.in[sp] == '\n'
}

// backref matches strip[startst:stopst] against exactly in[sp:stop] and
// returns stop, or -1. It is a port of regexec's backref().
func (m *bsdMatcher) backref(sp, stop, startst, stopst, lev, rec int) int {
	m.steps++
	if m.steps > maxSteps {
		m.abort = true
	}
	if m.abort {
		return -1
	}
	in, strip := m.in, m.p.strip
	ss := startst
	hard := false
	for ; !hard && ss < stopst; ss++ {
		s := &strip[ss]
		switch s.kind {
		case sSet:
			if sp == stop || !s.set.has(in[sp]) {
				return -1
			}
			sp++
		case sBol:
			if !m.bol(sp) {
				return -1
			}
		case sEol:
			if !m.eol(sp) {
				return -1
			}
		case sBow:
			if !((m.bol(sp) || (sp > 0 && !isWordByte(in[sp-1]))) && sp < len(in) && isWordByte(in[sp])) {
				return -1
			}
		case sEow:
			if !((m.eol(sp) || (sp < len(in) && !isWordByte(in[sp]))) && sp > 0 && isWordByte(in[sp-1])) {
				return -1
			}
		case sQuestEnd:
		case sOr:
			ss = s.to - 1
		default:
			hard = true
		}
	}
	if !hard {
		if sp != stop {
			return -1
		}
		return sp
	}
	ss--
	s := &strip[ss]
	switch s.kind {
	case sBack:
		so, eo := m.caps[2*s.n], m.caps[2*s.n+1]
		if eo == -1 || so == -1 {
			return -1
		}
		n := eo - so
		if n == 0 {
			rec++
			if rec-1 > maxZeroLengthBackrefs {
				return -1
			}
		}
		if sp > stop-n || !bytes.Equal(in[sp:sp+n], in[so:eo]) {
			return -1
		}
		return m.backref(sp+n, stop, s.to+1, stopst, lev, rec)
	case sQuest:
		if dp := m.backref(sp, stop, ss+1, stopst, lev, rec); dp != -1 {
			return dp
		}
		return m.backref(sp, stop, s.to+1, stopst, lev, rec)
	case sPlus:
		m.lastpos[lev+1] = sp
		return m.backref(sp, stop, ss+1, stopst, lev+1, rec)
	case sPlusEnd:
		if sp == m.lastpos[lev] {
			return m.backref(sp, stop, ss+1, stopst, lev-1, rec)
		}
		m.lastpos[lev] = sp
		if dp := m.backref(sp, stop, s.to+1, stopst, lev, rec); dp != -1 {
			return dp
		}
		return m.backref(sp, stop, ss+1, stopst, lev-1, rec)
	case sChoice:
		for _, br := range s.branches {
			if dp := m.backref(sp, stop, br[0], br[1], lev, rec); dp != -1 {
				return dp
			}
		}
		return -1
	case sLParen, sRParen:
		slot := 2 * s.n
		if s.kind == sRParen {
			slot++
		}
		save := m.caps[slot]
		m.caps[slot] = sp
		if dp := m.backref(sp, stop, ss+1, stopst, lev, rec); dp != -1 {
			return dp
		}
		m.caps[slot] = save
		return -1
	}
	return -1
}
