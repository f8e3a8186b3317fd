package llvm

import (
	"github.com/ttcompiler/tt/ir"
)

// GlobalOp is `llvm.mlir.global [linkage] [constant] @name(value)
// {attrs} : T [{ initializer }]`.
var GlobalOp = custom("mlir.global", ir.IsolatedFromAbove|ir.Symbol|ir.SingleBlockImplicitTerminator,
	[]string{"global_type", "constant", "sym_name", "linkage", "dso_local", "thread_local_", "externally_initialized",
		"value", "alignment", "addr_space", "unnamed_addr", "section", "comdat", "dbg_exprs", "visibility_"},
	parseGlobal, printGlobal, verifyGlobal)

func init() {
	GlobalOp.SingleBlockTerminator = ReturnOp.Name
	GlobalOp.PopulateDefaults = func(st *ir.OperationState) {
		if st.Attr("addr_space") == nil {
			st.AddAttr("addr_space", ir.I32Attr(st.Ctx, 0))
		}
		if st.Attr("visibility_") == nil {
			st.AddAttr("visibility_", VisibilityEnum.Get(st.Ctx, 0))
		}
		if st.Attr(LinkageAttrName) == nil {
			st.AddAttr(LinkageAttrName, Linkage(st.Ctx, "external"))
		}
	}
}

// GlobalType returns the type of an llvm.mlir.global.
func GlobalType(op *ir.Operation) ir.Type {
	if a, ok := op.Attr("global_type").(*ir.TypeAttr); ok {
		return a.Value
	}
	return nil
}

// GlobalAddrSpaceOf returns the address space of an llvm.mlir.global.
func GlobalAddrSpaceOf(op *ir.Operation) int { return int(enumOf(op, "addr_space", 0)) }

func parseGlobal(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	l, ok := parseLinkage(p)
	if !ok {
		l = "external"
	}
	st.AddAttr(LinkageAttrName, Linkage(ctx, l))
	if v, ok := p.ParseOptionalKeyword("hidden", "protected"); ok {
		n, _ := VisibilityEnum.ValueOf(v)
		st.AddAttr("visibility_", VisibilityEnum.Get(ctx, n))
	}
	if _, ok := p.ParseOptionalKeyword("thread_local"); ok {
		st.AddAttr("thread_local_", ir.Unit(ctx))
	}
	if v, ok := p.ParseOptionalKeyword("local_unnamed_addr", "unnamed_addr"); ok {
		n, _ := UnnamedAddrEnum.ValueOf(v)
		st.AddAttr("unnamed_addr", UnnamedAddrEnum.Get(ctx, n))
	}
	if _, ok := p.ParseOptionalKeyword("constant"); ok {
		st.AddAttr("constant", ir.Unit(ctx))
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(ir.SymbolAttrName, ir.StringAttrOf(ctx, name))
	if err := p.ParseLParen(); err != nil {
		return err
	}
	var value ir.Attribute
	if !p.ParseOptionalRParen() {
		if value, err = p.ParseAttribute(nil); err != nil {
			return err
		}
		st.AddAttr("value", value)
		if err := p.ParseRParen(); err != nil {
			return err
		}
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
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	var typ ir.Type
	if p.ParseOptionalColon() {
		if typ, err = p.ParseType(); err != nil {
			return err
		}
	} else if s, ok := value.(*ir.StringAttr); ok {
		// String globals may omit their type: an i8 array of the length.
		typ = Array(ctx, ir.I8(ctx), int64(len(s.Value)))
	} else {
		return p.Errorf("expected ':'")
	}
	st.AddAttr("global_type", ir.TypeAttrOf(ctx, typ))
	r := st.AddRegion()
	if _, err := p.ParseOptionalRegion(r, nil); err != nil {
		return err
	}
	return nil
}

func printGlobal(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" " + keywordOf(op, LinkageAttrName, "external") + " ")
	if v := VisibilityEnum.KeywordOf(enumOf(op, "visibility_", 0)); v != "" {
		p.WriteString(v + " ")
	}
	if op.Attr("thread_local_") != nil {
		p.WriteString("thread_local ")
	}
	if u := UnnamedAddrEnum.KeywordOf(enumOf(op, "unnamed_addr", 0)); u != "" {
		p.WriteString(u + " ")
	}
	if op.Attr("constant") != nil {
		p.WriteString("constant ")
	}
	p.PrintSymbolName(ir.SymbolName(op))
	p.WriteString("(")
	value := op.Attr("value")
	if value != nil {
		p.PrintAttribute(value)
	}
	p.WriteString(")")
	if c := op.Attr("comdat"); c != nil {
		p.WriteString(" comdat(")
		p.PrintAttribute(c)
		p.WriteString(")")
	}
	p.PrintOptionalAttrDict(op.Attrs(), ir.SymbolAttrName, "global_type", "constant", "value", LinkageAttrName,
		"unnamed_addr", "thread_local_", "visibility_", "comdat")
	if _, ok := value.(*ir.StringAttr); ok {
		return
	}
	p.WriteString(" : ")
	if t := GlobalType(op); t != nil {
		p.PrintType(t)
	}
	if r := op.Region(0); !r.Empty() {
		p.WriteString(" ")
		p.PrintRegion(r, false, true)
	}
}

func verifyGlobal(op *ir.Operation) error {
	t := GlobalType(op)
	if t == nil {
		return ir.OpErrorf(op, "requires attribute 'global_type'")
	}
	if !IsValidElementType(t) {
		return ir.OpErrorf(op, "expects type to be a valid element type for an LLVM global")
	}
	if op.ParentOp() != nil && !op.ParentOp().Has(ir.SymbolTable) {
		return ir.OpErrorf(op, "must appear at the module level")
	}
	if as, ok := op.Attr("addr_space").(*ir.IntegerAttr); op.Attr("addr_space") != nil && (!ok || as.Int() < 0) {
		return ir.OpErrorf(op, "attribute 'addr_space' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative")
	}
	if a, ok := op.Attr("alignment").(*ir.IntegerAttr); ok {
		if v := a.Int(); v <= 0 || v&(v-1) != 0 {
			return ir.OpErrorf(op, "alignment attribute is not a power of 2")
		}
	}
	if s, ok := op.Attr("value").(*ir.StringAttr); ok {
		at, isArr := t.(*ArrayType)
		if !isArr || !ir.IsInteger(at.Elem, 8) || at.Len != int64(len(s.Value)) {
			return ir.OpErrorf(op, "requires an i8 array type of the length of its string value")
		}
	}
	if op.Attr("value") != nil && op.NumRegions() > 0 && !op.Region(0).Empty() {
		return ir.OpErrorf(op, "cannot have both initializer value and region")
	}
	return nil
}
