package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "cse",
		DisplayName: "CSE",
		Summary:     "Eliminate common sub-expressions",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				res := CSE(op)
				st.Stat("num-cse'd", "Number of operations CSE'd").Add(int64(res.CSEd))
				st.Stat("num-dce'd", "Number of operations DCE'd").Add(int64(res.DCEd))
				if res.CSEd == 0 && res.DCEd == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// CSEResult counts what CSE did.
type CSEResult struct{ CSEd, DCEd int }

// CSE eliminates common subexpressions in the regions of op, as MLIR's
// CSE pass does: a dominance-scoped table of known ops (fresh below
// isolated-from-above ops), equivalence up to locations, side-effect-free
// ops replaced by a dominating equivalent, read-only ops replaced by an
// equivalent earlier op of the same block with no write in between, and
// trivially dead ops erased. Ops are erased after the walk, in the order
// they were found.
func CSE(op *ir.Operation) CSEResult {
	c := &cse{dom: ir.NewDominanceInfo(), table: newScopedTable()}
	for _, r := range op.Regions() {
		c.region(c.table, r)
	}
	c.table.release()
	for _, o := range c.toErase {
		o.Erase()
	}
	return c.res
}

type cse struct {
	dom     *ir.DominanceInfo
	table   *scopedTable
	toErase []*ir.Operation
	res     CSEResult
	// writesBefore counts, for each op of a block asked about (indexed by
	// its BlockOrder), the ops before it in the block that may write
	// memory. The walk neither inserts nor moves ops, and erases them only
	// after it, so the numbers and counts hold until the block is done.
	writesBefore map[*ir.Block][]int32
	freeCounts   [][]int32 // count slices of blocks done, for reuse
}

func (c *cse) region(t *scopedTable, r *ir.Region) {
	if r.Empty() {
		return
	}
	ssa := !ir.IsGraphRegion(r)
	if r.NumBlocks() == 1 {
		t.push()
		c.block(t, r.Front(), ssa)
		t.pop()
		return
	}
	// Regions without SSA dominance have no traversal order to rely on.
	if !ssa {
		return
	}
	children := domChildren(c.dom, r)
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		t.push()
		c.block(t, b, ssa)
		for _, ch := range children[b] {
			visit(ch)
		}
		t.pop()
	}
	visit(r.Front())
}

// domChildren lists the dominator-tree children of the reachable blocks
// of r, in block order.
func domChildren(dom *ir.DominanceInfo, r *ir.Region) map[*ir.Block][]*ir.Block {
	children := map[*ir.Block][]*ir.Block{}
	for _, b := range r.Blocks()[1:] {
		if !dom.IsReachable(b) {
			continue
		}
		if idom := dom.ImmediateDominator(b); idom != nil {
			children[idom] = append(children[idom], b)
		}
	}
	return children
}

func (c *cse) block(t *scopedTable, b *ir.Block, ssa bool) {
	for op := b.First(); op != nil; op = op.Next() {
		if op.NumRegions() > 0 {
			// An isolated op must not see the outer table: that would
			// create implicit captures.
			nested := t
			if op.Has(ir.IsolatedFromAbove) || !op.Registered() {
				nested = newScopedTable()
			}
			for _, r := range op.Regions() {
				c.region(nested, r)
			}
			if nested != t {
				nested.release()
			}
		}
		c.simplify(t, op, ssa)
	}
	// The write index of b is no longer needed.
	if w, ok := c.writesBefore[b]; ok {
		delete(c.writesBefore, b)
		c.freeCounts = append(c.freeCounts, w)
	}
}

// simplify tries to eliminate op; it reports whether op will be erased.
func (c *cse) simplify(t *scopedTable, op *ir.Operation, ssa bool) bool {
	if op.Has(ir.Terminator) {
		return false
	}
	if ir.IsTriviallyDead(op) {
		c.toErase = append(c.toErase, op)
		c.res.DCEd++
		return true
	}
	for _, r := range op.Regions() {
		if r.NumBlocks() > 1 {
			return false
		}
	}
	if free, reads := effectClass(op); !free {
		if !reads {
			return false
		}
		existing, h := t.lookup(op)
		if existing != nil && existing.Block() == op.Block() && !c.writeBetween(existing, op) {
			c.replace(t, op, existing, ssa)
			return true
		}
		t.insert(op, h)
		return false
	}
	existing, h := t.lookup(op)
	if existing != nil {
		c.replace(t, op, existing, ssa)
		return true
	}
	t.insert(op, h)
	return false
}

// effectClass reports whether op is free of memory effects
// (ir.IsMemoryEffectFree) and whether it only reads: it declares its
// effects (MLIR's MemoryEffectOpInterface) and they are all reads. One
// visit of op's effects answers both: CSE asks them of every op, and
// each visit calls the effects hooks of op and of what it contains.
func effectClass(op *ir.Operation) (free, reads bool) {
	// Most ops are Pure (or NoMemoryEffect), with no hook and nothing
	// nested: their traits answer, without the visit's call and closure.
	if op.Def().AppendEffects == nil && !op.Has(ir.RecursiveEffects) && (op.Has(ir.Pure) || op.Has(ir.NoMemoryEffect)) {
		return true, true
	}
	any := false
	known := ir.EachEffect(op, func(e ir.Effect) bool {
		any = true
		return e.Kind == ir.Read
	})
	// Known means every effect, if any, is a read.
	return known && !any, known && ir.DeclaresEffects(op)
}

// mayWrite reports whether op may write memory: it writes, or its effects
// are unknown (MLIR's CSE assumes ops without the interface write).
func mayWrite(op *ir.Operation) bool {
	if !ir.DeclaresEffects(op) && !op.Has(ir.RecursiveEffects) {
		return true
	}
	return !ir.EachEffect(op, func(e ir.Effect) bool { return e.Kind != ir.Write })
}

// writeBetween reports whether an op strictly between from and to (same
// block, from first) may write memory. Each block's ops are classified
// once, so a block of n reads and writes costs O(n) whatever the distance
// between equivalent reads (scanning between them was quadratic on the
// lowering's long blocks of shared-memory loads).
func (c *cse) writeBetween(from, to *ir.Operation) bool {
	b := from.Block()
	w, ok := c.writesBefore[b]
	if !ok {
		if c.writesBefore == nil {
			c.writesBefore = map[*ir.Block][]int32{}
		}
		size := b.Last().BlockOrder() + 1
		if k := len(c.freeCounts); k > 0 && cap(c.freeCounts[k-1]) >= size {
			w, c.freeCounts = c.freeCounts[k-1][:size], c.freeCounts[:k-1]
		} else {
			w = make([]int32, size)
		}
		n := int32(0)
		for o := b.First(); o != nil; o = o.Next() {
			w[o.BlockOrder()] = n
			if mayWrite(o) {
				n++
			}
		}
		c.writesBefore[b] = w
	}
	return w[to.BlockOrder()]-w[from.Next().BlockOrder()] > 0
}

func (c *cse) replace(t *scopedTable, op, existing *ir.Operation, ssa bool) {
	if ssa {
		for i := 0; i < op.NumResults(); i++ {
			ir.ReplaceAllUsesWith(op.Result(i), existing.Result(i))
		}
		c.toErase = append(c.toErase, op)
	} else {
		// Without dominance, only uses that were not visited yet may be
		// replaced.
		for i := 0; i < op.NumResults(); i++ {
			ir.ReplaceUsesIf(op.Result(i), existing.Result(i), func(u *ir.OpOperand) bool {
				return !t.contains(u.Owner())
			})
		}
		if !op.ResultsUsed() {
			c.toErase = append(c.toErase, op)
		}
	}
	if _, unknown := existing.Loc().(*ir.UnknownLoc); unknown {
		if _, opUnknown := op.Loc().(*ir.UnknownLoc); !opUnknown {
			existing.SetLoc(op.Loc())
		}
	}
	c.res.CSEd++
}
