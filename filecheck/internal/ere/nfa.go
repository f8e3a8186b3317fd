package ere

// pikeVM is a Thompson simulation of a program that finds every end of a
// match from a given start, with regexec's treatment of anchors: at each
// position, "^" and "$" are passed in rounds, and there are only as many
// rounds as the expression has "^" (at a line start) plus "$" (at a line
// end) written in it; word assertions get one round after those. In
// regexec's small matcher a round passes one anchor deep; in the large one
// anchors chain within a round.
type pikeVM struct {
	p          *program
	in         []byte
	nbol, neol int
	large      bool
	cur, next  sparseSet
	snapshot   []int
}

type sparseSet struct {
	dense  []int
	sparse []int
}

func newSparseSet(n int) sparseSet {
	return sparseSet{dense: make([]int, 0, n), sparse: make([]int, n)}
}

func (s *sparseSet) has(i int) bool {
	j := s.sparse[i]
	return j < len(s.dense) && s.dense[j] == i
}

func (s *sparseSet) add(i int) {
	s.sparse[i] = len(s.dense)
	s.dense = append(s.dense, i)
}

func newPikeVM(p *program, in []byte, nbol, neol int, large bool) *pikeVM {
	n := len(p.insts)
	return &pikeVM{p: p, in: in, nbol: nbol, neol: neol, large: large, cur: newSparseSet(n), next: newSparseSet(n)}
}

// addThread adds pc and its closure over jumps, splits and saves. Threads
// stop at assertions, which pass only in anchor rounds.
func (vm *pikeVM) addThread(set *sparseSet, pc int) {
	if set.has(pc) {
		return
	}
	set.add(pc)
	in := &vm.p.insts[pc]
	switch in.op {
	case iJmp:
		vm.addThread(set, in.x)
	case iSplit:
		vm.addThread(set, in.x)
		vm.addThread(set, in.y)
	case iSave:
		vm.addThread(set, pc+1)
	}
}

// round passes every assertion that pass accepts: once, or in the large
// matcher also those reached by passing others.
func (vm *pikeVM) round(set *sparseSet, pass func(op) bool) {
	done := 0
	for {
		n := len(set.dense)
		vm.snapshot = append(vm.snapshot[:0], set.dense[done:]...)
		for _, pc := range vm.snapshot {
			if in := &vm.p.insts[pc]; in.op == iAssert && pass(in.cond) {
				vm.addThread(set, pc+1)
			}
		}
		if !vm.large || len(set.dense) == n {
			return
		}
		done = n
	}
}

func (vm *pikeVM) anchorRounds(set *sparseSet, pos int) {
	in := vm.in
	bol := pos == 0 || in[pos-1] == '\n'
	eol := pos == len(in) || in[pos] == '\n'
	rounds := 0
	if bol {
		rounds += vm.nbol
	}
	if eol {
		rounds += vm.neol
	}
	if vm.large {
		rounds = min(rounds, 1)
	}
	for i := 0; i < rounds; i++ {
		vm.round(set, func(c op) bool { return (c == opBol && bol) || (c == opEol && eol) })
	}
	switch {
	case assertAt(in, opBow, pos):
		vm.round(set, func(c op) bool { return c == opBow })
	case assertAt(in, opEow, pos):
		vm.round(set, func(c op) bool { return c == opEow })
	}
}

// ends returns, in increasing order, every end of a match starting at start.
func (vm *pikeVM) ends(start int) []int {
	var ends []int
	vm.cur.dense = vm.cur.dense[:0]
	vm.addThread(&vm.cur, 0)
	for pos := start; ; pos++ {
		vm.anchorRounds(&vm.cur, pos)
		for _, pc := range vm.cur.dense {
			if vm.p.insts[pc].op == iMatch {
				ends = append(ends, pos)
				break
			}
		}
		if pos == len(vm.in) || len(vm.cur.dense) == 0 {
			return ends
		}
		vm.next.dense = vm.next.dense[:0]
		c := vm.in[pos]
		for _, pc := range vm.cur.dense {
			if in := &vm.p.insts[pc]; in.op == iSet && in.set.has(c) {
				vm.addThread(&vm.next, pc+1)
			}
		}
		vm.cur, vm.next = vm.next, vm.cur
	}
}
