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

// MemInstr is how one side of a conversion moves its registers to or from
// shared memory.
type MemInstr int

const (
	// MemLdSt: ld.shared / st.shared, vectors of up to 128 bits per lane.
	MemLdSt MemInstr = iota
	// MemMatrix: ldmatrix / stmatrix, 8x8 matrices of 16-byte rows; each
	// lane moves one 32-bit word per matrix.
	MemMatrix
	// MemMatrixTrans: ldmatrix.trans / stmatrix.trans (16-bit elements).
	MemMatrixTrans
)

func (m MemInstr) String() string {
	switch m {
	case MemLdSt:
		return "ld/st.shared"
	case MemMatrix:
		return "ld/stmatrix"
	case MemMatrixTrans:
		return "ld/stmatrix.trans"
	}
	return fmt.Sprintf("MemInstr(%d)", int(m))
}

// SharedInstrs is the rule that lays out the scratch of a conversion
// through shared memory, after the instructions a target offers. Triton 3.6
// has two: its generic one (optimalSwizzlingLdSt: the default allocation,
// test-print-allocation, AMD) plans for ld.shared/st.shared; its NVIDIA one
// (optimalSwizzling over the LocalMemOpTiles of getSrcDstTiles: the
// allocation and lowering of allocate-shared-memory-nv and
// convert-triton-gpu-to-llvm) also weighs ldmatrix and stmatrix, and may
// then keep fewer elements per round.
type SharedInstrs struct {
	// Tiled selects the NVIDIA rule.
	Tiled bool
	// LdMatrix and StMatrix say which matrix instructions the NVIDIA rule
	// may plan for: loads (ldmatrix, sm_75) and stores (stmatrix, sm_90).
	LdMatrix, StMatrix bool
}

// NvidiaSharedInstrs is the NVIDIA rule for a compute capability (90 for
// sm_90), as Triton's NVIDIA TargetInfo answers supportLdMatrix and
// supportStMatrix.
func NvidiaSharedInstrs(computeCapability int) SharedInstrs {
	return SharedInstrs{Tiled: true, LdMatrix: computeCapability >= 75, StMatrix: computeCapability >= 90}
}

// OptimalSwizzling chooses a shared-memory layout for converting a tensor
// from register layout src to register layout dst through shared memory,
// as Triton 3.6's GenericSwizzling does (rule in chooses which of its two
// entry points). The result maps (vector, bank, segment, reps) to the
// tensor's coordinates, all bits of element offsets in that order:
//
//   - vector: the elements one access moves. The generic rule takes the
//     register bases common to both sides (at most 128 bits' worth) and,
//     when that is under 32 bits, fills it up to 32 with registers of one
//     side that are warps of the other, then warps. The NVIDIA rule makes
//     it exactly 128 bits: common registers, completed by the lanes that a
//     matrix instruction keeps contiguous.
//   - bank: the offsets inside one row of 32 banks x 4 bytes above the
//     vector.
//   - segment: the rows. A row direction that is an address lane of one
//     side (a lane served in the same phase: all 32 for accesses of at most
//     4 bytes, 16 for 8 bytes, 8 for 16, the row-address lanes of a matrix
//     instruction) would put two lanes in the same bank of different rows,
//     a conflict. So the segment directions are, as Triton's
//     computeSegment, first unit directions that are neither vector nor
//     address lanes of either side, then XORs a^b pairing an address lane
//     of src with one of dst (the swizzle: the pair's two lanes land in
//     different banks on either side), and only when those run out, lane
//     directions themselves.
//   - reps: segment directions that are registers on both sides are split
//     off as rounds: the scratch buffer holds one round at a time (but the
//     first two stay in the segment when both sides use a matrix
//     instruction, whose x4 form needs them).
//
// The NVIDIA rule tries every pair of instructions the target has (the
// first store and load instruction each the plain ones) and keeps the pair
// with the fewest bank conflicts, then the most rounds; if no pair fits,
// the generic rule decides. Broadcast (zero) register bases are dropped
// from src and dst first. The element bit width must be a power of two, at
// most 128.
//
// One departure from Triton: when the generic rule's fill leaves the
// vector narrower than 32 bits (no registers of one side are warps of the
// other, too few warps), the accesses are sub-word and Triton's layout may
// conflict; a vector filled with one side's registers instead is taken
// when the simulated accesses conflict less and the rounds are no larger,
// so the scratch size stays Triton's.
func OptimalSwizzling(src, dst LinearLayout, bitwidth int, in SharedInstrs) (_ LinearLayout, err error) {
	defer guard(&err)
	s, err := newSwizzleSides(src, dst, bitwidth)
	if err != nil {
		return LinearLayout{}, err
	}
	c, ok := s.choose(bitwidth, in)
	if !ok {
		return LinearLayout{}, fmt.Errorf("linearlayout: OptimalSwizzling: no bijective swizzled layout for %v -> %v", src, dst)
	}
	return c.parts.layout(s.outs), nil
}

// swizzleSides are the two sides of a conversion as the swizzling sees
// them: broadcast registers dropped, dst's out dims in src's order, bases
// flattened to element offsets (the first out dim lowest, as Triton's
// flattenOuts).
type swizzleSides struct {
	src, dst swizzleSide
	outs     []dimInfo
	dim      int // log2 of the tensor's elements
	// cvt caches the two InvertAndCompose maps between the sides' hardware
	// coordinates (0: dst to src, 1: src to dst).
	cvt    [2]LinearLayout
	cvtSet [2]bool
}

type swizzleSide struct {
	ll                LinearLayout // flattened outs
	regs, lanes, warp []uint64
}

func newSwizzleSides(src, dst LinearLayout, bitwidth int) (*swizzleSides, error) {
	if bitwidth <= 0 || bitwidth > 128 || !numeric.IsPow2(bitwidth) {
		return nil, fmt.Errorf("linearlayout: OptimalSwizzling: bit width %d, want a power of two <= 128", bitwidth)
	}
	for _, l := range []LinearLayout{src, dst} {
		if !l.HasInDim(Register) || !l.HasInDim(Lane) {
			return nil, fmt.Errorf("linearlayout: OptimalSwizzling needs register and lane dims")
		}
	}
	if !sameNameSet(src.OutDimNames(), dst.OutDimNames()) {
		return nil, fmt.Errorf("linearlayout: OptimalSwizzling: out dims differ: %v vs %v", src.OutDimNames(), dst.OutDimNames())
	}
	dst = dst.TransposeOuts(src.OutDimNames())
	if !sameDims(src.outs, dst.outs) {
		return nil, fmt.Errorf("linearlayout: OptimalSwizzling: shapes differ: %v vs %v", src.OutDims(), dst.OutDims())
	}
	if !src.IsSurjective() || !dst.IsSurjective() {
		return nil, fmt.Errorf("linearlayout: OptimalSwizzling: layouts must cover the tensor")
	}
	side := func(l LinearLayout) swizzleSide {
		f := l.RemoveZeroBasesAlongDim(Register).FlattenOuts()
		s := swizzleSide{ll: f, regs: f.FlatBases(Register), lanes: f.FlatBases(Lane)}
		if f.HasInDim(Warp) {
			for _, w := range f.FlatBases(Warp) {
				if w != 0 {
					s.warp = append(s.warp, w)
				}
			}
		}
		return s
	}
	return &swizzleSides{src: side(src), dst: side(dst), outs: src.outs, dim: src.TotalOutDimSizeLog2()}, nil
}

// swizzleParts are the bases of a chosen layout, by in dim.
type swizzleParts struct{ vector, bank, segment, reps []uint64 }

func (p swizzleParts) layout(outs []dimInfo) LinearLayout {
	ins := []dimInfo{
		{name: SwizzleVector, log2: len(p.vector)}, {name: SwizzleBank, log2: len(p.bank)},
		{name: SwizzleSegment, log2: len(p.segment)}, {name: SwizzleReps, log2: len(p.reps)},
	}
	return fromParts(ins, outs, slices.Concat(p.vector, p.bank, p.segment, p.reps))
}

// swizzleChoice is a chosen layout and the instruction of each side.
type swizzleChoice struct {
	parts       swizzleParts
	store, load MemInstr
}

// choose applies rule in. It fails only where Triton's construction
// would not give a bijective layout (an assertion in Triton).
func (s *swizzleSides) choose(bitwidth int, in SharedInstrs) (swizzleChoice, bool) {
	if in.Tiled {
		if c, ok := s.tiled(bitwidth, in); ok {
			return c, true
		}
	}
	p, ok := s.ldSt(bitwidth)
	return swizzleChoice{parts: p}, ok
}

// layoutFor completes a vector basis into a layout (Triton's
// optimalSwizzling core and buildReps): bank rows of 32 x 4 bytes, a
// segment avoiding the address lanes tileSrc and tileDst of the two sides
// (computeSegment), the rest bank (the unit directions outside the span of
// vector and segment), and the segment directions that are registers on
// both sides moved to reps, but for the first leaveReps of them.
func (s *swizzleSides) layoutFor(vbasis, tileSrc, tileDst []uint64, bitwidth, leaveReps int) (swizzleParts, bool) {
	if len(vbasis) > s.dim {
		return swizzleParts{}, false
	}
	rowBits := log2u(uint64(numBanks * bankBytes * 8 / ((1 << len(vbasis)) * bitwidth)))
	lenB := min(rowBits, s.dim-len(vbasis))
	lenS := s.dim - lenB - len(vbasis)
	seg := computeSegment(slices.Concat(vbasis, tileSrc), slices.Concat(vbasis, tileDst), s.dim, lenS)
	p := swizzleParts{vector: vbasis, bank: complementUnitVectors(slices.Concat(vbasis, seg), s.dim)}
	for i, x := range seg {
		switch {
		case slices.Contains(seg[:i], x):
			// Triton's SetVector keeps one copy; the layout is then not
			// bijective, which the check below refuses.
		case slices.Contains(s.src.regs, x) && slices.Contains(s.dst.regs, x) && leaveReps == 0:
			p.reps = append(p.reps, x)
		case slices.Contains(s.src.regs, x) && slices.Contains(s.dst.regs, x):
			leaveReps--
			p.segment = append(p.segment, x)
		default:
			p.segment = append(p.segment, x)
		}
	}
	all := slices.Concat(p.vector, p.bank, p.segment, p.reps)
	return p, len(all) == s.dim && rankOf(all) == s.dim
}

// computeSegment is Triton's computeSegment: lenSeg row directions that
// avoid bankSrc and bankDst (vector and address lanes of each side, zeros
// ignored) as far as possible.
func computeSegment(bankSrc, bankDst []uint64, dim, lenSeg int) []uint64 {
	var seg []uint64
	for b := 0; b < dim; b++ {
		if u := uint64(1) << b; !slices.Contains(bankSrc, u) && !slices.Contains(bankDst, u) {
			seg = append(seg, u)
		}
	}
	if len(seg) >= lenSeg {
		return seg[:lenSeg]
	}
	only := func(in, other []uint64) []uint64 {
		var r []uint64
		for _, v := range in {
			if v != 0 && !slices.Contains(other, v) && !slices.Contains(r, v) {
				r = append(r, v)
			}
		}
		slices.Sort(r)
		return r
	}
	a, b := only(bankSrc, bankDst), only(bankDst, bankSrc)
	if len(a) > len(b) {
		a, b = b, a
	}
	conflicts := min(max(0, lenSeg-len(a)-len(seg)), len(a))
	for i := conflicts; i < len(a); i++ {
		seg = append(seg, a[i]^b[i])
	}
	seg = append(seg, a[:conflicts]...)
	seg = append(seg, b[:conflicts]...)
	if len(seg) > lenSeg {
		seg = seg[:lenSeg]
	}
	return seg
}

// bankFill says which side's registers filled a vector narrower than a
// bank word (Triton's srcFillsBank).
type bankFill int

const (
	fillNone bankFill = iota
	fillSrc
	fillDst
)

// ldSt is Triton's optimalSwizzlingLdSt: the layout for plain ld.shared /
// st.shared on both sides.
func (s *swizzleSides) ldSt(bitwidth int) (swizzleParts, bool) {
	vb := intersectionBasis(s.src.regs, s.dst.regs, s.dim)
	if maxV := log2u(uint64(max(128/bitwidth, 1))); len(vb) > maxV {
		vb = vb[:maxV]
	}
	if (1<<len(vb))*bitwidth >= 32 {
		return s.ldStFor(vb, fillNone, bitwidth)
	}
	filled, fill := s.fillWord(vb, bitwidth)
	p, ok := s.ldStFor(filled, fill, bitwidth)
	if !ok || (1<<len(filled))*bitwidth >= 32 {
		return p, ok
	}
	// tt's departure: Triton's fill left the vector narrower than a bank
	// word, and sub-word vectors may leave bank conflicts. A vector filled
	// with one side's registers instead is taken when the accesses then
	// conflict less and the rounds are no larger.
	alt, fillAlt := s.fillWordFromRegisters(vb, bitwidth)
	if q, ok := s.ldStFor(alt, fillAlt, bitwidth); ok && len(q.reps) >= len(p.reps) &&
		s.simulatedConflicts(q, bitwidth) < s.simulatedConflicts(p, bitwidth) {
		return q, true
	}
	return p, true
}

// ldStFor is the rest of optimalSwizzlingLdSt for vector vb.
func (s *swizzleSides) ldStFor(vb []uint64, fill bankFill, bitwidth int) (swizzleParts, bool) {
	log2Vec := log2u(uint64(max(1, (1<<len(vb))*bitwidth/32)))
	drop := func(lanes []uint64) []uint64 { return lanes[:max(len(lanes)-log2Vec, 0)] }
	p, ok := s.layoutFor(vb, drop(s.src.lanes), drop(s.dst.lanes), bitwidth, 0)
	if !ok || log2Vec >= 2 {
		return p, ok
	}
	// The vector is at most 64 bits: bank rows that are registers of the
	// side that filled the vector (else of the side with more of them) come
	// first, so that side may move more than the vector per access.
	var inSrc, inDst []int
	for i, b := range p.bank {
		if slices.Contains(s.src.regs, b) {
			inSrc = append(inSrc, i)
		}
		if slices.Contains(s.dst.regs, b) {
			inDst = append(inDst, i)
		}
	}
	order := inDst
	if fill == fillSrc || fill == fillNone && len(inSrc) > len(inDst) {
		order = inSrc
	}
	for i := range p.bank {
		if !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	bank := make([]uint64, len(p.bank))
	for i, j := range order {
		bank[i] = p.bank[j]
	}
	p.bank = bank
	return p, true
}

// fillWordFromRegisters completes a vector of fewer than 32 bits towards
// 32 with registers of one side (the other side then reads or writes
// within words), preferring the side that gets further, then the one whose
// added registers are lanes of the other.
func (s *swizzleSides) fillWordFromRegisters(vb []uint64, bitwidth int) ([]uint64, bankFill) {
	perBank := log2u(uint64(32 / bitwidth))
	fill := func(regs []uint64) []uint64 {
		r := slices.Clone(vb)
		for _, x := range regs {
			if len(r) == perBank {
				break
			}
			if rankOf(append(slices.Clone(r), x)) == len(r)+1 {
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
	fs, fd := fill(s.src.regs), fill(s.dst.regs)
	if score(fd, s.src.lanes) > score(fs, s.dst.lanes) {
		return fd, fillDst
	}
	return fs, fillSrc
}

// simulatedConflicts counts the wavefronts both sides lose to bank
// conflicts moving warp 0's elements with layout p (SimulateAccess).
func (s *swizzleSides) simulatedConflicts(p swizzleParts, bitwidth int) int {
	all := slices.Concat(p.vector, p.bank, p.segment, p.reps)
	smem := fromParts([]dimInfo{{name: Offset, log2: len(all)}}, s.src.ll.outs, all)
	n := 0
	for _, side := range []swizzleSide{s.src, s.dst} {
		r, err := SimulateAccess(side.ll, smem, bitwidth)
		if err != nil {
			return 1 << 30
		}
		n += r.Conflicts()
	}
	return n
}

// fillWord completes a vector of fewer than 32 bits to 32 as Triton does:
// with the registers of one side that are warps of the other (the side
// with more of them, or whose lowest is lower), then warps of both sides,
// then warps of either.
func (s *swizzleSides) fillWord(vb []uint64, bitwidth int) ([]uint64, bankFill) {
	perBank := log2u(uint64(32 / bitwidth))
	notVec := func(regs []uint64) []uint64 {
		var r []uint64
		for _, x := range regs {
			if !slices.Contains(vb, x) {
				r = append(r, x)
			}
		}
		return r
	}
	srcWarp := intersectionBasis(notVec(s.src.regs), s.dst.warp, s.dim)
	dstWarp := intersectionBasis(notVec(s.dst.regs), s.src.warp, s.dim)
	fill := fillDst
	if len(srcWarp) == len(dstWarp) && len(srcWarp) > 0 {
		if slices.Min(srcWarp) < slices.Min(dstWarp) {
			fill = fillSrc
		}
	} else if len(srcWarp) > len(dstWarp) {
		fill = fillSrc
	}
	if fill == fillSrc {
		vb = append(slices.Clone(vb), srcWarp...)
	} else {
		vb = append(slices.Clone(vb), dstWarp...)
	}
	if len(vb) < perBank {
		vb = append(vb, intersectionBasis(s.src.warp, s.dst.warp, s.dim)...)
	}
	for i := 0; len(vb) < perBank && (i < len(s.src.warp) || i < len(s.dst.warp)); i++ {
		if i < len(s.src.warp) && !slices.Contains(vb, s.src.warp[i]) {
			vb = append(vb, s.src.warp[i])
		}
		if len(vb) < perBank && i < len(s.dst.warp) && !slices.Contains(vb, s.dst.warp[i]) {
			vb = append(vb, s.dst.warp[i])
		}
	}
	if len(vb) > perBank {
		vb = vb[:perBank]
	}
	return vb, fill
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
	// Store and Load are the instructions the layout was chosen for on the
	// source and destination side (MemLdSt but for the NVIDIA rule).
	Store, Load MemInstr
	// StoreVector and LoadVector are the elements each lane moves per
	// st.shared and ld.shared.
	StoreVector, LoadVector int
}

// PlanSharedConversion chooses the shared layout for converting src to dst
// through shared memory (OptimalSwizzling with rule in) and derives the
// scratch size, the number of rounds and the access vector widths.
//
// Two cases where Triton would assert are planned otherwise, the same way
// for the allocation and the lowering: when the swizzling gives no
// bijective layout (linear layouts whose bases are not distinct unit
// vectors may make it), the tensor is laid out in plain row-major order in
// one round; when a lane or warp direction of either side would reach into
// the reps bits (so that a thread's round would depend on the thread),
// there is a single round.
func PlanSharedConversion(src, dst LinearLayout, bitwidth int, in SharedInstrs) (_ SharedConversion, err error) {
	defer guard(&err)
	s, err := newSwizzleSides(src, dst, bitwidth)
	if err != nil {
		return SharedConversion{}, err
	}
	c, ok := s.choose(bitwidth, in)
	if !ok {
		c = swizzleChoice{parts: swizzleParts{bank: unitVectors(s.dim)}}
	}
	if !s.roundsPerThread(c.parts) {
		c.parts.segment = append(c.parts.segment, c.parts.reps...)
		c.parts.reps = nil
	}
	l := c.parts.layout(s.outs)
	nOff := s.dim - len(c.parts.reps)
	sc := SharedConversion{
		Layout:       l,
		Scratch:      fromParts([]dimInfo{{name: Offset, log2: nOff}}, l.outs, slices.Clone(l.bases[:nOff])),
		ScratchElems: 1 << nOff,
		Rounds:       1 << len(c.parts.reps),
		Store:        c.store,
		Load:         c.load,
	}
	full := FlatShared(l)
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

// roundsPerThread reports whether no lane or warp direction of either side
// has a reps component in layout p: every thread then takes part in every
// round.
func (s *swizzleSides) roundsPerThread(p swizzleParts) bool {
	if len(p.reps) == 0 {
		return true
	}
	var sp Span
	all := slices.Concat(p.vector, p.bank, p.segment, p.reps)
	for i, v := range all {
		sp.Add(v, i)
	}
	repCols := mask(len(p.reps)) << (len(all) - len(p.reps))
	for _, side := range []swizzleSide{s.src, s.dst} {
		for _, t := range slices.Concat(side.lanes, side.warp) {
			if _, combo := sp.Reduce(t); combo&repCols != 0 {
				return false
			}
		}
	}
	return true
}

// unitVectors returns 1, 2, 4, ..., 2^(n-1).
func unitVectors(n int) []uint64 {
	r := make([]uint64, n)
	for i := range r {
		r[i] = 1 << i
	}
	return r
}

// FlatShared returns the chosen layout with its in dims merged into a single
// "offset" dim (vector, bank and segment bits low, reps bits high): a plain
// shared layout of the whole tensor, e.g. for SimulateAccess.
func FlatShared(swizzled LinearLayout) LinearLayout {
	return swizzled.ReshapeIns([]Dim{{Offset, int32(swizzled.TotalInDimSize())}})
}
