package nvvm

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Dialect is the nvvm dialect; it depends on llvm.
var Dialect = &ir.Dialect{Name: "nvvm", Dependents: []*ir.Dialect{llvm.Dialect}}

// Load registers the nvvm (and llvm) dialects in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

func init() {
	Dialect.ParseAttribute = parseAttribute
}

var (
	i32C = &asmfmt.Constraint{Summary: "32-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 32) }}
	i1C  = &asmfmt.Constraint{Summary: "1-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 1) }}
)

func specialRegister(name string, rangeable bool) *ir.OpDef {
	def := Dialect.NewOp("read.ptx.sreg."+name, ir.Pure)
	if rangeable {
		def.Inherent = []string{"range"}
		def.Parse = llvm.ParseRangedRegister
		def.Print = llvm.PrintRangedRegister
		def.Verify = llvm.VerifyRangedRegister
	} else {
		asmfmt.Install(def, asmfmt.Spec{
			Results: []asmfmt.Value{{Name: "res", Constraint: &asmfmt.Constraint{Summary: "integer", Check: func(t ir.Type) bool {
				_, ok := t.(*ir.IntegerType)
				return ok
			}}}},
			Format: "attr-dict `:` type($res)",
		})
	}
	SpecialRegisters[name] = def
	return def
}

// SpecialRegisters maps a PTX special register name ("tid.x") to the op
// that reads it.
var SpecialRegisters = map[string]*ir.OpDef{}

func init() {
	for _, n := range []string{"tid", "ntid", "ctaid", "nctaid", "clusterid", "nclusterid", "cluster.ctaid", "cluster.nctaid"} {
		for _, d := range []string{"x", "y", "z"} {
			specialRegister(n+"."+d, true)
		}
	}
	for _, n := range []string{"laneid", "warpsize", "warpid", "nwarpid", "smid", "nsmid", "gridid", "cluster.ctarank", "cluster.nctarank"} {
		specialRegister(n, true)
	}
	for _, n := range []string{"lanemask.eq", "lanemask.le", "lanemask.lt", "lanemask.ge", "lanemask.gt", "clock", "clock64", "globaltimer"} {
		specialRegister(n, false)
	}
}

// Barrier0Op is `nvvm.barrier0` (bar.sync 0).
var Barrier0Op = Dialect.NewOp("barrier0", 0)

func init() {
	asmfmt.Install(Barrier0Op, asmfmt.Spec{Format: "attr-dict"})
	Barrier0Op.AppendEffects = func(_ *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read}, ir.Effect{Kind: ir.Write})
	}
}
