package transforms

import (
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// loopLike is MLIR's LoopLikeOpInterface for the loops Triton uses:
// scf.for (one body region) and scf.while (its before and after regions).
type loopLike struct {
	op      *ir.Operation
	regions []*ir.Region
}

// asLoop returns the loop view of op, if op is a loop.
func asLoop(op *ir.Operation) (loopLike, bool) {
	switch op.Def() {
	case scf.ForOpDef:
		if op.NumRegions() == 1 {
			return loopLike{op, []*ir.Region{op.Region(0)}}, true
		}
	case scf.WhileOpDef:
		if op.NumRegions() == 2 {
			return loopLike{op, []*ir.Region{op.Region(0), op.Region(1)}}, true
		}
	}
	return loopLike{}, false
}

// definedOutside reports whether v is defined outside the loop.
func (l loopLike) definedOutside(v ir.Value) bool {
	return !l.op.IsAncestorOf(definingRegionOwner(v))
}

// moveOut hoists op right before the loop.
func (l loopLike) moveOut(op *ir.Operation) { op.MoveBefore(l.op) }

// definingRegionOwner returns the op whose region defines v (nil for a
// value of a detached block).
func definingRegionOwner(v ir.Value) *ir.Operation {
	b := v.ParentBlock()
	if b == nil {
		return nil
	}
	return b.ParentOp()
}
