package tttottg

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// materialize returns v as a value of type want: v itself, or a
// ttg.convert_layout of v placed right after v's definition (at the start
// of its block for block arguments) with the location of the op that
// needs it, shared by all users that want the same type. Only tensors are
// converted; other types are returned unchanged (their mismatch, if any,
// is left to the verifier).
func (c *converter) materialize(v ir.Value, want ir.Type, loc ir.Location) ir.Value {
	if v.Type() == want {
		return v
	}
	if _, ok := want.(*ir.RankedTensorType); !ok {
		return v
	}
	if _, ok := v.Type().(*ir.RankedTensorType); !ok {
		return v
	}
	key := matKey{v, want}
	if m, ok := c.materialized[key]; ok {
		return m
	}
	b := ir.NewBuilder(c.ctx)
	if def := v.DefiningOp(); def != nil {
		b.SetInsertionPointAfter(def)
	} else {
		b.SetInsertionPointToStart(v.ParentBlock())
	}
	m := ttg.NewConvertLayout(b, loc, v, want).Result(0)
	c.materialized[key] = m
	return m
}

// adapt returns op's remapped operands, each materialized in the
// converted type of the operand's original type (MLIR's adaptor
// operands).
func (c *converter) adapt(op *ir.Operation, operands []ir.Value) []ir.Value {
	out := make([]ir.Value, len(operands))
	for i, v := range operands {
		out[i] = c.materialize(v, c.convertType(op.Operand(i).Type()), op.Loc())
	}
	return out
}

// recreate builds, at the rewriter's insertion point, a copy of op with the
// given operands and result types and op's attributes and successors, moves
// op's regions into it, and replaces op.
func recreate(op *ir.Operation, operands []ir.Value, types []ir.Type, rw *conversion.Rewriter) *ir.Operation {
	st := ir.NewState(op.Context(), op.Name(), op.Loc())
	st.Operands = operands
	st.Types = types
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	st.Successors = op.Successors()
	for range op.Regions() {
		st.AddRegion()
	}
	n := rw.B().Create(st)
	for i, r := range op.Regions() {
		n.Region(i).TakeBody(r)
	}
	rw.ReplaceOp(op, n.Results())
	return n
}

// genericPattern is Triton's GenericOpPattern: the same op with converted
// operand and result types. It serves every op of arith, math, tt and ub
// without a rule of its own (Triton lists the ops one by one; ops it does
// not list would stay illegal and fail the conversion).
func (c *converter) genericPattern() conversion.Pattern {
	return conversion.NewPattern("generic", "", 0, func(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
		switch ir.DialectNamespace(op.Name()) {
		case "arith", "math", "tt", "ub":
		default:
			return false
		}
		if op.NumRegions() > 0 {
			return false
		}
		recreate(op, c.adapt(op, operands), c.convertTypes(op.ResultTypes()), rw)
		return true
	})
}

// constantPattern gives a dense constant the converted tensor type (the
// elements are unchanged).
func (c *converter) constantPattern() conversion.Pattern {
	return conversion.NewPattern("arith.constant", "arith.constant", 1, func(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
		t := c.convertType(op.Result(0).Type())
		val := op.Attr("value")
		if d, ok := val.(*ir.DenseElementsAttr); ok {
			rt, isTensor := t.(*ir.RankedTensorType)
			if !isTensor {
				return false
			}
			val = ir.Unique(c.ctx, &ir.DenseElementsAttr{Typ: rt, Ints: d.Ints, Floats: d.Floats})
		}
		st := ir.NewState(c.ctx, op.Name(), op.Loc())
		st.Types = []ir.Type{t}
		for _, a := range op.Props() {
			if a.Name == "value" {
				a.Value = val
			}
			st.Props = append(st.Props, a)
		}
		for _, a := range op.DiscardableAttrs() {
			if a.Name == "value" {
				a.Value = val
			}
			st.Attrs = append(st.Attrs, a)
		}
		n := rw.B().Create(st)
		rw.ReplaceOp(op, n.Results())
		return true
	})
}
