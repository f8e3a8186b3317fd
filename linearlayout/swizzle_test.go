package linearlayout

import (
	"math/rand"
	"testing"
)

// The persistent-matmul epilogue (an mma v3 accumulator, 128x128 f16, 4
// warps, to the store layout): Triton 3.6's NVIDIA rule pairs plain stores
// with an ldmatrix-shaped load whose vector [0, 1], [0, 8], [0, 16] leaves
// the common registers [8, 0] and [64, 0] as 4 rounds of 4096 elements
// (Triton reports 8192 bytes of scratch for it on an H200); without matrix
// instructions both rules keep [8, 0] and [64, 0] in the vector: one round.
func TestSwizzleNvidiaRuleEpilogue(t *testing.T) {
	shape := []int64{128, 128}
	mma := ok(t)(NvidiaMMA(shape, NvidiaMMAParams{VersionMajor: 3, WarpsPerCTA: []int{4, 1}, InstrShape: []int{16, 128, 16}}))
	out := blk(t, shape, []int{1, 8}, []int{2, 16}, []int{4, 1}, []int{1, 0})
	for _, c := range []struct {
		name        string
		in          SharedInstrs
		elems       int64
		store, load MemInstr
	}{
		{"sm_90", NvidiaSharedInstrs(90), 4096, MemLdSt, MemMatrix},
		{"sm_80", NvidiaSharedInstrs(80), 4096, MemLdSt, MemMatrix},
		{"sm_70", NvidiaSharedInstrs(70), 16384, MemLdSt, MemLdSt},
		{"generic", SharedInstrs{}, 16384, MemLdSt, MemLdSt},
	} {
		sc, err := PlanSharedConversion(mma, out, 16, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if sc.ScratchElems != c.elems || sc.ScratchElems*int64(sc.Rounds) != 128*128 || sc.Store != c.store || sc.Load != c.load {
			t.Errorf("%s: %d elements x %d rounds, %v/%v; want %d elements, %v/%v (layout %v)", c.name, sc.ScratchElems, sc.Rounds, sc.Store, sc.Load, c.elems, c.store, c.load, sc.Layout)
		}
		// The plain side and, with matrix instructions, the row-address
		// lanes of the other are conflict-free.
		smem := FlatShared(sc.Layout)
		if st := ok1(t)(SimulateAccess(mma, smem, 16)); st.Conflicts() != 0 {
			t.Errorf("%s: store %+v", c.name, st)
		}
		if ld := ok1(t)(SimulateAccess(out, smem, 16)); ld.Conflicts() != 0 {
			t.Errorf("%s: load %+v", c.name, ld)
		}
	}
}

// A sub-word case where Triton's generic fill conflicts: 8-bit elements,
// no common registers, the source's warp a broadcast. Triton fills the
// vector with the source register [8, 0] (a destination warp) to only 16
// bits, and its stores conflict; the destination's registers [1, 0],
// [2, 0] fill a whole word instead, conflict-free, in the same single
// round.
func TestSwizzleSubwordFill(t *testing.T) {
	src := ok(t)(New([]InBases{
		{Register, B{{0, 1}, {8, 0}, {0, 8}, {0, 16}}},
		{Lane, B{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
		{Warp, B{{0, 0}}},
	}, []Dim{{"dim0", 16}, {"dim1", 32}}))
	dst := ok(t)(New([]InBases{
		{Register, B{{1, 0}, {2, 0}, {4, 0}}},
		{Lane, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}}},
		{Warp, B{{8, 0}}},
	}, []Dim{{"dim0", 16}, {"dim1", 32}}))
	s, err := newSwizzleSides(src, dst, 8)
	if err != nil {
		t.Fatal(err)
	}
	filled, fill := s.fillWord(nil, 8)
	triton, ok := s.ldStFor(filled, fill, 8)
	if !ok || len(filled) != 1 || s.simulatedConflicts(triton, 8) == 0 {
		t.Fatalf("Triton's fill %v: want one 8-bit basis and conflicts (layout %v)", filled, triton.layout(s.outs))
	}
	sc, err := PlanSharedConversion(src, dst, 8, SharedInstrs{})
	if err != nil {
		t.Fatal(err)
	}
	smem := FlatShared(sc.Layout)
	st, ld := ok1(t)(SimulateAccess(src, smem, 8)), ok1(t)(SimulateAccess(dst, smem, 8))
	if st.Conflicts()+ld.Conflicts() != 0 || sc.Rounds != 1<<len(triton.reps) || sc.Layout.InDimSizeLog2(SwizzleVector) != 2 {
		t.Errorf("plan %v: store %+v load %+v, %d rounds", sc.Layout, st, ld, sc.Rounds)
	}
}

// randomDistributed returns a layout of a 2^d0 x 2^d1 tensor with reg
// register, 5 lane and warp warp bits (and registers for what is left): a
// random basis of the tensor's bits (unit vectors, or when mix XORs of
// them within a dim) split among the in dims, with broadcast (zero) bases
// mixed in when pad.
func randomDistributed(rng *rand.Rand, d0, d1, reg, warp int, mix, pad bool) (LinearLayout, error) {
	dim := d0 + d1
	var basis []uint64
	for _, i := range rng.Perm(dim) {
		basis = append(basis, 1<<i)
	}
	if mix {
		// Within one tensor dim, as distributed layouts must.
		sameDim := func(a, b uint64) bool { return (a < 1<<d0) == (b < 1<<d0) }
		for k := 0; k < dim; k++ {
			i, j := rng.Intn(dim), rng.Intn(dim)
			if i != j && sameDim(basis[i], basis[j]) {
				basis[i] ^= basis[j]
			}
		}
	}
	coords := func(v uint64) []int32 { return []int32{int32(v & (1<<d0 - 1)), int32(v >> d0)} }
	take := func(n int) [][]int32 {
		var r [][]int32
		for len(r) < n {
			if len(basis) == 0 || pad && rng.Intn(5) == 0 {
				r = append(r, []int32{0, 0})
				continue
			}
			r = append(r, coords(basis[0]))
			basis = basis[1:]
		}
		return r
	}
	regs, lanes := take(reg), take(5)
	warps := take(warp)
	regs = append(regs, take(len(basis))...)
	return New([]InBases{{Register, regs}, {Lane, lanes}, {Warp, warps}}, []Dim{{"dim0", 1 << d0}, {"dim1", 1 << d1}})
}

// Plans for random layouts (bases that are XORs of bits of a dim, broadcast
// lanes, warps and registers), by every rule: no error, a bijective layout
// whose rounds cover the tensor, and no thread whose round depends on the
// thread.
func TestPropSharedConversionPlans(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	rules := []SharedInstrs{{}, NvidiaSharedInstrs(70), NvidiaSharedInstrs(80), NvidiaSharedInstrs(90)}
	n := 0
	for it := 0; it < 400; it++ {
		d0, d1 := 2+rng.Intn(5), 2+rng.Intn(5)
		reg, warp := rng.Intn(4), rng.Intn(3)
		if reg+5+warp > d0+d1+2 {
			continue
		}
		mix, pad := rng.Intn(3) == 0, rng.Intn(2) == 0
		src, err1 := randomDistributed(rng, d0, d1, reg, warp, mix, pad)
		dst, err2 := randomDistributed(rng, d0, d1, reg+rng.Intn(2), warp, mix, pad)
		if err1 != nil || err2 != nil || !src.IsSurjective() || !dst.IsSurjective() {
			continue
		}
		for _, bits := range []int{8, 16, 32, 64} {
			for _, in := range rules {
				sc, err := PlanSharedConversion(src, dst, bits, in)
				if err != nil {
					t.Fatalf("%v -> %v, %d bits, %+v: %v", src, dst, bits, in, err)
				}
				if !sc.Layout.IsInvertible() || sc.ScratchElems*int64(sc.Rounds) != src.TotalOutDimSize() {
					t.Fatalf("%v -> %v, %d bits, %+v: bad plan %v", src, dst, bits, in, sc.Layout)
				}
				inv := ok(t)(FlatShared(sc.Layout).Invert())
				for _, l := range []LinearLayout{src, dst} {
					for _, name := range []string{Lane, Warp} {
						for _, b := range l.FlatBases(name) {
							if inv.ApplyFlat(b) >= uint64(sc.ScratchElems) {
								t.Fatalf("%v -> %v, %d bits, %+v: a %s direction reaches a round bit in %v", src, dst, bits, in, name, sc.Layout)
							}
						}
					}
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d plans checked", n)
	}
}
