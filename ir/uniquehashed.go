package ir

// The builtin types and attributes that passes and lowerings ask for most
// (tensor types above all) hash their own fields for Unique: a key boxed in
// an interface, as UniqueKey returns it, is hashed by the runtime's generic
// hash, field by field through the key's type descriptor, which cost
// several hundred instructions a lookup. Their canonical instances live in
// a table of their own, keyed by that hash.

// selfHashed is implemented by the types and attributes that Unique keeps
// in the hashed table rather than under their UniqueKey.
type selfHashed interface {
	Keyed
	// uniqueHash hashes the fields that UniqueKey holds, uniqued parts by
	// identity: structurally equal instances hash equal.
	uniqueHash() uint64
	// uniqueEqual reports whether o, of any type, is structurally equal
	// to the receiver (their UniqueKeys would be equal).
	uniqueEqual(o any) bool
}

// hashedTable is an open-addressing table (linear probing) of canonical
// instances by hash. The Context's lock guards it.
type hashedTable struct {
	slots []hashedSlot // a power of two long, or empty
	n     int
}

type hashedSlot struct {
	hash uint64
	v    any // nil: empty slot
}

// find returns the instance of hash h that eq accepts, or nil.
func (t *hashedTable) find(h uint64, eq func(any) bool) any {
	if len(t.slots) == 0 {
		return nil
	}
	mask := uint64(len(t.slots) - 1)
	for i := h & mask; t.slots[i].v != nil; i = (i + 1) & mask {
		if t.slots[i].hash == h && eq(t.slots[i].v) {
			return t.slots[i].v
		}
	}
	return nil
}

// insert adds v under hash h (not in the table yet), growing the table
// to keep it at most half full.
func (t *hashedTable) insert(h uint64, v any) {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	t.put(h, v)
	t.n++
}

func (t *hashedTable) put(h uint64, v any) {
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for t.slots[i].v != nil {
		i = (i + 1) & mask
	}
	t.slots[i] = hashedSlot{hash: h, v: v}
}

func (t *hashedTable) grow() {
	old := t.slots
	// 256 slots hold the tensor types of most kernels.
	t.slots = make([]hashedSlot, max(256, 2*len(old)))
	for _, s := range old {
		if s.v != nil {
			t.put(s.hash, s.v)
		}
	}
}

// uniqueHashed is Unique for the self-hashed types and attributes.
func uniqueHashed(ctx *Context, v selfHashed) any {
	h := v.uniqueHash()
	ctx.mu.RLock()
	got := ctx.hashed.find(h, v.uniqueEqual)
	ctx.mu.RUnlock()
	if got != nil {
		return got
	}
	ctx.mu.Lock()
	defer ctx.mu.Unlock()
	if got := ctx.hashed.find(h, v.uniqueEqual); got != nil {
		return got
	}
	ctx.hashed.insert(h, v)
	return v
}

// lookupHashed returns the canonical instance of hash h that eq accepts,
// if there is one (uniqueHashed without an instance to insert).
func lookupHashed(ctx *Context, h uint64, eq func(any) bool) any {
	ctx.mu.RLock()
	got := ctx.hashed.find(h, eq)
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
