package ttir

import (
	"flag"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// fuseLocs builds the location MLIR gives an op created from several
// matched ops (FusedLoc::get): nested fused locations without metadata
// are flattened, unknown locations and duplicates dropped, and a single
// remaining location stands for itself.
func fuseLocs(ctx *ir.Context, locs ...ir.Location) ir.Location {
	var out []ir.Location
	seen := map[ir.Location]bool{}
	var add func(l ir.Location)
	add = func(l ir.Location) {
		switch x := l.(type) {
		case nil, *ir.UnknownLoc:
			return
		case *ir.FusedLoc:
			if x.Metadata == nil {
				for _, c := range x.Locs {
					add(c)
				}
				return
			}
		}
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	for _, l := range locs {
		add(l)
	}
	switch len(out) {
	case 0:
		return ir.Unknown(ctx)
	case 1:
		return out[0]
	}
	return ir.Fused(ctx, out, nil)
}

// isZeroConstant reports whether v is a constant integer zero or a
// floating-point zero of either sign, scalar or splat (MLIR's m_Zero and
// m_AnyZeroFloat).
func isZeroConstant(v ir.Value) bool {
	switch a := arith.ConstantAttrOf(v).(type) {
	case *ir.IntegerAttr:
		return ir.IsIntOrIndex(a.Typ) && a.Bits == 0
	case *ir.FloatAttr:
		return a.Value == 0
	case *ir.DenseElementsAttr:
		if !a.IsSplat() {
			return false
		}
		if a.IsFloat() {
			return a.Floats[0] == 0
		}
		return ir.IsIntOrIndex(a.Typ.ElementType()) && a.Ints[0] == 0
	}
	return false
}

// splatConstant returns the scalar element of a splat constant v (a
// dense splat or a scalar constant), or nil.
func splatConstant(ctx *ir.Context, v ir.Value) ir.Attribute {
	switch a := arith.ConstantAttrOf(v).(type) {
	case *ir.DenseElementsAttr:
		return a.SplatAttr(ctx)
	}
	return nil
}

// isSplatConstantOp reports whether op is a constant whose value is a
// splat dense elements attribute (m_Constant + isSplat).
func isSplatConstantOp(op *ir.Operation) bool {
	d, ok := ir.ConstantValue(op).(*ir.DenseElementsAttr)
	return ok && d.IsSplat()
}

// nanOf returns the quiet NaN of a float type, as APFloat::getNaN does.
func nanOf() float64 { return math.NaN() }

// tensorShape returns the shape of a ranked tensor type, or nil.
func tensorShape(t ir.Type) []int64 {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return rt.Dims
	}
	return nil
}

// equalInts reports whether two int64 slices are equal.
func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// scheduleTarget is the target tt's own schedule passes on the TTIR are
// told about (tt-translate passes them the compilation's options): the
// CUDA compute capability, the CTAs in a cluster and the warps per CTA.
// tile-turns, the schedule of 4-warp persistent matmuls whose two
// consumer warpgroups take turns over the tiles (on by default), concerns
// three of them (tt-persistent-programs, tt-tma-loads,
// tt-specialize-dot-chains).
type scheduleTarget struct {
	capability, numCTAs, numWarps *int
	tileTurns                     *string
	tileTurnsRing                 *int
}

// declareScheduleTarget declares a schedule pass's target options on fs.
func declareScheduleTarget(fs *flag.FlagSet) scheduleTarget {
	return scheduleTarget{
		capability:    fs.Int("capability", 0, "CUDA compute capability (major*10 + minor); 0: not an NVIDIA target"),
		numCTAs:       fs.Int("num-ctas", 1, "CTAs in a cluster"),
		numWarps:      fs.Int("num-warps", 4, "warps per CTA"),
		tileTurns:     fs.String("tile-turns", TileTurnsDefault, "pairs: 4-warp persistent matmuls on sm_90 whose k-steps and tiles fit load through TMA and get two consumer warpgroups working on pairs of tiles at once, sharing an operand's tiles where they can; on: the two consumer warpgroups take turns over the tiles; off: they keep two CTAs an SM (TT_X_TILE_TURNS overrides it)"),
		tileTurnsRing: fs.Int("tile-turns-ring", 0, "bytes of shared memory the ring of the consumers taking turns may take (0: 192 KB); a kernel whose k-steps fit it fewer than four times keeps two CTAs an SM"),
	}
}

// singleCTA reports whether the kernel is compiled for capability with
// one CTA a cluster, the configuration a schedule was measured on.
func (t scheduleTarget) singleCTA(capability int) bool {
	return *t.capability == capability && *t.numCTAs == 1
}

// scheduleMode reads the mode of one of tt's own schedule passes, which
// the experimental environment variable env overrides when set: auto,
// off, or one of the pass's other modes; another is an error naming the
// pass and its modes.
func scheduleMode(pass, mode, env string, others ...string) (string, error) {
	mode = passmgr.Experiment(env, mode)
	modes := append(append([]string{"auto"}, others...), "off")
	if slices.Contains(modes, mode) {
		return mode, nil
	}
	return "", fmt.Errorf("%s: unknown mode %q (%s)", pass, mode, strings.Join(modes, ", "))
}
