package sim_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/sim"
)

// mmaCase is one mma.sync instruction form.
type mmaCase struct {
	shape      string // m16n8kK
	k          int
	d, a, b    string // PTX types
	satfinite  bool
	na, nb, nc int
}

func (c mmaCase) name() string {
	s := fmt.Sprintf("%s_%s.%s.%s", c.shape, c.d, c.a, c.b)
	if c.satfinite {
		s += "_satfinite"
	}
	return s
}

// irType is the IR type of an element of PTX type t.
func irType(t string) string {
	switch t {
	case "f16", "bf16", "f32", "f64":
		return t
	case "tf32":
		return "f32"
	case "s32":
		return "i32"
	}
	return "i8"
}

func elemSize(t string) int {
	switch t {
	case "f16", "bf16":
		return 2
	case "tf32", "f32", "s32":
		return 4
	case "f64":
		return 8
	}
	return 1
}

// The PTX ISA's fragment layouts ("Matrix fragments for mma.m16n8k*"),
// written as the ISA states them: for element i of a lane with groupID
// g = lane/4 and threadID_in_group t = lane%4.

func fragA(k, bits, lane, i int) (row, col int) {
	g, t := lane/4, lane%4
	switch {
	case bits == 64: // m8n8k4: a0 at (g, t); m16n8kK: odd ai in row g+8, a2j,a2j+1 in col t+4j
		row, col = g, t+4*(i/2)
		if i%2 == 1 {
			row += 8
		}
	case bits == 16 && k == 16: // a0,a1,a4,a5 in row g; a4..a7 in cols +8
		row, col = g, 2*t+i%2
		if i == 2 || i == 3 || i == 6 || i == 7 {
			row += 8
		}
		if i >= 4 {
			col += 8
		}
	case bits == 16: // k8: a0,a1 row g, a2,a3 row g+8
		row, col = g, 2*t+i%2
		if i >= 2 {
			row += 8
		}
	case bits == 32: // tf32 k8: a0,a2 row g; a2,a3 col t+4
		row, col = g, t
		if i == 1 || i == 3 {
			row += 8
		}
		if i >= 2 {
			col += 4
		}
	case k == 32: // 8-bit k32: a4..a7, a12..a15 row g+8; a8..a15 cols +16
		row, col = g, 4*t+i%4
		if i >= 4 && i < 8 || i >= 12 {
			row += 8
		}
		if i >= 8 {
			col += 16
		}
	default: // 8-bit k16: a4..a7 row g+8
		row, col = g, 4*t+i%4
		if i >= 4 {
			row += 8
		}
	}
	return row, col
}

func fragB(k, bits, lane, i int) (kk, n int) {
	g, t := lane/4, lane%4
	switch {
	case bits == 16 && k == 16: // b2,b3 rows +8
		kk = 2*t + i%2
		if i >= 2 {
			kk += 8
		}
	case bits == 16:
		kk = 2*t + i
	case bits == 32 || bits == 64: // bi in row t+4i
		kk = t + 4*i
	case k == 32: // b4..b7 rows +16
		kk = 4*t + i%4
		if i >= 4 {
			kk += 16
		}
	default:
		kk = 4*t + i
	}
	return kk, g
}

// fragC: c0,c1 in row g, c2,c3 (m16 shapes only) in row g+8.
func fragC(lane, i int) (row, col int) {
	row, col = lane/4, 2*(lane%4)+i%2
	if i >= 2 {
		row += 8
	}
	return row, col
}

// mmaKernel loads each lane's A, B and C elements from three buffers
// (lane-major fragments), runs the mma and stores D into a fourth.
func mmaKernel(c mmaCase) string {
	var w irWriter
	lane := w.op("llvm.zext %s : i32 to i64", w.op("gpu.lane_id : i32"))
	base := func(n int) string { return w.op("llvm.mul %s, %s : i64", lane, w.i64(n)) }
	a := w.elems("%b0", base(c.na), irType(c.a), c.na)
	b := w.elems("%b1", base(c.nb), irType(c.b), c.nb)
	acc := w.elems("%b2", base(c.nc), irType(c.d), c.nc)
	sat := ""
	if c.satfinite {
		sat = " {satfinite}"
	}
	var res []string
	for i := 0; i < c.nc; i++ {
		res = append(res, fmt.Sprintf("%%d#%d", i))
	}
	w.line("%%d:%d = gpu.mma_sync %s %s.%s.%s [%s], [%s], [%s]%s", c.nc, c.shape, c.d, c.a, c.b,
		strings.Join(a, ", "), strings.Join(b, ", "), strings.Join(acc, ", "), sat)
	w.store("%b3", base(c.nc), irType(c.d), res)
	return kernel(1, 0, 4, w.b.String())
}

// mmaValues makes the inputs of a case: values (exactly representable in
// their types) and their bit patterns.
func mmaValue(r *rng, t string) (float64, uint64) {
	switch t {
	case "f16", "bf16":
		v := float64(r.intn(65)-32) / 8
		if t == "f16" {
			return v, f16Bits(v)
		}
		return v, bf16Bits(v)
	case "tf32":
		// An f32 with low mantissa bits set: the tensor core ignores the
		// 13 low bits, so the value multiplied is the truncated one.
		v := float32(r.intn(65)-32)/8 + float32(r.intn(1000))*1e-6
		bits := math.Float32bits(v)
		return float64(numeric.TF32Truncate(v)), uint64(bits)
	case "e4m3":
		b := uint8(r.intn(256))
		for b&0x7f == 0x7f { // skip NaN
			b = uint8(r.intn(256))
		}
		return float64(numeric.F8E4M3FNToFloat32(b)), uint64(b)
	case "e5m2":
		b := uint8(r.intn(256))
		for b&0x7c == 0x7c { // skip inf and NaN
			b = uint8(r.intn(256))
		}
		return float64(numeric.F8E5M2ToFloat32(b)), uint64(b)
	case "s8":
		v := int8(r.next())
		return float64(v), uint64(uint8(v))
	case "u8":
		v := uint8(r.next())
		return float64(v), uint64(v)
	case "s32":
		v := int32(r.intn(2001) - 1000)
		return float64(v), uint64(uint32(v))
	case "f32":
		v := float64(r.intn(129)-64) / 4
		return v, f32Bits(v)
	case "f64":
		// Full 53-bit mantissas: products and sums round, so the order
		// and fusing of the accumulation shows in the result.
		v := float64(r.intn(20001)-10000) / 7
		return v, math.Float64bits(v)
	}
	panic(t)
}

func bitsOf(t string) int { return 8 * elemSize(t) }

// runMMA runs case c on inputs from seed and returns the expected and the
// simulated D as matrices (16 x 8) of bit patterns; cAt overrides C.
func runMMA(t *testing.T, c mmaCase, seed int, cAt func(m, n int) (float64, uint64)) (want, got [16][8]uint64) {
	r := rng(seed*7919 + 17)
	K := c.k
	A := make([][]float64, 16)
	B := make([][]float64, K)
	C := make([][]float64, 16)
	aBits, bBits, cBits := make([]uint64, 32*c.na), make([]uint64, 32*c.nb), make([]uint64, 32*c.nc)
	for m := range A {
		A[m] = make([]float64, K)
		C[m] = make([]float64, 8)
	}
	for k := range B {
		B[k] = make([]float64, 8)
	}
	for lane := 0; lane < 32; lane++ {
		for i := 0; i < c.na; i++ {
			m, k := fragA(K, bitsOf(c.a), lane, i)
			A[m][k], aBits[lane*c.na+i] = mmaValue(&r, c.a)
		}
		for i := 0; i < c.nb; i++ {
			k, n := fragB(K, bitsOf(c.b), lane, i)
			B[k][n], bBits[lane*c.nb+i] = mmaValue(&r, c.b)
		}
		for i := 0; i < c.nc; i++ {
			m, n := fragC(lane, i)
			if cAt != nil {
				C[m][n], cBits[lane*c.nc+i] = cAt(m, n)
			} else {
				C[m][n], cBits[lane*c.nc+i] = mmaValue(&r, c.d)
			}
		}
	}
	out := make([]byte, 32*c.nc*elemSize(c.d))
	err := launchBufs(t, mmaKernel(c), [3]int{1, 1, 1}, sim.Config{},
		putElems(elemSize(c.a), aBits), putElems(elemSize(c.b), bBits), putElems(elemSize(c.d), cBits), out)
	if err != nil {
		t.Fatal(err)
	}
	d := getElems(elemSize(c.d), out)
	for lane := 0; lane < 32; lane++ {
		for i := 0; i < c.nc; i++ {
			m, n := fragC(lane, i)
			got[m][n] = d[lane*c.nc+i]
		}
	}
	for m := 0; m < 16; m++ {
		for n := 0; n < 8; n++ {
			if c.d == "f64" {
				// Double-precision mma: fused multiply-adds onto C in
				// ascending k (rows 8-15 of an m8 shape stay 0).
				acc := C[m][n]
				for k := 0; k < K; k++ {
					acc = math.FMA(A[m][k], B[k][n], acc)
				}
				want[m][n] = math.Float64bits(acc)
				continue
			}
			// The inputs are small: this float64 sum is exact.
			sum := C[m][n]
			for k := 0; k < K; k++ {
				sum += A[m][k] * B[k][n]
			}
			want[m][n] = encodeResult(c, sum)
		}
	}
	return want, got
}

// encodeResult rounds an exact sum to the case's D type.
func encodeResult(c mmaCase, sum float64) uint64 {
	switch c.d {
	case "f16":
		return f16Bits(sum)
	case "f32":
		return f32Bits(sum)
	}
	if c.satfinite {
		sum = math.Max(math.MinInt32, math.Min(math.MaxInt32, sum))
	}
	return uint64(uint32(int64(sum)))
}

var mmaCases = []mmaCase{
	{shape: "m16n8k16", k: 16, d: "f32", a: "f16", b: "f16", na: 8, nb: 4, nc: 4},
	{shape: "m16n8k16", k: 16, d: "f16", a: "f16", b: "f16", na: 8, nb: 4, nc: 4},
	{shape: "m16n8k16", k: 16, d: "f32", a: "bf16", b: "bf16", na: 8, nb: 4, nc: 4},
	{shape: "m16n8k8", k: 8, d: "f32", a: "f16", b: "f16", na: 4, nb: 2, nc: 4},
	{shape: "m16n8k8", k: 8, d: "f16", a: "f16", b: "f16", na: 4, nb: 2, nc: 4},
	{shape: "m16n8k8", k: 8, d: "f32", a: "bf16", b: "bf16", na: 4, nb: 2, nc: 4},
	{shape: "m16n8k8", k: 8, d: "f32", a: "tf32", b: "tf32", na: 4, nb: 2, nc: 4},
	{shape: "m16n8k16", k: 16, d: "s32", a: "s8", b: "s8", na: 8, nb: 4, nc: 4},
	{shape: "m16n8k16", k: 16, d: "s32", a: "u8", b: "s8", na: 8, nb: 4, nc: 4},
	{shape: "m16n8k32", k: 32, d: "s32", a: "s8", b: "u8", na: 16, nb: 8, nc: 4},
	{shape: "m16n8k32", k: 32, d: "s32", a: "u8", b: "u8", satfinite: true, na: 16, nb: 8, nc: 4},
	{shape: "m16n8k32", k: 32, d: "f32", a: "e4m3", b: "e5m2", na: 16, nb: 8, nc: 4},
	{shape: "m16n8k32", k: 32, d: "f32", a: "e5m2", b: "e4m3", na: 16, nb: 8, nc: 4},
	{shape: "m16n8k32", k: 32, d: "f16", a: "e4m3", b: "e4m3", na: 16, nb: 8, nc: 4},
	{shape: "m8n8k4", k: 4, d: "f64", a: "f64", b: "f64", na: 1, nb: 1, nc: 2},
	{shape: "m16n8k4", k: 4, d: "f64", a: "f64", b: "f64", na: 2, nb: 1, nc: 4},
	{shape: "m16n8k8", k: 8, d: "f64", a: "f64", b: "f64", na: 4, nb: 2, nc: 4},
	{shape: "m16n8k16", k: 16, d: "f64", a: "f64", b: "f64", na: 8, nb: 4, nc: 4},
}

// TestMMASync runs every mma.sync form over a whole warp against a Go
// matmul of the matrices the PTX fragment layouts describe.
func TestMMASync(t *testing.T) {
	for _, c := range mmaCases {
		t.Run(c.name(), func(t *testing.T) {
			for seed := 0; seed < 3; seed++ {
				want, got := runMMA(t, c, seed, nil)
				if want != got {
					for m := range want {
						for n := range want[m] {
							if want[m][n] != got[m][n] {
								t.Fatalf("seed %d: D[%d][%d] = %#x, want %#x", seed, m, n, got[m][n], want[m][n])
							}
						}
					}
				}
			}
		})
	}
}

// TestMMASyncIntegerOverflow: C near the s32 limits plus positive
// products wraps without satfinite and clamps with it.
func TestMMASyncIntegerOverflow(t *testing.T) {
	c := mmaCase{shape: "m16n8k32", k: 32, d: "s32", a: "u8", b: "u8", na: 16, nb: 8, nc: 4}
	top := func(m, n int) (float64, uint64) {
		v := int32(math.MaxInt32 - 10*n)
		if m%2 == 1 {
			v = math.MinInt32 + 5 // products are >= 0: no wrap below
		}
		return float64(v), uint64(uint32(v))
	}
	for _, sat := range []bool{false, true} {
		c.satfinite = sat
		want, got := runMMA(t, c, 1, top)
		if want != got {
			t.Fatalf("satfinite=%v: got %v, want %v", sat, got, want)
		}
		wrapped := int32(got[0][0]) < 0
		if wrapped == sat {
			t.Fatalf("satfinite=%v: D[0][0] = %d", sat, int32(got[0][0]))
		}
	}
}

// TestMMASyncRoundsOnce: the f32 sum is rounded once (mma.go's choice):
// 1 + 3*2^-25 rounds up to 1 + 2^-23, where adding each product to an
// f32 accumulator would stay at 1.
func TestMMASyncRoundsOnce(t *testing.T) {
	var w irWriter
	one := w.op("llvm.mlir.constant(1.0 : f32) : f32")
	zc := w.op("llvm.mlir.constant(0.0 : f32) : f32")
	x := w.op("llvm.mlir.constant(%g : f16) : f16", math.Ldexp(1, -12))
	y := w.op("llvm.mlir.constant(%g : f16) : f16", math.Ldexp(1, -13))
	z := w.op("llvm.mlir.constant(0.0 : f16) : f16")
	// Lanes 0-2 hold A[0][2t], lane 0-3 hold B[2t][0] in a0 and b0: three
	// products 2^-25 in D[0][0] (lane 0's d0).
	lane := w.op("gpu.lane_id : i32")
	inA := w.op(`llvm.icmp "ult" %s, %s : i32`, lane, w.i32(3))
	a0 := w.op("llvm.select %s, %s, %s : i1, f16", inA, x, z)
	isLane0 := w.op(`llvm.icmp "eq" %s, %s : i32`, lane, w.i32(0))
	c0 := w.op("llvm.select %s, %s, %s : i1, f32", isLane0, one, zc)
	w.line("%%d:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [%s, %s, %s, %s, %s, %s, %s, %s], [%s, %s, %s, %s], [%s, %s, %s, %s]",
		a0, z, z, z, z, z, z, z, y, z, z, z, c0, zc, zc, zc)
	w.store("%b0", w.op("llvm.zext %s : i32 to i64", lane), "f32", []string{"%d#0"})
	out := make([]byte, 4*32)
	if err := launchBufs(t, kernel(1, 0, 1, w.b.String()), [3]int{1, 1, 1}, sim.Config{}, out); err != nil {
		t.Fatal(err)
	}
	got := math.Float32frombits(uint32(getElems(4, out)[0]))
	if want := float32(1 + math.Ldexp(1, -23)); got != want {
		t.Fatalf("D[0][0] = %v, want %v", got, want)
	}
}

// TestMMASyncNeedsThe32LaneWarp: a 64-lane module cannot run mma.sync.
func TestMMASyncLanes(t *testing.T) {
	src := module(1, 64, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %x = llvm.mlir.constant(1.0 : f16) : f16
    %c = llvm.mlir.constant(0.0 : f32) : f32
    %d:4 = gpu.mma_sync m16n8k8 f32.f16.f16 [%x, %x, %x, %x], [%x, %x], [%c, %c, %c, %c]
    llvm.return
  }`)
	_, err := launch(t, src, [3]int{1, 1, 1}, 1, sim.Config{})
	if err == nil || !strings.Contains(err.Error(), "test.mlir:6:12: error: block (0,0,0) thread 0 (warp 0, lane 0): gpu.mma_sync needs warps of 32 lanes, the module has 64") {
		t.Fatalf("got %v", err)
	}
}
