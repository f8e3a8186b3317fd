package linearlayout

import "slices"

// The NVIDIA rule of OptimalSwizzling (Triton's optimalSwizzling over
// LocalMemOpTiles): each instruction that may move a side is described by
// the lanes it keeps contiguous within a 16-byte row and the lanes whose
// addresses one phase serves; a pair of instructions fits a conversion when
// the contiguous lanes of one side are registers (or the same lanes) of the
// other, and the layout is then built around a 128-bit vector of common
// registers and those lanes.

// memTile is Triton's LocalMemOpTile. laneContig are the lane bits that
// the instruction keeps contiguous in a 128-bit row (the rest of the row
// are registers); laneAddr are the lane bits whose addresses one phase
// serves (when fewer than 3, registers come first).
type memTile struct {
	instr                MemInstr
	laneContig, laneAddr []int
}

// regsMissing is how many register bits short of a whole 128-bit row per
// phase the instruction is: 2 for the matrix instructions, whose x4 form
// takes two more register bits.
func (t memTile) regsMissing() int { return len(t.laneContig) + len(t.laneAddr) - 3 }

// nvidiaTiles is Triton's getSrcDstTiles: the instructions that may store
// (src) and load (dst) elements of bitwidth bits, plain ones first.
func nvidiaTiles(bitwidth int, in SharedInstrs) (src, dst []memTile) {
	ldst := memTile{instr: MemLdSt, laneAddr: []int{0, 1, 2}}
	src, dst = []memTile{ldst}, []memTile{ldst}
	add := func(t memTile) {
		if in.StMatrix {
			src = append(src, t)
		}
		if in.LdMatrix {
			dst = append(dst, t)
		}
	}
	if bitwidth <= 32 {
		add(memTile{instr: MemMatrix, laneContig: []int{0, 1}, laneAddr: []int{2, 3, 4}})
	}
	if bitwidth == 16 {
		add(memTile{instr: MemMatrixTrans, laneContig: []int{2, 3, 4}, laneAddr: []int{0, 1}})
	}
	return src, dst
}

// tiled chooses among the instruction pairs that fit the one with the
// fewest bank conflicts, then the most rounds, the first in (store, load)
// order on ties. It fails when no pair fits.
func (s *swizzleSides) tiled(bitwidth int, in SharedInstrs) (swizzleChoice, bool) {
	srcTiles, dstTiles := nvidiaTiles(bitwidth, in)
	total := log2u(uint64(max(128/bitwidth, 1)))
	var best swizzleChoice
	bestConflicts := -1
	for _, ts := range srcTiles {
		for _, td := range dstTiles {
			vb, ok := s.matchTiles(total-len(ts.laneContig), total-len(td.laneContig), ts.laneContig, td.laneContig)
			if !ok {
				continue
			}
			tileSrc, okSrc := addressTile(ts, s.src, vb)
			tileDst, okDst := addressTile(td, s.dst, vb)
			if !okSrc || !okDst {
				continue
			}
			p, ok := s.layoutFor(vb, tileSrc, tileDst, bitwidth, min(ts.regsMissing(), td.regsMissing()))
			if !ok {
				continue
			}
			n := s.segmentConflicts(p.segment, tileSrc) + s.segmentConflicts(p.segment, tileDst)
			if bestConflicts < 0 || n < bestConflicts || n == bestConflicts && len(p.reps) > len(best.parts.reps) {
				best, bestConflicts = swizzleChoice{parts: p, store: ts.instr, load: td.instr}, n
			}
		}
	}
	return best, bestConflicts >= 0
}

// segmentConflicts is Triton's bankConflicts for one side: 2^k - 1 for k
// address lanes that fall in the segment.
func (s *swizzleSides) segmentConflicts(segment, tile []uint64) int {
	return 1<<len(intersectionBasis(segment, tile, s.dim)) - 1
}

// addressTile is Triton's getTile: the directions one phase of instruction
// t addresses on a side, given the vector vb: registers outside the vector
// when the instruction has fewer than 3 address lanes, then those lanes.
func addressTile(t memTile, side swizzleSide, vb []uint64) ([]uint64, bool) {
	need := 3 - len(t.laneAddr)
	var tile []uint64
	for _, r := range side.regs {
		if need == 0 {
			break
		}
		if !slices.Contains(vb, r) {
			tile = append(tile, r)
			need--
		}
	}
	if need > 0 {
		return nil, false
	}
	for _, i := range t.laneAddr {
		if i >= len(side.lanes) {
			return nil, false
		}
		tile = append(tile, side.lanes[i])
	}
	return tile, true
}

// matchTiles is Triton's optimalSwizzlingTile: the 128-bit vector of a
// pair of instructions, whose contiguous rows hold nRegSrc (nRegDst)
// register bits and the lanes contigSrc (contigDst) of each side. Let b be
// the side with fewer register bits and a the other: the vector is the
// first nReg(b) common registers (in a's order), then b's contiguous lanes,
// which must be a's registers (the first ones) and a's contiguous lanes
// (the rest, in order).
func (s *swizzleSides) matchTiles(nRegSrc, nRegDst int, contigSrc, contigDst []int) ([]uint64, bool) {
	a, b := s.src, s.dst
	nA, nB, tA, tB := nRegSrc, nRegDst, contigSrc, contigDst
	toA := 0 // which cached conversion maps b's coordinates to a's
	if nA < nB {
		a, b, nA, nB, tA, tB, toA = b, a, nB, nA, tB, tA, 1
	}
	vb := intersectionBasis(a.regs, b.regs, s.dim)
	if len(vb) < nB {
		return nil, false
	}
	vb = slices.Clone(vb[:nB])
	pick := func(lanes []uint64, idx []int) ([]uint64, bool) {
		var r []uint64
		for _, i := range idx {
			if i >= len(lanes) || lanes[i] == 0 {
				return nil, false
			}
			r = append(r, lanes[i])
		}
		return r, true
	}
	if _, ok := pick(a.lanes, tA); !ok {
		return nil, false
	}
	laneTileB, ok := pick(b.lanes, tB)
	if !ok {
		return nil, false
	}
	cvt, ok := s.conversion(toA)
	if !ok {
		return nil, false
	}
	for i := 0; i < nA-nB; i++ {
		if cvt.BasisComponent(Lane, tB[i], Register) == 0 {
			return nil, false
		}
	}
	tail := tB[len(tB)-len(tA):]
	for j, ia := range tA {
		if cvt.BasisComponent(Lane, tail[j], Lane) != int32(1)<<ia {
			return nil, false
		}
	}
	return append(vb, laneTileB...), true
}

// conversion returns dst.InvertAndCompose(src) (k = 0: dst's hardware
// coordinates to src's) or src.InvertAndCompose(dst) (k = 1), computed once.
func (s *swizzleSides) conversion(k int) (LinearLayout, bool) {
	if !s.cvtSet[k] {
		from, to := s.dst.ll, s.src.ll
		if k == 1 {
			from, to = to, from
		}
		c, err := from.InvertAndCompose(to)
		if err != nil {
			return LinearLayout{}, false
		}
		s.cvt[k], s.cvtSet[k] = c, true
	}
	return s.cvt[k], true
}
