package ttg

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Most layout attributes are written `#ttg.name<{key = value, ...}>`: the
// body is an ordinary MLIR dictionary that Triton then picks apart. These
// helpers reproduce Triton's readers (Dialect.cpp parseIntAttrValue, ...)
// and their error messages.

// attrReader reads the values of a parsed layout dictionary. Errors are
// reported at the attribute's name, as Triton's parser.getNameLoc() does.
type attrReader struct {
	p   ir.DialectParser
	loc ir.Location
}

// newAttrReader returns a reader whose errors point at mnemonic, which the
// parser has just consumed (the current token is what follows it).
func newAttrReader(p ir.DialectParser, mnemonic string) *attrReader {
	return &attrReader{p: p, loc: nameLoc(p, mnemonic)}
}

// nameLoc returns the location of the mnemonic that precedes the current
// token (the `blocked` of `#ttg.blocked<`).
func nameLoc(p ir.DialectParser, mnemonic string) ir.Location {
	l := p.Loc()
	if fl, ok := l.(*ir.FileLineColLoc); ok && fl.Col > len(mnemonic) {
		return ir.FileLineCol(p.Context(), fl.File, fl.Line, fl.Col-len(mnemonic))
	}
	return l
}

func (r *attrReader) errorf(format string, args ...any) error {
	return r.p.ErrorfAt(r.loc, format, args...)
}

// dict parses `<{...}>` and returns the dictionary.
func (r *attrReader) dict() (*ir.DictionaryAttr, error) {
	if err := r.p.ParseLess(); err != nil {
		return nil, err
	}
	d, err := r.dictOnly()
	if err != nil {
		return nil, err
	}
	if err := r.p.ParseGreater(); err != nil {
		return nil, err
	}
	return d, nil
}

// dictOnly parses a dictionary attribute `{...}`.
func (r *attrReader) dictOnly() (*ir.DictionaryAttr, error) {
	a, err := r.p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	d, ok := a.(*ir.DictionaryAttr)
	if !ok {
		return nil, r.p.Errorf("invalid kind of attribute specified")
	}
	return d, nil
}

// uint reads an unsigned integer (parseIntAttrValue).
func (r *attrReader) uint(a ir.Attribute, desc string) (int, error) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok {
		return 0, r.errorf("expected an integer type in %s", desc)
	}
	it, _ := ia.Typ.(*ir.IntegerType)
	if it == nil || it.Signedness != ir.Unsigned {
		if v := ia.Int(); v < 0 {
			return 0, r.errorf("expected an unsigned integer value in %s", desc)
		}
	}
	return int(uint32(ia.Uint())), nil
}

// bool reads a boolean (parseBoolAttrValue).
func (r *attrReader) bool(a ir.Attribute, desc string) (bool, error) {
	ia, ok := a.(*ir.IntegerAttr)
	if !ok || !ir.IsInteger(ia.Typ, 1) {
		return false, r.errorf("expected a bool type in %s", desc)
	}
	return ia.Bool(), nil
}

// ints reads an array of unsigned integers (parseIntArrayAttr).
func (r *attrReader) ints(a ir.Attribute, desc string) ([]int, error) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, r.errorf("expected an array for %s", desc)
	}
	out := make([]int, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		v, err := r.uint(e, desc)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// unexpectedKey is Triton's error for a key a layout does not know.
func (r *attrReader) unexpectedKey(name string) error {
	return r.errorf("unexpected key: %s", name)
}

// writeInts prints `1, 2, 3` (no brackets), as ArrayRef streaming does.
func writeInts(p ir.AsmPrinter, v []int) {
	var b strings.Builder
	for i, x := range v {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(x))
	}
	p.WriteString(b.String())
}

// writeBases prints `[[0, 1], [2, 0]]`.
func writeBases(p ir.AsmPrinter, bases [][]int32) {
	var b strings.Builder
	b.WriteByte('[')
	for i, v := range bases {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('[')
		for j, x := range v {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(int(x)))
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	p.WriteString(b.String())
}

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
