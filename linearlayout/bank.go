package linearlayout

import (
	"fmt"

	"github.com/ttcompiler/tt/numeric"
)

// Shared memory has 32 banks of 4 bytes; a warp's access is served in
// wavefronts, each reading or writing at most one 4-byte word per bank (a
// word read by several lanes is broadcast).
const (
	numBanks  = 32
	bankBytes = 4
)

// accessVector finds how many consecutive elements a thread can move with
// one shared-memory instruction: the largest v (a power of two, at most
// maxElems) such that v register bases of cvt (register... -> offset[,
// block]) are the offsets 1, 2, ..., v/2 and no other input reaches those
// low offset bits. It returns v and a register order putting those bases
// first (Triton's largestVectorisation with register permutation allowed).
func accessVector(cvt LinearLayout, maxElems int) (int, []int) {
	rk := cvt.mustIn(Register)
	regs := cvt.dimBases(rk)
	oi := cvt.mustOut(Offset)
	offStart, offLog2 := cvt.outs[oi].start, cvt.outs[oi].log2
	for v := maxElems; v >= 1; v /= 2 {
		k := log2u(uint64(v))
		if k > offLog2 {
			continue
		}
		var chosen []int
		used := map[int]bool{}
		for i := 0; i < k; i++ {
			want := uint64(1) << (offStart + i)
			for j, b := range regs {
				if b == want && !used[j] {
					chosen = append(chosen, j)
					used[j] = true
					break
				}
			}
		}
		if len(chosen) != k {
			continue
		}
		low := mask(k) << offStart
		clean := true
		for i, b := range cvt.bases {
			if cvt.inDimOf(i) == rk && used[i-cvt.ins[rk].start] {
				continue
			}
			if b&low != 0 {
				clean = false
				break
			}
		}
		if !clean {
			continue
		}
		perm := chosen
		for j := range regs {
			if !used[j] {
				perm = append(perm, j)
			}
		}
		return v, perm
	}
	perm := make([]int, len(regs))
	for i := range perm {
		perm[i] = i
	}
	return 1, perm
}

// permuteInDim reorders the bases of in dim name: new basis i is old basis
// perm[i].
func (l LinearLayout) permuteInDim(name string, perm []int) LinearLayout {
	k := l.mustIn(name)
	nb := append([]uint64(nil), l.bases...)
	d := l.ins[k]
	for i, p := range perm {
		nb[d.start+i] = l.bases[d.start+p]
	}
	return fromParts(l.ins, l.outs, nb)
}

// BankConflicts returns the number of extra shared-memory wavefronts per
// access that moving a tensor between the register layout reg and the shared
// layout smem causes, computed as Triton 3.6 does for Gluon's
// bank_conflicts (bankConflictsMemDesc): registers are vectorized as much as
// possible (up to 128 bits), smem's offsets are cut into vector, bank (one
// 32 x 4-byte row) and segment parts, and a conflict is a lane direction
// that falls inside the segment part: the result is 2^k - 1 where k is the
// dimension of (lane bases) ∩ (segment bases), the last lane bases being
// dropped when an access is wider than 32 bits (those lanes run in another
// phase). smem must be an offset[, block] layout of the same tensor.
func BankConflicts(reg, smem LinearLayout, bitwidth int) (_ int, err error) {
	defer guard(&err)
	if bitwidth <= 0 || !numeric.IsPow2(bitwidth) {
		return 0, fmt.Errorf("linearlayout: bit width %d is not a power of two", bitwidth)
	}
	if !smem.HasInDim(Offset) || !reg.HasInDim(Register) || !reg.HasInDim(Lane) {
		return 0, fmt.Errorf("linearlayout: BankConflicts needs a register layout and an offset layout")
	}
	reg = reg.RemoveZeroBasesAlongDim(Register)
	cvt, err := reg.InvertAndCompose(smem)
	if err != nil {
		return 0, err
	}
	vec, perm := accessVector(cvt, max(128/bitwidth, 1))
	reg = reg.permuteInDim(Register, perm)
	total := smem.TotalInDimSize()
	bank := min(int64(32*32/(vec*bitwidth)), total)
	if bank < 1 {
		bank = 1
	}
	seg := total / (bank * int64(vec))
	sm := smem.ReshapeIns([]Dim{{"vector", int32(vec)}, {"bank", int32(bank)}, {"segment", int32(seg)}})

	// Work on flattened outs: reg and smem share the tensor out dims.
	regF := reg.TransposeOuts(smem.OutDimNames()).FlattenOuts()
	lanes := regF.FlatBases(Lane)
	if n := log2u(uint64(max(vec*bitwidth/32, 1))); n > 0 {
		lanes = lanes[:max(len(lanes)-n, 0)]
	}
	segment := sm.FlattenOuts().FlatBases("segment")
	return (1 << len(intersectionBasis(segment, lanes, smem.TotalOutDimSizeLog2()))) - 1, nil
}

// AccessReport is the result of SimulateAccess.
type AccessReport struct {
	// Vector is the number of elements each lane moves per instruction.
	Vector int
	// Instructions is the number of shared-memory instructions each warp
	// issues to move its part of the tensor.
	Instructions int
	// Wavefronts is the number of wavefronts those instructions need, for
	// warp 0.
	Wavefronts int
	// MinWavefronts is the least number of wavefronts the same accesses
	// could need (each wavefront serving 32 distinct words).
	MinWavefronts int
}

// Conflicts returns the number of wavefronts lost to bank conflicts.
func (r AccessReport) Conflicts() int { return r.Wavefronts - r.MinWavefronts }

// SimulateAccess counts, by brute force, the shared-memory wavefronts warp 0
// needs to store (or load) its part of a tensor held in register layout reg
// to (from) shared layout smem, elements of bitwidth bits, each lane moving
// the largest vector of consecutive offsets its registers allow (up to 128
// bits). Lanes are served in phases of 128 bytes (all 32 lanes for 32-bit
// accesses, 16 for 64-bit, 8 for 128-bit); in each phase a bank serves one
// word per wavefront, and lanes reading the same word share it. This is the
// hardware model, independent of the algebra in BankConflicts; use it to
// check that a layout is conflict-free.
func SimulateAccess(reg, smem LinearLayout, bitwidth int) (_ AccessReport, err error) {
	defer guard(&err)
	if bitwidth <= 0 || !numeric.IsPow2(bitwidth) || bitwidth > 128 {
		return AccessReport{}, fmt.Errorf("linearlayout: bit width %d unsupported", bitwidth)
	}
	reg = reg.RemoveZeroBasesAlongDim(Register)
	cvt, err := reg.InvertAndCompose(smem)
	if err != nil {
		return AccessReport{}, err
	}
	vec, perm := accessVector(cvt, max(128/bitwidth, 1))
	cvt = cvt.permuteInDim(Register, perm)
	oi := cvt.mustOut(Offset)
	off := func(v uint64) int64 { return int64((v >> cvt.outs[oi].start) & mask(cvt.outs[oi].log2)) }

	vecBits := log2u(uint64(vec))
	nReg := cvt.InDimSizeLog2(Register)
	nLane := cvt.InDimSizeLog2(Lane)
	laneStart := cvt.ins[cvt.mustIn(Lane)].start
	regStart := cvt.ins[cvt.mustIn(Register)].start
	accessBytes := max(vec*bitwidth/8, 1)
	phaseLanes := numBanks * bankBytes / max(accessBytes, bankBytes)
	rep := AccessReport{Vector: vec}
	nLanes := 1 << nLane
	for instr := 0; instr < 1<<(nReg-vecBits); instr++ {
		rep.Instructions++
		base := uint64(instr<<vecBits) << regStart
		for p0 := 0; p0 < max(nLanes, 1); p0 += phaseLanes {
			words := map[int64]bool{}
			for lane := p0; lane < min(p0+phaseLanes, nLanes); lane++ {
				start := off(cvt.ApplyFlat(base|uint64(lane)<<laneStart)) * int64(bitwidth) / 8
				first := start / bankBytes
				last := (start + int64(accessBytes) - 1) / bankBytes
				for w := first; w <= last; w++ {
					words[w] = true
				}
			}
			perBank := make([]int, numBanks)
			worst := 0
			for w := range words {
				b := int(w % numBanks)
				perBank[b]++
				worst = max(worst, perBank[b])
			}
			rep.Wavefronts += worst
			rep.MinWavefronts += (len(words) + numBanks - 1) / numBanks
		}
	}
	return rep, nil
}
