package ir

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Context owns the uniquing tables of types and attributes and the set of
// loaded dialects. Create one with NewContext, load dialects into it, and
// build or parse IR within it. A Context is safe for concurrent use.
type Context struct {
	mu sync.RWMutex
	// uniq holds the canonical types and attributes (uniquetable.go).
	uniq     uniqueTable
	dialects map[string]*Dialect
	// byName lists the loaded dialects sorted by name (Dialects).
	byName []*Dialect
	memo   sync.Map
	// gen counts the changes to the IR of the context (Generation).
	gen atomic.Uint64
	// cache answers the most frequent Unique requests (uniquecache.go).
	cache uniqueCache
	// arena allocates the operations (arena.go).
	arena opArena
	// defSlots answers OpDefFor without the lock and the map (opDefSlot).
	defSlots [opDefSlots]atomic.Pointer[OpDef]
	// hints holds the source names of operation results (SetNameHint).
	// Only parsed values and a few rewritten ones have one, while the
	// lowerings create thousands of ops: a name field in every result
	// made each operation 16 bytes larger, and most of them a size class
	// larger. hintMu guards it: passes run on several functions at once.
	// Entries outlive erased ops, as the field did not; there are as many
	// as named values in the parsed text.
	hintMu sync.Mutex
	hints  map[*OpResult]string
	// effects is a spare buffer for the effects EachEffect collects
	// (effects.go); nil while a call holds it.
	effects atomic.Pointer[[]Effect]

	// AllowUnregistered lets the parser and verifier accept operations of
	// dialects that are not loaded (MLIR's --allow-unregistered-dialect).
	AllowUnregistered bool
}

// NewContext returns an empty context with no dialects loaded. The builtin
// types and attributes are always available.
func NewContext() *Context {
	// Sized for a compilation: tt has 16 dialects.
	return &Context{dialects: make(map[string]*Dialect, 16)}
}

// Keyed is implemented by the types and attributes that the Context
// uniques. UniqueKey returns a comparable value that identifies the
// instance structurally; nested types and attributes appear in it by
// identity (they are uniqued already).
type Keyed interface {
	UniqueKey() any
}

// Unique returns the canonical instance structurally equal to v, recording
// v as canonical if it is the first of its kind. Constructors of types and
// attributes call it; users rarely need to.
func Unique[T Keyed](ctx *Context, v T) T {
	return unique(ctx, v).(T)
}

// Memo returns the value cached in ctx under key, computing and caching
// it first if there is none. Dialects use it for facts derived from
// uniqued types and attributes (a layout's linear map for a shape), which
// verifiers and passes would otherwise recompute for every op. key must
// be comparable and should be a package-private type, so that packages
// cannot collide; compute must be a pure function of the key. Two
// goroutines may both compute a missing value; one result is kept.
func Memo[V any](ctx *Context, key any, compute func() V) V {
	if v, ok := ctx.memo.Load(key); ok {
		return v.(V)
	}
	v, _ := ctx.memo.LoadOrStore(key, compute())
	return v.(V)
}

// Generation returns a number that grows with every change to the IR of
// the context: operations inserted, moved or erased, operands and
// successors set, attributes and locations changed, result and block
// argument types changed, blocks and block arguments added or removed.
// Two equal readings mean no IR of the context changed in between, so
// IR that verified at the first is still valid at the second (the pass
// manager skips verifying after a pass that changed nothing, and keeps
// its analyses). Changes to detached blocks and regions count when they
// are attached.
func (ctx *Context) Generation() uint64 { return ctx.gen.Load() }

// resultHint returns the name hint recorded for r.
func (ctx *Context) resultHint(r *OpResult) string {
	ctx.hintMu.Lock()
	defer ctx.hintMu.Unlock()
	return ctx.hints[r]
}

// setResultHint records r's name hint ("": none).
func (ctx *Context) setResultHint(r *OpResult, name string) {
	ctx.hintMu.Lock()
	defer ctx.hintMu.Unlock()
	if name == "" {
		delete(ctx.hints, r)
		return
	}
	if ctx.hints == nil {
		ctx.hints = make(map[*OpResult]string)
	}
	ctx.hints[r] = name
}

// changed records a change to IR of ctx (nil: detached IR, not counted).
func (ctx *Context) changed() {
	if ctx != nil {
		ctx.gen.Add(1)
	}
}

// Load registers a dialect and its operations. Loading the same dialect
// twice is a no-op. The operations are found through their dialect
// (LookupOp), whose index is shared by every context.
func (ctx *Context) Load(d *Dialect) {
	ctx.mu.Lock()
	defer ctx.mu.Unlock()
	if _, ok := ctx.dialects[d.Name]; ok {
		return
	}
	// OpDefFor's slots need no reset: they hold only definitions found,
	// and a name's dialect, once loaded, answers it for good.
	ctx.dialects[d.Name] = d
	i, _ := slices.BinarySearchFunc(ctx.byName, d.Name, func(e *Dialect, name string) int { return strings.Compare(e.Name, name) })
	ctx.byName = slices.Insert(ctx.byName, i, d)
	for _, def := range d.Ops {
		if def.Dialect != d {
			panic(fmt.Sprintf("ir: op %s registered by dialect %s but belongs to %v", def.Name, d.Name, def.Dialect))
		}
	}
	for _, dep := range d.Dependents {
		if _, ok := ctx.dialects[dep.Name]; !ok {
			ctx.mu.Unlock()
			ctx.Load(dep)
			ctx.mu.Lock()
		}
	}
}

// Dialect returns the loaded dialect with the given namespace, or nil.
func (ctx *Context) Dialect(name string) *Dialect {
	ctx.mu.RLock()
	defer ctx.mu.RUnlock()
	return ctx.dialects[name]
}

// Dialects returns the loaded dialects sorted by name.
func (ctx *Context) Dialects() []*Dialect {
	ctx.mu.RLock()
	defer ctx.mu.RUnlock()
	return slices.Clone(ctx.byName)
}

// LookupOp returns the definition of a registered operation, or nil.
func (ctx *Context) LookupOp(name string) *OpDef {
	ctx.mu.RLock()
	d := ctx.dialects[DialectNamespace(name)]
	ctx.mu.RUnlock()
	if d == nil {
		return nil
	}
	return d.lookup(name)
}

// OpDefFor returns the definition used for an operation name: the
// registered one, or a shared placeholder describing an unregistered
// operation (whose Registered method reports false).
func (ctx *Context) OpDefFor(name string) *OpDef {
	slot := ctx.opDefSlot(name)
	if def := slot.Load(); def != nil && def.Name == name {
		return def
	}
	if def := ctx.LookupOp(name); def != nil {
		slot.Store(def)
		return def
	}
	return Unique(ctx, &OpDef{Name: name, unregistered: true})
}

// opDefSlots is the number of OpDefFor's slots: more than the distinct
// ops a compilation creates.
const opDefSlots = 256

// opDefSlot returns the slot that caches name's definition. Every op
// created goes through OpDefFor (thousands a compilation), and the
// registry lookup, a lock and a hashed string, was most of its cost. The
// names come almost all from string constants of the dialect packages,
// whose bytes never move: their address picks the slot, and the name
// comparison, which sees equal pointers at once, confirms the hit. Other
// names (parsed text) only miss.
func (ctx *Context) opDefSlot(name string) *atomic.Pointer[OpDef] {
	p := uintptr(unsafe.Pointer(unsafe.StringData(name)))
	return &ctx.defSlots[(p>>3^p>>11)%opDefSlots]
}
