package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// InlineAsmOp is `llvm.inline_asm has_side_effects asm_dialect = att
// operand_attrs = [] "asm", "constraints" %a, %b : (T, U) -> R`. Its
// result may be `!llvm.void` (Triton's stores), a value, or a struct of
// several outputs.
var InlineAsmOp = define("inline_asm", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "operands", Kind: asmfmt.Variadic, Constraint: cAny}},
	Results:  []asmfmt.Value{{Name: "res", Kind: asmfmt.Optional, Constraint: cAny}},
	Attrs: []asmfmt.Attr{
		strAttr("asm_string", false), strAttr("constraints", false),
		unitAttr("has_side_effects"), unitAttr("is_align_stack"),
		{Name: "tail_call_kind", Kind: asmfmt.AnyAttr, Optional: true, Check: func(a ir.Attribute) bool {
			k, ok := a.(*KeywordAttr)
			return ok && k.Kind == "tailcallkind"
		}, Summary: "LLVM tail call kind"},
		enumAttr("asm_dialect", AsmDialectEnum, true),
		{Name: "operand_attrs", Kind: asmfmt.AnyAttr, Optional: true, Check: func(a ir.Attribute) bool {
			_, ok := a.(*ir.ArrayAttr)
			return ok
		}, Summary: "array attribute"},
	},
	Format: "(`has_side_effects` $has_side_effects^)? (`is_align_stack` $is_align_stack^)? " +
		"(`tail_call_kind` `=` $tail_call_kind^)? (`asm_dialect` `=` $asm_dialect^)? " +
		"(`operand_attrs` `=` $operand_attrs^)? attr-dict $asm_string `,` $constraints operands `:` functional-type(operands, results)",
})

func init() {
	// Without side effects the asm is a pure function of its operands.
	InlineAsmOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		if op.Attr("has_side_effects") != nil {
			return append(buf, ir.Effect{Kind: ir.Read}, ir.Effect{Kind: ir.Write})
		}
		return buf
	}
}

// AsmString and AsmConstraints return the text and constraints of an
// inline_asm.
func AsmString(op *ir.Operation) string { return strValue(op, "asm_string") }

// AsmConstraints returns the constraint string of an inline_asm.
func AsmConstraints(op *ir.Operation) string { return strValue(op, "constraints") }

func strValue(op *ir.Operation, name string) string {
	if s, ok := op.Attr(name).(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}
