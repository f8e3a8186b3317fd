package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// dotCase is a hand-written TTGIR kernel computing C = A x B + C for one
// tile: A (MxK), B (KxN) and C (MxN) are loaded row-major in a blocked
// layout, moved to the dot's operand layouts through registers
// (convert_layout) or through shared memory (local_alloc + local_load,
// where the tensor-core path reads with ldmatrix when the layouts allow),
// multiplied, and C is stored back.
type dotCase struct {
	name       string
	m, n, k    int
	a, b, d    string // element types
	cc         int    // compute capability
	warps      [2]int // mma warpsPerCTA (0: an FMA dot)
	kWidth     int
	shared     bool   // operands through shared memory
	sliced     bool   // the shared operands are sub-slices of twice larger buffers
	bOrder     string // B's shared order ("1, 0": N-major, "0, 1": K-major)
	prec       string // inputPrecision
	ulps       float64
	ldmatrix   int // gpu.ldmatrix per thread expected (-1: any)
	fmaThreads string
}

// tile returns TTGIR loading a rows x cols tile of T at ptr into %<name>_v,
// with pointers %<name>_p.
func tile(name string, rows, cols int, ptr, T string) string {
	r := strings.NewReplacer("NAME", name, "R", fmt.Sprint(rows), "C", fmt.Sprint(cols), "PTR", ptr, "T", T)
	return r.Replace(`    %NAME_r = tt.make_range {end = R : i32, start = 0 : i32} : tensor<Rxi32, #ttg.slice<{dim = 1, parent = #blk}>>
    %NAME_c = tt.make_range {end = C : i32, start = 0 : i32} : tensor<Cxi32, #ttg.slice<{dim = 0, parent = #blk}>>
    %NAME_re = tt.expand_dims %NAME_r {axis = 1 : i32} : tensor<Rxi32, #ttg.slice<{dim = 1, parent = #blk}>> -> tensor<Rx1xi32, #blk>
    %NAME_ce = tt.expand_dims %NAME_c {axis = 0 : i32} : tensor<Cxi32, #ttg.slice<{dim = 0, parent = #blk}>> -> tensor<1xCxi32, #blk>
    %NAME_s = arith.constant dense<C> : tensor<Rx1xi32, #blk>
    %NAME_rs = arith.muli %NAME_re, %NAME_s : tensor<Rx1xi32, #blk>
    %NAME_rb = tt.broadcast %NAME_rs : tensor<Rx1xi32, #blk> -> tensor<RxCxi32, #blk>
    %NAME_cb = tt.broadcast %NAME_ce : tensor<1xCxi32, #blk> -> tensor<RxCxi32, #blk>
    %NAME_o = arith.addi %NAME_rb, %NAME_cb : tensor<RxCxi32, #blk>
    %NAME_ps = tt.splat PTR : !tt.ptr<T> -> tensor<RxCx!tt.ptr<T>, #blk>
    %NAME_p = tt.addptr %NAME_ps, %NAME_o : tensor<RxCx!tt.ptr<T>, #blk>, tensor<RxCxi32, #blk>
    %NAME_v = tt.load %NAME_p : tensor<RxCx!tt.ptr<T>, #blk>
`)
}

// kernel renders the case's TTGIR.
func (c dotCase) kernel() string {
	nw := c.warps[0] * c.warps[1]
	result, opA, opB := "#mma", "", ""
	if c.warps[0] == 0 {
		nw = 4
		result = "#fma"
		opA = "#ttg.dot_op<{opIdx = 0, parent = #fma}>"
		opB = "#ttg.dot_op<{opIdx = 1, parent = #fma}>"
	} else {
		opA = fmt.Sprintf("#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = %d}>", c.kWidth)
		opB = fmt.Sprintf("#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = %d}>", c.kWidth)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "#blk = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [%d, 1], order = [1, 0]}>\n", nw)
	fmt.Fprintf(&b, "#fma = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>\n")
	if c.warps[0] != 0 {
		fmt.Fprintf(&b, "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [%d, %d], instrShape = [16, 8]}>\n", c.warps[0], c.warps[1])
	}
	bOrder := c.bOrder
	if bOrder == "" {
		bOrder = "1, 0"
	}
	fmt.Fprintf(&b, "#sha = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>\n")
	fmt.Fprintf(&b, "#shb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [%s]}>\n#smem = #ttg.shared_memory\n", bOrder)
	fmt.Fprintf(&b, "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = %d : i32, ttg.target = \"cuda:%d\", \"ttg.threads-per-warp\" = 32 : i32} {\n", nw, c.cc)
	fmt.Fprintf(&b, "  tt.func public @dot(%%pa: !tt.ptr<%s> {tt.divisibility = 16 : i32}, %%pb: !tt.ptr<%s> {tt.divisibility = 16 : i32}, %%pc: !tt.ptr<%s> {tt.divisibility = 16 : i32}) {\n", c.a, c.b, c.d)
	am, bn := c.m, c.n
	if c.sliced {
		am, bn = 2*c.m, 2*c.n
	}
	b.WriteString(tile("a", am, c.k, "%pa", c.a))
	b.WriteString(tile("b", c.k, bn, "%pb", c.b))
	b.WriteString(tile("c", c.m, c.n, "%pc", c.d))
	operand := func(name, sh string, rows, cols int, T, layout string) {
		ty := fmt.Sprintf("tensor<%dx%dx%s", rows, cols, T)
		switch {
		case c.shared && c.sliced:
			// The operand is the second half (rows for A, columns for B)
			// of a buffer twice its size.
			ar, ac, off := 2*rows, cols, fmt.Sprintf("%d, 0", rows)
			if name == "b" {
				ar, ac, off = rows, 2*cols, fmt.Sprintf("0, %d", cols)
			}
			fmt.Fprintf(&b, "    %%%s_sm = ttg.local_alloc %%%s_v : (tensor<%dx%dx%s, #blk>) -> !ttg.memdesc<%dx%dx%s, %s, #smem>\n", name, name, ar, ac, T, ar, ac, T, sh)
			fmt.Fprintf(&b, "    %%%s_sl = ttg.memdesc_subslice %%%s_sm[%s] : !ttg.memdesc<%dx%dx%s, %s, #smem> -> !ttg.memdesc<%dx%dx%s, %s, #smem, %dx%d>\n",
				name, name, off, ar, ac, T, sh, rows, cols, T, sh, ar, ac)
			fmt.Fprintf(&b, "    %%%s_d = ttg.local_load %%%s_sl : !ttg.memdesc<%dx%dx%s, %s, #smem, %dx%d> -> %s, %s>\n", name, name, rows, cols, T, sh, ar, ac, ty, layout)
		case c.shared:
			fmt.Fprintf(&b, "    %%%s_sm = ttg.local_alloc %%%s_v : (%s, #blk>) -> !ttg.memdesc<%dx%dx%s, %s, #smem>\n", name, name, ty, rows, cols, T, sh)
			fmt.Fprintf(&b, "    %%%s_d = ttg.local_load %%%s_sm : !ttg.memdesc<%dx%dx%s, %s, #smem> -> %s, %s>\n", name, name, rows, cols, T, sh, ty, layout)
		default:
			fmt.Fprintf(&b, "    %%%s_d = ttg.convert_layout %%%s_v : %s, #blk> -> %s, %s>\n", name, name, ty, ty, layout)
		}
	}
	operand("a", "#sha", c.m, c.k, c.a, opA)
	operand("b", "#shb", c.k, c.n, c.b, opB)
	dt := fmt.Sprintf("tensor<%dx%dx%s", c.m, c.n, c.d)
	fmt.Fprintf(&b, "    %%c_d = ttg.convert_layout %%c_v : %s, #blk> -> %s, %s>\n", dt, dt, result)
	prec := c.prec
	if prec == "" {
		prec = "tf32"
	}
	fmt.Fprintf(&b, "    %%d = tt.dot %%a_d, %%b_d, %%c_d, inputPrecision = %s : tensor<%dx%dx%s, %s> * tensor<%dx%dx%s, %s> -> %s, %s>\n",
		prec, c.m, c.k, c.a, opA, c.k, c.n, c.b, opB, dt, result)
	fmt.Fprintf(&b, "    %%e = ttg.convert_layout %%d : %s, %s> -> %s, #blk>\n", dt, result, dt)
	fmt.Fprintf(&b, "    tt.store %%c_p, %%e : tensor<%dx%dx!tt.ptr<%s>, #blk>\n    tt.return\n  }\n}\n", c.m, c.n, c.d)
	return b.String()
}

// dotBuf makes a buffer of n random elements of type T that the dot's
// instructions take exactly: f16/bf16/fp8 values, f32 values with TF32's
// precision, small integers.
func dotBuf(r *rand.Rand, T string, n int) diffArg {
	switch T {
	case "f16":
		return f16Buf(randF32(r, n, 1))
	case "bf16":
		b := make([]byte, 2*n)
		for i, v := range randF32(r, n, 1) {
			binary.LittleEndian.PutUint16(b[2*i:], numeric.BF16FromFloat32(v, numeric.RNE))
		}
		return diffArg{buf: b, kind: "bf16"}
	case "f32":
		vals := randF32(r, n, 1)
		for i, v := range vals {
			vals[i] = math.Float32frombits(math.Float32bits(v) &^ 0x1fff)
		}
		return f32Buf(vals)
	case "f64":
		b := make([]byte, 8*n)
		for i := 0; i < n; i++ {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(r.Float64()*2-1))
		}
		return diffArg{buf: b, kind: "f64"}
	case "i8":
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(int8(r.Intn(41) - 20))
		}
		return diffArg{buf: b, kind: "i8"}
	case "i32":
		return i32Buf(randI32(r, n, 1000))
	case "f8E4M3FN", "f8E5M2":
		f := numeric.F8E4M3FN
		if T == "f8E5M2" {
			f = numeric.F8E5M2
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(f.FromFloat32(r.Float32()*4-2, numeric.RNE))
		}
		return diffArg{buf: b, kind: "i8"}
	}
	panic("no buffer of " + T)
}

// TestDotVariantsDiff runs the dot lowerings over element types,
// instruction shapes, operand kWidths (3.6's largeK grouping, and K
// smaller than the operand layout's tile), warp arrangements (including
// warps that repeat a tile smaller than their arrangement), register and
// shared-memory operands (plain and transposed ldmatrix, the generic path
// where ldmatrix does not fit) and FMA dots, each against the interpreter.
func TestDotVariantsDiff(t *testing.T) {
	const f32K = 4 // f32 results: the interpreter rounds per product, mma per instruction
	cases := []dotCase{
		{name: "f16_regs", m: 64, n: 64, k: 64, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 2, ulps: f32K * 64, ldmatrix: 0},
		{name: "f16_shared_trans_b", m: 64, n: 64, k: 64, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 2, shared: true, ulps: f32K * 64, ldmatrix: 8 + 8},
		{name: "f16_shared_kmajor_b", m: 64, n: 64, k: 64, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 2, shared: true, bOrder: "0, 1", ulps: f32K * 64, ldmatrix: 8 + 8},
		{name: "f16_shared_sliced", m: 32, n: 32, k: 64, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 2, shared: true, sliced: true, ulps: f32K * 64, ldmatrix: 4 + 4},
		{name: "bf16_shared", m: 32, n: 64, k: 32, a: "bf16", b: "bf16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 2, shared: true, ulps: f32K * 32, ldmatrix: -1},
		{name: "f16_acc_f16", m: 64, n: 32, k: 64, a: "f16", b: "f16", d: "f16", cc: 80, warps: [2]int{4, 1}, kWidth: 2, ulps: 8, ldmatrix: 0},
		{name: "f16_kwidth4", m: 32, n: 32, k: 64, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 4, ulps: f32K * 64, ldmatrix: 0},
		// A (k-major, 4 consecutive k per thread) does not fit ldmatrix;
		// B (n-major) loads transposed.
		{name: "f16_kwidth4_shared", m: 32, n: 32, k: 64, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 4, shared: true, ulps: f32K * 64, ldmatrix: 4},
		{name: "bf16_kwidth8", m: 32, n: 32, k: 64, a: "bf16", b: "bf16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 8, ulps: f32K * 64, ldmatrix: 0},
		{name: "f16_kwidth4_small_k", m: 32, n: 32, k: 16, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 4, ulps: f32K * 16, ldmatrix: 0},
		{name: "tf32_shared", m: 32, n: 32, k: 32, a: "f32", b: "f32", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 1, shared: true, ulps: f32K * 32, ldmatrix: -1},
		{name: "i8_shared", m: 32, n: 32, k: 64, a: "i8", b: "i8", d: "i32", cc: 80, warps: [2]int{2, 2}, kWidth: 4, shared: true, bOrder: "0, 1", ldmatrix: -1},
		{name: "i8_regs", m: 64, n: 32, k: 32, a: "i8", b: "i8", d: "i32", cc: 80, warps: [2]int{1, 4}, kWidth: 4, ldmatrix: 0},
		{name: "fp8_e4m3_e5m2", m: 32, n: 32, k: 64, a: "f8E4M3FN", b: "f8E5M2", d: "f32", cc: 89, warps: [2]int{2, 2}, kWidth: 4, ulps: f32K * 64, ldmatrix: 0},
		// On sm_90 Triton's NVIDIA rule moves three of the conversions
		// around the dot with matrix instructions: A's to its operand
		// layout (stmatrix, ldmatrix.x2) and the f16 accumulator's in and
		// out (stmatrix.trans, ldmatrix.trans); B's takes ld.shared.
		{name: "fp8_acc_f16", m: 32, n: 32, k: 32, a: "f8E5M2", b: "f8E5M2", d: "f16", cc: 90, warps: [2]int{2, 2}, kWidth: 4, ulps: 8, ldmatrix: 3},
		{name: "tile_smaller_than_warps", m: 16, n: 8, k: 16, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{2, 2}, kWidth: 2, shared: true, ulps: f32K * 16, ldmatrix: -1},
		{name: "rows_smaller_than_tile", m: 8, n: 16, k: 32, a: "f16", b: "f16", d: "f32", cc: 80, warps: [2]int{1, 2}, kWidth: 2, ulps: f32K * 32, ldmatrix: 0},
		// f64 on tensor cores: m8n8k4 twice per 16x8 tile and 4 k on sm_80,
		// m16n8k16 on sm_90 (each an FMA chain, like the interpreter's).
		{name: "f64_regs_sm80", m: 32, n: 32, k: 32, a: "f64", b: "f64", d: "f64", cc: 80, warps: [2]int{2, 2}, kWidth: 1, ulps: 32, ldmatrix: 0},
		{name: "f64_shared_sm80", m: 32, n: 16, k: 16, a: "f64", b: "f64", d: "f64", cc: 80, warps: [2]int{2, 1}, kWidth: 1, shared: true, ulps: 16, ldmatrix: -1},
		{name: "f64_regs_sm90", m: 32, n: 32, k: 32, a: "f64", b: "f64", d: "f64", cc: 90, warps: [2]int{2, 2}, kWidth: 1, ulps: 32, ldmatrix: 0},
		{name: "f64_shared_sm90", m: 16, n: 32, k: 64, a: "f64", b: "f64", d: "f64", cc: 90, warps: [2]int{1, 4}, kWidth: 1, shared: true, bOrder: "0, 1", ulps: 64, ldmatrix: -1},
		{name: "fma_f32", m: 32, n: 32, k: 16, a: "f32", b: "f32", d: "f32", cc: 80, prec: "ieee", ulps: 0},
		{name: "fma_f64", m: 32, n: 32, k: 8, a: "f64", b: "f64", d: "f64", cc: 80, prec: "ieee"},
		{name: "fma_i32", m: 16, n: 32, k: 8, a: "i32", b: "i32", d: "i32", cc: 80, prec: "ieee"},
		{name: "fma_f32_shared", m: 32, n: 32, k: 16, a: "f32", b: "f32", d: "f32", cc: 80, prec: "ieee", shared: true, ulps: 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.kernel())
			r := rand.New(rand.NewSource(int64(len(c.name))))
			scale := 1
			if c.sliced {
				scale = 2
			}
			args := []diffArg{dotBuf(r, c.a, scale*c.m*c.k), dotBuf(r, c.b, scale*c.k*c.n), dotBuf(r, c.d, c.m*c.n)}
			diffTestCheck(t, m, "dot", [3]int{1, 1, 1}, args, c.ulps, func(lowered *ir.Operation) {
				mmas, lds := count(lowered, "gpu.mma_sync"), count(lowered, "gpu.ldmatrix")
				if (mmas > 0) != (c.warps[0] != 0) {
					t.Errorf("%d gpu.mma_sync", mmas)
				}
				if c.ldmatrix >= 0 && lds != c.ldmatrix {
					t.Errorf("%d gpu.ldmatrix, want %d", lds, c.ldmatrix)
				}
				t.Logf("%d mma_sync, %d ldmatrix", mmas, lds)
			})
		})
	}
}
