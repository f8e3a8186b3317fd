package linearlayout

import "testing"

// B is a list of basis vectors, for writing expectations compactly.
type B = [][]int32

// distributed builds a register/lane/warp/block layout with inferred sizes,
// the way Triton's unit tests write expectations.
func distributed(t testing.TB, rank int, reg, lane, warp, block B) LinearLayout {
	t.Helper()
	l, err := DistributedLinear(reg, lane, warp, block, rank)
	if err != nil {
		t.Fatalf("bad expectation: %v", err)
	}
	return l
}

// sharedL builds an offset/block layout with inferred sizes.
func sharedL(t testing.TB, rank int, offset, block B) LinearLayout {
	t.Helper()
	l, err := SharedLinear(offset, block, rank)
	if err != nil {
		t.Fatalf("bad expectation: %v", err)
	}
	return l
}

// ok(t)(f(...)) unwraps a (LinearLayout, error) result, failing t on error.
func ok(t testing.TB) func(LinearLayout, error) LinearLayout {
	return func(l LinearLayout, err error) LinearLayout {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
}

func expectLayout(t testing.TB, name string, got, want LinearLayout) {
	t.Helper()
	if !got.Equal(want) {
		t.Errorf("%s:\n got %v %v\nwant %v %v", name, got, got.OutDims(), want, want.OutDims())
	}
}

// legacyCTA builds the CTAsPerCGA/CTASplitNum/CTAOrder form.
func legacyCTA(ctas, split, order []int) CTALayout {
	return CTALayout{CTAsPerCGA: ctas, CTASplitNum: split, CTAOrder: order}
}
