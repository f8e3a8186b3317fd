package triton_test

import (
	"bytes"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/filecheck"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestNullValueOfEveryDtype: a zero scalar becomes the dtype's null
// value as Triton's builder makes it, for 8-bit floats too (an APFloat
// zero of the f8 semantics; fp8e4b15, an i8 in the IR, an integer zero),
// so `tl.where(m, x, 0.0)` on fp8 values is a select of that constant and
// `-x` a subtraction from it, where tt's front end refused both before
// ("no null value for fp8e4nv"; Triton 3.6 compiles them).
func TestNullValueOfEveryDtype(t *testing.T) {
	const src = `import triton
import triton.language as tl


@triton.jit
def k(X, Z, W, NEG: tl.constexpr):
    o = tl.arange(0, 64)
    x = tl.load(X + o)
    tl.store(Z + o, tl.where(o < 32, x, 0.0))
    if NEG:
        tl.store(W + o, -x)
`
	// fp8e4b15 values have no arithmetic of their own (they are i8 in the
	// IR; the front end refuses it), so their zero is checked in the
	// select alone.
	for _, c := range []struct{ dtype, ir, zero, sub string }{
		{"fp8e4nv", "f8E4M3FN", "0.000000e+00", "arith.subf"},
		{"fp8e5", "f8E5M2", "0.000000e+00", "arith.subf"},
		{"fp8e4b15", "i8", "0", ""},
		{"fp16", "f16", "0.000000e+00", "arith.subf"},
	} {
		t.Run(c.dtype, func(t *testing.T) {
			mod, err := triton.Compile(all.NewContext(), "k.py", triton.Options{Kernel: "k",
				Args: sig(t, "*"+c.dtype+":16, *"+c.dtype+":16, *"+c.dtype+":16, "+map[bool]string{true: "True", false: "False"}[c.sub != ""]), ReadFile: sourceReader("k.py", src)})
			if err != nil {
				t.Fatal(err)
			}
			text := asm.Sprint(mod, asm.PrintConfig{})
			tensor := "tensor<64x" + c.ir + ">"
			check := `
CHECK: arith.constant ` + c.zero + ` : ` + c.ir + `
CHECK: %[[Z:.*]] = arith.constant dense<` + c.zero + `> : ` + tensor + `
CHECK: arith.select %{{.*}}, %{{.*}}, %[[Z]] : tensor<64xi1>, ` + tensor
			if c.sub != "" {
				check += `
CHECK: %[[Z2:.*]] = arith.constant dense<` + c.zero + `> : ` + tensor + `
CHECK: ` + c.sub + ` %[[Z2]], %{{.*}} : ` + tensor
			}
			var diag bytes.Buffer
			if err := filecheck.Check(filecheck.DefaultOptions(), c.dtype, []byte(check), "<ttir>", []byte(text), &diag); err != nil {
				t.Errorf("FileCheck: %v\n%s\noutput:\n%s", err, diag.String(), text)
			}
		})
	}
}
