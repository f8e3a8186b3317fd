package ttir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// tt-hoist-epilogue-loads (tt's own pass, not Triton's) issues the loads of
// a tile's epilogue before the tile's K loop, in the tile loops whose
// consumer warpgroups take turns over the tiles or work on pairs of them
// (tt.tile_turns, which tt-specialize-dot-chains sets). What such an
// epilogue reads besides the accumulator (a bias row, a residual tile, a
// scale) depends only on the tile's coordinates; loaded after the K loop,
// its latency is the tensor cores' idle time, since a pair's two consumers
// reach their epilogues together (Triton's two CTAs an SM hide it behind
// the other CTA's K loop). Measured on the H200 (docs/PERFORMANCE.md,
// "Matmuls with fused epilogues"): an epilogue that loads cost tt 5-7% at
// 4096³ where it cost Triton 0-3%.
//
// A load moves with the pure ops its operands need when nothing it would
// move over may write memory (the K loop only reads, and no store or op of
// unknown effects precedes it after the loop), it is not volatile, and it
// does not depend on the K loop's results. The values it loads then stay
// live across the K loop: the loads move in program order while the
// registers they hold in a consumer thread stay within hoistRegisterBudget
// (the consumers' setmaxnreg budget holds the 128 registers of their
// accumulator and this). The ops that use the loaded values stay where
// they are. hoist=off, or TT_X_HOIST_EPILOGUE=off (experimental), disables
// the pass.
func hoistEpilogueLoadsPass() *passmgr.Pass {
	return &passmgr.Pass{
		Name:        "tt-hoist-epilogue-loads",
		DisplayName: "HoistEpilogueLoads",
		Anchor:      "builtin.module",
		Summary:     "issue the loads of a tile's epilogue before its K loop in the tile loops of consumers taking turns or working on pairs (tt's own)",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			mode := fs.String("hoist", "auto", "auto (the loads of the tile loops tt-specialize-dot-chains marked tt.tile_turns) or off")
			return func(op *ir.Operation, st *passmgr.State) error {
				m, err := scheduleMode("tt-hoist-epilogue-loads", *mode, "TT_X_HOIST_EPILOGUE")
				if m == "off" || err != nil {
					st.PreserveAll()
					return err
				}
				n := 0
				ir.WalkOps(op, func(loop *ir.Operation) {
					if loop.Name() == "scf.for" && loop.HasAttr(tt.AttrTileTurns) {
						n += hoistEpilogueLoads(loop)
					}
				})
				st.Stat("num-loads", "Number of epilogue loads issued before their K loop").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	}
}

// hoistRegisterBudget is the most registers a consumer thread (one
// warpgroup of 128) holds of the loads moved before one K loop. Measured
// on the H200 (docs/PERFORMANCE.md, "Matmuls with fused epilogues"): a
// bias row (one register) moved read +2.6% to +2.8% at 8192³ in three
// calls and -0.5% to +2.7% at 4096³, a scale the same as in place, a
// 128x128 f16 residual tile (32 registers) +0.3% and -1.2%: it stays.
const (
	hoistRegisterBudget = 16
	hoistThreads        = 128
)

// hoistEpilogueLoads moves the loads after the K loop of tileLoop's body
// before it, as the pass describes, and returns how many moved.
func hoistEpilogueLoads(tileLoop *ir.Operation) int {
	if tileLoop.NumRegions() == 0 || tileLoop.Region(0).Empty() {
		return 0
	}
	body := tileLoop.Region(0).Front()
	var kLoop *ir.Operation
	for o := body.First(); o != nil && kLoop == nil; o = o.Next() {
		if o.Name() == "scf.for" && ir.AnyOp(o, func(in *ir.Operation) bool { return in.Name() == tt.DotDef.Name }) {
			kLoop = o
		}
	}
	if kLoop == nil || !onlyReads(kLoop) {
		return 0
	}
	// movable: the ops after the K loop that may run before it (pure ops
	// and loads whose operands are defined before the K loop or by movable
	// ops); chosen: the loads that move and the ops they need.
	movable := map[*ir.Operation]bool{}
	chosen := map[*ir.Operation]bool{}
	operandsMovable := func(o *ir.Operation) bool {
		for _, v := range o.Operands() {
			d := v.DefiningOp()
			switch {
			case d == nil:
				// A block argument: the tile loop's, or an outer one.
			case d == kLoop:
				return false
			case d.Block() == body && kLoop.IsBeforeInBlock(d) && !movable[d]:
				return false
			}
		}
		return true
	}
	var need func(o *ir.Operation)
	need = func(o *ir.Operation) {
		if chosen[o] {
			return
		}
		chosen[o] = true
		for _, v := range o.Operands() {
			if d := v.DefiningOp(); d != nil && d.Block() == body && kLoop.IsBeforeInBlock(d) {
				need(d)
			}
		}
	}
	regs := int64(0)
	moved := 0
	for o := kLoop.Next(); o != nil; o = o.Next() {
		if o.NumRegions() > 0 {
			if !ir.IsMemoryEffectFree(o) {
				break // an op with regions that may write: nothing after it moves
			}
			continue
		}
		if o.Name() == tt.LoadDef.Name {
			if volatile, _ := o.Attr("isVolatile").(*ir.IntegerAttr); volatile == nil || !volatile.Bool() {
				if operandsMovable(o) {
					movable[o] = true
					if r := threadRegs(o.Result(0).Type(), hoistThreads); regs+r <= hoistRegisterBudget {
						regs += r
						need(o)
						moved++
					}
				}
			}
			continue
		}
		if ir.IsMemoryEffectFree(o) {
			if operandsMovable(o) {
				movable[o] = true
			}
			continue
		}
		if !onlyReads(o) {
			break // a store or an op of unknown effects: later loads stay
		}
	}
	if moved == 0 {
		return 0
	}
	// Move in program order, so that each op still follows what it uses.
	var order []*ir.Operation
	for o := kLoop.Next(); o != nil; o = o.Next() {
		if chosen[o] {
			order = append(order, o)
		}
	}
	for _, o := range order {
		o.MoveBefore(kLoop)
	}
	return moved
}
