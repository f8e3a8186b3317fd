package ttir

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// tt-specialize-dot-chains (tt's own pass, not Triton's) asks Hopper's
// warp specialization for the loops where it was measured to pay without
// the kernel asking: loops of 8-warp kernels whose iteration chains two
// dots, the second reading what the first computed (attention: S = QKᵀ,
// the softmax, then O += PV). Such a kernel's two warpgroups each own
// half of the rows, and in the plain software pipeline both issue the
// copies and meet at CTA barriers, so their softmaxes run at the same
// time while the tensor cores idle. Specialized (nvgpu-warp-specialization,
// which tt extends to 8-warp consumers and to pointer loads copied by a
// cp.async producer), the warpgroups only wait for the data they read and
// take turns at the tensor cores, each running its softmax under the
// other's wgmmas and its own (ws_pingpong.go; measured on an H200,
// docs/PERFORMANCE.md: attention at head dim 128 at 1.11x of Triton, from
// 1.02 with the software pipeline). A loop of one dot (a matmul) has nothing between its wgmmas to
// overlap and is left alone, as are kernels of other warp counts (with one
// warpgroup the consumer cannot overlap with itself: 0.67x measured at
// head dim 64).
//
// A module with inline asm that depends on its threads (inline_asm.go) is
// left as it is: the partitions' warps would run it.
//
// The pass only marks the loop (tt.auto_warp_specialize); the warp
// specialization pass specializes it when it can and otherwise leaves it
// to the software pipeliner, without an error (in a 4-warp function a loop
// the kernel marks tt.warp_specialize must specialize or is refused; in an
// 8-warp one Triton ignores the kernel's mark, and tt only follows this
// pass's). TT_X_SPECIALIZE=off (experimental) disables the pass;
// TT_X_SPECIALIZE=dots (experimental) marks the loops of one dot too, so
// that an 8-warp matmul can be measured specialized (with one warpgroup
// of cp.async producer its 12 warps leave ptxas room for a 128x256
// tile's wgmma), and the tile loops of 8-warp persistent kernels whose K
// loops load through TMA (tt-tma-loads' form: TT_X_TMA_LOADS=on, and
// TT_X_PERSISTENT=nested for the tile loop to hold the K loop; the
// consumer is then the rows cut over the warpgroups: 1.00-1.03 of Triton
// on the suite's 128x256 matmuls, H200, 2026-11-30, against 1.01 for
// the two-warpgroup persistent kernel).
//
// With tile-turns=pairs or on (pairs the default; tile-turns=off or
// TT_X_TILE_TURNS=off turns them off; tile_turns.go's withTileTurns) the
// pass marks the tile loops of 4-warp persistent kernels whose K loops
// load through TMA (which tile-turns has tt-persistent-programs and
// tt-tma-loads make) for two consumer warpgroups beside a TMA producer,
// each with a tile's accumulator: with on (tt.tile_turns) they take turns
// over the tiles, one running its epilogue while the other issues wgmmas
// (CUTLASS's ping-pong kernel; pipeliner/ws_tiles.go), measured on the
// H200 at 1.03 and 1.05 of Triton on the suite's 128x128 matmuls (4096
// and 8192) against 1.00 and 1.01 for two CTAs an SM; with pairs
// (tt.tile_pairs too) they work on two consecutive tiles at once, sharing
// an operand's tiles where they can (pipeliner/ws_pairs.go), 1.01-1.09 of
// Triton on four walks where the turns read 1.00-1.07 (docs/PERFORMANCE.md,
// 2026-11-30).

// specializeCapability and specializeWarps are the target and warp count
// the schedule was measured on.
const (
	specializeCapability = 90
	specializeWarps      = 8
)

func specializeDotChainsPass() *passmgr.Pass {
	return &passmgr.Pass{
		Name:        "tt-specialize-dot-chains",
		DisplayName: "SpecializeDotChains",
		Anchor:      "builtin.module",
		Summary:     "mark the loops of 8-warp Hopper kernels that chain two dots for warp specialization (tt's own)",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			target := declareScheduleTarget(fs)
			mode := fs.String("specialize", "auto", "auto (the loops of the shape the pass marks), dots (loops of one dot too; experimental) or off")
			return func(op *ir.Operation, st *passmgr.State) error {
				m, err := scheduleMode("tt-specialize-dot-chains", *mode, "TT_X_SPECIALIZE", "dots")
				if m == "off" || err != nil {
					st.PreserveAll()
					return err
				}
				ring, err := target.withTileTurns("tt-specialize-dot-chains")
				if err != nil {
					return err
				}
				if ir.AnyOp(op, threadDependentAsm) {
					// The partitions' warps would run it (inline_asm.go).
					st.PreserveAll()
					return nil
				}
				n := 0
				if target.singleCTA(specializeCapability) && *target.numWarps == specializeWarps {
					for _, loop := range dotLoops(op, m == "dots") {
						loop.SetAttr(tt.AttrAutoWarpSpecialize, ir.Unit(op.Context()))
						n++
					}
				}
				if ring > 0 {
					for _, loop := range tileLoops(op, ring) {
						loop.SetAttr(tt.AttrAutoWarpSpecialize, ir.Unit(op.Context()))
						loop.SetAttr(tt.AttrTileTurns, ir.Unit(op.Context()))
						if TilePairs(*target.tileTurns) {
							loop.SetAttr(tt.AttrTilePairs, ir.Unit(op.Context()))
						}
						n++
					}
				}
				st.Stat("num-loops", "Number of loops marked for warp specialization").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	}
}

// dotLoops returns the scf.for loops of the module's functions that
// neither hold nor sit in another loop and in whose body a tt.dot reads
// (through any ops of the body) the result of another, or with single
// any loop with a tt.dot in its body. A loop the kernel marked
// tt.warp_specialize is marked too: in an 8-warp function Triton leaves
// it alone, and so does tt unless this pass marked it.
func dotLoops(module *ir.Operation, single bool) []*ir.Operation {
	var out []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() != "scf.for" || op.HasAttr(tt.AttrAutoWarpSpecialize) || op.HasAttr(tt.AttrTMAFallback) ||
			op.ParentOfName("scf.for") != nil || op.ParentOfName("scf.while") != nil {
			return
		}
		nested := false
		var dots []*ir.Operation
		ir.WalkOps(op, func(in *ir.Operation) {
			switch {
			case in == op:
			case in.Name() == "scf.for" || in.Name() == "scf.while":
				nested = true
			case in.Name() == "tt.dot" && in.ParentOp() == op:
				dots = append(dots, in)
			}
		})
		if !nested && (single && len(dots) > 0 || chainsDots(op, dots)) {
			out = append(out, op)
		}
		if nested && single && tmaNest(op) {
			// A persistent kernel's tile loop whose K loop loads
			// through TMA (tt-tma-loads): the consumer is the rows
			// cut over the two warpgroups.
			out = append(out, op)
		}
	})
	return out
}

// chainsDots reports whether one of dots (ops of loop's body) reads a
// value computed, within the loop, from another's result.
func chainsDots(loop *ir.Operation, dots []*ir.Operation) bool {
	inLoop := slices.Options{Filter: loop.IsAncestorOf}
	for _, d := range dots {
		fwd := slices.ForwardOfValue(d.Result(0), inLoop)
		for _, other := range dots {
			if other != d && fwd.Contains(other) {
				return true
			}
		}
	}
	return false
}

// tileLoops returns the loops of the module that sit in no other loop and
// whose nested loops load through TMA into a tt.dot with k-steps that fit
// the turns' ring budget of ring bytes: a persistent kernel's tile loop,
// as tt-tma-loads leaves it (nvgpu-warp-specialization checks the rest of
// the shape).
func tileLoops(module *ir.Operation, ring int) []*ir.Operation {
	var out []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "scf.for" && op.ParentOfName("scf.for") == nil && op.ParentOfName("scf.while") == nil && tmaNest(op) && tileTurnsFit(op, ring) {
			out = append(out, op)
		}
	})
	return out
}

// tmaNest reports whether loop's nested loops hold tt.descriptor_load ops
// of tt-tma-loads' descriptors (ttg.AttrTensormapPool) and a tt.dot: a
// tile loop of tt-persistent-programs whose K loop tt moved onto TMA. A
// kernel written with its own descriptors (tl.make_tensor_descriptor, a
// descriptor argument) keeps the schedule it asked for: its epilogue
// buffers and its tl.range(warp_specialize=True) are its own.
func tmaNest(loop *ir.Operation) bool {
	desc, dot := false, false
	ir.WalkOps(loop, func(in *ir.Operation) {
		if in.ParentOp() == loop {
			return
		}
		switch in.Name() {
		case "tt.descriptor_load":
			if mk := in.Operand(0).DefiningOp(); mk != nil && mk.HasAttr(ttg.AttrTensormapPool) {
				desc = true
			}
		case "tt.dot":
			dot = true
		}
	})
	return desc && dot
}
