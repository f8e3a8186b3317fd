package tt

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Helpers for the assembly formats that many tt ops share.

// customErr returns a parse error prefixed as MLIR's custom-op parser
// prefixes errors it emits itself: "custom op 'tt.x' ...".
func customErr(p ir.OpParser, loc ir.Location, st *ir.OperationState, format string, args ...any) error {
	if loc == nil {
		loc = p.Loc()
	}
	return p.ErrorfAt(loc, "custom op '"+st.Name+"' "+format, args...)
}

// parseRankedTensorType parses a type that must be a ranked tensor
// (ODS's parseType<RankedTensorType>).
func parseRankedTensorType(p ir.OpParser, st *ir.OperationState) (*ir.RankedTensorType, error) {
	loc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, customErr(p, loc, st, "invalid kind of type specified: expected builtin.tensor, but found '%s'", asm.TypeString(t))
	}
	return rt, nil
}

// parseUnaryArrow parses `$src attr-dict : type($src) -> type($result)`.
// When tensorResult is set the result type must be a ranked tensor.
func parseUnaryArrow(srcTensor, resTensor bool) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		src, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		if err := p.ParseColon(); err != nil {
			return err
		}
		var st1, rt ir.Type
		if srcTensor {
			st1, err = parseRankedTensorType(p, st)
		} else {
			st1, err = p.ParseType()
		}
		if err != nil {
			return err
		}
		if err := p.ParseArrow(); err != nil {
			return err
		}
		if resTensor {
			rt, err = parseRankedTensorType(p, st)
		} else {
			rt, err = p.ParseType()
		}
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(src, st1)
		if err != nil {
			return err
		}
		st.Operands = []ir.Value{v}
		st.Types = []ir.Type{rt}
		return nil
	}
}

// printUnaryArrow prints ` %src {attrs} : T -> R`.
func printUnaryArrow(elided ...string) func(ir.OpPrinter, *ir.Operation) {
	return func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintOperand(op.Operand(0))
		p.PrintOptionalAttrDict(op.Attrs(), elided...)
		p.WriteString(" : ")
		p.PrintType(op.Operand(0).Type())
		p.WriteString(" -> ")
		p.PrintType(op.Result(0).Type())
	}
}

// parseSameType parses `$a, $b, ... attr-dict : type` where all n operands
// and the result share the type.
func parseSameType(n int) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		var ops []ir.UnresolvedOperand
		for i := 0; i < n; i++ {
			if i > 0 {
				if err := p.ParseComma(); err != nil {
					return err
				}
			}
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			ops = append(ops, u)
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		for _, u := range ops {
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
		}
		st.Types = []ir.Type{t}
		return nil
	}
}

func printSameType(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// parseFunctional parses `operands attr-dict : functional-type(operands, results)`.
func parseFunctional(p ir.OpParser, st *ir.OperationState) error {
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	ins, outs, err := p.ParseFunctionalType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands(ops, ins)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = outs
	return nil
}

func printFunctional(p ir.OpPrinter, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.PrintOperands(op.Operands())
	}
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
}

// parseOperandsBracket parses `[ %a, %b ]` (possibly empty).
func parseOperandsBracket(p ir.OpParser) ([]ir.UnresolvedOperand, error) {
	return p.ParseOperandList(ir.DelimSquare)
}

func printOperandsBracket(p ir.OpPrinter, vs []ir.Value) {
	p.WriteString("[")
	p.PrintOperands(vs)
	p.WriteString("]")
}

// resolveAll resolves us all with type t.
func resolveAll(p ir.OpParser, us []ir.UnresolvedOperand, t ir.Type) ([]ir.Value, error) {
	out := make([]ir.Value, len(us))
	for i, u := range us {
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// elideIfDefault returns name if op's attribute name is absent or equals def.
func elideIfDefault(op *ir.Operation, name string, def ir.Attribute) []string {
	a := op.Attr(name)
	if a == nil || a == def {
		return []string{name}
	}
	return nil
}

// segmentSizes returns the operandSegmentSizes attribute for sizes.
func segmentSizes(ctx *ir.Context, sizes ...int) *ir.DenseArrayAttr {
	v := make([]int64, len(sizes))
	for i, s := range sizes {
		v[i] = int64(s)
	}
	return ir.DenseI32Array(ctx, v)
}
