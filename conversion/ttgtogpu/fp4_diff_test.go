package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// fp4Bytes is a buffer of n bytes holding every byte value (each pair of
// e2m1 values, signed zeros included) in a shuffled order.
func fp4Bytes(r *rand.Rand, n int) diffArg {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	r.Shuffle(n, func(i, j int) { b[i], b[j] = b[j], b[i] })
	return diffArg{buf: b, kind: "i8"}
}

// TestFp4ToFpDiff lowers ttg.fp4_to_fp on hand-written layouts (blocked
// along the fastest dimension, which doubles sizePerThread, and along the
// slower one, where the result is a linear layout with the new register
// basis first) and compares every byte value's two results, bit for bit,
// with the interpreter, for f16 and bf16 and on every target.
func TestFp4ToFpDiff(t *testing.T) {
	cases := []struct {
		name       string
		rows, cols int // of the i8 source
		axis       int
		src        string
	}{
		{"fastest", 16, 16, 1, "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = TPW, warpsPerCTA = [4, 1], order = [1, 0]}>"},
		{"slowest", 16, 16, 0, "#ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = TPW, warpsPerCTA = [2, 2], order = [1, 0]}>"},
		{"column-major", 16, 16, 0, "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = TPW, warpsPerCTA = [1, 4], order = [0, 1]}>"},
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		for _, c := range cases {
			for _, elem := range []string{"bf16", "f16"} {
				t.Run(c.name+"/"+elem, func(t *testing.T) {
					m := parse(t, fp4Kernel(t, tg, c.rows, c.cols, c.axis, c.src, elem))
					n := c.rows * c.cols
					args := []diffArg{fp4Bytes(rand.New(rand.NewSource(int64(n+c.axis))), n), zeroBuf(elem, 2*n)}
					diffTestCheck(t, m, "fp4", [3]int{1, 1, 1}, args, 0, func(lowered *ir.Operation) {
						if count(lowered, "gpu.prmt") == 0 {
							t.Errorf("no gpu.prmt: the e2m1 tables were not used")
						}
					})
				})
			}
		}
	})
}

// fp4Kernel is TTGIR that loads a rows x cols i8 tensor in layout src,
// unpacks it along axis into elem, and stores the result row-major.
func fp4Kernel(t *testing.T, tg gpuTarget, rows, cols, axis int, src, elem string) string {
	t.Helper()
	src = strings.ReplaceAll(src, "TPW", fmt.Sprintf("[4, %d]", tg.lanes/4))
	ctx := parse(t, "module {}").Context()
	enc, err := asm.ParseAttribute(ctx, "layout", src)
	if err != nil {
		t.Fatal(err)
	}
	out := []int64{int64(rows), int64(cols)}
	out[axis] *= 2
	dst, err := ttg.InferFp4ToFpEncoding(ctx, out, axis, enc, true)
	if err != nil {
		t.Fatal(err)
	}
	// Offsets row*stride+col of a tensor in layout L, built from ranges
	// in its slices.
	offsets := func(p string, r, c int64, l string) string {
		return strings.NewReplacer("P", p, "R", fmt.Sprint(r), "C", fmt.Sprint(c), "L", l).Replace(`
    %Pr = tt.make_range {end = R : i32, start = 0 : i32} : tensor<Rxi32, #ttg.slice<{dim = 1, parent = L}>>
    %Pc = tt.make_range {end = C : i32, start = 0 : i32} : tensor<Cxi32, #ttg.slice<{dim = 0, parent = L}>>
    %Pr2 = tt.expand_dims %Pr {axis = 1 : i32} : tensor<Rxi32, #ttg.slice<{dim = 1, parent = L}>> -> tensor<Rx1xi32, L>
    %Pc2 = tt.expand_dims %Pc {axis = 0 : i32} : tensor<Cxi32, #ttg.slice<{dim = 0, parent = L}>> -> tensor<1xCxi32, L>
    %Ps = arith.constant dense<C> : tensor<Rx1xi32, L>
    %Prs = arith.muli %Pr2, %Ps : tensor<Rx1xi32, L>
    %Prb = tt.broadcast %Prs : tensor<Rx1xi32, L> -> tensor<RxCxi32, L>
    %Pcb = tt.broadcast %Pc2 : tensor<1xCxi32, L> -> tensor<RxCxi32, L>
    %Poff = arith.addi %Prb, %Pcb : tensor<RxCxi32, L>`)
	}
	d := asm.AttrString(dst)
	return fmt.Sprintf(`%s {
  tt.func public @fp4(%%src: !tt.ptr<i8>, %%dst: !tt.ptr<%[2]s>) {%[3]s%[4]s
    %%sp = tt.splat %%src : !tt.ptr<i8> -> tensor<%[5]dx%[6]dx!tt.ptr<i8>, %[7]s>
    %%sa = tt.addptr %%sp, %%soff : tensor<%[5]dx%[6]dx!tt.ptr<i8>, %[7]s>, tensor<%[5]dx%[6]dxi32, %[7]s>
    %%x = tt.load %%sa : tensor<%[5]dx%[6]dx!tt.ptr<i8>, %[7]s>
    %%y = ttg.fp4_to_fp %%x {axis = %[8]d : i32} : tensor<%[5]dx%[6]dxi8, %[7]s> -> tensor<%[9]dx%[10]dx%[2]s, %[11]s>
    %%dp = tt.splat %%dst : !tt.ptr<%[2]s> -> tensor<%[9]dx%[10]dx!tt.ptr<%[2]s>, %[11]s>
    %%da = tt.addptr %%dp, %%doff : tensor<%[9]dx%[10]dx!tt.ptr<%[2]s>, %[11]s>, tensor<%[9]dx%[10]dxi32, %[11]s>
    tt.store %%da, %%y : tensor<%[9]dx%[10]dx!tt.ptr<%[2]s>, %[11]s>
    tt.return
  }
}`, tg.header(4), elem, offsets("s", int64(rows), int64(cols), src), offsets("d", out[0], out[1], d),
		rows, cols, src, axis, out[0], out[1], d)
}

// dotScaledCase is one of Triton 3.6's test_scaled_dot kernels
// (testdata/dot_scaled, the TTIR Triton gave tt), all 32x32x64 with one
// mxfp4 operand and its e8m0 scales, the other operand bf16, fp16 or fp8.
type dotScaledCase struct {
	file       string
	aElem      string // "fp4", "bf16", "f16", "fp8"
	bElem      string
	aStride    int // the kernel's one stride argument of each operand
	bStride    int
	scaledSide int    // 0: the scale argument follows a; 1: it follows b
	out        string // the result's element type (f16 with an f16 operand)
}

var dotScaledCases = []dotScaledCase{
	{"lhs_e2m1_bf16", "fp4", "bf16", 32, 32, 0, "bf16"},
	{"lhs_e2m1_fp16", "fp4", "f16", 32, 32, 0, "f16"},
	{"rhs_e2m1_bf16", "bf16", "fp4", 64, 32, 1, "bf16"},
	{"rhs_e2m1_e4m3", "fp8", "fp4", 64, 32, 1, "bf16"},
	{"rhs_e2m1_bf16_colmajor", "bf16", "fp4", 64, 64, 1, "bf16"}, // both operands column-major
}

// operandBuf is a random operand buffer of n elements.
func operandBuf(r *rand.Rand, kind string, n int) diffArg {
	b := make([]byte, 2*n)
	switch kind {
	case "fp4":
		return fp4Bytes(r, n)
	case "fp8":
		for i := range b[:n] {
			b[i] = byte(r.Intn(256)) &^ 0x40 // e4m3 magnitudes below 2, no NaN
		}
		return diffArg{buf: b[:n], kind: "i8"}
	case "f16":
		return halfRandom(r, n, 1)
	}
	for i, v := range randF32(r, n, 1) {
		binary.LittleEndian.PutUint16(b[2*i:], numeric.BF16FromFloat32(v, numeric.RNE))
	}
	return diffArg{buf: b, kind: "bf16"}
}

// TestDotScaledDiff runs Triton's own test_scaled_dot kernels, decomposed
// as Triton 3.6 does on Hopper and Ampere (ttg.fp4_to_fp, the scales
// multiplied in, an mma.sync dot), in the simulator against the
// interpreter running the TTIR's tt.dot_scaled, for sm_90 and sm_80.
func TestDotScaledDiff(t *testing.T) {
	for _, tg := range []gpuTarget{sm90, sm80} {
		for _, c := range dotScaledCases {
			t.Run(tg.name+"/"+c.file, func(t *testing.T) {
				ttir := parseFile(t, "testdata/dot_scaled/"+c.file+".ttir")
				m := ttirKernelFor(t, tg, print(ttir), 4)
				if count(m, "ttg.fp4_to_fp") != 1 {
					t.Fatalf("the decomposition made no ttg.fp4_to_fp:\n%s", print(m))
				}
				r := rand.New(rand.NewSource(int64(len(c.file))))
				const n = 64 * 64 // every buffer holds its operand at its strides
				scales := make([]byte, n)
				for i := range scales {
					scales[i] = byte(124 + r.Intn(7)) // e8m0 2^-3 .. 2^3
				}
				args := []diffArg{operandBuf(r, c.aElem, n), intArg(int64(c.aStride))}
				if c.scaledSide == 0 {
					args = append(args, diffArg{buf: scales, kind: "i8"})
				}
				args = append(args, operandBuf(r, c.bElem, n), intArg(int64(c.bStride)))
				if c.scaledSide == 1 {
					args = append(args, diffArg{buf: scales, kind: "i8"})
				}
				args = append(args, zeroBuf(c.out, 32*32))
				diffRefCheck(t, ttir, m, "dot_scale_kernel", [3]int{1, 1, 1}, args, 1, nil)
			})
		}
	}
}
