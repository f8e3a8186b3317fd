package ttgir

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// chainOfConditionals is a function of n scf.ifs, each yielding a value
// computed from the previous one's (or that value itself), and each
// result converted to another layout for a store.
func chainOfConditionals(n int) string {
	var b strings.Builder
	b.WriteString(`#A = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#B = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chain(%c: i1, %p: !tt.ptr<i32>) {
    %x = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #A>
    %o = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #B>
    %s = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #B>
    %ptrs = tt.addptr %s, %o : tensor<256x!tt.ptr<i32>, #B>, tensor<256xi32, #B>
`)
	prev := "%x"
	for i := range n {
		fmt.Fprintf(&b, `    %%r%[1]d = scf.if %%c -> (tensor<256xi32, #A>) {
      %%a%[1]d = arith.addi %[2]s, %%x : tensor<256xi32, #A>
      scf.yield %%a%[1]d : tensor<256xi32, #A>
    } else {
      scf.yield %[2]s : tensor<256xi32, #A>
    }
    %%v%[1]d = ttg.convert_layout %%r%[1]d : tensor<256xi32, #A> -> tensor<256xi32, #B>
    tt.store %%ptrs, %%v%[1]d : tensor<256x!tt.ptr<i32>, #B>
`, i, prev)
		prev = fmt.Sprintf("%%r%d", i)
	}
	b.WriteString("    tt.return\n  }\n}\n")
	return b.String()
}

// Backward rematerialization reuses values already in the target layout.
// Each conversion's slice walks back through the earlier conditionals,
// which an earlier rewrite gave a result in the target layout; the walk
// goes on from those results (as Triton's does), and recomputing them
// again gave every earlier conditional one more result at every rewrite:
// n(n+1)/2 results in a chain of n. Each needs one.
func TestRematerializationReusesValuesInLayout(t *testing.T) {
	const n = 8
	module, err := asm.ParseString(all.NewContext(), chainOfConditionals(n))
	if err != nil {
		t.Fatal(err)
	}
	fn := functions(module)[0]
	r := newRematerializer(fn)
	if !r.backwardRematerializeAll() {
		t.Fatal("nothing rematerialized")
	}
	r.cleanup()
	ifs, converts := 0, 0
	ir.WalkOps(fn, func(op *ir.Operation) {
		switch op.Name() {
		case "scf.if":
			ifs++
			// The original result (now unused) and its copy in #B.
			if op.NumResults() > 2 {
				t.Errorf("an scf.if has %d results after rematerialization, want at most 2", op.NumResults())
			}
		case "ttg.convert_layout":
			converts++
		}
	})
	if ifs != n || converts != 0 {
		t.Errorf("%d scf.if and %d convert_layout after rematerialization, want %d and 0", ifs, converts, n)
	}
}
