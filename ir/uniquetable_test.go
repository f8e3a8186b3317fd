package ir_test

import (
	"math"
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

// The self-hashed types and attributes tell apart what their UniqueKeys
// tell apart, and only that.
func TestSelfHashedEquality(t *testing.T) {
	ctx := ir.NewContext()
	f32 := ir.Unique(ctx, &ir.FloatType{Kind: ir.F32})
	i32 := ir.I32(ctx)
	nan := math.NaN()
	cases := []struct {
		name string
		a, b ir.Keyed
		same bool
	}{
		{"+0 and -0", &ir.DenseArrayAttr{Elem: f32, Floats: []float64{0}}, &ir.DenseArrayAttr{Elem: f32, Floats: []float64{math.Copysign(0, -1)}}, false},
		{"NaN bits", &ir.DenseArrayAttr{Elem: f32, Floats: []float64{nan}}, &ir.DenseArrayAttr{Elem: f32, Floats: []float64{nan}}, true},
		{"empty floats and ints", &ir.DenseArrayAttr{Elem: f32, Floats: []float64{}}, &ir.DenseArrayAttr{Elem: f32}, false},
		{"ints", &ir.DenseArrayAttr{Elem: i32, Ints: []int64{1, 2}}, &ir.DenseArrayAttr{Elem: i32, Ints: []int64{1, 2}}, true},
		{"scalable nil and none set", &ir.VectorType{Dims: []int64{4}, Elem: f32}, &ir.VectorType{Dims: []int64{4}, Elem: f32, Scalable: []bool{false}}, false},
		{"scalable nil and empty", &ir.VectorType{Elem: f32}, &ir.VectorType{Elem: f32, Scalable: []bool{}}, true},
		{"typed string", &ir.StringAttr{Value: "x"}, &ir.StringAttr{Value: "x", Typ: i32}, false},
		{"int attr types", &ir.IntegerAttr{Typ: i32, Bits: 1}, &ir.IntegerAttr{Typ: ir.I64(ctx), Bits: 1}, false},
		{"name locs", &ir.NameLoc{Name: "a", Child: ir.Unknown(ctx)}, &ir.NameLoc{Name: "a", Child: ir.Unknown(ctx)}, true},
	}
	for _, c := range cases {
		a, b := ir.Unique(ctx, c.a), ir.Unique(ctx, c.b)
		if (a == b) != c.same || (a.UniqueKey() == b.UniqueKey()) != c.same {
			t.Errorf("%s: same instance %v, same key %v, want %v", c.name, a == b, a.UniqueKey() == b.UniqueKey(), c.same)
		}
	}
}
