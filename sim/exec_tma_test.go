package sim_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// tmaLaunch runs src with the arguments (tensor map, tensor, out): m's
// base is set to the tensor's address before it is encoded.
func tmaLaunch(t *testing.T, src string, tensor []byte, m sim.TensorMap, out []byte) error {
	t.Helper()
	k := load(t, src)
	mem := sim.NewMemory()
	m.Base = mem.Alloc("tensor", tensor)
	enc, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	desc := mem.Alloc("map", enc[:])
	return k.Launch(mem, [3]int{1, 1, 1}, []uint64{desc, m.Base, mem.Alloc("out", out)}, sim.Config{})
}

// tmaLoadKernel: thread 0 initializes an mbarrier, expects the box's
// bytes and issues the load into shared memory at 1024; every thread
// waits for phase 0 (when wait) and copies the box (boxBytes, 16 bytes
// per thread of nwarps warps) to buffer 2.
func tmaLoadKernel(nwarps, boxBytes int, coords []int, wait bool) string {
	var w irWriter
	w.line(`%%smem = gpu.shared_base : !llvm.ptr<3>
    %%c0 = llvm.mlir.constant(0 : i32) : i32
    %%first = llvm.icmp "eq" %%tid, %%c0 : i32
    %%box = llvm.getelementptr %%smem[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.mbarrier_init %%smem, %%first {count = 1} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.barrier
    gpu.mbarrier_arrive_expect_tx %%smem, %%first {tx = %d} : !llvm.ptr<3>`, boxBytes)
	var cs []string
	for _, c := range coords {
		cs = append(cs, w.i32(c))
	}
	w.line("gpu.tma_load %%box, %%smem, %%b0[%s], %%first : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>", strings.Join(cs, ", "))
	if wait {
		w.line("gpu.mbarrier_wait %%smem, %%c0 : !llvm.ptr<3>")
	}
	for j := 0; j < boxBytes/16/(32*nwarps); j++ {
		i := w.op("llvm.add %s, %s : i64", w.op("llvm.mul %s, %s : i64", "%tid64", w.i64(2)), w.i64(2*32*nwarps*j))
		sp := w.op("llvm.getelementptr %%box[%s] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64", i)
		w.line("%%x%d:2 = gpu.load %s {space = shared} : !llvm.ptr<3> -> i64, i64", w.n, sp)
		x := fmt.Sprintf("%%x%d", w.n)
		gp := w.op("llvm.getelementptr %%b2[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64", i)
		w.line("gpu.store %s, %s#0, %s#1 {space = global} : !llvm.ptr<1>, i64, i64", gp, x, x)
	}
	return kernel(nwarps, 1024+boxBytes, 3, w.b.String())
}

// tensorOf makes a tensor of dims (innermost first) of e-byte elements
// whose element at linear index i is val(i), with packed rows.
func tensorOf(e int, dims []int, val func(i int) uint64) ([]byte, []uint64) {
	n := 1
	for _, d := range dims {
		n *= d
	}
	vals := make([]uint64, n)
	for i := range vals {
		vals[i] = val(i)
	}
	var strides []uint64
	s := uint64(e)
	for _, d := range dims[:len(dims)-1] {
		s *= uint64(d)
		strides = append(strides, s)
	}
	return putElems(e, vals), strides
}

// boxExpect is the box a load of coords from a tensor of dims gives:
// element (i0, i1, ...) from the tensor where inside, fill elsewhere, in
// box order.
func boxExpect(vals []uint64, dims, box, coords []int, fill uint64) []uint64 {
	var out []uint64
	idx := make([]int, len(box))
	for {
		lin, stride, inside := 0, 1, true
		for d := range box {
			g := coords[d] + idx[d]
			if g < 0 || g >= dims[d] {
				inside = false
			}
			lin += g * stride
			stride *= dims[d]
		}
		if inside {
			out = append(out, vals[lin])
		} else {
			out = append(out, fill)
		}
		d := 0
		for ; d < len(box); d++ {
			if idx[d]++; idx[d] < box[d] {
				break
			}
			idx[d] = 0
		}
		if d == len(box) {
			return out
		}
	}
}

// TestTMALoadOutOfBounds: boxes partly outside the tensor land with the
// outside elements zero (or NaN), in 2 and 3 dimensions.
func TestTMALoadOutOfBounds(t *testing.T) {
	for _, c := range []struct {
		name              string
		dt                sim.TensorMapDataType
		e                 int
		dims, box, coords []int
		nan               bool
		fill              uint64
	}{
		{"2d_f32_zero", sim.TMFloat32, 4, []int{20, 12}, []int{8, 16}, []int{-3, 2}, false, 0},
		{"2d_f32_past_end", sim.TMFloat32, 4, []int{20, 12}, []int{8, 16}, []int{16, 7}, false, 0},
		{"3d_f16_nan", sim.TMFloat16, 2, []int{16, 5, 3}, []int{16, 4, 4}, []int{4, 3, 1}, true, 0x7fff},
		{"2d_u8_inside", sim.TMUint8, 1, []int{64, 8}, []int{32, 16}, []int{16, 0}, false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			tensor, strides := tensorOf(c.e, c.dims, func(i int) uint64 { return uint64(i*3+1) & (1<<(8*c.e) - 1) })
			var dims []uint64
			for _, d := range c.dims {
				dims = append(dims, uint64(d))
			}
			m := sim.TensorMap{DataType: c.dt, Dims: dims, Strides: strides, Box: c.box, FillNaN: c.nan}
			boxBytes := c.e
			for _, b := range c.box {
				boxBytes *= b
			}
			out := make([]byte, boxBytes)
			if err := tmaLaunch(t, tmaLoadKernel(1, boxBytes, c.coords, true), tensor, m, out); err != nil {
				t.Fatal(err)
			}
			want := boxExpect(getElems(c.e, tensor), c.dims, c.box, c.coords, c.fill)
			for i, g := range getElems(c.e, out) {
				if g != want[i] {
					t.Fatalf("box element %d: %#x, want %#x", i, g, want[i])
				}
			}
		})
	}
}

// TestTMALoadSwizzle: a 64x8 f16 box loaded with the 128-byte swizzle
// lands in CUTLASS's 128-byte swizzled layout (what a wgmma descriptor
// with swizzle 128 reads).
func TestTMALoadSwizzle(t *testing.T) {
	dims := []int{96, 8}
	tensor, strides := tensorOf(2, dims, func(i int) uint64 { return uint64(i + 1) })
	m := sim.TensorMap{DataType: sim.TMFloat16, Dims: []uint64{96, 8}, Strides: strides, Box: []int{64, 8}, Swizzle: 128}
	out := make([]byte, 1024)
	if err := tmaLaunch(t, tmaLoadKernel(2, 1024, []int{8, 0}, true), tensor, m, out); err != nil {
		t.Fatal(err)
	}
	vals := getElems(2, tensor)
	for r := 0; r < 8; r++ {
		for k := 0; k < 64; k++ {
			off := cutlass128(r, k, 2)
			got := uint64(out[off]) | uint64(out[off+1])<<8
			if want := vals[r*96+8+k]; got != want {
				t.Fatalf("row %d col %d at byte %d: %#x, want %#x", r, k, off, got, want)
			}
		}
	}
}

// TestTMALoadWithoutWait: reading the box without waiting for the
// mbarrier phase that counts it is a race with the landing.
func TestTMALoadWithoutWait(t *testing.T) {
	tensor, strides := tensorOf(4, []int{32, 4}, func(i int) uint64 { return uint64(i) })
	m := sim.TensorMap{DataType: sim.TMFloat32, Dims: []uint64{32, 4}, Strides: strides, Box: []int{32, 4}}
	err := tmaLaunch(t, tmaLoadKernel(1, 512, []int{0, 0}, false), tensor, m, make([]byte, 512))
	var race *sim.RaceError
	if !errors.As(err, &race) || race.First.Op.Name() != "gpu.tma_load" || race.Second.Op.Name() != "gpu.load" {
		t.Fatalf("want a race between the TMA landing and the read, got %v", err)
	}
}

// tmaStoreKernel fills a box of f32 in shared memory (tid+1 in word tid,
// 32 threads x words), stores it to coords with thread 0, commits, and
// waits as told.
func tmaStoreKernel(words int, coords []int, waits string) string {
	var w irWriter
	w.line(`%%smem = gpu.shared_base : !llvm.ptr<3>
    %%c0 = llvm.mlir.constant(0 : i32) : i32
    %%first = llvm.icmp "eq" %%tid, %%c0 : i32`)
	for j := 0; j < words/32; j++ {
		i := w.op("llvm.add %s, %s : i32", "%tid", w.i32(32*j))
		p := w.op("llvm.getelementptr %%smem[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32", i)
		v := w.op("llvm.sitofp %s : i32 to f32", w.op("llvm.add %s, %s : i32", i, w.i32(1)))
		w.line("gpu.store %s, %s {space = shared} : !llvm.ptr<3>, f32", p, v)
	}
	w.line("gpu.fence_proxy_async")
	w.line("gpu.barrier")
	var cs []string
	for _, c := range coords {
		cs = append(cs, w.i32(c))
	}
	w.line("gpu.tma_store %%b0[%s], %%smem, %%first : !llvm.ptr<1>, !llvm.ptr<3>", strings.Join(cs, ", "))
	w.line("gpu.bulk_commit")
	w.line("%s", waits)
	return kernel(1, 4*words, 3, w.b.String())
}

// TestTMAStore: the in-bounds part of the box reaches global memory (when
// the store's group is waited for, or at the exit once its reads were
// retired); the rest is dropped.
func TestTMAStore(t *testing.T) {
	dims := []int{12, 6}
	box, coords := []int{8, 8}, []int{6, -2}
	for _, waits := range []string{"gpu.bulk_wait 0", "gpu.bulk_wait 0 {read}"} {
		t.Run(waits, func(t *testing.T) {
			tensor, strides := tensorOf(4, dims, func(int) uint64 { return 0xEEEEEEEE })
			m := sim.TensorMap{DataType: sim.TMFloat32, Dims: []uint64{12, 6}, Strides: strides, Box: box}
			if err := tmaLaunch(t, tmaStoreKernel(64, coords, waits), tensor, m, nil); err != nil {
				t.Fatal(err)
			}
			got := getElems(4, tensor)
			for y := 0; y < 6; y++ {
				for x := 0; x < 12; x++ {
					want := uint64(0xEEEEEEEE)
					if bx, by := x-coords[0], y-coords[1]; bx >= 0 && bx < 8 && by >= 0 && by < 8 {
						want = f32Bits(float64(by*8 + bx + 1))
					}
					if g := got[y*12+x]; g != want {
						t.Fatalf("tensor[%d][%d] = %#x, want %#x", y, x, g, want)
					}
				}
			}
		})
	}
}

// TestTMAStoreErrors: exiting before the store's reads are retired, and
// overwriting its box before then.
func TestTMAStoreErrors(t *testing.T) {
	tensor, strides := tensorOf(4, []int{8, 8}, func(int) uint64 { return 0 })
	m := sim.TensorMap{DataType: sim.TMFloat32, Dims: []uint64{8, 8}, Strides: strides, Box: []int{8, 8}}
	err := tmaLaunch(t, tmaStoreKernel(64, []int{0, 0}, ""), tensor, m, nil)
	if err == nil || !strings.Contains(err.Error(), "the thread exited before a gpu.bulk_wait retired the reads of the gpu.tma_store at test.mlir:") {
		t.Fatalf("got %v", err)
	}
	overwrite := `%v = llvm.mlir.constant(5.0 : f32) : f32
    gpu.store %smem, %first, %v {space = shared} : !llvm.ptr<3>, f32
    gpu.bulk_wait 0 {read}`
	err = tmaLaunch(t, tmaStoreKernel(64, []int{0, 0}, overwrite), tensor, m, nil)
	if err == nil || !strings.Contains(err.Error(), "shared memory byte 2, which the gpu.tma_store at test.mlir:") {
		t.Fatalf("got %v", err)
	}
}

// TestTensorMapEncoding: the encoding round-trips and refuses what
// cuTensorMapEncodeTiled refuses; a foreign map is a located error.
func TestTensorMapEncoding(t *testing.T) {
	m := sim.TensorMap{Base: 1 << 40, DataType: sim.TMBFloat16, Dims: []uint64{100, 7, 3}, Strides: []uint64{208, 1456},
		Box: []int{64, 2, 1}, ElemStrides: []int{1, 1, 1}, Swizzle: 128, FillNaN: true}
	enc, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := sim.DecodeTensorMap(enc[:])
	if err != nil || fmt.Sprint(back) != fmt.Sprint(m) {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
	for _, bad := range []struct {
		edit func(*sim.TensorMap)
		want string
	}{
		{func(m *sim.TensorMap) { m.Box[0] = 72 }, "exceeds the 128-byte swizzle"},
		{func(m *sim.TensorMap) { m.Strides[0] = 200 }, "not a multiple of 16"},
		{func(m *sim.TensorMap) { m.Box[1] = 300 }, "box size 300"},
		{func(m *sim.TensorMap) { m.DataType = sim.TMUint16 }, "NaN fill needs a float data type"},
		{func(m *sim.TensorMap) { m.Dims = append(m.Dims, 1) }, "strides (want 3)"},
	} {
		c := m
		c.Box, c.Strides, c.Dims = append([]int{}, m.Box...), append([]uint64{}, m.Strides...), append([]uint64{}, m.Dims...)
		bad.edit(&c)
		if _, err := c.Encode(); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: got %v, want %q", c, err, bad.want)
		}
	}
	// A CUtensorMap (or anything else) is not readable.
	src := tmaLoadKernel(1, 128, []int{0, 0}, true)
	k := load(t, src)
	mem := sim.NewMemory()
	err = k.Launch(mem, [3]int{1, 1, 1}, []uint64{mem.Alloc("map", make([]byte, 128)), 0, mem.Alloc("out", make([]byte, 128))}, sim.Config{})
	if err == nil || !strings.Contains(err.Error(), "error: block (0,0,0) thread 0 (warp 0, lane 0): the tensor map at 0x10000000000: not a tensor map the simulator can read") {
		t.Fatalf("got %v", err)
	}
}

// TestTMAFeedsWGMMA is Hopper's main loop in miniature: thread 0 expects
// 16 KiB on an mbarrier and issues two TMA loads with the 128-byte
// swizzle (A: 64x64 f16, B transposed: 64x64 f16); every thread waits for
// the phase, then four chained m64n64k16 wgmmas read the landed tiles
// through 128-byte-swizzle descriptors advanced by 32 bytes per K-slice.
// D matches a Go matmul.
func TestTMAFeedsWGMMA(t *testing.T) {
	var w irWriter
	w.line(`%%smem = gpu.shared_base : !llvm.ptr<3>
    %%c0 = llvm.mlir.constant(0 : i32) : i32
    %%first = llvm.icmp "eq" %%tid, %%c0 : i32
    %%bar = llvm.getelementptr %%smem[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %%ta = llvm.getelementptr %%smem[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %%tb = llvm.getelementptr %%smem[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.mbarrier_init %%bar, %%first {count = 1} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.barrier
    gpu.mbarrier_arrive_expect_tx %%bar, %%first {tx = 16384} : !llvm.ptr<3>
    gpu.tma_load %%ta, %%bar, %%b0[%%c0, %%c0], %%first : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.tma_load %%tb, %%bar, %%b1[%%c0, %%c0], %%first : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %%bar, %%c0 : !llvm.ptr<3>
    %%f = llvm.mlir.constant(false) : i1
    %%t = llvm.mlir.constant(true) : i1
    gpu.wgmma_fence`)
	var acc []string
	for ks := 0; ks < 4; ks++ {
		pa := w.op("llvm.getelementptr %%smem[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8", w.i32(32*ks))
		pb := w.op("llvm.getelementptr %%smem[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8", w.i32(8192+32*ks))
		da := w.op("gpu.wgmma_desc %s {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64", pa)
		db := w.op("gpu.wgmma_desc %s {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64", pb)
		c := ", %f"
		if ks > 0 {
			c = ", %t, [" + strings.Join(acc, ", ") + "]"
		}
		w.line("%%d%d:32 = gpu.wgmma m64n64k16 f32.f16.f16 %s, %s%s", ks, da, db, c)
		acc = acc[:0]
		for j := 0; j < 32; j++ {
			acc = append(acc, fmt.Sprintf("%%d%d#%d", ks, j))
		}
	}
	w.line("gpu.wgmma_commit")
	w.line("%%r:32 = gpu.wgmma_wait 0, %s : %s", strings.Join(acc, ", "), strings.TrimSuffix(strings.Repeat("f32, ", 32), ", "))
	var res []string
	for j := 0; j < 32; j++ {
		res = append(res, fmt.Sprintf("%%r#%d", j))
	}
	w.store("%b2", w.op("llvm.mul %s, %s : i64", "%tid64", w.i64(32)), "f32", res)
	src := kernel(4, 16384+64, 3, w.b.String())

	r := rng(99)
	A, B := make([]float64, 64*64), make([]float64, 64*64) // A[m][k], Bt[n][k]
	aBits, bBits := make([]uint64, 64*64), make([]uint64, 64*64)
	for i := range A {
		A[i], aBits[i] = mmaValue(&r, "f16")
		B[i], bBits[i] = mmaValue(&r, "f16")
	}
	k := load(t, src)
	mem := sim.NewMemory()
	mapOf := func(data []uint64) uint64 {
		m := sim.TensorMap{Base: mem.Alloc("tensor", putElems(2, data)), DataType: sim.TMFloat16,
			Dims: []uint64{64, 64}, Strides: []uint64{128}, Box: []int{64, 64}, Swizzle: 128}
		enc, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return mem.Alloc("map", enc[:])
	}
	out := make([]byte, 128*32*4)
	if err := k.Launch(mem, [3]int{1, 1, 1}, []uint64{mapOf(aBits), mapOf(bBits), mem.Alloc("out", out)}, sim.Config{}); err != nil {
		t.Fatal(err)
	}
	d := getElems(4, out)
	for tid := 0; tid < 128; tid++ {
		for j := 0; j < 32; j++ {
			m, n := wgAccPos(tid/32, tid%32, j)
			sum := 0.0
			for kk := 0; kk < 64; kk++ {
				sum += A[m*64+kk] * B[n*64+kk]
			}
			if want := f32Bits(sum); d[tid*32+j] != want {
				t.Fatalf("D[%d][%d] = %#x, want %#x", m, n, d[tid*32+j], want)
			}
		}
	}
}
