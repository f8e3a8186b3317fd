package ere

import (
	"fmt"
	"strings"
)

// goSyntax renders a tree without back-references or word assertions in the
// syntax of Go's regexp package. Bytes are rendered as runes U+0000..U+00FF,
// matching Subject's Latin-1 view of non-ASCII input. Case folding was done
// by the parser, so no (?i) flag is needed.
func goSyntax(n *node) string {
	var b strings.Builder
	writeGo(&b, n)
	return b.String()
}

func writeGo(b *strings.Builder, n *node) {
	switch n.op {
	case opSet:
		writeSet(b, n.set)
	case opBol:
		b.WriteString(`(?m:^)`)
	case opEol:
		b.WriteString(`(?m:$)`)
	case opGroup:
		b.WriteByte('(')
		writeGo(b, n.subs[0])
		b.WriteByte(')')
	case opConcat:
		for _, s := range n.subs {
			writeGo(b, s)
		}
	case opAlt:
		b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			writeGo(b, s)
		}
		b.WriteByte(')')
	case opRepeat:
		b.WriteString("(?:")
		writeGo(b, n.subs[0])
		b.WriteByte(')')
		switch {
		case n.min == 0 && n.max == infinite:
			b.WriteByte('*')
		case n.min == 1 && n.max == infinite:
			b.WriteByte('+')
		case n.min == 0 && n.max == 1:
			b.WriteByte('?')
		case n.max == infinite:
			fmt.Fprintf(b, "{%d,}", n.min)
		case n.min == n.max:
			fmt.Fprintf(b, "{%d}", n.min)
		default:
			fmt.Fprintf(b, "{%d,%d}", n.min, n.max)
		}
	case opEmpty:
		b.WriteString("(?:)")
	default:
		// Callers route such trees to the backtracker; this keeps the
		// output a valid expression that never matches.
		b.WriteString(`[^\x00-\x{10FFFF}]`)
	}
}

func writeSet(b *strings.Builder, s *byteSet) {
	if c, ok := s.only(); ok {
		writeByte(b, c)
		return
	}
	b.WriteByte('[')
	empty := true
	for i := 0; i < 256; {
		if !s.has(byte(i)) {
			i++
			continue
		}
		j := i
		for j+1 < 256 && s.has(byte(j+1)) {
			j++
		}
		empty = false
		fmt.Fprintf(b, `\x{%x}`, i)
		if j > i {
			fmt.Fprintf(b, `-\x{%x}`, j)
		}
		i = j + 1
	}
	if empty {
		b.WriteString(`^\x00-\x{10FFFF}`)
	}
	b.WriteByte(']')
}

func writeByte(b *strings.Builder, c byte) {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == ' ':
		b.WriteByte(c)
	default:
		fmt.Fprintf(b, `\x{%x}`, c)
	}
}
