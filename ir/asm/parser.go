package asm

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// ParseConfig controls parsing.
type ParseConfig struct {
	// Filename names the source in locations and diagnostics.
	Filename string
	// LineOffset is added to every line number (used when a file is split
	// into chunks, so locations still refer to the whole file).
	LineOffset int
	// NoImplicitModule returns the parsed top-level op as is when there is
	// exactly one, even if it is not a builtin.module.
	NoImplicitModule bool
}

// Parse parses src and returns its top-level operation: the module written
// in the source, or an implicit `module` wrapping the parsed operations.
// It does not verify the result.
func Parse(ctx *ir.Context, src string, cfg ParseConfig) (*ir.Operation, error) {
	p := newParser(ctx, src, cfg)
	top, err := p.parseFile()
	if err != nil {
		return nil, err
	}
	return top, nil
}

// ParseString parses src named "<stdin>"-less source "string" (for tests).
func ParseString(ctx *ir.Context, src string) (*ir.Operation, error) {
	return Parse(ctx, src, ParseConfig{Filename: "<string>"})
}

type parser struct {
	ctx   *ir.Context
	src   string
	cfg   ParseConfig
	lex   lexer
	tok   token
	lines []int // byte offsets of line starts, built lazily

	attrAliases map[string]ir.Attribute
	typeAliases map[string]ir.Type
	// attrAliasOrder lists the attribute alias names as defined.
	attrAliasOrder []string
	deferred       []deferredUse

	// Operation parsing state.
	scopes         []*isolatedScope
	defaultDialect []string
	blockScopes    []*blockScope
	numResults     int // results of the op being parsed (custom parsers ask)
	placeholderDef *ir.OpDef
	depth          int // the nesting now being parsed (nesting.go)
}

type deferredUse struct {
	name string
	op   *ir.Operation
	arg  *ir.BlockArgument
	pos  int // where the reference was written (its location is only made for an error)
}

// deferredLoc stands in for a location alias defined later in the file.
type deferredLoc struct {
	ir.UnknownLoc
	name string
}

func (d *deferredLoc) UniqueKey() any { return d }

func newParser(ctx *ir.Context, src string, cfg ParseConfig) *parser {
	if cfg.Filename == "" {
		cfg.Filename = "<stdin>"
	}
	// Attribute aliases are defined one a line (`#loc12 = loc(...)`):
	// Triton's TTIR has one per source position, a hundred and more, and
	// the table sized for them is not rehashed as it grows.
	nAliases := strings.Count(src, "\n#")
	p := &parser{
		ctx:            ctx,
		src:            src,
		cfg:            cfg,
		lex:            lexer{src: src},
		attrAliases:    make(map[string]ir.Attribute, nAliases),
		typeAliases:    map[string]ir.Type{},
		defaultDialect: []string{"builtin"},
	}
	p.advance()
	return p
}

func (p *parser) advance() { p.tok = p.lex.next() }

// resetTo re-lexes from byte offset pos.
func (p *parser) resetTo(pos int) {
	p.lex.pos = pos
	p.advance()
}

// locAt converts a byte offset into a file location.
func (p *parser) locAt(pos int) *ir.FileLineColLoc {
	u := p.locAt0(pos)
	return ir.FileLineCol(p.ctx, u.file, u.line, u.col)
}

// filePos is a position in the parsed file.
type filePos struct {
	file      string
	line, col int
}

// locAt0 converts a byte offset into a file position.
func (p *parser) locAt0(pos int) filePos {
	if p.lines == nil {
		// The line starts, found by IndexByte (vectorized, where a loop
		// over every byte of the file cost as much as lexing it).
		p.lines = make([]int, 1, strings.Count(p.src, "\n")+1)
		for i := 0; ; {
			n := strings.IndexByte(p.src[i:], '\n')
			if n < 0 {
				break
			}
			i += n + 1
			p.lines = append(p.lines, i)
		}
	}
	line := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > pos }) - 1
	if line < 0 {
		line = 0
	}
	return filePos{p.cfg.Filename, line + 1 + p.cfg.LineOffset, pos - p.lines[line] + 1}
}

func (p *parser) curLoc() *ir.FileLineColLoc { return p.locAt(p.tok.pos) }

// operandLoc is the location of an operand reference at pos, which the
// parser only reads back (posOf: where to report an error) unless it
// becomes a block argument's (defineArgs uniques it then). It is made,
// not uniqued: uniquing every operand's position filled the context's
// location table with an entry for each use in the file, never looked up
// again, and grew it.
func (p *parser) operandLoc(pos int) *ir.FileLineColLoc {
	u := p.locAt0(pos)
	return &ir.FileLineColLoc{File: u.file, Line: u.line, Col: u.col}
}

func (p *parser) errAt(pos int, format string, args ...any) error {
	return ir.Errorf(p.locAt(pos), format, args...)
}

func (p *parser) errf(format string, args ...any) error {
	if p.tok.kind == tokError {
		return p.errAt(p.tok.pos, "%s", p.tok.err)
	}
	return p.errAt(p.tok.pos, format, args...)
}

// expect consumes a token of kind k or fails with "expected <what>".
func (p *parser) expect(k tokKind, what string) error {
	if p.tok.kind != k {
		return p.errf("expected %s", what)
	}
	p.advance()
	return nil
}

func (p *parser) consumeIf(k tokKind) bool {
	if p.tok.kind == k {
		p.advance()
		return true
	}
	return false
}

func (p *parser) isKeyword(kw string) bool { return p.tok.kind == tokBareIdent && p.tok.text == kw }

func (p *parser) consumeKeyword(kw string) bool {
	if p.isKeyword(kw) {
		p.advance()
		return true
	}
	return false
}

// parseCommaList parses `elem (, elem)*` inside the given delimiters.
func (p *parser) parseCommaList(d ir.Delimiter, what string, elem func() error) error {
	var open, close tokKind
	optional := false
	switch d {
	case ir.DelimNone:
	case ir.DelimParen, ir.DelimOptionalParen:
		open, close = tokLParen, tokRParen
	case ir.DelimSquare, ir.DelimOptionalSquare:
		open, close = tokLSquare, tokRSquare
	case ir.DelimLess, ir.DelimOptionalLess:
		open, close = tokLess, tokGreater
	case ir.DelimBrace, ir.DelimOptionalBrace:
		open, close = tokLBrace, tokRBrace
	}
	switch d {
	case ir.DelimOptionalParen, ir.DelimOptionalSquare, ir.DelimOptionalLess, ir.DelimOptionalBrace:
		optional = true
	}
	if d != ir.DelimNone {
		if p.tok.kind != open {
			if optional {
				return nil
			}
			return p.errf("expected %s in %s", open, what)
		}
		p.advance()
		if p.consumeIf(close) {
			return nil
		}
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		if !p.consumeIf(tokComma) {
			break
		}
	}
	if d != ir.DelimNone && !p.consumeIf(close) {
		return p.errf("expected %s in %s", close, what)
	}
	return nil
}

// parseFile parses alias definitions and top-level operations.
func (p *parser) parseFile() (*ir.Operation, error) {
	top := ir.NewBlock(p.ctx, nil, nil)
	region := ir.NewRegion()
	region.Append(top)
	p.pushIsolatedScope()
	p.pushBlockScope()
	for p.tok.kind != tokEOF {
		var err error
		switch {
		case p.tok.kind == tokHashID && p.peekIsEqual():
			err = p.parseAttrAliasDef()
		case p.tok.kind == tokBangID && p.peekIsEqual():
			err = p.parseTypeAliasDef()
		case p.tok.kind == tokFileMetaBegin:
			err = p.skipFileMetadata()
		case p.tok.kind == tokError:
			err = p.errf("")
		default:
			err = p.parseOperation(top)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := p.popBlockScope(); err != nil {
		return nil, err
	}
	if err := p.popIsolatedScope(); err != nil {
		return nil, err
	}
	if err := p.resolveDeferredLocs(top); err != nil {
		return nil, err
	}
	ops := top.Ops()
	if len(ops) == 1 && (ops[0].Name() == "builtin.module" || p.cfg.NoImplicitModule) {
		ops[0].Remove()
		return ops[0], nil
	}
	st := ir.NewState(p.ctx, "builtin.module", ir.FileLineCol(p.ctx, p.cfg.Filename, 0, 0))
	body := st.AddRegion()
	module := ir.Create(st)
	blk := ir.NewBlock(p.ctx, nil, nil)
	body.Append(blk)
	for _, op := range ops {
		op.Remove()
		blk.Append(op)
	}
	return module, nil
}

// peekIsEqual reports whether the token after the current one is '='.
func (p *parser) peekIsEqual() bool {
	save := p.lex.pos
	t := p.lex.next()
	p.lex.pos = save
	return t.kind == tokEqual
}

func (p *parser) parseAttrAliasDef() error {
	name := p.tok.text[1:]
	pos := p.tok.pos
	if strings.Contains(name, ".") {
		return p.errAt(pos, "expected attribute alias name without '.' (dialect attributes cannot be redefined)")
	}
	if _, dup := p.attrAliases[name]; dup {
		return p.errAt(pos, "redefinition of attribute alias id '%s'", name)
	}
	p.advance()
	p.advance() // '='
	a, err := p.parseAttribute(nil)
	if err != nil {
		return err
	}
	p.attrAliases[name] = a
	p.attrAliasOrder = append(p.attrAliasOrder, name)
	return nil
}

func (p *parser) parseTypeAliasDef() error {
	name := p.tok.text[1:]
	pos := p.tok.pos
	if strings.Contains(name, ".") {
		return p.errAt(pos, "expected type alias name without '.'")
	}
	if _, dup := p.typeAliases[name]; dup {
		return p.errAt(pos, "redefinition of type alias id '%s'", name)
	}
	p.advance()
	p.advance() // '='
	t, err := p.parseType()
	if err != nil {
		return err
	}
	p.typeAliases[name] = t
	return nil
}

// skipFileMetadata skips a `{-# ... #-}` block (dialect resources).
func (p *parser) skipFileMetadata() error {
	start := p.tok.pos
	for p.tok.kind != tokFileMetaEnd {
		if p.tok.kind == tokEOF {
			return p.errAt(start, "unterminated file metadata dictionary: expected '#-}'")
		}
		p.advance()
	}
	p.advance()
	return nil
}

// resolveDeferredLocs replaces forward references to location aliases.
func (p *parser) resolveDeferredLocs(top *ir.Block) error {
	for _, d := range p.deferred {
		a, ok := p.attrAliases[d.name]
		if !ok {
			return ir.Errorf(p.locAt(d.pos), "operation location alias was never defined")
		}
		loc, ok := a.(ir.Location)
		if !ok {
			return ir.Errorf(p.locAt(d.pos), "expected location, but found '%s'", d.name)
		}
		if d.op != nil {
			d.op.SetLoc(loc)
		} else {
			d.arg.SetLoc(loc)
		}
	}
	return nil
}

func (p *parser) typeString(t ir.Type) string { return TypeString(t) }

func errorfType(p *parser, pos int, format string, args ...any) error {
	return p.errAt(pos, format, args...)
}

var _ = fmt.Sprintf
