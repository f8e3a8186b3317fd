package ir

// The verifier's dominance check: every operand of every op nested in the
// verified op (and of that op) must dominate its use, DominanceInfo's
// ValueDominates, checked in pre-order and stopping at the first failure.
//
// It runs after every pass that changed the IR, over every use of the
// module, and most uses of lowered code are of values defined in another
// block (the function's entry block holds the constants and thread ids).
// ValueDominates finds, per operand, the user's ancestor in the defining
// region by walking up the parents, asks the region's kind, and looks the
// region's tree and both blocks up in maps. The walk below keeps the
// enclosing blocks on a stack instead: the ancestor in each enclosing
// region, the region's kind, its tree and the number of the block in it are
// then known once per block, and a use from another block costs one lookup
// of the defining block (none when it repeats the previous one).

// domScope is one region enclosing the ops being checked.
type domScope struct {
	region *Region
	// block is the block of region holding the ops being checked, and
	// anc the op of block that is, or holds, the op being checked.
	block *Block
	anc   *Operation
	// graph caches isGraphRegion(region): 0 not asked yet, 1 no, 2 yes.
	graph int8
	// tree is region's dominator tree once asked for (multi-block
	// regions only); blockNum is block's number in it, blockReached
	// whether block is reachable.
	tree         *domTree
	blockNum     int32
	blockReached bool
	// lastDef and lastDefNum cache the last defining block looked up in
	// tree (lastDefReached: whether it is reachable).
	lastDef        *Block
	lastDefNum     int32
	lastDefReached bool
}

type dominanceCheck struct {
	v      *verifier
	scopes []domScope
	// isolation also fails uses that break an isolated-from-above op's
	// isolation (for verifies, which only asks whether everything
	// verifies; the diagnostic then claims a dominance failure). iso is
	// the index of the first scope inside the innermost isolated op
	// enclosing the ops being checked, -1 if none.
	isolation bool
	iso       int
}

func (v *verifier) verifyDominance(root *Operation) {
	c := dominanceCheck{v: v}
	if c.uses(root) {
		c.nested(root)
	}
}

// nested checks the ops nested in op in pre-order; false once a use failed.
func (c *dominanceCheck) nested(op *Operation) bool {
	outerIso := c.iso
	if c.isolation && op.Has(IsolatedFromAbove) {
		c.iso = len(c.scopes)
	}
	for _, r := range op.Regions() {
		for _, b := range r.blocks {
			c.scopes = append(c.scopes, domScope{region: r, block: b})
			top := len(c.scopes) - 1
			for o := b.first; o != nil; o = o.next {
				c.scopes[top].anc = o
				if !c.uses(o) || !c.nested(o) {
					return false
				}
			}
			c.scopes = c.scopes[:top]
		}
	}
	c.iso = outerIso
	return true
}

// uses checks the operands of o, reporting the first that does not
// dominate o; false if one failed.
func (c *dominanceCheck) uses(o *Operation) bool {
	for i := range o.operands {
		val := o.operands[i].value
		// Most uses are of a result of an earlier op of o's block, or of
		// an argument of that block: they dominate o in any region, with
		// neither the interface calls nor the walk over the scopes.
		switch v := val.(type) {
		case *OpResult:
			if def := v.owner; def.block == o.block && def.block != nil && def.IsBeforeInBlock(o) {
				continue
			}
		case *BlockArgument:
			if v.owner == o.block && v.owner != nil {
				continue
			}
		}
		defBlock := val.ParentBlock()
		if defBlock == nil {
			c.v.fail(OpErrorf(o, "operand #%d uses a value that is not in the IR (its defining op was erased or never inserted)", i))
			return false
		}
		if !c.dominates(val, defBlock, o) {
			d := OpErrorf(o, "operand #%d does not dominate this use", i)
			if def := val.DefiningOp(); def != nil {
				d.Note(def.loc, "operand defined here")
			} else {
				d.Note(val.Loc(), "operand defined as a block argument")
			}
			c.v.fail(d)
			return false
		}
	}
	return true
}

// dominates is c.v.dom.ValueDominates(val, user) for a value defined in
// defBlock and a user whose enclosing blocks are on the stack.
func (c *dominanceCheck) dominates(val Value, defBlock *Block, user *Operation) bool {
	r := defBlock.region
	// The innermost scope of the defining region holds the ancestor
	// ValueDominates climbs to. A region not on the stack (the value is
	// defined outside the verified op) is left to ValueDominates.
	for k := len(c.scopes) - 1; k >= 0; k-- {
		s := &c.scopes[k]
		if s.region != r {
			continue
		}
		if c.isolation && k < c.iso {
			return false // defined outside the isolated op
		}
		if s.block == defBlock {
			def := val.DefiningOp()
			if def == nil || def != s.anc && def.IsBeforeInBlock(s.anc) {
				return true
			}
			return c.graph(s)
		}
		// The entry block dominates every block of its region, and most
		// values defined in another block are the entry block's (the
		// constants and thread ids of lowered code): no dominator tree.
		if defBlock == r.blocks[0] {
			return true
		}
		return c.graph(s) || c.blockDominates(s, defBlock)
	}
	if c.isolation && c.iso >= 0 {
		// Defined outside the isolated op, or inside it but not in a
		// region enclosing the user, where it cannot dominate the use.
		return false
	}
	return c.v.dom.ValueDominates(val, user)
}

func (c *dominanceCheck) graph(s *domScope) bool {
	if s.graph == 0 {
		s.graph = 1
		if isGraphRegion(s.region) {
			s.graph = 2
		}
	}
	return s.graph == 2
}

// blockDominates is c.v.dom.BlockDominates(a, s.block) for a block a of
// s.region other than s.block.
func (c *dominanceCheck) blockDominates(s *domScope, a *Block) bool {
	r := s.region
	if s.block.region != r || len(r.blocks) < 2 {
		return c.v.dom.BlockDominates(a, s.block)
	}
	t := s.tree
	if t == nil {
		t = c.v.dom.tree(r)
		s.tree = t
		s.blockNum, s.blockReached = t.num[s.block]
	}
	if !s.blockReached {
		return true
	}
	if a != s.lastDef {
		s.lastDef = a
		s.lastDefNum, s.lastDefReached = t.num[a]
	}
	if !s.lastDefReached {
		return false
	}
	na, nb := s.lastDefNum, s.blockNum
	return t.in[na] <= t.in[nb] && t.out[nb] <= t.out[na]
}
