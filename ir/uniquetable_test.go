package ir_test

import (
	"sync"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Goroutines uniquing the same types and attributes at once, enough of
// them to grow the table several times, get the same instances, and
// distinct structures get distinct ones.
func TestUniqueConcurrentlyAgrees(t *testing.T) {
	ctx := ir.NewContext()
	const n = 3000
	build := func(i int) []any {
		f32 := ir.Unique(ctx, &ir.FloatType{Kind: ir.F32})
		return []any{
			ir.RankedTensor(ctx, []int64{int64(i), 4}, f32, nil),
			ir.Unique(ctx, &ir.RankedTensorType{Dims: []int64{int64(i), 4}, Elem: f32}),
			ir.RankedTensor(ctx, []int64{int64(i)}, f32, ir.StringAttrOf(ctx, "enc")),
			ir.StringAttrOf(ctx, string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676))),
			ir.DenseI64Array(ctx, []int64{int64(i), -1}),
		}
	}
	const workers = 4
	got := make([][][]any, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range n {
				got[w] = append(got[w], build(i))
			}
		}()
	}
	wg.Wait()
	for i := range n {
		want := got[0][i]
		if want[0] != want[1] {
			t.Fatalf("%d: RankedTensor %p, Unique %p", i, want[0], want[1])
		}
		for w := 1; w < workers; w++ {
			for j := range want {
				if got[w][i][j] != want[j] {
					t.Fatalf("%d/%d: worker %d got %p, worker 0 %p", i, j, w, got[w][i][j], want[j])
				}
			}
		}
		if i > 0 && (want[0] == got[0][i-1][0] || want[2] == got[0][i-1][2] || want[4] == got[0][i-1][4]) {
			t.Fatalf("%d: distinct structures share an instance", i)
		}
	}
}
