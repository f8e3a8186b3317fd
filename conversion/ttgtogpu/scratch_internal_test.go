package ttgtogpu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// scratchUsers holds one kernel per kind of op whose lowering goes
// through a scratch area of shared memory, the first op of the kernel body
// (after scratchHeader).
var scratchUsers = []struct{ name, body string }{
	{"ttg.convert_layout", `%t = ttg.convert_layout %m : tensor<32x32xf32, #R> -> tensor<32x32xf32, #C>
    tt.store %pm, %t : tensor<32x32x!tt.ptr<f32>, #C>`},
	{"tt.reduce", `%s = "tt.reduce"(%f) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      tt.reduce.return %r : f32
    }) : (tensor<128xf32, #L>) -> f32
    tt.store %p, %s : !tt.ptr<f32>`},
	{"tt.scan", `%s = "tt.scan"(%i) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %r = arith.addi %a, %b : i32
      tt.scan.return %r : i32
    }) : (tensor<128xi32, #L>) -> tensor<128xi32, #L>
    tt.store %pi, %s : tensor<128x!tt.ptr<i32>, #L>`},
	{"tt.atomic_rmw", `%o = tt.atomic_rmw fadd, acq_rel, gpu, %pb, %fb : (tensor<32x!tt.ptr<f32>, #L>, tensor<32xf32, #L>) -> tensor<32xf32, #L>
    tt.store %pb, %o : tensor<32x!tt.ptr<f32>, #L>`},
	{"tt.histogram", `%h = tt.histogram %i : tensor<128xi32, #L> -> tensor<64xi32, #L>
    tt.store %ph, %h : tensor<64x!tt.ptr<i32>, #L>`},
	{"tt.gather", `%g = tt.gather %f[%i] {axis = 0 : i32} : (tensor<128xf32, #L>, tensor<128xi32, #L>) -> tensor<128xf32, #L>
    tt.store %pf, %g : tensor<128x!tt.ptr<f32>, #L>`},
}

const scratchHeader = `#L = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#R = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#C = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f32>, %f: tensor<128xf32, #L>, %i: tensor<128xi32, #L>, %pf: tensor<128x!tt.ptr<f32>, #L>,
      %pi: tensor<128x!tt.ptr<i32>, #L>, %ph: tensor<64x!tt.ptr<i32>, #L>, %pb: tensor<32x!tt.ptr<f32>, #L>, %fb: tensor<32xf32, #L>,
      %m: tensor<32x32xf32, #R>, %pm: tensor<32x32x!tt.ptr<f32>, #C>) {
    `

func parseScratchUser(t *testing.T, body string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(all.NewContext(), scratchHeader+body+"\n    tt.return\n  }\n}\n")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return m
}

// lowerWithScratch lowers m with the allocation analysis's scratch sizes,
// except that op named name gets delta bytes more (fewer when negative).
// It returns the size the analysis gives that op and the error.
func lowerWithScratch(t *testing.T, m *ir.Operation, name string, delta int) (int, error) {
	t.Helper()
	var target *ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == name {
			target = op
		}
	})
	if target == nil {
		t.Fatalf("no %s in the kernel", name)
	}
	size, err := allocation.DefaultScratchSize(target)
	if err != nil {
		t.Fatalf("scratch size of %s: %v", name, err)
	}
	l, err := newLowering(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	l.allocOpts.Scratch = func(op *ir.Operation) (int, error) {
		n, err := allocation.DefaultScratchSize(op)
		if op == target {
			n += delta
		}
		return n, err
	}
	return size, l.run()
}

// TestScratchSizesAgree lowers each scratch user with the scratch area
// analysis/allocation sizes for it, which must be enough, and with one
// byte less, which must fail with a located error naming the op and both
// sizes: the lowering needs exactly what the allocation reserves.
func TestScratchSizesAgree(t *testing.T) {
	for _, c := range scratchUsers {
		t.Run(c.name, func(t *testing.T) {
			size, err := lowerWithScratch(t, parseScratchUser(t, c.body), c.name, 0)
			if err != nil {
				t.Fatalf("lowering with the allocation's %d bytes: %v", size, err)
			}
			if size == 0 {
				t.Fatalf("the kernel does not go through scratch memory")
			}
			_, err = lowerWithScratch(t, parseScratchUser(t, c.body), c.name, -1)
			// The op is located at its name, after "%x = " at column 5.
			want := fmt.Sprintf("<string>:%d:%d: error: '%s' op needs %d bytes of shared memory to lower, the allocation reserved %d",
				strings.Count(scratchHeader, "\n")+1, 5+strings.Index(c.body, "= ")+2, c.name, size, size-1)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("one byte short: got %v, want %q", err, want)
			}
		})
	}
}

// TestConversionAllocatesLikeThePass: without allocate-shared-memory the
// conversion runs the same allocation itself, so a hand-run conversion
// gives what the pipeline (allocation, then conversion) gives.
func TestConversionAllocatesLikeThePass(t *testing.T) {
	for _, c := range scratchUsers {
		t.Run(c.name, func(t *testing.T) {
			direct := parseScratchUser(t, c.body)
			if err := Lower(direct, Options{}); err != nil {
				t.Fatal(err)
			}
			allocated := parseScratchUser(t, c.body)
			a, err := allocation.Analyze(allocated, allocation.Options{})
			if err != nil {
				t.Fatal(err)
			}
			a.Annotate()
			if err := Lower(allocated, Options{}); err != nil {
				t.Fatal(err)
			}
			got, want := asm.Sprint(direct, asm.PrintConfig{}), asm.Sprint(allocated, asm.PrintConfig{})
			if got != want {
				t.Errorf("hand-run conversion:\n%s\nafter the allocation:\n%s", got, want)
			}
		})
	}
}
