package function

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The inherent attributes of a FunctionOpInterface op (func.func, tt.func).
const (
	FunctionTypeAttr = "function_type"
	ArgAttrsAttr     = "arg_attrs"
	ResAttrsAttr     = "res_attrs"
)

// FunctionInherent lists the inherent attributes of a function op.
var FunctionInherent = []string{ArgAttrsAttr, FunctionTypeAttr, ResAttrsAttr, ir.SymbolAttrName, ir.SymbolVisibilityAttrName}

// ParseFunctionOp parses the custom form shared by function-like ops
// (MLIR's function_interface_impl::parseFunctionOp):
//
//	[visibility] @name(%arg: type {attrs} loc(..), ...) [-> results] [attributes {...}] [{ body }]
//
// or, for declarations, `@name(type {attrs}, ...)`. It adds sym_name,
// sym_visibility, function_type, arg_attrs and res_attrs to st and one
// region (empty for declarations). allowVariadic accepts a trailing `...`.
func ParseFunctionOp(p ir.OpParser, st *ir.OperationState, allowVariadic bool) error {
	ctx := p.Context()
	if vis, ok := p.ParseOptionalKeyword("public", "private", "nested"); ok {
		st.AddAttr(ir.SymbolVisibilityAttrName, ir.StringAttrOf(ctx, vis))
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(ctx, name))

	sigLoc := p.Loc()
	args, results, resAttrs, err := parseFunctionSignature(p, allowVariadic)
	if err != nil {
		return err
	}
	_ = sigLoc
	argTypes := make([]ir.Type, len(args))
	argAttrs := make([]*ir.DictionaryAttr, len(args))
	for i, a := range args {
		argTypes[i] = a.Type
		argAttrs[i] = a.Attrs
	}
	st.AddAttr(FunctionTypeAttr, ir.TypeAttrOf(ctx, ir.Function(ctx, argTypes, results)))

	attrLoc := p.Loc()
	var extra ir.OperationState
	if err := p.ParseOptionalAttrDictWithKeyword(&extra); err != nil {
		return err
	}
	for _, a := range extra.Attrs {
		switch a.Name {
		case ir.SymbolVisibilityAttrName, ir.SymbolAttrName, FunctionTypeAttr:
			return p.ErrorfAt(attrLoc, "'%s' is an inferred attribute and should not be specified in the explicit attribute dictionary", a.Name)
		}
	}
	st.Attrs = append(st.Attrs, extra.Attrs...)
	if a := dictArray(ctx, argAttrs); a != nil {
		st.AddAttr(ArgAttrsAttr, a)
	}
	if a := dictArray(ctx, resAttrs); a != nil {
		st.AddAttr(ResAttrsAttr, a)
	}

	body := st.AddRegion()
	bodyLoc := p.Loc()
	// Entry block arguments exist only for named arguments.
	var entry []ir.Argument
	if len(args) > 0 && args[0].Operand.Name != "" {
		entry = args
	}
	parsed, err := p.ParseOptionalRegion(body, entry)
	if err != nil {
		return err
	}
	if parsed && body.Empty() {
		return p.ErrorfAt(bodyLoc, "expected non-empty function body")
	}
	if parsed && len(args) > 0 && entry == nil {
		return p.ErrorfAt(sigLoc, "expected SSA identifier")
	}
	return nil
}

// dictArray returns [dict, ...] if any dictionary is non-empty, else nil.
func dictArray(ctx *ir.Context, dicts []*ir.DictionaryAttr) ir.Attribute {
	any := false
	for _, d := range dicts {
		if d != nil && len(d.Entries) > 0 {
			any = true
		}
	}
	if !any {
		return nil
	}
	elems := make([]ir.Attribute, len(dicts))
	for i, d := range dicts {
		if d == nil {
			d = ir.DictionaryAttrOf(ctx, nil)
		}
		elems[i] = d
	}
	return ir.ArrayAttrOf(ctx, elems)
}

// parseFunctionSignature parses `(args) [-> results]`.
func parseFunctionSignature(p ir.OpParser, allowVariadic bool) (args []ir.Argument, results []ir.Type, resAttrs []*ir.DictionaryAttr, err error) {
	err = p.ParseCommaSeparatedList(ir.DelimParen, func() error {
		loc := p.Loc()
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
	if err != nil {
		return
	}
	if !p.ParseOptionalArrow() {
		return
	}
	results, resAttrs, err = parseFunctionResultList(p)
	return
}

func parseFunctionResultList(p ir.OpParser) ([]ir.Type, []*ir.DictionaryAttr, error) {
	if !p.ParseOptionalLParen() {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		return []ir.Type{t}, []*ir.DictionaryAttr{nil}, nil
	}
	if p.ParseOptionalRParen() {
		return nil, nil, nil
	}
	var ts []ir.Type
	var attrs []*ir.DictionaryAttr
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		var tmp ir.OperationState
		if err := p.ParseOptionalAttrDict(&tmp); err != nil {
			return nil, nil, err
		}
		var d *ir.DictionaryAttr
		if len(tmp.Attrs) > 0 {
			d = ir.DictionaryAttrOf(p.Context(), tmp.Attrs)
		}
		ts = append(ts, t)
		attrs = append(attrs, d)
		if !p.ParseOptionalComma() {
			break
		}
	}
	return ts, attrs, p.ParseRParen()
}

// PrintFunctionOp prints the custom form ParseFunctionOp reads (MLIR's
// function_interface_impl::printFunctionOp).
func PrintFunctionOp(p ir.OpPrinter, op *ir.Operation, isVariadic bool) {
	p.WriteString(" ")
	if vis, ok := op.Attr(ir.SymbolVisibilityAttrName).(*ir.StringAttr); ok {
		p.WriteString(vis.Value + " ")
	}
	p.PrintSymbolName(ir.SymbolName(op))
	ft := FunctionType(op)
	var ins, outs []ir.Type
	if ft != nil {
		ins, outs = ft.Inputs, ft.Results
	}
	body := op.Region(0)
	external := body.Empty()
	p.WriteString("(")
	for i, t := range ins {
		if i > 0 {
			p.WriteString(", ")
		}
		attrs := ArgAttrs(op, i)
		if !external && i < body.Front().NumArguments() {
			p.PrintRegionArgument(body.Front().Argument(i), attrs, false)
		} else {
			p.PrintType(t)
			p.PrintOptionalAttrDict(attrs)
		}
	}
	if isVariadic {
		if len(ins) > 0 {
			p.WriteString(", ")
		}
		p.WriteString("...")
	}
	p.WriteString(")")
	if len(outs) > 0 {
		p.WriteString(" -> ")
		resAttrs, _ := op.Attr(ResAttrsAttr).(*ir.ArrayAttr)
		parens := len(outs) > 1
		if _, fn := outs[0].(*ir.FunctionType); fn {
			parens = true
		}
		if resAttrs != nil && len(ResultAttrs(op, 0)) > 0 {
			parens = true
		}
		if parens {
			p.WriteString("(")
		}
		for i, t := range outs {
			if i > 0 {
				p.WriteString(", ")
			}
			p.PrintType(t)
			p.PrintOptionalAttrDict(ResultAttrs(op, i))
		}
		if parens {
			p.WriteString(")")
		}
	}
	p.PrintOptionalAttrDictWithKeyword(op.DiscardableAttrs(), ir.SymbolAttrName, ir.SymbolVisibilityAttrName, FunctionTypeAttr, ArgAttrsAttr, ResAttrsAttr)
	if !external {
		p.WriteString(" ")
		p.PrintRegion(body, false, true)
	}
}

// FunctionType returns the function_type of a function op, or nil.
func FunctionType(op *ir.Operation) *ir.FunctionType {
	if ta, ok := op.Attr(FunctionTypeAttr).(*ir.TypeAttr); ok {
		ft, _ := ta.Value.(*ir.FunctionType)
		return ft
	}
	return nil
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

// ArgAttrs returns the attributes of argument i of a function op.
func ArgAttrs(op *ir.Operation, i int) []ir.NamedAttr { return dictAt(op.Attr(ArgAttrsAttr), i) }

// ResultAttrs returns the attributes of result i of a function op.
func ResultAttrs(op *ir.Operation, i int) []ir.NamedAttr { return dictAt(op.Attr(ResAttrsAttr), i) }

// SetArgAttr sets attribute name of argument i (creating arg_attrs).
func SetArgAttr(op *ir.Operation, i int, name string, v ir.Attribute) {
	setDictArrayEntry(op, ArgAttrsAttr, len(FunctionType(op).Inputs), i, name, v)
}

// SetResultAttr sets attribute name of result i (creating res_attrs).
func SetResultAttr(op *ir.Operation, i int, name string, v ir.Attribute) {
	setDictArrayEntry(op, ResAttrsAttr, len(FunctionType(op).Results), i, name, v)
}

func setDictArrayEntry(op *ir.Operation, attr string, n, i int, name string, v ir.Attribute) {
	ctx := op.Context()
	elems := make([]ir.Attribute, n)
	old, _ := op.Attr(attr).(*ir.ArrayAttr)
	for j := range elems {
		if old != nil && j < len(old.Elems) {
			elems[j] = old.Elems[j]
		} else {
			elems[j] = ir.DictionaryAttrOf(ctx, nil)
		}
	}
	d := elems[i].(*ir.DictionaryAttr)
	elems[i] = ir.DictionaryAttrOf(ctx, append(append([]ir.NamedAttr(nil), d.Entries...), ir.NamedAttr{Name: name, Value: v}))
	op.SetAttr(attr, ir.ArrayAttrOf(ctx, elems))
}

// VerifyFunctionOp checks the invariants of a FunctionOpInterface op:
// the function_type attribute, the argument/result attribute arrays and
// the entry block signature.
func VerifyFunctionOp(op *ir.Operation) error {
	if op.Attr(FunctionTypeAttr) == nil {
		return ir.OpErrorf(op, "requires attribute 'function_type'")
	}
	if _, ok := op.Attr(ir.SymbolAttrName).(*ir.StringAttr); !ok {
		return ir.OpErrorf(op, "requires attribute 'sym_name'")
	}
	ft := FunctionType(op)
	if ft == nil {
		return ir.OpErrorf(op, "attribute 'function_type' failed to satisfy constraint: type attribute of function type")
	}
	for _, c := range []struct {
		name, what string
		n          int
	}{{ArgAttrsAttr, "argument", len(ft.Inputs)}, {ResAttrsAttr, "result", len(ft.Results)}} {
		a := op.Attr(c.name)
		if a == nil {
			continue
		}
		arr, ok := a.(*ir.ArrayAttr)
		if !ok {
			return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: Array of dictionary attributes", c.name)
		}
		if len(arr.Elems) != c.n {
			return ir.OpErrorf(op, "expects %s attribute array to have the same number of elements as the number of function %ss, got %d, but expected %d", c.what, c.what, len(arr.Elems), c.n)
		}
		for _, e := range arr.Elems {
			if _, ok := e.(*ir.DictionaryAttr); !ok {
				return ir.OpErrorf(op, "expects %s attribute dictionary to be a DictionaryAttr, but got `%s`", c.what, asm.AttrString(e))
			}
		}
	}
	if op.NumRegions() != 1 {
		return ir.OpErrorf(op, "requires one region")
	}
	body := op.Region(0)
	if body.Empty() {
		return nil
	}
	entry := body.Front()
	if entry.NumArguments() != len(ft.Inputs) {
		return ir.OpErrorf(op, "entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, t := range ft.Inputs {
		if at := entry.Argument(i).Type(); at != t {
			return ir.OpErrorf(op, "type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, asm.TypeString(at), asm.TypeString(t))
		}
	}
	return nil
}
