package linearlayout

import (
	"fmt"
	"slices"
)

// ConversionKind says what moving a tensor from one distributed layout to
// another costs, from free to most expensive.
type ConversionKind int

const (
	// ConvertNothing: every thread already holds the data it needs in the
	// registers it needs (the layouts are equal up to broadcast choices).
	ConvertNothing ConversionKind = iota
	// ConvertRegisterPermutation: data stays in its thread; registers are
	// reordered (and possibly duplicated or dropped).
	ConvertRegisterPermutation
	// ConvertWarpShuffle: data moves between lanes of a warp but not between
	// warps; warp shuffles do it (see WarpDecomposition).
	ConvertWarpShuffle
	// ConvertSharedMemory: data moves between warps (or the lane pattern is
	// too complex for shuffles); it goes through shared memory.
	ConvertSharedMemory
	// ConvertCrossCTA: data moves between CTAs of a cluster (distributed
	// shared memory). Triton does not lower this.
	ConvertCrossCTA
)

func (k ConversionKind) String() string {
	switch k {
	case ConvertNothing:
		return "nothing"
	case ConvertRegisterPermutation:
		return "register-permutation"
	case ConvertWarpShuffle:
		return "warp-shuffle"
	case ConvertSharedMemory:
		return "shared-memory"
	case ConvertCrossCTA:
		return "cross-cta"
	}
	return fmt.Sprintf("ConversionKind(%d)", int(k))
}

// Plan describes a layout conversion src -> dst.
type Plan struct {
	Kind ConversionKind
	// Conversion maps a destination location to a source location holding
	// the same element: it is dst.InvertAndCompose(src) (src⁻¹ ∘ dst) with
	// the trailing in dims on which it is the identity (block, then warp,
	// then lane, then register) quotiented away, as Triton's
	// minimalCvtLayout. Its in dims are what the lowering iterates over, its
	// out dims what it must fetch across.
	Conversion LinearLayout
	// RegisterMap is set for ConvertRegisterPermutation: destination register
	// i takes source register RegisterMap[i].
	RegisterMap []int32
	// Shuffle is set for ConvertWarpShuffle.
	Shuffle *WarpDecomposition
}

// MinimalConversion is Triton's minimalCvtLayout: dst.InvertAndCompose(src),
// then quotiented by the longest common tail of in dims (slowest first) for
// as long as the conversion acts as the identity on them.
func MinimalConversion(src, dst LinearLayout) (_ LinearLayout, err error) {
	defer guard(&err)
	comp, err := dst.InvertAndCompose(src)
	if err != nil {
		return LinearLayout{}, err
	}
	s, d := src.InDimNames(), dst.InDimNames()
	for i := 0; i < min(len(s), len(d)); i++ {
		dim := s[len(s)-1-i]
		if d[len(d)-1-i] != dim {
			break
		}
		q, ok := comp.Quotient([]string{dim})
		if !ok {
			break
		}
		comp = q
	}
	return comp, nil
}

// ConversionPlan classifies the conversion from src to dst (two layouts of
// the same tensor, in dims register, lane, warp, block) following Triton:
// what is left of MinimalConversion decides. Only registers: a permutation
// inside each thread. Registers and lanes: warp shuffles, if the lane
// permutation factors with at most one register-lane transposition
// (cvtNeedsWarpShuffle); otherwise, or when warps are involved, shared
// memory.
func ConversionPlan(src, dst LinearLayout) (_ Plan, err error) {
	defer guard(&err)
	conv, err := MinimalConversion(src, dst)
	if err != nil {
		return Plan{}, err
	}
	p := Plan{Conversion: conv}
	outs := conv.OutDimNames()
	switch {
	case len(outs) == 0:
		p.Kind = ConvertNothing
	case slices.Equal(outs, []string{Register}):
		p.Kind = ConvertRegisterPermutation
		n := conv.InDimSize(Register)
		p.RegisterMap = make([]int32, n)
		for i := int32(0); i < n; i++ {
			p.RegisterMap[i] = conv.Apply(DimValue{Register, i})[0].Value
		}
	case slices.Equal(outs, []string{Register, Lane}):
		dec, err := WarpConversionDecomposition(src, dst, 32)
		if err == nil && len(dec.MixedTranspositions) < 2 {
			p.Kind = ConvertWarpShuffle
			p.Shuffle = &dec
		} else {
			p.Kind = ConvertSharedMemory
		}
	case slices.Contains(outs, Block):
		p.Kind = ConvertCrossCTA
	default:
		p.Kind = ConvertSharedMemory
	}
	return p, nil
}

// WarpDecomposition factors a within-warp conversion as a permutation P of
// the (register, lane) index bits: P = P_mixed ∘ P_lane ∘ P_reg (P_reg acts
// first), where P_reg permutes register bits, P_lane permutes lane bits and
// P_mixed is a product of disjoint transpositions, each swapping one register
// bit with one lane bit. Each mixed transposition costs a round of shuffles;
// P_lane is an index shuffle; P_reg is free.
type WarpDecomposition struct {
	// PReg maps register -> register (one basis per register bit, a power of
	// two: register bit i moves to bit log2(PReg basis i)).
	PReg LinearLayout
	// PLane maps lane -> lane likewise.
	PLane LinearLayout
	// MixedTranspositions lists (register bit, lane bit) pairs.
	MixedTranspositions [][2]int
	// NPack is how many low register bits can be packed into one 32-bit shuffle
	// for the element bit width given (Triton's nPack, without its fusion of
	// low-bit permutations into byte-permute selectors).
	NPack int
	// P is the permutation itself: source (register, lane) -> destination
	// (register, lane), the register and lane dims padded to a common size.
	P LinearLayout
}

// WarpConversionDecomposition computes the WarpDecomposition of the
// conversion src -> dst (Triton's getWarpLayoutConvertDecomposition): after
// dropping broadcast registers and padding register and lane dims to equal
// sizes with zero bases, P is the conversion restricted to registers and
// lanes with the zero columns paired up (common zeros fixed, then source and
// destination zeros matched in order); its cycles are walked and every run of
// lane bits inside a cycle that also contains register bits is cut out with
// one register-lane transposition. The conversion must not move data between
// warps or CTAs.
func WarpConversionDecomposition(src, dst LinearLayout, bitwidth int) (_ WarpDecomposition, err error) {
	defer guard(&err)
	src = src.RemoveZeroBasesAlongDim(Register)
	dst = dst.RemoveZeroBasesAlongDim(Register)
	for _, l := range []LinearLayout{src, dst} {
		if !l.HasInDim(Register) || !l.HasInDim(Lane) {
			return WarpDecomposition{}, fmt.Errorf("linearlayout: warp decomposition needs register and lane dims")
		}
	}
	nReg := max(src.InDimSizeLog2(Register), dst.InDimSizeLog2(Register))
	nLane := max(src.InDimSizeLog2(Lane), dst.InDimSizeLog2(Lane))
	outs := src.OutDimNames()
	pad := func(l LinearLayout) LinearLayout {
		l = l.Sublayout([]string{Register, Lane}, outs)
		l = l.Resize(Register, 1<<nReg)
		return l.Resize(Lane, 1<<nLane)
	}
	S, T := pad(src), pad(dst.TransposeOuts(outs))
	skel, err := solveContained(T, S)
	if err != nil {
		return WarpDecomposition{}, err
	}
	// skel maps a source (register, lane) bit to destination bits (packed:
	// register bits low, lane bits above). Fill the zero columns.
	n := nReg + nLane
	perm := slices.Clone(skel.bases)
	var srcZeros, dstZeros []int
	for i := 0; i < n; i++ {
		s, t := S.bases[i], T.bases[i]
		switch {
		case s == 0 && t == 0:
			perm[i] = 1 << i
		case s == 0:
			srcZeros = append(srcZeros, i)
		case t == 0:
			dstZeros = append(dstZeros, i)
		}
	}
	for k := 0; k < min(len(srcZeros), len(dstZeros)); k++ {
		perm[srcZeros[k]] = 1 << dstZeros[k]
	}
	for i, b := range perm {
		if b == 0 || b&(b-1) != 0 {
			return WarpDecomposition{}, fmt.Errorf("linearlayout: warp conversion is not a bit permutation (bit %d -> %#x)", i, b)
		}
	}
	P := fromParts(
		[]dimInfo{{name: Register, log2: nReg}, {name: Lane, log2: nLane}},
		[]dimInfo{{name: Register, log2: nReg}, {name: Lane, log2: nLane}}, perm)
	if !P.IsInvertible() {
		return WarpDecomposition{}, fmt.Errorf("linearlayout: warp conversion is not a permutation")
	}

	// Walk the cycles of P. Bits 0..nReg-1 are register bits, the rest lane
	// bits.
	next := func(i int) int { return log2u(perm[i]) }
	isReg := func(i int) bool { return i < nReg }
	regB := make([]uint64, nReg)
	laneB := make([]uint64, nLane)
	var mixed [][2]int
	visited := make([]bool, n)
	for start := 0; start < n; start++ {
		if visited[start] {
			continue
		}
		regStart, laneStart, laneEnd, regEnd := -1, -1, -1, -1
		cur := start
		for {
			visited[cur] = true
			nx := next(cur)
			switch {
			case isReg(cur) && isReg(nx):
				regB[cur] = 1 << nx
			case !isReg(cur) && !isReg(nx):
				laneB[cur-nReg] = 1 << (nx - nReg)
			case isReg(cur):
				regStart, laneStart = cur, nx-nReg
			default:
				laneEnd, regEnd = cur-nReg, nx
			}
			if regEnd >= 0 {
				// (.. r_m l_j .. l_k r_i ..) = (r_i l_j) * (.. r_m r_i ..)(l_j .. l_k)
				regB[regStart] = 1 << regEnd
				laneB[laneEnd] = 1 << laneStart
				mixed = append(mixed, [2]int{regEnd, laneStart})
				regStart, laneStart, laneEnd, regEnd = -1, -1, -1, -1
			}
			cur = nx
			if cur == start {
				break
			}
		}
	}
	nPack := 0
	if bitwidth > 0 {
		per := min(max(32/bitwidth, 1), 4)
		nPack = min(log2u(uint64(per)), nReg-len(mixed))
	}
	return WarpDecomposition{
		PReg:                fromParts([]dimInfo{{name: Register, log2: nReg}}, []dimInfo{{name: Register, log2: nReg}}, regB),
		PLane:               fromParts([]dimInfo{{name: Lane, log2: nLane}}, []dimInfo{{name: Lane, log2: nLane}}, laneB),
		MixedTranspositions: mixed,
		NPack:               max(nPack, 0),
		P:                   P,
	}, nil
}

// solveContained solves a ∘ X = b like InvertAndCompose(b, a) but only
// requires the image of b to lie in the image of a (not a surjective). Out
// dims of a and b must be equal (names, order, sizes).
func solveContained(a, b LinearLayout) (LinearLayout, error) {
	if !sameDims(a.outs, b.outs) {
		return LinearLayout{}, fmt.Errorf("linearlayout: layouts have different out dims: %v vs %v", a.OutDims(), b.OutDims())
	}
	return solveWithIdentities(a, b)
}

func log2u(v uint64) int {
	n := 0
	for v > 1 {
		v >>= 1
		n++
	}
	return n
}
