package sim_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/sim"
)

// Helpers of the tensor-core, async-copy, mbarrier and TMA tests: kernels
// take their buffers as pointer arguments, in order, and the tests read
// the buffers back.

// load parses and verifies src and returns its kernel @k.
func load(t testing.TB, src string) *sim.Kernel {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), src, asm.ParseConfig{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	p, err := sim.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// launchBufs runs @k of src over grid with bufs as its arguments (their
// device addresses); the kernel reads and writes them in place.
func launchBufs(t testing.TB, src string, grid [3]int, cfg sim.Config, bufs ...[]byte) error {
	t.Helper()
	k := load(t, src)
	mem := sim.NewMemory()
	var args []uint64
	for i, b := range bufs {
		args = append(args, mem.Alloc(fmt.Sprintf("buf%d", i), b))
	}
	return k.Launch(mem, grid, args, cfg)
}

// kernel is a module of numWarps 32-lane warps with shared bytes of
// shared memory whose kernel @k takes nbufs global pointers %b0, %b1, ...
// and starts with %tid (i32) and %tid64 (i64).
func kernel(numWarps, shared, nbufs int, body string) string {
	var params []string
	for i := 0; i < nbufs; i++ {
		params = append(params, fmt.Sprintf("%%b%d: !llvm.ptr<1>", i))
	}
	return module(numWarps, 32, shared, fmt.Sprintf(`
  llvm.func @k(%s) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %%tid64 = llvm.zext %%tid : i32 to i64
%s
    llvm.return
  }`, strings.Join(params, ", "), body))
}

// irWriter numbers the values of generated IR.
type irWriter struct {
	b strings.Builder
	n int
}

func (w *irWriter) op(format string, args ...any) string {
	w.n++
	name := fmt.Sprintf("%%v%d", w.n)
	fmt.Fprintf(&w.b, "    %s = %s\n", name, fmt.Sprintf(format, args...))
	return name
}

func (w *irWriter) line(format string, args ...any) {
	fmt.Fprintf(&w.b, "    %s\n", fmt.Sprintf(format, args...))
}

// i64 is a constant.
func (w *irWriter) i64(v int) string { return w.op("llvm.mlir.constant(%d : i64) : i64", v) }
func (w *irWriter) i32(v int) string { return w.op("llvm.mlir.constant(%d : i32) : i32", v) }

// elems loads n elements of type ty from buf[base+i], i < n.
func (w *irWriter) elems(buf, base, ty string, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		off := w.op("llvm.add %s, %s : i64", base, w.i64(i))
		p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, %s", buf, off, ty)
		out = append(out, w.op("gpu.load %s {space = global} : !llvm.ptr<1> -> %s", p, ty))
	}
	return out
}

// store writes vals (of type ty) to buf[base+i].
func (w *irWriter) store(buf, base, ty string, vals []string) {
	for i, v := range vals {
		off := w.op("llvm.add %s, %s : i64", base, w.i64(i))
		p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, %s", buf, off, ty)
		w.line("gpu.store %s, %s {space = global} : !llvm.ptr<1>, %s", p, v, ty)
	}
}

// Element encodings.

func f16Bits(v float64) uint64  { return uint64(numeric.F16FromFloat64(v, numeric.RNE)) }
func bf16Bits(v float64) uint64 { return uint64(numeric.BF16FromFloat64(v, numeric.RNE)) }
func f32Bits(v float64) uint64  { return uint64(math.Float32bits(float32(v))) }

// putElems writes vals as little-endian elements of size bytes.
func putElems(size int, vals []uint64) []byte {
	b := make([]byte, size*len(vals))
	for i, v := range vals {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], v)
		copy(b[i*size:], w[:size])
	}
	return b
}

// getElems reads n little-endian elements of size bytes.
func getElems(size int, b []byte) []uint64 {
	out := make([]uint64, len(b)/size)
	for i := range out {
		var w [8]byte
		copy(w[:], b[i*size:(i+1)*size])
		out[i] = binary.LittleEndian.Uint64(w[:])
	}
	return out
}

// rng is a small deterministic generator.
type rng uint64

func (r *rng) next() uint64 {
	*r ^= *r << 13
	*r ^= *r >> 7
	*r ^= *r << 17
	return uint64(*r)
}

// intn is in [0, n).
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }
