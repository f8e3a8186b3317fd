package ttg_test

import (
	"reflect"
	"testing"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// argTypes parses a module with one tt.func and returns its argument types.
func argTypes(t *testing.T, src string) []*ir.RankedTensorType {
	t.Helper()
	m, err := asm.ParseString(newContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	var out []*ir.RankedTensorType
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "tt.func" {
			for _, a := range op.Region(0).Front().Arguments() {
				out = append(out, a.Type().(*ir.RankedTensorType))
			}
		}
	})
	return out
}

const header = `
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
`

// The layout questions the TTGIR passes and the tt -> ttg conversion ask
// of package ttg: orders, contiguity, conversion costs, the shared layout
// of a dot operand, and the layouts join and reshape infer.

func TestOrdersAndContiguity(t *testing.T) {
	ts := argTypes(t, header+`
  tt.func @f(%a: tensor<32x32xf32, #blocked>, %b: tensor<16x256xf16, #blocked1>, %c: tensor<64x32xf32, #blocked3>) { tt.return }
}`)
	for _, c := range []struct {
		name      string
		got, want []int
	}{
		{"Order(a)", ttg.Order(ts[0].Encoding, ts[0].Dims), []int{1, 0}},
		{"ThreadOrder(a)", ttg.ThreadOrder(ts[0].Encoding, ts[0].Dims), []int{1, 0}},
		{"ContigPerThread(a)", ttg.ContigPerThread(ts[0].Encoding, ts[0].Dims), []int{1, 4}},
		// 16x256 with lanes along dim 0: the registers (repetitions) only
		// walk dim 1, so the linear order is [1, 0]; memory follows the
		// lanes since each thread has one element along dim 0.
		{"Order(b)", ttg.Order(ts[1].Encoding, ts[1].Dims), []int{1, 0}},
		{"ThreadOrder(b)", ttg.ThreadOrder(ts[1].Encoding, ts[1].Dims), []int{0, 1}},
		{"OrderForMemory(b)", ttg.OrderForMemory(ts[1].Encoding, ts[1].Dims), []int{0, 1}},
		// two registers along dim 0, lanes along dim 1: the registers'
		// order differs from the lanes', and with one element per thread
		// along the lanes' dim memory follows the lanes.
		{"Order(c)", ttg.Order(ts[2].Encoding, ts[2].Dims), []int{0, 1}},
		{"ThreadOrder(c)", ttg.ThreadOrder(ts[2].Encoding, ts[2].Dims), []int{1, 0}},
		{"OrderForMemory(c)", ttg.OrderForMemory(ts[2].Encoding, ts[2].Dims), []int{1, 0}},
		{"ContigPerThread(c)", ttg.ContigPerThread(ts[2].Encoding, ts[2].Dims), []int{2, 1}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// ThreadsPerWarpOf and WarpsPerCTAOf count the lanes and warps that move
// along each dim of the tensor at hand: a tensor smaller than the layout's
// tile leaves some of them broadcast.
func TestLanesAndWarpsPerDim(t *testing.T) {
	ts := argTypes(t, header+`
  tt.func @f(%a: tensor<32x32xf32, #blocked>, %small: tensor<4x4xf32, #blocked>) { tt.return }
}`)
	a, small := ts[0], ts[1]
	for _, c := range []struct {
		name      string
		got, want []int
	}{
		{"ThreadsPerWarpOf(a)", ttg.ThreadsPerWarpOf(a.Encoding, a.Dims), []int{4, 8}},
		{"WarpsPerCTAOf(a)", ttg.WarpsPerCTAOf(a.Encoding, a.Dims), []int{4, 1}},
		{"ThreadsPerWarpOf(small)", ttg.ThreadsPerWarpOf(small.Encoding, small.Dims), []int{4, 1}},
		{"WarpsPerCTAOf(small)", ttg.WarpsPerCTAOf(small.Encoding, small.Dims), []int{1, 1}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestConversions(t *testing.T) {
	ts := argTypes(t, header+`
  tt.func @f(%a: tensor<32x32xf32, #blocked>, %a2: tensor<32x32xf32, #blocked2>,
             %acc: tensor<64x64xf16, #mma>, %opA: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
             %lin: tensor<32x32xf32, #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>>) { tt.return }
}`)
	a, a2, acc, opA, lin := ts[0], ts[1], ts[2], ts[3], ts[4]
	if !ttg.IsNoopConversion(a, a) {
		t.Error("a -> a is not a no-op")
	}
	// The same layout spelled as linear: no data moves.
	if !ttg.IsNoopConversion(a, lin) {
		t.Error("blocked -> equivalent linear is not a no-op")
	}
	// Warps split differently: data crosses warps.
	if !ttg.NeedsSharedMemory(a, a2) {
		t.Error("blocked warps [4,1] -> [2,2] does not need shared memory")
	}
	// The chained-matmul shortcut: an f16 mma v2 accumulator is the A
	// operand (kWidth 2) within each warp.
	if ttg.NeedsSharedMemory(acc, opA) {
		t.Error("mma -> dot_op A (kWidth 2) needs shared memory")
	}
}

func TestSharedAndJoin(t *testing.T) {
	ctx := newContext()
	ts := argTypes(t, header+`
  tt.func @f(%b: tensor<16x256xf16, #blocked1>, %d: tensor<16x256xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %a: tensor<32x32xf32, #blocked>) { tt.return }
}`)
	b, d, a := ts[0], ts[1], ts[2]
	// Triton 3.6's reduce-data-duplication lit case: an f16 operand A
	// staged from a column-major tile.
	sh := ttg.SwizzledForDotOperand(ctx, d.Encoding.(*ttg.DotOperandEncoding), b.Dims,
		ttg.OrderForMemory(b.Encoding, b.Dims), ttg.CGAOf(b.Encoding, 2), 16, false)
	if sh.Vec != 8 || sh.PerPhase != 4 || sh.MaxPhase != 2 || !reflect.DeepEqual(sh.Order, []int{0, 1}) {
		t.Errorf("swizzle = %+v, want vec 8, perPhase 4, maxPhase 2, order [0 1]", sh)
	}
	// join adds a fastest dim of 2 registers to a blocked layout.
	j, err := ttg.InferJoinEncoding(ctx, a.Encoding, a.Dims)
	if err != nil {
		t.Fatal(err)
	}
	jb, ok := j.(*ttg.BlockedEncoding)
	if !ok || !reflect.DeepEqual(jb.SizePerThread, []int{1, 4, 2}) || !reflect.DeepEqual(jb.Order, []int{2, 1, 0}) ||
		!reflect.DeepEqual(jb.ThreadsPerWarp, []int{4, 8, 1}) {
		t.Errorf("join encoding = %v", j)
	}
}

func TestInferReshapeEncoding(t *testing.T) {
	ctx := newContext()
	ts := argTypes(t, `
#a = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1]}>
#c = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
  tt.func @f(%a: tensor<16x2xf32, #a>, %b: tensor<4x32xf32, #b>, %c: tensor<32x32xf32, #c>) { tt.return }
}`)
	// 16x2 with the 2 columns in each thread: 32 elements, 2 per thread.
	got := ttg.InferReshapeEncoding(ctx, ts[0].Dims, ts[0].Encoding, []int64{32})
	want := ttg.NewBlocked(ctx, []int{2}, []int{32}, []int{1}, []int{0}, ttg.CGALayout{Rank: 1})
	if got != want {
		t.Errorf("16x2 -> 32: %v, want %v", got, want)
	}
	// Splitting dims: 32x32 rows of 4x8 threads -> 32x4x8.
	got = ttg.InferReshapeEncoding(ctx, ts[2].Dims, ts[2].Encoding, []int64{32, 4, 8})
	want = ttg.NewBlocked(ctx, []int{1, 1, 4}, []int{4, 4, 2}, []int{4, 1, 1}, []int{2, 1, 0}, ttg.CGALayout{Rank: 3})
	if got != want {
		t.Errorf("32x32 -> 32x4x8: %v, want %v", got, want)
	}
	// Column-major dims cannot merge in a blocked layout: a linear one
	// keeps each thread's elements.
	got = ttg.InferReshapeEncoding(ctx, ts[1].Dims, ts[1].Encoding, []int64{128})
	if _, ok := got.(*ttg.LinearEncoding); !ok {
		t.Errorf("4x32 (order [0, 1]) -> 128: %v, want a linear layout", got)
	}
}

// NVMMASharedFor picks the widest swizzle the contiguous dim's bytes are a
// multiple of, none for fewer than 8 rows, and transposes when dim 0 is
// contiguous.
func TestNVMMASharedFor(t *testing.T) {
	ctx := newContext()
	one := ttg.DefaultCGA(2)
	split := ttg.CGALayout{Rank: 2, Bases: [][]int32{{1, 0}}} // two CTAs along dim 0
	for _, c := range []struct {
		shape     []int64
		order     []int
		cga       ttg.CGALayout
		bits      int
		fp4       bool
		swizzle   int
		transpose bool
	}{
		{[]int64{128, 64}, []int{1, 0}, one, 16, false, 128, false},
		{[]int64{64, 128}, []int{0, 1}, one, 16, false, 128, true},
		{[]int64{128, 16}, []int{1, 0}, one, 16, false, 32, false},
		{[]int64{128, 24}, []int{1, 0}, one, 16, false, 0, false},
		{[]int64{4, 64}, []int{1, 0}, one, 16, false, 0, false},
		{[]int64{128, 32}, []int{1, 0}, one, 8, true, 64, false},
		{[]int64{16, 64}, []int{0, 1}, split, 16, false, 0, true}, // 8 rows per CTA: 16 bytes contiguous
	} {
		got := ttg.NVMMASharedFor(ctx, c.shape, c.order, c.cga, c.bits, c.fp4)
		if got.SwizzlingByteWidth != c.swizzle || got.Transposed != c.transpose || got.ElementBitWidth != c.bits || got.FP4Padded != c.fp4 {
			t.Errorf("%v order %v (%d bits, fp4 %v): %+v, want swizzle %d transposed %v", c.shape, c.order, c.bits, c.fp4, got, c.swizzle, c.transpose)
		}
	}
}
