package linearlayout

import (
	"slices"
	"testing"
)

func blk(t *testing.T, shape []int64, spt, tpw, wpc, order []int) LinearLayout {
	t.Helper()
	return ok(t)(Blocked(shape, BlockedParams{SizePerThread: spt, ThreadsPerWarp: tpw, WarpsPerCTA: wpc, Order: order}))
}

// checkConversion verifies by brute force that dst.InvertAndCompose(src)
// sends every destination location to a source location holding the same
// element.
func checkConversion(t *testing.T, src, dst LinearLayout) {
	t.Helper()
	comp := ok(t)(dst.InvertAndCompose(src))
	for x := uint64(0); x < uint64(dst.TotalInDimSize()); x++ {
		if got, want := src.ApplyFlat(comp.ApplyFlat(x)), dst.ApplyFlat(x); got != want {
			t.Fatalf("dst location %v holds %v, its source %v holds %v", dst.UnpackIn(x), dst.UnpackOut(want),
				comp.UnpackOut(comp.ApplyFlat(x)), src.UnpackOut(got))
		}
	}
}

func TestConversionPlanKinds(t *testing.T) {
	s64 := []int64{64, 64}
	a := blk(t, s64, []int{1, 4}, []int{8, 4}, []int{4, 1}, []int{1, 0})
	cases := []struct {
		name     string
		src, dst LinearLayout
		want     ConversionKind
	}{
		{"same", a, a, ConvertNothing},
		// Each thread holds the same 2x2 box, registers in the other order.
		{"register order", blk(t, []int64{16, 16}, []int{2, 2}, []int{8, 4}, []int{1, 1}, []int{1, 0}),
			swappedRegs(t), ConvertRegisterPermutation},
		// A thread's 4 consecutive elements become 2 + 2 of two threads.
		{"lanes", blk(t, []int64{256}, []int{2}, []int{32}, []int{4}, []int{0}),
			blk(t, []int64{256}, []int{1}, []int{32}, []int{4}, []int{0}), ConvertSharedMemory},
		{"within warp", blk(t, []int64{64}, []int{1}, []int{32}, []int{1}, []int{0}),
			blk(t, []int64{64}, []int{2}, []int{32}, []int{1}, []int{0}), ConvertWarpShuffle},
		{"transpose", blk(t, []int64{32, 32}, []int{1, 1}, []int{1, 32}, []int{4, 1}, []int{1, 0}),
			blk(t, []int64{32, 32}, []int{1, 1}, []int{32, 1}, []int{1, 4}, []int{0, 1}), ConvertSharedMemory},
		{"broadcast warps", blk(t, []int64{32}, []int{1}, []int{32}, []int{4}, []int{0}),
			blk(t, []int64{32}, []int{1}, []int{32}, []int{4}, []int{0}), ConvertNothing},
	}
	for _, c := range cases {
		p, err := ConversionPlan(c.src, c.dst)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if p.Kind != c.want {
			t.Errorf("%s: kind %v, want %v (conversion %v)", c.name, p.Kind, c.want, p.Conversion)
		}
		checkConversion(t, c.src, c.dst)
	}
}

func TestConversionPlanCrossCTA(t *testing.T) {
	// CTA 0 and 1 swap halves.
	src := distributed(t, 1, B{}, B{{1}, {2}, {4}, {8}, {16}}, B{}, B{{32}})
	dst, err := New([]InBases{{Register, B{}}, {Lane, B{{1}, {2}, {4}, {8}, {16}}}, {Warp, B{}}, {Block, B{{32}}}},
		[]Dim{{"dim0", 64}})
	if err != nil {
		t.Fatal(err)
	}
	dst = dst.Compose(ok(t)(New([]InBases{{"dim0", B{{1}, {2}, {4}, {8}, {16}, {33}}}}, []Dim{{"dim0", 64}})))
	p := ok0(t)(ConversionPlan(src, dst))
	if p.Kind != ConvertCrossCTA {
		t.Errorf("kind %v, want cross-cta", p.Kind)
	}
}

func ok0(t *testing.T) func(Plan, error) Plan {
	return func(p Plan, err error) Plan {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// swappedRegs is the 16x16 blocked layout [2, 2] x [8, 4] with its two
// register bases swapped (column-major inside each thread's 2x2 box).
func swappedRegs(t *testing.T) LinearLayout {
	return distributed(t, 2, B{{1, 0}, {0, 1}, {0, 8}}, B{{0, 2}, {0, 4}, {2, 0}, {4, 0}, {8, 0}}, B{}, B{})
}

func TestRegisterPermutationMap(t *testing.T) {
	src := blk(t, []int64{16, 16}, []int{2, 2}, []int{8, 4}, []int{1, 1}, []int{1, 0})
	dst := swappedRegs(t)
	p := ok0(t)(ConversionPlan(src, dst))
	if !slices.Equal(p.RegisterMap, []int32{0, 2, 1, 3, 4, 6, 5, 7}) {
		t.Errorf("RegisterMap = %v, want [0 2 1 3 4 6 5 7]", p.RegisterMap)
	}
	for lane := int32(0); lane < 32; lane++ {
		for r, sr := range p.RegisterMap {
			if d, s := dst.ApplyValues(int32(r), lane, 0, 0), src.ApplyValues(sr, lane, 0, 0); !slices.Equal(d, s) {
				t.Fatalf("dst reg %d lane %d holds %v, src reg %d holds %v", r, lane, d, sr, s)
			}
		}
	}
	// dst holding each element twice in registers (a broadcast) maps both
	// copies to the one source register.
	src1 := blk(t, []int64{32}, []int{1}, []int{32}, []int{1}, []int{0})
	dst1 := distributed(t, 1, B{{0}}, B{{1}, {2}, {4}, {8}, {16}}, B{}, B{})
	p = ok0(t)(ConversionPlan(src1, dst1))
	if p.Kind != ConvertRegisterPermutation || !slices.Equal(p.RegisterMap, []int32{0, 0}) {
		t.Errorf("broadcast: %v %v", p.Kind, p.RegisterMap)
	}
}

// checkDecomposition verifies P = P_mixed ∘ P_lane ∘ P_reg on bit indices
// and that P moves every element to where dst expects it.
func checkDecomposition(t *testing.T, d WarpDecomposition) {
	t.Helper()
	nReg := d.PReg.InDimSizeLog2(Register)
	nLane := d.PLane.InDimSizeLog2(Lane)
	for i := 0; i < nReg+nLane; i++ {
		var pos int
		if i < nReg {
			pos = log2u(d.PReg.bases[i])
		} else {
			pos = nReg + log2u(d.PLane.bases[i-nReg])
		}
		for _, m := range d.MixedTranspositions {
			r, l := m[0], nReg+m[1]
			if pos == r {
				pos = l
			} else if pos == l {
				pos = r
			}
		}
		if want := log2u(d.P.bases[i]); pos != want {
			t.Fatalf("bit %d goes to %d through the factors, P sends it to %d (%+v)", i, pos, want, d)
		}
	}
}

func TestWarpShuffleDecomposition(t *testing.T) {
	src := blk(t, []int64{64}, []int{1}, []int{32}, []int{1}, []int{0})
	dst := blk(t, []int64{64}, []int{2}, []int{32}, []int{1}, []int{0})
	p := ok0(t)(ConversionPlan(src, dst))
	if p.Kind != ConvertWarpShuffle || p.Shuffle == nil {
		t.Fatalf("kind %v", p.Kind)
	}
	d := *p.Shuffle
	if len(d.MixedTranspositions) != 1 {
		t.Errorf("mixed transpositions %v, want one", d.MixedTranspositions)
	}
	checkDecomposition(t, d)
	// P sends each source (register, lane) to the destination location that
	// holds the same element.
	for x := uint64(0); x < 64; x++ {
		y := d.P.ApplyFlat(x)
		if src.ApplyFlat(x) != dst.ApplyFlat(y) {
			t.Fatalf("P(%v) = %v: elements %v vs %v", d.P.UnpackIn(x), d.P.UnpackOut(y), src.ApplyFlat(x), dst.ApplyFlat(y))
		}
	}
	// A transpose inside a warp: 8x4 with lanes row-major vs column-major,
	// each thread 1 element: only lanes move, no mixed transposition.
	a := blk(t, []int64{8, 4}, []int{1, 1}, []int{8, 4}, []int{1, 1}, []int{1, 0})
	b := blk(t, []int64{8, 4}, []int{1, 1}, []int{8, 4}, []int{1, 1}, []int{0, 1})
	p = ok0(t)(ConversionPlan(a, b))
	if p.Kind != ConvertWarpShuffle || len(p.Shuffle.MixedTranspositions) != 0 {
		t.Errorf("lane permutation: kind %v %+v", p.Kind, p.Shuffle)
	}
	checkDecomposition(t, *p.Shuffle)
}

// The transpose of a 32x32 f32 tile: threads of src own rows (lane =
// column), threads of dst own columns (lane = row).
func TestSwizzleTranspose32x32(t *testing.T) {
	src := blk(t, []int64{32, 32}, []int{1, 1}, []int{1, 32}, []int{4, 1}, []int{1, 0})
	dst := blk(t, []int64{32, 32}, []int{1, 1}, []int{32, 1}, []int{1, 4}, []int{0, 1})

	// Without a swizzle, the column reads hit one bank 32 times.
	plain := swz(t, []int64{32, 32}, 1, 1, 1, []int{1, 0})
	if r := ok1(t)(SimulateAccess(dst, plain, 32)); r.Conflicts() != 31*r.Instructions {
		t.Errorf("unswizzled load: %+v, want 31 extra wavefronts per instruction", r)
	}
	if n, _ := BankConflicts(dst, plain, 32); n != 31 {
		t.Errorf("BankConflicts(unswizzled) = %d, want 31", n)
	}

	sc, err := PlanSharedConversion(src, dst, 32, SharedInstrs{})
	if err != nil {
		t.Fatal(err)
	}
	smem := FlatShared(sc.Layout)
	for name, l := range map[string]LinearLayout{"store": src, "load": dst} {
		r := ok1(t)(SimulateAccess(l, smem, 32))
		if r.Conflicts() != 0 {
			t.Errorf("%s: %+v (layout %v)", name, r, sc.Layout)
		}
	}
	if sc.ScratchElems*int64(sc.Rounds) != 32*32 {
		t.Errorf("scratch %d x %d rounds does not cover the tile", sc.ScratchElems, sc.Rounds)
	}
}

func ok1(t *testing.T) func(AccessReport, error) AccessReport {
	return func(r AccessReport, err error) AccessReport {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
}

// The two conversions of a tiled 2-D transpose kernel: a coalesced load
// layout (rows contiguous) converted to a coalesced store layout of the
// transposed tile (columns contiguous), for 32- and 16-bit elements.
func TestSwizzleTransposeKernel(t *testing.T) {
	shape := []int64{64, 64}
	load := blk(t, shape, []int{1, 4}, []int{8, 4}, []int{4, 1}, []int{1, 0})
	store := blk(t, shape, []int{4, 1}, []int{4, 8}, []int{1, 4}, []int{0, 1})
	for _, bits := range []int{32, 16} {
		for _, dir := range [][2]LinearLayout{{load, store}, {store, load}} {
			p := ok0(t)(ConversionPlan(dir[0], dir[1]))
			if p.Kind != ConvertSharedMemory {
				t.Fatalf("kind %v", p.Kind)
			}
			sc, err := PlanSharedConversion(dir[0], dir[1], bits, SharedInstrs{})
			if err != nil {
				t.Fatal(err)
			}
			smem := FlatShared(sc.Layout)
			st := ok1(t)(SimulateAccess(dir[0], smem, bits))
			ld := ok1(t)(SimulateAccess(dir[1], smem, bits))
			if st.Conflicts() != 0 || ld.Conflicts() != 0 {
				t.Errorf("bits %d: store %+v load %+v\nlayout %v", bits, st, ld, sc.Layout)
			}
			if st.Vector*bits < 32 || ld.Vector*bits < 32 {
				t.Errorf("bits %d: accesses of %d and %d elements, want >= 32 bits", bits, st.Vector, ld.Vector)
			}
			// Triton's algebraic count agrees.
			for _, l := range []LinearLayout{dir[0], dir[1]} {
				if n := ok2(t)(BankConflicts(l, smem, bits)); n != 0 {
					t.Errorf("bits %d: BankConflicts = %d", bits, n)
				}
			}
		}
	}
}

func ok2(t *testing.T) func(int, error) int {
	return func(n int, err error) int {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
}

// MMA v2 accumulator to a blocked epilogue layout.
func TestSwizzleMMAToBlocked(t *testing.T) {
	shape := []int64{128, 128}
	mma := ok(t)(NvidiaMMA(shape, NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}}))
	out := blk(t, shape, []int{1, 8}, []int{8, 4}, []int{4, 1}, []int{1, 0})
	for _, bits := range []int{32, 16} {
		sc, err := PlanSharedConversion(mma, out, bits, SharedInstrs{})
		if err != nil {
			t.Fatal(err)
		}
		smem := FlatShared(sc.Layout)
		st := ok1(t)(SimulateAccess(mma, smem, bits))
		ld := ok1(t)(SimulateAccess(out, smem, bits))
		if st.Conflicts() != 0 || ld.Conflicts() != 0 {
			t.Errorf("bits %d: store %+v load %+v", bits, st, ld)
		}
		if sc.Rounds < 1 || sc.ScratchElems*int64(sc.Rounds) != 128*128 {
			t.Errorf("bits %d: %d elems x %d rounds", bits, sc.ScratchElems, sc.Rounds)
		}
	}
}
