package linearlayout

import "testing"

func benchLayouts(b *testing.B) (mma, blocked LinearLayout) {
	b.Helper()
	shape := []int64{128, 128}
	var err error
	mma, err = NvidiaMMA(shape, NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: []int{2, 2}, InstrShape: []int{16, 8}})
	if err != nil {
		b.Fatal(err)
	}
	blocked, err = Blocked(shape, BlockedParams{SizePerThread: []int{1, 8}, ThreadsPerWarp: []int{8, 4}, WarpsPerCTA: []int{4, 1}, Order: []int{1, 0}})
	if err != nil {
		b.Fatal(err)
	}
	return mma, blocked
}

func BenchmarkApply(b *testing.B) {
	l, _ := benchLayouts(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_ = l.Apply(DimValue{Register, int32(i) & 63}, DimValue{Lane, int32(i>>6) & 31}, DimValue{Warp, int32(i>>11) & 3})
	}
}

func BenchmarkApplyFlat(b *testing.B) {
	l, _ := benchLayouts(b)
	n := uint64(l.TotalInDimSize())
	var sink uint64
	for i := uint64(0); b.Loop(); i++ {
		sink ^= l.ApplyFlat(i % n)
	}
	_ = sink
}

func BenchmarkInvertAndCompose(b *testing.B) {
	mma, blocked := benchLayouts(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := blocked.InvertAndCompose(mma); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBlocked(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Blocked([]int64{128, 256}, BlockedParams{SizePerThread: []int{1, 8}, ThreadsPerWarp: []int{4, 8}, WarpsPerCTA: []int{8, 1}, Order: []int{1, 0}}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkConversionPlan(b *testing.B) {
	mma, blocked := benchLayouts(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ConversionPlan(mma, blocked); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOptimalSwizzling(b *testing.B) {
	mma, blocked := benchLayouts(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := OptimalSwizzling(mma, blocked, 16, SharedInstrs{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOptimalSwizzlingNvidia(b *testing.B) {
	mma, blocked := benchLayouts(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PlanSharedConversion(mma, blocked, 16, NvidiaSharedInstrs(90)); err != nil {
			b.Fatal(err)
		}
	}
}
