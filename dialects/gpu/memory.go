package gpu

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Predicated vector memory access.
//
//	%a, %b = gpu.load %ptr, %pred, %o0, %o1 {space = global, cache = cg} : !llvm.ptr<1> -> f32, f32
//	gpu.store %ptr, %pred, %v0, %v1 {space = shared} : !llvm.ptr<3>, f32, f32
//
// A load reads 1, 2 or 4 consecutive words of one type (8, 16, 32 or 64
// bits each, at most 128 bits in all; the address must be aligned to the
// total size). Operands are the pointer, then optionally the i1 predicate,
// then optionally one `other` value per result: where the predicate is
// false nothing is read and the results are the others (zeros when there
// are none). A store writes its 1, 2 or 4 values likewise; with a false
// predicate it writes nothing. The trailing type list of a store holds
// the pointer and value types only, so the predicate is present exactly
// when there is one more operand than types.
//
// Options: `space` (generic, global or shared; always the address space of
// the pointer), `cache` (tt's CacheModifier: ca, cg, cs, cv for loads; wb,
// cg, cs, wt for stores), `evict` (tt's EvictionPolicy), `volatile`.

var (
	LoadOp  = Dialect.NewOp("load", 0)
	StoreOp = Dialect.NewOp("store", 0)
)

var memOptions = []option{
	enumOpt("space", MemorySpaceEnum, 0, true),
	enumOpt("cache", memory.CacheModifierEnum, int64(memory.CacheNone), false),
	enumOpt("evict", memory.EvictionPolicyEnum, int64(memory.EvictNormal), false),
	flag("volatile"),
}

func init() {
	LoadOp.Inherent = inherentNames(memOptions)
	LoadOp.Parse = parseLoad
	LoadOp.Print = printLoad
	LoadOp.Verify = verifyLoad
	LoadOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect { return appendMemEffects(buf, op, ir.Read) }

	StoreOp.Inherent = inherentNames(memOptions)
	StoreOp.Parse = parseStore
	StoreOp.Print = printStore
	StoreOp.Verify = verifyStore
	StoreOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect { return appendMemEffects(buf, op, ir.Write) }
}

func appendMemEffects(buf []ir.Effect, op *ir.Operation, k ir.EffectKind) []ir.Effect {
	s, _ := spaceOf(op.Operand(0).Type())
	buf = append(buf, ir.Effect{Kind: k, Resource: resource(s), Value: op.Operand(0)})
	if op.Attr("volatile") != nil {
		buf = append(buf, ir.Effect{Kind: ir.Write})
	}
	return buf
}

// MemOptions are the cache and ordering options of loads and stores.
type MemOptions struct {
	Cache    memory.CacheModifier // 0 or memory.CacheNone for none
	Evict    memory.EvictionPolicy
	Volatile bool
}

func (o MemOptions) attrs(ctx *ir.Context, ptr ir.Value) []ir.NamedAttr {
	s, _ := spaceOf(ptr.Type())
	out := []ir.NamedAttr{{Name: "space", Value: enumAttr(ctx, s)}}
	if o.Cache != 0 && o.Cache != memory.CacheNone {
		out = append(out, ir.NamedAttr{Name: "cache", Value: ir.I32EnumAttr(ctx, o.Cache)})
	}
	if o.Evict != 0 && o.Evict != memory.EvictNormal {
		out = append(out, ir.NamedAttr{Name: "evict", Value: ir.I32EnumAttr(ctx, o.Evict)})
	}
	if o.Volatile {
		out = append(out, ir.NamedAttr{Name: "volatile", Value: ir.Unit(ctx)})
	}
	return out
}

// NewLoad builds `gpu.load ptr[, pred[, others...]]` producing one result
// per type in resultTypes. pred may be nil (then others must be empty);
// others may be empty.
func NewLoad(b *ir.Builder, loc ir.Location, ptr, pred ir.Value, others []ir.Value, resultTypes []ir.Type, opts MemOptions) *ir.Operation {
	ops := []ir.Value{ptr}
	if pred != nil {
		ops = append(ops, pred)
		ops = append(ops, others...)
	}
	return b.CreateOp(LoadOp.Name, loc, ops, resultTypes, opts.attrs(b.Ctx, ptr)...)
}

// NewStore builds `gpu.store ptr[, pred], values...`; pred may be nil.
func NewStore(b *ir.Builder, loc ir.Location, ptr, pred ir.Value, values []ir.Value, opts MemOptions) *ir.Operation {
	ops := []ir.Value{ptr}
	if pred != nil {
		ops = append(ops, pred)
	}
	ops = append(ops, values...)
	return b.CreateOp(StoreOp.Name, loc, ops, nil, opts.attrs(b.Ctx, ptr)...)
}

// LoadView is a typed view of gpu.load.
type LoadView struct{ *ir.Operation }

// Ptr returns the address.
func (l LoadView) Ptr() ir.Value { return l.Operand(0) }

// Pred returns the predicate, or nil.
func (l LoadView) Pred() ir.Value {
	if l.NumOperands() > 1 {
		return l.Operand(1)
	}
	return nil
}

// Others returns the values of a false predicate (empty: zeros).
func (l LoadView) Others() []ir.Value {
	if l.NumOperands() > 2 {
		return l.OperandRange(2, l.NumOperands())
	}
	return nil
}

// StoreView is a typed view of gpu.store.
type StoreView struct{ *ir.Operation }

// Ptr returns the address.
func (s StoreView) Ptr() ir.Value { return s.Operand(0) }

// Pred returns the predicate, or nil.
func (s StoreView) Pred() ir.Value {
	if s.predicated() {
		return s.Operand(1)
	}
	return nil
}

// Values returns the stored values.
func (s StoreView) Values() []ir.Value { return s.OperandRange(s.firstValue(), s.NumOperands()) }

// firstValue returns the operand index of the first stored value.
func (s StoreView) firstValue() int {
	if s.predicated() {
		return 2
	}
	return 1
}

// predicated tells a predicated store by its operand count: values come
// in counts of 1, 2 or 4, so an unpredicated store has 2, 3 or 5 operands
// and a predicated one 3, 4 or 6. For 3 the second operand's type decides:
// an i1 is the predicate, since stored words are at least 8 bits wide.
func (s StoreView) predicated() bool {
	switch s.NumOperands() {
	case 4, 6:
		return true
	case 3:
		return ir.IsInteger(s.Operand(1).Type(), 1)
	}
	return false
}

// Space returns the memory space of a load or store.
func Space(op *ir.Operation) MemorySpace { return MemorySpace(enumOf(op, "space", 0)) }

// Options returns the cache and ordering options of a load or store.
func Options(op *ir.Operation) MemOptions {
	return MemOptions{
		Cache:    memory.CacheModifier(enumOf(op, "cache", int64(memory.CacheNone))),
		Evict:    memory.EvictionPolicy(enumOf(op, "evict", int64(memory.EvictNormal))),
		Volatile: op.Attr("volatile") != nil,
	}
}

// setSpace derives the space option from the pointer when absent.
func setSpace(p ir.OpParser, st *ir.OperationState, ptr ir.Type) {
	if st.Attr("space") == nil {
		if s, ok := spaceOf(ptr); ok {
			st.AddAttr("space", enumAttr(p.Context(), s))
		}
	}
}

func parseLoad(p ir.OpParser, st *ir.OperationState) error {
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, memOptions); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	ptrT, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	results, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	if len(us) == 0 {
		return p.Errorf("expected a pointer operand")
	}
	types := []ir.Type{ptrT}
	if len(us) > 1 {
		types = append(types, ir.I1(p.Context()))
		if n := len(us) - 2; n > 0 {
			if n != len(results) {
				return p.Errorf("expected %d 'other' operands (one per result), got %d", len(results), n)
			}
			types = append(types, results...)
		}
	}
	vals, err := p.ResolveOperands(us, types)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = results
	setSpace(p, st, ptrT)
	return nil
}

func printLoad(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printOptions(p, op, memOptions)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintTypes(op.ResultTypes())
}

func parseStore(p ir.OpParser, st *ir.OperationState) error {
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, memOptions); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	loc := p.Loc()
	types, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	switch {
	case len(types) < 2:
		return p.ErrorfAt(loc, "expected the pointer type and at least one value type")
	case len(us) == len(types)+1:
		types = append([]ir.Type{types[0], ir.I1(p.Context())}, types[1:]...)
	case len(us) != len(types):
		return p.ErrorfAt(loc, "%d operands but %d types", len(us), len(types))
	}
	vals, err := p.ResolveOperands(us, types)
	if err != nil {
		return err
	}
	st.Operands = vals
	setSpace(p, st, types[0])
	return nil
}

func printStore(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printOptions(p, op, memOptions)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	for _, v := range (StoreView{op}).Values() {
		p.WriteString(", ")
		p.PrintType(v.Type())
	}
}

// verifyAccess checks the pointer, space, options and words shared by
// loads and stores.
func verifyAccess(op *ir.Operation, words []ir.Type, pred ir.Value, store bool) error {
	if err := verifyOptions(op, memOptions); err != nil {
		return err
	}
	ps, ok := spaceOf(op.Operand(0).Type())
	if !ok {
		return ir.OpErrorf(op, "address must be an !llvm.ptr in the generic (0), global (1) or shared (3) address space, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if op.Attr("space") == nil {
		return ir.OpErrorf(op, "requires option 'space'")
	}
	if s := Space(op); s != ps {
		return ir.OpErrorf(op, "space '%s' does not match the pointer's address space (%s)", s, ps)
	}
	if pred != nil && !ir.IsInteger(pred.Type(), 1) {
		return ir.OpErrorf(op, "predicate must be i1, got '%s'", asm.TypeString(pred.Type()))
	}
	if err := verifyWords(op, words); err != nil {
		return err
	}
	o := Options(op)
	if o.Cache != memory.CacheNone {
		var allowed []memory.CacheModifier
		if store {
			allowed = []memory.CacheModifier{memory.CacheWB, memory.CacheCG, memory.CacheCS, memory.CacheWT}
		} else {
			allowed = []memory.CacheModifier{memory.CacheCA, memory.CacheCG, memory.CacheCS, memory.CacheCV}
		}
		ok := false
		for _, c := range allowed {
			ok = ok || c == o.Cache
		}
		if !ok {
			what := "load"
			if store {
				what = "store"
			}
			return ir.OpErrorf(op, "cache modifier '%s' is not valid for a %s", o.Cache, what)
		}
		if ps == SpaceShared {
			return ir.OpErrorf(op, "cache modifiers apply to global memory only")
		}
		if o.Volatile {
			return ir.OpErrorf(op, "a volatile access takes no cache modifier")
		}
	}
	if o.Evict != memory.EvictNormal && ps == SpaceShared {
		return ir.OpErrorf(op, "eviction policies apply to global memory only")
	}
	return nil
}

// verifyWords checks 1, 2 or 4 words of one 8/16/32/64-bit type, at
// most 128 bits in all.
func verifyWords(op *ir.Operation, words []ir.Type) error {
	n := len(words)
	if n != 1 && n != 2 && n != 4 {
		return ir.OpErrorf(op, "accesses 1, 2 or 4 words, got %d", n)
	}
	w := bitWidth(words[0])
	switch w {
	case 8, 16, 32, 64:
	default:
		return ir.OpErrorf(op, "words must be 8, 16, 32 or 64-bit integers, floats or vectors of them, got '%s'", asm.TypeString(words[0]))
	}
	for _, t := range words[1:] {
		if t != words[0] {
			return ir.OpErrorf(op, "all words must have one type, got '%s' and '%s'", asm.TypeString(words[0]), asm.TypeString(t))
		}
	}
	if n*w > 128 {
		return ir.OpErrorf(op, "accesses %d bits; at most 128 bits can be accessed at once", n*w)
	}
	return nil
}

func verifyLoad(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumResults() < 1 {
		return ir.OpErrorf(op, "expected a pointer operand and at least one result")
	}
	l := LoadView{op}
	if err := verifyAccess(op, op.ResultTypes(), l.Pred(), false); err != nil {
		return err
	}
	others := l.Others()
	if len(others) != 0 && len(others) != op.NumResults() {
		return ir.OpErrorf(op, "expected 0 or %d 'other' operands, got %d", op.NumResults(), len(others))
	}
	for i, o := range others {
		if o.Type() != op.Result(i).Type() {
			return ir.OpErrorf(op, "'other' operand #%d has type '%s', but result #%d has type '%s'", i, asm.TypeString(o.Type()), i, asm.TypeString(op.Result(i).Type()))
		}
	}
	return nil
}

func verifyStore(op *ir.Operation) error {
	if op.NumOperands() < 2 || op.NumResults() != 0 {
		return ir.OpErrorf(op, "expected a pointer, values and no results")
	}
	s := StoreView{op}
	var buf [4]ir.Type // a store has 1, 2 or 4 values
	words := buf[:0]
	for i := s.firstValue(); i < op.NumOperands(); i++ {
		words = append(words, op.Operand(i).Type())
	}
	return verifyAccess(op, words, s.Pred(), true)
}
