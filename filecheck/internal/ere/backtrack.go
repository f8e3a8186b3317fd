package ere

import "bytes"

// Expressions that Go's regexp cannot match the way regexec does (word
// assertions, anchors that can be passed more than once at one position)
// run on a program of simple instructions: a Thompson simulation (nfa.go)
// finds the leftmost start and the longest end, as regexec's fast and slow
// passes do, and a memoized depth-first search in priority order recovers
// submatches along a path to that end.

type instOp uint8

const (
	iSet instOp = iota
	iAssert
	iSplit // try x, then y
	iJmp
	iSave
	iBackref
	iMatch
)

type inst struct {
	op   instOp
	set  *byteSet
	cond op // for iAssert
	x, y int
}

type program struct {
	insts    []inst
	nslots   int
	relevant []int // capture slots read by back-references
	first    *byteSet
}

// maxInsts bounds the size of a program after expanding counted repetition.
const maxInsts = 1 << 20

// maxSteps bounds the work of one Match call.
const maxSteps = 50_000_000

type progCompiler struct {
	insts []inst
	err   bool
}

func compileProgram(root *node, nsub int) (*program, error) {
	c := &progCompiler{}
	c.add(inst{op: iSave, x: 0})
	c.emit(root)
	c.add(inst{op: iSave, x: 1})
	c.add(inst{op: iMatch})
	if c.err {
		return nil, &Error{Code: ErrSpace}
	}
	p := &program{insts: c.insts, nslots: 2 * (nsub + 1)}
	seen := map[int]bool{}
	for _, in := range p.insts {
		if in.op == iBackref && !seen[in.x] {
			seen[in.x] = true
			p.relevant = append(p.relevant, 2*in.x, 2*in.x+1)
		}
	}
	if set, nullable := firstBytes(root); !nullable {
		p.first = &set
	}
	return p, nil
}

func (c *progCompiler) add(in inst) int {
	if len(c.insts) >= maxInsts {
		c.err = true
		return len(c.insts) - 1
	}
	c.insts = append(c.insts, in)
	return len(c.insts) - 1
}

func (c *progCompiler) emit(n *node) {
	if c.err {
		return
	}
	switch n.op {
	case opSet:
		c.add(inst{op: iSet, set: n.set})
	case opBol, opEol, opBow, opEow:
		c.add(inst{op: iAssert, cond: n.op})
	case opGroup:
		c.add(inst{op: iSave, x: 2 * n.n})
		c.emit(n.subs[0])
		c.add(inst{op: iSave, x: 2*n.n + 1})
	case opConcat:
		for _, s := range n.subs {
			c.emit(s)
		}
	case opAlt:
		var jumps []int
		for _, s := range n.subs[:len(n.subs)-1] {
			split := c.add(inst{op: iSplit})
			c.emit(s)
			jumps = append(jumps, c.add(inst{op: iJmp}))
			if c.err {
				return
			}
			c.insts[split].x = split + 1
			c.insts[split].y = len(c.insts)
		}
		c.emit(n.subs[len(n.subs)-1])
		if c.err {
			return
		}
		for _, j := range jumps {
			c.insts[j].x = len(c.insts)
		}
	case opRepeat:
		for i := 0; i < n.min; i++ {
			c.emit(n.subs[0])
		}
		if n.max == infinite {
			loop := c.add(inst{op: iSplit})
			c.emit(n.subs[0])
			c.add(inst{op: iJmp, x: loop})
			if c.err {
				return
			}
			c.insts[loop].x = loop + 1
			c.insts[loop].y = len(c.insts)
			return
		}
		var splits []int
		for i := n.min; i < n.max; i++ {
			s := c.add(inst{op: iSplit})
			splits = append(splits, s)
			c.emit(n.subs[0])
			if c.err {
				return
			}
			c.insts[s].x = s + 1
		}
		for _, s := range splits {
			c.insts[s].y = len(c.insts)
		}
	case opBackref:
		c.add(inst{op: iBackref, x: n.n})
	case opEmpty:
	}
}

// firstBytes returns the bytes a match of n can start with, and whether n
// can match without consuming a byte (in which case the set is not a
// complete filter).
func firstBytes(n *node) (byteSet, bool) {
	var s byteSet
	switch n.op {
	case opSet:
		return *n.set, false
	case opBol, opEol, opBow, opEow, opEmpty:
		return s, true
	case opBackref:
		for i := 0; i < 256; i++ {
			s.add(byte(i))
		}
		return s, true
	case opGroup:
		return firstBytes(n.subs[0])
	case opConcat:
		for _, sub := range n.subs {
			f, nullable := firstBytes(sub)
			s.union(&f)
			if !nullable {
				return s, false
			}
		}
		return s, true
	case opAlt:
		any := false
		for _, sub := range n.subs {
			f, nullable := firstBytes(sub)
			s.union(&f)
			any = any || nullable
		}
		return s, any
	case opRepeat:
		f, nullable := firstBytes(n.subs[0])
		return f, nullable || n.min == 0
	}
	return s, true
}

type stateKey struct {
	pc, pos int32
	caps    [18]int32
}

type memoEntry struct {
	depth   int32
	onStack bool
}

const noLow = int(^uint(0) >> 1)

type backtracker struct {
	p      *program
	in     []byte
	caps   []int
	fail   map[stateKey]memoEntry
	result []int
	steps  int
	abort  bool
}

func (p *program) match(in []byte, nbol, neol int, large bool) ([]int, error) {
	vm := newPikeVM(p, in, nbol, neol, large)
	for start := 0; start <= len(in); start++ {
		if p.first != nil && (start == len(in) || !p.first.has(in[start])) {
			continue
		}
		ends := vm.ends(start)
		if len(ends) == 0 {
			continue
		}
		end := ends[len(ends)-1]
		b := &backtracker{p: p, in: in, caps: make([]int, p.nslots), fail: map[stateKey]memoEntry{}}
		for i := range b.caps {
			b.caps[i] = -1
		}
		if ok, _ := b.find(0, start, end, 0); !ok {
			if b.abort {
				return nil, ErrTooComplex
			}
			loc := make([]int, p.nslots)
			for i := range loc {
				loc[i] = -1
			}
			loc[0], loc[1] = start, end
			return loc, nil
		}
		return b.result, nil
	}
	return nil, nil
}

func (b *backtracker) key(pc, pos int) stateKey {
	k := stateKey{pc: int32(pc), pos: int32(pos)}
	for i, slot := range b.p.relevant {
		k.caps[i] = int32(b.caps[slot])
	}
	return k
}

func isWordByte(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' }

func (b *backtracker) assert(cond op, pos int) bool { return assertAt(b.in, cond, pos) }

// assertAt evaluates a zero-width assertion at in[pos] with REG_NEWLINE.
func assertAt(in []byte, cond op, pos int) bool {
	switch cond {
	case opBol:
		return pos == 0 || in[pos-1] == '\n'
	case opEol:
		return pos == len(in) || in[pos] == '\n'
	case opBow:
		return (pos == 0 || !isWordByte(in[pos-1])) && pos < len(in) && isWordByte(in[pos])
	case opEow:
		return pos > 0 && isWordByte(in[pos-1]) && (pos == len(in) || !isWordByte(in[pos]))
	}
	return false
}

// step runs the deterministic instructions from (pc, pos) and returns the
// next branching or final instruction, or ok=false if matching failed.
func (b *backtracker) step(pc, pos int) (int, int, bool) {
	for {
		b.steps++
		if b.steps > maxSteps {
			b.abort = true
			return 0, 0, false
		}
		in := &b.p.insts[pc]
		switch in.op {
		case iSet:
			if pos < len(b.in) && in.set.has(b.in[pos]) {
				pc++
				pos++
				continue
			}
			return 0, 0, false
		case iAssert:
			if !b.assert(in.cond, pos) {
				return 0, 0, false
			}
			pc++
		case iJmp:
			pc = in.x
		case iBackref:
			s, e := b.caps[2*in.x], b.caps[2*in.x+1]
			if s < 0 || e < 0 || e < s {
				return 0, 0, false
			}
			n := e - s
			if pos+n > len(b.in) || !bytes.Equal(b.in[pos:pos+n], b.in[s:e]) {
				return 0, 0, false
			}
			pos += n
			pc++
		default:
			return pc, pos, true
		}
	}
}

// find follows the priority order to a path ending exactly at target and
// stores its captures in b.result.
func (b *backtracker) find(pc, pos, target, depth int) (bool, int) {
	pc, pos, ok := b.step(pc, pos)
	if !ok {
		return false, noLow
	}
	in := &b.p.insts[pc]
	switch in.op {
	case iMatch:
		if pos != target {
			return false, noLow
		}
		b.result = append([]int(nil), b.caps...)
		return true, noLow
	case iSave:
		old := b.caps[in.x]
		b.caps[in.x] = pos
		found, low := b.find(pc+1, pos, target, depth)
		b.caps[in.x] = old
		return found, low
	}
	k := b.key(pc, pos)
	if e, ok := b.fail[k]; ok {
		if e.onStack {
			return false, int(e.depth)
		}
		return false, noLow
	}
	b.fail[k] = memoEntry{onStack: true, depth: int32(depth)}
	found, low := b.find(in.x, pos, target, depth+1)
	if !found && !b.abort {
		var low2 int
		found, low2 = b.find(in.y, pos, target, depth+1)
		low = min(low, low2)
	}
	if found {
		delete(b.fail, k)
		return true, noLow
	}
	if low >= depth {
		b.fail[k] = memoEntry{}
		low = noLow
	} else {
		delete(b.fail, k)
	}
	return false, low
}
