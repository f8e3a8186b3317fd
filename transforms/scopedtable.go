package transforms

import (
	"sync"

	"github.com/ttcompiler/tt/ir"
)

// scopedTable is the scoped hash table of CSE: ops inserted in a scope
// are forgotten when it is popped; a later insert of an equivalent op
// shadows the earlier one.
//
// The inserted ops live in one stack (scopes are popped in the reverse
// order of their pushes), each entry linked to the one it shadows under
// the same hash: inserting costs no allocation of its own.
type scopedTable struct {
	heads   map[uint64]int32 // the latest entry per hash
	entries []tableEntry
	// members indexes the ops in entries, built on the first contains
	// (only graph regions ask it) and kept up to date from then on.
	members map[*ir.Operation]bool
	scopes  []int // per open scope, where its entries start
}

type tableEntry struct {
	op   *ir.Operation
	hash uint64
	prev int32 // the entry shadowed under the same hash, or -1
}

// scopedTables recycles the tables: a compilation runs CSE several times
// over the whole lowered kernel (thousands of ops), and each run grew a
// new table's hash index and entry stack from empty. A table whose scopes
// are all popped is empty again, its storage kept.
var scopedTables = sync.Pool{New: func() any { return &scopedTable{heads: map[uint64]int32{}} }}

func newScopedTable() *scopedTable { return scopedTables.Get().(*scopedTable) }

// release hands an emptied table back for reuse.
func (t *scopedTable) release() {
	if len(t.scopes) != 0 || len(t.entries) != 0 || len(t.heads) != 0 {
		return
	}
	t.members = nil
	scopedTables.Put(t)
}

func (t *scopedTable) push() { t.scopes = append(t.scopes, len(t.entries)) }

func (t *scopedTable) pop() {
	start := t.scopes[len(t.scopes)-1]
	t.scopes = t.scopes[:len(t.scopes)-1]
	for i := len(t.entries) - 1; i >= start; i-- {
		e := t.entries[i]
		if t.members != nil {
			delete(t.members, e.op)
		}
		if e.prev < 0 {
			delete(t.heads, e.hash)
		} else {
			t.heads[e.hash] = e.prev
		}
	}
	clear(t.entries[start:])
	t.entries = t.entries[:start]
}

// insert records op under its hash h (from lookup).
func (t *scopedTable) insert(op *ir.Operation, h uint64) {
	prev, ok := t.heads[h]
	if !ok {
		prev = -1
	}
	t.heads[h] = int32(len(t.entries))
	t.entries = append(t.entries, tableEntry{op: op, hash: h, prev: prev})
	if t.members != nil {
		t.members[op] = true
	}
}

// lookup returns the most recently inserted op equivalent to op (or nil)
// and op's hash.
func (t *scopedTable) lookup(op *ir.Operation) (*ir.Operation, uint64) {
	h := opHash(op)
	i, ok := t.heads[h]
	for ok && i >= 0 {
		if e := t.entries[i]; opEquivalent(e.op, op) {
			return e.op, h
		}
		i = t.entries[i].prev
	}
	return nil, h
}

// contains reports whether op itself is in the table.
func (t *scopedTable) contains(op *ir.Operation) bool {
	if t.members == nil {
		t.members = make(map[*ir.Operation]bool, len(t.entries))
		for _, e := range t.entries {
			t.members[e.op] = true
		}
	}
	return t.members[op]
}
