package asmfmt

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// printer prints one op with the spacing rules of mlir-tblgen's generated
// printers: shouldEmitSpace and lastWasPunctuation.
type printer struct {
	f         *Format
	p         ir.OpPrinter
	op        *ir.Operation
	emitSpace bool
	lastPunct bool
}

func (f *Format) print(p ir.OpPrinter, op *ir.Operation) {
	pr := &printer{f: f, p: p, op: op, emitSpace: true}
	pr.elements(f.compiled().els, nil)
}

func (pr *printer) elements(els []element, elided element) {
	for _, e := range els {
		if e != elided {
			pr.element(e)
		}
	}
}

// literal prints a literal (genLiteralPrinter).
func (pr *printer) literal(text string) {
	if pr.emitSpace && spaceBefore(text, pr.lastPunct) {
		pr.p.WriteString(" ")
	}
	pr.p.WriteString(text)
	pr.emitSpace = len(text) != 1 || !strings.ContainsRune("<({[", rune(text[0]))
	pr.lastPunct = text[0] != '_' && !isLetter(text[0])
}

func spaceBefore(text string, lastPunct bool) bool {
	if len(text) != 1 && text != "->" {
		return true
	}
	if lastPunct {
		return !strings.ContainsRune(">)}],", rune(text[0]))
	}
	return !strings.ContainsRune("<>(){}[],", rune(text[0]))
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func (pr *printer) element(e element) {
	switch e := e.(type) {
	case literal:
		pr.literal(e.text)
		return
	case space:
		switch e.text {
		case "\\n":
			pr.p.PrintNewline()
		case " ":
			pr.p.WriteString(" ")
			pr.lastPunct = false
			pr.emitSpace = false
		default:
			pr.lastPunct = true
			pr.emitSpace = false
		}
		return
	case *group:
		present := pr.present(e.anchor)
		if present {
			var elided element
			if av, ok := e.anchor.(attrVar); ok && av.a.Kind == UnitAttr && (len(e.then) == 0 || e.then[0] != e.anchor) {
				elided = av
			}
			pr.elements(e.then, elided)
		} else {
			pr.elements(e.els, nil)
		}
		return
	case *oilist:
		for _, cl := range e.clauses {
			if !pr.anyPresent(cl.elems) {
				continue
			}
			pr.literal(cl.kw)
			if len(cl.elems) == 1 {
				if av, ok := cl.elems[0].(attrVar); ok && av.a.Kind == UnitAttr {
					continue
				}
			}
			pr.elements(cl.elems, nil)
		}
		return
	case attrDict:
		elided := pr.f.elided(pr.op)
		if e.keyword {
			pr.p.PrintOptionalAttrDictWithKeyword(pr.op.Attrs(), elided...)
		} else {
			pr.p.PrintOptionalAttrDict(pr.op.Attrs(), elided...)
		}
		pr.lastPunct = false
		return
	}
	if pr.emitSpace || !pr.lastPunct {
		pr.p.WriteString(" ")
	}
	pr.lastPunct = false
	pr.emitSpace = true
	switch e := e.(type) {
	case attrVar:
		pr.attr(e.a, false)
	case qualifiedAttr:
		pr.attr(e.a, true)
	case operandVar:
		pr.p.PrintOperands(pr.f.operands(pr.op, e.idx))
	case regionVar:
		for i, r := range pr.f.regions(pr.op, e.idx) {
			if i > 0 {
				pr.p.WriteString(", ")
			}
			pr.p.PrintRegion(r, true, true)
		}
	case operandsDir:
		pr.p.PrintOperands(pr.op.Operands())
	case custom:
		e.dir.Print(pr.p, pr.op, pr.f, e.args)
	case typeDir:
		pr.typeDir(e)
	case functionalType:
		pr.p.WriteString("(")
		pr.p.PrintTypes(pr.types(e.in))
		pr.p.WriteString(") -> ")
		pr.arrowTypes(pr.types(e.out))
	}
}

func (pr *printer) arrowTypes(ts []ir.Type) {
	wrap := len(ts) != 1
	if !wrap {
		_, wrap = ts[0].(*ir.FunctionType)
	}
	if wrap {
		pr.p.WriteString("(")
	}
	pr.p.PrintTypes(ts)
	if wrap {
		pr.p.WriteString(")")
	}
}

func (pr *printer) typeDir(e typeDir) {
	var v *Value
	switch a := e.arg.(type) {
	case operandVar:
		v = &pr.f.spec.Operands[a.idx]
	case resultVar:
		v = &pr.f.spec.Results[a.idx]
	}
	ts := pr.types(e.arg)
	if v != nil && v.Kind == Single && len(ts) == 1 {
		if !e.qualified && v.Class != nil && v.Class.Is(ts[0]) {
			pr.p.PrintStrippedType(ts[0])
		} else {
			pr.p.PrintType(ts[0])
		}
		return
	}
	pr.p.PrintTypes(ts)
}

// types returns the types a type-directive argument stands for.
func (pr *printer) types(arg element) []ir.Type {
	switch a := arg.(type) {
	case operandVar:
		var ts []ir.Type
		for _, v := range pr.f.operands(pr.op, a.idx) {
			ts = append(ts, v.Type())
		}
		return ts
	case resultVar:
		var ts []ir.Type
		for _, v := range pr.f.results(pr.op, a.idx) {
			ts = append(ts, v.Type())
		}
		return ts
	case operandsDir:
		return pr.op.OperandTypes()
	case resultsDir:
		return pr.op.ResultTypes()
	}
	return nil
}

func (pr *printer) attr(a *Attr, qualified bool) {
	v := pr.op.Attr(a.Name)
	if v == nil {
		return
	}
	switch a.Kind {
	case EnumAttr:
		if kw, ok := a.Enum.Keyword(v); ok {
			if isKeyword(kw) {
				pr.p.WriteString(kw)
			} else {
				pr.p.PrintString(kw)
			}
			return
		}
		pr.p.PrintAttribute(v)
	case TypedAttr:
		pr.p.PrintAttributeWithoutType(v)
	case ArrayAttr:
		if da, ok := v.(*ir.DenseArrayAttr); ok {
			parts := make([]string, len(da.Ints))
			for i, x := range da.Ints {
				parts[i] = strconv.FormatInt(x, 10)
			}
			pr.p.WriteString("[" + strings.Join(parts, ", ") + "]")
			return
		}
		pr.p.PrintAttribute(v)
	case SymbolAttr:
		if s, ok := v.(*ir.StringAttr); ok {
			pr.p.PrintSymbolName(s.Value)
			return
		}
		pr.p.PrintAttribute(v)
	case UnitAttr:
	default:
		pr.p.PrintAttribute(v)
	}
}

func isKeyword(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || c == '_' || (i > 0 && (c >= '0' && c <= '9' || c == '$' || c == '.'))) {
			return false
		}
	}
	return true
}

// present reports whether an optional group's anchor is present.
func (pr *printer) present(e element) bool {
	switch e := e.(type) {
	case operandVar:
		return len(pr.f.operands(pr.op, e.idx)) > 0
	case resultVar:
		return len(pr.f.results(pr.op, e.idx)) > 0
	case attrVar:
		return pr.op.Attr(e.a.Name) != nil
	case qualifiedAttr:
		return pr.op.Attr(e.a.Name) != nil
	case regionVar:
		for _, r := range pr.f.regions(pr.op, e.idx) {
			if !r.Empty() {
				return true
			}
		}
		return false
	case typeDir:
		return pr.present(e.arg)
	case functionalType:
		return pr.present(e.in)
	case operandsDir:
		return pr.op.NumOperands() > 0
	case resultsDir:
		return pr.op.NumResults() > 0
	case custom:
		for _, a := range e.args {
			if pr.op.Attr(a) != nil {
				return true
			}
		}
	}
	return false
}

// anyPresent reports whether an oilist clause has something to print.
func (pr *printer) anyPresent(els []element) bool {
	for _, e := range els {
		switch e.(type) {
		case attrVar, qualifiedAttr, operandVar, resultVar, regionVar:
			if pr.present(e) {
				return true
			}
		}
	}
	return false
}
