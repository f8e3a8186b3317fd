package passmgr

import (
	"flag"
	"fmt"
	"strings"
)

// PassManager is a list of passes and nested pass managers that run on
// operations named Anchor ("any" matches every operation).
type PassManager struct {
	Anchor string
	elems  []element
	reg    *Registry
}

// element is a pass instance, a nested pass manager, or the placeholder
// of a step whose pass is not built yet (it runs nothing).
type element struct {
	inst    *instance
	nested  *PassManager
	unbuilt *Step
}

// New returns an empty pass manager anchored on anchor (usually
// "builtin.module") that resolves pass names in reg.
func New(reg *Registry, anchor string) *PassManager {
	if reg == nil {
		reg = Default
	}
	return &PassManager{Anchor: anchor, reg: reg}
}

// Empty reports whether the pass manager holds no passes.
func (pm *PassManager) Empty() bool { return len(pm.elems) == 0 }

// Nest appends a nested pass manager for ops named anchor and returns it.
// Consecutive nests of the same anchor share one pass manager.
func (pm *PassManager) Nest(anchor string) *PassManager {
	if n := len(pm.elems); n > 0 && pm.elems[n-1].nested != nil && pm.elems[n-1].nested.Anchor == anchor {
		return pm.elems[n-1].nested
	}
	sub := &PassManager{Anchor: anchor, reg: pm.reg}
	pm.elems = append(pm.elems, element{nested: sub})
	return sub
}

// AddPass appends the named pass (or named pipeline) with its option text.
// A pass anchored on another op kind is nested implicitly, as mlir-opt
// does for passes given as flags.
func (pm *PassManager) AddPass(name, options string) error {
	return pm.addPass(name, func(*flag.FlagSet) string { return options })
}

// AddPassOffering appends the named pass or named pipeline as AddPass
// does, with those of the offered option values (by option name) that it
// declares, in name order; it ignores the others. The pass is built once,
// where finding its options first would build it twice.
func (pm *PassManager) AddPassOffering(name string, offered map[string]string) error {
	return pm.addPass(name, func(fs *flag.FlagSet) string {
		var b strings.Builder
		fs.VisitAll(func(f *flag.Flag) {
			if v, ok := offered[f.Name]; ok {
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(f.Name + "=" + v)
			}
		})
		return b.String()
	})
}

// addPass is AddPass with the option text given by options from the flag
// set the pass or pipeline declared its options on.
func (pm *PassManager) addPass(name string, options func(*flag.FlagSet) string) error {
	if np := pm.reg.LookupPipeline(name); np != nil {
		text := np.Text
		if np.Build != nil {
			fs := newFlagSet(name)
			render := np.Build(fs)
			if err := parseOptions(fs, options(fs)); err != nil {
				return fmt.Errorf("invalid options for pipeline '%s': %v", name, err)
			}
			text = render()
		} else if strings.TrimSpace(options(newFlagSet(name))) != "" {
			return fmt.Errorf("pipeline '%s' takes no options", name)
		}
		if err := pm.parseInto(text); err != nil {
			return fmt.Errorf("pipeline '%s': %v", name, err)
		}
		return nil
	}
	p := pm.reg.Lookup(name)
	if p == nil {
		return fmt.Errorf("'%s' does not refer to a registered pass or pass pipeline", name)
	}
	inst, err := newInstance(p, options)
	if err != nil {
		return err
	}
	target := pm
	if p.Anchor != "" && p.Anchor != pm.Anchor && pm.Anchor != "any" {
		target = pm.Nest(p.Anchor)
	}
	target.elems = append(target.elems, element{inst: inst})
	return nil
}

// parseInto appends a textual pipeline to pm. The text is either
// `anchor(elems)` matching pm's anchor, or a bare list of elements.
func (pm *PassManager) parseInto(text string) error {
	ps := &pipelineParser{src: text}
	elems, err := ps.parseList()
	if err != nil {
		return err
	}
	if !ps.eof() {
		return ps.errf("unexpected '%s'", ps.rest())
	}
	// `builtin.module(...)` around the whole pipeline selects pm's anchor.
	if len(elems) == 1 && elems[0].isNest && elems[0].name == pm.Anchor {
		elems = elems[0].children
	}
	return pm.addParsed(elems)
}

func (pm *PassManager) addParsed(elems []parsedElem) error {
	for _, e := range elems {
		if e.isNest {
			sub := &PassManager{Anchor: e.name, reg: pm.reg}
			pm.elems = append(pm.elems, element{nested: sub})
			if err := sub.addParsed(e.children); err != nil {
				return err
			}
			continue
		}
		if e.ifBuilt && pm.reg.Lookup(e.name) == nil && pm.reg.LookupPipeline(e.name) == nil {
			reason, ok := pm.reg.NotBuiltReason(e.name)
			if !ok {
				reason = "not registered in this build"
			}
			pm.elems = append(pm.elems, element{unbuilt: &Step{Pass: e.name, Options: e.options, NotBuilt: reason}})
			continue
		}
		if err := pm.addExplicit(e.name, e.options); err != nil {
			return err
		}
	}
	return nil
}

// addExplicit adds a pass from a textual pipeline; there a pass anchored
// on a different op is an error, as in MLIR.
func (pm *PassManager) addExplicit(name, options string) error {
	if pm.reg.LookupPipeline(name) != nil {
		return pm.AddPass(name, options)
	}
	p := pm.reg.Lookup(name)
	if p == nil {
		return fmt.Errorf("'%s' does not refer to a registered pass or pass pipeline", name)
	}
	if p.Anchor != "" && pm.Anchor != "any" && p.Anchor != pm.Anchor {
		return fmt.Errorf("can't add pass '%s' restricted to '%s' on a PassManager intended to run on '%s', did you intend to nest?", name, p.Anchor, pm.Anchor)
	}
	inst, err := newInstance(p, func(*flag.FlagSet) string { return options })
	if err != nil {
		return err
	}
	pm.elems = append(pm.elems, element{inst: inst})
	return nil
}

// Parse builds a pass manager from a textual pipeline such as
// `builtin.module(tt.func(canonicalize),cse)`.
func Parse(reg *Registry, text string) (*PassManager, error) {
	if reg == nil {
		reg = Default
	}
	ps := &pipelineParser{src: text}
	elems, err := ps.parseList()
	if err != nil {
		return nil, err
	}
	if !ps.eof() {
		return nil, ps.errf("unexpected '%s'", ps.rest())
	}
	if len(elems) != 1 || !elems[0].isNest {
		return nil, fmt.Errorf("pipeline must be nested under an operation, e.g. 'builtin.module(%s)'", text)
	}
	pm := &PassManager{Anchor: elems[0].name, reg: reg}
	if err := pm.addParsed(elems[0].children); err != nil {
		return nil, err
	}
	return pm, nil
}

// String renders the pipeline in MLIR's textual syntax.
func (pm *PassManager) String() string {
	var b strings.Builder
	pm.write(&b)
	return b.String()
}

func (pm *PassManager) write(b *strings.Builder) {
	b.WriteString(pm.Anchor)
	b.WriteByte('(')
	writeElems(b, pm.elems)
	b.WriteByte(')')
}

func writeElems(b *strings.Builder, elems []element) {
	for i, e := range elems {
		if i > 0 {
			b.WriteByte(',')
		}
		switch {
		case e.nested != nil:
			e.nested.write(b)
		case e.unbuilt != nil:
			b.WriteString("?" + e.unbuilt.Text())
		default:
			b.WriteString(e.inst.pass.Name)
			b.WriteString(e.inst.optionString())
		}
	}
}

// suffix returns a pipeline with the same anchor holding elems[from:].
func (pm *PassManager) suffix(from int) *PassManager {
	return &PassManager{Anchor: pm.Anchor, reg: pm.reg, elems: pm.elems[from:]}
}

// parsedElem is one element of a textual pipeline.
type parsedElem struct {
	name     string
	options  string
	isNest   bool
	children []parsedElem
	// ifBuilt marks `?name`: a pass that runs when registered and is a
	// not-built placeholder otherwise.
	ifBuilt bool
}

type pipelineParser struct {
	src string
	pos int
}

func (ps *pipelineParser) errf(format string, args ...any) error {
	return fmt.Errorf("invalid pass pipeline at offset %d: %s", ps.pos, fmt.Sprintf(format, args...))
}

func (ps *pipelineParser) skipSpace() {
	for ps.pos < len(ps.src) && isPipelineSpace(ps.src[ps.pos]) {
		ps.pos++
	}
}

// isPipelineSpace reports the blanks allowed around pipeline elements.
func isPipelineSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// endsPassName reports the bytes that end a pass or pipeline name.
func endsPassName(c byte) bool {
	switch c {
	case '(', ')', '{', '}', ',', ' ':
		return true
	}
	return false
}

func (ps *pipelineParser) eof() bool { ps.skipSpace(); return ps.pos >= len(ps.src) }
func (ps *pipelineParser) rest() string {
	return ps.src[ps.pos:]
}

func (ps *pipelineParser) parseList() ([]parsedElem, error) {
	var out []parsedElem
	for {
		ps.skipSpace()
		if ps.pos >= len(ps.src) || ps.src[ps.pos] == ')' {
			return out, nil
		}
		e, err := ps.parseElem()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		ps.skipSpace()
		if ps.pos < len(ps.src) && ps.src[ps.pos] == ',' {
			ps.pos++
			continue
		}
		return out, nil
	}
}

func (ps *pipelineParser) parseElem() (parsedElem, error) {
	ifBuilt := ps.pos < len(ps.src) && ps.src[ps.pos] == '?'
	if ifBuilt {
		ps.pos++
	}
	start := ps.pos
	for ps.pos < len(ps.src) && !endsPassName(ps.src[ps.pos]) {
		ps.pos++
	}
	name := ps.src[start:ps.pos]
	if name == "" {
		return parsedElem{}, ps.errf("expected pass or pipeline name")
	}
	e := parsedElem{name: name, ifBuilt: ifBuilt}
	ps.skipSpace()
	if ps.pos < len(ps.src) && ps.src[ps.pos] == '{' {
		depth := 0
		optStart := ps.pos + 1
		for ; ps.pos < len(ps.src); ps.pos++ {
			if ps.src[ps.pos] == '{' {
				depth++
			} else if ps.src[ps.pos] == '}' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if ps.pos >= len(ps.src) {
			return e, ps.errf("missing '}' after options of '%s'", name)
		}
		e.options = ps.src[optStart:ps.pos]
		ps.pos++
		ps.skipSpace()
	}
	if ps.pos < len(ps.src) && ps.src[ps.pos] == '(' {
		ps.pos++
		children, err := ps.parseList()
		if err != nil {
			return e, err
		}
		ps.skipSpace()
		if ps.pos >= len(ps.src) || ps.src[ps.pos] != ')' {
			return e, ps.errf("expected ')' to close '%s('", name)
		}
		ps.pos++
		if ifBuilt {
			return e, ps.errf("'?' marks a pass, not the nested pipeline '%s'", name)
		}
		e.isNest = true
		e.children = children
	}
	return e, nil
}
