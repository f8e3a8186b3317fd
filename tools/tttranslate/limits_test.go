package tttranslate

import (
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// tileKernel is examples/vector_add.ttir with its 1024-element block
// replaced by n elements.
func tileKernel(t testing.TB, n int) string {
	src, err := os.ReadFile("../../examples/vector_add.ttir")
	if err != nil {
		t.Fatal(err)
	}
	// 1024 as an extent or integer, not inside a name (%c1024_i32).
	re := regexp.MustCompile(`([<= ])1024([x :>])`)
	return re.ReplaceAllString(string(src), fmt.Sprintf("${1}%d${2}", n))
}

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHugeTileRefusedCheaply: a tile whose layout needs more registers a
// thread than the lowering's bound is refused with a located error that
// names the value and the fix, and refusing it costs what compiling a
// small kernel costs: the compiler's work grows with the kernel, not with
// the tile. (Before the bound, compiling the 2^18-element tile took
// 0.36 s and allocated 47 MB, the 2^20-element one four times that; the
// refusal allocates about 1 MB. 16 MB is generous for the refusal and
// fails if the compiler goes on to lower the tile.)
func TestHugeTileRefusedCheaply(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{1 << 19, "'tt.make_range' op tensor<524288xi32> needs 4096 registers per thread with 4 warps (tt's bound is 2048); use a smaller block or more warps"},
		{1 << 20, "'tt.make_range' op tensor<1048576xi32> needs 8192 registers per thread with 4 warps (tt's bound is 2048); use a smaller block or more warps"},
	} {
		src := tileKernel(t, c.n)
		var err error
		bytes := allocated(func() { _, err = CompileSource("tile.ttir", src, DefaultOptions()) })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%d elements: got %v, want %q", c.n, err, c.want)
		}
		if !regexp.MustCompile(`:\d+:\d+: error: `).MatchString(err.Error()) {
			t.Errorf("%d elements: the error is not located: %v", c.n, err)
		}
		if bytes > 16<<20 {
			t.Errorf("%d elements: refusing the tile allocated %d MB, want under 16 MB", c.n, bytes>>20)
		}
	}
	// More warps bring the same tile under the bound.
	o := DefaultOptions()
	o.NumWarps = 8
	if _, err := CompileSource("tile.ttir", tileKernel(t, 1<<17), o); err != nil {
		t.Errorf("2^17 elements on 8 warps (128 registers a thread): %v", err)
	}
}

// TestHugeKernelRefused: testdata/cases/math_fns.ttir with its 128-element
// block made 2^18 elements, for gfx942 on 2 warps: every tensor is 2,048
// registers a thread, at MaxRegistersPerThread, but the kernel as a whole
// is 102,400 values a thread, which took 40 s and 98 MB of LLVM IR to lower
// before the per-kernel bound (a fuzzer's find). It is refused before the
// lowering starts, located at the function; at its own size it compiles.
// On 4 warps it is refused through the weight of its libm calls (another
// fuzzer's find, testdata/crashers/80e1fa541bcd75ac.mlir).
func TestHugeKernelRefused(t *testing.T) {
	src, err := os.ReadFile("../../testdata/cases/math_fns.ttir")
	if err != nil {
		t.Fatal(err)
	}
	huge := regexp.MustCompile(`([<= ])128([x :>])`).ReplaceAllString(string(src), "${1}262144${2}")
	o := DefaultOptions()
	o.Target, o.Arch, o.NumWarps = "llvmir", "gfx942", 2
	_, err = CompileSource("math_fns.ttir", huge, o)
	want := "values a thread with 2 warps (tt's bound is 65536"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want an error containing %q", err, want)
	}
	if !regexp.MustCompile(`:\d+:\d+: error: 'tt.func' op @`).MatchString(err.Error()) {
		t.Errorf("the error is not located at the function: %v", err)
	}
	// A function without a location of its own: the error points at its
	// first op that has one.
	unlocated := strings.Replace(huge, "  } loc(#loc)\n", "  } loc(unknown)\n", 1)
	if unlocated == huge {
		t.Fatal("the function's location was not found to drop")
	}
	_, err = CompileSource("math_fns.ttir", unlocated, o)
	if err == nil || !regexp.MustCompile(`^\S+:\d+:\d+: error: 'tt.func' op @math_kernel lowers to`).MatchString(err.Error()) {
		t.Errorf("without the function's location: %v, want an error located at a line of the kernel", err)
	}
	if _, err := CompileSource("math_fns.ttir", string(src), o); err != nil {
		t.Errorf("math_fns at its own size: %v", err)
	}
	// On 4 warps every tensor is 1,024 registers a thread and the kernel
	// 51,200 values, under the bound counted one a value; its libm calls
	// (six tt.extern_elementwise and math.sin, log, ...) expand per element
	// and count libmWeight each: 641,000 lines of LLVM IR otherwise.
	o.NumWarps = 4
	_, err = CompileSource("math_fns.ttir", huge, o)
	if want := "values a thread with 4 warps (tt's bound is 65536"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("on 4 warps: got %v, want an error containing %q", err, want)
	}
}

// BenchmarkRefuseHugeTile is the cost of refusing a 2^18-element tile.
func BenchmarkRefuseHugeTile(b *testing.B) {
	src := tileKernel(b, 1<<18)
	o := DefaultOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CompileSource("tile.ttir", src, o); err == nil {
			b.Fatal("the tile compiled")
		}
	}
}

// TestOutputLinearInRegisters: a masked 32768-element tile on gfx942 has
// 128 registers a thread and a predicated (vector) access for every
// four, each a branch in LLVM IR. Block labels
// once grew by a suffix per branch, so the IR grew with the square of the
// registers (a 1024-register softmax was 99 MB); no line may now be longer
// than a few instructions' worth.
func TestOutputLinearInRegisters(t *testing.T) {
	o := DefaultOptions()
	o.Target, o.Arch, o.NumStages = "llvmir", "gfx942", 2
	res, err := CompileSource("tile.ttir", tileKernel(t, 1<<15), o)
	if err != nil {
		t.Fatal(err)
	}
	longest := 0
	for _, l := range strings.Split(string(res.Output), "\n") {
		longest = max(longest, len(l))
	}
	if longest > 300 {
		t.Errorf("the longest line of the LLVM IR has %d bytes", longest)
	}
	if n := strings.Count(string(res.Output), "br i1"); n < 64 {
		t.Errorf("%d branches, expected one per predicated (vector) access", n)
	}
}
