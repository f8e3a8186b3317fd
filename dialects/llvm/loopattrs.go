package llvm

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Loop metadata attributes: `#llvm.loop_annotation<...>` and the
// attributes of its fields (`#llvm.loop_licm<disable = true>`,
// `#llvm.loop_unroll<count = 4 : i32>`, ...), MLIR's LLVM dialect's
// struct-like attributes: `key = value` pairs in any order on input,
// printed in declaration order, absent fields omitted. Triton puts
// `llvm.loop_annotation = #llvm.loop_annotation<licm = ...>` on scf.for
// and scf.while (tl.range(disable_licm=True), tl.condition(...,
// disable_licm=True)); scf-to-cf moves it to the loop's back-edge
// branch, the lowering to llvm.br's `loop_annotation`, and the LLVM IR
// printer turns it into `!llvm.loop` metadata (targets/llvmir).

// loopField describes one field: its name and what its value must be.
type loopField struct {
	name string
	kind loopFieldKind
	sub  string // the attribute mnemonic of a loopSub field
}

type loopFieldKind int

const (
	loopBool   loopFieldKind = iota // true / false
	loopInt                         // an integer attribute (`4 : i32`)
	loopSub                         // a loop attribute of mnemonic sub
	loopLoc                         // a location (startLoc, endLoc)
	loopGroups                      // an array of access groups
	loopFollow                      // a #llvm.loop_annotation (followups)
)

// loopAttrFields lists the fields of every loop attribute, in MLIR's
// declaration order.
var loopAttrFields = map[string][]loopField{
	"loop_annotation": {
		{"disableNonforced", loopBool, ""}, {"vectorize", loopSub, "loop_vectorize"},
		{"interleave", loopSub, "loop_interleave"}, {"unroll", loopSub, "loop_unroll"},
		{"unrollAndJam", loopSub, "loop_unroll_and_jam"}, {"licm", loopSub, "loop_licm"},
		{"distribute", loopSub, "loop_distribute"}, {"pipeline", loopSub, "loop_pipeline"},
		{"peeled", loopSub, "loop_peeled"}, {"unswitch", loopSub, "loop_unswitch"},
		{"mustProgress", loopBool, ""}, {"isVectorized", loopBool, ""},
		{"startLoc", loopLoc, ""}, {"endLoc", loopLoc, ""}, {"parallelAccesses", loopGroups, ""},
	},
	"loop_vectorize": {
		{"disable", loopBool, ""}, {"predicateEnable", loopBool, ""}, {"scalableEnable", loopBool, ""},
		{"width", loopInt, ""}, {"followupVectorized", loopFollow, ""}, {"followupEpilogue", loopFollow, ""},
		{"followupAll", loopFollow, ""},
	},
	"loop_interleave": {{"count", loopInt, ""}},
	"loop_unroll": {
		{"disable", loopBool, ""}, {"count", loopInt, ""}, {"runtimeDisable", loopBool, ""},
		{"full", loopBool, ""}, {"followupUnrolled", loopFollow, ""}, {"followupRemainder", loopFollow, ""},
		{"followupAll", loopFollow, ""},
	},
	"loop_unroll_and_jam": {
		{"disable", loopBool, ""}, {"count", loopInt, ""}, {"followupOuter", loopFollow, ""},
		{"followupInner", loopFollow, ""}, {"followupRemainder", loopFollow, ""}, {"followupAll", loopFollow, ""},
	},
	"loop_licm": {{"disable", loopBool, ""}, {"versioningDisable", loopBool, ""}},
	"loop_distribute": {
		{"disable", loopBool, ""}, {"followupCoincident", loopFollow, ""}, {"followupSequential", loopFollow, ""},
		{"followupFallback", loopFollow, ""}, {"followupAll", loopFollow, ""},
	},
	"loop_pipeline": {{"disable", loopBool, ""}, {"initiationinterval", loopInt, ""}},
	"loop_peeled":   {{"count", loopInt, ""}},
	"loop_unswitch": {{"partialDisable", loopBool, ""}},
}

// LoopAttr is one loop attribute: Kind is its mnemonic, Fields the
// present fields in declaration order.
type LoopAttr struct {
	llvmAttr
	Kind   string
	Fields []ir.NamedAttr
	key    string
}

func (a *LoopAttr) UniqueKey() any   { return a.key }
func (a *LoopAttr) Mnemonic() string { return a.Kind }

// AsmAlias gives the attribute an alias named after its mnemonic, as
// MLIR's LLVM dialect does (`#loop_annotation = #llvm.loop_annotation<...>`).
func (a *LoopAttr) AsmAlias() string { return a.Kind }

// Field returns the value of the named field, or nil.
func (a *LoopAttr) Field(name string) ir.Attribute {
	for _, f := range a.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return nil
}

// BoolField reports whether the named boolean field is present and true.
func (a *LoopAttr) BoolField(name string) bool {
	v, ok := a.Field(name).(*ir.IntegerAttr)
	return ok && v.Bool()
}

// PrintParams prints `<name = value, ...>`.
func (a *LoopAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<")
	for i, f := range a.Fields {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(f.Name + " = ")
		// Loop attribute parameters are typed: MLIR prints them
		// stripped (`licm = <disable = true>`) or as their alias.
		if _, ok := f.Value.(*LoopAttr); ok {
			p.PrintStrippedAttribute(f.Value)
		} else {
			p.PrintAttribute(f.Value)
		}
	}
	p.WriteString(">")
}

// NewLoopAttr returns the loop attribute kind with the given fields
// (put in declaration order; unknown names are dropped).
func NewLoopAttr(ctx *ir.Context, kind string, fields ...ir.NamedAttr) *LoopAttr {
	var ordered []ir.NamedAttr
	var key strings.Builder
	key.WriteString(kind)
	for _, d := range loopAttrFields[kind] {
		for _, f := range fields {
			if f.Name == d.name {
				ordered = append(ordered, f)
				key.WriteString("|" + f.Name + "=" + attrKey(f.Value))
			}
		}
	}
	return ir.Unique(ctx, &LoopAttr{Kind: kind, Fields: ordered, key: key.String()})
}

// attrKey identifies an attribute value inside a LoopAttr's key: uniqued
// attributes by identity.
func attrKey(a ir.Attribute) string { return fmt.Sprintf("%T%p", a, a) }

// LICMDisabled reports whether a loop annotation asks to keep
// loop-invariant code in the loop (`licm = #llvm.loop_licm<disable =
// true>`).
func LICMDisabled(a ir.Attribute) bool {
	la, ok := a.(*LoopAttr)
	if !ok || la.Kind != "loop_annotation" {
		return false
	}
	licm, ok := la.Field("licm").(*LoopAttr)
	return ok && licm.BoolField("disable")
}

// DisableLICMAnnotation is the annotation Triton's front end puts on a
// loop for disable_licm=True: LICM and LICM versioning disabled.
func DisableLICMAnnotation(ctx *ir.Context) *LoopAttr {
	t := ir.BoolAttrOf(ctx, true)
	licm := NewLoopAttr(ctx, "loop_licm", ir.NamedAttr{Name: "disable", Value: t}, ir.NamedAttr{Name: "versioningDisable", Value: t})
	return NewLoopAttr(ctx, "loop_annotation", ir.NamedAttr{Name: "licm", Value: licm})
}

// LoopAnnotationAttrName is the discardable attribute under which scf
// loops and cf branches carry a loop annotation.
const LoopAnnotationAttrName = "llvm.loop_annotation"

// parseLoopAttr parses the parameters of a loop attribute.
func parseLoopAttr(p ir.DialectParser, kind string) (ir.Attribute, error) {
	return parseLoopBody(p, kind, ir.DelimLess)
}

// parseLoopBody parses the fields of a loop attribute of kind (in `<...>`,
// or, with ir.DelimNone, after a `<` already read and up to the `>`).
func parseLoopBody(p ir.DialectParser, kind string, delim ir.Delimiter) (ir.Attribute, error) {
	decl := loopAttrFields[kind]
	var fields []ir.NamedAttr
	seen := map[string]bool{}
	err := p.ParseCommaSeparatedList(delim, func() error {
		loc := p.Loc()
		name, err := p.ParseKeyword()
		if err != nil {
			return err
		}
		var d *loopField
		for i := range decl {
			if decl[i].name == name {
				d = &decl[i]
			}
		}
		if d == nil {
			var names []string
			for _, f := range decl {
				names = append(names, f.name)
			}
			return p.ErrorfAt(loc, "#llvm.%s has no parameter '%s' (expected one of %s)", kind, name, strings.Join(names, ", "))
		}
		if seen[name] {
			return p.ErrorfAt(loc, "duplicate parameter '%s' in #llvm.%s", name, kind)
		}
		seen[name] = true
		if err := p.ParseEqual(); err != nil {
			return err
		}
		vloc := p.Loc()
		var v ir.Attribute
		if (d.kind == loopSub || d.kind == loopFollow) && p.ParseOptionalLess() {
			// The stripped form MLIR prints: `licm = <disable = true>`.
			sub := d.sub
			if d.kind == loopFollow {
				sub = "loop_annotation"
			}
			v, err = parseLoopBody(p, sub, ir.DelimNone)
			if err == nil {
				err = p.ParseGreater()
			}
		} else {
			v, err = p.ParseAttribute(nil)
		}
		if err != nil {
			return err
		}
		if msg := checkLoopField(*d, v); msg != "" {
			return p.ErrorfAt(vloc, "#llvm.%s parameter '%s' must be %s", kind, name, msg)
		}
		fields = append(fields, ir.NamedAttr{Name: name, Value: v})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return NewLoopAttr(p.Context(), kind, fields...), nil
}

// checkLoopField returns what the field's value should have been, or "".
func checkLoopField(d loopField, v ir.Attribute) string {
	switch d.kind {
	case loopBool:
		if i, ok := v.(*ir.IntegerAttr); !ok || !ir.IsInteger(i.Type(), 1) {
			return "a boolean"
		}
	case loopInt:
		if _, ok := v.(*ir.IntegerAttr); !ok {
			return "an integer"
		}
	case loopSub:
		if l, ok := v.(*LoopAttr); !ok || l.Kind != d.sub {
			return "a #llvm." + d.sub
		}
	case loopFollow:
		if l, ok := v.(*LoopAttr); !ok || l.Kind != "loop_annotation" {
			return "a #llvm.loop_annotation"
		}
	case loopGroups:
		if _, ok := v.(*ir.ArrayAttr); !ok {
			return "an array of access groups"
		}
	}
	return ""
}
