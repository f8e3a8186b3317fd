package ttir

import (
	"sort"

	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
	"github.com/ttcompiler/tt/transforms"
)

// runLoopAwareCSE is triton-loop-aware-cse (LoopAwareCSE.cpp): CSE (the
// generic pass's transforms.CSE), then
// merging of scf.for iter args that always hold the same value (proved by
// induction: same init, and the yielded values are equal assuming the
// args are), CSE again, and the scf.for canonicalization patterns to drop
// the short-circuited args.
func runLoopAwareCSE(op *ir.Operation, _ *passmgr.State) error {
	gen := op.Context().Generation()
	transforms.CSE(op)
	var loops []*ir.Operation
	ir.Walk(op, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
		if o.Name() == "scf.for" {
			loops = append(loops, o)
		}
		return ir.Advance
	})
	for _, l := range loops {
		mergeEqualIterArgs(scf.ForOp{Operation: l})
	}
	// CSE again finds what the merges and the first CSE's erasures
	// exposed; when neither changed the IR (no change at all in the
	// context since the first began), it would find nothing.
	if op.Context().Generation() != gen {
		transforms.CSE(op)
	}
	var ps []ir.RewritePattern
	if d := op.Context().LookupOp("scf.for"); d != nil {
		ps = d.Canonicalize
	}
	return applyPatterns(op, pattern.Freeze(ps), "triton-loop-aware-cse")
}

// loopEquality decides whether values of one loop body are always equal.
type loopEquality struct {
	loop scf.ForOp
	body *ir.Block
	// inits and yielded are the loop's initial and yielded values, listed
	// once: every pair of iter args reads them (listed per pair, a loop of
	// hundreds of iter args spent most of the pass allocating the lists).
	inits, yielded []ir.Value
	assume         [][2]int // iter-arg pairs assumed equal (breaks recursion)
	budget         int      // bounds the work on pathological bodies
}

func (e *loopEquality) iterArgsEqual(i, j int) bool {
	if i == j {
		return true
	}
	if e.inits[i] != e.inits[j] {
		return false
	}
	for _, p := range e.assume {
		if p == [2]int{i, j} {
			return true
		}
	}
	e.assume = append(e.assume, [2]int{i, j})
	eq := e.equal(e.yielded[i], e.yielded[j])
	e.assume = e.assume[:len(e.assume)-1]
	return eq
}

func (e *loopEquality) equal(a, b ir.Value) bool {
	if a == b {
		return true
	}
	if e.budget--; e.budget < 0 || a.Type() != b.Type() {
		return false
	}
	// Values from outside the loop are equal only if identical.
	if a.ParentBlock() != e.body || b.ParentBlock() != e.body {
		return false
	}
	aa, aIsArg := a.(*ir.BlockArgument)
	ba, bIsArg := b.(*ir.BlockArgument)
	if aIsArg != bIsArg {
		return false
	}
	iv := e.loop.InductionVar()
	if a == iv || b == iv {
		return false
	}
	if aIsArg {
		return e.iterArgsEqual(aa.Index()-1, ba.Index()-1)
	}
	ar, br := a.(*ir.OpResult), b.(*ir.OpResult)
	if ar.Index() != br.Index() {
		return false
	}
	x, y := ar.Owner(), br.Owner()
	// Only effect-free ops without regions compute the same value twice.
	if !ir.IsMemoryEffectFree(x) || !ir.IsMemoryEffectFree(y) || x.NumRegions() > 0 || y.NumRegions() > 0 {
		return false
	}
	if !ir.SameOpShape(x, y) {
		return false
	}
	for k := 0; k < x.NumOperands(); k++ {
		if !e.equal(x.Operand(k), y.Operand(k)) {
			return false
		}
	}
	return true
}

// mergeEqualIterArgs replaces every iter arg by the first arg of its
// equivalence class; the others are short-circuited (they yield
// themselves) for the canonicalizer to remove.
func mergeEqualIterArgs(loop scf.ForOp) {
	n := len(loop.RegionIterArgs())
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	e := &loopEquality{loop: loop, body: loop.Body(), inits: loop.Inits(), yielded: loop.YieldedValues(), budget: 1 << 20}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if e.iterArgsEqual(i, j) {
				ri, rj := find(i), find(j)
				if ri != rj {
					parent[rj] = ri
				}
			}
		}
	}
	classes := map[int][]int{}
	for i := 0; i < n; i++ {
		r := find(i)
		classes[r] = append(classes[r], i)
	}
	var roots []int
	for r, members := range classes {
		if len(members) > 1 {
			roots = append(roots, r)
		}
	}
	sort.Ints(roots)
	args := loop.RegionIterArgs()
	yield := loop.Yield()
	for _, r := range roots {
		members := classes[r]
		sort.Ints(members)
		unique, uniqueRes := args[members[0]], loop.Result(members[0])
		for _, j := range members[1:] {
			ir.ReplaceAllUsesWith(args[j], unique)
			yield.SetOperand(j, args[j])
			ir.ReplaceAllUsesWith(loop.Result(j), uniqueRes)
		}
	}
}
