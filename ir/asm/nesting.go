package asm

// MaxNesting is how deep regions, attributes, types and locations may
// nest in parsed text, together (a region in an op in a region counts two,
// an array in an array two). The parser descends recursively, and so do
// the verifier, the printer and every pass that walks the IR: without a
// bound, a few megabytes of `[[[[...` or of nested `scf.if` blocks
// overflow the goroutine's stack, which no recover catches. Kernels nest a
// few dozen levels; the Python front end refuses more than 100 levels of
// indentation (CPython's limit), so no kernel it compiles comes near. A
// thousand levels keep the indentation the printer writes (two spaces a
// level) to a few megabytes even for such a file.
const MaxNesting = 1000

// enter counts one more level of nesting at the current token and refuses
// the level past MaxNesting there; leave undoes it.
func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxNesting {
		return p.errf("nesting deeper than %d levels (regions, attributes, types and locations nest at most %d deep)", MaxNesting, MaxNesting)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }
