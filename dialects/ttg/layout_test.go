package ttg

import (
	"fmt"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// elem returns the tensor coordinates held in register r by lane l of warp w.
func elem(t *testing.T, ll linearlayout.LinearLayout, r, l, w int32) []int32 {
	t.Helper()
	out := ll.Apply(linearlayout.DimValue{Name: linearlayout.Register, Value: r},
		linearlayout.DimValue{Name: linearlayout.Lane, Value: l},
		linearlayout.DimValue{Name: linearlayout.Warp, Value: w})
	c := make([]int32, len(out))
	for i, d := range out {
		c[i] = d.Value
	}
	return c
}

func expectElems(t *testing.T, ll linearlayout.LinearLayout, lane, warp int32, want [][]int32) {
	t.Helper()
	for r, w := range want {
		if got := elem(t, ll, int32(r), lane, warp); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("lane %d warp %d register %d: got %v, want %v", lane, warp, r, got, w)
		}
	}
}

// TestBlockedLayoutExample is the example of TritonGPUAttrDefs.td:
// sizePerThread [2, 2], threadsPerWarp [8, 4], warpsPerCTA [1, 2] on 16x16.
func TestBlockedLayoutExample(t *testing.T) {
	ctx := ir.NewContext()
	b := NewBlocked(ctx, []int{2, 2}, []int{8, 4}, []int{1, 2}, []int{1, 0}, DefaultCGA(2))
	if err := b.Verify(); err != nil {
		t.Fatal(err)
	}
	ll, err := ToLinearLayout(b, []int64{16, 16})
	if err != nil {
		t.Fatal(err)
	}
	expectElems(t, ll, 0, 0, [][]int32{{0, 0}, {0, 1}, {1, 0}, {1, 1}})
	expectElems(t, ll, 1, 0, [][]int32{{0, 2}, {0, 3}, {1, 2}, {1, 3}})
	expectElems(t, ll, 4, 0, [][]int32{{2, 0}, {2, 1}, {3, 0}, {3, 1}})
	expectElems(t, ll, 0, 1, [][]int32{{0, 8}})
	tt := ir.RankedTensor(ctx, []int64{16, 16}, ir.F32Type(ctx), b)
	if got := ElemsPerThread(tt); fmt.Sprint(got) != "[2 2]" {
		t.Errorf("ElemsPerThread = %v, want [2 2]", got)
	}
	if got := SizePerThread(b, []int64{16, 16}); fmt.Sprint(got) != "[2 2]" {
		t.Errorf("SizePerThread = %v", got)
	}
	// On 32x16 each thread holds two tiles.
	if got := TotalElemsPerThread(ir.RankedTensor(ctx, []int64{32, 16}, ir.F32Type(ctx), b)); got != 8 {
		t.Errorf("TotalElemsPerThread(32x16) = %d, want 8", got)
	}
}

// TestMmaV2Layout checks the m16n8 accumulator fragment: lane l holds row
// l/4 (+8 for registers 2, 3) and columns 2*(l%4) + {0, 1}.
func TestMmaV2Layout(t *testing.T) {
	ctx := ir.NewContext()
	mma := NewNvidiaMma(ctx, 2, 0, []int{1, 1}, DefaultCGA(2), []int{16, 8})
	ll, err := ToLinearLayout(mma, []int64{16, 8})
	if err != nil {
		t.Fatal(err)
	}
	for lane := int32(0); lane < 32; lane++ {
		r, c := lane/4, 2*(lane%4)
		expectElems(t, ll, lane, 0, [][]int32{{r, c}, {r, c + 1}, {r + 8, c}, {r + 8, c + 1}})
	}
}

// TestDotOperandLayout checks operand A of mma.sync m16n8k16 (kWidth 2):
// lane l holds row l/4 (+8) and k = 2*(l%4) + {0, 1} (+8).
func TestDotOperandLayout(t *testing.T) {
	ctx := ir.NewContext()
	mma := NewNvidiaMma(ctx, 2, 0, []int{1, 1}, DefaultCGA(2), []int{16, 8})
	a := NewDotOperand(ctx, 0, mma, 2)
	if err := a.Verify(); err != nil {
		t.Fatal(err)
	}
	ll, err := ToLinearLayout(a, []int64{16, 16})
	if err != nil {
		t.Fatal(err)
	}
	for lane := int32(0); lane < 32; lane++ {
		r, k := lane/4, 2*(lane%4)
		expectElems(t, ll, lane, 0, [][]int32{{r, k}, {r, k + 1}, {r + 8, k}, {r + 8, k + 1}, {r, k + 8}, {r, k + 9}, {r + 8, k + 8}, {r + 8, k + 9}})
	}
	// kWidth is mandatory for an Ampere parent.
	if err := NewDotOperand(ctx, 0, mma, 0).Verify(); err == nil {
		t.Error("dot_op with kWidth 0 on an Ampere parent verified")
	}
	if got := NewDotOperandFor(ctx, 1, mma, ir.F16Type(ctx)).KWidth; got != 2 {
		t.Errorf("default kWidth for f16 = %d, want 2", got)
	}
}

// TestSliceLayout slices the blocked example along dim 1: threads that
// differed only along columns now hold the same rows.
func TestSliceLayout(t *testing.T) {
	ctx := ir.NewContext()
	b := NewBlocked(ctx, []int{2, 2}, []int{8, 4}, []int{1, 2}, []int{1, 0}, DefaultCGA(2))
	s := NewSlice(ctx, 1, b)
	if err := s.Verify(); err != nil {
		t.Fatal(err)
	}
	ll, err := ToLinearLayout(s, []int64{16})
	if err != nil {
		t.Fatal(err)
	}
	for lane := int32(0); lane < 32; lane++ {
		row := 2 * (lane / 4)
		expectElems(t, ll, lane, 0, [][]int32{{row}, {row + 1}})
		expectElems(t, ll, lane, 1, [][]int32{{row}, {row + 1}})
	}
	if got := s.RepOrder(); fmt.Sprint(got) != "[0]" {
		t.Errorf("slice rep order = %v", got)
	}
	if err := NewSlice(ctx, 2, b).Verify(); err == nil || err.Error() != "slice dim=2 must be less than the parent rank=2" {
		t.Errorf("slice dim 2: %v", err)
	}
}

// TestDefaultBlocked compares with the layouts Triton 3.6's
// convert-triton-to-tritongpu chose in the pass dumps.
func TestDefaultBlocked(t *testing.T) {
	ctx := ir.NewContext()
	for _, c := range []struct {
		shape    []int64
		tpw, wpc string
	}{
		{[]int64{1024}, "[32]", "[4]"},
		{[]int64{128, 64}, "[1 32]", "[2 2]"},
		{[]int64{128, 1}, "[32 1]", "[4 1]"},
		{[]int64{1, 128}, "[1 32]", "[1 4]"},
	} {
		b := DefaultBlocked(ctx, c.shape, 4, 32, 1)
		if fmt.Sprint(b.ThreadsPerWarp) != c.tpw || fmt.Sprint(b.WarpsPerCTA) != c.wpc || !allOnes(b.SizePerThread) || !b.CGALayout.IsDefault() {
			t.Errorf("DefaultBlocked(%v) = %s", c.shape, attrText(b))
		}
	}
	b := DefaultBlocked(ctx, []int64{256, 256}, 4, 32, 2)
	if b.CGALayout.NumCTAs() != 2 || fmt.Sprint(b.CGALayout.CTASplitNum()) != "[2 1]" {
		t.Errorf("2-CTA default: %s (split %v)", attrText(b), b.CGALayout.CTASplitNum())
	}
}

// TestSharedLayouts checks a swizzled layout: row r of 8 f16 columns,
// vec 2, perPhase 1, maxPhase 4 stores column c at ((c/2)^r)*2 + c%2.
func TestSharedLayouts(t *testing.T) {
	ctx := ir.NewContext()
	s := NewSwizzledShared(ctx, 2, 1, 4, []int{1, 0}, DefaultCGA(2))
	ll, err := ToLinearLayout(s, []int64{4, 8})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := ll.Invert()
	if err != nil {
		t.Fatal(err)
	}
	for r := int32(0); r < 4; r++ {
		for c := int32(0); c < 8; c++ {
			off := inv.Apply(linearlayout.DimValue{Name: "dim0", Value: r}, linearlayout.DimValue{Name: "dim1", Value: c})
			want := r*8 + ((c/2)^r)*2 + c%2
			if off[0].Value != want {
				t.Errorf("(%d, %d) at offset %d, want %d", r, c, off[0].Value, want)
			}
		}
	}
	n := NewNVMMAShared(ctx, 128, false, 16, false, DefaultCGA(2))
	if n.Alignment() != 1024 || fmt.Sprint(n.Order()) != "[1 0]" || n.Vec() != 8 || n.MaxPhase() != 8 {
		t.Errorf("nvmma_shared: align %d order %v vec %d maxPhase %d", n.Alignment(), n.Order(), n.Vec(), n.MaxPhase())
	}
}

// TestTransposeInference checks memdesc_trans and tt.trans encodings.
func TestTransposeInference(t *testing.T) {
	ctx := ir.NewContext()
	s := NewSwizzledShared(ctx, 8, 1, 8, []int{1, 0}, DefaultCGA(2))
	got, err := InferTransEncoding(ctx, s, []int64{64, 32}, []int{1, 0})
	if err != nil || attrText(got) != "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>" {
		t.Errorf("trans of swizzled: %v %v", attrText(got), err)
	}
	n := NewNVMMAShared(ctx, 128, false, 16, false, DefaultCGA(2))
	got, _ = InferTransEncoding(ctx, n, []int64{64, 64}, []int{1, 0})
	if got.(*NVMMASharedEncoding).Transposed != true {
		t.Errorf("trans of nvmma_shared: %s", attrText(got))
	}
	b := NewBlocked(ctx, []int{1, 4}, []int{4, 8}, []int{2, 2}, []int{1, 0}, DefaultCGA(2))
	got, _ = InferTransEncoding(ctx, b, []int64{32, 64}, []int{1, 0})
	if want := "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [0, 1]}>"; attrText(got) != want {
		t.Errorf("trans of blocked: %s", attrText(got))
	}
	if !EquivalentLayouts(got, got, []int64{64, 32}) {
		t.Error("a layout is not equivalent to itself")
	}
}
