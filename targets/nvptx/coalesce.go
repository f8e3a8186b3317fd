package nvptx

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Accumulator coalescing. A wgmma reads and writes its accumulator
// registers asynchronously until a wgmma.wait_group retires it; any other
// instruction touching those registers in between is undefined in PTX
// (ptxas serializes every wgmma of the kernel when it can tell). In SSA
// the accumulator is a chain of values — a loop's block argument, the
// wgmma's C operand and D results, the wait's operands and results, the
// value passed back on the loop's edge — and the emitter would give each
// its own registers, joined by movs. This file puts the values of such a
// chain in one set of registers wherever that is correct:
//
//   - a wgmma_wait's result and its operand always hold the same value;
//   - a wgmma's D may take C's registers when C is dead after the wgmma;
//   - a block argument may take the registers of a value passed to it
//     when the two do not interfere.
//
// Two values interfere when one is live at the definition of the other
// and they may hold different values (a wait's result and operand never
// do). Merging is greedy, wait pairs first, then wgmma D/C, then edges;
// a merge happens only if no member of one web interferes with a member
// of the other. What stays apart is copied by the emitter: a block edge
// copies as usual, a wgmma copies C into D then issues its own
// wgmma.fence. A copy that would read registers a wgmma may still be
// writing is an error (see inFlight), never silently emitted.

// accWebs is the result for one function.
type accWebs struct {
	parent map[ir.Value]ir.Value
	// members of each root (only roots of merged webs are kept).
	members map[ir.Value][]ir.Value
	// regs are the registers a merged web's values share, allocated on
	// first use; owned holds their names.
	regs  map[ir.Value]*value
	owned map[string]bool
	// inFlight holds the values that may be the result of a wgmma not yet
	// retired: wgmma results, results of waits that leave groups pending,
	// and block arguments receiving either.
	inFlight map[ir.Value]bool
}

func (w *accWebs) find(v ir.Value) ir.Value {
	for {
		p, ok := w.parent[v]
		if !ok || p == v {
			return v
		}
		if gp := w.parent[p]; gp != p {
			w.parent[v] = gp
		}
		v = p
	}
}

// web returns the root of v's merged web, or nil when v shares its
// registers with no other value.
func (w *accWebs) web(v ir.Value) ir.Value {
	if w == nil {
		return nil
	}
	if _, ok := w.parent[v]; !ok {
		return nil
	}
	r := w.find(v)
	if len(w.members[r]) < 2 {
		return nil
	}
	return r
}

// affinity is a pair of values that would rather share registers.
type affinity struct{ a, b ir.Value }

// site is where a value is defined or used: an op's index in its
// block, -1 for a block argument.
type site struct {
	block *ir.Block
	index int
}

// webAnalysis holds the liveness of the candidate values.
type webAnalysis struct {
	cands   map[ir.Value]bool
	def     map[ir.Value]site
	uses    map[ir.Value][]site
	liveIn  map[*ir.Block]map[ir.Value]bool
	liveOut map[*ir.Block]map[ir.Value]bool
	number  map[ir.Value]ir.Value // value numbers: a wait's result is its operand
}

// buildAccumulatorWebs analyses fn's body; nil when it has no wgmma.
func buildAccumulatorWebs(fn *ir.Operation) *accWebs {
	blocks := fn.Region(0).Blocks()
	var waits, wgmmas []*ir.Operation
	for _, b := range blocks {
		for _, op := range b.Ops() {
			switch op.Name() {
			case gpu.WGMMAOp.Name:
				wgmmas = append(wgmmas, op)
			case gpu.WGMMAWaitOp.Name:
				waits = append(waits, op)
			}
		}
	}
	if len(wgmmas) == 0 {
		return nil
	}
	mergeable := func(v ir.Value) bool {
		if a, ok := v.(*ir.BlockArgument); ok {
			return !a.Owner().IsEntry()
		}
		d := v.DefiningOp()
		return d != nil && !d.Has(ir.ConstantLike) && !isAggregate(v.Type())
	}
	// Affinities, in merge order.
	var waitPairs, accPairs, edgePairs []affinity
	for _, op := range waits {
		for i, v := range op.Operands() {
			if mergeable(v) {
				waitPairs = append(waitPairs, affinity{op.Result(i), v})
			}
		}
	}
	for _, op := range wgmmas {
		c := gpu.WGMMAView{Operation: op}.C()
		for i, v := range c {
			if mergeable(v) {
				accPairs = append(accPairs, affinity{op.Result(i), v})
			}
		}
	}
	cands := map[ir.Value]bool{}
	for _, ps := range [][]affinity{waitPairs, accPairs} {
		for _, p := range ps {
			cands[p.a], cands[p.b] = true, true
		}
	}
	for _, op := range wgmmas {
		for _, r := range op.Results() {
			cands[r] = true
		}
	}
	// Block arguments joined, through edges, to the values above.
	edges := edgeAffinities(blocks, mergeable)
	for changed := true; changed; {
		changed = false
		for _, e := range edges {
			if cands[e.a] != cands[e.b] {
				cands[e.a], cands[e.b] = true, true
				changed = true
			}
		}
	}
	for _, e := range edges {
		if cands[e.a] {
			edgePairs = append(edgePairs, e)
		}
	}

	an := analyse(blocks, cands, waits)
	w := &accWebs{
		parent: map[ir.Value]ir.Value{}, members: map[ir.Value][]ir.Value{},
		regs: map[ir.Value]*value{}, owned: map[string]bool{},
	}
	for v := range cands {
		w.parent[v] = v
		w.members[v] = []ir.Value{v}
	}
	for _, ps := range [][]affinity{waitPairs, accPairs, edgePairs} {
		for _, p := range ps {
			w.merge(an, p.a, p.b)
		}
	}
	w.inFlight = inFlightValues(wgmmas, waits, edges)
	return w
}

// edgeAffinities pairs each block argument with the values its incoming
// edges pass.
func edgeAffinities(blocks []*ir.Block, mergeable func(ir.Value) bool) []affinity {
	var out []affinity
	for _, b := range blocks {
		t := b.Terminator()
		if t == nil || t.Def().SuccessorOperands == nil {
			continue
		}
		for i := 0; i < t.NumSuccessors(); i++ {
			dest := t.Successor(i)
			idx := t.Def().SuccessorOperands(t, i)
			if len(idx) != dest.NumArguments() {
				continue
			}
			for k, oi := range idx {
				arg, v := dest.Argument(k), t.Operand(oi)
				if mergeable(arg) && mergeable(v) && arg.Type() == v.Type() {
					out = append(out, affinity{arg, v})
				}
			}
		}
	}
	return out
}

// merge joins the webs of a and b unless they interfere.
func (w *accWebs) merge(an *webAnalysis, a, b ir.Value) {
	ra, rb := w.find(a), w.find(b)
	if ra == rb {
		return
	}
	for _, u := range w.members[ra] {
		for _, v := range w.members[rb] {
			if an.interfere(u, v) {
				return
			}
		}
	}
	w.parent[rb] = ra
	w.members[ra] = append(w.members[ra], w.members[rb]...)
	delete(w.members, rb)
}

// analyse computes the definitions, uses and block liveness of the
// candidate values.
func analyse(blocks []*ir.Block, cands map[ir.Value]bool, waits []*ir.Operation) *webAnalysis {
	an := &webAnalysis{
		cands: cands, def: map[ir.Value]site{}, uses: map[ir.Value][]site{},
		liveIn: map[*ir.Block]map[ir.Value]bool{}, liveOut: map[*ir.Block]map[ir.Value]bool{},
		number: map[ir.Value]ir.Value{},
	}
	use := map[*ir.Block]map[ir.Value]bool{}
	defs := map[*ir.Block]map[ir.Value]bool{}
	for _, b := range blocks {
		use[b], defs[b] = map[ir.Value]bool{}, map[ir.Value]bool{}
		an.liveIn[b], an.liveOut[b] = map[ir.Value]bool{}, map[ir.Value]bool{}
		for _, a := range b.Arguments() {
			if cands[a] {
				an.def[a] = site{b, -1}
				defs[b][a] = true
			}
		}
		for i, op := range b.Ops() {
			for _, v := range op.Operands() {
				if !cands[v] {
					continue
				}
				an.uses[v] = append(an.uses[v], site{b, i})
				if !defs[b][v] {
					use[b][v] = true
				}
			}
			for _, r := range op.Results() {
				if cands[r] {
					an.def[r] = site{b, i}
					defs[b][r] = true
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for i := len(blocks) - 1; i >= 0; i-- {
			b := blocks[i]
			out := an.liveOut[b]
			for _, s := range b.Successors() {
				for v := range an.liveIn[s] {
					if !out[v] {
						out[v] = true
						changed = true
					}
				}
			}
			in := an.liveIn[b]
			for v := range use[b] {
				if !in[v] {
					in[v] = true
					changed = true
				}
			}
			for v := range out {
				if !defs[b][v] && !in[v] {
					in[v] = true
					changed = true
				}
			}
		}
	}
	for _, op := range waits {
		for i, v := range op.Operands() {
			an.number[op.Result(i)] = v
		}
	}
	return an
}

// valueNumber follows wait results back to the value they carry.
func (an *webAnalysis) valueNumber(v ir.Value) ir.Value {
	for {
		n, ok := an.number[v]
		if !ok {
			return v
		}
		v = n
	}
}

// liveAfter reports whether v is live just after site p (after the
// op at p.index, or after the arguments of p.block for index -1).
func (an *webAnalysis) liveAfter(v ir.Value, p site) bool {
	d, ok := an.def[v]
	if !ok {
		return false
	}
	if d.block == p.block {
		if d.index > p.index {
			return false
		}
	} else if !an.liveIn[p.block][v] {
		return false
	}
	if an.liveOut[p.block][v] {
		return true
	}
	for _, u := range an.uses[v] {
		if u.block == p.block && u.index > p.index {
			return true
		}
	}
	return false
}

// interfere reports whether u and v may not share registers.
func (an *webAnalysis) interfere(u, v ir.Value) bool {
	if an.valueNumber(u) == an.valueNumber(v) {
		return false
	}
	return an.liveAfter(u, an.def[v]) || an.liveAfter(v, an.def[u])
}

// inFlightValues finds the values that may name registers a wgmma is still
// writing: its results, the results of waits that leave groups pending
// (whose operands are such values), and block arguments receiving them.
func inFlightValues(wgmmas, waits []*ir.Operation, edges []affinity) map[ir.Value]bool {
	in := map[ir.Value]bool{}
	for _, op := range wgmmas {
		for _, r := range op.Results() {
			in[r] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, op := range waits {
			if gpu.Pending(op) == 0 {
				continue
			}
			for i, v := range op.Operands() {
				if in[v] && !in[op.Result(i)] {
					in[op.Result(i)] = true
					changed = true
				}
			}
		}
		for _, e := range edges {
			if in[e.b] && !in[e.a] {
				in[e.a] = true
				changed = true
			}
		}
	}
	return in
}

// valueFor returns fresh registers for v, or the registers of its web.
func (f *fn) valueFor(v ir.Value) (*value, error) {
	w := f.webs
	r := w.web(v)
	if r == nil {
		return f.newValue(v.Type())
	}
	if x, ok := w.regs[r]; ok {
		return x, nil
	}
	x, err := f.newValue(v.Type())
	if err != nil {
		return nil, err
	}
	w.regs[r] = x
	for _, l := range x.leaves() {
		w.owned[l.reg] = true
	}
	return x, nil
}

// owns reports whether some register of x belongs to a web: a value that
// would alias it must get registers of its own, since a wgmma may
// overwrite the web's registers in place.
func (w *accWebs) owns(x *value) bool {
	if w == nil {
		return false
	}
	for _, l := range x.leaves() {
		if l.reg != "" && w.owned[l.reg] {
			return true
		}
	}
	return false
}

// mayBeInFlight reports whether v may name registers a wgmma is writing.
func (w *accWebs) mayBeInFlight(v ir.Value) bool { return w != nil && w.inFlight[v] }
