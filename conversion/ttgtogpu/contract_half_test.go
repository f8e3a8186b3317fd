package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// TestHalfFMAContractionDiff: x * y + z and z - x * y on f16 and bf16 are
// one fma on NVIDIA (fma.rn.f16, fma.rn.bf16 from sm_80 on), as Triton's
// LLVM fuses them, and two roundings on AMD; the lowering and the
// interpreter agree bit for bit on each target (the diff), and the
// lowered IR has the fma exactly where it should.
func TestHalfFMAContractionDiff(t *testing.T) {
	const n = 256
	for _, ty := range []string{"f16", "bf16"} {
		t.Run(ty, func(t *testing.T) {
			src := fmt.Sprintf(`module {
  tt.func public @k(%%x: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}, %%z: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}, %%o: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}, %%q: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}) {
    %%i = tt.make_range {end = %[1]d : i32, start = 0 : i32} : tensor<%[1]dxi32>
%[3]s%[4]s%[5]s%[6]s%[7]s
    %%a = tt.load %%xp : tensor<%[1]dx!tt.ptr<%[2]s>>
    %%b = tt.load %%yp : tensor<%[1]dx!tt.ptr<%[2]s>>
    %%c = tt.load %%zp : tensor<%[1]dx!tt.ptr<%[2]s>>
    %%m = arith.mulf %%a, %%b : tensor<%[1]dx%[2]s>
    %%s = arith.addf %%m, %%c : tensor<%[1]dx%[2]s>
    %%m2 = arith.mulf %%b, %%c : tensor<%[1]dx%[2]s>
    %%d = arith.subf %%a, %%m2 : tensor<%[1]dx%[2]s>
    tt.store %%op, %%s : tensor<%[1]dx!tt.ptr<%[2]s>>
    tt.store %%qp, %%d : tensor<%[1]dx!tt.ptr<%[2]s>>
    tt.return
  }
}`, n, ty, ptrs1D("xp", "x", ty, n), ptrs1D("yp", "y", ty, n), ptrs1D("zp", "z", ty, n), ptrs1D("op", "o", ty, n), ptrs1D("qp", "q", ty, n))
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				m := ttirKernelFor(t, tg, src, 4)
				r := rand.New(rand.NewSource(5))
				v := func() []float32 { return randF32(r, n, 3) }
				buf := f16Buf
				if ty == "bf16" {
					buf = bf16Buf
				}
				args := []diffArg{buf(v()), buf(v()), buf(v()), zeroBuf(ty, n), zeroBuf(ty, n)}
				diffTestCheck(t, m, "k", [3]int{1, 1, 1}, args, 0, func(lowered *ir.Operation) {
					fmas := strings.Count(print(lowered), "llvm.intr.fma")
					want := 0
					if tg.name == "sm_90" {
						// The sum and the difference, for each of a
						// thread's registers (n over 4 warps of lanes).
						want = 2 * n / (4 * tg.lanes)
					}
					if fmas != want {
						t.Errorf("%s %s: %d llvm.intr.fma in the lowered kernel, want %d", tg.name, ty, fmas, want)
					}
				})
			})
		})
	}
}

// ptrs1D makes %name, the n pointers p + [0, n).
func ptrs1D(name, p, elem string, n int) string {
	return fmt.Sprintf(`
    %%%[1]s_s = tt.splat %%%[2]s : !tt.ptr<%[3]s> -> tensor<%[4]dx!tt.ptr<%[3]s>>
    %%%[1]s = tt.addptr %%%[1]s_s, %%i : tensor<%[4]dx!tt.ptr<%[3]s>>, tensor<%[4]dxi32>
`, name, p, elem, n)
}

func bf16Buf(vals []float32) diffArg {
	b := make([]byte, 2*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint16(b[2*i:], numeric.BF16FromFloat32(v, numeric.RNE))
	}
	return diffArg{buf: b, kind: "bf16"}
}
