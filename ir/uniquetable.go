package ir

import "hash/maphash"

// The canonical types and attributes of a context live in one table keyed
// by a hash computed once a request. A Go map keyed by the UniqueKey (an
// interface) hashed each key through the runtime's generic hash, field by
// field through the key's type descriptor, several hundred instructions a
// time: once to look up, twice more to insert under the write lock, and
// again for every entry at each growth.
//
// The builtin types and attributes that passes and lowerings ask for most
// (tensor types above all) hash their own fields instead, and are compared
// in place without building a key.

// selfHashed is implemented by the types and attributes that Unique hashes
// by their fields rather than by their UniqueKey.
type selfHashed interface {
	Keyed
	// uniqueHash hashes the fields that UniqueKey holds, uniqued parts by
	// identity: structurally equal instances hash equal.
	uniqueHash() uint64
	// uniqueEqual reports whether o, of any type, is structurally equal
	// to the receiver (their UniqueKeys would be equal).
	uniqueEqual(o any) bool
}

// uniqueTable is an open-addressing table (linear probing) of canonical
// instances by hash. The Context's lock guards it.
type uniqueTable struct {
	slots []uniqueSlot // a power of two long, or empty
	n     int
}

type uniqueSlot struct {
	hash uint64
	// key is the UniqueKey of v, nil for a self-hashed v.
	key any
	v   any // nil: empty slot
}

// find returns the instance of hash h whose slot eq accepts, or nil.
func (t *uniqueTable) find(h uint64, eq func(*uniqueSlot) bool) any {
	if len(t.slots) == 0 {
		return nil
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; t.slots[i].v != nil; i = (i + 1) & mask {
		if t.slots[i].hash == h && eq(&t.slots[i]) {
			return t.slots[i].v
		}
	}
	return nil
}

// insert adds v (with its key, nil if self-hashed) under hash h; it is not
// in the table yet. The table grows to stay at most half full.
func (t *uniqueTable) insert(h uint64, key, v any) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	t.put(uniqueSlot{hash: h, key: key, v: v})
	t.n++
}

func (t *uniqueTable) put(s uniqueSlot) {
	mask := uint64(len(t.slots) - 1)
	i := s.hash & mask
	for t.slots[i].v != nil {
		i = (i + 1) & mask
	}
	t.slots[i] = s
}

func (t *uniqueTable) grow() {
	old := t.slots
	// A kernel uniques a few hundred types and attributes.
	t.slots = make([]uniqueSlot, max(512, 2*len(old)))
	for _, s := range old {
		if s.v != nil {
			t.put(s)
		}
	}
}

// asSelfHashed returns v as a selfHashed if it is one. A type switch on
// the concrete types compares type words; asserting the interface cost
// ~170 instructions a call through the runtime's assertion cache.
func asSelfHashed(v Keyed) selfHashed {
	switch v := v.(type) {
	case *RankedTensorType:
		return v
	case *IntegerAttr:
		return v
	case *DenseArrayAttr:
		return v
	case *VectorType:
		return v
	case *NameLoc:
		return v
	case *StringAttr:
		return v
	}
	return nil
}

// unique is Unique on the interface.
func unique(ctx *Context, v Keyed) any {
	var h uint64
	var key any
	var eq func(*uniqueSlot) bool
	if sh := asSelfHashed(v); sh != nil {
		h = sh.uniqueHash()
		eq = func(s *uniqueSlot) bool { return sh.uniqueEqual(s.v) }
	} else {
		key = v.UniqueKey()
		h = maphash.Comparable(identitySeed, key)
		eq = func(s *uniqueSlot) bool { return s.key == key }
	}
	ctx.mu.RLock()
	got := ctx.uniq.find(h, eq)
	ctx.mu.RUnlock()
	if got != nil {
		return got
	}
	ctx.mu.Lock()
	defer ctx.mu.Unlock()
	if got := ctx.uniq.find(h, eq); got != nil {
		return got
	}
	ctx.uniq.insert(h, key, v)
	return v
}

// lookupSelfHashed returns the canonical self-hashed instance of hash h
// that eq accepts, if there is one (Unique without an instance to insert).
func lookupSelfHashed(ctx *Context, h uint64, eq func(any) bool) any {
	ctx.mu.RLock()
	got := ctx.uniq.find(h, func(s *uniqueSlot) bool { return s.key == nil && eq(s.v) })
	ctx.mu.RUnlock()
	return got
}

// hashInts hashes a list of integers (dimensions, array elements).
func hashInts(h uint64, xs []int64) uint64 {
	h = MixHash(h, uint64(len(xs)))
	for _, x := range xs {
		h = MixHash(h, uint64(x))
	}
	return h
}
