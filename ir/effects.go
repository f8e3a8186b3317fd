package ir

// The Effects hook of OpDef is MLIR's MemoryEffectOpInterface: an op
// declares its effects by the hook or by the Pure / NoMemoryEffect traits
// (no effects). OwnEffects asks what an op declares itself; MemoryEffects
// adds the effects of nested ops for RecursiveEffects ops. Passes ask
// these two rather than the hook.

// OwnEffects returns the memory effects op declares itself (its Effects
// hook; none for Pure and NoMemoryEffect ops), and whether it declares
// any: whether it has MLIR's MemoryEffectOpInterface.
func OwnEffects(op *Operation) ([]Effect, bool) {
	switch {
	case op.def.Effects != nil:
		return op.def.Effects(op), true
	case op.Has(Pure), op.Has(NoMemoryEffect):
		return nil, true
	}
	return nil, false
}

// MemoryEffects returns the op's memory effects and whether they are known.
// Pure ops have none; ops with an Effects hook report theirs; ops with
// RecursiveEffects have the effects of their nested ops; other ops
// (including unregistered ones) have unknown effects.
func MemoryEffects(op *Operation) ([]Effect, bool) {
	effects, ok := OwnEffects(op)
	if !ok && !op.Has(RecursiveEffects) {
		return nil, false
	}
	if op.Has(RecursiveEffects) {
		for _, r := range op.Regions() {
			for _, b := range r.blocks {
				for o := b.first; o != nil; o = o.next {
					e, ok := MemoryEffects(o)
					if !ok {
						return nil, false
					}
					effects = append(effects, e...)
				}
			}
		}
	}
	return effects, true
}

// IsMemoryEffectFree reports whether op (and what it contains) has no
// memory effects at all.
func IsMemoryEffectFree(op *Operation) bool {
	e, ok := MemoryEffects(op)
	return ok && len(e) == 0
}

// IsSpeculatable reports whether op may be executed when it would not have
// been (hoisted out of a loop or branch).
func IsSpeculatable(op *Operation) bool {
	return op.Has(Pure) && !op.Has(RecursiveEffects) || op.Has(Speculatable)
}

// WouldBeTriviallyDead reports whether op could be erased if its results
// were unused: it is not a terminator or symbol, and its only effects are
// reads and allocations of its own results (MLIR's rule).
func WouldBeTriviallyDead(op *Operation) bool {
	if op.Has(Terminator) || op.Has(Symbol) {
		return false
	}
	effects, ok := MemoryEffects(op)
	if !ok {
		return false
	}
	// Effects on memory the op allocates itself (an Allocate effect on one
	// of its results) disappear with the op.
	own := map[Value]bool{}
	for _, e := range effects {
		if e.Kind == Allocate && e.Value != nil && e.Value.DefiningOp() == op {
			own[e.Value] = true
		}
	}
	for _, e := range effects {
		if e.Kind == Read || e.Value != nil && own[e.Value] {
			continue
		}
		return false
	}
	return true
}

// IsTriviallyDead reports whether op is unused and would be trivially dead.
func IsTriviallyDead(op *Operation) bool {
	return !op.ResultsUsed() && WouldBeTriviallyDead(op)
}

// ConstantValue returns the attribute a ConstantLike op produces, or nil.
func ConstantValue(op *Operation) Attribute {
	if !op.Has(ConstantLike) || op.NumResults() != 1 {
		return nil
	}
	return op.Attr("value")
}

// DefiningConstant returns the constant attribute behind v, or nil.
func DefiningConstant(v Value) Attribute {
	if d := v.DefiningOp(); d != nil {
		return ConstantValue(d)
	}
	return nil
}
