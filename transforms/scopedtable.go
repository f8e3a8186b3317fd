package transforms

import "github.com/ttcompiler/tt/ir"

// scopedTable is the scoped hash table of CSE: ops inserted in a scope
// are forgotten when it is popped; a later insert of an equivalent op
// shadows the earlier one.
type scopedTable struct {
	buckets map[uint64][]*ir.Operation
	members map[*ir.Operation]bool
	scopes  [][]uint64 // per scope, the hashes inserted in it
}

func newScopedTable() *scopedTable {
	return &scopedTable{buckets: map[uint64][]*ir.Operation{}, members: map[*ir.Operation]bool{}}
}

func (t *scopedTable) push() { t.scopes = append(t.scopes, nil) }

func (t *scopedTable) pop() {
	top := t.scopes[len(t.scopes)-1]
	t.scopes = t.scopes[:len(t.scopes)-1]
	for i := len(top) - 1; i >= 0; i-- {
		h := top[i]
		b := t.buckets[h]
		delete(t.members, b[len(b)-1])
		if len(b) == 1 {
			delete(t.buckets, h)
		} else {
			t.buckets[h] = b[:len(b)-1]
		}
	}
}

// insert records op under its hash h (from lookup).
func (t *scopedTable) insert(op *ir.Operation, h uint64) {
	t.buckets[h] = append(t.buckets[h], op)
	t.members[op] = true
	t.scopes[len(t.scopes)-1] = append(t.scopes[len(t.scopes)-1], h)
}

// lookup returns the most recently inserted op equivalent to op (or nil)
// and op's hash.
func (t *scopedTable) lookup(op *ir.Operation) (*ir.Operation, uint64) {
	h := opHash(op)
	b := t.buckets[h]
	for i := len(b) - 1; i >= 0; i-- {
		if opEquivalent(b[i], op) {
			return b[i], h
		}
	}
	return nil, h
}

// contains reports whether op itself is in the table.
func (t *scopedTable) contains(op *ir.Operation) bool { return t.members[op] }
