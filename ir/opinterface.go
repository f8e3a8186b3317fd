package ir

import "reflect"

// Op interfaces (MLIR's OpInterfaces). An op interface is a Go interface
// type, such as DotLike or LoopLike; a dialect makes its ops implement one
// by attaching, to the op's definition, a function that views an op as
// the interface (usually the op's typed wrapper, scf.ForOp{op}). A pass
// asks for the view with As instead of switching on op names:
//
//	scf.ForOpDef: ir.Attach[ir.LoopLike](ForOpDef, func(op *ir.Operation) ir.LoopLike { return ForOp{op} })
//	pass:         if loop, ok := ir.As[ir.LoopLike](op); ok { ... loop.Inits() ... }
//
// Interfaces every op may answer are OpDef hooks instead: Fold, Effects
// (MLIR's MemoryEffectOpInterface, asked through MemoryEffects),
// SuccessorOperands (BranchOpInterface's forwarded operands) and
// RegionKind.

// Attach makes the ops of def implement interface T: view returns the T
// of an op of def. Dialects attach while they define their ops (in init),
// before any IR exists; attaching T twice replaces the view.
func Attach[T any](def *OpDef, view func(*Operation) T) {
	if def.interfaces == nil {
		def.interfaces = map[reflect.Type]any{}
	}
	def.interfaces[reflect.TypeFor[T]()] = view
}

// As returns op viewed as T, and whether op's definition implements T.
func As[T any](op *Operation) (T, bool) {
	var zero T
	if op == nil {
		return zero, false
	}
	view, ok := op.def.interfaces[reflect.TypeFor[T]()]
	if !ok {
		return zero, false
	}
	return view.(func(*Operation) T)(op), true
}

// Is reports whether op's definition implements T.
func Is[T any](op *Operation) bool { return op != nil && Implements[T](op.def) }

// Implements reports whether the ops of def implement T.
func Implements[T any](def *OpDef) bool {
	_, ok := def.interfaces[reflect.TypeFor[T]()]
	return ok
}
