package allocation_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// byName returns the ops of m whose first result has the given source
// name.
func byName(m *ir.Operation) map[string]*ir.Operation {
	ops := map[string]*ir.Operation{}
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.NumResults() > 0 {
			ops[ir.NameHint(op.Result(0))] = op
		}
	})
	return ops
}

const scratchSrc = `
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#lanes = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#lin = #ttg.linear<{register = [[1], [0]], lane = [[2], [4], [8], [16], [64]], warp = [[32], [128]], block = []}>
#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%x: tensor<64x32xf32, #blocked>, %h: tensor<64x32xf16, #blocked>, %q: tensor<64x32xi64, #blocked>, %p: !tt.ptr<f64>, %v: f64, %bins: tensor<128xi32, #b1d>, %m: !ttg.memdesc<4xi32, #A, #smem, mutable>, %l: tensor<256xi32, #lin>) -> f64 {
    %cvt32 = ttg.convert_layout %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #col>
    %cvt16 = ttg.convert_layout %h : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #col>
    %cvt64 = ttg.convert_layout %q : tensor<64x32xi64, #blocked> -> tensor<64x32xi64, #col>
    %shuffle = ttg.convert_layout %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #lanes>
    %red:2 = "tt.reduce"(%x, %h) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f16, %c: f32, %d: f16):
      tt.reduce.return %a, %b : f32, f16
    }) : (tensor<64x32xf32, #blocked>, tensor<64x32xf16, #blocked>) -> (tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>, tensor<32xf16, #ttg.slice<{dim = 0, parent = #blocked}>>)
    %scan = "tt.scan"(%l) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      tt.scan.return %a : i32
    }) : (tensor<256xi32, #lin>) -> tensor<256xi32, #lin>
    %atom = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<f64>, f64) -> f64
    %hist = tt.histogram %bins : tensor<128xi32, #b1d> -> tensor<256xi32, #b1d>
    %ws = ttg.warp_specialize(%v, %p, %m) attributes {partitionNumWarps = array<i32: 4, 2>}
    default {
      ttg.warp_yield %v : f64
    }
    partition0(%a0: f64, %a1: !tt.ptr<f64>, %a2: !ttg.memdesc<4xi32, #A, #smem, mutable>) num_warps(4) {
      ttg.warp_return
    }
    partition1(%b0: f64, %b1: !tt.ptr<f64>, %b2: !ttg.memdesc<4xi32, #A, #smem, mutable>) num_warps(2) {
      ttg.warp_return
    } : (f64, !tt.ptr<f64>, !ttg.memdesc<4xi32, #A, #smem, mutable>) -> f64
    tt.return %atom : f64
  }
}`

// TestScratchFor checks the scratch size of each kind of op against the
// rule it follows (see ScratchFor).
func TestScratchFor(t *testing.T) {
	m := parse(t, scratchSrc)
	ops := byName(m)
	cases := []struct {
		op           string
		bytes, align int
	}{
		// No common registers: one round holds the whole tensor.
		{"cvt32", 64 * 32 * 4, 128},
		{"cvt16", 64 * 32 * 2, 128},
		// 64-bit elements are swizzled too (Triton's generic rule, worked
		// out by hand): a 128-bit vector of the common register [0, 8],
		// and the other common register [0, 16] lands in the segment, so
		// it is a round of its own: half the tensor per round.
		{"cvt64", 64 * 32 * 8 / 2, 128},
		{"shuffle", 0, 128},
		// 4 warps along the reduced dim, 32 columns, 4 + 2 bytes each.
		{"red", 4 * 32 * 6, 128},
		// A scan across the warps of a linear layout (which Triton does
		// not lower): 2 distinct registers (of 4) of 128 threads, 4 bytes.
		{"scan", 2 * 128 * 4, 128},
		// A scalar result: one element.
		{"atom", 8, 128},
		// 256 bins (more than the 32 lanes) of 4 bytes.
		{"hist", 256 * 4, 128},
		// f64 (8) + pointer (8) + 1-D shared descriptor (8 + 4), aligned to 8.
		{"ws", 28, 8},
	}
	for _, c := range cases {
		s, err := allocation.ScratchFor(ops[c.op])
		if err != nil {
			t.Errorf("%s: %v", c.op, err)
			continue
		}
		if s.Bytes != c.bytes || s.Align != c.align {
			t.Errorf("%s: scratch %d bytes aligned %d, want %d aligned %d", c.op, s.Bytes, s.Align, c.bytes, c.align)
		}
		if n, ok := allocation.ScratchBytes(ops[c.op]); !ok || n != c.bytes {
			t.Errorf("%s: ScratchBytes = %d, %v", c.op, n, ok)
		}
	}
	// The function keeps one byte per partition warp.
	fn := ops["cvt32"].ParentOp()
	if s, _ := allocation.ScratchFor(fn); s.Bytes != 6 || s.Align != 4 {
		t.Errorf("function scratch %+v, want 6 bytes aligned 4", s)
	}
	// An unused atomic result needs nothing.
	ops["atom"].Block().Last().SetOperands(nil)
	if n, _ := allocation.ScratchBytes(ops["atom"]); n != 0 {
		t.Errorf("unused atomic: %d bytes", n)
	}
}

// TestScratchErrors: malformed ops give located diagnostics, not panics.
func TestScratchErrors(t *testing.T) {
	m := parse(t, scratchSrc)
	ops := byName(m)
	red := ops["red"]
	red.SetProp("axis", ir.I32Attr(red.Context(), 7))
	if _, err := allocation.ScratchFor(red); err == nil || !strings.Contains(err.Error(), "axis 7 is out of range") {
		t.Errorf("reduce with a bad axis: %v", err)
	}
	if _, ok := allocation.ScratchBytes(red); ok {
		t.Errorf("ScratchBytes reports a malformed op as sized")
	}
	d, ok := (func() (*ir.Diagnostic, bool) {
		_, err := allocation.ScratchFor(red)
		d, ok := err.(*ir.Diagnostic)
		return d, ok
	})()
	if !ok || d.Loc != red.Loc() {
		t.Errorf("the error is not located at the op: %v", d)
	}
	if _, err := allocation.Analyze(m, allocation.Options{}); err == nil {
		t.Errorf("Analyze accepted the malformed reduce")
	}
}

const callsSrc = `
#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func private @leaf() {
    %t = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #A, #smem, mutable>
    tt.return
  }
  tt.func private @mid() {
    %u = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    tt.call @leaf() : () -> ()
    ttg.local_dealloc %u : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    tt.return
  }
  tt.func @small() {
    %s = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    tt.return
  }
  tt.func @kernel() {
    tt.call @mid() : () -> ()
    tt.return
  }
}`

// TestModule: callees are allocated first, a call reserves its callee's
// memory, and the module needs what its largest kernel needs.
func TestModule(t *testing.T) {
	m := parse(t, callsSrc)
	ma, err := allocation.Analyze(m, allocation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	order, err := ma.Graph.PostOrder()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range order {
		names = append(names, ir.SymbolName(f))
	}
	if got := strings.Join(names, " "); got != "small leaf mid kernel" {
		t.Errorf("post-order %q", got)
	}
	var roots []string
	for _, f := range ma.Graph.Roots {
		roots = append(roots, ir.SymbolName(f))
	}
	if got := strings.Join(roots, " "); got != "small kernel" {
		t.Errorf("roots %q", got)
	}
	sizes := map[string]int{}
	for _, f := range order {
		sizes[ir.SymbolName(f)] = ma.Func(f).SharedMemorySize()
	}
	// mid: its buffer (1024) stays live across the call (2048).
	want := map[string]int{"leaf": 2048, "mid": 3072, "kernel": 3072, "small": 512}
	for n, w := range want {
		if sizes[n] != w {
			t.Errorf("%s: %d bytes, want %d", n, sizes[n], w)
		}
	}
	if ma.SharedMemorySize() != 3072 {
		t.Errorf("module: %d bytes", ma.SharedMemorySize())
	}
	ma.Annotate()
	calls := 0
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "tt.call" {
			calls++
			if off, ok := allocation.OffsetOf(op); !ok || off != 0 {
				t.Errorf("call offset %d, %v", off, ok)
			}
		}
	})
	if calls != 2 {
		t.Errorf("%d calls", calls)
	}
	if a, ok := m.Attr("ttg.shared").(*ir.IntegerAttr); !ok || a.Int() != 3072 {
		t.Errorf("ttg.shared = %v", m.Attr("ttg.shared"))
	}
}

// TestRecursion: a recursive call cannot be sized; the error is located at
// the call.
func TestRecursion(t *testing.T) {
	m := parse(t, `
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @a() {
    tt.call @b() : () -> ()
    tt.return
  }
  tt.func private @b() {
    tt.call @a() : () -> ()
    tt.return
  }
}`)
	_, err := allocation.Analyze(m, allocation.Options{})
	d, ok := err.(*ir.Diagnostic)
	if !ok || !strings.Contains(d.Message, "recursive call") {
		t.Fatalf("got %v", err)
	}
	if op := ir.FindFileLineCol(d.Loc); op == nil || op.Line != 8 {
		t.Errorf("error at %v, want line 8", ir.LocString(d.Loc))
	}
}

// TestBuffers checks the per-function queries on a view of a buffer.
func TestBuffers(t *testing.T) {
	m := parse(t, `
#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f() {
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>
    %view = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    tt.return
  }
}`)
	ops := byName(m)
	ma, err := allocation.Analyze(m, allocation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := ma.Func(ops["buf"].ParentOp())
	b := a.BufferOf(ops["buf"].Result(0))
	if b == nil || b.Kind != allocation.Explicit || b.Size != 1024 || b.Align != 16 {
		t.Fatalf("buffer %+v", b)
	}
	if a.BufferOf(ops["view"].Result(0)) != nil {
		t.Errorf("a view has a buffer of its own")
	}
	if bs := a.BuffersOf(ops["view"].Result(0)); len(bs) != 1 || bs[0] != b {
		t.Errorf("the view refers to %v", bs)
	}
	if b.Interval() != (allocation.Interval{Start: 0, End: 1024}) {
		t.Errorf("interval %v", b.Interval())
	}
	if a.ScratchOf(ops["view"]) != nil || len(a.Buffers()) != 1 {
		t.Errorf("unexpected buffers %v", a.Buffers())
	}
}

// TestAdoptRecordedOffsets: a new analysis of an annotated module takes
// the offsets the IR records, and refuses, located, an owner without one.
func TestAdoptRecordedOffsets(t *testing.T) {
	m := parse(t, scratchSrc)
	a, err := allocation.Analyze(m, allocation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a.Annotate()
	red := byName(m)["red"]
	red.SetAttr(allocation.OffsetAttr, ir.I32Attr(m.Context(), 4096))
	b, err := allocation.Analyze(m, allocation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.AdoptRecordedOffsets(); err != nil {
		t.Fatal(err)
	}
	if got := b.Func(red.ParentOp()).ScratchOf(red).Offset; got != 4096 {
		t.Errorf("adopted offset %d, want the recorded 4096", got)
	}
	red.RemoveAttr(allocation.OffsetAttr)
	err = b.AdoptRecordedOffsets()
	if err == nil || !strings.Contains(err.Error(), "'tt.reduce' op needs 768 bytes of shared memory but has no allocation.offset attribute") || !strings.HasPrefix(err.Error(), "<string>:") {
		t.Errorf("owner without an offset: got %v", err)
	}
}

// TestAnalyzeRecorded: the allocation of an annotated module is that of
// Analyze and AdoptRecordedOffsets: every buffer at its recorded offset, a
// called function of the size its calls reserve, and a kernel of the end
// of its highest buffer.
func TestAnalyzeRecorded(t *testing.T) {
	for _, src := range []string{scratchSrc, callsSrc} {
		m := parse(t, src)
		a, err := allocation.Analyze(m, allocation.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a.Annotate()
		// A recorded offset that differs from the one the analysis
		// would choose again.
		var moved *ir.Operation
		ir.WalkOps(m, func(op *ir.Operation) {
			if _, ok := allocation.OffsetOf(op); ok && moved == nil {
				moved = op
			}
		})
		moved.SetAttr(allocation.OffsetAttr, ir.I32Attr(m.Context(), 8192))
		want, err := allocation.Analyze(m, allocation.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := want.AdoptRecordedOffsets(); err != nil {
			t.Fatal(err)
		}
		got, err := allocation.AnalyzeRecorded(m, allocation.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range want.Graph.Funcs {
			w, g := want.Func(fn), got.Func(fn)
			if len(w.Buffers()) != len(g.Buffers()) {
				t.Fatalf("@%s: %d buffers, want %d", ir.SymbolName(fn), len(g.Buffers()), len(w.Buffers()))
			}
			end := 0
			for i, wb := range w.Buffers() {
				if gb := g.Buffers()[i]; *gb != *wb {
					t.Errorf("@%s: buffer %+v, want %+v", ir.SymbolName(fn), *gb, *wb)
				}
				end = max(end, wb.Offset+wb.Size)
			}
			size := w.SharedMemorySize()
			if slices.Contains(want.Graph.Roots, fn) {
				size = end
			}
			if g.SharedMemorySize() != size {
				t.Errorf("@%s: %d bytes, want %d", ir.SymbolName(fn), g.SharedMemorySize(), size)
			}
		}
		moved.RemoveAttr(allocation.OffsetAttr)
		if _, err := allocation.AnalyzeRecorded(m, allocation.Options{}); err == nil || !strings.Contains(err.Error(), "has no allocation.offset attribute") {
			t.Errorf("owner without an offset: got %v", err)
		}
	}
}
