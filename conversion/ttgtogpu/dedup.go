package ttgtogpu

import (
	"math/bits"

	"github.com/ttcompiler/tt/ir"
)

// Registers of an elementwise result that axis info proves equal need one
// computation. Where a result is constant over aligned groups of c
// elements along a dimension (its constancy; cols < n with n divisible by
// 16 is constant over groups of 16 columns, say), every register of a
// thread whose group starts at another of its registers takes that
// register's value instead of computing its own: a kernel's mask is then
// one comparison per vector, not one per element, as in Triton's
// lowering (its elementwise deduplication).

// dedupLeaders returns, for each register of op's result, the register
// whose value it can take (itself where none), or nil when no register
// can reuse another's.
func (l *lowering) dedupLeaders(op *ir.Operation, lay *regLayout) []int {
	if op.NumResults() != 1 || !op.Has(ir.Pure) || l.axis == nil {
		return nil
	}
	info, ok := l.axis.Info(op.Result(0))
	if !ok || len(info.Constancy) != len(lay.shape) {
		return nil
	}
	// clear[d] masks the low coordinate bits along d that only registers
	// set (no lane or warp does) and that stay inside a constant group.
	clear := make([]int32, len(lay.shape))
	any := false
	for d, c := range info.Constancy {
		if c <= 1 {
			continue
		}
		k := bits.TrailingZeros64(uint64(c)) // groups of 2^k are aligned
		for _, b := range lay.tidBases {
			if t := bits.TrailingZeros32(uint32(b[d])); b[d] != 0 && t < k {
				k = t
			}
		}
		if k > 0 {
			clear[d] = int32(1)<<k - 1
			any = true
		}
	}
	if !any {
		return nil
	}
	leaders := make([]int, lay.numRegs)
	reused := false
	for r := range leaders {
		leaders[r] = r
		if lead, ok := lay.regAt(cleared(lay.regs[r], clear)); ok && lead != r {
			leaders[r], reused = lead, true
		}
	}
	if !reused {
		return nil
	}
	return leaders
}

// cleared returns c with the bits of clear removed, dimension by dimension.
func cleared(c, clear []int32) []int32 {
	out := make([]int32, len(c))
	for d, x := range c {
		out[d] = x &^ clear[d]
	}
	return out
}
