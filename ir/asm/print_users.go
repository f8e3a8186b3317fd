package asm

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
)

// Value-user comments (--mlir-print-value-users), in MLIR's words: after
// an op, `// user: %x` or `// users: %x, %y` (grouped per result in
// parentheses for several results), `// unused`, or `// id: %N` for an op
// without results that uses values; at the top of a block, one line per
// argument, `// %arg0 is used by ...` or `// %arg0 is unused`.

// printUsersComment comments op with the users of its results.
func (p *printer) printUsersComment(op *ir.Operation) {
	n := op.NumResults()
	switch {
	case n == 0 && op.NumOperands() > 0:
		p.sb.WriteString(" // id: ")
		p.printOpID(op)
	case n > 0 && !hasUses(op):
		p.sb.WriteString(" // unused")
	case n > 0:
		inResults, inOps := 0, 0
		seen := map[*ir.Operation]bool{}
		for _, r := range op.Results() {
			for _, u := range ir.Users(r) {
				if !seen[u] {
					seen[u] = true
					inOps++
					inResults += u.NumResults()
				}
			}
		}
		if inResults <= 1 && inOps <= 1 {
			p.sb.WriteString(" // user: ")
		} else {
			p.sb.WriteString(" // users: ")
		}
		for i, r := range op.Results() {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			if n > 1 {
				p.sb.WriteByte('(')
			}
			p.printValueUsers(r)
			if n > 1 {
				p.sb.WriteByte(')')
			}
		}
	}
}

// printBlockArgUsers writes a comment line per argument of b.
func (p *printer) printBlockArgUsers(b *ir.Block) {
	for _, a := range b.Arguments() {
		p.writeIndent()
		p.sb.WriteString("// ")
		p.sb.WriteString(p.names.valueID(a, true))
		if len(ir.Users(a)) == 0 {
			p.sb.WriteString(" is unused\n")
			continue
		}
		p.sb.WriteString(" is used by ")
		p.printValueUsers(a)
		p.sb.WriteByte('\n')
	}
}

// printValueUsers lists the ops using v, each once, by their results (or
// id), newest use first as MLIR's use lists are.
func (p *printer) printValueUsers(v ir.Value) {
	users := ir.Users(v)
	if len(users) == 0 {
		p.sb.WriteString("unused")
		return
	}
	seen := map[*ir.Operation]bool{}
	first := true
	for _, u := range users {
		if seen[u] {
			continue
		}
		seen[u] = true
		if !first {
			p.sb.WriteString(", ")
		}
		first = false
		if u.NumResults() == 0 {
			p.printOpID(u)
			continue
		}
		for i, r := range u.Results() {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.sb.WriteString(p.names.valueID(r, true))
		}
	}
}

func (p *printer) printOpID(op *ir.Operation) {
	if id, ok := p.names.opIDs[op]; ok {
		p.sb.WriteString("%" + strconv.Itoa(id))
		return
	}
	p.sb.WriteString("<<UNKNOWN OPERATION>>")
}

func hasUses(op *ir.Operation) bool {
	for _, r := range op.Results() {
		if len(ir.Users(r)) > 0 {
			return true
		}
	}
	return false
}
