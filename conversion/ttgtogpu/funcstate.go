package ttgtogpu

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
)

// funcState is what the lowering keeps per converted function: the
// prologue at the top of the entry block, where constants, the thread id
// and the per-thread parts of tensor indices are computed once (they
// dominate every use and are shared by all ops).
type funcState struct {
	fn     *ir.Operation // the llvm.func
	kernel bool
	entry  *ir.Block
	last   *ir.Operation // last prologue op (nil: none yet)
	loc    ir.Location

	// consts holds the constants but the integers of their attribute's
	// type, which ints holds by type and value (wrapped to the type's
	// width): most constants are integers (indices, masks, lane numbers),
	// asked for by the thousand, and this finds one without making its
	// attribute first. lastInts is ints[lastIntType], the type last asked
	// for (mostly i32), found without hashing the type.
	consts      map[constKey]ir.Value
	ints        map[ir.Type]map[int64]ir.Value
	lastIntType ir.Type
	lastInts    map[int64]ir.Value
	tid         ir.Value
	parts       map[string]ir.Value // thread parts of coordinates, by column
	smem        ir.Value
	// globalScratch is a kernel's global scratch parameter (tensormap.go),
	// nil when the module needs none.
	globalScratch ir.Value
	special       map[string]ir.Value
	// numWarps is the warps the code runs on: the module's, or a
	// warp_specialize partition's (warpspec.go); firstThread the thread
	// id of the partition's first thread (0 for a function).
	numWarps, firstThread int
}

type constKey struct {
	t ir.Type
	a ir.Attribute
}

func newFuncState(fn *ir.Operation, kernel bool) *funcState {
	return &funcState{
		fn: fn, kernel: kernel, entry: fn.Region(0).Front(), loc: fn.Loc(),
		consts: map[constKey]ir.Value{},
		parts:  map[string]ir.Value{}, special: map[string]ir.Value{},
	}
}

// prologue returns a builder that appends to the prologue.
func (fs *funcState) prologue() *ir.Builder {
	b := ir.NewBuilder(fs.fn.Context())
	if fs.last == nil {
		b.SetInsertionPointToStart(fs.entry)
	} else {
		b.SetInsertionPointAfter(fs.last)
	}
	b.Listener = func(op *ir.Operation) { fs.last = op }
	return b
}

// emitter returns an emitter that builds into the prologue.
func (fs *funcState) emitter(l *lowering) *emitter {
	return &emitter{l: l, fs: fs, b: fs.prologue(), loc: fs.loc}
}

// constant returns the prologue constant of type t with value a.
func (fs *funcState) constant(a ir.Attribute, t ir.Type) ir.Value {
	if ia, ok := a.(*ir.IntegerAttr); ok && ia.Typ == t {
		w := ir.BitWidth(t)
		if v := wrap(int64(ia.Bits), w); ir.Truncate(uint64(v), w) == ia.Bits {
			ints := fs.intsOf(t)
			if c, ok := ints[v]; ok {
				return c
			}
			c := fs.newConstant(a, t)
			ints[v] = c
			return c
		}
	}
	k := constKey{t, a}
	if v, ok := fs.consts[k]; ok {
		return v
	}
	v := fs.newConstant(a, t)
	fs.consts[k] = v
	return v
}

// intConstant returns the prologue constant of integer type t with value v
// (wrapped to t's width).
func (fs *funcState) intConstant(ctx *ir.Context, t ir.Type, v int64) ir.Value {
	ints := fs.intsOf(t)
	v = wrap(v, ir.BitWidth(t))
	if c, ok := ints[v]; ok {
		return c
	}
	c := fs.newConstant(ir.IntegerAttrOf(ctx, t, v), t)
	ints[v] = c
	return c
}

// intsOf returns the integer constants of type t, by value.
func (fs *funcState) intsOf(t ir.Type) map[int64]ir.Value {
	if t != fs.lastIntType || fs.lastInts == nil {
		m, ok := fs.ints[t]
		if !ok {
			if fs.ints == nil {
				fs.ints = map[ir.Type]map[int64]ir.Value{}
			}
			m = map[int64]ir.Value{}
			fs.ints[t] = m
		}
		fs.lastIntType, fs.lastInts = t, m
	}
	return fs.lastInts
}

// newConstant appends the constant of type t with value a to the
// prologue.
func (fs *funcState) newConstant(a ir.Attribute, t ir.Type) ir.Value {
	return fs.prologue().CreateOp("llvm.mlir.constant", fs.loc, nil, []ir.Type{t}, named("value", a)).Result(0)
}

// threadID returns the prologue's thread index (x).
func (fs *funcState) threadID(l *lowering) ir.Value {
	if fs.tid == nil {
		e := fs.emitter(l)
		fs.tid = newGPU(e).threadID()
		if fs.firstThread != 0 {
			// A partition's threads count from its first warp.
			fs.tid = e.sub(fs.tid, e.i32c(int64(fs.firstThread)))
		}
	}
	return fs.tid
}

// once returns the prologue value named key, building it with build the
// first time.
func (fs *funcState) once(l *lowering, key string, build func(e *emitter) ir.Value) ir.Value {
	if v, ok := fs.special[key]; ok {
		return v
	}
	v := build(fs.emitter(l))
	fs.special[key] = v
	return v
}

// sharedBase returns the start of dynamic shared memory.
func (fs *funcState) sharedBase(l *lowering) ir.Value {
	if fs.smem == nil {
		fs.smem = newGPU(fs.emitter(l)).sharedBase()
	}
	return fs.smem
}

// threadPart returns, in the prologue, the XOR over the set bits i of the
// thread id of vals[i]: the per-thread part of a coordinate of a linear
// layout. Bits whose value is a power of two are grouped by how far they
// move, so a blocked layout costs an AND and a shift per coordinate.
func (fs *funcState) threadPart(l *lowering, vals []int32) ir.Value {
	return fs.linearPart(l, "tid:", fs.threadID, vals)
}

// ctaPart is threadPart over the bits of the CTA's rank in its cluster:
// the part of a coordinate that says which CTA's share it is in (cta.go).
func (fs *funcState) ctaPart(l *lowering, vals []int32) ir.Value {
	return fs.linearPart(l, "cta:", fs.clusterRank, vals)
}

// clusterRank returns the prologue's rank of the CTA in its cluster.
func (fs *funcState) clusterRank(l *lowering) ir.Value {
	return fs.once(l, "cluster_rank", func(pe *emitter) ir.Value { return newGPU(pe).clusterRank() })
}

// linearPart returns, in the prologue, the XOR over the set bits i of
// the index src gives of vals[i] (kind keys the cache by index).
func (fs *funcState) linearPart(l *lowering, kind string, src func(*lowering) ir.Value, vals []int32) ir.Value {
	key := appendColKey([]byte(kind), vals)
	if v, ok := fs.parts[string(key)]; ok {
		return v
	}
	e := fs.emitter(l)
	tid := src(l)
	i32 := e.i32()
	var (
		shifts []int
		masks  = map[int]int64{}
		other  []int
	)
	for i, v := range vals {
		switch {
		case v == 0:
		case v&(v-1) == 0:
			s := log2(int64(v)) - i
			if _, ok := masks[s]; !ok {
				shifts = append(shifts, s)
			}
			masks[s] |= 1 << i
		default:
			other = append(other, i)
		}
	}
	var acc ir.Value
	var used int64
	combine := func(term ir.Value, bits int64) {
		switch {
		case acc == nil:
			acc = term
		case used&bits == 0:
			acc = e.orDisjoint(acc, term)
		default:
			acc = e.xor(acc, term)
		}
		used |= bits
	}
	for _, s := range shifts {
		m := masks[s]
		t := e.andC(tid, m)
		if s > 0 {
			t = e.shlC(t, int64(s))
			m <<= s
		} else if s < 0 {
			t = e.lshrC(t, int64(-s))
			m >>= -s
		}
		combine(t, m)
	}
	for _, i := range other {
		// (0 - bit) & value: the value where bit i of tid is set, else 0.
		bit := e.andC(e.lshrC(tid, int64(i)), 1)
		t := e.and(e.sub(e.cInt(i32, 0), bit), e.cInt(i32, int64(vals[i])))
		combine(t, int64(vals[i]))
	}
	if acc == nil {
		acc = e.cInt(i32, 0)
	}
	fs.parts[string(key)] = acc
	return acc
}

// appendColKey appends vals to b in decimal, each followed by a comma.
func appendColKey(b []byte, vals []int32) []byte {
	for _, v := range vals {
		b = strconv.AppendInt(b, int64(v), 10)
		b = append(b, ',')
	}
	return b
}

func log2(v int64) int {
	n := 0
	for v > 1 {
		v >>= 1
		n++
	}
	return n
}

// isPow2 reports whether v is a positive power of two.
func isPow2(v int64) bool { return v > 0 && v&(v-1) == 0 }
