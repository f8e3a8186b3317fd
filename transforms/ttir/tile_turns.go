package ttir

import (
	"fmt"
	"strconv"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// Two consumer warpgroups over a persistent matmul's tiles: working on
// pairs of consecutive tiles at once, sharing an operand's tiles where
// the pair's coordinates of it agree (tile-turns=pairs, the default;
// pipeliner/ws_pairs.go), or taking turns over the tiles (tile-turns=on;
// pipeliner/ws_tiles.go); tile-turns=off or TT_X_TILE_TURNS=off turns
// both off. Three of tt's schedule passes prepare a kernel for them, and
// nvgpu-warp-specialization sizes their ring, all by the rules here.

// TileTurnsDefault is the tile-turns option's default: pairs, which
// measured 1.01-1.09x of Triton on four matmul walks of 4096 and 8192
// against the turns' 1.00-1.07x (H200, docs/PERFORMANCE.md, "Pairs of
// tiles", 2026-11-30).
const TileTurnsDefault = "pairs"

// tileTurnsWarps is the warp count of the kernels whose tile loops get
// consumers taking turns over the tiles: one warpgroup's tile each.
const tileTurnsWarps = 4

// withTileTurns returns the ring budget in bytes (TileTurnsRing) when the
// module's kernels may get consumers taking turns over their tiles, else
// 0: tile-turns=pairs or on (TileTurnsDefault; the environment's
// TT_X_TILE_TURNS overrides the option), 4 warps, sm_90, one CTA a
// cluster. For each
// kernel whose ring fits the budget (tileTurnsFit), tt-persistent-programs
// then keeps the tile loop around the K loop (nested), tt-tma-loads moves
// the K loop's loads onto TMA, and tt-specialize-dot-chains marks the
// tile loop.
func (t scheduleTarget) withTileTurns(pass string) (int, error) {
	on, err := TileTurns(*t.capability, *t.numCTAs, *t.numWarps, *t.tileTurns)
	if err == nil && on {
		var ring int
		if ring, err = TileTurnsRing(*t.tileTurnsRing); err == nil {
			return ring, nil
		}
	}
	if err != nil {
		return 0, fmt.Errorf("%s: %w", pass, err)
	}
	return 0, nil
}

// TileTurns reports whether a compilation for capability (major*10 +
// minor), numCTAs CTAs a cluster and numWarps warps gets consumers taking
// turns over its persistent tiles or working on pairs of them, given the
// tile-turns option ("" for TileTurnsDefault) and the environment's
// TT_X_TILE_TURNS, which overrides it: sm_90, one CTA a cluster, 4 warps.
func TileTurns(capability, numCTAs, numWarps int, option string) (bool, error) {
	if option == "" {
		option = TileTurnsDefault
	}
	if _, err := tileTurnsMaxSlotsSetting(); err != nil {
		return false, err
	}
	switch v := passmgr.Experiment("TT_X_TILE_TURNS", option); v {
	case "on", "pairs":
		return capability == 90 && numCTAs == 1 && numWarps == tileTurnsWarps, nil
	case "off":
		return false, nil
	default:
		return false, fmt.Errorf("tile-turns=%q: want on, pairs or off", v)
	}
}

// TilePairs reports whether the consumers of a kernel that gets them
// (TileTurns) work on pairs of consecutive tiles that may share an
// operand's tiles (tile-turns=pairs, the default; pipeliner/ws_pairs.go)
// instead of taking turns.
func TilePairs(option string) bool {
	if option == "" {
		option = TileTurnsDefault
	}
	return passmgr.Experiment("TT_X_TILE_TURNS", option) == "pairs"
}

// PointerPairs reports whether the else branch of a turns kernel's guard
// (tt-tma-loads' pointer kernel) runs on two warpgroups, each taking
// every other tile (pipeliner's tt-split-pointer-tiles), and so whether
// the guard sends programs of two tiles with a short K loop there:
// TT_X_POINTER_PAIRS=on (experimental; off by default: on the H200 it
// read level with the TMA path at 2048^3 and cost programs of one tile
// 0.5-0.9 us, docs/PERFORMANCE.md "The pointer branch on two
// warpgroups"). The guard and the split read the same setting; any value
// but on and off is an error.
func PointerPairs() (bool, error) {
	switch v := passmgr.Experiment("TT_X_POINTER_PAIRS", "off"); v {
	case "on":
		return true, nil
	case "off":
		return false, nil
	default:
		return false, fmt.Errorf("TT_X_POINTER_PAIRS=%q: want on or off", v)
	}
}

// The ring of consumers taking turns: as many slots as its budget holds
// (TileTurnsRingBytes by default), from tileTurnsMinSlots to
// tileTurnsMaxSlots. A consumer holds two
// slots (the k-step its wgmma reads and the one before, still in
// flight), so with three the producer is one copy ahead and the tensor
// cores wait for it: the suite's 128x128 matmul read 0.78 of Triton with
// three (H200, 2026-11-30), 0.99-1.03 with four, 1.01-1.05 with six (192
// KB of the SM's 227 KB; cuBLAS's kernel for the same product takes 213
// KB). A kernel whose other buffers leave less than the default budget
// (an f32 output's 64 KB epilogue buffer beside six 32 KB slots) is
// compiled again by tt-translate with the option tile-turns-ring: the
// budget the SM's shared memory leaves it.
const (
	TileTurnsRingBytes = 192 * 1024
	tileTurnsMinSlots  = 4
	tileTurnsMaxSlots  = 6
)

// tileTurnsMaxSlotsSetting returns the most slots a ring may have:
// tileTurnsMaxSlots, or the experimental setting TT_X_TILE_SLOTS (from
// tileTurnsMinSlots to 16).
func tileTurnsMaxSlotsSetting() (int, error) {
	v := passmgr.Experiment("TT_X_TILE_SLOTS", "")
	if v == "" {
		return tileTurnsMaxSlots, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < tileTurnsMinSlots || n > 16 {
		return 0, fmt.Errorf("TT_X_TILE_SLOTS=%q: want a count of slots from %d to 16", v, tileTurnsMinSlots)
	}
	return n, nil
}

// TileTurnsRing returns the ring budget in bytes that the option
// tile-turns-ring asks for: 0 for TileTurnsRingBytes, or a positive
// byte count.
func TileTurnsRing(option int) (int, error) {
	switch {
	case option == 0:
		return TileTurnsRingBytes, nil
	case option < 0:
		return 0, fmt.Errorf("tile-turns-ring=%d: want a positive byte count, or 0 for %d", option, TileTurnsRingBytes)
	}
	return option, nil
}

// TileTurnsSlots returns the ring's slots for k-steps of stepBytes (the
// kernel's stages at least) in a budget of ringBytes, and whether the
// turns may have their ring: at least tileTurnsMinSlots positions.
func TileTurnsSlots(stepBytes, stages, ringBytes int) (int, bool) {
	most, err := tileTurnsMaxSlotsSetting()
	if err != nil {
		most = tileTurnsMaxSlots // refused by TileTurns already
	}
	n := most
	if stepBytes > 0 {
		n = min(ringBytes/stepBytes, most)
	}
	return max(n, stages), n >= tileTurnsMinSlots
}

// tileTurnsMaxAccRegs is the most 32-bit registers a consumer thread's
// accumulator may take: a 128x128 f32 tile over one warpgroup's 128
// threads, CUTLASS's ping-pong tile. A consumer warpgroup runs with 232
// registers (setmaxnreg), and its descriptors, ring state and epilogue
// need the rest; a 512x64 or 256x128 f32 tile (256 each) would spill
// its accumulator inside the K loop.
const tileTurnsMaxAccRegs = 128

// tileTurnsFit reports whether a kernel's loops of a tt.dot suit the
// turns: the bytes such a loop loads a step (the loads in its own body)
// fit at least four times in the ring's budget of ringBytes, and its accumulators
// take at most tileTurnsMaxAccRegs registers a consumer thread. A kernel
// whose steps are bigger (a 128x128 tile with 128-deep steps: 64 KB) or
// whose tiles are bigger keeps the schedule it would have without
// tile-turns.
func tileTurnsFit(fn *ir.Operation, ringBytes int) bool {
	step, accFits := tileTurnsStep(fn)
	_, fits := TileTurnsSlots(step, 0, ringBytes)
	return accFits && fits
}

// tileTurnsStep returns the most bytes one of fn's loops of a tt.dot
// loads a step (the loads in its own body: a ring slot), and whether
// each such loop's accumulators take at most tileTurnsMaxAccRegs
// registers a consumer thread.
func tileTurnsStep(fn *ir.Operation) (step int, accFits bool) {
	accFits = true
	ir.WalkOps(fn, func(loop *ir.Operation) {
		if loop.Name() != "scf.for" {
			return
		}
		hasDot, bytes, accBits := false, 0, 0
		for _, op := range loop.Region(0).Front().Ops() {
			switch op.Name() {
			case "tt.dot":
				hasDot = true
				accBits += tensorBits(op.Result(0).Type())
			case "tt.load", "tt.descriptor_load":
				bytes += tensorBits(op.Result(0).Type()) / 8
			}
		}
		if hasDot {
			step = max(step, bytes)
			accFits = accFits && accBits <= tileTurnsMaxAccRegs*32*32*tileTurnsWarps
		}
	})
	return step, accFits
}

// TileTurnsRingUsed returns the bytes the ring of consumers taking turns
// takes in a kernel of module (its TTIR) with a budget of ringBytes: the
// slots the budget holds times a slot's bytes, the most of any kernel
// that takes the turns, 0 if none does. A compiler whose kernel is over
// the SM's shared memory by some bytes with that ring gives it a budget
// of these bytes less those.
func TileTurnsRingUsed(module *ir.Operation, ringBytes int) int {
	used := 0
	ir.WalkOps(module, func(fn *ir.Operation) {
		if fn.Name() != "tt.func" {
			return
		}
		step, accFits := tileTurnsStep(fn)
		if slots, fits := TileTurnsSlots(step, 0, ringBytes); accFits && fits && step > 0 {
			used = max(used, slots*step)
		}
	})
	return used
}

// tensorBits is the size in bits of a ranked tensor type, 0 for another.
func tensorBits(t ir.Type) int {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return 0
	}
	return ir.BitWidth(rt.Elem) * int(rt.NumElements())
}
