package amdgpu

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Dialect is the TritonAMDGPU dialect, namespace `amdg`.
var Dialect = &ir.Dialect{
	Name:           "amdg",
	ParseAttribute: parseAttribute,
	Dependents:     []*ir.Dialect{ttg.Dialect},
}

// Load registers the amdg dialect (and ttg) in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

// define creates an amdg op.
func define(name string, traits ir.Traits, spec asmfmt.Spec) ttg.Op {
	def := Dialect.NewOp(name, traits)
	return ttg.Op{Def: def, Format: asmfmt.Install(def, spec)}
}

type amdgAttr struct{ ir.AttrBase }

func (amdgAttr) Namespace() string { return "amdg" }

type attrKey struct {
	kind string
	v    int64
}

// SchedHint values.
const (
	SchedHintNone      = 0
	SchedHintAttention = 2
)

var schedHintNames = map[int64]string{SchedHintNone: "none", SchedHintAttention: "attention"}

// SchedHintVariantAttr is `#amdg.SchedHintVariant<attention>`.
type SchedHintVariantAttr struct {
	amdgAttr
	Value int64
}

// SchedHintVariant returns the attribute for hint v.
func SchedHintVariant(ctx *ir.Context, v int64) *SchedHintVariantAttr {
	return ir.Unique(ctx, &SchedHintVariantAttr{Value: v})
}

func (a *SchedHintVariantAttr) UniqueKey() any   { return attrKey{"SchedHintVariant", a.Value} }
func (a *SchedHintVariantAttr) Mnemonic() string { return "SchedHintVariant" }
func (a *SchedHintVariantAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<" + schedHintNames[a.Value] + ">")
}

// SetFP8ClampingAttr is `#amdg.amdgcn.set.fp8.clamping`.
type SetFP8ClampingAttr struct{ amdgAttr }

func (a *SetFP8ClampingAttr) UniqueKey() any              { return attrKey{kind: "fp8clamp"} }
func (a *SetFP8ClampingAttr) Mnemonic() string            { return "amdgcn.set.fp8.clamping" }
func (a *SetFP8ClampingAttr) PrintParams(p ir.AsmPrinter) {}

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	switch mnemonic {
	case "SchedHintVariant":
		if err := p.ParseLess(); err != nil {
			return nil, err
		}
		kw, err := p.ParseKeyword()
		if err != nil {
			return nil, err
		}
		for v, n := range schedHintNames {
			if n == kw {
				if err := p.ParseGreater(); err != nil {
					return nil, err
				}
				return SchedHintVariant(p.Context(), v), nil
			}
		}
		return nil, p.Errorf("expected one of [none, attention] for SchedHintVariant, got %s", kw)
	case "amdgcn.set.fp8.clamping":
		return ir.Unique(p.Context(), &SetFP8ClampingAttr{}), nil
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `amdg`", mnemonic)
}
