package asm

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// parseType parses any type.
func (p *parser) parseType() (ir.Type, error) {
	t, ok, err := p.parseOptionalType()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, p.errf("expected non-function type")
	}
	return t, nil
}

// parseOptionalType parses a type if the current token can start one.
func (p *parser) parseOptionalType() (ir.Type, bool, error) {
	switch p.tok.kind {
	case tokLParen, tokBangID, tokBareIdent:
		if err := p.enter(); err != nil {
			return nil, true, err
		}
		defer p.leave()
	}
	switch p.tok.kind {
	case tokLParen:
		t, err := p.parseFunctionType()
		return t, true, err
	case tokBangID:
		t, err := p.parseDialectType()
		return t, true, err
	case tokBareIdent:
		t, ok, err := p.parseBuiltinType()
		return t, ok, err
	}
	return nil, false, nil
}

// parseFunctionType parses `(T, U) -> R` or `(T) -> (R, S)`.
func (p *parser) parseFunctionType() (ir.Type, error) {
	var ins []ir.Type
	if err := p.parseCommaList(ir.DelimParen, "function type", func() error {
		t, err := p.parseType()
		ins = append(ins, t)
		return err
	}); err != nil {
		return nil, err
	}
	if err := p.expect(tokArrow, "'->' in function type"); err != nil {
		return nil, err
	}
	outs, err := p.parseFunctionResultTypes()
	if err != nil {
		return nil, err
	}
	return ir.Function(p.ctx, ins, outs), nil
}

// parseFunctionResultTypes parses `T` or `(T, U)` or `()`.
func (p *parser) parseFunctionResultTypes() ([]ir.Type, error) {
	if p.tok.kind == tokLParen {
		// Could be a parenthesized list or a function type as sole result.
		save := p.tok.pos
		var outs []ir.Type
		err := p.parseCommaList(ir.DelimParen, "function result types", func() error {
			t, err := p.parseType()
			outs = append(outs, t)
			return err
		})
		if err != nil {
			return nil, err
		}
		if p.tok.kind == tokArrow {
			// `(A) -> B` was itself a function type result.
			p.resetTo(save)
			t, err := p.parseFunctionType()
			if err != nil {
				return nil, err
			}
			return []ir.Type{t}, nil
		}
		return outs, nil
	}
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	return []ir.Type{t}, nil
}

func (p *parser) parseBuiltinType() (ir.Type, bool, error) {
	text := p.tok.text
	if t := p.parseIntegerTypeName(text); t != nil {
		p.advance()
		return t, true, nil
	}
	if k, ok := ir.FloatKindByName(text); ok {
		p.advance()
		return ir.Float(p.ctx, k), true, nil
	}
	switch text {
	case "index":
		p.advance()
		return ir.Index(p.ctx), true, nil
	case "none":
		p.advance()
		return ir.None(p.ctx), true, nil
	case "tensor":
		p.advance()
		t, err := p.parseTensorType()
		return t, true, err
	case "vector":
		p.advance()
		t, err := p.parseVectorType()
		return t, true, err
	case "tuple":
		p.advance()
		var elems []ir.Type
		err := p.parseCommaList(ir.DelimLess, "tuple type", func() error {
			t, err := p.parseType()
			elems = append(elems, t)
			return err
		})
		if err != nil {
			return nil, true, err
		}
		return ir.Tuple(p.ctx, elems), true, nil
	case "complex":
		p.advance()
		if err := p.expect(tokLess, "'<' in complex type"); err != nil {
			return nil, true, err
		}
		e, err := p.parseType()
		if err != nil {
			return nil, true, err
		}
		if err := p.expect(tokGreater, "'>' in complex type"); err != nil {
			return nil, true, err
		}
		return ir.Complex(p.ctx, e), true, nil
	case "memref":
		return nil, true, p.errf("memref types are not supported by tt")
	}
	return nil, false, nil
}

// parseIntegerTypeName recognizes iN, siN and uiN.
func (p *parser) parseIntegerTypeName(text string) ir.Type {
	s := ir.Signless
	digits := ""
	switch {
	case strings.HasPrefix(text, "si"):
		s, digits = ir.Signed, text[2:]
	case strings.HasPrefix(text, "ui"):
		s, digits = ir.Unsigned, text[2:]
	case strings.HasPrefix(text, "i"):
		digits = text[1:]
	default:
		return nil
	}
	if digits == "" || digits[0] == '0' && len(digits) > 1 {
		return nil
	}
	for i := 0; i < len(digits); i++ {
		if !isDigit(digits[i]) {
			return nil
		}
	}
	w, err := strconv.Atoi(digits)
	if err != nil || w > 1<<24 {
		return nil
	}
	return ir.IntegerTypeSigned(p.ctx, w, s)
}

// parseXInDimensionList consumes the 'x' that separates dimensions. The
// lexer glued it to what follows (`x8xf32`), so split the token.
func (p *parser) parseXInDimensionList() error {
	if p.tok.kind != tokBareIdent || p.tok.text[0] != 'x' {
		return p.errf("expected 'x' in dimension list")
	}
	p.resetTo(p.tok.pos + 1)
	return nil
}

// parseDimensionList parses `4x?x8x` (trailingX) or `4x8`.
func (p *parser) parseDimensionList(allowDynamic, trailingX bool) ([]int64, error) {
	var dims []int64
	for p.tok.kind == tokInteger || p.tok.kind == tokQuestion {
		if p.tok.kind == tokQuestion {
			if !allowDynamic {
				return nil, p.errf("expected static shape")
			}
			dims = append(dims, ir.Dynamic)
			p.advance()
		} else {
			text := p.tok.text
			if strings.HasPrefix(text, "0x") {
				// `0x4xf32` lexed as a hex integer: it is dim 0 then 'x'.
				dims = append(dims, 0)
				p.resetTo(p.tok.pos + 1)
			} else {
				d, err := strconv.ParseInt(text, 10, 64)
				if err != nil {
					return nil, p.errf("invalid dimension")
				}
				dims = append(dims, d)
				p.advance()
			}
		}
		if !trailingX {
			// Continue only on `x` followed by another dimension.
			next := p.tok.pos + 1
			if p.tok.kind != tokBareIdent || p.tok.text[0] != 'x' || next >= len(p.src) || !(isDigit(p.src[next]) || p.src[next] == '?') {
				return dims, nil
			}
		}
		if err := p.parseXInDimensionList(); err != nil {
			return nil, err
		}
	}
	return dims, nil
}

func (p *parser) parseTensorType() (ir.Type, error) {
	if err := p.expect(tokLess, "'<' in tensor type"); err != nil {
		return nil, err
	}
	if p.consumeIf(tokStar) {
		if err := p.parseXInDimensionList(); err != nil {
			return nil, err
		}
		e, err := p.parseType()
		if err != nil {
			return nil, err
		}
		if err := p.expect(tokGreater, "'>' in tensor type"); err != nil {
			return nil, err
		}
		return ir.UnrankedTensor(p.ctx, e), nil
	}
	dims, err := p.parseDimensionList(true, true)
	if err != nil {
		return nil, err
	}
	elemPos := p.tok.pos
	e, err := p.parseType()
	if err != nil {
		return nil, err
	}
	if !validTensorElement(e) {
		return nil, p.errAt(elemPos, "invalid tensor element type")
	}
	var enc ir.Attribute
	if p.consumeIf(tokComma) {
		enc, err = p.parseAttribute(nil)
		if err != nil {
			return nil, err
		}
	}
	if err := p.expect(tokGreater, "'>' in tensor type"); err != nil {
		return nil, err
	}
	for _, d := range dims {
		if d < 0 && d != ir.Dynamic {
			return nil, p.errAt(elemPos, "invalid tensor dimension size")
		}
	}
	return ir.RankedTensor(p.ctx, dims, e, enc), nil
}

func validTensorElement(t ir.Type) bool {
	switch t.(type) {
	case *ir.FunctionType, *ir.NoneType, *ir.RankedTensorType, *ir.UnrankedTensorType, *ir.TupleType:
		return false
	}
	return true
}

func (p *parser) parseVectorType() (ir.Type, error) {
	if err := p.expect(tokLess, "'<' in vector type"); err != nil {
		return nil, err
	}
	var dims []int64
	var scalable []bool
	for p.tok.kind == tokInteger || p.tok.kind == tokLSquare {
		sc := p.consumeIf(tokLSquare)
		if p.tok.kind != tokInteger {
			return nil, p.errf("expected dimension size in vector type")
		}
		d, err := strconv.ParseInt(p.tok.text, 10, 64)
		if err != nil || d <= 0 {
			return nil, p.errf("vector types must have positive constant sizes")
		}
		p.advance()
		if sc {
			if err := p.expect(tokRSquare, "']' in scalable dimension"); err != nil {
				return nil, err
			}
		}
		dims = append(dims, d)
		scalable = append(scalable, sc)
		if err := p.parseXInDimensionList(); err != nil {
			return nil, err
		}
	}
	e, err := p.parseType()
	if err != nil {
		return nil, err
	}
	if err := p.expect(tokGreater, "'>' in vector type"); err != nil {
		return nil, err
	}
	return ir.VectorScalable(p.ctx, dims, e, scalable), nil
}

// parseDialectType parses `!alias`, `!dialect.mnemonic<...>` or
// `!dialect<"body">`.
func (p *parser) parseDialectType() (ir.Type, error) {
	name := p.tok.text[1:]
	pos := p.tok.pos
	if t, ok := p.typeAliases[name]; ok {
		p.advance()
		return t, nil
	}
	ns, mnemonic, dotted := strings.Cut(name, ".")
	d := p.ctx.Dialect(ns)
	end := pos + len(p.tok.text)
	if !dotted && (d == nil || end >= len(p.src) || p.src[end] != '<') {
		return nil, p.errAt(pos, "undefined symbol alias id '%s'", name)
	}
	if d == nil {
		if !p.ctx.AllowUnregistered {
			return nil, p.errAt(pos, "dialect '%s' is not loaded: cannot parse type '!%s' (use --allow-unregistered-dialect to keep it as an opaque type)", ns, name)
		}
		body := mnemonic
		if end < len(p.src) && p.src[end] == '<' {
			n := scanPrettyBody(p.src, end)
			if n < 0 {
				return nil, p.errAt(end, "unbalanced '<' in dialect type body")
			}
			if dotted {
				body += p.src[end : end+n]
			} else {
				body = p.src[end : end+n]
			}
			p.resetTo(end + n)
		} else {
			p.advance()
		}
		return ir.Opaque(p.ctx, ns, body), nil
	}
	if d.ParseType == nil {
		return nil, p.errAt(pos, "dialect '%s' provides no type parsing hook", ns)
	}
	p.advance()
	t, err := d.ParseType(&dialectParser{p: p}, mnemonic)
	if err != nil {
		return nil, err
	}
	if t == nil {
		return nil, p.errAt(pos, "invalid type '!%s'", name)
	}
	return t, nil
}
