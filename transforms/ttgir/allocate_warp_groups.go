package ttgir

import (
	"flag"
	"math/bits"
	"sort"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-allocate-warp-groups",
		DisplayName: "TritonGPUAllocateWarpGroups",
		Summary:     "Allocate warp groups: give each ttg.warp_specialize partition its warps, pad to whole warpgroups, set ttg.total-num-warps and the partitions' registers",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				if !allocateWarpGroups(op) {
					// Only attributes the shared-memory allocation does
					// not read changed (padding changes the partitions'
					// warps, which it does).
					passmgr.Preserve[allocation.NvidiaPlan](st)
				}
				return nil
			}
		},
	})
}

// AllocateWarpGroups is Triton 3.6's tritongpu-allocate-warp-groups. The
// warps of a warp-specialized kernel are the module's ttg.num-warps (the
// default partition) followed by the partitions' warps; the kernel
// launches with enough warps for its largest ttg.warp_specialize, rounded
// up to whole warpgroups (ttg.total-num-warps), so that setmaxnreg, which
// acts per warpgroup, finds every warp present. It:
//
//   - pads each warp_specialize with empty partitions (powers of two,
//     largest first) to that many warpgroups;
//   - assigns each partition its first warp (warpGroupStartIds): from
//     ttg.num-warps up, the largest partitions first;
//   - where requestedRegisters is set and the partitions fill whole
//     warpgroups, gives each partition the most any partition of its
//     warpgroup asked for (rounded up to 8) and the default warps what the
//     others leave of the register file (actualRegisters, default first),
//     and records the starting per-thread budget as ttg.maxnreg;
//   - bounds a ttg.maxnreg already set (the user's) by the register file's
//     share of each thread of the launch (tt's own, above).
func AllocateWarpGroups(module *ir.Operation) { allocateWarpGroups(module) }

// allocateWarpGroups is AllocateWarpGroups; it reports whether it padded a
// warp_specialize with partitions.
func allocateWarpGroups(module *ir.Operation) (padded bool) {
	var wsOps []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == ttg.WarpSpecialize.Name {
			wsOps = append(wsOps, op)
		}
	})
	maxExtra := 0
	for _, op := range wsOps {
		maxExtra = max(maxExtra, sum(ttg.PartitionNumWarps(op)))
	}
	extraGroups := (maxExtra + 3) / 4
	for _, op := range wsOps {
		padded = padToWarpGroups(op, extraGroups) || padded
	}

	lanes := ttg.ThreadsPerWarp(module)
	base := ttg.NumWarps(module)
	total := base + 4*extraGroups
	ctx := module.Context()
	// The whole 64K register file, shared by every thread.
	maxnreg := 64 * 1024 / max(total*lanes, 1) / 8 * 8
	if a, ok := module.Attr(ttg.AttrMaxNReg).(*ir.IntegerAttr); ok && len(wsOps) > 0 {
		// The user's budget (--maxnreg), which may have been chosen for the
		// kernel's own ttg.num-warps, within what a launch of total warps
		// can give each thread: ptxas takes a larger .maxnreg at its word
		// and the launch then fails for want of registers
		// (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, tt's 12-warp matmul with
		// --maxnreg=176 on the H200). Below setmaxnreg's minimum of 24,
		// 24, as ptxas raises a smaller .maxnreg to it. Tt's deviation
		// from Triton, whose pass takes the attribute as it is.
		maxnreg = max(min(int(a.Int()), maxnreg), 24)
		module.SetAttr(ttg.AttrMaxNReg, ir.I32Attr(ctx, int64(maxnreg)))
	}
	for _, op := range wsOps {
		nw := ttg.PartitionNumWarps(op)
		order := make([]int, len(nw))
		for i := range order {
			order[i] = i
		}
		// Largest partitions take the lowest warps (stable for ties, as
		// llvm::sort happens to order Triton's tests).
		sort.SliceStable(order, func(a, b int) bool { return nw[order[a]] > nw[order[b]] })
		start := make([]int64, len(nw))
		next := base
		for _, i := range order {
			start[i] = int64(next)
			next += nw[i]
		}
		op.SetAttr("warpGroupStartIds", ir.DenseI32Array(ctx, start))

		req, ok := op.Attr("requestedRegisters").(*ir.DenseArrayAttr)
		if !ok || sum(nw)%4 != 0 || len(req.Ints) != len(nw) {
			continue
		}
		actual, ok := assignRegisters(nw, start, req.Ints, maxnreg, base, lanes)
		if !ok {
			continue
		}
		op.SetAttr("actualRegisters", ir.DenseI32Array(ctx, actual))
		// ptxas must start every warp from this budget for setmaxnreg to
		// have registers to hand out.
		module.SetAttr(ttg.AttrMaxNReg, ir.I32Attr(ctx, int64(maxnreg)))
	}
	module.SetAttr(ttg.AttrTotalNumWarps, ir.I32Attr(ctx, int64(total)))
	return padded
}

// assignRegisters computes actualRegisters (default warps first, then one
// entry per partition) or reports false when the default warps would get
// fewer than setmaxnreg's minimum of 24.
func assignRegisters(nw []int, start, req []int64, maxnreg, base, lanes int) ([]int64, bool) {
	type group struct {
		parts   []int
		maxRegs int
		warps   int
	}
	byStart := make([]int, len(nw))
	for i := range byStart {
		byStart[i] = i
	}
	sort.SliceStable(byStart, func(a, b int) bool { return start[byStart[a]] < start[byStart[b]] })
	var groups []*group
	for _, i := range byStart {
		if start[i]%4 == 0 || len(groups) == 0 {
			groups = append(groups, &group{})
		}
		g := groups[len(groups)-1]
		g.parts = append(g.parts, i)
		g.maxRegs = max(g.maxRegs, int((req[i]+7)/8*8))
		g.warps += nw[i]
	}
	budget := maxnreg * base * lanes
	for _, g := range groups {
		budget += (maxnreg - g.maxRegs) * g.warps * lanes
	}
	if budget <= 0 {
		return nil, false
	}
	leftover := budget / (base * lanes) / 8 * 8
	if leftover < 24 {
		return nil, false
	}
	out := make([]int64, 1+len(nw))
	out[0] = int64(leftover)
	for _, g := range groups {
		for _, i := range g.parts {
			out[1+i] = int64(g.maxRegs)
		}
	}
	return out, true
}

// padToWarpGroups adds empty partitions (warp counts halving powers of
// two) until the partitions fill groups warpgroups (op's partitions holder
// is rebuilt with the new regions), and reports whether it added any.
func padToWarpGroups(op *ir.Operation, groups int) bool {
	nw := ttg.PartitionNumWarps(op)
	add := groups*4 - sum(nw)
	if add <= 0 {
		return false
	}
	var pads []int
	for add > 0 {
		p := 1 << (bits.Len(uint(add)) - 1)
		pads = append(pads, p)
		add -= p
	}
	ctx := op.Context()
	holder := op.Region(1).Front().First()
	st := ir.NewState(ctx, holder.Name(), holder.Loc())
	for _, r := range holder.Regions() {
		st.AddRegion().TakeBody(r)
	}
	var types []ir.Type
	var locs []ir.Location
	for _, c := range op.Operands() {
		types = append(types, c.Type())
		locs = append(locs, c.Loc())
	}
	all := append([]int(nil), nw...)
	for _, p := range pads {
		all = append(all, p)
		blk := ir.NewBlock(ctx, types, locs)
		st.AddRegion().Append(blk)
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointToEnd(blk)
		b.CreateOp(ttg.WarpReturn.Def.Name, op.Loc(), nil, nil)
	}
	op.SetAttr("partitionNumWarps", ir.DenseI32Array(ctx, int64s(all)))
	if req, ok := op.Attr("requestedRegisters").(*ir.DenseArrayAttr); ok {
		// The padding partitions do nothing: they ask for the least
		// setmaxnreg can give, 24 (Triton 3.6 asks 16, which a warpgroup
		// of padding alone then gets, and setmaxnreg refuses; later
		// Tritons ask 24).
		regs := append([]int64(nil), req.Ints...)
		for range pads {
			regs = append(regs, 24)
		}
		op.SetAttr("requestedRegisters", ir.DenseI32Array(ctx, regs))
	}
	newHolder := ir.Create(st)
	op.Region(1).Front().InsertBefore(newHolder, holder)
	holder.Erase()
	return true
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func int64s(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}
