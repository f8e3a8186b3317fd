package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/interp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/sim"
)

// A differential test runs a kernel twice: TTGIR in the tt interpreter
// (the reference semantics), and the lowered per-thread IR in the SIMT
// simulator; every buffer must come out the same.

// diffArg is a kernel argument: a buffer (with its element kind, for the
// comparison) or a scalar bit pattern.
type diffArg struct {
	buf   []byte
	kind  string // "f32", "f16", "i32", ... for buffers
	bits  uint64 // scalar value (float params: math.Float64bits)
	float bool
}

func f32Buf(vals []float32) diffArg {
	b := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	return diffArg{buf: b, kind: "f32"}
}

// f16Buf holds vals rounded to f16.
func f16Buf(vals []float32) diffArg {
	b := make([]byte, 2*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint16(b[2*i:], numeric.F16FromFloat32(v, numeric.RNE))
	}
	return diffArg{buf: b, kind: "f16"}
}

func i32Buf(vals []int32) diffArg {
	b := make([]byte, 4*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(v))
	}
	return diffArg{buf: b, kind: "i32"}
}

func zeroBuf(kind string, n int) diffArg {
	size := map[string]int{"f32": 4, "i32": 4, "i64": 8, "f64": 8, "f16": 2, "bf16": 2, "i16": 2, "i8": 1}[kind]
	return diffArg{buf: make([]byte, size*n), kind: kind}
}

func intArg(v int64) diffArg     { return diffArg{bits: uint64(v)} }
func floatArg(v float64) diffArg { return diffArg{bits: math.Float64bits(v), float: true} }

func randF32(r *rand.Rand, n int, scale float32) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = (r.Float32()*2 - 1) * scale
	}
	return out
}

func randI32(r *rand.Rand, n int, lim int32) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = r.Int31n(2*lim) - lim
	}
	return out
}

// diffTest runs the TTGIR module m with args over grid in both worlds and
// compares the buffers (floats within ulps relative tolerance).
func diffTest(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg, ulps float64) {
	t.Helper()
	diffTestCheck(t, m, kernel, grid, args, ulps, nil)
}

// ownAllocation makes diff tests lower without the allocation pass (the
// conversion then allocates shared memory itself) while set.
var ownAllocation bool

// diffTestOwn is diffTest without the allocation pass.
func diffTestOwn(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg, ulps float64) {
	t.Helper()
	ownAllocation = true
	defer func() { ownAllocation = false }()
	diffTestCheck(t, m, kernel, grid, args, ulps, nil)
}

// diffTestCheck is diffTest with a check of the lowered module.
func diffTestCheck(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg, ulps float64, check func(*ir.Operation)) {
	t.Helper()
	diffRefCheck(t, m.Clone(nil), m, kernel, grid, args, ulps, check)
}

// diffRefCheck runs kernel of the module ref in the interpreter and the
// lowered m in the simulator, and compares their buffers.
func diffRefCheck(t *testing.T, refModule, m *ir.Operation, kernel string, grid [3]int, args []diffArg, ulps float64, check func(*ir.Operation)) {
	t.Helper()
	ref := cloneArgs(args)
	interpret(t, refModule, kernel, grid, ref)
	got := cloneArgs(args)
	simulateLowered(t, m, kernel, grid, got, check)
	for i := range args {
		if args[i].buf == nil {
			continue
		}
		if msg := compareBuf(args[i].kind, ref[i].buf, got[i].buf, ulps); msg != "" {
			t.Errorf("argument #%d: %s", i, msg)
		}
	}
}

// interpret runs kernel of the module m (TTIR or TTGIR) in the tt
// interpreter; the buffers of args receive the results.
func interpret(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg) {
	t.Helper()
	fn, err := interp.FindKernel(m, kernel)
	if err != nil {
		t.Fatalf("interp: %v", err)
	}
	prog, err := interp.Compile(fn)
	if err != nil {
		t.Fatalf("interp: %v", err)
	}
	mem := interp.NewMemory()
	var iargs []interp.Arg
	for i, a := range args {
		switch {
		case a.buf != nil:
			iargs = append(iargs, interp.PtrArg(mem.Alloc(fmt.Sprintf("arg%d", i), a.buf)))
		case a.float:
			iargs = append(iargs, interp.FloatArg(math.Float64frombits(a.bits)))
		default:
			iargs = append(iargs, interp.IntArg(int64(a.bits)))
		}
	}
	if err := prog.Launch(mem, iargs, interp.Config{Grid: grid, Workers: 1}); err != nil {
		t.Fatalf("interp: %v", err)
	}
}

// simulateLowered lowers the TTGIR module m (in place) and runs kernel in
// the SIMT simulator; the buffers of args receive the results. check, if
// set, sees the lowered module first.
func simulateLowered(t *testing.T, m *ir.Operation, kernel string, grid [3]int, args []diffArg, check func(*ir.Operation)) {
	t.Helper()
	if ownAllocation {
		lowerOwn(t, m)
	} else {
		lower(t, m)
	}
	kfn := loweredKernel(m, kernel)
	if kfn == nil {
		t.Fatalf("no llvm.func @%s after lowering", kernel)
	}
	if check != nil {
		check(m)
	}
	if err := launchLowered(m, kfn, grid, args); err != nil {
		t.Fatalf("simulate: %v\n%s", err, print(m))
	}
}

// loweredKernel returns the llvm.func named kernel of the lowered module
// m, or nil.
func loweredKernel(m *ir.Operation, kernel string) *ir.Operation {
	var kfn *ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "llvm.func" && ir.SymbolName(op) == kernel {
			kfn = op
		}
	})
	return kfn
}

// launchLowered runs the lowered kernel kfn of module m in the
// simulator; the buffers of args receive the results.
func launchLowered(m, kfn *ir.Operation, grid [3]int, args []diffArg) error {
	smem := sim.NewMemory()
	params := kfn.Region(0).Front().ArgumentTypes()
	var sargs []uint64
	for i, a := range args {
		switch {
		case a.buf != nil:
			sargs = append(sargs, smem.Alloc(fmt.Sprintf("arg%d", i), a.buf))
		case a.float:
			sargs = append(sargs, sim.FloatArg(params[i], math.Float64frombits(a.bits)))
		default:
			sargs = append(sargs, sim.IntArg(params[i], int64(a.bits)))
		}
	}
	sargs = withGlobalScratch(m, kfn, smem, grid, sargs)
	return simulate(m, ir.SymbolName(kfn), smem, grid, sargs)
}

// simulate runs kernel of the lowered module m in the simulator, with
// the race detector on.
func simulate(m *ir.Operation, kernel string, mem *sim.Memory, grid [3]int, args []uint64) error {
	p, err := sim.Load(m)
	if err != nil {
		return err
	}
	k, err := p.Kernel(kernel)
	if err != nil {
		return err
	}
	// grid counts programs; a program of a module with clusters is a
	// cluster of CTAs, as Triton's launcher launches it.
	return k.Launch(mem, k.CTAGrid(grid), args, sim.Config{})
}

func cloneArgs(args []diffArg) []diffArg {
	out := make([]diffArg, len(args))
	for i, a := range args {
		out[i] = a
		if a.buf != nil {
			out[i].buf = append([]byte(nil), a.buf...)
		}
	}
	return out
}

// compareBuf compares two buffers element by element; floats may differ
// by ulps units of relative error (approximate math), NaNs must match;
// with ulps = 0, f16 and bf16 buffers must match bit for bit.
func compareBuf(kind string, want, got []byte, ulps float64) string {
	bad := 0
	first := ""
	if dec, ok := floatDecoders[kind]; ok && (kind == "f32" || ulps > 0) {
		// Reductions may associate differently (and a dot's tensor core
		// rounds once per instruction where the interpreter rounds per
		// product): errors are relative to the element or, for values
		// that cancel, to the buffer's scale, in units of the type's
		// epsilon.
		n := len(want) / dec.size
		scale := 0.0
		for i := 0; i < n; i++ {
			if w := math.Abs(dec.at(want, i)); !math.IsInf(w, 0) && !math.IsNaN(w) {
				scale = math.Max(scale, w)
			}
		}
		tol := ulps * dec.eps
		for i := 0; i < n; i++ {
			w, g := dec.at(want, i), dec.at(got, i)
			if !closeF(w, g, tol) && math.Abs(w-g) > tol*scale {
				bad++
				if first == "" {
					first = fmt.Sprintf("element %d: want %g, got %g", i, w, g)
				}
			}
		}
		if bad == 0 {
			return ""
		}
		return fmt.Sprintf("%d mismatches, first %s", bad, first)
	}
	switch kind {
	default:
		for i := range want {
			if want[i] != got[i] {
				bad++
				if first == "" {
					first = fmt.Sprintf("byte %d: want %#x, got %#x", i, want[i], got[i])
				}
			}
		}
	}
	if bad == 0 {
		return ""
	}
	return fmt.Sprintf("%d mismatches, first %s", bad, first)
}

// floatDecoder reads element i of a float buffer.
type floatDecoder struct {
	size int
	eps  float64 // relative rounding error of one operation, about
	at   func(b []byte, i int) float64
}

var floatDecoders = map[string]floatDecoder{
	"f32": {4, 1.2e-7, func(b []byte, i int) float64 {
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
	}},
	"f16": {2, 9.8e-4, func(b []byte, i int) float64 {
		return float64(numeric.F16ToFloat32(binary.LittleEndian.Uint16(b[2*i:])))
	}},
	"bf16": {2, 7.8e-3, func(b []byte, i int) float64 {
		return float64(numeric.BF16ToFloat32(binary.LittleEndian.Uint16(b[2*i:])))
	}},
}

func closeF(w, g, rel float64) bool {
	if math.IsNaN(w) || math.IsNaN(g) {
		return math.IsNaN(w) && math.IsNaN(g)
	}
	if w == g {
		return true
	}
	return math.Abs(w-g) <= rel*math.Max(math.Abs(w), math.Abs(g))+1e-30
}

// withAllocation annotates a TTGIR module with analysis/allocation's
// shared memory layout (allocation.offset, ttg.shared), as
// allocate-shared-memory does, so that the lowering uses it.
func withAllocation(t *testing.T, m *ir.Operation) {
	t.Helper()
	a, err := allocation.Analyze(m, allocation.Options{})
	if err != nil {
		t.Fatalf("allocation: %v", err)
	}
	a.Annotate()
}

// withGlobalScratch appends the global scratch buffer a lowered kernel
// takes as its last parameter (in-kernel tensor maps): the module's
// per-CTA size times the grid's programs times the CTAs of a cluster.
func withGlobalScratch(m, kfn *ir.Operation, mem *sim.Memory, grid [3]int, args []uint64) []uint64 {
	if !ttgtogpu.HasGlobalScratchParam(kfn) {
		return args
	}
	size, _ := m.Attr(ttg.AttrGlobalScratchMemorySize).(*ir.IntegerAttr)
	ctas := int64(ttg.NumCTAs(m) * grid[0] * grid[1] * grid[2])
	return append(args, mem.Alloc("global_scratch", make([]byte, max(1, size.Int()*ctas))))
}
