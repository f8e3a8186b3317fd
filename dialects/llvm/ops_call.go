package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Calls. Operand bundles are not modelled: every operand is a callee
// operand (for indirect calls the first one is the callee pointer).

// CallOp is `llvm.call @f(%a) : (f32) -> f32` or `llvm.call %fp(%a) :
// !llvm.ptr, (f32) -> ()`.
var CallOp = custom("call", 0,
	[]string{"callee", "var_callee_type", FastmathFlagsAttrName, "branch_weights", CConvAttrName, "TailCallKind",
		"memory_effects", "convergent", "no_unwind", "will_return", "arg_attrs", "res_attrs",
		"access_groups", "alias_scopes", "noalias_scopes", "tbaa"},
	parseCall, printCall, verifyCall)

func init() {
	CallOp.PopulateDefaults = func(st *ir.OperationState) {
		if st.Attr(FastmathFlagsAttrName) == nil {
			st.AddAttr(FastmathFlagsAttrName, Fastmath(st.Ctx, FastmathNone))
		}
		if st.Attr(CConvAttrName) == nil {
			st.AddAttr(CConvAttrName, CConv(st.Ctx, "ccc"))
		}
		if st.Attr("TailCallKind") == nil {
			st.AddAttr("TailCallKind", TailCallKind(st.Ctx, "none"))
		}
	}
}

// Callee returns the symbol a direct call calls, or "".
func Callee(op *ir.Operation) string {
	if s, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
		return s.Root
	}
	return ""
}

func parseCall(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	if cc, ok := p.ParseOptionalKeyword(keywordAttrCases["cconv"]...); ok {
		st.AddAttr(CConvAttrName, CConv(ctx, cc))
	}
	if tk, ok := p.ParseOptionalKeyword("tail", "musttail", "notail"); ok {
		st.AddAttr("TailCallKind", TailCallKind(ctx, tk))
	}
	var callee []ir.UnresolvedOperand
	if name, ok := p.ParseOptionalSymbolName(); ok {
		st.AddAttr("callee", ir.FlatSymbolRef(ctx, name))
	} else {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		callee = append(callee, u)
	}
	args, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if _, ok := p.ParseOptionalKeyword("vararg"); ok {
		if err := p.ParseLParen(); err != nil {
			return err
		}
		loc := p.Loc()
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		if _, ok := t.(*FuncType); !ok {
			return p.ErrorfAt(loc, "expected LLVM function type for the variadic callee")
		}
		st.AddAttr("var_callee_type", ir.TypeAttrOf(ctx, t))
		if err := p.ParseRParen(); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	var types []ir.Type
	if len(callee) > 0 {
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		types = append(types, t)
		if err := p.ParseComma(); err != nil {
			return err
		}
	}
	loc := p.Loc()
	ins, outs, err := p.ParseFunctionalType()
	if err != nil {
		return err
	}
	if len(ins) != len(args) {
		return p.ErrorfAt(loc, "expected %d types in the function signature, got %d", len(args), len(ins))
	}
	if len(outs) > 1 {
		return p.ErrorfAt(loc, "expected function with 0 or 1 result")
	}
	vals, err := p.ResolveOperands(append(callee, args...), append(types, ins...))
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, vals...)
	st.Types = append(st.Types, outs...)
	return nil
}

func printCall(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if cc := keywordOf(op, CConvAttrName, "ccc"); cc != "ccc" {
		p.WriteString(cc + " ")
	}
	if tk := keywordOf(op, "TailCallKind", "none"); tk != "none" {
		p.WriteString(tk + " ")
	}
	args := op.Operands()
	direct := Callee(op) != ""
	if direct {
		p.PrintSymbolName(Callee(op))
	} else if len(args) > 0 {
		p.PrintOperand(args[0])
		args = args[1:]
	}
	p.WriteString("(")
	p.PrintOperands(args)
	p.WriteString(")")
	if ta, ok := op.Attr("var_callee_type").(*ir.TypeAttr); ok {
		p.WriteString(" vararg(")
		p.PrintType(ta.Value)
		p.WriteString(")")
	}
	elided := []string{"callee", "TailCallKind", "var_callee_type", CConvAttrName, "arg_attrs", "res_attrs"}
	if a, ok := op.Attr(FastmathFlagsAttrName).(*FastmathAttr); ok && a.Flags == FastmathNone {
		elided = append(elided, FastmathFlagsAttrName)
	}
	p.PrintOptionalAttrDict(op.Attrs(), elided...)
	p.WriteString(" : ")
	if !direct && op.NumOperands() > 0 {
		p.PrintType(op.Operand(0).Type())
		p.WriteString(", ")
	}
	p.WriteString("(")
	for i, a := range args {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(a.Type())
	}
	p.WriteString(") -> ")
	switch op.NumResults() {
	case 0:
		p.WriteString("()")
	default:
		p.PrintType(op.Result(0).Type())
	}
}

func verifyCall(op *ir.Operation) error {
	if op.NumResults() > 1 {
		return ir.OpErrorf(op, "expected at most one result")
	}
	for i, v := range op.Operands() {
		if !IsCompatibleType(v.Type()) {
			return ir.OpErrorf(op, "operand #%d must be LLVM dialect-compatible type, but got '%s'", i, asm.TypeString(v.Type()))
		}
	}
	args := op.Operands()
	name := Callee(op)
	if name == "" {
		if len(args) == 0 {
			return ir.OpErrorf(op, "must have either a `callee` attribute or at least an operand")
		}
		if _, ok := args[0].Type().(*PointerType); !ok {
			return ir.OpErrorf(op, "indirect call expects a pointer as callee: %s", asm.TypeString(args[0].Type()))
		}
		return nil
	}
	fn := ir.LookupSymbol(op, ir.FlatSymbolRef(op.Context(), name))
	if fn == nil {
		return ir.OpErrorf(op, "'%s' does not reference a valid LLVM function", name)
	}
	if fn.Name() != FuncOp.Name {
		return ir.OpErrorf(op, "'%s' does not reference a valid LLVM function", name)
	}
	ft := FuncTypeOf(fn)
	if ft == nil {
		return nil
	}
	if len(args) < len(ft.Params) || !ft.VarArg && len(args) != len(ft.Params) {
		return ir.OpErrorf(op, "incorrect number of operands (%d) for callee (expecting: %d)", len(args), len(ft.Params))
	}
	for i, t := range ft.Params {
		if args[i].Type() != t {
			return ir.OpErrorf(op, "operand type mismatch for operand %d: %s != %s", i, asm.TypeString(args[i].Type()), asm.TypeString(t))
		}
	}
	res := ft.Results()
	if len(res) != op.NumResults() {
		return ir.OpErrorf(op, "incorrect number of results (%d) for callee (expecting: %d)", op.NumResults(), len(res))
	}
	if len(res) == 1 && res[0] != op.Result(0).Type() {
		return ir.OpErrorf(op, "result type mismatch: %s != %s", asm.TypeString(op.Result(0).Type()), asm.TypeString(res[0]))
	}
	return nil
}

// CallIntrinsicOp is `llvm.call_intrinsic "llvm.nvvm.ex2.approx.f"(%x) :
// (f32) -> f32`.
var CallIntrinsicOp = define("call_intrinsic", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "args", Kind: asmfmt.Variadic, Constraint: cAny}},
	Results:  []asmfmt.Value{{Name: "results", Kind: asmfmt.Optional, Constraint: cAny}},
	Attrs:    []asmfmt.Attr{strAttr("intrin", false), fastmathAttr()},
	Format:   "$intrin `(` $args `)` `:` functional-type($args, $results) attr-dict",
})

// Intrinsic returns the name a call_intrinsic calls.
func Intrinsic(op *ir.Operation) string {
	if s, ok := op.Attr("intrin").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}
