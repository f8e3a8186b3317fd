package scf

import "github.com/ttcompiler/tt/ir"

// The op interfaces of the scf ops: scf.for and scf.while are
// ir.LoopLike; all region ops are ir.RegionBranch (the control flow that
// sccp, liveness and dead-value removal follow).

func init() {
	ir.Attach(ForOpDef, func(op *ir.Operation) ir.LoopLike { return ForOp{op} })
	ir.Attach(WhileOpDef, func(op *ir.Operation) ir.LoopLike { return WhileOp{op} })
	ir.Attach(ForOpDef, func(op *ir.Operation) ir.RegionBranch { return ForOp{op} })
	ir.Attach(WhileOpDef, func(op *ir.Operation) ir.RegionBranch { return WhileOp{op} })
	ir.Attach(IfOpDef, func(op *ir.Operation) ir.RegionBranch { return IfOp{op} })
	ir.Attach(ExecuteRegionOpDef, func(op *ir.Operation) ir.RegionBranch { return ExecuteRegionOp{op} })
	ir.Attach(IndexSwitchOpDef, func(op *ir.Operation) ir.RegionBranch { return IndexSwitchOp{op} })
}

// ExecuteRegionOp is a typed view of an scf.execute_region operation.
type ExecuteRegionOp struct{ *ir.Operation }

// IndexSwitchOp is a typed view of an scf.index_switch operation.
type IndexSwitchOp struct{ *ir.Operation }

// LoopRegions returns the body region.
func (f ForOp) LoopRegions() []*ir.Region { return []*ir.Region{f.Region(0)} }

// LoopResults returns the loop's results.
func (f ForOp) LoopResults() []ir.Value { return f.Results() }

// LoopRegions returns the before and after regions.
func (w WhileOp) LoopRegions() []*ir.Region { return []*ir.Region{w.Region(0), w.Region(1)} }

// RegionIterArgs returns the before block's arguments.
func (w WhileOp) RegionIterArgs() []ir.Value { return w.Before().Arguments() }

// YieldedValues returns the values the after region yields back to the
// before region.
func (w WhileOp) YieldedValues() []ir.Value { return w.Yield().Operands() }

// LoopResults returns the loop's results.
func (w WhileOp) LoopResults() []ir.Value { return w.Results() }

// entryArgs returns the entry block arguments of region i (nil when the
// region is missing or empty).
func entryArgs(op *ir.Operation, i int) []ir.Value {
	if i >= op.NumRegions() || op.Region(i).Empty() {
		return nil
	}
	return op.Region(i).Front().Arguments()
}

func toResults(op *ir.Operation) ir.RegionSuccessor {
	return ir.RegionSuccessor{Region: ir.ParentResults, Inputs: op.Results()}
}

// bodyIterArgs are the body arguments but the induction variable.
func (f ForOp) bodyIterArgs() []ir.Value {
	if args := entryArgs(f.Operation, 0); len(args) > 0 {
		return args[1:]
	}
	return nil
}

// EntrySuccessors: the body may run zero times, so the inits reach the
// results too.
func (f ForOp) EntrySuccessors([]ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	var inits []ir.Value
	if f.NumOperands() >= 3 {
		inits = f.Operands()[3:]
	}
	return []ir.RegionSuccessor{{Region: 0, Inputs: f.bodyIterArgs()}, toResults(f.Operation)}, inits
}

// TerminatorSuccessors: the yield goes to the next iteration or out.
func (f ForOp) TerminatorSuccessors(_ int, term *ir.Operation, _ []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	return []ir.RegionSuccessor{{Region: 0, Inputs: f.bodyIterArgs()}, toResults(f.Operation)}, term.Operands()
}

// EntrySuccessors: the before region always runs first.
func (w WhileOp) EntrySuccessors([]ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	return []ir.RegionSuccessor{{Region: 0, Inputs: entryArgs(w.Operation, 0)}}, w.Operands()
}

// TerminatorSuccessors: the after region's yield goes back to the before
// region; scf.condition goes to the after region or out, by its
// condition.
func (w WhileOp) TerminatorSuccessors(region int, term *ir.Operation, operands []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	if region == 1 {
		return []ir.RegionSuccessor{{Region: 0, Inputs: entryArgs(w.Operation, 0)}}, term.Operands()
	}
	if term.Def() != ConditionOpDef || term.NumOperands() == 0 {
		return nil, nil
	}
	fwd := term.Operands()[1:]
	after := ir.RegionSuccessor{Region: 1, Inputs: entryArgs(w.Operation, 1)}
	if c, ok := constOperand(operands, 0); ok {
		if c.Bool() {
			return []ir.RegionSuccessor{after}, fwd
		}
		return []ir.RegionSuccessor{toResults(w.Operation)}, fwd
	}
	return []ir.RegionSuccessor{toResults(w.Operation), after}, fwd
}

// EntrySuccessors: the then region, or the else region (the results
// when there is none), or either.
func (o IfOp) EntrySuccessors(operands []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	hasElse := o.NumRegions() > 1 && !o.Region(1).Empty()
	otherwise := toResults(o.Operation)
	if hasElse {
		otherwise = ir.RegionSuccessor{Region: 1}
	}
	if c, ok := constOperand(operands, 0); ok {
		if c.Bool() {
			return []ir.RegionSuccessor{{Region: 0}}, nil
		}
		return []ir.RegionSuccessor{otherwise}, nil
	}
	return []ir.RegionSuccessor{{Region: 0}, otherwise}, nil
}

// TerminatorSuccessors: the yields go to the results.
func (o IfOp) TerminatorSuccessors(_ int, term *ir.Operation, _ []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	return []ir.RegionSuccessor{toResults(o.Operation)}, term.Operands()
}

// EntrySuccessors: the region runs once.
func (o ExecuteRegionOp) EntrySuccessors([]ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	return []ir.RegionSuccessor{{Region: 0}}, nil
}

// TerminatorSuccessors: the yields go to the results.
func (o ExecuteRegionOp) TerminatorSuccessors(_ int, term *ir.Operation, _ []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	return []ir.RegionSuccessor{toResults(o.Operation)}, term.Operands()
}

// EntrySuccessors: the region of the case the argument matches (region 0
// is the default), or any region.
func (o IndexSwitchOp) EntrySuccessors(operands []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	if c, ok := constOperand(operands, 0); ok {
		if cases, ok := o.Attr("cases").(*ir.DenseArrayAttr); ok {
			for i, v := range cases.Ints {
				if v == c.Int() && i+1 < o.NumRegions() {
					return []ir.RegionSuccessor{{Region: i + 1}}, nil
				}
			}
		}
		return []ir.RegionSuccessor{{Region: 0}}, nil
	}
	succs := make([]ir.RegionSuccessor, o.NumRegions())
	for i := range succs {
		succs[i] = ir.RegionSuccessor{Region: i}
	}
	return succs, nil
}

// TerminatorSuccessors: the yields go to the results.
func (o IndexSwitchOp) TerminatorSuccessors(_ int, term *ir.Operation, _ []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	return []ir.RegionSuccessor{toResults(o.Operation)}, term.Operands()
}

// constOperand returns operand i's constant integer value, if known.
func constOperand(operands []ir.Attribute, i int) (*ir.IntegerAttr, bool) {
	if i >= len(operands) {
		return nil, false
	}
	c, ok := operands[i].(*ir.IntegerAttr)
	return c, ok
}
