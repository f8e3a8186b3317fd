package ir

import "slices"

// The AppendEffects hook of OpDef is MLIR's MemoryEffectOpInterface: an op
// declares its effects by the hook or by the Pure / NoMemoryEffect traits
// (no effects). OwnEffects asks what an op declares itself; MemoryEffects
// adds the effects of nested ops for RecursiveEffects ops, and EachEffect
// visits those without listing them. Passes ask these rather than the hook.

// OwnEffects returns the memory effects op declares itself (its
// AppendEffects hook; none for Pure and NoMemoryEffect ops), and whether it
// declares any: whether it has MLIR's MemoryEffectOpInterface.
func OwnEffects(op *Operation) ([]Effect, bool) {
	return AppendOwnEffects(op, nil)
}

// AppendOwnEffects is OwnEffects appending to buf, for callers that ask
// about many ops with one buffer.
func AppendOwnEffects(op *Operation, buf []Effect) ([]Effect, bool) {
	if op.def.AppendEffects != nil {
		return op.def.AppendEffects(op, buf), true
	}
	return buf, DeclaresEffects(op)
}

// DeclaresEffects reports whether op declares its memory effects (OwnEffects'
// second result), without asking its AppendEffects hook for them.
func DeclaresEffects(op *Operation) bool {
	return op.def.AppendEffects != nil || op.Has(Pure) || op.Has(NoMemoryEffect)
}

// MemoryEffects returns the op's memory effects and whether they are known.
// Pure ops have none; ops with an AppendEffects hook report theirs; ops
// with RecursiveEffects have the effects of their nested ops; other ops
// (including unregistered ones) have unknown effects.
func MemoryEffects(op *Operation) ([]Effect, bool) {
	var effects []Effect
	ok := EachEffect(op, func(e Effect) bool {
		effects = append(effects, e)
		return true
	})
	if !ok {
		return nil, false
	}
	return effects, true
}

// A buffer passed to an AppendEffects hook escapes (the hook is called
// through a function value), so one on the stack would be allocated at
// every call; the greedy driver, region DCE and CSE ask about every op
// they visit. eachEffect borrows its context's spare buffer instead (a
// swap, where a sync.Pool cost several times more), and allocates one only
// when another call holds it: function passes run on several goroutines
// over one Context, and fn may ask about effects itself.

// EachEffect calls fn with each of MemoryEffects(op), in the same order,
// without collecting them: the greedy driver, region DCE and CSE ask
// whether ops are dead or effect-free for every op they visit, and a loop
// asked about gathered every effect of its body into a list each time. It
// returns false when the effects are unknown or fn returned false (which
// stops the walk).
func EachEffect(op *Operation, fn func(Effect) bool) bool {
	return eachEffect(op, fn, false)
}

// eachEffect is EachEffect, visiting the ops nested in a RecursiveEffects
// op last to first when backward is set (an op's own effects still come
// first, in their order).
func eachEffect(op *Operation, fn func(Effect) bool, backward bool) bool {
	recursive := op.Has(RecursiveEffects)
	if hook := op.def.AppendEffects; hook != nil {
		bp := op.ctx.effects.Swap(nil)
		if bp == nil {
			bp = new([]Effect)
		}
		effects := hook(op, (*bp)[:0])
		ok := true
		for _, e := range effects {
			if ok = fn(e); !ok {
				break
			}
		}
		// Drop the values the effects name, so that the spare buffer
		// does not keep erased IR reachable (a loop over the few
		// effects costs less than clearing them with memclr).
		for i := range effects {
			effects[i].Value = nil
		}
		*bp = effects[:0]
		op.ctx.effects.Store(bp)
		if !ok {
			return false
		}
	} else if !recursive && !DeclaresEffects(op) {
		return false
	}
	if !recursive {
		return true
	}
	regions := op.Regions()
	if backward {
		for i := len(regions) - 1; i >= 0; i-- {
			blocks := regions[i].blocks
			for j := len(blocks) - 1; j >= 0; j-- {
				for o := blocks[j].last; o != nil; o = o.prev {
					if !eachEffect(o, fn, true) {
						return false
					}
				}
			}
		}
		return true
	}
	for _, r := range regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				if !eachEffect(o, fn, false) {
					return false
				}
			}
		}
	}
	return true
}

// IsMemoryEffectFree reports whether op (and what it contains) has no
// memory effects at all.
func IsMemoryEffectFree(op *Operation) bool {
	return EachEffect(op, func(Effect) bool { return false })
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
	// Effects on memory the op allocates itself (an Allocate effect on one
	// of its results) disappear with the op; reads do not keep it either.
	// Any other effect must be on one of op's results, and that result
	// must be allocated by an effect somewhere in the list: checked once
	// the list is seen whole (op has few results, so small sets).
	//
	// The answer does not depend on the order of the effects, and the
	// effects that keep an op with a body alive (stores, copies, barriers)
	// tend to come late in the body, after the index and address
	// arithmetic: looking from the end finds one sooner.
	var allocBuf, touchedBuf [4]Value
	allocated, touched := allocBuf[:0], touchedBuf[:0]
	ok := eachEffect(op, func(e Effect) bool {
		switch {
		case e.Kind == Read:
		case e.Value == nil || e.Value.DefiningOp() != op:
			return false
		case e.Kind == Allocate:
			allocated = append(allocated, e.Value)
		default:
			touched = append(touched, e.Value)
		}
		return true
	}, true)
	if !ok {
		return false
	}
	for _, v := range touched {
		if !slices.Contains(allocated, v) {
			return false
		}
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
	// The greedy driver and the folders ask this of every operand they
	// look at, and most are not constants: a type check costs less than
	// the interface call of DefiningOp, and the trait test answers most
	// without the call of ConstantValue.
	if r, ok := v.(*OpResult); ok && r.owner.Has(ConstantLike) {
		return ConstantValue(r.owner)
	}
	return nil
}
