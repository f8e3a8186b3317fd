package ir

// Traits is a set of static properties of an operation kind, checked by
// the verifier and used by passes.
type Traits uint64

const (
	// Terminator ops end a block.
	Terminator Traits = 1 << iota
	// Pure ops have no memory effects and may be speculated or erased when
	// unused.
	Pure
	// IsolatedFromAbove ops see no values defined outside their regions;
	// passes may run on them in parallel.
	IsolatedFromAbove
	// NoTerminator ops have regions whose blocks need no terminator.
	NoTerminator
	// SingleBlock ops have regions with at most one block.
	SingleBlock
	// SingleBlockImplicitTerminator ops have one-block regions whose
	// terminator (OpDef.SingleBlockTerminator) may be elided in custom syntax.
	SingleBlockImplicitTerminator
	// SymbolTable ops hold a symbol table in their single region.
	SymbolTable
	// Symbol ops define a symbol (attribute sym_name).
	Symbol
	// ReturnLike terminators return control to the parent op.
	ReturnLike
	// Commutative ops may reorder their operands.
	Commutative
	// ConstantLike ops produce a constant given by their `value` attribute.
	ConstantLike
	// SameOperandsAndResultType: all operands and results have one type.
	SameOperandsAndResultType
	// SameOperandsAndResultShape: all shaped operands and results have one shape.
	SameOperandsAndResultShape
	// SameOperandsAndResultEncoding: all tensors carry the same encoding.
	SameOperandsAndResultEncoding
	// SameOperandsAndResultElementType: one element type everywhere.
	SameOperandsAndResultElementType
	// SameTypeOperands: all operands have one type.
	SameTypeOperands
	// SameOperandsShape: all operands have one shape.
	SameOperandsShape
	// SameOperandsEncoding: all tensor operands carry the same encoding.
	SameOperandsEncoding
	// Elementwise ops apply elementwise to tensors (scalars broadcast).
	Elementwise
	// RecursiveEffects ops have the memory effects of the ops they contain.
	RecursiveEffects
	// AttrSizedOperandSegments ops carry `operandSegmentSizes`.
	AttrSizedOperandSegments
	// AttrSizedResultSegments ops carry `resultSegmentSizes`.
	AttrSizedResultSegments
	// AutomaticAllocationScope ops scope stack-like allocations.
	AutomaticAllocationScope
	// Idempotent ops: op(op(x)) == op(x).
	Idempotent
	// Involution ops: op(op(x)) == x.
	Involution
	// Speculatable ops may be hoisted although they are not Pure.
	Speculatable
	// NoMemoryEffect ops have no memory effects but may not be speculatable.
	NoMemoryEffect
)
