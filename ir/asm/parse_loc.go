package asm

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
)

// parseLocSpecifier parses `loc(...)`. When allowDeferred is set and the
// body is an alias not yet defined, it returns the alias name instead of a
// location (the caller resolves it at the end of the file).
func (p *parser) parseLocSpecifier(allowDeferred bool) (ir.Location, string, int, error) {
	pos := p.tok.pos
	if !p.consumeKeyword("loc") {
		return nil, "", pos, p.errf("expected 'loc' keyword")
	}
	if err := p.expect(tokLParen, "'(' in location"); err != nil {
		return nil, "", pos, err
	}
	if p.tok.kind == tokHashID {
		name := p.tok.text[1:]
		if _, ok := p.attrAliases[name]; !ok && allowDeferred {
			refPos := p.tok.pos
			p.advance()
			if err := p.expect(tokRParen, "')' in location"); err != nil {
				return nil, "", pos, err
			}
			return nil, name, refPos, nil
		}
	}
	loc, err := p.parseLocBody()
	if err != nil {
		return nil, "", pos, err
	}
	if err := p.expect(tokRParen, "')' in location"); err != nil {
		return nil, "", pos, err
	}
	return loc, "", pos, nil
}

// parseLocBody parses a location without the `loc(...)` wrapper.
func (p *parser) parseLocBody() (ir.Location, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tokHashID:
		name := p.tok.text[1:]
		a, ok := p.attrAliases[name]
		if !ok {
			return nil, p.errf("undefined symbol alias id '%s'", name)
		}
		l, ok := a.(ir.Location)
		if !ok {
			return nil, p.errf("expected location, but found '%s'", AttrString(a))
		}
		p.advance()
		return l, nil
	case tokString:
		s := unquote(p.tok.text)
		p.advance()
		if p.tok.kind == tokColon {
			return p.parseFileLoc(s)
		}
		if p.consumeIf(tokLParen) {
			child, err := p.parseLocBody()
			if err != nil {
				return nil, err
			}
			if err := p.expect(tokRParen, "')' after child location of NameLoc"); err != nil {
				return nil, err
			}
			return ir.NameLocOf(p.ctx, s, child), nil
		}
		return ir.NameLocOf(p.ctx, s, nil), nil
	case tokBareIdent:
		switch p.tok.text {
		case "unknown":
			p.advance()
			return ir.Unknown(p.ctx), nil
		case "callsite":
			p.advance()
			if err := p.expect(tokLParen, "'(' in callsite location"); err != nil {
				return nil, err
			}
			callee, err := p.parseLocBody()
			if err != nil {
				return nil, err
			}
			if !p.consumeKeyword("at") {
				return nil, p.errf("expected 'at' in callsite location")
			}
			caller, err := p.parseLocBody()
			if err != nil {
				return nil, err
			}
			if err := p.expect(tokRParen, "')' in callsite location"); err != nil {
				return nil, err
			}
			return ir.CallSite(p.ctx, callee, caller), nil
		case "fused":
			p.advance()
			var meta ir.Attribute
			if p.consumeIf(tokLess) {
				var err error
				if meta, err = p.parseAttribute(nil); err != nil {
					return nil, err
				}
				if err := p.expect(tokGreater, "'>' after fused location metadata"); err != nil {
					return nil, err
				}
			}
			var locs []ir.Location
			if err := p.parseCommaList(ir.DelimSquare, "fused location", func() error {
				l, err := p.parseLocBody()
				locs = append(locs, l)
				return err
			}); err != nil {
				return nil, err
			}
			return ir.Fused(p.ctx, locs, meta), nil
		}
	}
	return nil, p.errf("expected location instance")
}

// parseFileLoc parses `:line:col [to [line]:col]` after the file name.
func (p *parser) parseFileLoc(file string) (ir.Location, error) {
	p.advance() // ':'
	line, err := p.parseLocInt("line")
	if err != nil {
		return nil, err
	}
	col := 0
	if p.consumeIf(tokColon) {
		if col, err = p.parseLocInt("column"); err != nil {
			return nil, err
		}
	}
	l := &ir.FileLineColLoc{File: file, Line: line, Col: col}
	if p.consumeKeyword("to") {
		if p.consumeIf(tokColon) {
			l.EndLine = line
			if l.EndCol, err = p.parseLocInt("column"); err != nil {
				return nil, err
			}
		} else {
			if l.EndLine, err = p.parseLocInt("line"); err != nil {
				return nil, err
			}
			if err := p.expect(tokColon, "':' in location range"); err != nil {
				return nil, err
			}
			if l.EndCol, err = p.parseLocInt("column"); err != nil {
				return nil, err
			}
		}
	}
	if l.EndLine == 0 && l.EndCol == 0 {
		return ir.FileLineCol(p.ctx, file, line, col), nil
	}
	return ir.Unique(p.ctx, l), nil
}

func (p *parser) parseLocInt(what string) (int, error) {
	if p.tok.kind != tokInteger {
		return 0, p.errf("expected integer %s number in FileLineColLoc", what)
	}
	n, err := strconv.Atoi(p.tok.text)
	if err != nil || n < 0 {
		return 0, p.errf("expected integer %s number in FileLineColLoc", what)
	}
	p.advance()
	return n, nil
}
