package linearlayout

import (
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/numeric"
)

// In dims of the shared-memory layouts chosen by OptimalSwizzling.
const (
	// SwizzleVector: elements moved together by one lane (one vector access).
	SwizzleVector = "vector"
	// SwizzleBank: vectors that together fill the 32 banks once.
	SwizzleBank = "bank"
	// SwizzleSegment: the rows of 32 banks of one round.
	SwizzleSegment = "segment"
	// SwizzleReps: rounds; the scratch buffer holds one round at a time.
	SwizzleReps = "reps"
)

// OptimalSwizzling chooses a shared-memory layout for converting a tensor
// from register layout src to register layout dst through shared memory
// (vectorized ld.shared / st.shared), in the spirit of Triton 3.6's
// GenericSwizzling. The result maps (vector, bank, segment, reps) to the
// tensor's coordinates, all bits of element offsets in that order:
//
//   - vector: register bases common to both sides, at most 128 bits' worth,
//     extended with registers of one side to reach 32 bits when the common
//     part is narrower; every lane moves whole vectors.
//   - bank: the offsets inside one row of 32 banks x 4 bytes above the
//     vector.
//   - segment: the rows. A row direction that is a lane direction of one
//     side (among the lanes served in one phase: 32 lanes for accesses of at
//     most 4 bytes, 16 for 8 bytes, 8 for 16) would put two lanes in the same
//     bank of different rows, a conflict. So the segment directions are, as
//     in Triton's computeSegment, first unit directions independent of both
//     sides' phase lanes, then XORs a^b pairing a phase lane of src with one
//     of dst (the swizzle: the pair's two lanes land in different banks on
//     either side), and only when those run out, lane directions themselves.
//     All this is done modulo the vector span.
//   - reps: segment directions that are registers on both sides are split
//     off as rounds: the scratch buffer holds one round at a time.
//
// The layout is conflict-free whenever each side's phase lanes fit in one
// row, i.e. unless a side moves fewer bits per access than the vector. It
// departs from Triton's optimalSwizzlingLdSt in two ways that matter for
// conflicts: the vector is capped at 128 bits (Triton may extend it beyond,
// shrinking the bank row), and the phase lanes of a side are those of its
// actual access width. Broadcast (zero) register bases are dropped from src
// and dst first. The element bit width must be a power of two, at most 32.
func OptimalSwizzling(src, dst LinearLayout, bitwidth int) (_ LinearLayout, err error) {
	defer guard(&err)
	if bitwidth <= 0 || bitwidth > 32 || !numeric.IsPow2(bitwidth) {
		return LinearLayout{}, fmt.Errorf("linearlayout: OptimalSwizzling: bit width %d, want a power of two <= 32", bitwidth)
	}
	for _, l := range []LinearLayout{src, dst} {
		if !l.HasInDim(Register) || !l.HasInDim(Lane) {
			return LinearLayout{}, fmt.Errorf("linearlayout: OptimalSwizzling needs register and lane dims")
		}
	}
	if !sameNameSet(src.OutDimNames(), dst.OutDimNames()) {
		return LinearLayout{}, fmt.Errorf("linearlayout: OptimalSwizzling: out dims differ: %v vs %v", src.OutDimNames(), dst.OutDimNames())
	}
	dst = dst.TransposeOuts(src.OutDimNames())
	if !sameDims(src.outs, dst.outs) {
		return LinearLayout{}, fmt.Errorf("linearlayout: OptimalSwizzling: shapes differ: %v vs %v", src.OutDims(), dst.OutDims())
	}
	if !src.IsSurjective() || !dst.IsSurjective() {
		return LinearLayout{}, fmt.Errorf("linearlayout: OptimalSwizzling: layouts must cover the tensor")
	}
	src = src.RemoveZeroBasesAlongDim(Register)
	dst = dst.RemoveZeroBasesAlongDim(Register)
	dim := src.TotalOutDimSizeLog2()
	regSrc, regDst := src.FlatBases(Register), dst.FlatBases(Register)
	laneSrc, laneDst := src.FlatBases(Lane), dst.FlatBases(Lane)

	vbasis := vectorBasis(regSrc, regDst, laneSrc, laneDst, bitwidth)
	if len(vbasis) > dim {
		vbasis = vbasis[:dim]
	}
	var vspan span
	for i, v := range vbasis {
		vspan.add(v, i)
	}
	rowBits := log2u(uint64(numBanks * bankBytes * 8 / bitwidth)) // elements per bank row
	lenB := max(min(rowBits-len(vbasis), dim-len(vbasis)), 0)
	lenS := dim - len(vbasis) - lenB
	tileSrc := phaseLanes(regSrc, laneSrc, vbasis, bitwidth)
	tileDst := phaseLanes(regDst, laneDst, vbasis, bitwidth)
	sbasis := segmentBasis(vbasis, tileSrc, tileDst, dim, lenS)
	bbasis := complementUnitVectors(append(slices.Clone(vbasis), sbasis...), dim)

	// Rounds: segment directions that are registers on both sides.
	var seg, reps []uint64
	for _, s := range sbasis {
		if slices.Contains(regSrc, s) && slices.Contains(regDst, s) {
			reps = append(reps, s)
		} else {
			seg = append(seg, s)
		}
	}
	all := slices.Concat(vbasis, bbasis, seg, reps)
	if len(all) != dim || rankOf(all) != dim {
		return LinearLayout{}, fmt.Errorf("linearlayout: OptimalSwizzling: internal error: no bijective layout (vector %v, bank %v, segment %v)", vbasis, bbasis, sbasis)
	}
	ins := []dimInfo{
		{name: SwizzleVector, log2: len(vbasis)}, {name: SwizzleBank, log2: len(bbasis)},
		{name: SwizzleSegment, log2: len(seg)}, {name: SwizzleReps, log2: len(reps)},
	}
	return fromParts(ins, src.outs, all), nil
}

// vectorBasis returns the vector directions: the register bases common to
// both sides in src's register order (Triton's intersectionBasis), at most
// 128 bits' worth; if that is narrower than 32 bits, it is extended with
// registers of one side up to 32 bits, preferring the side whose extra
// registers are lanes of the other (the other side then reads within words).
func vectorBasis(regSrc, regDst, laneSrc, laneDst []uint64, bitwidth int) []uint64 {
	var vb []uint64
	for _, r := range regSrc {
		if slices.Contains(regDst, r) && !slices.Contains(vb, r) {
			vb = append(vb, r)
		}
	}
	if maxV := log2u(uint64(128 / bitwidth)); len(vb) > maxV {
		vb = vb[:maxV]
	}
	wordBases := log2u(uint64(32 / bitwidth))
	if len(vb) >= wordBases {
		return vb
	}
	fill := func(regs []uint64) []uint64 {
		r := slices.Clone(vb)
		for _, x := range regs {
			if len(r) == wordBases {
				break
			}
			if !slices.Contains(r, x) && rankOf(append(slices.Clone(r), x)) == len(r)+1 {
				r = append(r, x)
			}
		}
		return r
	}
	score := func(ext, otherLanes []uint64) int {
		n := 0
		for _, x := range ext[len(vb):] {
			if slices.Contains(otherLanes, x) {
				n++
			}
		}
		return 2*(len(ext)-len(vb)) + n
	}
	fs, fd := fill(regSrc), fill(regDst)
	if score(fd, laneSrc) > score(fs, laneDst) {
		return fd
	}
	return fs
}

// phaseLanes returns a basis, modulo the vector span, of the lane
// directions of one side that are served in the same phase: the side moves
// the longest prefix of the vector made of its registers per access, and a
// phase covers 128 bytes of accesses of at least 4 bytes. Lanes that stay
// within one access of another lane (broadcasts, or directions inside the
// vector) are dropped: they cause no conflict.
func phaseLanes(regs, lanes, vbasis []uint64, bitwidth int) []uint64 {
	n := 0
	for n < len(vbasis) && slices.Contains(regs, vbasis[n]) {
		n++
	}
	accessBits := (1 << n) * bitwidth
	phase := log2u(uint64(numBanks * bankBytes * 8 / max(accessBits, 32)))
	var s span
	for i, v := range vbasis {
		s.add(v, i)
	}
	var r []uint64
	for i := 0; i < min(phase, len(lanes)); i++ {
		if s.add(lanes[i], len(vbasis)+i) {
			r = append(r, lanes[i])
		}
	}
	return r
}

// segmentBasis chooses lenSeg row directions, independent modulo the vector
// span, avoiding the phase lanes of both sides where possible (Triton's
// computeSegment, carried out modulo the vector): unit directions
// independent of the vector and of both tiles, in increasing order; then,
// pairing the directions of each tile that are independent of the other
// (sorted), their XORs; then, when unavoidable, those directions themselves.
func segmentBasis(vbasis, tileSrc, tileDst []uint64, dim, lenSeg int) []uint64 {
	if lenSeg <= 0 {
		return nil
	}
	spanOf := func(groups ...[]uint64) *span {
		var s span
		n := 0
		for _, g := range groups {
			for _, v := range g {
				s.add(v, n%64)
				n++
			}
		}
		return &s
	}
	var seg []uint64
	free := spanOf(vbasis, tileSrc, tileDst)
	for b := 0; b < dim && len(seg) < lenSeg; b++ {
		if free.add(1<<b, 0) {
			seg = append(seg, 1<<b)
		}
	}
	if len(seg) >= lenSeg {
		return seg
	}
	only := func(tile, other []uint64) []uint64 {
		s := spanOf(vbasis, other)
		var r []uint64
		for _, v := range tile {
			if s.add(v, 0) {
				r = append(r, v)
			}
		}
		slices.Sort(r)
		return r
	}
	a, b := only(tileSrc, tileDst), only(tileDst, tileSrc)
	if len(a) > len(b) {
		a, b = b, a
	}
	conflicts := min(max(0, lenSeg-len(a)-len(seg)), len(a))
	for i := conflicts; i < len(a); i++ {
		seg = append(seg, a[i]^b[i])
	}
	seg = append(seg, a[:conflicts]...)
	seg = append(seg, b[:conflicts]...)
	// Complete with any independent direction if the tiles were too small
	// to pair (possible when they overlap).
	all := spanOf(vbasis, seg)
	for x := 0; x < dim && len(seg) < lenSeg; x++ {
		if all.add(1<<x, 0) {
			seg = append(seg, 1<<x)
		}
	}
	if len(seg) > lenSeg {
		seg = seg[:lenSeg]
	}
	return seg
}

// SharedConversion is a plan for a layout conversion through shared memory.
type SharedConversion struct {
	// Layout is the chosen layout (vector, bank, segment, reps) -> tensor
	// coordinates (see OptimalSwizzling).
	Layout LinearLayout
	// Scratch maps an element offset in the scratch buffer (the vector,
	// bank and segment bits) to the tensor coordinates it holds in round 0;
	// in round r the coordinates are XORed with Layout's reps bases selected
	// by the bits of r.
	Scratch LinearLayout
	// ScratchElems is the size of the scratch buffer in elements.
	ScratchElems int64
	// Rounds is the number of store/barrier/load rounds.
	Rounds int
	// StoreVector and LoadVector are the elements each lane moves per
	// st.shared and ld.shared.
	StoreVector, LoadVector int
}

// PlanSharedConversion chooses the shared layout for converting src to dst
// through shared memory (OptimalSwizzling) and derives the scratch size,
// the number of rounds and the access vector widths.
func PlanSharedConversion(src, dst LinearLayout, bitwidth int) (_ SharedConversion, err error) {
	defer guard(&err)
	l, err := OptimalSwizzling(src, dst, bitwidth)
	if err != nil {
		return SharedConversion{}, err
	}
	nOff := l.InDimSizeLog2(SwizzleVector) + l.InDimSizeLog2(SwizzleBank) + l.InDimSizeLog2(SwizzleSegment)
	scratch := fromParts([]dimInfo{{name: Offset, log2: nOff}}, l.outs, slices.Clone(l.bases[:nOff]))
	sc := SharedConversion{
		Layout:       l,
		Scratch:      scratch,
		ScratchElems: 1 << nOff,
		Rounds:       1 << l.InDimSizeLog2(SwizzleReps),
	}
	full := l.ReshapeIns([]Dim{{Offset, int32(l.TotalInDimSize())}})
	for i, side := range []LinearLayout{src, dst} {
		cvt, err := side.RemoveZeroBasesAlongDim(Register).InvertAndCompose(full)
		if err != nil {
			return SharedConversion{}, err
		}
		v, _ := accessVector(cvt, max(128/bitwidth, 1))
		if i == 0 {
			sc.StoreVector = v
		} else {
			sc.LoadVector = v
		}
	}
	return sc, nil
}

// FlatShared returns the chosen layout with its in dims merged into a single
// "offset" dim (vector, bank and segment bits low, reps bits high): a plain
// shared layout of the whole tensor, e.g. for SimulateAccess.
func FlatShared(swizzled LinearLayout) LinearLayout {
	return swizzled.ReshapeIns([]Dim{{Offset, int32(swizzled.TotalInDimSize())}})
}
