package ir

import (
	"sync"
	"sync/atomic"
)

// uniqueCache sits in front of Unique for the builtin types and attributes
// that lowerings ask for thousands of times per kernel (i32, an i32
// constant, a type attribute): Unique boxes a structural key and hashes it
// through the runtime's generic interface hash under the context lock,
// which costs far more than these typed lookups. Every entry is the
// canonical instance Unique returned, so both paths agree on identity.
type uniqueCache struct {
	ints   [maxCachedIntWidth + 1]atomic.Pointer[IntegerType] // signless, by width
	floats [256]atomic.Pointer[FloatType]                     // by FloatKind
	// unknown is the unknown location (every op built without one).
	unknown atomic.Pointer[UnknownLoc]

	mu        sync.RWMutex
	intAttrs  map[intAttrKey]*IntegerAttr
	typeAttrs map[Type]*TypeAttr
	// intArrays1 holds the one-element integer arrays (a GEP's constant
	// index, a single-dim attribute), keyed by element type and value.
	intArrays1 map[intAttrKey]*DenseArrayAttr
	// fileLocs holds the point locations the parser makes for every op.
	fileLocs map[fileLocKey]*FileLineColLoc
	// defaults holds the values of the ops' default-valued attributes
	// (the overflow and fastmath flags of most LLVM and arith ops).
	defaults map[*DefaultAttr]Attribute
}

type fileLocKey struct {
	file      string
	line, col int
}

// maxCachedIntWidth is the widest signless integer type kept in the cache.
const maxCachedIntWidth = 128

// intAttrKey keys the integer attributes and arrays of the cache by the
// concrete integer type: a key holding a Type interface would be hashed
// by the runtime's reflective struct hash, which cost more than the rest
// of the lookup. Attributes of other types (index) go to Unique.
type intAttrKey struct {
	typ  *IntegerType
	bits uint64
}

// cachedInt returns the canonical signless integer type of width w.
func (c *uniqueCache) cachedInt(ctx *Context, w int) *IntegerType {
	if w < 0 || w > maxCachedIntWidth {
		return Unique(ctx, &IntegerType{Width: w})
	}
	if t := c.ints[w].Load(); t != nil {
		return t
	}
	t := Unique(ctx, &IntegerType{Width: w})
	c.ints[w].Store(t)
	return t
}

// cachedFloat returns the canonical float type of kind k.
func (c *uniqueCache) cachedFloat(ctx *Context, k FloatKind) *FloatType {
	if t := c.floats[k].Load(); t != nil {
		return t
	}
	t := Unique(ctx, &FloatType{Kind: k})
	c.floats[k].Store(t)
	return t
}

// cachedIntAttr returns the canonical integer attribute of type t and
// (already truncated) bits.
func (c *uniqueCache) cachedIntAttr(ctx *Context, t Type, bits uint64) *IntegerAttr {
	it, ok := t.(*IntegerType)
	if !ok {
		return Unique(ctx, &IntegerAttr{Typ: t, Bits: bits})
	}
	key := intAttrKey{it, bits}
	c.mu.RLock()
	a := c.intAttrs[key]
	c.mu.RUnlock()
	if a != nil {
		return a
	}
	a = Unique(ctx, &IntegerAttr{Typ: t, Bits: bits})
	c.mu.Lock()
	if c.intAttrs == nil {
		c.intAttrs = map[intAttrKey]*IntegerAttr{}
	}
	c.intAttrs[key] = a
	c.mu.Unlock()
	return a
}

// cachedTypeAttr returns the canonical type attribute of t.
func (c *uniqueCache) cachedTypeAttr(ctx *Context, t Type) *TypeAttr {
	c.mu.RLock()
	a := c.typeAttrs[t]
	c.mu.RUnlock()
	if a != nil {
		return a
	}
	a = Unique(ctx, &TypeAttr{Value: t})
	c.mu.Lock()
	if c.typeAttrs == nil {
		c.typeAttrs = map[Type]*TypeAttr{}
	}
	c.typeAttrs[t] = a
	c.mu.Unlock()
	return a
}

// cachedIntArray1 returns the canonical one-element dense integer array
// of elem holding v (as given: denseIntArray normalizes it).
func (c *uniqueCache) cachedIntArray1(ctx *Context, elem Type, v int64) *DenseArrayAttr {
	it, ok := elem.(*IntegerType)
	if !ok {
		return denseIntArray(ctx, elem, []int64{v})
	}
	key := intAttrKey{it, uint64(v)}
	c.mu.RLock()
	a := c.intArrays1[key]
	c.mu.RUnlock()
	if a != nil {
		return a
	}
	a = denseIntArray(ctx, elem, []int64{v})
	c.mu.Lock()
	if c.intArrays1 == nil {
		c.intArrays1 = map[intAttrKey]*DenseArrayAttr{}
	}
	c.intArrays1[key] = a
	c.mu.Unlock()
	return a
}

// cachedFileLoc returns the canonical location of a point in a file. The
// cache is where point locations are uniqued (FileLineCol is their only
// constructor; ranges go through Unique): the parser makes one for nearly
// every op, and the generic table would box and hash each key twice.
func (c *uniqueCache) cachedFileLoc(file string, line, col int) *FileLineColLoc {
	key := fileLocKey{file, line, col}
	c.mu.RLock()
	l := c.fileLocs[key]
	c.mu.RUnlock()
	if l != nil {
		return l
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if l := c.fileLocs[key]; l != nil {
		return l
	}
	if c.fileLocs == nil {
		c.fileLocs = make(map[fileLocKey]*FileLineColLoc, 256) // a kernel's lines
	}
	l = &FileLineColLoc{File: file, Line: line, Col: col}
	c.fileLocs[key] = l
	return l
}

// cachedDefault returns d's value (asked of d once per context).
func (c *uniqueCache) cachedDefault(ctx *Context, d *DefaultAttr) Attribute {
	c.mu.RLock()
	a := c.defaults[d]
	c.mu.RUnlock()
	if a != nil {
		return a
	}
	a = d.Value(ctx)
	c.mu.Lock()
	if c.defaults == nil {
		c.defaults = map[*DefaultAttr]Attribute{}
	}
	c.defaults[d] = a
	c.mu.Unlock()
	return a
}
