package lit

import (
	"fmt"
	"strings"
)

// The shell language of RUN lines, as lit's internal shell parses it:
// commands of words and redirections, joined by "|" into pipelines, and
// pipelines joined by ";", "&&" and "||" (left to right, equal
// precedence). Words may be quoted with '...' (literal) or "..." (where
// only \" and \\ are escapes); outside quotes a backslash escapes the next
// character. Redirections: <, >, >>, &>, >&N, N>, N>>, N>&M.

// shWord is a word after quote removal.
type shWord struct {
	text string
	glob bool // has unquoted *, ? or [ to expand
}

type shRedirect struct {
	op     string // "<", ">", ">>", "&>", ">&", "<&"
	fd     int    // explicit descriptor (as in 2>), or -1
	target shWord
}

type shCommand struct {
	args      []shWord
	redirects []shRedirect
}

type shPipeline struct {
	cmds []*shCommand
}

// shSeq runs lhs, then rhs depending on op: ";" always, "&&" on success,
// "||" on failure.
type shSeq struct {
	lhs, rhs shNode
	op       string
}

type shNode interface{}

type shToken struct {
	op   string // operator, or "" for a word
	fd   int
	word shWord
}

type shLexer struct {
	s   string
	pos int
}

func (l *shLexer) tokens() ([]shToken, error) {
	var toks []shToken
	for {
		for l.pos < len(l.s) && (l.s[l.pos] == ' ' || l.s[l.pos] == '\t') {
			l.pos++
		}
		if l.pos >= len(l.s) {
			return toks, nil
		}
		c := l.s[l.pos]
		if strings.IndexByte(";|&<>", c) >= 0 {
			toks = append(toks, shToken{op: l.operator(), fd: -1})
			continue
		}
		tok, err := l.word()
		if err != nil {
			return nil, err
		}
		toks = append(toks, tok)
	}
}

func (l *shLexer) eat(s string) bool {
	if strings.HasPrefix(l.s[l.pos:], s) {
		l.pos += len(s)
		return true
	}
	return false
}

func (l *shLexer) operator() string {
	for _, op := range []string{"||", "|", "&&", "&>", "&", ";", ">&", ">>", ">", "<&", "<"} {
		if l.eat(op) {
			return op
		}
	}
	c := l.s[l.pos : l.pos+1]
	l.pos++
	return c
}

func (l *shLexer) word() (shToken, error) {
	var b strings.Builder
	glob := false
	quoted := false
	for l.pos < len(l.s) {
		c := l.s[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '|' || c == '&' || c == ';':
			return shToken{fd: -1, word: shWord{b.String(), glob}}, nil
		case c == '<' || c == '>':
			// "2>" is one redirection token when the word so far is a number.
			if w := b.String(); w != "" && !quoted && isDigits(w) {
				fd := 0
				fmt.Sscan(w, &fd)
				return shToken{op: l.operator(), fd: fd}, nil
			}
			return shToken{fd: -1, word: shWord{b.String(), glob}}, nil
		case c == '\'':
			end := strings.IndexByte(l.s[l.pos+1:], '\'')
			if end < 0 {
				return shToken{}, fmt.Errorf("missing closing quote (') in %q", l.s)
			}
			b.WriteString(l.s[l.pos+1 : l.pos+1+end])
			l.pos += end + 2
			quoted = true
		case c == '"':
			l.pos++
			closed := false
			for l.pos < len(l.s) {
				d := l.s[l.pos]
				l.pos++
				if d == '"' {
					closed = true
					break
				}
				if d == '\\' && l.pos < len(l.s) {
					e := l.s[l.pos]
					l.pos++
					if e != '"' && e != '\\' {
						b.WriteByte('\\')
					}
					b.WriteByte(e)
					continue
				}
				b.WriteByte(d)
			}
			if !closed {
				return shToken{}, fmt.Errorf("missing closing quote (\") in %q", l.s)
			}
			quoted = true
		case c == '\\':
			if l.pos+1 < len(l.s) {
				b.WriteByte(l.s[l.pos+1])
				l.pos += 2
			} else {
				b.WriteByte(c)
				l.pos++
			}
			quoted = true
		default:
			if c == '*' || c == '?' || c == '[' {
				glob = true
			}
			b.WriteByte(c)
			l.pos++
		}
	}
	return shToken{fd: -1, word: shWord{b.String(), glob}}, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

type shParser struct {
	toks []shToken
	pos  int
	src  string
}

// parseShell parses one RUN command.
func parseShell(s string) (shNode, error) {
	l := &shLexer{s: s}
	toks, err := l.tokens()
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	p := &shParser{toks: toks, src: s}
	return p.seq()
}

func (p *shParser) peekOp() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos].op
	}
	return ""
}

func (p *shParser) seq() (shNode, error) {
	first, err := p.pipeline()
	if err != nil {
		return nil, err
	}
	var lhs shNode = first
	for p.pos < len(p.toks) {
		op := p.toks[p.pos].op
		switch op {
		case ";", "&&", "||":
		case "&":
			return nil, fmt.Errorf("unsupported shell operator: '&' (background jobs) in %q", p.src)
		default:
			return nil, fmt.Errorf("syntax error near unexpected token '%s' in %q", op, p.src)
		}
		p.pos++
		if p.pos == len(p.toks) {
			if op == ";" {
				return lhs, nil
			}
			return nil, fmt.Errorf("missing argument to operator '%s' in %q", op, p.src)
		}
		rhs, err := p.pipeline()
		if err != nil {
			return nil, err
		}
		lhs = &shSeq{lhs: lhs, rhs: rhs, op: op}
	}
	return lhs, nil
}

func (p *shParser) pipeline() (*shPipeline, error) {
	pl := &shPipeline{}
	for {
		c, err := p.command()
		if err != nil {
			return nil, err
		}
		pl.cmds = append(pl.cmds, c)
		if p.peekOp() != "|" {
			return pl, nil
		}
		p.pos++
	}
}

func (p *shParser) command() (*shCommand, error) {
	c := &shCommand{}
	for p.pos < len(p.toks) {
		t := p.toks[p.pos]
		switch t.op {
		case "":
			c.args = append(c.args, t.word)
			p.pos++
			continue
		case "<", ">", ">>", "&>", ">&", "<&":
			p.pos++
			if p.pos >= len(p.toks) || p.toks[p.pos].op != "" {
				return nil, fmt.Errorf("syntax error: missing file name after '%s' in %q", t.op, p.src)
			}
			c.redirects = append(c.redirects, shRedirect{op: t.op, fd: t.fd, target: p.toks[p.pos].word})
			p.pos++
			continue
		}
		break
	}
	if len(c.args) == 0 {
		if p.pos < len(p.toks) {
			return nil, fmt.Errorf("syntax error near unexpected token '%s' in %q", p.toks[p.pos].op, p.src)
		}
		return nil, fmt.Errorf("empty command in %q", p.src)
	}
	return c, nil
}
