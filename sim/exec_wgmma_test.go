package sim_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// wgCase is a wgmma test: one m64nNkK instruction form with its operand
// layouts, run ksteps times along K (chained through C).
type wgCase struct {
	d, a, b        string
	n              int
	aLay, bLay     opLayout
	aRegs          bool
	negA, negB     bool
	satfinite      bool
	ksteps         int
	descA, descB   string // overrides of the descriptors' options
	wantMismatch   bool
	sharedOverride func(w *irWriter, smem string) // extra IR after the wgmmas are issued
}

func (c wgCase) k() int {
	switch c.a {
	case "f16", "bf16":
		return 16
	case "tf32":
		return 8
	}
	return 32
}

// opLayout is how a test places an operand tile in shared memory: swizzle
// width S (0: none), K-major or MN-major, the descriptor's LBO and SBO.
type opLayout struct {
	S, lbo, sbo int
	mn          bool
}

// kMajor and mnMajor are the canonical layouts the test uses for a tile
// of rows x K elements of e bytes, as CUTLASS builds them.
func kMajor(S, K, e int) opLayout {
	if S == 0 {
		// 8x16-byte core matrices: along K at 128 bytes, along rows after
		// all of K.
		return opLayout{lbo: 128, sbo: 128 * (K * e / 16)}
	}
	return opLayout{S: S, lbo: 16, sbo: 8 * S}
}

func mnMajor(S, rows, K, e int) opLayout {
	if S == 0 {
		return opLayout{lbo: 128, sbo: 128 * (K / 8), mn: true}
	}
	// 8-row (along K) atoms of S-byte rows (along MN); atoms along K at
	// SBO, S-byte blocks of MN after all of K.
	return opLayout{S: S, lbo: 8 * S * (K / 8), sbo: 8 * S, mn: true}
}

// offset is the byte offset of element (r, k) from the tile's start: the
// layout's linear place (the PTX ISA's canonical layouts), then the
// address swizzle, which XORs the 16-byte chunk index with address bits
// 7 and up.
func (l opLayout) offset(r, k, e int) int {
	S := max(l.S, 16)
	var off int
	if !l.mn {
		kb := k * e
		if S == 16 {
			off = 16*(r%8) + l.sbo*(r/8) + l.lbo*(kb/16) + kb%16
		} else {
			off = S*(r%8) + l.sbo*(r/8) + kb
		}
	} else {
		rb := r * e
		if S == 16 {
			off = rb%16 + l.sbo*(rb/16) + 16*(k%8) + l.lbo*(k/8)
		} else {
			off = rb%S + l.lbo*(rb/S) + S*(k%8) + l.sbo*(k/8)
		}
	}
	return off ^ (off>>7&(S/16-1))<<4
}

func (l opLayout) descOpts() string {
	return fmt.Sprintf("{swizzle = %d, lbo = %d, sbo = %d}", l.S, l.lbo, l.sbo)
}

// cutlass128 is the 128-byte swizzle of a K-major tile with 128-byte rows
// as CUTLASS states it (Swizzle<3,4,3>): within each 8-row, 1024-byte
// atom, 16-byte chunk c of row r is stored at chunk c ^ r.
func cutlass128(r, k, e int) int {
	kb := k * e
	return r/8*1024 + r%8*128 + (kb/16^r%8)*16 + kb%16
}

// wgOperand is an operand tile: its values and the shared-memory image.
type wgOperand struct {
	vals  [][]float64 // [row][k]
	image []byte
}

// makeOperand fills rows x K values of type t and lays them out with
// place(r, k) (byte offsets).
func makeOperand(r *rng, t string, rows, K int, place func(r, k int) int) wgOperand {
	e := elemSize(t)
	op := wgOperand{vals: make([][]float64, rows)}
	size := 0
	for i := 0; i < rows; i++ {
		for k := 0; k < K; k++ {
			size = max(size, place(i, k)+e)
		}
	}
	op.image = make([]byte, (size+2047)/2048*2048)
	for i := range op.vals {
		op.vals[i] = make([]float64, K)
		for k := range op.vals[i] {
			v, bits := mmaValue(r, t)
			op.vals[i][k] = v
			for j := 0; j < e; j++ {
				op.image[place(i, k)+j] = byte(bits >> (8 * j))
			}
		}
	}
	return op
}

// accTypes are the IR type of an accumulator word and the words per
// thread.
func (c wgCase) acc() (string, int) {
	switch c.d {
	case "f16":
		return "i32", c.n / 4
	case "s32":
		return "i32", c.n / 2
	}
	return "f32", c.n / 2
}

// wgmmaKernel copies the A and B images (buffers 0 and 1) into shared
// memory (A at 0, B at bOff), runs the chain of wgmmas (A words from
// buffer 2 when aRegs), waits, and stores every thread's D words to
// buffer 3.
func wgmmaKernel(c wgCase, aSize, bSize, bOff int) string {
	var w irWriter
	smem := w.op("gpu.shared_base : !llvm.ptr<3>")
	copyIn := func(buf string, at, size int) {
		for j := 0; j < size/2048; j++ {
			chunk := w.op("llvm.add %s, %s : i64", "%tid64", w.i64(128*j))
			i := w.op("llvm.mul %s, %s : i64", chunk, w.i64(2))
			g := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64", buf, i)
			w.line("%%x%d:2 = gpu.load %s {space = global} : !llvm.ptr<1> -> i64, i64", w.n, g)
			x := fmt.Sprintf("%%x%d", w.n)
			s := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64", smem, w.op("llvm.add %s, %s : i64", i, w.i64(at/8)))
			w.line("gpu.store %s, %s#0, %s#1 {space = shared} : !llvm.ptr<3>, i64, i64", s, x, x)
		}
	}
	if !c.aRegs {
		copyIn("%b0", 0, aSize)
	}
	copyIn("%b1", bOff, bSize)
	w.line("gpu.fence_proxy_async")
	w.line("gpu.barrier")
	K := c.k()
	e := elemSize(c.a)
	accT, words := c.acc()
	var opts []string
	for _, f := range []struct {
		on   bool
		name string
	}{{c.bLay.mn, "trans_b"}, {c.aLay.mn && !c.aRegs, "trans_a"}, {c.negA, "neg_a"}, {c.negB, "neg_b"}, {c.satfinite, "satfinite"}} {
		if f.on {
			opts = append(opts, f.name)
		}
	}
	opt := ""
	if len(opts) > 0 {
		opt = " {" + strings.Join(opts, ", ") + "}"
	}
	descOpts := func(over string, l opLayout) string {
		if over != "" {
			return over
		}
		return l.descOpts()
	}
	tru := w.op("llvm.mlir.constant(true) : i1")
	fls := w.op("llvm.mlir.constant(false) : i1")
	var acc []string
	w.line("gpu.wgmma_fence")
	for ks := 0; ks < c.ksteps; ks++ {
		var a string
		if c.aRegs {
			base := w.op("llvm.mul %s, %s : i64", "%tid64", w.i64(4*c.ksteps))
			words := w.elems("%b2", w.op("llvm.add %s, %s : i64", base, w.i64(4*ks)), "i32", 4)
			a = "[" + strings.Join(words, ", ") + "]"
		} else {
			p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8", smem, w.i32(c.aLay.offset(0, ks*K, e)))
			a = w.op("gpu.wgmma_desc %s %s : !llvm.ptr<3> -> i64", p, descOpts(c.descA, c.aLay))
		}
		p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8", smem, w.i32(bOff+c.bLay.offset(0, ks*K, e)))
		b := w.op("gpu.wgmma_desc %s %s : !llvm.ptr<3> -> i64", p, descOpts(c.descB, c.bLay))
		cOps := ", " + fls
		if ks > 0 {
			cOps = ", " + tru + ", [" + strings.Join(acc, ", ") + "]"
		}
		name := fmt.Sprintf("%%d%d", ks)
		w.line("%s:%d = gpu.wgmma m64n%dk%d %s.%s.%s %s, %s%s%s", name, words, c.n, K, c.d, c.a, c.b, a, b, cOps, opt)
		acc = acc[:0]
		for j := 0; j < words; j++ {
			acc = append(acc, fmt.Sprintf("%s#%d", name, j))
		}
	}
	w.line("gpu.wgmma_commit")
	if c.sharedOverride != nil {
		c.sharedOverride(&w, smem)
	}
	types := strings.TrimSuffix(strings.Repeat(accT+", ", words), ", ")
	w.line("%%r:%d = gpu.wgmma_wait 0, %s : %s", words, strings.Join(acc, ", "), types)
	var res []string
	for j := 0; j < words; j++ {
		res = append(res, fmt.Sprintf("%%r#%d", j))
	}
	w.store("%b3", w.op("llvm.mul %s, %s : i64", "%tid64", w.i64(words)), accT, res)
	return kernel(4, bOff+bSize, 4, w.b.String())
}

// wgAccPos is the PTX ISA's wgmma accumulator fragment: element i of
// lane T of warp w is row 16w + T/4 + 8*((i%4)/2), column 8*(i/4) +
// 2*(T%4) + i%2.
func wgAccPos(w, lane, i int) (int, int) {
	return 16*w + lane/4 + 8*(i%4/2), 8*(i/4) + 2*(lane%4) + i%2
}

// runWGMMA runs case c and returns the expected and simulated D (64 x N
// bit patterns), or the launch's error.
func runWGMMA(t *testing.T, c wgCase, seed int) (want, got [][]uint64, err error) {
	r := rng(seed*104729 + 11)
	K := c.k() * c.ksteps
	e := elemSize(c.a)
	A := makeOperand(&r, c.a, 64, K, func(i, k int) int { return c.aLay.offset(i, k, e) })
	B := makeOperand(&r, c.b, c.n, K, func(n, k int) int { return c.bLay.offset(n, k, e) })
	if c.aLay == (opLayout{S: 128, lbo: 16, sbo: 1024}) && c.ksteps == 4 && e == 2 {
		// the 128-byte case: lay A and B out as CUTLASS says instead
		A = makeOperand(&r, c.a, 64, K, func(i, k int) int { return cutlass128(i, k, e) })
		B = makeOperand(&r, c.b, c.n, K, func(n, k int) int { return cutlass128(n, k, e) })
	}
	_, words := c.acc()
	aWords := make([]uint64, 128*4*c.ksteps)
	if c.aRegs {
		// The register fragment of A: element i of lane T of warp w is
		// (16w + T/4 + 8*((i/2)%2), 2*(T%4) + i%2 + 8*(i/4)) for 16-bit
		// types, packed two to a word, low half first.
		for tid := 0; tid < 128; tid++ {
			w, lane := tid/32, tid%32
			for ks := 0; ks < c.ksteps; ks++ {
				for i := 0; i < 8; i++ {
					row, col := 16*w+lane/4+8*(i/2%2), 2*(lane%4)+i%2+8*(i/4)
					v := A.vals[row][ks*c.k()+col]
					bits := f16Bits(v)
					if c.a == "bf16" {
						bits = bf16Bits(v)
					}
					aWords[tid*4*c.ksteps+4*ks+i/2] |= bits << (16 * (i % 2))
				}
			}
		}
	}
	bOff := (len(A.image) + 1023) / 1024 * 1024
	out := make([]byte, 128*words*4)
	err = launchBufs(t, wgmmaKernel(c, len(A.image), len(B.image), bOff), [3]int{1, 1, 1}, sim.Config{},
		A.image, B.image, putElems(4, aWords), out)
	if err != nil {
		return nil, nil, err
	}
	d := getElems(4, out)
	want, got = make([][]uint64, 64), make([][]uint64, 64)
	for m := range want {
		want[m], got[m] = make([]uint64, c.n), make([]uint64, c.n)
		for n := range want[m] {
			sum := 0.0
			for k := 0; k < K; k++ {
				a, b := A.vals[m][k], B.vals[n][k]
				if c.negA {
					a = -a
				}
				if c.negB {
					b = -b
				}
				sum += a * b
			}
			want[m][n] = encodeResult(mmaCase{d: c.d, satfinite: c.satfinite}, sum)
		}
	}
	for tid := 0; tid < 128; tid++ {
		for j := 0; j < words; j++ {
			v := d[tid*words+j]
			if c.d == "f16" {
				for h := 0; h < 2; h++ {
					row, col := wgAccPos(tid/32, tid%32, 2*j+h)
					got[row][col] = v >> (16 * h) & 0xffff
				}
				continue
			}
			row, col := wgAccPos(tid/32, tid%32, j)
			got[row][col] = v
		}
	}
	return want, got, nil
}

// mismatch returns the first differing element of two results.
func mismatch(want, got [][]uint64) (int, int, bool) {
	for m := range want {
		for n := range want[m] {
			if want[m][n] != got[m][n] {
				return m, n, true
			}
		}
	}
	return 0, 0, false
}

// TestWGMMA128ByteSwizzle: a 64x64x64 product as four chained m64n64k16
// wgmmas reading A and B from shared memory that the test wrote in
// CUTLASS's 128-byte swizzle (the layout the descriptors describe), with
// each K-slice addressed by advancing the descriptors' start by 32
// bytes; the same with the descriptors claiming another swizzle gives
// wrong results.
func TestWGMMA128ByteSwizzle(t *testing.T) {
	base := wgCase{d: "f32", a: "f16", b: "f16", n: 64, aLay: opLayout{S: 128, lbo: 16, sbo: 1024},
		bLay: opLayout{S: 128, lbo: 16, sbo: 1024}, ksteps: 4}
	want, got, err := runWGMMA(t, base, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m, n, bad := mismatch(want, got); bad {
		t.Fatalf("D[%d][%d] = %#x, want %#x", m, n, got[m][n], want[m][n])
	}
	for _, wrong := range []string{"{swizzle = 64, lbo = 16, sbo = 1024}", "{swizzle = 32, lbo = 16, sbo = 1024}", "{swizzle = 0, lbo = 16, sbo = 1024}"} {
		c := base
		c.descA, c.descB = wrong, wrong
		want, got, err := runWGMMA(t, c, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, bad := mismatch(want, got); !bad {
			t.Errorf("descriptors %s read the 128-byte swizzled tiles and still got the product", wrong)
		}
	}
}

// TestWGMMAForms covers the types, swizzles, MN-major B, A in registers,
// negation and f16 accumulators with one wgmma each.
func TestWGMMAForms(t *testing.T) {
	k16 := func(S int) opLayout { return kMajor(S, 16, 2) }
	cases := []struct {
		name string
		c    wgCase
	}{
		{"f32.f16.f16_n64_none", wgCase{d: "f32", a: "f16", b: "f16", n: 64, aLay: k16(0), bLay: k16(0)}},
		{"f32.f16.f16_n32_sw32", wgCase{d: "f32", a: "f16", b: "f16", n: 32, aLay: k16(32), bLay: k16(32)}},
		{"f32.f16.f16_n24_sw64", wgCase{d: "f32", a: "f16", b: "f16", n: 24, aLay: k16(64), bLay: k16(64)}},
		{"f32.bf16.bf16_n16_sw128", wgCase{d: "f32", a: "bf16", b: "bf16", n: 16, aLay: k16(128), bLay: k16(128)}},
		{"f16.f16.f16_n32_sw128", wgCase{d: "f16", a: "f16", b: "f16", n: 32, aLay: k16(128), bLay: k16(128)}},
		{"f32.f16.f16_n64_transB_sw128", wgCase{d: "f32", a: "f16", b: "f16", n: 64, aLay: k16(128), bLay: mnMajor(128, 64, 16, 2)}},
		{"f32.f16.f16_n64_transB_sw32", wgCase{d: "f32", a: "f16", b: "f16", n: 64, aLay: k16(64), bLay: mnMajor(32, 64, 16, 2)}},
		{"f32.f16.f16_n16_transAB_none", wgCase{d: "f32", a: "f16", b: "f16", n: 16, aLay: mnMajor(0, 64, 16, 2), bLay: mnMajor(0, 16, 16, 2)}},
		{"f32.bf16.bf16_n64_transA_sw64", wgCase{d: "f32", a: "bf16", b: "bf16", n: 64, aLay: mnMajor(64, 64, 16, 2), bLay: k16(32)}},
		{"f32.f16.f16_n48_aregs", wgCase{d: "f32", a: "f16", b: "f16", n: 48, aRegs: true, bLay: k16(128)}},
		{"f32.f16.f16_neg", wgCase{d: "f32", a: "f16", b: "f16", n: 8, aLay: k16(128), bLay: k16(128), negA: true}},
		{"f32.f16.f16_negB", wgCase{d: "f32", a: "f16", b: "f16", n: 8, aLay: k16(128), bLay: k16(128), negB: true}},
		{"f32.tf32.tf32_n32_sw128", wgCase{d: "f32", a: "tf32", b: "tf32", n: 32, aLay: kMajor(128, 8, 4), bLay: kMajor(128, 8, 4)}},
		{"f32.tf32.tf32_n8_none", wgCase{d: "f32", a: "tf32", b: "tf32", n: 8, aLay: kMajor(0, 8, 4), bLay: kMajor(0, 8, 4)}},
		{"f32.e4m3.e5m2_n64_sw64", wgCase{d: "f32", a: "e4m3", b: "e5m2", n: 64, aLay: kMajor(64, 32, 1), bLay: kMajor(64, 32, 1)}},
		{"f16.e4m3.e4m3_n16_sw32", wgCase{d: "f16", a: "e4m3", b: "e4m3", n: 16, aLay: kMajor(32, 32, 1), bLay: kMajor(32, 32, 1)}},
		{"s32.s8.u8_n32_sw128", wgCase{d: "s32", a: "s8", b: "u8", n: 32, aLay: kMajor(128, 32, 1), bLay: kMajor(128, 32, 1)}},
		{"s32.u8.s8_n24_none_sat", wgCase{d: "s32", a: "u8", b: "s8", n: 24, aLay: kMajor(0, 32, 1), bLay: kMajor(0, 32, 1), satfinite: true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.ksteps = 1
			want, got, err := runWGMMA(t, c, 2)
			if err != nil {
				t.Fatal(err)
			}
			if m, n, bad := mismatch(want, got); bad {
				t.Fatalf("D[%d][%d] = %#x, want %#x", m, n, got[m][n], want[m][n])
			}
		})
	}
}

// TestWGMMAOperandWrittenInFlight: a store to a tile a wgmma in flight
// reads, before the wait, is an error at the wait naming the byte.
func TestWGMMAOperandWrittenInFlight(t *testing.T) {
	c := wgCase{d: "f32", a: "f16", b: "f16", n: 8, aLay: kMajor(128, 16, 2), bLay: kMajor(128, 16, 2), ksteps: 1,
		sharedOverride: func(w *irWriter, smem string) {
			p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8", smem, w.i32(130))
			pred := w.op(`llvm.icmp "eq" %%tid, %s : i32`, w.i32(0))
			w.line("gpu.store %s, %s, %s {space = shared} : !llvm.ptr<3>, i8", p, pred, w.op("llvm.mlir.constant(77 : i8) : i8"))
		}}
	_, _, err := runWGMMA(t, c, 3)
	if err == nil || !strings.Contains(err.Error(), "shared memory byte 130, an operand of the gpu.wgmma at test.mlir:") ||
		!strings.Contains(err.Error(), "was written after the wgmma was issued and before a gpu.wgmma_wait retired it") {
		t.Fatalf("got %v", err)
	}
}

// TestWGMMAReadBeforeWait: using an accumulator before the wait that
// retires its group is a located error; through the wait it is fine.
func TestWGMMAReadBeforeWait(t *testing.T) {
	body := func(early bool) string {
		use := "%r#0"
		if early {
			use = "%d#0"
		}
		return kernel(4, 8192, 1, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %da = gpu.wgmma_desc %smem {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %f = llvm.mlir.constant(false) : i1
    %one = llvm.mlir.constant(1.0 : f32) : f32
    gpu.wgmma_fence
    %d:4 = gpu.wgmma m64n8k16 f32.f16.f16 %da, %da, %f
    gpu.wgmma_commit
    llvm.br ^bb1(%d#0 : f32)
  ^bb1(%x: f32):
    %r:4 = gpu.wgmma_wait 0, %d#0, %d#1, %d#2, %d#3 : f32, f32, f32, f32
    %s = llvm.fadd `+use+`, %one : f32
    %p = llvm.getelementptr %b0[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    gpu.store %p, %s {space = global} : !llvm.ptr<1>, f32`)
	}
	out := make([]byte, 512)
	if err := launchBufs(t, body(false), [3]int{1, 1, 1}, sim.Config{}, out); err != nil {
		t.Fatal(err)
	}
	if v := math.Float32frombits(uint32(getElems(4, out)[5])); v != 1 {
		t.Fatalf("thread 5 stored %v, want 1 (a zero product plus 1)", v)
	}
	// A use in the block after the branch but before the wait: the value
	// flowed through a block argument; the guard still sees the tag.
	src := strings.Replace(body(true), "%r:4 = gpu.wgmma_wait 0, %d#0, %d#1, %d#2, %d#3 : f32, f32, f32, f32\n    %s = llvm.fadd %d#0, %one : f32", "%s = llvm.fadd %x, %one : f32\n    %r:4 = gpu.wgmma_wait 0, %d#0, %d#1, %d#2, %d#3 : f32, f32, f32, f32", 1)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, out)
	if err == nil || !strings.Contains(err.Error(), "test.mlir:16:10: error: block (0,0,0) thread 0 (warp 0, lane 0): reads accumulator word 0 of the gpu.wgmma at test.mlir:12:12 before a gpu.wgmma_wait retired its group") {
		t.Fatalf("got %v", err)
	}
}

// TestWGMMAMissingBarrier: the tiles are stored by all warps and read by
// the wgmma with no barrier in between: a race.
func TestWGMMAMissingBarrier(t *testing.T) {
	c := wgCase{d: "f32", a: "f16", b: "f16", n: 64, aLay: kMajor(128, 16, 2), bLay: kMajor(128, 16, 2), ksteps: 1}
	r := rng(5)
	e := 2
	A := makeOperand(&r, c.a, 64, 16, func(i, k int) int { return c.aLay.offset(i, k, e) })
	B := makeOperand(&r, c.b, 64, 16, func(n, k int) int { return c.bLay.offset(n, k, e) })
	bOff := (len(A.image) + 1023) / 1024 * 1024
	src := strings.Replace(wgmmaKernel(c, len(A.image), len(B.image), bOff), "gpu.barrier", "", 1)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, A.image, B.image, nil, make([]byte, 128*32*4))
	var race *sim.RaceError
	if !errors.As(err, &race) || race.First.Op.Name() != "gpu.store" || race.Second.Op.Name() != "gpu.wgmma" {
		t.Fatalf("want a race between the tile stores and the wgmma, got %v", err)
	}
}

// TestWGMMADescriptorRefused: fields the simulator does not model are
// located errors.
func TestWGMMADescriptorRefused(t *testing.T) {
	for _, c := range []struct{ opts, want string }{
		{"{swizzle = 128, lbo = 16, sbo = 1024, base_offset = 2}", "has base offset 2; the simulator models base offset 0 only"},
	} {
		src := kernel(4, 8192, 0, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %da = gpu.wgmma_desc %smem `+c.opts+` : !llvm.ptr<3> -> i64
    %f = llvm.mlir.constant(false) : i1
    %d:4 = gpu.wgmma m64n8k16 f32.f16.f16 %da, %da, %f
    gpu.wgmma_commit
    %r:4 = gpu.wgmma_wait 0, %d#0, %d#1, %d#2, %d#3 : f32, f32, f32, f32`)
		err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{})
		if err == nil || !strings.HasPrefix(err.Error(), "test.mlir:10:12: error: block (0,0,0) thread 0 (warp 0, lane 0): B: descriptor") || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("got %v", err)
		}
	}
}

// TestWGMMANeverWaited: a thread exiting with a wgmma group in flight.
func TestWGMMANeverWaited(t *testing.T) {
	src := kernel(4, 8192, 0, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %da = gpu.wgmma_desc %smem {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64
    %f = llvm.mlir.constant(false) : i1
    %d:4 = gpu.wgmma m64n8k16 f32.f16.f16 %da, %da, %f
    gpu.wgmma_commit`)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{})
	if err == nil || !strings.Contains(err.Error(), "the thread exited with 1 asynchronous effects not waited for (the first by gpu.wgmma at test.mlir:10:12)") {
		t.Fatalf("got %v", err)
	}
}

// TestWGMMAWarpgroups: a CTA of 2 warps cannot run a warpgroup op.
func TestWGMMAWarpgroups(t *testing.T) {
	src := kernel(2, 0, 0, `
    gpu.setmaxnreg inc 240`)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{})
	if err == nil || !strings.Contains(err.Error(), "gpu.setmaxnreg needs warpgroups of four 32-lane warps: the module has 2 warps of 32 lanes") {
		t.Fatalf("got %v", err)
	}
}
