package ttir

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Two consumer warpgroups: how tt-translate compiles a 4-warp Hopper
// kernel whose loop chains two dots (tt's own decision, made before
// make_ttgir, as tt-persistent-programs' is).
//
// In Triton's schedule such a kernel (attention at head dim 64: S = QKᵀ,
// the softmax, O += PV, on 128 rows) runs on one warpgroup that issues
// its copies, its wgmmas and its softmax in turn, two CTAs an SM. Compiled
// for 8 warps instead, tt-specialize-dot-chains marks the loop and
// nvgpu-warp-specialization gives it a cp.async producer warpgroup and
// two consumer warpgroups of 64 rows each: 12 warps. Alone on its SM
// (.maxnreg 168) that kernel read 0.90 of Triton's; with .maxnreg 80 two
// CTAs share the SM again (the producer keeps 24 registers a thread, each
// consumer warpgroup gets 104), and with the consumers taking turns at
// the tensor cores (turns=alternate: four consumer warpgroups an SM, each
// running its softmax while another's wgmmas run) it read 1.05-1.06 of
// Triton's kernel, where the 4-warp kernel compiled as Triton does reads
// 0.99-1.00 (H200, docs/PERFORMANCE.md, 2026-11-29). The outputs are the
// same bits: each row's arithmetic is unchanged, only which warps do it.
//
// The plan applies where the consumer's tensors fit its 104 registers: a
// thread of the 8-warp kernel holds its share of the loop's carried
// tensors, of the dots' results and of the dot operands the loop computes
// in registers (operands loaded from memory go through shared memory);
// rowSplitTensorRegs of them leave 16 registers for addresses, indices and
// the softmax's temporaries (head dim 64 needs 82: ptxas fit its
// consumer without spills). Head dim 128 on 4 warps needs 114: it is
// compiled on the 12 warps alone on the SM that tt-translate gives it when
// asked for 8 warps (the consumers get 232 registers from setmaxnreg),
// 497-501 TFLOP/s against 427 as asked (TMA loads, H200, 2026-11-29),
// where a consumer thread's tensors fit rowSplitOneCTARegs; larger ones
// keep Triton's schedule, unless their accumulators alone overflow the
// 4 warps (accumulator_warps.go: the kernel then arrives here asked for 8). Loops that load through tensor descriptors
// (tutorial 06's attention) get a producer of TMA copies instead of
// cp.async: 1.08-1.11x of Triton's 4-warp kernel at head dim 64 (H200,
// 2026-11-29). A loop the kernel marked tt.warp_specialize (tutorial
// 06's default on Hopper) is split the same way rather than specialized
// on the kernel's 4 warps (one consumer warpgroup, 268 TFLOP/s against
// the split's 430). tt-translate checks the result after make_ttgir and
// compiles the kernel again as asked when the loop was not specialized
// or the SM's shared memory does not hold the CTAs the schedule assumed.
// TT_X_SPLIT_ROWS=off (experimental) turns the plan off.

// RowSplit is how tt-translate compiles a kernel RowSplitPlan takes: on
// RowSplitWarps warps (the ttgir stage's num-warps), and with two CTAs an
// SM its register bound (MaxNReg, which becomes ttg.maxnreg) and the
// warp specialization's turns and producer registers; with one, as
// tt-translate compiles such a kernel asked for 8 warps (attention at
// head dim 128: 1.17x of the same kernel on 4 warps, H200, 2026-11-29).
type RowSplit struct {
	CTAsPerSM    int
	MaxNReg      int    // 0: none
	ProducerRegs int    // 0: the pass's default
	Turns        string // "": the pass's default
	// KeyLoopTMA: the key loop's loads through TMA, each program making
	// its maps (tt-tma-loads' keyloops mode). Two CTAs an SM overlap one
	// another's start, which the maps lengthen: attention at head dim 64
	// gains 2-4% (H200, 2026-12-02); alone on its SM, head dim 128 reads
	// level at 4096 keys.
	KeyLoopTMA bool
}

// The two schedules: two CTAs an SM where a consumer thread's tensors fit
// rowSplitTensorRegs registers, one where they fit rowSplitOneCTARegs
// (the consumers then get what setmaxnreg gives 12 warps alone on the SM;
// head dim 128 needs 114).
var (
	rowSplitTwoCTAs = RowSplit{CTAsPerSM: 2, MaxNReg: 80, ProducerRegs: 24, Turns: "alternate", KeyLoopTMA: true}
	rowSplitOneCTA  = RowSplit{CTAsPerSM: 1}
)

const (
	RowSplitWarps      = 8
	rowSplitFromWarps  = 4
	rowSplitCapability = 90
	rowSplitTensorRegs = 88
	rowSplitOneCTARegs = 128
	rowSplitRows       = 128 // the dots' rows: 64 per consumer warpgroup, wgmma's M
)

// RowSplitPlan reports whether tt-translate compiles module, asked for
// with numWarps warps for capability on one CTA a cluster, on
// RowSplitWarps warps, and how. A module with inline asm that depends on
// its threads (inline_asm.go) keeps the warps it asked for.
func RowSplitPlan(module *ir.Operation, numWarps, capability, numCTAs int) (RowSplit, bool) {
	if numWarps != rowSplitFromWarps || capability != rowSplitCapability || numCTAs != 1 ||
		passmgr.Experiment("TT_X_SPLIT_ROWS", "auto") == "off" || passmgr.Experiment("TT_X_SPECIALIZE", "auto") == "off" {
		return RowSplit{}, false
	}
	if module.NumRegions() == 0 || module.Region(0).Empty() || ir.AnyOp(module, threadDependentAsm) {
		return RowSplit{}, false
	}
	most := int64(-1)
	for _, fn := range module.Region(0).Front().Ops() {
		if fn.Name() != "tt.func" {
			continue
		}
		for _, loop := range dotLoops(fn, false) {
			regs, ok := rowSplitRegs(loop)
			if !ok {
				return RowSplit{}, false
			}
			most = max(most, regs)
		}
	}
	switch {
	case most < 0:
		return RowSplit{}, false
	case most <= rowSplitTensorRegs:
		return rowSplitTwoCTAs, true
	case most <= rowSplitOneCTARegs:
		return rowSplitOneCTA, true
	}
	return RowSplit{}, false
}

// rowSplitRegs returns the registers a consumer thread holds of the
// chained-dot loop's tensors, and whether its dots split into two
// warpgroups of rows.
func rowSplitRegs(loop *ir.Operation) (int64, bool) {
	share := func(t ir.Type) int64 { return threadRegs(t, RowSplitWarps*32) }
	if loop.NumRegions() == 0 || loop.Region(0).Empty() || loop.Region(0).Front().NumArguments() == 0 {
		return 0, false // not a loop the verifier accepted; leave it to the pipeline's diagnostics
	}
	body := loop.Region(0).Front()
	yield := body.Terminator()
	yielded := map[ir.Value]bool{}
	if yield != nil {
		for _, v := range yield.Operands() {
			yielded[v] = true
		}
	}
	var regs int64
	for _, a := range body.Arguments()[1:] { // after the induction variable
		regs += share(a.Type())
	}
	ok := true
	for _, op := range body.Ops() {
		if op.Name() != "tt.dot" {
			continue
		}
		rt, isTensor := op.Result(0).Type().(*ir.RankedTensorType)
		if !isTensor || len(rt.Dims) != 2 || rt.Dims[0]%rowSplitRows != 0 {
			ok = false
		}
		if !yielded[op.Result(0)] {
			regs += share(op.Result(0).Type())
		}
		for _, x := range op.Operands()[:2] {
			if loop.IsAncestorOf(x.DefiningOp()) && !loadedOperand(x) {
				regs += share(x.Type())
			}
		}
	}
	return regs, ok
}

// loadedOperand reports whether a dot operand is loaded from global memory
// (tt.load, tt.descriptor_load), seen
// through the ops that only rearrange it (those go through shared memory
// with it).
func loadedOperand(v ir.Value) bool {
	for {
		def := v.DefiningOp()
		if def == nil {
			return false
		}
		switch def.Name() {
		case "tt.load", "tt.descriptor_load":
			return true
		case "tt.trans", "tt.reshape", "ttg.convert_layout":
			v = def.Operand(0)
		default:
			return false
		}
	}
}

// threadRegs is the 32-bit registers one of threads threads holds of a
// tensor of type t spread evenly over them (at least one; pointers take
// two), 0 for a type that is not a tensor.
func threadRegs(t ir.Type, threads int64) int64 {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return 0
	}
	bits := int64(ir.BitWidth(rt.Elem))
	if bits == 0 {
		bits = 64 // pointers
	}
	return max((rt.NumElements()*bits/32+threads-1)/threads, 1)
}
