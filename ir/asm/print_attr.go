package asm

import (
	"math"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// ---- types ----

func (p *printer) PrintType(t ir.Type) {
	if t == nil {
		p.WriteString("<<NULL TYPE>>")
		return
	}
	if p.collect {
		p.visit(t, false)
		return
	}
	if name, ok := p.aliasName(t); ok {
		p.sb.WriteString(name)
		return
	}
	p.printTypeImpl(t)
}

func (p *printer) PrintStrippedType(t ir.Type) {
	dt, ok := t.(ir.DialectType)
	if !ok {
		p.PrintType(t)
		return
	}
	if p.collect {
		p.visit(t, false)
		return
	}
	if name, ok := p.aliasName(t); ok {
		p.sb.WriteString(name)
		return
	}
	dt.PrintParams(p)
}

func (p *printer) PrintStrippedAttribute(a ir.Attribute) {
	da, ok := a.(ir.DialectAttribute)
	if !ok {
		p.PrintAttribute(a)
		return
	}
	if p.collect {
		p.visit(a, false)
		return
	}
	if name, ok := p.aliasName(a); ok {
		p.sb.WriteString(name)
		return
	}
	da.PrintParams(p)
}

func (p *printer) printTypeImpl(t ir.Type) {
	switch t := t.(type) {
	case *ir.IntegerType:
		switch t.Signedness {
		case ir.Signed:
			p.sb.WriteString("si")
		case ir.Unsigned:
			p.sb.WriteString("ui")
		default:
			p.sb.WriteString("i")
		}
		p.sb.WriteString(strconv.Itoa(t.Width))
	case *ir.FloatType:
		p.sb.WriteString(t.Kind.String())
	case *ir.IndexType:
		p.sb.WriteString("index")
	case *ir.NoneType:
		p.sb.WriteString("none")
	case *ir.RankedTensorType:
		p.sb.WriteString("tensor<")
		p.printDims(t.Dims, nil)
		p.PrintType(t.Elem)
		if t.Encoding != nil {
			p.sb.WriteString(", ")
			p.PrintAttribute(t.Encoding)
		}
		p.sb.WriteByte('>')
	case *ir.UnrankedTensorType:
		p.sb.WriteString("tensor<*x")
		p.PrintType(t.Elem)
		p.sb.WriteByte('>')
	case *ir.VectorType:
		p.sb.WriteString("vector<")
		p.printDims(t.Dims, t.Scalable)
		p.PrintType(t.Elem)
		p.sb.WriteByte('>')
	case *ir.FunctionType:
		p.sb.WriteByte('(')
		p.PrintTypes(t.Inputs)
		p.sb.WriteString(") -> ")
		wrap := len(t.Results) != 1
		if !wrap {
			_, wrap = t.Results[0].(*ir.FunctionType)
		}
		if wrap {
			p.sb.WriteByte('(')
		}
		p.PrintTypes(t.Results)
		if wrap {
			p.sb.WriteByte(')')
		}
	case *ir.TupleType:
		p.sb.WriteString("tuple<")
		p.PrintTypes(t.Types)
		p.sb.WriteByte('>')
	case *ir.ComplexType:
		p.sb.WriteString("complex<")
		p.PrintType(t.Elem)
		p.sb.WriteByte('>')
	case *ir.OpaqueType:
		p.sb.WriteString("!" + t.Dialect)
		if !strings.HasPrefix(t.Body, "<") {
			p.sb.WriteByte('.')
		}
		p.sb.WriteString(t.Body)
	case ir.DialectType:
		p.sb.WriteString("!" + t.Namespace())
		if m := t.Mnemonic(); m != "" {
			p.sb.WriteString("." + m)
		}
		t.PrintParams(p)
	default:
		p.sb.WriteString("<<UNKNOWN TYPE>>")
	}
}

func (p *printer) printDims(dims []int64, scalable []bool) {
	for i, d := range dims {
		sc := i < len(scalable) && scalable[i]
		if sc {
			p.sb.WriteByte('[')
		}
		if d == ir.Dynamic {
			p.sb.WriteByte('?')
		} else {
			p.sb.WriteString(strconv.FormatInt(d, 10))
		}
		if sc {
			p.sb.WriteByte(']')
		}
		p.sb.WriteByte('x')
	}
}

// ---- attributes ----

// typeElision says whether an attribute's `: type` suffix is printed:
// always (attribute dictionaries), elided when it is the default i64/f64
// (array elements), or never (PrintAttributeWithoutType).
type typeElision int

const (
	elideNever typeElision = iota
	elideMay
	elideMust
)

func (p *printer) PrintAttribute(a ir.Attribute) { p.printAttribute(a, elideNever) }

func (p *printer) PrintAttributeWithoutType(a ir.Attribute) { p.printAttribute(a, elideMust) }

func (p *printer) printAttribute(a ir.Attribute, elision typeElision) {
	if p.collect {
		p.visit(a, elision == elideMust)
		return
	}
	if name, ok := p.aliasName(a); ok {
		p.sb.WriteString(name)
		return
	}
	p.printAttrImpl(a, elision)
}

func (p *printer) printAttrImpl(a ir.Attribute, elision typeElision) {
	switch a := a.(type) {
	case *ir.UnitAttr:
		p.sb.WriteString("unit")
		return
	case *ir.DictionaryAttr:
		p.sb.WriteByte('{')
		for i, e := range a.Entries {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.printNamedAttr(e)
		}
		p.sb.WriteByte('}')
		return
	case *ir.IntegerAttr:
		if ir.IsInteger(a.Typ, 1) {
			if it := a.Typ.(*ir.IntegerType); it.Signedness == ir.Signless {
				if a.Bits != 0 {
					p.sb.WriteString("true")
				} else {
					p.sb.WriteString("false")
				}
				return
			}
		}
		p.sb.WriteString(intString(a.Bits, a.Typ))
		if it, ok := a.Typ.(*ir.IntegerType); ok && it.Width == 64 && it.Signedness == ir.Signless && elision == elideMay {
			return
		}
	case *ir.FloatAttr:
		p.printFloatValue(a.Value, a.Typ)
		if ft, ok := a.Typ.(*ir.FloatType); ok && ft.Kind == ir.F64 && elision == elideMay {
			return
		}
	case *ir.StringAttr:
		p.PrintString(a.Value)
	case *ir.ArrayAttr:
		p.sb.WriteByte('[')
		for i, e := range a.Elems {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.printAttribute(e, elideMay)
		}
		p.sb.WriteByte(']')
		return
	case *ir.TypeAttr:
		p.PrintType(a.Value)
		return
	case *ir.SymbolRefAttr:
		p.PrintSymbolName(a.Root)
		for _, n := range a.Nested {
			p.sb.WriteString("::")
			p.PrintSymbolName(n)
		}
		return
	case *ir.DenseArrayAttr:
		p.sb.WriteString("array<")
		p.PrintType(a.Elem)
		if a.Len() > 0 {
			p.sb.WriteString(": ")
			for i := 0; i < a.Len(); i++ {
				if i > 0 {
					p.sb.WriteString(", ")
				}
				if a.Floats != nil {
					p.printFloatValue(a.Floats[i], a.Elem)
				} else if ir.IsInteger(a.Elem, 1) {
					p.sb.WriteString(strconv.FormatBool(a.Ints[i] != 0))
				} else {
					p.sb.WriteString(intString(uint64(a.Ints[i]), a.Elem))
				}
			}
		}
		p.sb.WriteByte('>')
		return
	case *ir.DenseElementsAttr:
		p.printDense(a)
	case ir.Location:
		p.sb.WriteString("loc(")
		p.printLocationInternal(a, true)
		p.sb.WriteByte(')')
		return
	case *ir.OpaqueAttr:
		p.sb.WriteString("#" + a.Dialect)
		if !strings.HasPrefix(a.Body, "<") {
			p.sb.WriteByte('.')
		}
		p.sb.WriteString(a.Body)
		if a.Typ != nil && elision != elideMust {
			p.sb.WriteString(" : ")
			p.PrintType(a.Typ)
		}
		return
	case ir.DialectAttribute:
		// An empty mnemonic is MLIR's dialect-level form `#dialect<...>`.
		p.sb.WriteString("#" + a.Namespace())
		if m := a.Mnemonic(); m != "" {
			p.sb.WriteString("." + m)
		}
		a.PrintParams(p)
		return
	default:
		p.sb.WriteString("<<UNKNOWN ATTRIBUTE>>")
		return
	}
	if elision == elideMust {
		return
	}
	if ta, ok := a.(ir.TypedAttribute); ok {
		if t := ta.Type(); t != nil {
			if _, none := t.(*ir.NoneType); !none {
				p.sb.WriteString(" : ")
				p.PrintType(t)
			}
		}
	}
}

// intString prints integer bits of type t as MLIR does: unsigned types
// unsigned, everything else signed.
func intString(bits uint64, t ir.Type) string {
	if it, ok := t.(*ir.IntegerType); ok && it.Signedness == ir.Unsigned {
		return strconv.FormatUint(bits, 10)
	}
	return strconv.FormatInt(ir.SignExtend(bits, ir.BitWidth(t)), 10)
}

func (p *printer) printDense(a *ir.DenseElementsAttr) {
	st := a.Typ
	n := ir.NumElements(st.Shape())
	if lim := p.cfg.ElideElementsAttrsIfLarger; lim > 0 && int64(lim) < n && !a.IsSplat() {
		p.sb.WriteString("dense_resource<__elided__>")
		return
	}
	p.sb.WriteString("dense<")
	elem := st.ElementType()
	hexIfLarger := int64(p.cfg.HexIfLarger)
	if hexIfLarger == 0 {
		hexIfLarger = 100
	}
	if !a.IsSplat() && hexIfLarger > 0 && n > hexIfLarger {
		p.printDenseHex(a, n)
		p.sb.WriteByte('>')
		return
	}
	printElt := func(i int) {
		switch {
		case a.Floats != nil:
			p.printFloatValue(a.FloatAt(i), elem)
		case ir.IsInteger(elem, 1):
			p.sb.WriteString(strconv.FormatBool(a.Ints[i%len(a.Ints)] != 0))
		default:
			p.sb.WriteString(intString(a.Ints[i%len(a.Ints)], elem))
		}
	}
	if a.IsSplat() {
		printElt(0)
		p.sb.WriteByte('>')
		return
	}
	shape := st.Shape()
	rank := len(shape)
	if n == 0 {
		p.sb.WriteByte('>')
		return
	}
	if rank == 0 {
		printElt(0)
		p.sb.WriteByte('>')
		return
	}
	counter := make([]int64, rank)
	open := 0
	for idx := int64(0); idx < n; idx++ {
		if idx != 0 {
			p.sb.WriteString(", ")
		}
		for ; open < rank; open++ {
			p.sb.WriteByte('[')
		}
		printElt(int(idx))
		counter[rank-1]++
		for i := rank - 1; i > 0; i-- {
			if counter[i] >= shape[i] {
				counter[i] = 0
				counter[i-1]++
				open--
				p.sb.WriteByte(']')
			}
		}
	}
	for ; open > 0; open-- {
		p.sb.WriteByte(']')
	}
	p.sb.WriteByte('>')
}

// printDenseHex prints the raw little-endian data as `"0x..."`.
func (p *printer) printDenseHex(a *ir.DenseElementsAttr, n int64) {
	elem := a.Typ.ElementType()
	w := ir.BitWidth(elem)
	bytesPer := (w + 7) / 8
	const hex = "0123456789ABCDEF"
	p.sb.WriteString("\"0x")
	for i := int64(0); i < n; i++ {
		var bits uint64
		if a.Floats != nil {
			ft := elem.(*ir.FloatType)
			bits, _ = encodeFloat(ft.Kind, a.FloatAt(int(i)))
		} else {
			bits = a.Ints[int(i)%len(a.Ints)]
		}
		for b := 0; b < bytesPer; b++ {
			x := byte(bits >> (8 * b))
			p.sb.WriteByte(hex[x>>4])
			p.sb.WriteByte(hex[x&15])
		}
	}
	p.sb.WriteByte('"')
}

func (p *printer) PrintFloat(v float64, t ir.Type) {
	if !p.collect {
		p.printFloatValue(v, t)
	}
}

// printFloatValue spells a float like MLIR: `%e` with 6 digits if that
// round-trips, else APFloat's shortest form, else the hex bit pattern.
func (p *printer) printFloatValue(v float64, t ir.Type) {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		p.sb.WriteString(strconv.FormatFloat(v, 'e', -1, 64))
		return
	}
	if !math.IsInf(v, 0) && !math.IsNaN(v) {
		s := formatAPFloat(v, ft.Precision(), 6, 0, false)
		if back, err := strconv.ParseFloat(s, 64); err == nil {
			if r, ok := roundFloat(ft.Kind, back); ok && math.Float64bits(r) == math.Float64bits(v) {
				p.sb.WriteString(s)
				return
			}
		}
		s = formatAPFloat(v, ft.Precision(), 0, 3, true)
		if strings.Contains(s, ".") {
			p.sb.WriteString(s)
			return
		}
	}
	bits, _ := encodeFloat(ft.Kind, v)
	p.sb.WriteString("0x" + strings.ToUpper(strconv.FormatUint(bits, 16)))
}

func (p *printer) PrintString(s string) {
	p.WriteString("\"" + escapeString(s) + "\"")
}

func (p *printer) PrintKeywordOrString(s string) {
	if isBareIdentifier(s) {
		p.WriteString(s)
	} else {
		p.PrintString(s)
	}
}

// escapeString escapes s as llvm::printEscapedString does.
func escapeString(s string) string {
	need := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' || c == '"' || c < 0x20 || c >= 0x7f {
			need = true
			break
		}
	}
	if !need {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString("\\\\")
		case c >= 0x20 && c < 0x7f && c != '"':
			b.WriteByte(c)
		default:
			b.WriteByte('\\')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// isBareIdentifier reports whether s can be printed without quotes.
func isBareIdentifier(s string) bool {
	if s == "" || !(isLetter(s[0]) || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isBareIdentChar(s[i]) {
			return false
		}
	}
	return true
}

// printLocationInternal prints a location's body; nested locations use
// their aliases when they have one.
func (p *printer) printLocationInternal(l ir.Location, topLevel bool) {
	p.printLocationBody(l, topLevel, false)
}

// printLocationBody prints a location's body, in MLIR's parseable form or,
// when pretty, its readable one (--mlir-pretty-debuginfo): file names
// unquoted, `[unknown]`, call sites as `callee at caller` (on a new line
// unless a named callee is called from a file position), no aliases.
func (p *printer) printLocationBody(l ir.Location, topLevel, pretty bool) {
	if name, ok := p.aliasName(l); !topLevel && !pretty && ok {
		p.sb.WriteString(name)
		return
	}
	switch l := l.(type) {
	case *ir.UnknownLoc:
		if pretty {
			p.sb.WriteString("[unknown]")
		} else {
			p.sb.WriteString("unknown")
		}
	case *ir.FileLineColLoc:
		if pretty {
			p.sb.WriteString(l.File)
		} else {
			p.PrintString(l.File)
		}
		p.sb.WriteString(":" + strconv.Itoa(l.Line))
		if l.EndLine == 0 || l.EndLine == l.Line && l.EndCol == l.Col {
			p.sb.WriteString(":" + strconv.Itoa(l.Col))
			return
		}
		if l.EndLine == l.Line {
			p.sb.WriteString(":" + strconv.Itoa(l.Col) + " to :" + strconv.Itoa(l.EndCol))
			return
		}
		p.sb.WriteString(":" + strconv.Itoa(l.Col) + " to " + strconv.Itoa(l.EndLine) + ":" + strconv.Itoa(l.EndCol))
	case *ir.NameLoc:
		p.PrintString(l.Name)
		if _, unk := l.Child.(*ir.UnknownLoc); !unk {
			p.sb.WriteByte('(')
			p.printLocationBody(l.Child, false, pretty)
			p.sb.WriteByte(')')
		}
	case *ir.CallSiteLoc:
		if !pretty {
			p.sb.WriteString("callsite(")
		}
		p.printLocationBody(l.Callee, false, pretty)
		_, named := l.Callee.(*ir.NameLoc)
		_, fromFile := l.Caller.(*ir.FileLineColLoc)
		if pretty && !(named && fromFile) {
			p.sb.WriteByte('\n')
		}
		p.sb.WriteString(" at ")
		p.printLocationBody(l.Caller, false, pretty)
		if !pretty {
			p.sb.WriteByte(')')
		}
	case *ir.FusedLoc:
		if !pretty {
			p.sb.WriteString("fused")
		}
		if l.Metadata != nil {
			p.sb.WriteByte('<')
			p.PrintAttribute(l.Metadata)
			p.sb.WriteByte('>')
		}
		p.sb.WriteByte('[')
		for i, x := range l.Locs {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.printLocationBody(x, false, pretty)
		}
		p.sb.WriteByte(']')
	default:
		if pretty {
			p.sb.WriteString("[unknown]")
		} else {
			p.sb.WriteString("unknown")
		}
	}
}
