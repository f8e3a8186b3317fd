package ttgtogpu

import (
	"fmt"
	"slices"
)

// The fragments of mma.sync m16n8kK (dialects/gpu/mma.go): which element
// of the instruction's A (16 x K), B (K x 8) and C/D (16 x 8) tiles lane
// L's element i is. With g = L >> 2, t = L & 3 and v = 32 / element bits
// (elements per 32-bit word: 2 for f16/bf16, 1 for tf32, 4 for 8-bit),
// every shape the lowering uses (K = 8v) splits the same way:
//
//	A: i = e + v*(r + 2h)  row g + 8r,  k vt + e + 4vh
//	B: i = e + v*h         k vt + e + 4vh,  col g
//	C: i = c + 2r          row g + 8r,  col 2t + c
//
// The lane bits move every element alike (g along rows or columns, t
// along k or columns), which is what lets a thread's registers be matched
// to fragment elements once, at lane 0, and hold for every lane when the
// operand layouts move with the lanes in the same way (checked).

// fragA returns, at lane 0, the row and k of element i of the A fragment.
func fragA(v, i int) (row, k int) {
	e, r, h := i%v, (i/v)&1, i/(2*v)
	return 8 * r, e + 4*v*h
}

// fragB returns, at lane 0, the k and column of element i of the B
// fragment.
func fragB(v, i int) (k, col int) {
	e, h := i%v, i/v
	return e + 4*v*h, 0
}

// fragC returns, at lane 0, the row and column of element i of the
// accumulator fragment.
func fragC(i int) (row, col int) { return 8 * (i >> 1), i & 1 }

// kSplit is how the K dimension of a dot is spread over the instructions
// and their fragments. The instruction sees a "virtual" k: within a tile
// of 8v, bits e (log2 v of them), then t (2 lane bits), then h; above
// that, the index of the k tile. physical maps each virtual bit to the k
// of the operand tensors that goes there. For the dot operand layouts
// where each thread holds kWidth consecutive k (kWidth > v when operands
// were loaded narrower than they are multiplied), Triton 3.6 splits the
// thread's kWidth values over kWidth/v instructions (its MMAv2 "largeK"
// permutation), and the products it groups into one instruction decide
// where the accumulator rounds, so tt groups them exactly as it does.
type kSplit struct {
	k        int     // the K of the dot
	physical []int32 // per virtual k bit, the physical k it stands for
}

// newKSplit derives the split from one operand's layout: kRegs are its
// register bits that move along k only, in register order; lanes the k
// its lanes 0 and 1 move (the fragment's t); v elements per 32-bit word,
// kWidth the layout's consecutive k per thread, k the dot's K.
func newKSplit(kRegs []int32, lanes [2]int32, v, kWidth, k int) (kSplit, error) {
	lv, nq := log2(int64(v)), log2(int64(kWidth/v))
	var e, q, h, tiles []int32
	switch {
	case len(kRegs) < lv+nq:
		return kSplit{}, fmt.Errorf("K = %d is smaller than one mma tile of kWidth = %d", k, kWidth)
	case k >= 8*kWidth:
		// Each thread's kWidth values: the first v fill a word, the
		// others pick the instruction (q); the next register bit is the
		// instruction's second half (h), and the rest are further tiles.
		if len(kRegs) < lv+nq+1 {
			return kSplit{}, fmt.Errorf("the operand layout holds %d k bits per thread, fewer than an mma tile needs", len(kRegs))
		}
		e, q, h, tiles = kRegs[:lv], kRegs[lv:lv+nq], kRegs[lv+nq:lv+nq+1], kRegs[lv+nq+1:]
	default:
		// K is smaller than the layout's tile (its second half is a
		// broadcast copy): the thread's values after the first word make
		// the second half, then the instructions, as 3.6 reorders them.
		if nq == 0 {
			return kSplit{}, fmt.Errorf("K = %d is smaller than the mma instruction's k of %d", k, 8*v)
		}
		e, h, q, tiles = kRegs[:lv], kRegs[lv:lv+1], kRegs[lv+1:lv+nq], kRegs[lv+nq:]
	}
	s := kSplit{k: k}
	s.physical = append(append(append(append(append(s.physical, e...), lanes[0], lanes[1]), h...), q...), tiles...)
	// The physical bits must be the bits of [0, K), each once.
	var seen int32
	for _, p := range s.physical {
		if p <= 0 || p&(p-1) != 0 || seen&p != 0 || int(p) >= k {
			return kSplit{}, fmt.Errorf("the operand layout spreads K = %d over k bits %v, which are not the bits of [0, %d)", k, s.physical, k)
		}
		seen |= p
	}
	if int(seen)+1 != k {
		return kSplit{}, fmt.Errorf("the operand layout covers k bits %v, not all of [0, %d)", s.physical, k)
	}
	return s, nil
}

// at is the physical k of virtual k index x.
func (s kSplit) at(x int) int32 {
	var p int32
	for i, b := range s.physical {
		if x>>i&1 != 0 {
			p ^= b
		}
	}
	return p
}

func (s kSplit) equal(o kSplit) bool { return s.k == o.k && slices.Equal(s.physical, o.physical) }
