package axisinfo_test

import (
	"testing"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestAMDVisitor: with the AMD visitor an amdg.extract_slice keeps its
// operand's info; the core analysis leaves it pessimistic.
func TestAMDVisitor(t *testing.T) {
	m, err := asm.ParseString(all.NewContext(), `
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
tt.func @f(%a: tensor<256x64xi32, #mma> {tt.contiguity = dense<[64, 1]> : tensor<2xi32>, tt.divisibility = dense<[16, 8]> : tensor<2xi32>}) {
  %0 = amdg.extract_slice %a [128, 32] : tensor<256x64xi32, #mma> to tensor<128x32xi32, #mma>
  tt.return
}
}`)
	if err != nil {
		t.Fatal(err)
	}
	var slice ir.Value
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "amdg.extract_slice" {
			slice = op.Result(0)
		}
	})
	for _, c := range []struct {
		extra []axisinfo.Visitor
		want  string
	}{
		{[]axisinfo.Visitor{axisinfo.AMDVisitor}, "contiguity = [64, 1], divisibility = [16, 8], constancy = [1, 1], constant_value = <none>"},
		{nil, "contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>"},
	} {
		i, ok := axisinfo.Analyze(m, c.extra...).Info(slice)
		if !ok || i.String() != c.want {
			t.Errorf("with %d extra visitors: %v (%v), want %s", len(c.extra), i, ok, c.want)
		}
	}
}
