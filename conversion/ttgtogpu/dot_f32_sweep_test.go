package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// f32DotCase is one of test_core.py's test_dot cases with f32 operands
// and the epilogue "none": Z = X @ Y for an MxK X and a KxN Y, each
// row-major or column-major in global memory (test_dot's col_a and col_b),
// with input precision tf32 or ieee.
type f32DotCase struct {
	m, n, k      int
	colA, colB   bool
	prec         string
	warps        int
	capability   int
	wantMMASync  int  // gpu.mma_sync per thread; 0: not checked
	wantNoTensor bool // ieee: neither mma.sync nor wgmma
}

func (c f32DotCase) String() string {
	order := func(col bool) string {
		if col {
			return "col"
		}
		return "row"
	}
	return fmt.Sprintf("%dx%dx%d_%s_%s_%s_w%d_sm%d", c.m, c.n, c.k, order(c.colA), order(c.colB), c.prec, c.warps, c.capability)
}

// ttir is the case's TTIR as Triton's front end writes test_dot's kernel:
// the stride of an operand's contiguous dim is the constant 1 that
// Triton's specialization drops, so each operand has one stride argument,
// and the layouts, shared encodings and MMA choice are all tt's
// make_ttgir's.
func (c f32DotCase) ttir() string {
	var b strings.Builder
	fmt.Fprintf(&b, `module {
  tt.func public @kernel(%%X: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %%sx: i32 {tt.divisibility = 16 : i32}, %%Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %%sy: i32 {tt.divisibility = 16 : i32}, %%Z: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %%sz: i32 {tt.divisibility = 16 : i32}) {
    %%zero = arith.constant dense<0.000000e+00> : tensor<%dx%dxf32>
`, c.m, c.n)
	ranges := map[int]bool{}
	for _, n := range []int{c.m, c.n, c.k} {
		if !ranges[n] {
			ranges[n] = true
			fmt.Fprintf(&b, "    %%r%d = tt.make_range {end = %d : i32, start = 0 : i32} : tensor<%dxi32>\n", n, n, n)
		}
	}
	b.WriteString(f32TilePointers("x", "%X", "%sx", c.m, c.k, c.colA))
	b.WriteString(f32TilePointers("y", "%Y", "%sy", c.k, c.n, c.colB))
	b.WriteString(f32TilePointers("z", "%Z", "%sz", c.m, c.n, false))
	fmt.Fprintf(&b, `    %%x = tt.load %%x_p : tensor<%[1]dx%[3]dx!tt.ptr<f32>>
    %%y = tt.load %%y_p : tensor<%[3]dx%[2]dx!tt.ptr<f32>>
    %%d = tt.dot %%x, %%y, %%zero, inputPrecision = %[4]s : tensor<%[1]dx%[3]dxf32> * tensor<%[3]dx%[2]dxf32> -> tensor<%[1]dx%[2]dxf32>
    tt.store %%z_p, %%d : tensor<%[1]dx%[2]dx!tt.ptr<f32>>
    tt.return
  }
}
`, c.m, c.n, c.k, c.prec)
	return b.String()
}

// f32TilePointers builds the pointers %NAME_p of a rows x cols tile at
// base: element (r, c) at base + r*stride + c, or base + r + c*stride for a
// column-major tile.
func f32TilePointers(name, base, stride string, rows, cols int, colMajor bool) string {
	strided, axis, other := fmt.Sprintf("%dx1", rows), 1, fmt.Sprintf("1x%d", cols)
	if colMajor {
		strided, axis, other = other, 0, strided
	}
	r := strings.NewReplacer("NAME", name, "BASE", base, "STRIDE", stride,
		"RC", fmt.Sprintf("%dx%d", rows, cols), "SHAPE_S", strided, "SHAPE_O", other,
		"LEN_S", fmt.Sprint(map[bool]int{false: rows, true: cols}[colMajor]),
		"LEN_O", fmt.Sprint(map[bool]int{false: cols, true: rows}[colMajor]),
		"AXIS_S", fmt.Sprint(axis), "AXIS_O", fmt.Sprint(1-axis))
	return r.Replace(`    %NAME_s = tt.expand_dims %rLEN_S {axis = AXIS_S : i32} : tensor<LEN_Sxi32> -> tensor<SHAPE_Sxi32>
    %NAME_st = tt.splat STRIDE : i32 -> tensor<SHAPE_Sxi32>
    %NAME_sm = arith.muli %NAME_s, %NAME_st : tensor<SHAPE_Sxi32>
    %NAME_o = tt.expand_dims %rLEN_O {axis = AXIS_O : i32} : tensor<LEN_Oxi32> -> tensor<SHAPE_Oxi32>
    %NAME_sb = tt.broadcast %NAME_sm : tensor<SHAPE_Sxi32> -> tensor<RCxi32>
    %NAME_ob = tt.broadcast %NAME_o : tensor<SHAPE_Oxi32> -> tensor<RCxi32>
    %NAME_off = arith.addi %NAME_sb, %NAME_ob : tensor<RCxi32>
    %NAME_base = tt.splat BASE : !tt.ptr<f32> -> tensor<RCx!tt.ptr<f32>>
    %NAME_p = tt.addptr %NAME_base, %NAME_off : tensor<RCx!tt.ptr<f32>>, tensor<RCxi32>
`)
}

// run compiles the case from TTIR with tt's make_ttir and make_ttgir and
// compares the simulated kernel with the interpreted TTIR, bit for bit:
// the operands are small integers, exact in tf32, whose products and sums
// are exact in f32.
func (c f32DotCase) run(t *testing.T, seed int64) {
	ttir := parse(t, c.ttir())
	m := ttir.Clone(nil)
	runPipeline(t, m, fmt.Sprintf("ttir-pipeline{capability=%d},ttgir-pipeline{num-warps=%d capability=%d num-stages=3}",
		c.capability, c.warps, c.capability))
	stride := func(rows, cols int, colMajor bool) int64 {
		if colMajor {
			return int64(rows)
		}
		return int64(cols)
	}
	r := rand.New(rand.NewSource(seed))
	args := []diffArg{
		f32Ints(r, c.m*c.k, 3), intArg(stride(c.m, c.k, c.colA)),
		f32Ints(r, c.k*c.n, 3), intArg(stride(c.k, c.n, c.colB)),
		zeroBuf("f32", c.m*c.n), intArg(int64(c.n)),
	}
	diffRefCheck(t, ttir, m, "kernel", [3]int{1, 1, 1}, args, 0, func(lowered *ir.Operation) {
		mma, wgmma := count(lowered, "gpu.mma_sync"), count(lowered, "gpu.wgmma")
		switch {
		case c.wantNoTensor && mma+wgmma != 0:
			t.Errorf("%d gpu.mma_sync and %d gpu.wgmma: ieee f32 takes the FMA path", mma, wgmma)
		case c.wantMMASync != 0 && mma != c.wantMMASync:
			t.Errorf("%d gpu.mma_sync per thread, want %d (m16n8k8 tiles of the CTA's tile over %d warps)", mma, c.wantMMASync, c.warps)
		case !c.wantNoTensor && mma+wgmma == 0:
			t.Errorf("no gpu.mma_sync or gpu.wgmma: tf32 runs on tensor cores")
		}
	})
}

// TestF32DotSweepDiff sweeps test_dot's f32 cases around the one that
// failed on the H200 (128x128x64, row-major operands, tf32, 2 warps):
// warps 1, 2 and 4 (mma.sync m16n8k8 with warpsPerCTA [1,1], [1,2] or
// [2,2] on sm_80; wgmma where sm_90 has a warpgroup), every row/column-
// major combination of the operands (which turns the shared encodings'
// order and makes the B operand ldmatrix-able or not), shapes whose rows
// give different swizzles (vec, perPhase, maxPhase) and tf32 against ieee
// (FMA). Each case goes through tt's whole make_ttgir, as Triton's test
// does, and the simulator against the interpreter.
func TestF32DotSweepDiff(t *testing.T) {
	type shape struct{ m, n, k int }
	shapes := []shape{{128, 128, 64}, {64, 128, 32}, {32, 64, 16}}
	if testing.Short() {
		shapes = shapes[:1]
	}
	seed := int64(300)
	for _, s := range shapes {
		for _, capability := range []int{80, 90} {
			for _, warps := range []int{1, 2, 4} {
				for _, order := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
					for _, prec := range []string{"tf32", "ieee"} {
						c := f32DotCase{m: s.m, n: s.n, k: s.k, colA: order[0], colB: order[1], prec: prec, warps: warps, capability: capability}
						switch {
						case prec == "ieee":
							c.wantNoTensor = true
						case warps < 4 || capability < 90:
							c.wantMMASync = s.m * s.n * s.k / (16 * 8 * 8) / warps
						}
						if prec == "ieee" && s != shapes[len(shapes)-1] {
							continue // the FMA path's contrast needs one shape; large FMA tiles are slow to simulate
						}
						seed++
						caseSeed := seed
						t.Run(c.String(), func(t *testing.T) { c.run(t, caseSeed) })
					}
				}
			}
		}
	}
}
