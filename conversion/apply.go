package conversion

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"unsafe"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// Mode selects how strict a conversion is.
type Mode int

const (
	// Partial converts illegal ops; ops of unknown legality may remain.
	Partial Mode = iota
	// Full requires every op to end up legal.
	Full
)

// Config describes one conversion.
type Config struct {
	Target   *Target
	Patterns []Pattern
	// PatternSet, when set, holds the patterns instead of Patterns,
	// sorted once for every conversion that uses it.
	PatternSet *PatternSet
	// State is the conversion's own data, which patterns shared between
	// conversions (a PatternSet built once) read through Rewriter.State.
	State any
	Types *TypeConverter // nil: types are not converted
	Mode  Mode
	// MaxDepth bounds how often a single op may be re-legalized after
	// in-place updates (guards against patterns that never make progress).
	MaxDepth int
}

// castName is the op used for unresolved materializations.
const castName = "builtin.unrealized_conversion_cast"

// Apply converts root and everything nested in it. It returns a located
// diagnostic naming the first op that could not be legalized.
func Apply(root *ir.Operation, cfg *Config) error {
	c := &converter{cfg: cfg, kindIndex: map[*ir.OpDef]int32{}}
	if cfg.PatternSet != nil {
		c.byRoot = cfg.PatternSet.byRoot
	} else {
		c.byRoot = groupByRoot(cfg.Patterns)
	}
	c.rw = &Rewriter{c: c}
	c.rw.Rewriter = pattern.NewRewriter(root.Context(), c)
	var ops []*ir.Operation
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		ops = append(ops, op)
		if cfg.Target.recursive[op.Name()] && c.legality(op) == Legal {
			return ir.Skip
		}
		return ir.Advance
	})
	// At most about one cast per op: the index is sized once rather than
	// grown; the casts themselves (a fifth of the ops on the TritonGPU
	// lowering) grow as they come.
	c.casts = make(map[*ir.Operation]int32, len(ops))
	for _, op := range ops {
		// An erased op has no block (ir.Operation.Erase).
		if op != root && op.Block() == nil {
			continue
		}
		if err := c.legalize(op, 0); err != nil {
			// The IR is left as the patterns left it, casts with their
			// operands.
			c.attachIf(nil)
			return err
		}
	}
	return c.reconcile()
}

// PatternSet is a conversion's patterns in the order a conversion looks
// them up, made once: sorting the couple of hundred patterns of a
// lowering, and making them, cost more than a small kernel's lowering.
// Its patterns must not hold one conversion's data (Config.State has it):
// the set may serve conversions that run at the same time.
type PatternSet struct {
	byRoot map[string][]Pattern
}

// NewPatternSet returns the set of ps.
func NewPatternSet(ps []Pattern) *PatternSet {
	return &PatternSet{byRoot: groupByRoot(ps)}
}

// groupByRoot returns the patterns by root name, each root's by
// decreasing benefit, in the given order among equals. Grouping costs a
// map insert a pattern; sorting them all by root name compared strings
// several times each (a lowering has a couple of hundred patterns).
func groupByRoot(ps []Pattern) map[string][]Pattern {
	byRoot := make(map[string][]Pattern, len(ps))
	for _, p := range ps {
		root := p.RootName()
		byRoot[root] = append(byRoot[root], p)
	}
	for _, group := range byRoot {
		if len(group) > 1 {
			slices.SortStableFunc(group, func(a, b Pattern) int { return cmp.Compare(b.Benefit(), a.Benefit()) })
		}
	}
	return byRoot
}

type castKind int

const (
	sourceCast castKind = iota // converted values -> original type
	targetCast                 // original value -> converted types
)

// castEntry is a cast the conversion inserted.
type castEntry struct {
	op *ir.Operation
	castInfo
}

type castInfo struct {
	kind castKind
	// operands is a source cast's operand list as remap last returned
	// it (see sourceOperands).
	operands []ir.Value
	// held: the cast has no operands yet; inputs are the operands it
	// stands for (heldcasts.go).
	held   bool
	inputs []ir.Value
}

// converter is the state of one Apply.
type converter struct {
	cfg *Config
	// byRoot holds the patterns by root name, each root's by benefit, the
	// highest first (in the order given where benefits tie).
	byRoot map[string][]Pattern
	rw     *Rewriter
	// order holds the casts in creation order, with what is known of
	// each; casts indexes it by op. A map of small entries into a list
	// allocates a fraction of a map holding the castInfos.
	order []castEntry
	casts map[*ir.Operation]int32
	// created collects ops inserted while patterns run: each legalize
	// owns the part from where its pattern started (see legalize).
	created []*ir.Operation
	// kinds holds what is known per op definition, in the order first
	// asked about; kindIndex indexes it, and kindSlots caches kindIndex.
	kinds     []opKind
	kindIndex map[*ir.OpDef]int32
	kindSlots kindCache
	// castDef is the definition of the casts (nil before the first):
	// an op of another definition is not looked up in casts.
	castDef *ir.OpDef
	// held counts the casts that hold their inputs (heldcasts.go).
	held int
	// legalType and legalDef remember the last type and op definition
	// found settled (heldcasts.go): a cast's inputs mostly share both.
	legalType ir.Type
	legalDef  *ir.OpDef
}

// opKind is what the conversion knows of the ops of one definition: the
// target's rule and, once an op of it was legalized, the patterns to try.
// Neither changes while the conversion runs; both are found by the op's
// name, and every op is asked about at least twice.
type opKind struct {
	rule     rule
	patterns []Pattern
	listed   bool // patterns is set
}

// kindCache holds the indices in converter.kinds of the definitions met,
// in a direct-mapped table indexed by a hash of the definition's address:
// every op is asked about at least twice (the ops a pattern creates
// alternate among a few definitions), and a map keyed by the pointer cost
// more (hashing, probing) than the rest of the question. Two definitions
// that share a slot replace each other, at the cost of a map lookup.
type kindCache [128]struct {
	def  *ir.OpDef
	kind int32
}

// kindSlot returns def's index in a kindCache (Fibonacci hashing of its
// address: the top 7 bits of the product).
func kindSlot(def *ir.OpDef) int {
	return int(uint64(uintptr(unsafe.Pointer(def))) * 0x9e3779b97f4a7c15 >> 57)
}

// kind returns what is known of the ops of op's definition (valid until
// the next definition is first asked about).
func (c *converter) kind(op *ir.Operation) *opKind {
	d := op.Def()
	slot := &c.kindSlots[kindSlot(d)]
	if slot.def != d || d == nil {
		i, ok := c.kindIndex[d]
		if !ok {
			i = int32(len(c.kinds))
			c.kinds = append(c.kinds, opKind{rule: c.cfg.Target.ruleFor(op.Name())})
			c.kindIndex[d] = i
		}
		slot.def, slot.kind = d, i
	}
	return &c.kinds[slot.kind]
}

// legality is Target.LegalityOf with the rule looked up once per
// definition.
func (c *converter) legality(op *ir.Operation) Legality { return c.kind(op).rule.of(op) }

// patternsOf returns the patterns to try on op, looked up once per
// definition.
func (c *converter) patternsOf(op *ir.Operation) []Pattern {
	k := c.kind(op)
	if !k.listed {
		k.patterns, k.listed = c.patternsFor(op.Name()), true
	}
	return k.patterns
}

// patternsFor returns the patterns rooted at name followed, by benefit,
// by the patterns of any op.
func (c *converter) patternsFor(name string) []Pattern {
	ps := c.rootedAt(name)
	any := c.rootedAt("")
	if len(any) == 0 {
		return ps
	}
	ps = append(ps, any...) // ps is clipped: a copy
	slices.SortStableFunc(ps, func(a, b Pattern) int { return cmp.Compare(b.Benefit(), a.Benefit()) })
	return ps
}

// rootedAt returns the patterns rooted at name (clipped: an append
// copies them).
func (c *converter) rootedAt(name string) []Pattern {
	ps := c.byRoot[name]
	return ps[:len(ps):len(ps)]
}

// cast returns what is known of op when it is a cast the conversion
// inserted, nil otherwise. The pointer is valid until the next cast is
// created.
func (c *converter) cast(op *ir.Operation) *castInfo {
	if i, ok := c.casts[op]; ok {
		return &c.order[i].castInfo
	}
	return nil
}

// legalize converts op if it is illegal (or unknown in full mode).
func (c *converter) legalize(op *ir.Operation, depth int) error {
	if op.Def() == c.castDef {
		if c.cast(op) != nil {
			return nil
		}
	}
	switch c.legality(op) {
	case Legal:
		return nil
	case Unknown:
		if c.cfg.Mode == Partial {
			return nil
		}
	}
	maxDepth := c.cfg.MaxDepth
	if maxDepth == 0 {
		maxDepth = 16
	}
	if depth > maxDepth {
		return ir.OpErrorf(op, "failed to legalize operation '%s': patterns kept updating it without making it legal", op.Name())
	}
	// The ops this pattern creates are c.created[start:end]; legalizing
	// them appends past end and truncates back, so the part stays (the
	// array may move: it is indexed afresh each time).
	start := len(c.created)
	defer func() { c.created = c.created[:start] }()
	for _, p := range c.patternsOf(op) {
		c.rw.B().SetInsertionPoint(op)
		var operands []ir.Value
		if remapsOperands(p) {
			operands = c.remapOperands(op)
		}
		c.created = c.created[:start]
		if !p.MatchAndRewrite(op, operands, c.rw) {
			continue
		}
		end := len(c.created)
		for i := start; i < end; i++ {
			n := c.created[i]
			if n.Block() == nil {
				continue
			}
			if err := c.legalize(n, depth+1); err != nil {
				return err
			}
		}
		if op.Block() != nil {
			// Updated in place: it must be legal now, or be legalized again.
			return c.legalize(op, depth+1)
		}
		return nil
	}
	if c.legality(op) == Illegal {
		return ir.OpErrorf(op, "failed to legalize operation '%s' that was explicitly marked illegal", op.Name())
	}
	return ir.OpErrorf(op, "failed to legalize operation '%s'", op.Name())
}

// remapOperands returns op's operands with converted values substituted
// where a single converted value exists.
func (c *converter) remapOperands(op *ir.Operation) []ir.Value {
	out := op.Operands()
	for i, v := range out {
		if r, multi := c.remap1(v); !multi {
			out[i] = r
		} else if !c.isSourceCast(v.DefiningOp()) {
			// A 1:N target cast is materialized, as a pattern asking
			// for it would find it; a source cast's values are listed
			// only when a pattern asks (remap).
			c.materializeTarget(v)
		}
	}
	return out
}

// isSourceCast reports whether op is a source cast the conversion inserted.
func (c *converter) isSourceCast(op *ir.Operation) bool {
	if op == nil || op.Def() != c.castDef {
		return false
	}
	info := c.cast(op)
	return info != nil && info.kind == sourceCast
}

// remap returns the converted values standing for v: the inputs of a
// source cast the conversion inserted, a target materialization of v when
// its type converts, or v itself.
func (c *converter) remap(v ir.Value) []ir.Value {
	if r, multi := c.remap1(v); !multi {
		return []ir.Value{r}
	}
	if def := v.DefiningOp(); def != nil && def.Def() == c.castDef {
		if info := c.cast(def); info != nil && info.kind == sourceCast {
			return c.sourceOperands(def, info)
		}
	}
	return c.materializeTarget(v).Results()
}

// sourceOperands returns the operands of source cast def (a held cast's
// inputs). A tensor's registers are asked for once per use of the tensor,
// and copying the cast's operands (a tile's 64-128 registers) each time
// was most of what remapping allocated; the list is kept with the cast and
// handed out again while it still equals the cast's operands. Patterns
// should only read it, but a write (lowerWarpGroupDotWait puts the waited
// values in place) is caught by that comparison and the list copied
// afresh. Its capacity is its length, so that a caller's append copies it.
func (c *converter) sourceOperands(def *ir.Operation, info *castInfo) []ir.Value {
	if info.held {
		if kept := info.operands; kept != nil && sameValues(kept, info.inputs) {
			return kept
		}
		info.operands = slices.Clip(slices.Clone(info.inputs))
		return info.operands
	}
	if kept := info.operands; len(kept) == def.NumOperands() {
		same := true
		for i, v := range kept {
			if def.Operand(i) != v {
				same = false
				break
			}
		}
		if same {
			return kept
		}
	}
	ops := def.Operands()
	info.operands = ops[:len(ops):len(ops)]
	return info.operands
}

// sameValues reports whether a and b hold the same values, comparing the
// words of their interfaces as bytes: one memequal, where slices.Equal
// calls ifaceeq for each of a tile's 64-128 registers, at every hand-out.
// Equal words are equal values, and equal values of a pointer type (as
// every ir.Value is) have equal words.
func sameValues(a, b []ir.Value) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	n := len(a) * int(unsafe.Sizeof(a[0]))
	return bytes.Equal(unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), n), unsafe.Slice((*byte)(unsafe.Pointer(&b[0])), n))
}

// remap1 is remap for the usual case of one value standing for v, without
// building a list: it returns that value, or multi=true when v stands for
// several (or none), which remap then lists.
func (c *converter) remap1(v ir.Value) (r ir.Value, multi bool) {
	if def := v.DefiningOp(); def != nil && def.Def() == c.castDef {
		if info := c.cast(def); info != nil && info.kind == sourceCast {
			if info.held || def.NumOperands() != 1 {
				return nil, true
			}
			return def.Operand(0), false
		}
	}
	tc := c.cfg.Types
	if tc == nil {
		return v, false
	}
	to, ok := tc.ConvertTypes(v.Type())
	if !ok || len(to) == 1 && to[0] == v.Type() {
		return v, false
	}
	if len(to) != 1 {
		return nil, true
	}
	return c.materializeTarget(v).Result(0), false
}

// materializeTarget casts v to its converted types right after its
// definition.
func (c *converter) materializeTarget(v ir.Value) *ir.Operation {
	to, _ := c.cfg.Types.ConvertTypes(v.Type())
	b := ir.NewBuilder(c.rw.B().Ctx)
	if def := v.DefiningOp(); def != nil {
		b.SetInsertionPointAfter(def)
	} else {
		b.SetInsertionPointToStart(v.ParentBlock())
	}
	return c.newCast(b, []ir.Value{v}, to, v.Loc(), targetCast)
}

// newCast inserts an unrealized conversion cast and records it. A source
// cast of several settled values holds them instead of taking them as
// operands (heldcasts.go).
func (c *converter) newCast(b *ir.Builder, inputs []ir.Value, to []ir.Type, loc ir.Location, kind castKind) *ir.Operation {
	st := ir.NewState(b.Ctx, castName, loc)
	info := castInfo{kind: kind}
	if kind == sourceCast && len(inputs) > 1 && c.allSettled(inputs) {
		// The inputs are a copy (the caller may reuse its list); the
		// caller's list is what remap hands out first, compared with the
		// copy before each use as any handed-out list is (sourceOperands).
		info.held, info.inputs = true, slices.Clone(inputs)
		info.operands = slices.Clip(inputs)
		c.held++
	} else {
		st.Operands = inputs
	}
	st.Types = to
	op := b.Insert(ir.Create(st))
	c.casts[op] = int32(len(c.order))
	c.castDef = op.Def()
	c.order = append(c.order, castEntry{op, info})
	return op
}

// ---- pattern.Listener: track the ops patterns create and erase ----

func (c *converter) OpInserted(op *ir.Operation) { c.created = append(c.created, op) }
func (c *converter) OpModified(*ir.Operation)    {}
func (c *converter) OpErased(*ir.Operation)      {}
func (c *converter) OpReplaced(*ir.Operation, []ir.Value) {
}

// reconcile removes casts that became unused or cancel out, materializes
// the rest through the type converter, and reports those that remain (a
// converter that wants to keep casts registers a materialization that
// builds one itself).
func (c *converter) reconcile() error {
	// A held cast still in use takes its inputs as operands now; the
	// others are erased below without them.
	c.attachIf(func(op *ir.Operation) bool { return op.ResultsUsed() })
	for changed := true; changed; {
		changed = false
		for i := len(c.order) - 1; i >= 0; i-- {
			op := c.order[i].op
			if op.Block() == nil {
				continue
			}
			if !op.ResultsUsed() {
				c.rw.EraseOp(op)
				changed = true
				continue
			}
			// cast(cast(x : A -> B) : B -> A) is x.
			if op.NumOperands() != 1 {
				continue
			}
			if in := op.Operand(0).DefiningOp(); in != nil {
				if c.cast(in) != nil && in.Block() != nil && sameTypes(in.OperandTypes(), op.ResultTypes()) {
					for j, r := range op.Results() {
						ir.ReplaceAllUsesWith(r, in.Operand(j))
					}
					c.rw.EraseOp(op)
					changed = true
				}
			}
		}
	}
	for i := range c.order {
		op, kind := c.order[i].op, c.order[i].kind
		if op.Block() == nil {
			continue
		}
		if c.cfg.Types != nil && op.NumResults() == 1 {
			b := ir.NewBuilder(op.Context())
			b.SetInsertionPoint(op)
			list := c.cfg.Types.source
			if kind == targetCast {
				list = c.cfg.Types.target
			}
			if v := c.cfg.Types.materialize(list, b, op.Result(0).Type(), op.Operands(), op.Loc()); v != nil {
				ir.ReplaceAllUsesWith(op.Result(0), v)
				c.rw.EraseOp(op)
				continue
			}
		}
		user := ir.Uses(op.Result(0))[0].Owner()
		return ir.Errorf(op.Loc(), "failed to legalize unresolved materialization from (%s) to (%s) that remained live after conversion",
			typeList(op.OperandTypes()), typeList(op.ResultTypes())).Note(user.Loc(), "see existing live user here: '%s'", user.Name())
	}
	return nil
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func typeList(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = "'" + asm.TypeString(t) + "'"
	}
	return strings.Join(parts, ", ")
}
