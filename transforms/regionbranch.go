package transforms

import (
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// This file models MLIR's RegionBranchOpInterface (for the scf ops) and
// BranchOpInterface::getSuccessorForOperands (for cf.cond_br and
// cf.switch): given what is known of the operands, where control may go
// and which values travel along.

// regionSuccessor is a place control reaches: the entry block of region
// `region` of the branch op, or (region < 0) the op's results; inputs are
// the values the forwarded operands flow into.
type regionSuccessor struct {
	region int
	inputs []ir.Value
}

const toParent = -1

// isRegionBranch reports whether op's region control flow is modelled.
func isRegionBranch(op *ir.Operation) bool {
	switch op.Def() {
	case scf.ForOpDef, scf.WhileOpDef, scf.IfOpDef, scf.ExecuteRegionOpDef, scf.IndexSwitchOpDef:
		return true
	}
	return false
}

func regionArgs(op *ir.Operation, i int) []ir.Value {
	if i >= op.NumRegions() || op.Region(i).Empty() {
		return nil
	}
	return op.Region(i).Front().Arguments()
}

func parentSucc(op *ir.Operation) regionSuccessor {
	return regionSuccessor{region: toParent, inputs: op.Results()}
}

// entrySuccessors returns where control goes when op starts, given the
// constant values of its operands (nil where unknown), and the operands
// it forwards.
func entrySuccessors(op *ir.Operation, operands []ir.Attribute) ([]regionSuccessor, []ir.Value) {
	switch op.Def() {
	case scf.ForOpDef:
		// The body may run zero times: the inits reach the results too.
		var iterArgs []ir.Value
		if args := regionArgs(op, 0); len(args) > 0 {
			iterArgs = args[1:]
		}
		return []regionSuccessor{{0, iterArgs}, parentSucc(op)}, op.Operands()[3:]
	case scf.WhileOpDef:
		return []regionSuccessor{{0, regionArgs(op, 0)}}, op.Operands()
	case scf.IfOpDef:
		hasElse := op.NumRegions() > 1 && !op.Region(1).Empty()
		if c, ok := operands[0].(*ir.IntegerAttr); ok {
			if c.Bool() {
				return []regionSuccessor{{0, nil}}, nil
			}
			if hasElse {
				return []regionSuccessor{{1, nil}}, nil
			}
			return []regionSuccessor{parentSucc(op)}, nil
		}
		succs := []regionSuccessor{{0, nil}}
		if hasElse {
			succs = append(succs, regionSuccessor{1, nil})
		} else {
			succs = append(succs, parentSucc(op))
		}
		return succs, nil
	case scf.ExecuteRegionOpDef:
		return []regionSuccessor{{0, nil}}, nil
	case scf.IndexSwitchOpDef:
		if c, ok := operands[0].(*ir.IntegerAttr); ok {
			if cases, ok := op.Attr("cases").(*ir.DenseArrayAttr); ok {
				for i, v := range cases.Ints {
					if v == c.Int() && i+1 < op.NumRegions() {
						return []regionSuccessor{{i + 1, nil}}, nil
					}
				}
			}
			return []regionSuccessor{{0, nil}}, nil
		}
		var succs []regionSuccessor
		for i := range op.Regions() {
			succs = append(succs, regionSuccessor{i, nil})
		}
		return succs, nil
	}
	return nil, nil
}

// terminatorSuccessors returns where control goes from the terminator of
// region `region` of op, and the operands it forwards.
func terminatorSuccessors(op *ir.Operation, region int, term *ir.Operation, operands []ir.Attribute) ([]regionSuccessor, []ir.Value) {
	switch op.Def() {
	case scf.ForOpDef:
		var iterArgs []ir.Value
		if args := regionArgs(op, 0); len(args) > 0 {
			iterArgs = args[1:]
		}
		return []regionSuccessor{{0, iterArgs}, parentSucc(op)}, term.Operands()
	case scf.WhileOpDef:
		if region == 1 {
			return []regionSuccessor{{0, regionArgs(op, 0)}}, term.Operands()
		}
		if term.Def() != scf.ConditionOpDef || term.NumOperands() == 0 {
			return nil, nil
		}
		fwd := term.Operands()[1:]
		after := regionSuccessor{1, regionArgs(op, 1)}
		if c, ok := operands[0].(*ir.IntegerAttr); ok {
			if c.Bool() {
				return []regionSuccessor{after}, fwd
			}
			return []regionSuccessor{parentSucc(op)}, fwd
		}
		return []regionSuccessor{parentSucc(op), after}, fwd
	case scf.IfOpDef, scf.ExecuteRegionOpDef, scf.IndexSwitchOpDef:
		return []regionSuccessor{parentSucc(op)}, term.Operands()
	}
	return nil, nil
}

// successorForOperands returns the only successor a branch can take given
// its constant operands, or nil when any may be taken.
func successorForOperands(br *ir.Operation, operands []ir.Attribute) *ir.Block {
	switch br.Def() {
	case cf.CondBranchOpDef:
		if c, ok := operands[0].(*ir.IntegerAttr); ok && br.NumSuccessors() == 2 {
			if c.Bool() {
				return br.Successor(0)
			}
			return br.Successor(1)
		}
	case cf.SwitchOpDef:
		c, ok := operands[0].(*ir.IntegerAttr)
		if !ok {
			return nil
		}
		for i, v := range (cf.SwitchOp{Operation: br}).CaseValues() {
			if v == c.Int() && i+1 < br.NumSuccessors() {
				return br.Successor(i + 1)
			}
		}
		return br.Successor(0)
	}
	return nil
}
