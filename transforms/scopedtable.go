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
// the same hash: inserting costs no allocation of its own. The latest
// entry of each hash is found through heads, an open-addressing table
// with linear probing. Entries leave in the reverse order of their
// insertion, and that makes a hash's slot free to empty when its first
// entry leaves: a hash that probed past the slot came after it, and has
// left already. (A Go map, hashing each hash again and keeping deletions
// in its own way, cost CSE more than all its other bookkeeping.)
type scopedTable struct {
	// heads holds, per slot, 1 + the index in entries of the latest
	// entry of the hash that occupies it, or 0 (empty). Its length is a
	// power of two, at least twice the number of hashes in it.
	heads   []int32
	nHashes int
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
var scopedTables = sync.Pool{New: func() any { return &scopedTable{heads: make([]int32, 64)} }}

func newScopedTable() *scopedTable { return scopedTables.Get().(*scopedTable) }

// release hands an emptied table back for reuse.
func (t *scopedTable) release() {
	if len(t.scopes) != 0 || len(t.entries) != 0 || t.nHashes != 0 {
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
		slot := t.slot(e.hash)
		t.heads[slot] = e.prev + 1
		if e.prev < 0 {
			t.nHashes--
		}
	}
	clear(t.entries[start:])
	t.entries = t.entries[:start]
}

// slot returns the slot of heads that holds hash h, or the empty slot
// where h would go.
func (t *scopedTable) slot(h uint64) int {
	mask := len(t.heads) - 1
	// The high half folded in: opHash's last step is a multiplication,
	// whose low bits depend on the low bits of its operands only.
	for i := int(h^h>>32) & mask; ; i = (i + 1) & mask {
		k := t.heads[i]
		if k == 0 || t.entries[k-1].hash == h {
			return i
		}
	}
}

// insert records op under its hash h (from lookup).
func (t *scopedTable) insert(op *ir.Operation, h uint64) {
	if 2*(t.nHashes+1) > len(t.heads) {
		t.grow()
	}
	slot := t.slot(h)
	prev := t.heads[slot] - 1
	if prev < 0 {
		t.nHashes++
	}
	t.heads[slot] = int32(len(t.entries)) + 1
	t.entries = append(t.entries, tableEntry{op: op, hash: h, prev: prev})
	if t.members != nil {
		t.members[op] = true
	}
}

// grow doubles heads, placing the hashes again in the order of their
// entries: as if inserted into the larger table from the start, so that
// the hashes that probe past a slot still came after its hash.
func (t *scopedTable) grow() {
	t.heads = make([]int32, 2*len(t.heads))
	for i := range t.entries {
		t.heads[t.slot(t.entries[i].hash)] = int32(i) + 1
	}
}

// lookup returns the most recently inserted op equivalent to op (or nil)
// and op's hash.
func (t *scopedTable) lookup(op *ir.Operation) (*ir.Operation, uint64) {
	h := opHash(op)
	for i := t.heads[t.slot(h)] - 1; i >= 0; i = t.entries[i].prev {
		if e := t.entries[i]; opEquivalent(e.op, op) {
			return e.op, h
		}
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
