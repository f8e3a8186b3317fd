package asm

import (
	"github.com/ttcompiler/tt/ir"
)

// ParseAttribute parses text holding one attribute, such as
// `#ttg.blocked<{...}>` (MLIR's mlir::parseAttribute). Errors are located
// in a source named name.
func ParseAttribute(ctx *ir.Context, name, text string) (ir.Attribute, error) {
	p := newParser(ctx, text, ParseConfig{Filename: name})
	a, err := p.parseAttribute(nil)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokEOF {
		return nil, p.errf("unexpected text after the attribute")
	}
	return a, nil
}

// ParseType parses text holding one type, such as `tensor<16x16xf16>`.
func ParseType(ctx *ir.Context, name, text string) (ir.Type, error) {
	p := newParser(ctx, text, ParseConfig{Filename: name})
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokEOF {
		return nil, p.errf("unexpected text after the type")
	}
	return t, nil
}

// AliasDef is an attribute alias definition `#name = value` of a file.
type AliasDef struct {
	Name  string
	Value ir.Attribute
}

// AttributeAliases parses src (aliases and operations, as any MLIR file)
// and returns its attribute alias definitions in the order they appear
// (MLIR's AsmParserState::getAttributeAliasDefs).
func AttributeAliases(ctx *ir.Context, src string, cfg ParseConfig) ([]AliasDef, error) {
	p := newParser(ctx, src, cfg)
	if _, err := p.parseFile(); err != nil {
		return nil, err
	}
	out := make([]AliasDef, len(p.attrAliasOrder))
	for i, n := range p.attrAliasOrder {
		out[i] = AliasDef{Name: n, Value: p.attrAliases[n]}
	}
	return out, nil
}
