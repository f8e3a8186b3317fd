package nvidia

import "testing"

// TestDotCTASplit: 3.6's split of an M x N dot result between the CTAs
// (rows, columns), as the multi-CTA kernels of testdata/cta show it in
// their accumulators' CGALayouts, and at the edges of the rule.
func TestDotCTASplit(t *testing.T) {
	for _, c := range []struct {
		m, n           int64
		ctas           int
		splitM, splitN int
	}{
		{128, 128, 2, 1, 2}, // [[0, 1]] (mm_..._128x128x16_..._c2)
		{64, 128, 2, 1, 2},  // [[0, 1]]
		{256, 128, 2, 2, 1}, // [[1, 0]]
		{512, 64, 2, 2, 1},  // [[1, 0]]
		{64, 512, 2, 1, 2},  // [[0, 1]]
		{128, 128, 4, 2, 2}, // [[0, 1], [1, 0]] (mm_..._128x128x64_s3_w4_c4)
		{64, 64, 2, 1, 2},   // no split leaves 64 columns: the last one tried
		{1024, 1024, 16, 8, 2},
		{32, 32, 8, 1, 8},
	} {
		m, n := dotCTASplit(c.m, c.n, c.ctas)
		if m != c.splitM || n != c.splitN {
			t.Errorf("%dx%d over %d CTAs: split %dx%d, want %dx%d", c.m, c.n, c.ctas, m, n, c.splitM, c.splitN)
		}
	}
}
