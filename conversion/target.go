package conversion

import "github.com/ttcompiler/tt/ir"

// Legality of an operation for a conversion target.
type Legality int

const (
	Unknown Legality = iota
	Legal
	Illegal
)

// Target describes what the converted IR may contain.
type Target struct {
	ops      map[string]Legality
	dialects map[string]Legality
	dynOps   map[string]func(*ir.Operation) bool
	dynDial  map[string]func(*ir.Operation) bool
	// unknownDynamic decides ops that no other rule covers (MLIR's
	// markUnknownOpDynamicallyLegal); nil means "unknown".
	unknownDynamic func(*ir.Operation) bool
	recursive      map[string]bool
}

// NewTarget returns an empty target.
func NewTarget() *Target {
	return &Target{
		ops: map[string]Legality{}, dialects: map[string]Legality{},
		dynOps: map[string]func(*ir.Operation) bool{}, dynDial: map[string]func(*ir.Operation) bool{},
		recursive: map[string]bool{},
	}
}

// AddLegalOp marks ops legal.
func (t *Target) AddLegalOp(names ...string) *Target {
	for _, n := range names {
		t.ops[n] = Legal
	}
	return t
}

// AddIllegalOp marks ops illegal: they must be converted.
func (t *Target) AddIllegalOp(names ...string) *Target {
	for _, n := range names {
		t.ops[n] = Illegal
	}
	return t
}

// AddLegalDialect marks every op of the dialects legal.
func (t *Target) AddLegalDialect(names ...string) *Target {
	for _, n := range names {
		t.dialects[n] = Legal
	}
	return t
}

// AddIllegalDialect marks every op of the dialects illegal.
func (t *Target) AddIllegalDialect(names ...string) *Target {
	for _, n := range names {
		t.dialects[n] = Illegal
	}
	return t
}

// AddDynamicallyLegalOp makes op legal when fn holds.
func (t *Target) AddDynamicallyLegalOp(name string, fn func(*ir.Operation) bool) *Target {
	t.dynOps[name] = fn
	return t
}

// AddDynamicallyLegalDialect makes the dialect's ops legal when fn holds.
func (t *Target) AddDynamicallyLegalDialect(name string, fn func(*ir.Operation) bool) *Target {
	t.dynDial[name] = fn
	return t
}

// MarkUnknownOpDynamicallyLegal decides ops no other rule covers.
func (t *Target) MarkUnknownOpDynamicallyLegal(fn func(*ir.Operation) bool) *Target {
	t.unknownDynamic = fn
	return t
}

// MarkOpRecursivelyLegal makes everything nested in a legal op of this
// name legal too (it is not visited).
func (t *Target) MarkOpRecursivelyLegal(names ...string) *Target {
	for _, n := range names {
		t.recursive[n] = true
	}
	return t
}

// LegalityOf reports the legality of op. Op rules win over dialect rules.
func (t *Target) LegalityOf(op *ir.Operation) Legality { return t.ruleFor(op.Name()).of(op) }

// rule is what decides the legality of the ops of one name: a fixed
// legality, or a function of the op.
type rule struct {
	fn       func(*ir.Operation) bool
	legality Legality
}

func (r rule) of(op *ir.Operation) Legality {
	if r.fn != nil {
		return boolLegality(r.fn(op))
	}
	return r.legality
}

// ruleFor finds the rule for ops named name (a conversion caches it per
// op definition: the target does not change while it runs).
func (t *Target) ruleFor(name string) rule {
	if fn, ok := t.dynOps[name]; ok {
		return rule{fn: fn}
	}
	if l, ok := t.ops[name]; ok {
		return rule{legality: l}
	}
	ns := ir.DialectNamespace(name)
	if fn, ok := t.dynDial[ns]; ok {
		return rule{fn: fn}
	}
	if l, ok := t.dialects[ns]; ok {
		return rule{legality: l}
	}
	if t.unknownDynamic != nil {
		return rule{fn: t.unknownDynamic}
	}
	return rule{legality: Unknown}
}

func boolLegality(b bool) Legality {
	if b {
		return Legal
	}
	return Illegal
}
