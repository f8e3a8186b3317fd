package tttottg

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/passmgr"
)

// Options are the options of convert-triton-to-tritongpu.
type Options struct {
	// Target is the GPU target, e.g. "cuda:90" or "hip:gfx942" (required).
	Target         string
	NumWarps       int
	ThreadsPerWarp int
	NumCTAs        int
	// EnableSourceRemat keeps values whose users were not converted
	// alive through builtin.unrealized_conversion_cast instead of failing.
	EnableSourceRemat bool
}

// DefaultOptions are Triton's defaults (no target).
func DefaultOptions() Options { return Options{NumWarps: 4, ThreadsPerWarp: 32, NumCTAs: 1} }

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "convert-triton-to-tritongpu",
		DisplayName: "ConvertTritonToTritonGPU",
		Summary:     "Convert Triton to TritonGPU",
		Anchor:      "builtin.module",
		Dependent:   []*ir.Dialect{ttg.Dialect},
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			o := DefaultOptions()
			fs.StringVar(&o.Target, "target", "", "the GPU target, e.g., cuda:80, hip:gfx942")
			fs.IntVar(&o.NumWarps, "num-warps", 4, "number of warps")
			fs.IntVar(&o.ThreadsPerWarp, "threads-per-warp", 32, "number of threads per warp")
			fs.IntVar(&o.NumCTAs, "num-ctas", 1, "number of ctas in a cga")
			fs.BoolVar(&o.EnableSourceRemat, "enable-source-remat", false, "enable trivial source rematerialization")
			return func(op *ir.Operation, _ *passmgr.State) error { return Convert(op, o) }
		},
	})
}

// Convert converts module from Triton IR to TritonGPU IR in place.
func Convert(module *ir.Operation, o Options) error {
	if o.Target == "" {
		return ir.Errorf(module.Loc(), "'convert-triton-to-tritongpu' requires 'target' option to be set")
	}
	if o.NumWarps <= 0 || o.ThreadsPerWarp <= 0 || o.NumCTAs <= 0 ||
		!numeric.IsPow2(o.NumWarps) || !numeric.IsPow2(o.ThreadsPerWarp) || !numeric.IsPow2(o.NumCTAs) {
		return ir.Errorf(module.Loc(), "'convert-triton-to-tritongpu' needs num-warps, threads-per-warp and num-ctas to be powers of two, got %d, %d and %d",
			o.NumWarps, o.ThreadsPerWarp, o.NumCTAs)
	}
	// The layouts below divide each extent over the threads.
	if err := resources.CheckExtents(module); err != nil {
		return err
	}
	// The warps of a ttg.warp_specialize already in the TTIR go in
	// warpgroups: refused here, not left to the verifier of the module
	// this pass would make.
	if o.NumWarps%4 != 0 {
		var ws *ir.Operation
		ir.WalkOps(module, func(op *ir.Operation) {
			if ws == nil && op.Name() == "ttg.warp_specialize" {
				ws = op
			}
		})
		if ws != nil {
			return ir.Errorf(ws.Loc(), "%s, got %d", ttg.WarpSpecializeWarpsError, o.NumWarps)
		}
	}
	ctx := module.Context()
	ctx.Load(ttg.Dialect)
	module.SetAttr(ttg.AttrNumWarps, ir.I32Attr(ctx, int64(o.NumWarps)))
	module.SetAttr(ttg.AttrThreadsPerWarp, ir.I32Attr(ctx, int64(o.ThreadsPerWarp)))
	module.SetAttr(ttg.AttrNumCTAs, ir.I32Attr(ctx, int64(o.NumCTAs)))
	module.SetAttr(ttg.AttrTarget, ir.StringAttrOf(ctx, o.Target))

	c := newConverter(ctx, o.NumWarps, o.ThreadsPerWarp, o.NumCTAs)
	if o.EnableSourceRemat {
		c.types.AddSourceMaterialization(func(b *ir.Builder, to ir.Type, inputs []ir.Value, loc ir.Location) ir.Value {
			if _, ok := to.(*ir.RankedTensorType); !ok {
				return nil
			}
			return b.CreateOp("builtin.unrealized_conversion_cast", loc, inputs, []ir.Type{to}).Result(0)
		})
	}
	c.types.AddTargetMaterialization(func(b *ir.Builder, to ir.Type, inputs []ir.Value, loc ir.Location) ir.Value {
		if _, ok := to.(*ir.RankedTensorType); !ok || len(inputs) != 1 {
			return nil
		}
		return ttg.NewConvertLayout(b, loc, inputs[0], to).Result(0)
	})
	patterns := []conversion.Pattern{c.genericPattern(), c.constantPattern()}
	patterns = append(patterns, c.ttPatterns()...)
	patterns = append(patterns, c.controlFlowPatterns()...)
	return conversion.Apply(module, &conversion.Config{
		Target:   c.target(),
		Patterns: patterns,
		Types:    c.types,
		Mode:     conversion.Partial,
	})
}
