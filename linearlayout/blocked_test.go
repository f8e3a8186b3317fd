package linearlayout

import "testing"

func blockedL(t *testing.T, shape []int64, spt, tpw, wpc, cpg, split, order, ctaOrder []int) LinearLayout {
	t.Helper()
	return ok(t)(Blocked(shape, BlockedParams{SizePerThread: spt, ThreadsPerWarp: tpw, WarpsPerCTA: wpc,
		Order: order, CTA: legacyCTA(cpg, split, ctaOrder)}))
}

// The example of TritonGPUAttrDefs.td, worked by hand.
func TestBlockedDocExample(t *testing.T) {
	l := ok(t)(Blocked([]int64{16, 16}, BlockedParams{
		SizePerThread: []int{2, 2}, ThreadsPerWarp: []int{8, 4}, WarpsPerCTA: []int{1, 2}, Order: []int{1, 0}}))
	held := func(lane, warp int32) map[[2]int32]bool {
		m := map[[2]int32]bool{}
		for r := int32(0); r < l.InDimSize(Register); r++ {
			v := l.ApplyValues(r, lane, warp, 0)
			m[[2]int32{v[0], v[1]}] = true
		}
		return m
	}
	box := func(r0, c0 int32) map[[2]int32]bool {
		return map[[2]int32]bool{{r0, c0}: true, {r0, c0 + 1}: true, {r0 + 1, c0}: true, {r0 + 1, c0 + 1}: true}
	}
	for _, c := range []struct {
		lane, warp, r0, c0 int32
	}{{0, 0, 0, 0}, {1, 0, 0, 2}, {4, 0, 2, 0}, {0, 1, 0, 8}, {5, 1, 2, 10}, {31, 0, 14, 6}} {
		got, want := held(c.lane, c.warp), box(c.r0, c.c0)
		if len(got) != 4 {
			t.Fatalf("thread (%d,%d) holds %v", c.lane, c.warp, got)
		}
		for k := range want {
			if !got[k] {
				t.Errorf("lane %d warp %d holds %v, want the 2x2 box at (%d, %d)", c.lane, c.warp, got, c.r0, c.c0)
				break
			}
		}
	}
	expectLayout(t, "16x16", l, distributed(t, 2,
		B{{0, 1}, {1, 0}}, B{{0, 2}, {0, 4}, {2, 0}, {4, 0}, {8, 0}}, B{{0, 8}}, B{}))
}

// A 1-D blocked layout [4], [32], [4] on 1024 elements: the 512-element CTA
// tile repeats once, so each thread holds 2 x 4 consecutive elements.
func TestBlocked1D1024(t *testing.T) {
	l := ok(t)(Blocked([]int64{1024}, BlockedParams{
		SizePerThread: []int{4}, ThreadsPerWarp: []int{32}, WarpsPerCTA: []int{4}, Order: []int{0}}))
	expectLayout(t, "1024", l, distributed(t, 1,
		B{{1}, {2}, {512}}, B{{4}, {8}, {16}, {32}, {64}}, B{{128}, {256}}, B{}))
	for w := int32(0); w < 4; w++ {
		for lane := int32(0); lane < 32; lane++ {
			for r := int32(0); r < 8; r++ {
				got := l.ApplyValues(r, lane, w)[0]
				want := 4*(32*w+lane) + r%4 + 512*(r/4)
				if got != want {
					t.Fatalf("reg %d lane %d warp %d -> %d, want %d", r, lane, w, got, want)
				}
			}
		}
	}
	if n := l.NumConsecutiveInOut(); n != 4 {
		t.Errorf("NumConsecutiveInOut = %d, want 4", n)
	}
}

// Expectations ported from Triton's unittest/Dialect/TritonGPU/
// LinearLayoutConversionsTest.cpp (legacy CTA-layout form).
func TestBlockedTritonExpectations(t *testing.T) {
	cases := []struct {
		name                                     string
		shape                                    []int64
		spt, tpw, wpc, cpg, split, order, ctaOrd []int
		want                                     LinearLayout
	}{
		{"SimpleBlocked", []int64{16}, []int{1}, []int{4}, []int{4}, []int{1}, []int{1}, []int{0}, []int{0},
			distributed(t, 1, B{}, B{{1}, {2}}, B{{4}, {8}}, B{})},
		{"CTADuplication", []int64{32}, []int{1}, []int{4}, []int{4}, []int{4}, []int{2}, []int{0}, []int{0},
			distributed(t, 1, B{}, B{{1}, {2}}, B{{4}, {8}}, B{{16}, {0}})},
		{"CTABroadcast", []int64{64, 128}, []int{8, 1}, []int{8, 4}, []int{1, 4}, []int{1, 2}, []int{1, 2}, []int{0, 1}, []int{1, 0},
			distributed(t, 2, B{{1, 0}, {2, 0}, {4, 0}, {0, 16}, {0, 32}}, B{{8, 0}, {16, 0}, {32, 0}, {0, 1}, {0, 2}}, B{{0, 4}, {0, 8}}, B{{0, 64}})},
		{"ShapeLargerThanLayout", []int64{128}, []int{1}, []int{4}, []int{4}, []int{1}, []int{1}, []int{0}, []int{0},
			distributed(t, 1, B{{16}, {32}, {64}}, B{{1}, {2}}, B{{4}, {8}}, B{})},
		{"ShapeLargerThanLayout2DDegenerate", []int64{128, 1}, []int{1, 1}, []int{4, 1}, []int{4, 1}, []int{1, 1}, []int{1, 1}, []int{0, 1}, []int{1, 0},
			distributed(t, 2, B{{16, 0}, {32, 0}, {64, 0}}, B{{1, 0}, {2, 0}}, B{{4, 0}, {8, 0}}, B{})},
		{"ShapeSmallerThanLayout", []int64{8}, []int{4}, []int{4}, []int{4}, []int{1}, []int{1}, []int{0}, []int{0},
			distributed(t, 1, B{{1}, {2}}, B{{4}, {0}}, B{{0}, {0}}, B{})},
		{"ReversedOrder", []int64{1, 64}, []int{1, 1}, []int{32, 1}, []int{1, 8}, []int{1, 1}, []int{1, 1}, []int{0, 1}, []int{1, 0},
			distributed(t, 2, B{{0, 8}, {0, 16}, {0, 32}}, B{{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}}, B{{0, 1}, {0, 2}, {0, 4}}, B{})},
		{"ReplicateInRegisterDim", []int64{32}, []int{2}, []int{4}, []int{1}, []int{1}, []int{1}, []int{0}, []int{0},
			distributed(t, 1, B{{1}, {8}, {16}}, B{{2}, {4}}, B{}, B{})},
		{"OneDimTooLargeAnotherTooSmall", []int64{128, 16}, []int{1, 4}, []int{8, 4}, []int{4, 1}, []int{2, 2}, []int{2, 1}, []int{1, 0}, []int{1, 0},
			distributed(t, 2, B{{0, 1}, {0, 2}, {32, 0}}, B{{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}, B{{8, 0}, {16, 0}}, B{{0, 0}, {64, 0}})},
		{"RepeatInCTGDimFirst", []int64{4}, []int{1}, []int{1}, []int{4}, []int{2}, []int{2}, []int{0}, []int{0},
			distributed(t, 1, B{}, B{}, B{{1}, {0}}, B{{2}})},
		{"SmallerThanCTALayout", []int64{2}, []int{1}, []int{1}, []int{1}, []int{4}, []int{4}, []int{0}, []int{0},
			distributed(t, 1, B{}, B{}, B{}, B{{1}, {0}})},
		{"Skinny", []int64{64, 1}, []int{8, 1}, []int{8, 4}, []int{1, 4}, []int{1, 2}, []int{1, 2}, []int{0, 1}, []int{0, 1},
			distributed(t, 2, B{{1, 0}, {2, 0}, {4, 0}}, B{{8, 0}, {16, 0}, {32, 0}, {0, 0}, {0, 0}}, B{{0, 0}, {0, 0}}, B{{0, 0}})},
		{"BlockedOrder", []int64{1024, 128}, []int{2, 2}, []int{4, 8}, []int{2, 2}, []int{2, 2}, []int{2, 2}, []int{1, 0}, []int{1, 0},
			distributed(t, 2, B{{0, 1}, {1, 0}, {0, 32}, {16, 0}, {32, 0}, {64, 0}, {128, 0}, {256, 0}},
				B{{0, 2}, {0, 4}, {0, 8}, {2, 0}, {4, 0}}, B{{0, 16}, {8, 0}}, B{{0, 64}, {512, 0}})},
		{"Blocked4D", []int64{2, 1, 1, 1}, []int{1, 1, 1, 4}, []int{2, 1, 1, 16}, []int{1, 2, 4, 1}, []int{1, 1, 1, 1}, []int{1, 1, 1, 1}, []int{3, 0, 1, 2}, []int{3, 2, 1, 0},
			distributed(t, 4, B{{0, 0, 0, 0}, {0, 0, 0, 0}}, B{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}},
				B{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}, B{})},
	}
	for _, c := range cases {
		got := blockedL(t, c.shape, c.spt, c.tpw, c.wpc, c.cpg, c.split, c.order, c.ctaOrd)
		expectLayout(t, c.name, got, c.want)
	}
}

func TestFMADotOperandTritonExpectations(t *testing.T) {
	parent := BlockedParams{SizePerThread: []int{2, 4}, ThreadsPerWarp: []int{8, 4}, WarpsPerCTA: []int{2, 4}, Order: []int{1, 0}}
	expectLayout(t, "BlockedDotOperandLhs", ok(t)(FMADotOperand([]int64{32, 16}, 0, parent)),
		distributed(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}}, B{{0, 0}, {0, 0}, {2, 0}, {4, 0}, {8, 0}}, B{{0, 0}, {0, 0}, {16, 0}}, B{}))
	expectLayout(t, "BlockedDotOperandRhs", ok(t)(FMADotOperand([]int64{16, 64}, 1, parent)),
		distributed(t, 2, B{{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, B{{0, 4}, {0, 8}, {0, 0}, {0, 0}, {0, 0}}, B{{0, 16}, {0, 32}, {0, 0}}, B{}))
	parent3 := BlockedParams{SizePerThread: []int{2, 2, 4}, ThreadsPerWarp: []int{2, 4, 4}, WarpsPerCTA: []int{2, 2, 2}, Order: []int{2, 1, 0}}
	expectLayout(t, "BlockedDot3dOperandLhs", ok(t)(FMADotOperand([]int64{16, 32, 4}, 0, parent3)),
		distributed(t, 3, B{{0, 0, 1}, {0, 0, 2}, {0, 1, 0}, {1, 0, 0}, {0, 16, 0}, {8, 0, 0}},
			B{{0, 0, 0}, {0, 0, 0}, {0, 2, 0}, {0, 4, 0}, {2, 0, 0}}, B{{0, 0, 0}, {0, 8, 0}, {4, 0, 0}}, B{}))
}

func TestSliceTritonExpectations(t *testing.T) {
	parent := BlockedParams{SizePerThread: []int{2, 4}, ThreadsPerWarp: []int{4, 2}, WarpsPerCTA: []int{2, 2}, Order: []int{1, 0},
		CTA: legacyCTA([]int{2, 2}, []int{2, 2}, []int{1, 0})}
	slice := func(shape []int64, p BlockedParams, dim int) LinearLayout {
		par := ok(t)(Blocked(SliceParentShape(shape, dim), p))
		return ok(t)(Slice(par, dim))
	}
	expectLayout(t, "SliceOfBlocked/0", slice([]int64{128}, parent, 0),
		distributed(t, 1, B{{1}, {2}, {16}, {32}}, B{{4}, {0}, {0}}, B{{8}, {0}}, B{{64}, {0}}))
	expectLayout(t, "SliceOfBlocked/1", slice([]int64{128}, parent, 1),
		distributed(t, 1, B{{1}, {16}, {32}}, B{{0}, {2}, {4}}, B{{0}, {8}}, B{{0}, {64}}))
	p1 := BlockedParams{SizePerThread: []int{1, 4}, ThreadsPerWarp: []int{8, 4}, WarpsPerCTA: []int{2, 2}, Order: []int{0, 1}}
	// Triton's older test kept the zero register bases here; 3.6 removes
	// them (confirmed by the oracle data), and so do we.
	expectLayout(t, "SliceWithShape1", slice([]int64{1}, p1, 0),
		distributed(t, 1, B{}, B{{0}, {0}, {0}, {0}, {0}}, B{{0}, {0}}, B{}))
	p4 := BlockedParams{SizePerThread: []int{1, 1, 1, 4}, ThreadsPerWarp: []int{2, 1, 1, 16}, WarpsPerCTA: []int{1, 2, 4, 1}, Order: []int{3, 0, 1, 2}}
	expectLayout(t, "Slice4D", slice([]int64{2, 1, 1}, p4, 3),
		distributed(t, 3, B{}, B{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1, 0, 0}}, B{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, B{}))

	mma := NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}
	mslice := func(shape []int64, dim int) LinearLayout {
		par := ok(t)(NvidiaMMA(SliceParentShape(shape, dim), mma))
		return ok(t)(Slice(par, dim))
	}
	expectLayout(t, "SliceOfMmaV2/16/0", mslice([]int64{16}, 0), distributed(t, 1, B{{1}}, B{{2}, {4}, {0}, {0}, {0}}, B{{8}, {0}}, B{}))
	expectLayout(t, "SliceOfMmaV2/128/0", mslice([]int64{128}, 0), distributed(t, 1, B{{1}, {16}, {32}, {64}}, B{{2}, {4}, {0}, {0}, {0}}, B{{8}, {0}}, B{}))
	expectLayout(t, "SliceOfMmaV2/8/1", mslice([]int64{8}, 1), distributed(t, 1, B{}, B{{0}, {0}, {1}, {2}, {4}}, B{{0}, {0}}, B{}))
	expectLayout(t, "SliceOfMmaV2/128/1", mslice([]int64{128}, 1), distributed(t, 1, B{{8}, {32}, {64}}, B{{0}, {0}, {1}, {2}, {4}}, B{{0}, {16}}, B{}))
}

// A slice of a 2-D blocked layout, worked by hand: removing dim 1 of
// [1, 4] x [8, 4] x [4, 1] makes the 4 lanes and the registers along dim 1
// hold the same row element.
func TestSliceOf2DBlockedByHand(t *testing.T) {
	p := BlockedParams{SizePerThread: []int{1, 4}, ThreadsPerWarp: []int{8, 4}, WarpsPerCTA: []int{4, 1}, Order: []int{1, 0}}
	parent := ok(t)(Blocked([]int64{32, 1}, p))
	s := ok(t)(Slice(parent, 1))
	expectLayout(t, "slice", s, distributed(t, 1, B{}, B{{0}, {0}, {1}, {2}, {4}}, B{{8}, {16}}, B{}))
	// Every lane of a quad holds the same row.
	for lane := int32(0); lane < 32; lane++ {
		if got, want := s.ApplyValues(0, lane, 1)[0], 8+lane/4; got != want {
			t.Errorf("lane %d warp 1 holds row %d, want %d", lane, got, want)
		}
	}
	if m := s.FreeVariableMask(Lane); m != 0b11 {
		t.Errorf("free lane mask = %b, want 11", m)
	}
}

func TestBlockedErrors(t *testing.T) {
	bad := []BlockedParams{
		{SizePerThread: []int{3}, ThreadsPerWarp: []int{32}, WarpsPerCTA: []int{4}, Order: []int{0}},
		{SizePerThread: []int{1, 1}, ThreadsPerWarp: []int{32}, WarpsPerCTA: []int{4}, Order: []int{0}},
		{SizePerThread: []int{1, 1}, ThreadsPerWarp: []int{8, 4}, WarpsPerCTA: []int{4, 1}, Order: []int{0, 0}},
	}
	for i, p := range bad {
		if _, err := Blocked([]int64{64}, p); err == nil {
			t.Errorf("case %d: no error for %+v", i, p)
		}
	}
	if _, err := Blocked([]int64{48}, BlockedParams{SizePerThread: []int{1}, ThreadsPerWarp: []int{32}, WarpsPerCTA: []int{1}, Order: []int{0}}); err == nil {
		t.Error("no error for a non-power-of-two shape")
	}
}
