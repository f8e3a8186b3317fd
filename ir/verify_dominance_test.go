package ir

import (
	"math/rand"
	"testing"
)

// referenceDominance is the verifier's dominance check as it was written
// before verify_dominance.go: ValueDominates for every operand, in
// pre-order, stopping at the first failure. The structured check must
// report exactly what it reports.
func referenceDominance(root *Operation) Diagnostics {
	var diags Diagnostics
	dom := NewDominanceInfo()
	WalkOps(root, func(o *Operation) {
		if len(diags) > 0 {
			return
		}
		for i := range o.operands {
			val := o.operands[i].value
			if val.ParentBlock() == nil {
				diags = append(diags, OpErrorf(o, "operand #%d uses a value that is not in the IR (its defining op was erased or never inserted)", i))
				return
			}
			if !dom.ValueDominates(val, o) {
				d := OpErrorf(o, "operand #%d does not dominate this use", i)
				if def := val.DefiningOp(); def != nil {
					d.Note(def.loc, "operand defined here")
				} else {
					d.Note(val.Loc(), "operand defined as a block argument")
				}
				diags = append(diags, d)
				return
			}
		}
	})
	return diags
}

// randomCFG builds a random nest of regions under a root op: multi-block
// regions with random branches (unreachable blocks and loops included),
// graph regions, block arguments, and ops using values from anywhere
// (earlier, later, enclosing, sibling and nested regions, and a value
// from outside the root), most of them dominating, some not.
type randomCFG struct {
	rng    *rand.Rand
	ctx    *Context
	typ    Type
	values []Value
	ops    []*Operation
}

func (g *randomCFG) op(name string, nregions int) *Operation {
	// A location of its own: the diagnostics then name the op.
	st := NewState(g.ctx, name, FileLineCol(g.ctx, "t", len(g.ops)+1, 1))
	st.Types = []Type{g.typ}
	for i := 0; i < nregions; i++ {
		st.AddRegion()
	}
	op := Create(st)
	g.ops = append(g.ops, op)
	return op
}

func (g *randomCFG) fillRegion(r *Region, depth int) {
	nblocks := 1 + g.rng.Intn(3)
	var blocks []*Block
	for i := 0; i < nblocks; i++ {
		b := NewBlock(g.ctx, nil, nil)
		if i > 0 && g.rng.Intn(2) == 0 {
			g.values = append(g.values, b.AddArgument(g.typ, nil))
		}
		r.Append(b)
		blocks = append(blocks, b)
	}
	for _, b := range blocks {
		for n := g.rng.Intn(4); n > 0; n-- {
			name, nregions := "dom.op", 0
			if depth < 3 && g.rng.Intn(4) == 0 {
				name, nregions = "dom.nest", 1+g.rng.Intn(2)
				switch g.rng.Intn(6) {
				case 0, 1:
					name = "dom.graph"
				case 2:
					name = "dom.iso"
				}
			}
			o := g.op(name, nregions)
			b.Append(o)
			for _, nr := range o.Regions() {
				g.fillRegion(nr, depth+1)
			}
			g.values = append(g.values, o.Result(0))
		}
		// The terminator: branches to random blocks of the region.
		st := NewState(g.ctx, "dom.br", FileLineCol(g.ctx, "t", len(g.ops)+1, 2))
		for n := g.rng.Intn(3); n > 0; n-- {
			st.Successors = append(st.Successors, blocks[g.rng.Intn(len(blocks))])
		}
		br := Create(st)
		b.Append(br)
		g.ops = append(g.ops, br)
	}
}

// wire gives every op up to three random operands: nearly always a value
// the reference says dominates it (skipped when there is none), else any.
func (g *randomCFG) wire(outside Value) {
	dom := NewDominanceInfo()
	all := append(append([]Value(nil), g.values...), outside)
	for _, o := range g.ops {
		var ok []Value
		for _, v := range all {
			if v.ParentBlock() != nil && dom.ValueDominates(v, o) {
				ok = append(ok, v)
			}
		}
		var vs []Value
		for n := g.rng.Intn(4); n > 0; n-- {
			switch {
			case g.rng.Intn(60) == 0:
				vs = append(vs, all[g.rng.Intn(len(all))])
			case len(ok) > 0:
				vs = append(vs, ok[g.rng.Intn(len(ok))])
			}
		}
		o.SetOperands(vs)
	}
}

func TestDominanceCheckMatchesValueDominates(t *testing.T) {
	d := &Dialect{Name: "dom"}
	d.NewOp("root", NoTerminator)
	d.NewOp("isoroot", NoTerminator|IsolatedFromAbove)
	d.NewOp("iso", IsolatedFromAbove)
	d.NewOp("op", 0)
	d.NewOp("nest", 0)
	d.NewOp("graph", 0).RegionKind = func(*Operation, int) RegionKind { return Graph }
	d.NewOp("br", Terminator)
	ctx := NewContext()
	ctx.Load(d)
	failures, isolationFailures := 0, 0
	for seed := int64(0); seed < 3000; seed++ {
		g := &randomCFG{rng: rand.New(rand.NewSource(seed)), ctx: ctx, typ: I32(ctx)}
		// A value defined outside the root, and one never inserted.
		outer := g.op("dom.nest", 1)
		ob := NewBlock(ctx, nil, nil)
		outer.Region(0).Append(ob)
		outside := Create(&OperationState{Ctx: ctx, Name: "dom.op", Types: []Type{g.typ}})
		ob.Append(outside)
		g.ops = nil
		rootName := "dom.root"
		if seed%3 == 0 {
			rootName = "dom.isoroot"
		}
		root := g.op(rootName, 1)
		if seed%2 == 0 {
			ob.Append(root) // values of ob are then visible to the root's ops
		}
		g.fillRegion(root.Region(0), 0)
		detached := Create(&OperationState{Ctx: ctx, Name: "dom.op", Types: []Type{g.typ}})
		v := outside.Result(0)
		if seed%5 == 0 {
			v = detached.Result(0)
		}
		g.wire(v)
		want := referenceDominance(root)
		got := &verifier{dom: NewDominanceInfo()}
		got.verifyDominance(root)
		if want.Error() != got.diags.Error() || len(want) != len(got.diags) {
			t.Fatalf("seed %d: the structured check reports %q, ValueDominates %q", seed, got.diags.Error(), want.Error())
		}
		if len(want) > 0 {
			failures++
		}
		// Verify's fast path, which makes the isolation checks in the
		// dominance walk, must agree with the checks made in order.
		exact := &verifier{dom: NewDominanceInfo()}
		exact.verifyOp(root)
		isolationFailed := len(exact.diags) > 0
		if !isolationFailed {
			exact.verifyDominance(root)
		}
		if fast := verifies(root); fast != (len(exact.diags) == 0) {
			t.Fatalf("seed %d: verifies says %v, the ordered checks report %q", seed, fast, exact.diags.Error())
		}
		if isolationFailed {
			isolationFailures++
		}
	}
	// Both outcomes must have been exercised.
	if failures < 300 || failures > 2700 || isolationFailures < 100 {
		t.Errorf("%d of 3000 random IRs fail the dominance check, %d the isolation checks: the generator does not exercise every outcome", failures, isolationFailures)
	}
}

// dominatesByDefinition reports whether a dominates b from the definition:
// b cannot be reached from the region's entry without passing through a
// (unreachable blocks are dominated by every block).
func dominatesByDefinition(a, b *Block) bool {
	if a == b {
		return true
	}
	seen := map[*Block]bool{a: true}
	work := []*Block{b.region.blocks[0]}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		if x == b {
			return false
		}
		seen[x] = true
		for _, s := range x.Successors() {
			if s != nil && s.region == b.region {
				work = append(work, s)
			}
		}
	}
	return true
}

func TestBlockDominatesMatchesDefinition(t *testing.T) {
	d := &Dialect{Name: "dom"}
	d.NewOp("root", NoTerminator)
	d.NewOp("op", 0)
	d.NewOp("nest", 0)
	d.NewOp("br", Terminator)
	ctx := NewContext()
	ctx.Load(d)
	pairs := 0
	for seed := int64(0); seed < 500; seed++ {
		g := &randomCFG{rng: rand.New(rand.NewSource(seed)), ctx: ctx, typ: I32(ctx)}
		root := g.op("dom.root", 1)
		g.fillRegion(root.Region(0), 0)
		dom := NewDominanceInfo()
		WalkOps(root, func(o *Operation) {
			for _, r := range o.Regions() {
				for i, a := range r.blocks {
					for j, b := range r.blocks {
						if got, want := dom.BlockDominates(a, b), dominatesByDefinition(a, b); got != want {
							t.Fatalf("seed %d: BlockDominates(block %d, block %d) = %v, want %v", seed, i, j, got, want)
						}
						pairs++
					}
				}
			}
		})
	}
	if pairs < 1000 {
		t.Errorf("only %d block pairs compared", pairs)
	}
}
