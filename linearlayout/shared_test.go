package linearlayout

import "testing"

func swz(t *testing.T, shape []int64, vec, per, maxP int, order []int) LinearLayout {
	t.Helper()
	return ok(t)(SwizzledShared(shape, SwizzledSharedParams{Vec: vec, PerPhase: per, MaxPhase: maxP, Order: order}))
}

func nvmma(t *testing.T, shape []int64, sw int, transposed bool, bits int, fp4 bool) LinearLayout {
	t.Helper()
	return ok(t)(NVMMAShared(shape, NVMMASharedParams{SwizzlingByteWidth: sw, Transposed: transposed, ElementBitWidth: bits, FP4Padded: fp4}))
}

// Expectations ported from Triton's LinearLayoutConversionsTest.cpp.
func TestSharedTritonExpectations(t *testing.T) {
	expectLayout(t, "SharedSimple1D", swz(t, []int64{1024}, 1, 1, 1, []int{0}),
		Identity1D(1024, Offset, "dim0").Mul(Identity1D(1, Block, "dim0")))
	expectLayout(t, "SharedSimple2D", swz(t, []int64{128, 128}, 1, 1, 1, []int{1, 0}),
		Identity1D(128, Offset, "dim1").Mul(Identity1D(128, Offset, "dim0")).Mul(Identity1D(1, Block, "dim0")).
			TransposeOuts([]string{"dim0", "dim1"}))
	expectLayout(t, "SharedSimple2D_Order01", swz(t, []int64{128, 128}, 1, 1, 1, []int{0, 1}),
		Identity1D(128, Offset, "dim0").Mul(Identity1D(128, Offset, "dim1")).Mul(Identity1D(1, Block, "dim0")))
	expectLayout(t, "SharedSwizzled2D_MaxPhaseOnly", swz(t, []int64{32, 32}, 1, 1, 4, []int{1, 0}),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 1}, {2, 2}, {4, 0}, {8, 0}, {16, 0}}, B{}))
	expectLayout(t, "SharedSwizzled2D_PerPhaseMaxPhase", swz(t, []int64{32, 32}, 1, 2, 4, []int{1, 0}),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 1}, {4, 2}, {8, 0}, {16, 0}}, B{}))
	expectLayout(t, "SharedSwizzled2D_Vec", swz(t, []int64{4, 8}, 2, 1, 4, []int{1, 0}),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {1, 2}, {2, 4}}, B{}))
	expectLayout(t, "SharedSwizzled2D_PerPhaseMaxPhaseVec", swz(t, []int64{32, 32}, 2, 2, 4, []int{1, 0}),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 2}, {4, 4}, {8, 0}, {16, 0}}, B{}))
	expectLayout(t, "SharedSwizzled4D", swz(t, []int64{2, 4, 32, 32}, 2, 2, 4, []int{3, 2, 1, 0}),
		sharedL(t, 4, B{{0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 0, 4}, {0, 0, 0, 8}, {0, 0, 0, 16}, {0, 0, 1, 0}, {0, 0, 2, 2},
			{0, 0, 4, 4}, {0, 0, 8, 0}, {0, 0, 16, 0}, {0, 1, 0, 0}, {0, 2, 0, 0}, {1, 0, 0, 0}}, B{}))
	expectLayout(t, "SharedSwizzled2D_Order01", swz(t, []int64{4, 8}, 1, 1, 4, []int{0, 1}),
		sharedL(t, 2, B{{1, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 4}}, B{}))
	expectLayout(t, "Shared1DSwizzle", swz(t, []int64{64, 1}, 2, 2, 4, []int{1, 0}),
		Identity1D(64, Offset, "dim0").Mul(Identity1D(1, Offset, "dim1")).Mul(Identity1D(1, Block, "dim0")))

	expectLayout(t, "LeadingOffset_8x16_4_2", nvmma(t, []int64{8, 16}, 32, false, 16, false),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}}, B{}))
	expectLayout(t, "LeadingOffset_128x16_4_2", nvmma(t, []int64{128, 16}, 32, false, 16, false),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}, {8, 0}, {16, 0}, {32, 0}, {64, 0}}, B{}))
	expectLayout(t, "LeadingOffset_8x32_2_4", nvmma(t, []int64{8, 32}, 64, false, 16, false),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}}, B{}))
	expectLayout(t, "LeadingOffset_8x64_1_8", nvmma(t, []int64{8, 64}, 128, false, 16, false),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}}, B{}))
	expectLayout(t, "LeadingOffset_8x64_1_8_32b", nvmma(t, []int64{8, 64}, 128, false, 32, false),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 4}, {2, 8}, {4, 16}, {0, 32}}, B{}))
	expectLayout(t, "MMAv5Fp4Padded", nvmma(t, []int64{32, 64}, 128, false, 8, true),
		sharedL(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 0}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}, {8, 0}, {16, 0}}, B{}))
}

// offsetOf inverts a bijective shared layout: the element offset of (r, c).
func offsetOf(t *testing.T, l LinearLayout) func(r, c int32) int32 {
	inv := ok(t)(l.Invert())
	return func(r, c int32) int32 { return inv.ApplyValues(r, c)[0] }
}

// The swizzle formula of §3.4 of the design notes: with vec*maxPhase <= C,
// offset(r, c) = r*C + ((c/vec) ^ phase(r))*vec + c%vec, phase(r) =
// (r/perPhase) % maxPhase.
func TestSwizzledSharedFormula(t *testing.T) {
	for _, p := range []struct{ vec, per, maxP, rows, cols int32 }{
		{1, 1, 1, 16, 16}, {2, 1, 4, 16, 8}, {8, 1, 8, 64, 64}, {4, 2, 4, 32, 16}, {1, 1, 32, 32, 32}, {8, 4, 2, 32, 64},
	} {
		l := swz(t, []int64{int64(p.rows), int64(p.cols)}, int(p.vec), int(p.per), int(p.maxP), []int{1, 0})
		off := offsetOf(t, l)
		for r := int32(0); r < p.rows; r++ {
			phase := (r / p.per) % p.maxP
			for c := int32(0); c < p.cols; c++ {
				want := r*p.cols + ((c/p.vec)^phase)*p.vec + c%p.vec
				if got := off(r, c); got != want {
					t.Fatalf("%+v: offset(%d, %d) = %d, want %d", p, r, c, got, want)
				}
			}
		}
	}
	// The TritonGPUAttrDefs.td example: vec=2, perPhase=1, maxPhase=4 on 4x16;
	// row 1 holds 10 11 8 9 14 15 12 13 (logical columns of physical columns
	// 0..7 of row 1, i.e. (c/2 ^ 1)*2 + c%2).
	l := swz(t, []int64{4, 16}, 2, 1, 4, []int{1, 0})
	want := []int32{2, 3, 0, 1, 6, 7, 4, 5}
	for pc, c := range want {
		v := l.ApplyValues(int32(16+pc), 0)
		if v[0] != 1 || v[1] != c {
			t.Errorf("physical (1, %d) holds %v, want (1, %d)", pc, v, c)
		}
	}
}

// NVMMA 128-byte swizzle on f16: 16-byte chunk index XOR (row % 8)
// (CUTLASS Swizzle<3,4,3>), 64 elements per row, rows contiguous.
func TestNVMMA128BSwizzle(t *testing.T) {
	l := nvmma(t, []int64{64, 64}, 128, false, 16, false)
	off := offsetOf(t, l)
	for r := int32(0); r < 64; r++ {
		for c := int32(0); c < 64; c++ {
			chunk := (c / 8) ^ (r % 8)
			want := r*64 + chunk*8 + c%8
			if got := off(r, c); got != want {
				t.Fatalf("offset(%d, %d) = %d, want %d", r, c, got, want)
			}
		}
	}
	// 64-byte swizzle: chunk ^= (row/2) % 4 over rows of 32 f16.
	l = nvmma(t, []int64{16, 64}, 64, false, 16, false)
	off = offsetOf(t, l)
	for r := int32(0); r < 16; r++ {
		for c := int32(0); c < 32; c++ {
			want := r*32 + ((c/8)^((r/2)%4))*8 + c%8
			if got := off(r, c); got != want {
				t.Fatalf("64B: offset(%d, %d) = %d, want %d", r, c, got, want)
			}
		}
	}
	// Column 32..63 live in the second 16x32 slab.
	if got := off(0, 32); got != 16*32 {
		t.Errorf("64B: offset(0, 32) = %d, want %d", got, 16*32)
	}
	// Transposed: the same on the transposed tensor.
	tr := nvmma(t, []int64{64, 64}, 128, true, 16, false)
	plain := nvmma(t, []int64{64, 64}, 128, false, 16, false)
	if !tr.Equal(plain.TransposeOuts([]string{"dim1", "dim0"}).ReshapeOuts([]Dim{{"dim0", 64}, {"dim1", 64}})) {
		t.Errorf("transposed nvmma:\n%v\nvs\n%v", tr, plain)
	}
	if _, err := NVMMAShared([]int64{64, 32}, NVMMASharedParams{SwizzlingByteWidth: 128, ElementBitWidth: 16}); err == nil {
		t.Error("no error for a box narrower than the swizzle")
	}
}

func TestAMDRotatingShared(t *testing.T) {
	// Rows 0..3 use phases 0..3 like the plain swizzle; rows 4..7 (the next
	// block of maxPhase*perPhase rows) are rotated by 1.
	l := ok(t)(AMDRotatingShared([]int64{16, 8}, SwizzledSharedParams{Vec: 2, PerPhase: 1, MaxPhase: 4, Order: []int{1, 0}}))
	off := offsetOf(t, l)
	for r := int32(0); r < 16; r++ {
		phase := (r % 4) ^ ((r / 4) % 4)
		for c := int32(0); c < 8; c++ {
			want := r*8 + ((c/2)^phase)*2 + c%2
			if got := off(r, c); got != want {
				t.Fatalf("offset(%d, %d) = %d, want %d", r, c, got, want)
			}
		}
	}
}

func TestSharedMultiCTA(t *testing.T) {
	// Two CTAs split dim 0: each holds a 32x64 swizzled half.
	l := ok(t)(SwizzledShared([]int64{64, 64}, SwizzledSharedParams{Vec: 8, PerPhase: 1, MaxPhase: 8, Order: []int{1, 0},
		CTA: legacyCTA([]int{2, 1}, []int{2, 1}, []int{1, 0})}))
	if got := l.InDimSize(Offset); got != 32*64 {
		t.Errorf("offset size = %d, want %d", got, 32*64)
	}
	if got := l.DimBases(Block); len(got) != 1 || got[0][0] != 32 || got[0][1] != 0 {
		t.Errorf("block bases = %v, want [[32, 0]]", got)
	}
}
