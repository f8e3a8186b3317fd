package ttgtogpu

import (
	"fmt"
)

// Which register of a tensor holds which element of a wgmma fragment.
//
// gpu.wgmma fixes where each element of its 64xN accumulator (and of an A
// operand in registers) lives within a warpgroup: element i of the
// thread with lane l of warp w (mod 4) sits at a row and column of the
// warpgroup's tile given by the PTX fragment (dialects/gpu/wgmma.go).
// The tensor's layout fixes which of the thread's registers holds which
// element of the whole tensor. The lowering needs the bridge: for each
// instruction tile and fragment element, the register. It is found by
// matching coordinates, and checked for every thread of the CTA, so a
// layout that does not place the fragments where wgmma does is a located
// error rather than a silent transposition.

// fragment is a wgmma register fragment: element i of the thread with
// lane l of warp w (mod 4) of a warpgroup sits, within its instruction
// tile, at row 16w + l/4 + elem(i).row and column (l mod 4) * quadCols +
// elem(i).col. Every PTX fragment has this form (a lane's group l/4
// picks its row in the warp's 16-row slab, its place l mod 4 in the group
// a column step), so the thread part is worked out once per warpgroup
// thread and the element part once per element.
type fragment struct {
	quadCols int32
	elem     func(i int) (row, col int32)
}

// threadPart is the row and column of lane l of warp w's elements before
// the element's own part.
func (f fragment) threadPart(l, w int) (int32, int32) {
	return int32(16*w + l>>2), int32(l&3) * f.quadCols
}

// accFragment is the accumulator fragment (C and D): rows g and g+8 of
// the warp's 16-row slab, column pairs 2t, 2t+1 repeated every 8 columns.
var accFragment = fragment{quadCols: 2, elem: func(i int) (int32, int32) {
	return int32(8 * ((i >> 1) & 1)), int32((i & 1) + 8*(i>>2))
}}

// aFragment returns the register fragment of A for elements of the given
// bits: k16 for 16-bit types, k8 for tf32, k32 for 8-bit types.
func aFragment(bits int) (fragment, int) {
	switch bits {
	case 16:
		return accFragment, 8
	case 32:
		return fragment{quadCols: 1, elem: func(i int) (int32, int32) {
			return int32(8 * (i & 1)), int32(4 * (i >> 1))
		}}, 4
	}
	return fragment{quadCols: 4, elem: func(i int) (int32, int32) {
		return int32(8 * ((i >> 2) & 1)), int32((i & 3) + 16*(i>>3))
	}}, 16
}

// warpgroupOrigins returns, per warpgroup of the CTA, the coordinates the
// layout moves its tiles by: the XOR of the layout's bases for the warp
// bits above the two that number the warps of a warpgroup.
func (r *regLayout) warpgroupOrigins() [][]int32 {
	groups := 1
	if r.warpBits > 2 {
		groups = 1 << (r.warpBits - 2)
	}
	out := make([][]int32, groups)
	for g := range out {
		c := make([]int32, r.rank())
		for b := 0; b+2 < r.warpBits; b++ {
			if g>>b&1 != 0 {
				xorInto(c, r.tidBases[r.laneBits+2+b])
			}
		}
		out[g] = c
	}
	return out
}

// fragmentKey identifies a fragmentRegisters question: the layout (one
// regLayout per tensor type), the fragment (its kind and length) and the
// tile origins.
type fragmentKey struct {
	lay     *regLayout
	kind    string
	n       int
	origins string
}

type fragmentAnswer struct {
	regs [][]int
	err  error
}

// fragmentRegisters is the package function, asked once per key: a
// kernel's wgmmas share their layouts (attention at head dim 128 lowers
// four wgmma ops of two accumulator layouts), and each answer checks every
// thread of the CTA. The registers returned are shared: read only.
func (l *lowering) fragmentRegisters(lay *regLayout, origins [][2]int32, n int, kind string, frag fragment) ([][]int, error) {
	key := fragmentKey{lay: lay, kind: kind, n: n, origins: fmt.Sprint(origins)}
	if a, ok := l.fragmentAnswers[key]; ok {
		return a.regs, a.err
	}
	regs, err := fragmentRegisters(lay, origins, n, frag)
	if l.fragmentAnswers == nil {
		l.fragmentAnswers = map[fragmentKey]fragmentAnswer{}
	}
	l.fragmentAnswers[key] = fragmentAnswer{regs, err}
	return regs, err
}

// fragmentRegisters returns, for each tile origin and each of the n
// elements of fragment frag, the register of lay holding that element:
// the element of thread (lane l, warp w) is at origin | warpgroup origin
// + frag(i, l, w mod 4). Every thread of the CTA is checked.
func fragmentRegisters(lay *regLayout, origins [][2]int32, n int, frag fragment) ([][]int, error) {
	if lay.rank() != 2 || lay.laneBits != 5 || lay.warpBits < 2 {
		return nil, fmt.Errorf("wgmma fragments need a rank-2 layout over 32 lanes and whole warpgroups, got rank %d, %d lanes, %d warps",
			lay.rank(), 1<<lay.laneBits, 1<<lay.warpBits)
	}
	groups := lay.warpgroupOrigins()
	threads := 1 << (lay.laneBits + lay.warpBits)
	thread := make([][2]int32, threads)
	for tid := range thread {
		var c [2]int32
		for b := 0; b < lay.laneBits+lay.warpBits; b++ {
			if tid>>b&1 != 0 {
				c[0] ^= lay.tidBases[b][0]
				c[1] ^= lay.tidBases[b][1]
			}
		}
		thread[tid] = c
	}
	out := make([][]int, len(origins))
	// The thread part of the fragment depends on a thread's place in its
	// warpgroup only: worked out once for the 128 threads of one, it
	// serves every warpgroup and element (q is tid mod 128: lane q&31 of
	// warp q>>5).
	var parts [128][2]int32
	for q := range parts {
		fr, fc := frag.threadPart(q&31, q>>5)
		parts[q] = [2]int32{fr, fc}
	}
	elems := make([][2]int32, n)
	for i := range elems {
		er, ec := frag.elem(i)
		elems[i] = [2]int32{er, ec}
	}
	// When an element's place og in a warpgroup's tile shares no bit with
	// any thread part, og + part is og ^ part, and the element is where
	// every thread of the warpgroup holds it exactly when og ^ rc (rc its
	// register's coordinates at thread 0) is part ^ tc for every thread,
	// tc the thread's own coordinates: so when part ^ tc is one value per
	// warpgroup, shift[gi], one comparison checks all 128 threads.
	var partBits [2]int32
	for _, p := range parts {
		partBits[0] |= p[0]
		partBits[1] |= p[1]
	}
	shift, uniform := make([][2]int32, len(groups)), make([]bool, len(groups))
	for gi := range groups {
		ts := thread[gi<<7 : (gi+1)<<7]
		shift[gi] = [2]int32{parts[0][0] ^ ts[0][0], parts[0][1] ^ ts[0][1]}
		uniform[gi] = true
		for q, tc := range ts {
			if parts[q][0]^tc[0] != shift[gi][0] || parts[q][1]^tc[1] != shift[gi][1] {
				uniform[gi] = false
				break
			}
		}
	}
	for t, o := range origins {
		for _, g := range groups {
			if o[0]&g[0] != 0 || o[1]&g[1] != 0 {
				return nil, fmt.Errorf("warpgroup offset (%d, %d) overlaps tile origin (%d, %d)", g[0], g[1], o[0], o[1])
			}
		}
		out[t] = make([]int, n)
		for i, el := range elems {
			// Thread 0's part is (0, 0).
			at := [2]int32{o[0] + el[0], o[1] + el[1]}
			reg, ok := lay.regAt(at[:])
			if !ok {
				return nil, fmt.Errorf("no register holds element (%d, %d) of the fragment", o[0]+el[0], o[1]+el[1])
			}
			rc := [2]int32{lay.regs[reg][0], lay.regs[reg][1]}
			// Thread tid is thread q of warpgroup tid>>7, in tid order.
			for gi, g := range groups {
				og := [2]int32{(o[0] | g[0]) + el[0], (o[1] | g[1]) + el[1]}
				if uniform[gi] && og[0]&partBits[0] == 0 && og[1]&partBits[1] == 0 &&
					og[0]^rc[0] == shift[gi][0] && og[1]^rc[1] == shift[gi][1] {
					continue
				}
				// Thread by thread: the first misplaced one is named.
				for q, tc := range thread[gi<<7 : (gi+1)<<7] {
					want := [2]int32{og[0] + parts[q][0], og[1] + parts[q][1]}
					got := [2]int32{rc[0] ^ tc[0], rc[1] ^ tc[1]}
					if want != got {
						return nil, fmt.Errorf("thread %d holds element (%d, %d) in the register where wgmma puts element (%d, %d)",
							gi<<7|q, got[0], got[1], want[0], want[1])
					}
				}
			}
			out[t][i] = reg
		}
	}
	return out, nil
}
