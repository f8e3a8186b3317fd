package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// A gather is warp-local when every column along the gather axis lives in
// one warp in both the source and the index layout, and the two layouts
// place the other dimensions on the same warps and lanes (Triton's
// GatherLoweringHelper::isWarpLocal; the allocator reserves no scratch for
// it). The element a thread needs is then in its own warp: at the source
// location of (its other coordinates, the index), which is linear in the
// index's bits. Every source register is read from that lane with
// shfl.idx and the right register is selected.

// gatherWarpLocal reports whether the gather can stay within warps.
func gatherWarpLocal(src, idx *regLayout, axis int) bool {
	for _, l := range []*regLayout{src, idx} {
		for j := l.laneBits; j < len(l.tidBases); j++ {
			if l.tidBases[j][axis] != 0 {
				return false
			}
		}
	}
	if len(src.tidBases) != len(idx.tidBases) {
		return false
	}
	for j := range src.tidBases {
		for d := range src.tidBases[j] {
			if d != axis && src.tidBases[j][d] != idx.tidBases[j][d] {
				return false
			}
		}
	}
	return true
}

// srcLocation is a location in the source layout: register and lane bits.
type srcLocation struct{ reg, lane int64 }

// invertSource returns, for each coordinate bit of each dim, the source
// location holding it (the lowest one), or false if the source layout does
// not hold every element within one thread's registers and its warp's
// lanes.
func invertSource(src *regLayout) ([][]srcLocation, bool) {
	inv, err := src.ll.PseudoInvert()
	if err != nil {
		return nil, false
	}
	out := make([][]srcLocation, src.rank())
	names := dimNames(src.rank())
	for d := range out {
		for b := int64(1); b < src.shape[d]; b <<= 1 {
			vals := make([]int32, src.rank())
			vals[d] = int32(b)
			var loc srcLocation
			for _, o := range inv.Apply(dimValues(names, vals)...) {
				switch o.Name {
				case "register":
					loc.reg = int64(o.Value)
				case "lane":
					loc.lane = int64(o.Value)
				}
			}
			out[d] = append(out[d], loc)
		}
	}
	return out, true
}

// locate maps coordinates to their source location (XOR over the bits).
func locate(bitsLoc [][]srcLocation, c []int32) srcLocation {
	var r srcLocation
	for d, v := range c {
		for b, l := range bitsLoc[d] {
			if v>>b&1 != 0 {
				r.reg ^= l.reg
				r.lane ^= l.lane
			}
		}
	}
	return r
}

// lowerGatherWarpLocal emits the shuffles; idxVals are the index registers
// (in the result layout dst).
func (l *lowering) lowerGatherWarpLocal(e *emitter, src, dst *regLayout, axis int, vals, idxVals []ir.Value, bitsLoc [][]srcLocation) []ir.Value {
	nt := len(dst.tidBases)
	// Thread part of the source location of the other coordinates.
	laneCol := make([]int32, nt)
	regCol := make([]int32, nt)
	for j, tb := range dst.tidBases {
		c := append([]int32(nil), tb...)
		c[axis] = 0
		loc := locate(bitsLoc, c)
		laneCol[j], regCol[j] = int32(loc.lane), int32(loc.reg)
	}
	laneT := e.fs.threadPart(l, laneCol)
	regT := e.fs.threadPart(l, regCol)
	// Only the register bits the thread's coordinates and the index can
	// change are dynamic; the others are fixed per output register. Reading
	// just the source registers that differ in those bits keeps the cost
	// at (output registers) x (source registers along the axis) instead of
	// (output registers) x (all source registers).
	dynBits := dynamicRegBits(regCol, bitsLoc[axis], src.numRegs)
	out := make([]ir.Value, dst.numRegs)
	canon := dst.canonicalRegs()
	for i := range out {
		if canon[i] != i {
			out[i] = out[canon[i]]
			continue
		}
		c := append([]int32(nil), dst.regs[i]...)
		c[axis] = 0
		base := locate(bitsLoc, c)
		lane := e.xor(laneT, e.i32c(base.lane))
		reg := e.xor(regT, e.i32c(base.reg))
		// The index's bits move the location along the axis.
		x := e.intResize(idxVals[i], e.i32(), false)
		for b, loc := range bitsLoc[axis] {
			bit := e.andC(e.lshrC(x, int64(b)), 1)
			mask := e.sub(e.i32c(0), bit) // all ones when the bit is set
			if loc.lane != 0 {
				lane = e.xor(lane, e.andC(mask, loc.lane))
			}
			if loc.reg != 0 {
				reg = e.xor(reg, e.andC(mask, loc.reg))
			}
		}
		// Read each candidate source register from that lane, then pick
		// one by the dynamic bits, highest first.
		fixed := base.reg &^ dynBits.mask
		cands := make([]ir.Value, 1<<len(dynBits.bits))
		for k := range cands {
			cands[k] = e.shuffleDyn(shflIdx, vals[fixed|dynBits.deposit(k)], lane)
		}
		for k := len(dynBits.bits) - 1; k >= 0; k-- {
			sel := e.icmpC(llvm.ICmpNE, e.andC(reg, int64(1)<<dynBits.bits[k]), 0)
			half := len(cands) / 2
			next := make([]ir.Value, half)
			for r := range next {
				next[r] = e.selectV(sel, cands[r+half], cands[r])
			}
			cands = next
		}
		out[i] = cands[0]
	}
	return out
}

// regBitSet is a set of register-index bits, lowest first.
type regBitSet struct {
	bits []int
	mask int64
}

// deposit spreads the bits of k over the set's positions: bit j of k goes
// to register bit bits[j].
func (s regBitSet) deposit(k int) int64 {
	var r int64
	for j, b := range s.bits {
		if k>>j&1 != 0 {
			r |= 1 << b
		}
	}
	return r
}

// dynamicRegBits is the set of source register bits a gather's dynamic
// register index can differ in from its static part: the bits of the
// thread-dependent part (regCol) and of the axis bits' locations. When a
// location moves several register bits at once the set is every bit of
// the source's registers, which is always correct.
func dynamicRegBits(regCol []int32, axisLocs []srcLocation, numRegs int) regBitSet {
	var mask int64
	single := true
	add := func(v int64) {
		if v&(v-1) != 0 {
			single = false
		}
		mask |= v
	}
	for _, r := range regCol {
		add(int64(r))
	}
	for _, loc := range axisLocs {
		add(loc.reg)
	}
	all := int64(numRegs - 1)
	if !single {
		mask = all
	}
	mask &= all
	var s regBitSet
	s.mask = mask
	for b := 0; int64(1)<<b <= all; b++ {
		if mask>>b&1 != 0 {
			s.bits = append(s.bits, b)
		}
	}
	return s
}

func dimValues(names []string, vals []int32) []linearlayout.DimValue {
	out := make([]linearlayout.DimValue, len(names))
	for i, n := range names {
		out[i] = linearlayout.DimValue{Name: n, Value: vals[i]}
	}
	return out
}
