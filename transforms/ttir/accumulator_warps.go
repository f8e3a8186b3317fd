package ttir

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Accumulators that a warpgroup cannot hold: how tt-translate compiles a
// 4-warp Hopper kernel whose loop carries more dot accumulators than its
// threads have registers for (tt's own decision, made on the TTIR before
// any stage, as RowSplitPlan's is).
//
// A wgmma accumulator lives in the registers of the warpgroup that issues
// the wgmma: a 128x128 f32 tile on one warpgroup is 128 registers a
// thread. Tutorial 06's attention backward at head dim 128 (BLOCK_N1 128,
// asked for 4 warps) carries two such tiles, dK and dV, through its loops:
// 256 registers a thread of accumulators alone, past the 255 ptxas gives a
// thread. Triton's kernel spills 1.9 KB a thread, ptxas serializes every
// wgmma of it, and it runs at 224 TFLOP/s on the H200. Asked for 8 warps,
// two warpgroups of 64 rows hold 128 registers each: Triton's kernel runs
// at 603, tt's (its chained-dot loops specialized on 12 warps) at 622
// (4,096 tokens; 685 and 747 at 16,384; docs/PERFORMANCE.md, 2026-11-29).
// At head dim 64 (64 registers a tile) the 4-warp kernel is the faster one.
//
// So a kernel asked for 4 warps for sm_90 on one CTA a cluster whose loop
// yields dot results of more than accumulatorOverflowRegs registers a
// thread is compiled as tt-translate compiles it asked for 8 warps, where
// that only moves work between warps: every dot's rows split into two
// warpgroups of 64 (M a multiple of 128), so each output element is the
// same chain of wgmma steps, and the kernel reduces and scans nothing (a
// reduction's tree changes with the warps that share it) and runs no inline
// asm that depends on its threads (inline_asm.go). Its results are
// the same bits. A kernel with a loop marked tt.warp_specialize keeps its
// warps: Triton's specializer cuts a large accumulator over consumer
// warpgroups of its own (a 128x256 TMA matmul on 4 warps gets two, and
// Triton's test_warp_specialization asserts it). The bound leaves fewer than 64 of a thread's 255
// registers for the operands, addresses and temporaries: the kernel
// spills whatever the schedule. TT_X_ACCUMULATOR_WARPS=off (experimental)
// keeps the warps asked for.

// accumulatorOverflowRegs is the most registers a thread of a 4-warp
// kernel may give to one loop's dot accumulators before tt compiles the
// kernel on 8 warps.
const accumulatorOverflowRegs = 192

// AccumulatorWarps reports whether tt-translate compiles module, asked
// for numWarps warps for capability on numCTAs CTAs a cluster, on more
// warps because its dot accumulators do not fit, with the warps and the
// registers a thread the largest loop's accumulators need as asked.
func AccumulatorWarps(module *ir.Operation, numWarps, capability, numCTAs int) (warps int, regs int64, ok bool) {
	if numWarps != rowSplitFromWarps || capability != rowSplitCapability || numCTAs != 1 ||
		passmgr.Experiment("TT_X_ACCUMULATOR_WARPS", "on") == "off" {
		return 0, 0, false
	}
	threads := int64(numWarps * 32)
	eligible := true
	ir.WalkOps(module, func(op *ir.Operation) {
		switch op.Name() {
		case tt.ReduceDef.Name, tt.ScanDef.Name:
			eligible = false
		case tt.InlineAsmDef.Name:
			eligible = eligible && !threadDependentAsm(op)
		case tt.DotDef.Name, tt.DotScaledDef.Name:
			rt, isTensor := op.Result(0).Type().(*ir.RankedTensorType)
			eligible = eligible && isTensor && len(rt.Dims) == 2 && rt.Dims[0] > 0 && rt.Dims[0]%rowSplitRows == 0
		case "scf.for":
			// A loop marked for Triton's warp specialization gets
			// consumer warpgroups that share a large accumulator
			// from the specializer itself, on the warps asked for.
			eligible = eligible && !op.HasAttr(tt.AttrWarpSpecialize)
			regs = max(regs, yieldedDotRegs(op, threads))
		}
	})
	if !eligible || regs <= accumulatorOverflowRegs {
		return 0, regs, false
	}
	return 2 * numWarps, regs, true
}

// yieldedDotRegs returns the registers a thread of threads holds of the
// dot results loop's body yields to its next iteration: the accumulators
// it carries.
func yieldedDotRegs(loop *ir.Operation, threads int64) int64 {
	if loop.NumRegions() == 0 || loop.Region(0).Empty() {
		return 0
	}
	yield := loop.Region(0).Front().Terminator()
	if yield == nil {
		return 0
	}
	var regs int64
	seen := map[ir.Value]bool{}
	for _, v := range yield.Operands() {
		def := v.DefiningOp()
		if seen[v] || def == nil || def.ParentOp() != loop || (def.Name() != tt.DotDef.Name && def.Name() != tt.DotScaledDef.Name) {
			continue
		}
		seen[v] = true
		regs += threadRegs(v.Type(), threads)
	}
	return regs
}
