package ttgtogpu_test

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/sim"
)

// TMA through tensor descriptors passed to the kernel, in the simulator:
// the host encodes each tensor map from the box the lowering recorded on
// the parameter (tt.tensordesc, the kernel metadata's tensordesc_meta)
// and passes its address, as CUDA passes a grid-constant parameter. The
// interpreter takes no descriptor parameters, so the expected output is
// computed here.

// tmaRowSweep walks the row tiles of a 128-column band (program y picks
// the band): per tile, thread 0 expects the box's bytes, TMA loads it
// (two 64x32 f32 boxes: 128-byte swizzle), every thread waits for the
// barrier's phase (alternating 0, 1, ...), doubles it, and TMA stores it;
// one mbarrier serves every tile.
const tmaRowSweep = `
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sweep(%in: !tt.tensordesc<tensor<64x64xf32, #shared>>, %M: i32, %N: i32, %sM: i64, %sN: i64, %out: !tt.tensordesc<tensor<64x64xf32, #shared>>, %M2: i32, %N2: i32, %sM2: i64, %sN2: i64) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c63 = arith.constant 63 : i32
    %c64 = arith.constant 64 : i32
    %y = tt.get_program_id x : i32
    %col = arith.muli %y, %c64 : i32
    %m63 = arith.addi %M, %c63 : i32
    %tiles = arith.divsi %m63, %c64 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    scf.for %t = %c0 to %tiles step %c1 : i32 {
      %row = arith.muli %t, %c64 : i32
      %phase = arith.andi %t, %c1 : i32
      ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_global_to_local %in[%row, %col] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
      ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      %v = ttg.local_load %buf : !ttg.memdesc<64x64xf32, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
      %w = arith.addf %v, %v : tensor<64x64xf32, #blocked>
      %o = ttg.local_alloc %w : (tensor<64x64xf32, #blocked>) -> !ttg.memdesc<64x64xf32, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      ttng.async_tma_copy_local_to_global %out[%row, %col] %o : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<64x64xf32, #shared, #smem>
      ttng.async_tma_store_wait {pendings = 0 : i32}
    }
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
`

// tmaSweep lowers the sweep, lets mutate change it, and runs it on an
// MxN f32 matrix; it returns the input, the output and the simulator's
// error.
func tmaSweep(t *testing.T, M, N int, mutate func(*ir.Operation)) (in, out []float32, err error) {
	t.Helper()
	return tmaHostRun(t, tmaRowSweep, "sweep", M, N, [3]int{(N + 63) / 64, 1, 1}, mutate)
}

// tmaHostRun lowers the module text, lets mutate change it, and runs
// kernel over grid (programs) on an MxN f32 matrix, the kernel's
// parameters being two descriptors with their shapes and strides (in,
// M, N, sM, sN, out, M, N, sM, sN); the tensor maps have the box the
// lowering recorded on the parameter, swizzled by 128 bytes. It returns
// the input, the output and the simulator's error.
func tmaHostRun(t *testing.T, text, kernel string, M, N int, grid [3]int, mutate func(*ir.Operation)) (in, out []float32, err error) {
	t.Helper()
	m := parse(t, text)
	lower(t, m)
	if mutate != nil {
		mutate(m)
	}
	var box []int
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() != "llvm.func" || ir.SymbolName(op) != kernel {
			return
		}
		for _, a := range llvm.ArgAttrs(op, 0) {
			if d, ok := a.Value.(*ir.DictionaryAttr); ok && a.Name == ttgtogpu.TensorDescAttr {
				for _, e := range d.Entries {
					if e.Name == "block_size" {
						for _, b := range e.Value.(*ir.DenseArrayAttr).Ints {
							box = append([]int{int(b)}, box...) // innermost first
						}
					}
				}
			}
		}
	})
	if len(box) != 2 {
		t.Fatalf("the descriptor parameter carries no block size: %v", box)
	}
	r := rand.New(rand.NewSource(96))
	in = randF32(r, M*N, 4)
	mem := sim.NewMemory()
	inBuf, outBuf := make([]byte, 4*M*N), make([]byte, 4*M*N)
	for i, v := range in {
		binary.LittleEndian.PutUint32(inBuf[4*i:], math.Float32bits(v))
	}
	inAddr, outAddr := mem.Alloc("in", inBuf), mem.Alloc("out", outBuf)
	tensorMap := func(base uint64) uint64 {
		tm := sim.TensorMap{Base: base, DataType: sim.TMFloat32, Dims: []uint64{uint64(N), uint64(M)}, Strides: []uint64{uint64(4 * N)}, Box: box, Swizzle: 128}
		enc, err := tm.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return mem.Alloc("map", enc[:])
	}
	p, err := sim.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel(kernel)
	if err != nil {
		t.Fatal(err)
	}
	scalars := func(i int) []uint64 {
		return []uint64{sim.IntArg(k.Params[i+1], int64(M)), sim.IntArg(k.Params[i+2], int64(N)),
			sim.IntArg(k.Params[i+3], int64(N)), sim.IntArg(k.Params[i+4], 1)}
	}
	args := append(append([]uint64{tensorMap(inAddr)}, scalars(0)...), tensorMap(outAddr))
	args = append(args, scalars(5)...)
	err = k.Launch(mem, k.CTAGrid(grid), args, sim.Config{})
	out = make([]float32, M*N)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(outBuf[4*i:]))
	}
	return in, out, err
}

// TestTMARoundTripSim: every in-bounds element comes back doubled over
// ragged edges (out-of-bounds box elements are zero-filled on load and
// dropped on store), one mbarrier's phases alternating over the tiles.
func TestTMARoundTripSim(t *testing.T) {
	M, N := 200, 144
	in, out, err := tmaSweep(t, M, N, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkDoubled(t, in, out, N)
}

// checkDoubled reports the elements of out (rows of N) that are not twice
// in's: the first five by position, then how many.
func checkDoubled(t *testing.T, in, out []float32, N int) {
	t.Helper()
	bad := 0
	for i := range in {
		if out[i] != 2*in[i] {
			if bad < 5 {
				t.Errorf("element (%d, %d): got %g, want %g", i/N, i%N, out[i], 2*in[i])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d elements wrong", bad, len(in))
	}
}

// TestTMAMissingBarrierWait: without the mbarrier wait (and the CTA
// barrier the barrier analysis put between the TMA load and the reads)
// the threads read the box while the TMA bytes may still be landing; the
// simulator reports the race of those reads with the async proxy's
// writes, or the result is wrong.
//
// The simulator completes a phase as soon as its arrivals and bytes are
// counted (here at the load's issue) and lands the bytes then, so a CTA
// barrier alone would order them before the reads; on a GPU it does not
// (only an mbarrier wait does), which is why both are removed.
func TestTMAMissingBarrierWait(t *testing.T) {
	M, N := 128, 64
	removed := 0
	in, out, err := tmaSweep(t, M, N, func(m *ir.Operation) {
		for _, w := range ops(m, gpu.MBarrierWaitOp.Name) {
			for prev := w.Prev(); prev != nil && prev.Name() != gpu.TMALoadOp.Name; prev = prev.Prev() {
				if prev.Name() == gpu.BarrierOp.Name {
					defer prev.Erase()
				}
			}
			w.Erase()
			removed++
		}
	})
	if removed == 0 {
		t.Fatal("no mbarrier_wait to remove")
	}
	if err != nil {
		var race *sim.RaceError
		if !errors.As(err, &race) {
			t.Fatalf("want a race report, got %v", err)
		}
		t.Logf("detected: %v", err)
		return
	}
	for i := range in {
		if out[i] != 2*in[i] {
			return
		}
	}
	t.Fatal("the box was read without waiting for the TMA load, and the result is still right")
}
