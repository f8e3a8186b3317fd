package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// FuncOp is `llvm.func [linkage] [cconv] @name(%a: T {attrs}, ...) [-> R]
// [attributes {...}] [{ body }]`. Its function_type is an `!llvm.func`.
var FuncOp = custom("func", ir.IsolatedFromAbove|ir.Symbol|ir.AutomaticAllocationScope,
	[]string{"sym_name", "sym_visibility", "function_type", "linkage", "dso_local", "CConv", "comdat",
		"convergent", "personality", "passthrough", "arg_attrs", "res_attrs", "function_entry_count",
		"visibility_", "section", "unnamed_addr", "alignment", "target_cpu", "tune_cpu", "target_features",
		"no_inline", "always_inline", "no_unwind", "will_return", "optimize_none", "reqd_work_group_size",
		"work_group_size_hint", "denormal_fp_math", "denormal_fp_math_f32", "fp_contract",
		"unsafe_fp_math", "no_infs_fp_math", "no_nans_fp_math", "no_signed_zeros_fp_math", "approx_func_fp_math"},
	parseFunc, printFunc, verifyFunc)

// Attribute names of llvm.func.
const (
	FunctionTypeAttr = "function_type"
	ArgAttrsAttr     = "arg_attrs"
	ResAttrsAttr     = "res_attrs"
	LinkageAttrName  = "linkage"
	CConvAttrName    = "CConv"
)

func init() {
	FuncOp.VerifyRegions = verifyFuncBody
	FuncOp.PopulateDefaults = func(st *ir.OperationState) {
		if st.Attr(LinkageAttrName) == nil {
			st.AddAttr(LinkageAttrName, Linkage(st.Ctx, "external"))
		}
		if st.Attr(CConvAttrName) == nil {
			st.AddAttr(CConvAttrName, CConv(st.Ctx, "ccc"))
		}
		if st.Attr("visibility_") == nil {
			st.AddAttr("visibility_", VisibilityEnum.Get(st.Ctx, 0))
		}
	}
	FuncOp.AppendEffects = nil
}

// FuncTypeOf returns the `!llvm.func` type of an llvm.func, or nil.
func FuncTypeOf(op *ir.Operation) *FuncType {
	if ta, ok := op.Attr(FunctionTypeAttr).(*ir.TypeAttr); ok {
		ft, _ := ta.Value.(*FuncType)
		return ft
	}
	return nil
}

// linkageKeywords may prefix the symbol name of llvm.func and
// llvm.mlir.global.
func parseLinkage(p ir.OpParser) (string, bool) {
	return p.ParseOptionalKeyword(keywordAttrCases["linkage"]...)
}

func parseFunc(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	if l, ok := parseLinkage(p); ok {
		st.AddAttr(LinkageAttrName, Linkage(ctx, l))
	}
	if v, ok := p.ParseOptionalKeyword("hidden", "protected"); ok {
		n, _ := VisibilityEnum.ValueOf(v)
		st.AddAttr("visibility_", VisibilityEnum.Get(ctx, n))
	}
	if v, ok := p.ParseOptionalKeyword("local_unnamed_addr", "unnamed_addr"); ok {
		n, _ := UnnamedAddrEnum.ValueOf(v)
		st.AddAttr("unnamed_addr", UnnamedAddrEnum.Get(ctx, n))
	}
	if cc, ok := p.ParseOptionalKeyword(keywordAttrCases["cconv"]...); ok {
		st.AddAttr(CConvAttrName, CConv(ctx, cc))
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(ctx, name))

	sigLoc := p.Loc()
	args, vararg, err := parseFuncArgs(p)
	if err != nil {
		return err
	}
	var result ir.Type = Void(ctx)
	var resAttrs *ir.DictionaryAttr
	if p.ParseOptionalArrow() {
		paren := p.ParseOptionalLParen()
		rloc := p.Loc()
		if result, err = p.ParseType(); err != nil {
			return err
		}
		if paren {
			// Result attributes need the parentheses: without them a
			// `{` starts the body.
			var tmp ir.OperationState
			if err := p.ParseOptionalAttrDict(&tmp); err != nil {
				return err
			}
			if len(tmp.Attrs) > 0 {
				resAttrs = ir.DictionaryAttrOf(ctx, tmp.Attrs)
			}
			if p.ParseOptionalComma() {
				return p.ErrorfAt(rloc, "failed to construct function type: expected zero or one function result")
			}
			if err := p.ParseRParen(); err != nil {
				return err
			}
		}
		if !IsValidResultType(result) {
			return p.ErrorfAt(rloc, "failed to construct function type: invalid function result type")
		}
	}
	params := make([]ir.Type, len(args))
	var argAttrs []ir.Attribute
	anyArgAttrs := false
	for i, a := range args {
		params[i] = a.Type
		d := a.Attrs
		if d == nil {
			d = ir.DictionaryAttrOf(ctx, nil)
		} else if len(d.Entries) > 0 {
			anyArgAttrs = true
		}
		argAttrs = append(argAttrs, d)
		if !IsValidArgumentType(a.Type) {
			return p.ErrorfAt(sigLoc, "failed to construct function type: invalid function argument type")
		}
	}
	st.AddAttr(FunctionTypeAttr, ir.TypeAttrOf(ctx, Func(ctx, result, params, vararg)))
	if anyArgAttrs {
		st.AddAttr(ArgAttrsAttr, ir.ArrayAttrOf(ctx, argAttrs))
	}
	if resAttrs != nil {
		st.AddAttr(ResAttrsAttr, ir.ArrayAttrOf(ctx, []ir.Attribute{resAttrs}))
	}
	if _, ok := p.ParseOptionalKeyword("comdat"); ok {
		if err := p.ParseLParen(); err != nil {
			return err
		}
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		st.AddAttr("comdat", a)
		if err := p.ParseRParen(); err != nil {
			return err
		}
	}
	attrLoc := p.Loc()
	var extra ir.OperationState
	if err := p.ParseOptionalAttrDictWithKeyword(&extra); err != nil {
		return err
	}
	for _, a := range extra.Attrs {
		if a.Name == ir.SymbolAttrName || a.Name == FunctionTypeAttr {
			return p.ErrorfAt(attrLoc, "'%s' is an inferred attribute and should not be specified in the explicit attribute dictionary", a.Name)
		}
	}
	st.Attrs = append(st.Attrs, extra.Attrs...)

	body := st.AddRegion()
	var entry []ir.Argument
	if len(args) > 0 && args[0].Operand.Name != "" {
		entry = args
	}
	bodyLoc := p.Loc()
	parsed, err := p.ParseOptionalRegion(body, entry)
	if err != nil {
		return err
	}
	if parsed {
		if body.Empty() {
			return p.ErrorfAt(bodyLoc, "expected non-empty function body")
		}
		if len(args) > 0 && entry == nil {
			return p.ErrorfAt(sigLoc, "expected SSA identifier")
		}
		if body.Empty() == false && len(args) == 0 && body.Front().NumArguments() != 0 {
			return p.ErrorfAt(bodyLoc, "entry block must have no arguments")
		}
	}
	return nil
}

// parseFuncArgs parses `(%a: T {attrs}, ...)` or `(T {attrs}, ...)`,
// with an optional trailing `...`.
func parseFuncArgs(p ir.OpParser) ([]ir.Argument, bool, error) {
	var args []ir.Argument
	vararg := false
	err := p.ParseCommaSeparatedList(ir.DelimParen, func() error {
		loc := p.Loc()
		if vararg {
			return p.ErrorfAt(loc, "variadic arguments must be in the end of the argument list")
		}
		if p.ParseOptionalEllipsis() {
			vararg = true
			return nil
		}
		a, present, err := p.ParseOptionalArgument(true, true)
		if err != nil {
			return err
		}
		if present {
			if len(args) > 0 && args[len(args)-1].Operand.Name == "" {
				return p.ErrorfAt(loc, "expected type instead of SSA identifier")
			}
			args = append(args, a)
			return nil
		}
		if len(args) > 0 && args[len(args)-1].Operand.Name != "" {
			return p.ErrorfAt(loc, "expected SSA identifier")
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		var tmp ir.OperationState
		if err := p.ParseOptionalAttrDict(&tmp); err != nil {
			return err
		}
		a = ir.Argument{Operand: ir.UnresolvedOperand{Loc: loc}, Type: t}
		if len(tmp.Attrs) > 0 {
			a.Attrs = ir.DictionaryAttrOf(p.Context(), tmp.Attrs)
		}
		if l, ok, err := p.ParseOptionalLocationSpecifier(); err != nil {
			return err
		} else if ok {
			a.Loc = l
		}
		args = append(args, a)
		return nil
	})
	return args, vararg, err
}

func printFunc(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if l := keywordOf(op, LinkageAttrName, "external"); l != "external" {
		p.WriteString(l + " ")
	}
	if v := VisibilityEnum.KeywordOf(enumOf(op, "visibility_", 0)); v != "" {
		p.WriteString(v + " ")
	}
	if u := UnnamedAddrEnum.KeywordOf(enumOf(op, "unnamed_addr", 0)); u != "" {
		p.WriteString(u + " ")
	}
	if cc := keywordOf(op, CConvAttrName, "ccc"); cc != "ccc" {
		p.WriteString(cc + " ")
	}
	p.PrintSymbolName(ir.SymbolName(op))
	ft := FuncTypeOf(op)
	var params, results []ir.Type
	vararg := false
	if ft != nil {
		params, results, vararg = ft.Params, ft.Results(), ft.VarArg
	}
	body := op.Region(0)
	external := body.Empty()
	p.WriteString("(")
	for i, t := range params {
		if i > 0 {
			p.WriteString(", ")
		}
		attrs := dictAt(op.Attr(ArgAttrsAttr), i)
		if !external && i < body.Front().NumArguments() {
			p.PrintRegionArgument(body.Front().Argument(i), attrs, false)
		} else {
			p.PrintType(t)
			p.PrintOptionalAttrDict(attrs)
		}
	}
	if vararg {
		if len(params) > 0 {
			p.WriteString(", ")
		}
		p.WriteString("...")
	}
	p.WriteString(")")
	if len(results) == 1 {
		p.WriteString(" -> ")
		resAttrs := dictAt(op.Attr(ResAttrsAttr), 0)
		if len(resAttrs) > 0 {
			p.WriteString("(")
		}
		p.PrintType(results[0])
		p.PrintOptionalAttrDict(resAttrs)
		if len(resAttrs) > 0 {
			p.WriteString(")")
		}
	}
	if c := op.Attr("comdat"); c != nil {
		p.WriteString(" comdat(")
		p.PrintAttribute(c)
		p.WriteString(")")
	}
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), ir.SymbolAttrName, FunctionTypeAttr, ArgAttrsAttr, ResAttrsAttr,
		LinkageAttrName, CConvAttrName, "visibility_", "comdat", "unnamed_addr", "vscale_range")
	if !external {
		p.WriteString(" ")
		p.PrintRegion(body, false, true)
	}
}

func dictAt(a ir.Attribute, i int) []ir.NamedAttr {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
		return d.Entries
	}
	return nil
}

// ArgAttrs returns the attributes of argument i of an llvm.func.
func ArgAttrs(op *ir.Operation, i int) []ir.NamedAttr { return dictAt(op.Attr(ArgAttrsAttr), i) }

func verifyFunc(op *ir.Operation) error {
	if _, ok := op.Attr(ir.SymbolAttrName).(*ir.StringAttr); !ok {
		return ir.OpErrorf(op, "requires attribute 'sym_name'")
	}
	ft := FuncTypeOf(op)
	if ft == nil {
		return ir.OpErrorf(op, "requires attribute 'function_type' of LLVM function type")
	}
	if op.NumRegions() != 1 {
		return ir.OpErrorf(op, "requires one region")
	}
	for _, c := range []struct {
		name string
		n    int
	}{{ArgAttrsAttr, len(ft.Params)}, {ResAttrsAttr, len(ft.Results())}} {
		if a := op.Attr(c.name); a != nil {
			arr, ok := a.(*ir.ArrayAttr)
			if !ok || len(arr.Elems) != c.n {
				return ir.OpErrorf(op, "expects '%s' to be an array of %d dictionaries", c.name, c.n)
			}
			for _, e := range arr.Elems {
				if _, ok := e.(*ir.DictionaryAttr); !ok {
					return ir.OpErrorf(op, "expects '%s' to be an array of dictionaries", c.name)
				}
			}
		}
	}
	if a := op.Attr(LinkageAttrName); a != nil {
		if k, ok := a.(*KeywordAttr); !ok || k.Kind != "linkage" {
			return ir.OpErrorf(op, "attribute 'linkage' failed to satisfy constraint: LLVM Linkage specification")
		}
	}
	if a := op.Attr(CConvAttrName); a != nil {
		if k, ok := a.(*KeywordAttr); !ok || k.Kind != "cconv" {
			return ir.OpErrorf(op, "attribute 'CConv' failed to satisfy constraint: LLVM Calling Convention specification")
		}
	}
	body := op.Region(0)
	if body.Empty() {
		switch keywordOf(op, LinkageAttrName, "external") {
		case "external", "extern_weak":
			return nil
		}
		return ir.OpErrorf(op, "external functions must have 'external' or 'extern_weak' linkage")
	}
	entry := body.Front()
	if entry.NumArguments() != len(ft.Params) {
		return ir.OpErrorf(op, "entry block must have %d arguments to match function signature", len(ft.Params))
	}
	for i, t := range ft.Params {
		if entry.Argument(i).Type() != t {
			return ir.OpErrorf(op, "entry block argument #%d does not match the function signature", i)
		}
	}
	return nil
}

// verifyFuncBody checks that every block argument of the body has an
// LLVM-compatible type.
func verifyFuncBody(op *ir.Operation) error {
	for _, b := range op.Region(0).Blocks() {
		for i := range b.NumArguments() {
			if a := b.Argument(i); !IsCompatibleType(a.Type()) {
				return ir.OpErrorf(op, "block argument of type '%s' is not LLVM dialect-compatible", asm.TypeString(a.Type()))
			}
		}
	}
	return nil
}

// IsKernel reports whether an llvm.func is a GPU kernel: it carries
// `gpu.kernel`, `nvvm.kernel`, or a kernel calling convention.
func IsKernel(op *ir.Operation) bool {
	if op.Attr("gpu.kernel") != nil || op.Attr("nvvm.kernel") != nil || op.Attr("rocdl.kernel") != nil {
		return true
	}
	switch keywordOf(op, CConvAttrName, "ccc") {
	case "ptx_kernelcc", "amdgpu_kernelcc":
		return true
	}
	return false
}
