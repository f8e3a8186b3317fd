package linearlayout

import "testing"

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
