package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// llvmTypeKeywords are the mnemonics that may appear without `!llvm.`
// inside another LLVM type's parameters.
var llvmTypeKeywords = []string{"ptr", "void", "token", "array", "struct", "func"}

// parseType parses the body of `!llvm.<mnemonic>`.
func parseType(p ir.DialectParser, mnemonic string) (ir.Type, error) {
	ctx := p.Context()
	switch mnemonic {
	case "ptr":
		as := int64(0)
		if p.ParseOptionalLess() {
			loc := p.Loc()
			v, err := p.ParseInteger()
			if err != nil {
				return nil, err
			}
			if v < 0 || v > 1<<24-1 {
				return nil, p.ErrorfAt(loc, "invalid address space %d", v)
			}
			as = v
			if err := p.ParseGreater(); err != nil {
				return nil, err
			}
		}
		return Ptr(ctx, int(as)), nil
	case "void":
		return Void(ctx), nil
	case "token":
		return Token(ctx), nil
	case "array":
		return parseArray(p)
	case "struct":
		return parseStruct(p)
	case "func":
		return parseFuncType(p)
	}
	return nil, p.Errorf("unknown LLVM type: %s", mnemonic)
}

// parseNested parses a type nested in an LLVM type: an LLVM type with or
// without its `!llvm.` prefix, or any other type.
func parseNested(p ir.DialectParser) (ir.Type, error) {
	if kw, ok := p.ParseOptionalKeyword(llvmTypeKeywords...); ok {
		return parseType(p, kw)
	}
	return p.ParseType()
}

func parseArray(p ir.DialectParser) (ir.Type, error) {
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	// `4 x i32` lexes as the integer 4 and the keyword `x` (or `xi32`,
	// which the dimension-list parser handles).
	dims, err := p.ParseDimensionList(false, true)
	if err != nil {
		return nil, err
	}
	if len(dims) != 1 {
		return nil, p.Errorf("expected ? x <type> array of LLVM types")
	}
	loc := p.Loc()
	elem, err := parseNested(p)
	if err != nil {
		return nil, err
	}
	if !IsValidElementType(elem) {
		return nil, p.ErrorfAt(loc, "invalid array element type: %s", asm.TypeString(elem))
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	return Array(p.Context(), elem, dims[0]), nil
}

func parseStruct(p ir.DialectParser) (ir.Type, error) {
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	name, named := p.ParseOptionalString()
	if named {
		if err := p.ParseComma(); err != nil {
			return nil, err
		}
		if _, ok := p.ParseOptionalKeyword("opaque"); ok {
			if err := p.ParseGreater(); err != nil {
				return nil, err
			}
			return IdentifiedStruct(p.Context(), name, nil, false, true), nil
		}
	}
	_, packed := p.ParseOptionalKeyword("packed")
	var body []ir.Type
	if err := p.ParseCommaSeparatedList(ir.DelimParen, func() error {
		loc := p.Loc()
		t, err := parseNested(p)
		if err != nil {
			return err
		}
		if !IsValidElementType(t) {
			return p.ErrorfAt(loc, "invalid LLVM structure element type: %s", asm.TypeString(t))
		}
		body = append(body, t)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	if named {
		return IdentifiedStruct(p.Context(), name, body, packed, false), nil
	}
	return Struct(p.Context(), body, packed), nil
}

func parseFuncType(p ir.DialectParser) (ir.Type, error) {
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	loc := p.Loc()
	res, err := parseNested(p)
	if err != nil {
		return nil, err
	}
	if !IsValidResultType(res) {
		return nil, p.ErrorfAt(loc, "invalid function result type: %s", asm.TypeString(res))
	}
	var params []ir.Type
	vararg := false
	if err := p.ParseCommaSeparatedList(ir.DelimParen, func() error {
		if vararg {
			return p.Errorf("variadic argument list must be last")
		}
		if p.ParseOptionalEllipsis() {
			vararg = true
			return nil
		}
		loc := p.Loc()
		t, err := parseNested(p)
		if err != nil {
			return err
		}
		if !IsValidArgumentType(t) {
			return p.ErrorfAt(loc, "invalid function argument type: %s", asm.TypeString(t))
		}
		params = append(params, t)
		return nil
	}); err != nil {
		return nil, err
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	return Func(p.Context(), res, params, vararg), nil
}

// ParsePtrType parses a pointer type in full (`!llvm.ptr<1>`) or stripped
// (`<1>`, or nothing at all for address space 0) form, the way
// unqualified type directives of custom op formats print it.
func ParsePtrType(p ir.DialectParser) (ir.Type, error) {
	return p.ParseCustomType(func(p ir.DialectParser) (ir.Type, error) {
		return parseType(p, "ptr")
	})
}
