package resources_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), src, asm.ParseConfig{Filename: "k.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return m
}

const header = `#blocked = #ttg.blocked<{sizePerThread = [SPT], threadsPerWarp = [32], warpsPerCTA = [WARPS], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = WARPS : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @k(%p: !tt.ptr<ELEM>) {
    %r = tt.make_range {end = N : i32, start = 0 : i32} : tensor<Nxi32, #blocked>
    %s = tt.splat %p : !tt.ptr<ELEM> -> tensor<Nx!tt.ptr<ELEM>, #blocked>
    %a = tt.addptr %s, %r : tensor<Nx!tt.ptr<ELEM>, #blocked>, tensor<Nxi32, #blocked>
    %x = tt.load %a : tensor<Nx!tt.ptr<ELEM>, #blocked>
    tt.return
  }
}`

func kernel(n, warps, spt, elem string) string {
	return strings.NewReplacer("SPT", spt, "WARPS", warps, "ELEM", elem, "N", n).Replace(header)
}

func TestCheckTensors(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"small", kernel("1024", "4", "4", "f32"), ""},
		// 2048 elements a thread of i32 is at the bound; the pointers next
		// to them take two registers each.
		{"pointers", kernel("262144", "4", "4", "f32"),
			"k.mlir:5:10: error: 'tt.splat' op tensor<262144x!tt.ptr<f32>> needs 4096 registers per thread with 4 warps (tt's bound is 2048); use a smaller block or more warps"},
		{"i32 over", kernel("524288", "4", "4", "f32"),
			"k.mlir:4:10: error: 'tt.make_range' op tensor<524288xi32> needs 4096 registers per thread with 4 warps (tt's bound is 2048); use a smaller block or more warps"},
		{"more warps", kernel("131072", "16", "4", "f32"), ""},
		{"register repeats count", kernel("131072", "32", "1", "f32"), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := resources.CheckTensors(parse(t, c.src))
			got := ""
			if err != nil {
				got = strings.SplitN(err.Error(), "\n", 2)[0]
			}
			if got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// A function argument over the bound is named by its position.
func TestCheckTensorsArgument(t *testing.T) {
	src := `#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @k(%a: tensor<2048x256xi32, #blocked>) {
    tt.return
  }
}`
	err := resources.CheckTensors(parse(t, src))
	want := "k.mlir:3:3: error: 'tt.func' op argument #0: tensor<2048x256xi32> needs 4096 registers per thread with 4 warps"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}

// Triton's 2^20-element limit holds for ops its TensorSizeTrait does not
// cover (arith on tensors), as Triton's front end enforces it for all.
func TestCheckTensorsElementLimit(t *testing.T) {
	src := `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    %c = arith.constant dense<1.0> : tensor<2097152xf32>
    tt.return
  }
}`
	err := resources.CheckTensors(parse(t, src))
	want := "k.mlir:3:10: error: 'arith.constant' op tensor<2097152xf32> has 2097152 elements, over Triton's limit of 1048576 (TRITON_MAX_TENSOR_NUMEL); use a smaller block"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
