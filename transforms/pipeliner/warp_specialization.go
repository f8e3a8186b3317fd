package pipeliner

import (
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/ttir"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "nvgpu-warp-specialization",
		DisplayName: "NVGPUWarpSpecialization",
		Summary:     "Automatic Warp specialization for NVIDIA GPU",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			// The number of buffers between producer and consumer
			// partitions (the loops' stage count in make_ttgir).
			numStages := fs.Int("num-stages", 0, "number of buffers for warp specialization")
			fs.Bool("dump-intermediate-steps", false, "Dump intermediate steps")
			// tt's own: how the two warpgroups of an 8-warp consumer
			// take turns at the tensor cores (ws_pingpong.go).
			turns := fs.String("turns", "twoblocks", "8-warp consumers of chained dots (tt's own): twoblocks, overlap, alternate or off")
			// tt's own: what setmaxnreg leaves a thread of an 8-warp
			// kernel's cp.async producer warpgroup.
			producerRegs := fs.Int("producer-registers", defaultProducerRegisters, "registers a thread of an 8-warp kernel's cp.async producer keeps (tt's own; a multiple of 8 from 24 to 256)")
			// tt's own: the budget of the ring of consumers taking
			// turns over the tiles (ttir.TileTurnsRing).
			ringOpt := fs.Int("tile-turns-ring", 0, "bytes of shared memory the ring of consumers taking turns over the tiles may take (tt's own; 0: 192 KB)")
			// tt's own: pairs of tiles over clusters of two CTAs
			// sharing the pairs' operand tiles by TMA multicast
			// (ws_cluster.go).
			clusterOpt := fs.String("cluster-pairs", "off", "on: a persistent 4-warp matmul whose pairs of tiles share an operand runs in clusters of two CTAs that multicast its tiles, so its grid's x must be even (tt's own, experimental; TT_X_CLUSTER_PAIRS overrides it)")
			return func(op *ir.Operation, st *passmgr.State) error {
				mode, err := parseTurns(passmgr.Experiment("TT_X_TURNS", *turns))
				if err != nil {
					return err
				}
				regs, err := producerRegisters(*producerRegs)
				if err != nil {
					return err
				}
				ring, err := ttir.TileTurnsRing(*ringOpt)
				if err != nil {
					return fmt.Errorf("nvgpu-warp-specialization: %w", err)
				}
				clusters, err := clusterPairs(*clusterOpt)
				if err != nil {
					return fmt.Errorf("nvgpu-warp-specialization: %w", err)
				}
				return WarpSpecialize(op, *numStages, mode, regs, ring, clusters, st.Emit)
			}
		},
	})
}

// WarpSpecialize is Hopper's automatic warp specialization
// (NVGPUWarpSpecialization) as tt builds it. Functions without a loop
// marked tt.warp_specialize, with a warp count other than 4, or with a
// conditional that has an else branch are left alone, as Triton leaves
// them. In the others each marked loop becomes a ttg.warp_specialize: a
// producer warpgroup issuing the loop's TMA loads into a ring of
// numStages shared-memory slots (a loop's tt.num_stages overrides it)
// guarded by full/empty mbarriers, and the loop's other work, the
// consumer, on the function's own warps (ws_plan.go, ws_build.go), its
// wgmma asynchronous where it can be (ws_async.go), cut over two consumer
// warpgroups of half the rows for a wide accumulator (ws_split.go). A
// marked loop of another shape is refused with a located error. As in
// Triton, the function's loops then get tt.num_stages = 0: the software
// pipeliner leaves them alone.
//
// Beyond Triton, loops tt-specialize-dot-chains marked
// tt.auto_warp_specialize are specialized where they can be and left
// alone otherwise, also in 8-warp functions: there the consumer is the
// function's two warpgroups, each warp handing a slot back after its own
// wgmmas (which must then be the slots' only readers), and pointer loads
// into shared memory move to a producer that issues cp.async copies, one
// warpgroup where its layouts can be taken to 4 warps (ws_relayout.go),
// else the function's warps (ws_build.go), and the two warpgroups take
// turns at the tensor cores as turns says (ws_pingpong.go). A 4-warp
// persistent kernel's tile loop marked tt.tile_turns gets two consumer
// warpgroups over its tiles: working on pairs of tiles, sharing an
// operand's tiles, where it is also marked tt.tile_pairs and the pairs'
// ring fits (ws_pairs.go), else taking turns (ws_tiles.go).
//
// producerRegs is what setmaxnreg leaves a thread of an 8-warp kernel's
// cp.async producer warpgroup; ringBytes is the budget of the ring of
// the two consumers over the tiles; with clusterPairs, pairs of tiles span
// clusters of two CTAs where they can (ws_cluster.go). Remarks (how many
// blocks of chained dots a loop takes an iteration, and why) go to emit,
// when given.
func WarpSpecialize(module *ir.Operation, numStages int, turns Turns, producerRegs int64, ringBytes int, clusterPairs bool, emit func(*ir.Diagnostic)) error {
	var err error
	var ai *axisinfo.Module
	ir.WalkOps(module, func(fn *ir.Operation) {
		if err != nil || fn.Name() != "tt.func" {
			return
		}
		var loops, auto []*ir.Operation
		hasElse := false
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Name() == "scf.for" && op.HasAttr(tt.AttrAutoWarpSpecialize) {
				auto = append(auto, op)
			} else if op.Name() == "scf.for" && op.HasAttr(attrWarpSpecialize) {
				loops = append(loops, op)
			}
			if op.Name() == "scf.if" && op.NumRegions() > 1 && !op.Region(1).Empty() {
				hasElse = true
			}
		})
		defer func() {
			for _, l := range auto {
				l.RemoveAttr(tt.AttrAutoWarpSpecialize)
				l.RemoveAttr(tt.AttrTileTurns)
				l.RemoveAttr(tt.AttrTilePairs)
			}
		}()
		if len(loops)+len(auto) == 0 {
			return
		}
		n, ok := ttg.LookupNumWarps(fn)
		if !ok || (n != 4 && n != 8) || hasElse && len(loops) > 0 {
			return
		}
		// Plan every loop before rewriting any, so that a refused loop
		// leaves the function as it was.
		if ai == nil {
			ai = axisinfo.Analyze(module)
		}
		if n == 8 {
			// Triton leaves the loops of 8-warp functions alone, marked
			// or not (its tests assert it); tt specializes those its own
			// tt-specialize-dot-chains marked, where it can.
			loops = nil
		}
		var plans []*wsPlan
		for _, loop := range loops {
			if loop.ParentOfName("scf.for") != nil && loop.ParentOfName("scf.for").HasAttr(attrWarpSpecialize) {
				err = ir.OpErrorf(loop, "warp specialization of a tt.warp_specialize loop nested in another is not supported")
				return
			}
			var p *wsPlan
			if p, err = planWarpSpecialization(loop, ai, false); err != nil {
				return
			}
			plans = append(plans, p)
		}
		// A loop tt-specialize-dot-chains marked is specialized where it
		// can be, and otherwise left to the software pipeliner.
		for _, loop := range auto {
			if loop.ParentOfName("scf.for") != nil {
				continue
			}
			p, perr := planWarpSpecialization(loop, ai, n == 8)
			switch {
			case perr != nil:
			case isTileTurnsLoop(loop):
				// Two consumers over the tiles (pairs or turns), or nothing.
				if n == 4 {
					if p.tiles = planTiles(p); p.tiles != nil {
						if isTilePairsLoop(loop) {
							// Pairs where their ring fits, else turns.
							if p.pairs = planPairs(p); p.pairs != nil {
								if _, fits := tileTurnsSlots(p, 0, ringBytes); !fits {
									p.pairs = nil
								}
							}
						}
						if _, fits := tileTurnsSlots(p, 0, ringBytes); fits {
							plans = append(plans, p)
						}
					}
				}
			case n == 4 || slotsReadByWGMMAOnly(p) && wgmmasFitRegisters(p, n):
				plans = append(plans, p)
			}
		}
		if len(plans) == 0 {
			return
		}
		// The plans name the values their producers capture as they were
		// before any loop was rewritten: a later loop that reads an
		// earlier one's result (the epilogue loop of an unrolled one)
		// captures the warp_specialize result that took its place.
		replaced := map[ir.Value]ir.Value{}
		for _, p := range plans {
			for i, v := range p.outside {
				if r, ok := replaced[v]; ok {
					p.outside[i] = r
				}
			}
			stages := numStagesOrDefault(p.root.Operation, numStages)
			if err = checkNumStages(p.root.Operation, attrNumStages, stages); err != nil {
				return
			}
			if p.tiles != nil {
				stages, _ = tileTurnsSlots(p, stages, ringBytes)
			}
			var split *wsSplit
			if n == 4 && p.tiles == nil {
				split = planSplit(p)
			}
			planTurns := turns
			if turns == TurnsTwoBlocks {
				// Two more slots and the registers of a second block, or
				// the overlap (ws_twoblocks.go).
				planTurns = TurnsOverlap
				if first, second := chainedDots(p.root.Operation); n == 8 && p.tiles == nil && first != nil {
					why, base := twoBlocksRefused(p, n, max(stages, 1), first, second)
					switch {
					case why != "":
						emitter(emit).remark(p.root.Operation, "the loop's consumers take one block of its chained dots an iteration, not two: "+why)
					default:
						if base < max(stages, 1) {
							emitter(emit).remark(p.root.Operation, fmt.Sprintf("the loop's consumers take two blocks of its chained dots an iteration on a ring of %d slots: %d stages and a second block's %d slots do not fit in shared memory",
								base+twoBlocksExtraSlots, stages, twoBlocksExtraSlots))
						}
						stages, planTurns = base+twoBlocksExtraSlots, TurnsTwoBlocks
					}
				}
			}
			if err = wsBuild(p, max(stages, 1), split, n, planTurns, producerRegs, clusterPairs, replaced); err != nil {
				return
			}
		}
		// The partitions' loops are scheduled already: the pipeliner must
		// leave them alone. A function with loops Triton's user marked
		// keeps every loop unpipelined, as it always has here; with tt's
		// own, the loops outside the partitions go to the pipeliner: the
		// pointer kernel of the TMA guard's else branch, which programs
		// with a single tile run (tt-tma-loads).
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Name() == "scf.for" && (len(loops) > 0 || insideWarpSpecialize(op)) {
				setI32(op, attrNumStages, 0)
			}
		})
	})
	return err
}

// wgmmaSpareRegisters is what a wgmma needs in registers besides its
// accumulator and register operand (descriptors, addresses, predicates):
// ptxas asked for 154 registers to assemble a wgmma with a 128-register
// accumulator (H200, CUDA 13, 2026-11-29).
const wgmmaSpareRegisters = 32

// wgmmasFitRegisters reports whether ptxas can assemble the loop's wgmmas
// once it is specialized into an n-warp consumer and its producer: ptxas
// assembles the whole kernel within the registers the launch leaves each
// thread (.maxnreg: the register file over all the warps), whatever
// setmaxnreg gives the consumer at run time. A 128x256 matmul tile on 8
// warps with the 8-warp cp.async producer gets 128 a thread, too few for
// its wgmma (C7602); it stays with the software pipeliner.
func wgmmasFitRegisters(p *wsPlan, n int) bool {
	maxnreg := launchRegisters(p, n)
	fits := true
	ir.WalkOps(p.root.Operation, func(op *ir.Operation) {
		if op.Name() == "ttng.warp_group_dot" &&
			regsPerThread(op.Result(0).Type())+regsPerThread(op.Operand(0).Type())+wgmmaSpareRegisters > maxnreg {
			fits = false
		}
	})
	return fits
}

// launchRegisters is the registers a thread of the plan's kernel, an
// n-warp consumer and its producer, may use: the register file over all
// its warps, within the module's ttg.maxnreg where it has one (the row
// split's two CTAs an SM). ptxas assembles the whole kernel within it.
func launchRegisters(p *wsPlan, n int) int {
	module := ttg.ModuleOf(p.root.Operation)
	warps := n + p.producerWarps(n)
	maxnreg := 64 * 1024 / (warps * ttg.ThreadsPerWarp(module)) / 8 * 8
	if a, ok := module.Attr(ttg.AttrMaxNReg).(*ir.IntegerAttr); ok && a.Int() > 0 {
		maxnreg = min(maxnreg, int(a.Int()))
	}
	return maxnreg
}

// slotsReadByWGMMAOnly reports whether every use of the plan's loads goes,
// through local_allocs and memdesc views, to warp_group_dot operands: an
// 8-warp consumer's warps then each hand a slot back after their own
// (warp-synchronous) wgmma wait, without a CTA barrier.
func slotsReadByWGMMAOnly(p *wsPlan) bool {
	var work []ir.Value
	for _, l := range p.loads {
		work = append(work, l.Result(0))
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range ir.Users(v) {
			switch {
			case u.Name() == "ttg.local_alloc" || isMemDescView(u):
				work = append(work, u.Result(0))
			case u.Name() == "ttng.warp_group_dot" && !ttng.IsAsyncWarpGroupDot(u):
			default:
				return false
			}
		}
	}
	return true
}

// insideWarpSpecialize reports whether op is nested in a ttg.warp_specialize.
func insideWarpSpecialize(op *ir.Operation) bool {
	return op.ParentOfName("ttg.warp_specialize") != nil
}
