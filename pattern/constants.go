package pattern

import "github.com/ttcompiler/tt/ir"

// constFolder deduplicates constants within each insertion region (the
// body of the nearest isolated-from-above op) and hoists them to the front
// of that region's entry block, as MLIR's OperationFolder does.
type constFolder struct {
	rw     *Rewriter
	scopes map[*ir.Region]*constScope
	owned  map[*ir.Operation]constKey
	// spare holds emptied scope tables of earlier runs (their regions
	// are others), reused rather than grown anew for each region.
	spare []*constScope
}

type constKey struct {
	dialect string
	value   ir.Attribute
	typ     ir.Type
}

// hash hashes the value and the type of k by identity, as == compares
// them (the dialect, most often the same, is left to the comparison).
// Populating looks up every constant of the region: a Go map keyed by
// constKey itself hashed the string and both interfaces through the
// runtime's generic hasher, several times the cost of the rest.
func (k constKey) hash() uint64 {
	return ir.MixHash(ir.IdentityHash(k.value), ir.IdentityHash(k.typ))
}

// constScope is the constants of one insertion region, by the hash of
// their key; a constant whose hash another key holds already goes to
// collided, keyed exactly.
type constScope struct {
	byHash   map[uint64]constEntry
	collided map[constKey]*ir.Operation
}

type constEntry struct {
	key constKey
	op  *ir.Operation
}

func newConstScope() *constScope {
	return &constScope{byHash: map[uint64]constEntry{}, collided: map[constKey]*ir.Operation{}}
}

// lookup returns the constant recorded under key (of hash h), or nil,
// and whether another key holds h.
func (s *constScope) lookup(key constKey, h uint64) (op *ir.Operation, hashTaken bool) {
	e, ok := s.byHash[h]
	if ok && e.key == key {
		return e.op, true
	}
	if len(s.collided) == 0 {
		return nil, ok
	}
	return s.collided[key], ok
}

// insert records op under key (of hash h), which lookup did not find.
func (s *constScope) insert(key constKey, h uint64, hashTaken bool, op *ir.Operation) {
	if hashTaken {
		s.collided[key] = op
		return
	}
	s.byHash[h] = constEntry{key, op}
}

// remove forgets op if it is recorded under key (of hash h).
func (s *constScope) remove(key constKey, h uint64, op *ir.Operation) {
	if e, ok := s.byHash[h]; ok && e.op == op {
		delete(s.byHash, h)
		return
	}
	if s.collided[key] == op {
		delete(s.collided, key)
	}
}

func (s *constScope) clear() {
	clear(s.byHash)
	clear(s.collided)
}

func newConstFolder(rw *Rewriter) *constFolder {
	return &constFolder{rw: rw, scopes: map[*ir.Region]*constScope{}, owned: map[*ir.Operation]constKey{}}
}

// reset forgets every constant (a new round of the greedy driver starts
// from scratch) and keeps the tables' storage.
func (f *constFolder) reset() {
	for _, s := range f.scopes {
		s.clear()
	}
	clear(f.owned)
}

// forgetScopes empties the scope tables, dropping their regions, and
// keeps them for reuse.
func (f *constFolder) forgetScopes() {
	for r, s := range f.scopes {
		s.clear()
		f.spare = append(f.spare, s)
		delete(f.scopes, r)
	}
}

// insertionRegion finds where constants used in block b are hoisted to.
func insertionRegion(b *ir.Block) *ir.Region {
	for {
		r := b.Region()
		if r == nil {
			return nil
		}
		p := r.ParentOp()
		if p == nil || p.Has(ir.IsolatedFromAbove) || !p.Registered() || p.Block() == nil {
			return r
		}
		b = p.Block()
	}
}

// insertKnownConstant records op as the canonical constant of its value,
// moving it to the front of its insertion region, or replaces op with the
// existing canonical constant (returning false).
func (f *constFolder) insertKnownConstant(op *ir.Operation, value ir.Attribute) bool {
	b := op.Block()
	if _, ok := f.owned[op]; ok {
		if b.First() != op && !f.isOwned(op.Prev()) {
			op.MoveBefore(b.First())
			eraseLoc(op)
		}
		return true
	}
	r := insertionRegion(b)
	if r == nil {
		return true
	}
	key := constKey{op.Def().Dialect.Name, value, op.Result(0).Type()}
	s := f.scopes[r]
	if s == nil {
		if n := len(f.spare); n > 0 {
			s, f.spare = f.spare[n-1], f.spare[:n-1]
		} else {
			s = newConstScope()
		}
		f.scopes[r] = s
	}
	h := key.hash()
	existing, hashTaken := s.lookup(key, h)
	if existing != nil {
		f.rw.ReplaceOp(op, existing.Results())
		eraseLoc(existing)
		return false
	}
	entry := r.Front()
	if b != entry {
		op.MoveBefore(entry.First())
		eraseLoc(op)
	} else if entry.First() != op && !f.isOwned(op.Prev()) {
		op.MoveBefore(entry.First())
	}
	s.insert(key, h, hashTaken, op)
	f.owned[op] = key
	return true
}

func (f *constFolder) isOwned(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	_, ok := f.owned[op]
	return ok
}

func (f *constFolder) notifyRemoval(op *ir.Operation) {
	key, ok := f.owned[op]
	if !ok {
		return
	}
	delete(f.owned, op)
	h := key.hash()
	for _, s := range f.scopes {
		s.remove(key, h, op)
	}
}

// eraseLoc drops the location of a constant that now stands for several
// places (MLIR's erasedFoldedLocation), and with it the source name its
// result had.
func eraseLoc(op *ir.Operation) {
	op.SetLoc(ir.Unknown(op.Context()))
	ir.SetNameHint(op.Result(0), "")
}
