package ir

import "reflect"

// OpDef describes one kind of operation. Dialect packages create them with
// Dialect.NewOp and fill in the hooks they need; a nil hook means "nothing
// special". The generic Operation node points at its OpDef.
type OpDef struct {
	Name    string
	Dialect *Dialect
	Traits  Traits

	// Inherent lists the names of the op's inherent attributes. Triton and
	// MLIR store them as properties: the generic form prints them inside
	// `<{...}>`, separately from the discardable attribute dictionary.
	Inherent []string

	// SingleBlockTerminator names the terminator that the custom parser
	// inserts when a region of a SingleBlockImplicitTerminator op omits it.
	SingleBlockTerminator string
	// HasParent restricts the op to the bodies of the named parent ops.
	HasParent []string

	// VerifyInvariants checks the constraints MLIR's ODS generates (operand,
	// result and attribute types); it runs before the trait verifiers, as
	// MLIR's OpInvariants trait does.
	VerifyInvariants func(op *Operation) error
	// Verify checks op-specific invariants; it runs after the trait
	// verifiers and before nested regions are verified.
	Verify func(op *Operation) error
	// VerifyRegions runs after all nested operations verified.
	VerifyRegions func(op *Operation) error

	// Fold tries to fold op given the constant values of its operands (nil
	// where not constant). It returns nil if nothing folds; otherwise one
	// result per op result: an attribute (a constant) or an existing value.
	// An in-place update is signalled by returning the op's own results, or
	// an empty non-nil slice (the only way for ops without results).
	Fold func(op *Operation, operands []Attribute) []FoldResult
	// Canonicalize lists the op's canonicalization patterns.
	Canonicalize []RewritePattern

	// AppendEffects appends the op's memory effects to buf and returns the
	// extended slice (buf itself when there are none), as append does: the
	// callers of the effect queries reuse one buffer instead of a fresh list
	// per op asked about. Ops with the Pure trait have none; ops without
	// Pure and without AppendEffects are assumed to have unknown effects.
	AppendEffects func(op *Operation, buf []Effect) []Effect

	// RegionKind reports whether region i holds an SSA CFG (the default) or
	// a graph (no dominance requirements).
	RegionKind func(op *Operation, i int) RegionKind

	// SuccessorOperands returns the indices of the operands that a branch
	// passes to the arguments of successor i (MLIR's BranchOpInterface).
	// Nil for ops that are not branches. The list may be shared (see
	// IndexSpan): callers read it and never write it.
	SuccessorOperands func(op *Operation, i int) []int
	// ResizeSuccessorOperands records, after operands forwarded to
	// successor i were inserted or erased (delta of them), the new count
	// wherever the op keeps counts (AppendSuccessorOperands,
	// EraseSuccessorOperand). Nil for branches whose forwarded operands
	// are not to be edited.
	ResizeSuccessorOperands func(op *Operation, i, delta int)

	// PopulateDefaults fills in default-valued inherent attributes that the
	// state lacks (MLIR materializes default-valued properties on creation).
	PopulateDefaults func(st *OperationState)
	// DefaultAttrs are default-valued inherent attributes that Create
	// stores when the state lacks them, as PopulateDefaults would, without
	// a hook on the state (which then must be copied for the hook to
	// change it): most LLVM and arith ops have such flags, and lowerings
	// create thousands of them.
	DefaultAttrs []DefaultAttr

	// Parse parses the custom form after the op name; Print prints it after
	// the result list and op name. Ops without them use the generic form.
	Parse func(p OpParser, st *OperationState) error
	Print func(p OpPrinter, op *Operation)
	// AsmFormat is the assembly format (an *asmfmt.Format) that
	// asmfmt.Install bound to the op; the Print and Verify hooks it sets
	// find the format here, where a closure bound to the format was an
	// allocation per hook for each of the ~500 ops when the process starts.
	AsmFormat any

	// ResultNames suggests SSA names for results (MLIR getAsmResultNames).
	ResultNames func(op *Operation, set func(v Value, name string))
	// BlockArgNames suggests names for the entry block arguments of a region.
	BlockArgNames func(op *Operation, r *Region, set func(v Value, name string))
	// DefaultDialect is the dialect whose prefix may be dropped from op
	// names nested in this op's regions (`return` inside func.func).
	DefaultDialect string

	// interfaces maps an op interface type to the function viewing an op
	// as it (see Attach).
	interfaces map[reflect.Type]any

	unregistered bool
}

// DefaultAttr is an attribute an op gets, with the value Value gives, when
// it is created without it. Value must give the same attribute every time
// for a context: Create asks it once per context.
type DefaultAttr struct {
	Name  string
	Value func(ctx *Context) Attribute
}

// Registered reports whether the op was registered by a loaded dialect.
func (d *OpDef) Registered() bool { return !d.unregistered }

// UniqueKey makes placeholder definitions of unregistered ops uniqued.
func (d *OpDef) UniqueKey() any { return unregisteredOp{d.Name} }

type unregisteredOp struct{ name string }

// Has reports whether the op has all the traits in t.
func (d *OpDef) Has(t Traits) bool { return d.Traits&t == t }

// IsInherent reports whether name is an inherent attribute of the op.
func (d *OpDef) IsInherent(name string) bool {
	for _, n := range d.Inherent {
		if n == name {
			return true
		}
	}
	return false
}

// FoldResult is one folded result: either a constant attribute or an
// existing value.
type FoldResult struct {
	Attr  Attribute
	Value Value
}

// RegionKind distinguishes SSA control-flow regions from graph regions.
type RegionKind int

const (
	SSACFG RegionKind = iota
	Graph
)

// Effect is one memory effect of an operation on a resource.
type Effect struct {
	Kind     EffectKind
	Resource string // "global", "shared", "" for the default resource
	Value    Value  // the affected value when known, else nil
}

// EffectKind is the kind of a memory effect.
type EffectKind int

const (
	Read EffectKind = iota
	Write
	Allocate
	Free
)

func (k EffectKind) String() string {
	return [...]string{"read", "write", "allocate", "free"}[k]
}
