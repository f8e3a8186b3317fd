package gpu

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Options: gpu ops print their inherent enum and flag attributes together
// with the discardable ones in one trailing dictionary, enum values as
// bare keywords: `{space = global, cache = cg, evict = evict_last,
// volatile, my.attr = 3 : i32}`. The inherent entries come first, in the
// op's declared order.

// option is one inherent entry of the dictionary: a unit flag, an enum
// spelled as a keyword, or an integer (stored as i32, printed bare).
type option struct {
	name    string
	enum    *ir.EnumInfo // nil for a unit flag or an integer
	integer bool
	// hide reports whether a stored value is the default and is not
	// printed (nil: always printed).
	hide func(v int64) bool
}

func flag(name string) option { return option{name: name} }

// enumOpt is an enum entry; unless always, the default def is not printed.
func enumOpt(name string, e *ir.EnumInfo, def int64, always bool) option {
	o := option{name: name, enum: e}
	if !always {
		o.hide = func(v int64) bool { return v == def }
	}
	return o
}

// intOpt is an integer entry; unless always, the default def is not
// printed.
func intOpt(name string, def int64, always bool) option {
	o := option{name: name, integer: true}
	if !always {
		o.hide = func(v int64) bool { return v == def }
	}
	return o
}

func inherentNames(opts []option) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.name
	}
	return out
}

// parseOptions parses the optional dictionary.
func parseOptions(p ir.OpParser, st *ir.OperationState, opts []option) error {
	if !p.ParseOptionalLBrace() {
		return nil
	}
	if p.ParseOptionalRBrace() {
		return nil
	}
	ctx := p.Context()
	seen := map[string]bool{}
	for {
		loc := p.Loc()
		name, err := p.ParseKeywordOrString()
		if err != nil {
			return err
		}
		if seen[name] {
			return p.ErrorfAt(loc, "duplicate key '%s' in dictionary attribute", name)
		}
		seen[name] = true
		var o *option
		for i := range opts {
			if opts[i].name == name {
				o = &opts[i]
			}
		}
		switch {
		case o != nil && o.integer:
			if err := p.ParseEqual(); err != nil {
				return err
			}
			v, err := p.ParseInteger()
			if err != nil {
				return err
			}
			st.AddAttr(name, ir.I32Attr(ctx, v))
		case o != nil && o.enum == nil:
			if p.ParseOptionalEqual() {
				return p.ErrorfAt(loc, "'%s' is a flag and takes no value", name)
			}
			st.AddAttr(name, ir.Unit(ctx))
		case o != nil:
			if err := p.ParseEqual(); err != nil {
				return err
			}
			kloc := p.Loc()
			kw, err := p.ParseKeyword()
			if err != nil {
				return err
			}
			v, ok := o.enum.ValueOf(kw)
			if !ok {
				return p.ErrorfAt(kloc, "expected one of [%s] for '%s', got '%s'", keywords(o.enum), name, kw)
			}
			st.AddAttr(name, ir.I32Attr(ctx, v))
		default:
			if p.ParseOptionalEqual() {
				a, err := p.ParseAttribute(nil)
				if err != nil {
					return err
				}
				st.AddAttr(name, a)
			} else {
				st.AddAttr(name, ir.Unit(ctx))
			}
		}
		if !p.ParseOptionalComma() {
			break
		}
	}
	return p.ParseRBrace()
}

func keywords(e *ir.EnumInfo) string { return strings.Join(e.Keywords(), ", ") }

// printOptions prints ` {...}` or nothing.
func printOptions(p ir.OpPrinter, op *ir.Operation, opts []option) {
	var parts []func()
	for _, o := range opts {
		a := op.Attr(o.name)
		if a == nil {
			continue
		}
		o := o
		ia, isInt := a.(*ir.IntegerAttr)
		switch {
		case o.integer:
			if isInt && ir.IsInteger(ia.Type(), 32) {
				if o.hide == nil || !o.hide(ia.Int()) {
					parts = append(parts, func() { p.Printf("%s = %d", o.name, ia.Int()) })
				}
				continue
			}
		case o.enum == nil:
			if _, ok := a.(*ir.UnitAttr); ok {
				parts = append(parts, func() { p.WriteString(o.name) })
				continue
			}
		case isInt && o.enum.KeywordOf(ia.Int()) != "":
			if o.hide == nil || !o.hide(ia.Int()) {
				parts = append(parts, func() { p.WriteString(o.name + " = " + o.enum.KeywordOf(ia.Int())) })
			}
			continue
		}
		// A malformed inherent value prints as an attribute so that the
		// verifier's complaint can be read back.
		parts = append(parts, func() {
			p.WriteString(o.name + " = ")
			p.PrintAttribute(a)
		})
	}
	for _, na := range op.DiscardableAttrs() {
		na := na
		parts = append(parts, func() {
			p.PrintKeywordOrString(na.Name)
			if _, unit := na.Value.(*ir.UnitAttr); !unit {
				p.WriteString(" = ")
				p.PrintAttribute(na.Value)
			}
		})
	}
	if len(parts) == 0 {
		return
	}
	p.WriteString(" {")
	for i, f := range parts {
		if i > 0 {
			p.WriteString(", ")
		}
		f()
	}
	p.WriteString("}")
}

// verifyOptions checks the stored values of the options.
func verifyOptions(op *ir.Operation, opts []option) error {
	for _, o := range opts {
		a := op.Attr(o.name)
		if a == nil {
			continue
		}
		if o.integer {
			if ia, ok := a.(*ir.IntegerAttr); !ok || !ir.IsInteger(ia.Type(), 32) {
				return ir.OpErrorf(op, "attribute '%s' must be an i32 integer", o.name)
			}
			continue
		}
		if o.enum == nil {
			if _, ok := a.(*ir.UnitAttr); !ok {
				return ir.OpErrorf(op, "attribute '%s' must be a unit attribute", o.name)
			}
			continue
		}
		if !o.enum.Valid(a) {
			return ir.OpErrorf(op, "attribute '%s' must be an i32 %s enum value (one of %s)", o.name, o.enum.Name, keywords(o.enum))
		}
	}
	return nil
}
