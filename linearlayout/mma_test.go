package linearlayout

import "testing"

// The PTX m16n8 accumulator fragment: lane l holds row l/4 (+8 for registers
// 2 and 3) and columns 2*(l%4) + {0, 1}.
func TestNvidiaMMAv2Fragment(t *testing.T) {
	l := ok(t)(NvidiaMMA([]int64{16, 8}, NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{1, 1}, InstrShape: []int{16, 8}}))
	expectLayout(t, "m16n8", l, distributed(t, 2, B{{0, 1}, {8, 0}}, B{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, B{}, B{}))
	for lane := int32(0); lane < 32; lane++ {
		for r := int32(0); r < 4; r++ {
			got := l.ApplyValues(r, lane)
			row, col := lane/4+8*(r/2), 2*(lane%4)+r%2
			if got[0] != row || got[1] != col {
				t.Errorf("lane %d reg %d -> %v, want (%d, %d)", lane, r, got, row, col)
			}
		}
	}
	// A 64x64 tile with 2x2 warps: the warps tile 16x8 instruction tiles
	// row-major (a 32x16 CTA tile), which registers then repeat along N, then
	// along M.
	l = ok(t)(NvidiaMMA([]int64{64, 64}, NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}))
	expectLayout(t, "64x64", l, distributed(t, 2,
		B{{0, 1}, {8, 0}, {0, 16}, {0, 32}, {32, 0}}, B{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, B{{0, 8}, {16, 0}}, B{}))
}

// wgmma: a warpgroup of 4 warps stacks four 16-row slabs; N is covered by
// registers in steps of 8.
func TestNvidiaMMAv3(t *testing.T) {
	p := NvidiaMMAParams{VersionMajor: 3, WarpsPerCTA: []int{4, 1}, InstrShape: []int{16, 64, 16}}
	l := ok(t)(NvidiaMMA([]int64{64, 64}, p))
	expectLayout(t, "64x64", l, distributed(t, 2,
		B{{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}}, B{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, B{{16, 0}, {32, 0}}, B{}))
	// The #ttg.linear example of TritonGPUAttrDefs.td is a v3 layout with 8
	// columns repeated along M.
	l = ok(t)(NvidiaMMA([]int64{128, 16}, NvidiaMMAParams{VersionMajor: 3, WarpsPerCTA: []int{4, 1}, InstrShape: []int{16, 16, 16}}))
	expectLayout(t, "128x16", l, distributed(t, 2,
		B{{0, 1}, {8, 0}, {0, 8}, {64, 0}}, B{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, B{{16, 0}, {32, 0}}, B{}))
	// The register A operand of wgmma.
	a := ok(t)(NvidiaDotOperand([]int64{64, 16}, 0, 2, p))
	expectLayout(t, "A", a, distributed(t, 2,
		B{{0, 1}, {8, 0}, {0, 8}}, B{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}, B{{16, 0}, {32, 0}}, B{}))
	if _, err := NvidiaDotOperand([]int64{16, 64}, 1, 2, p); err == nil {
		t.Error("v3 B operand should have no register layout")
	}
}

// mma.sync operands for 16-bit types: A lane l holds row l/4 (+8) and k =
// 2*(l%4) + {0,1} (+8); B lane l holds column l/4 and the same k.
func TestNvidiaDotOperandV2(t *testing.T) {
	p := NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{1, 1}, InstrShape: []int{16, 8}}
	a := ok(t)(NvidiaDotOperand([]int64{16, 16}, 0, 2, p))
	b := ok(t)(NvidiaDotOperand([]int64{16, 8}, 1, 2, p))
	for lane := int32(0); lane < 32; lane++ {
		for r := int32(0); r < 8; r++ {
			ga := a.ApplyValues(r, lane)
			row, k := lane/4+8*((r/2)%2), 2*(lane%4)+r%2+8*(r/4)
			if ga[0] != row || ga[1] != k {
				t.Errorf("A lane %d reg %d -> %v, want (%d, %d)", lane, r, ga, row, k)
			}
			if r >= 4 {
				continue
			}
			gb := b.ApplyValues(r, lane)
			col, kb := lane/4, 2*(lane%4)+r%2+8*(r/2)
			if gb[0] != kb || gb[1] != col {
				t.Errorf("B lane %d reg %d -> %v, want (%d, %d)", lane, r, gb, kb, col)
			}
		}
	}
	// With 2x2 warps A is replicated across the warps that tile N.
	a4 := ok(t)(NvidiaDotOperand([]int64{32, 16}, 0, 2, NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}))
	if m := a4.FreeVariableMask(Warp); m != 0b01 {
		t.Errorf("A warp free mask = %b, want 01 (broadcast along the N warps)", m)
	}
}

// WMMA expectations ported from Triton's LinearLayoutConversionsTest.cpp.
func TestWMMATritonExpectations(t *testing.T) {
	v2 := WMMAParams{Version: 2, WarpsPerCTA: []int{2, 4}}
	cases := []struct {
		name  string
		got   LinearLayout
		want  LinearLayout
		shape []int64
	}{
		{"v2/16x16", ok(t)(AMDWMMA([]int64{16, 16}, v2)),
			distributed(t, 2, B{{1, 0}, {2, 0}, {4, 0}}, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}}, B{{0, 0}, {0, 0}, {0, 0}}, B{}), nil},
		{"v2/64x128", ok(t)(AMDWMMA([]int64{64, 128}, v2)),
			distributed(t, 2, B{{1, 0}, {2, 0}, {4, 0}, {0, 64}, {32, 0}}, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}}, B{{0, 16}, {0, 32}, {16, 0}}, B{}), nil},
		{"v2T/64x128", ok(t)(AMDWMMA([]int64{64, 128}, WMMAParams{Version: 2, IsTranspose: true, WarpsPerCTA: []int{2, 4}})),
			distributed(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 64}, {32, 0}}, B{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}, B{{0, 16}, {0, 32}, {16, 0}}, B{}), nil},
		{"v2/4x64x64", ok(t)(AMDWMMA([]int64{4, 64, 64}, WMMAParams{Version: 2, WarpsPerCTA: []int{2, 2, 2}})),
			distributed(t, 3, B{{0, 1, 0}, {0, 2, 0}, {0, 4, 0}, {0, 0, 32}, {0, 32, 0}, {2, 0, 0}},
				B{{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8}, {0, 8, 0}}, B{{0, 0, 16}, {0, 16, 0}, {1, 0, 0}}, B{}), nil},
		{"v1/lhs/64x128", ok(t)(WMMADotOperand([]int64{64, 128}, 0, 16, WMMAParams{Version: 1, WarpsPerCTA: []int{2, 4}})),
			distributed(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {32, 0}}, B{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 0}}, B{{0, 0}, {0, 0}, {16, 0}}, B{}), nil},
		{"v1/rhs/64x128", ok(t)(WMMADotOperand([]int64{64, 128}, 1, 16, WMMAParams{Version: 1, WarpsPerCTA: []int{2, 4}})),
			distributed(t, 2, B{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {0, 64}}, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 0}}, B{{0, 16}, {0, 32}, {0, 0}}, B{}), nil},
		{"v2/lhs/k8/64x128", ok(t)(WMMADotOperand([]int64{64, 128}, 0, 8, v2)),
			distributed(t, 2, B{{0, 1}, {0, 2}, {0, 4}, {0, 16}, {0, 32}, {0, 64}, {32, 0}}, B{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}, B{{0, 0}, {0, 0}, {16, 0}}, B{}), nil},
		{"v2/rhs/k16/128x128", ok(t)(WMMADotOperand([]int64{128, 128}, 1, 16, v2)),
			distributed(t, 2, B{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {32, 0}, {64, 0}, {0, 64}}, B{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {16, 0}}, B{{0, 16}, {0, 32}, {0, 0}}, B{}), nil},
	}
	for _, c := range cases {
		expectLayout(t, c.name, c.got, c.want)
	}
}

// The MFMA 32x32 accumulator: lane l holds column l%32 and rows
// 4*(l/32) + {0..3} + 8*j, j = 0..3.
func TestAMDMFMA32x32(t *testing.T) {
	l := ok(t)(AMDMFMA([]int64{32, 32}, MFMAParams{Version: 3, WarpsPerCTA: []int{1, 1}, InstrShape: []int{32, 32, 8}}))
	for lane := int32(0); lane < 64; lane++ {
		for r := int32(0); r < 16; r++ {
			got := l.ApplyValues(r, lane)
			row, col := 4*(lane/32)+r%4+8*(r/4), lane%32
			if got[0] != row || got[1] != col {
				t.Fatalf("lane %d reg %d -> %v, want (%d, %d)", lane, r, got, row, col)
			}
		}
	}
	// Every version Triton 3.6 accepts, 0 included, gives the same layout.
	for v := 0; v <= 4; v++ {
		if lv := ok(t)(AMDMFMA([]int64{32, 32}, MFMAParams{Version: v, WarpsPerCTA: []int{1, 1}, InstrShape: []int{32, 32, 8}})); !lv.Equal(l) {
			t.Errorf("version %d: %v, want %v", v, lv, l)
		}
	}
	if _, err := AMDMFMA([]int64{32, 32}, MFMAParams{Version: 5, WarpsPerCTA: []int{1, 1}, InstrShape: []int{32, 32, 8}}); err == nil {
		t.Error("no error for MFMA version 5")
	}
	tr := ok(t)(AMDMFMA([]int64{32, 32}, MFMAParams{Version: 3, WarpsPerCTA: []int{1, 1}, InstrShape: []int{32, 32, 8}, IsTransposed: true}))
	if !tr.Equal(l.TransposeOuts([]string{"dim1", "dim0"}).ReshapeOuts([]Dim{{"dim0", 32}, {"dim1", 32}})) {
		t.Errorf("transposed MFMA is not the transpose: %v vs %v", tr, l)
	}
}

func TestMMAErrors(t *testing.T) {
	if _, err := NvidiaMMA([]int64{64, 64}, NvidiaMMAParams{VersionMajor: 1, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}); err == nil {
		t.Error("no error for MMA v1")
	}
	if _, err := AMDMFMA([]int64{64, 64}, MFMAParams{Version: 3, WarpsPerCTA: []int{2, 2}, InstrShape: []int{8, 8}}); err == nil {
		t.Error("no error for an 8x8 MFMA")
	}
	if _, err := AMDWMMA([]int64{64, 64}, WMMAParams{Version: 4, WarpsPerCTA: []int{2, 2}}); err == nil {
		t.Error("no error for WMMA v4")
	}
	if _, err := NvidiaDotOperand([]int64{64, 64}, 0, 3, NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}); err == nil {
		t.Error("no error for kWidth 3")
	}
}
