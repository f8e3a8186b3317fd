package nvptx

import (
	"os"
	"strings"
	"testing"
)

// TestRoundedIgnoresFPFusion: FPFusion drops `.rn` from llvm.fadd and
// llvm.fmul so that ptxas may contract them; the rounded ops promise
// their own rounding, so their PTX must not change with it.
func TestRoundedIgnoresFPFusion(t *testing.T) {
	const path = "testdata/golden/rounded.mlir"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := emitFile(t, path, "sm_90")
	var got strings.Builder
	if _, err := Emit(parse(t, path, string(src)), Options{Arch: "sm_90", FPFusion: true}, &got); err != nil {
		t.Fatal(err)
	}
	if got.String() != want {
		t.Errorf("FPFusion changed the PTX of the rounded ops:\n%s", got.String())
	}
}
