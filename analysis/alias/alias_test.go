package alias_test

import (
	"testing"

	"github.com/ttcompiler/tt/analysis/alias"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

const src = `
#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%c: i1, %arg: !ttg.memdesc<16x16xf16, #A, #smem, mutable>, %lb: index, %ub: index, %st: index) {
    %false = arith.constant false
    %x = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    %y = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    %xv = ttg.memdesc_reinterpret %x : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xi16, #A, #smem, mutable>
    %sel = scf.if %c -> !ttg.memdesc<16x16xf16, #A, #smem, mutable> {
      scf.yield %x : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    } else {
      scf.yield %y : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    }
    %loop = scf.for %i = %lb to %ub step %st iter_args(%it = %y) -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
      scf.yield %sel : !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    }
    cf.cond_br %false, ^dead, ^live
  ^dead:
    %z = ttg.memdesc_reinterpret %x : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xi16, #A, #smem, mutable>
    tt.return
  ^live:
    tt.return
  }
}`

// values returns the values of module named by their source names.
func values(t *testing.T, module *ir.Operation) map[string]ir.Value {
	t.Helper()
	vals := map[string]ir.Value{}
	ir.WalkOps(module, func(op *ir.Operation) {
		for _, r := range op.Results() {
			vals[ir.NameHint(r)] = r
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Arguments() {
					vals[ir.NameHint(a)] = a
				}
			}
		}
	})
	return vals
}

func TestAllocs(t *testing.T) {
	m, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	v := values(t, m)
	a := alias.Analyze(m)
	names := func(vs []ir.Value) []string {
		var out []string
		for _, x := range vs {
			out = append(out, ir.NameHint(x))
		}
		return out
	}
	cases := []struct {
		value string
		want  []string
	}{
		{"x", []string{"x"}},
		{"xv", []string{"x"}},
		{"sel", []string{"x", "y"}},
		{"it", []string{"x", "y"}},
		{"loop", []string{"x", "y"}},
		{"arg", nil},
		{"z", nil}, // unreachable
	}
	for _, c := range cases {
		got := names(a.Allocs(v[c.value]))
		if len(got) != len(c.want) {
			t.Errorf("%s: allocs %v, want %v", c.value, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: allocs %v, want %v", c.value, got, c.want)
			}
		}
	}
	if a.Reached(v["z"]) {
		t.Errorf("a value of an unreachable block was reached")
	}
	if !a.Reached(v["arg"]) {
		t.Errorf("a function argument was not reached")
	}
	if !a.MayAlias(v["xv"], v["sel"]) || a.MayAlias(v["xv"], v["y"]) {
		t.Errorf("MayAlias disagrees with Allocs")
	}
	// Analyzing the function alone gives the same answer.
	fn := v["x"].DefiningOp().ParentOp()
	if got := names(alias.Analyze(fn).Allocs(v["it"])); len(got) != 2 {
		t.Errorf("function-rooted analysis: %v", got)
	}
}
