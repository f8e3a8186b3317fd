package ttrun

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/npy"
)

// tt-tma-loads (TT_X_TMA_LOADS=on) moves the persistent matmul's pointer
// loads onto TMA, its maps in the module's pool of slots (the launch
// passes no scratch), and the kernel still writes the exact product in
// the simulator. examples/tiled_matmul.py addresses A's rows and B's columns
// as `(pid * BLOCK + arange) % M` (Triton's tutorial form): with M = 320
// and N = 200, the last row tile and column tile wrap, where TMA reads
// zeros and the pointer loads read rows 0, 1, ... again; the stores' masks
// drop those rows, so the products must match. K = 160 leaves a partial
// last K block, which TMA's zero fill must give as the mask did. The
// 4-warp kernel without the consumers taking turns, which tt gives it by
// default (TestSimTileTurnsMatmul).
func TestSimTMALoadsMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TMA_LOADS", "on")
	t.Setenv("TT_X_TILE_TURNS", "off")
	for _, c := range []struct{ bn, warps int }{{128, 4}, {256, 8}} {
		t.Run(fmt.Sprintf("128x%d", c.bn), func(t *testing.T) { tmaLoadsMatmul(t, c.bn, c.warps, false, 0) })
	}
	// A broadcast A (row stride 0: every row is row 0) fails the kernel's
	// guard, and the pointer loads of its else branch compute the product.
	// (The simulator's TMA model takes a stride of 0 bytes, a multiple of
	// 16, and would read row 0 too; what stride 0 does on the hardware is
	// not documented, hence the guard, which TestTMALoads pins.)
	t.Run("stride 0", func(t *testing.T) { tmaLoadsMatmul(t, 128, 4, true, 0) })
}

// With TT_X_TILE_TURNS=on the 4-warp kernel's tile loop runs on two
// consumer warpgroups that take turns over the tiles beside a TMA producer
// (transforms/pipeliner/ws_tiles.go), one CTA an SM. With one simulated SM
// a single CTA walks all six tiles, three for each consumer; with two,
// the first block of four tiles is whole and the walk's chunks of eight
// (tt-persistent-programs) a partial pair: CTA 0's consumers take tiles 0
// and 2, CTA 1's 1 and 3, then the partial block's 4 and 5 one each; with
// three (one whole block) and chunks of two, CTA 0 takes 0 and 2, CTA 1
// 1 and 3 (a whole pair of chunks) and CTA 2 4 and 5 (the partial one);
// with four, CTAs walk one or two. K = 160 is three k-steps a tile on a
// ring of six
// slots: a consumer's skip over the other's tile wraps the ring, and its
// phase flips.
func TestSimTileTurnsMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "on") // the loads on TMA, the tile loop nested, the turns
	for _, sms := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("%d SMs", sms), func(t *testing.T) { tmaLoadsMatmul(t, 128, 4, false, sms) })
	}
	t.Run("3 SMs, chunks of 2", func(t *testing.T) {
		t.Setenv("TT_X_TURN_CHUNK", "2")
		tmaLoadsMatmul(t, 128, 4, false, 3)
	})
	// The kernel splits its program id into (pid % 3, pid / 3): with
	// groups of two rows (TT_X_GROUP_COLUMNS) the walk's positions take
	// the tiles 0, 1, 3, 4, 2, 5 (by default, groups of eight, the walk
	// is the kernel's own order: three rows make one group).
	t.Run("2 SMs, groups of 2 rows", func(t *testing.T) {
		t.Setenv("TT_X_GROUP_COLUMNS", "2")
		tmaLoadsMatmul(t, 128, 4, false, 2)
	})
	t.Run("stride 0", func(t *testing.T) { tmaLoadsMatmul(t, 128, 4, true, 1) })
	t.Run("1 SM, pointer stores", func(t *testing.T) {
		t.Setenv("TT_X_TMA_STORES", "off") // TestSimTilePairsMatmul's epilogue stores
		tmaLoadsMatmul(t, 128, 4, false, 1)
	})
}

// By default (TT_X_TILE_TURNS=pairs) the two consumers work on pairs of
// tiles at once (transforms/pipeliner/ws_pairs.go), the walk giving a CTA
// the program ids 2j and 2j+1 of a block. The kernel's program ids go
// down the columns of three rows: on one SM the pairs are tiles (0, 1),
// which share B's column of tiles, (2, 3), which do not (their tiles then
// take the ring one after the other, the consumers handing it over), and
// (4, 5), which do;
// on two SMs CTA 0 takes (0, 1) and CTA 1 (2, 3), then the partial block's
// tiles 4 and 5 one each, without a partner (a consumer alone); on four,
// CTAs 0 and 1 take the block's pairs and CTAs 2 and 3 one tile each.
// K = 160 is three k-steps, a split pair six positions on a ring of four
// slots (48 KB each), which wraps its phases.
func TestSimTilePairsMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "")       // the default
	t.Setenv("TT_X_POINTER_PAIRS", "off") // as in TestSimTileTurnsMatmul
	for _, sms := range []int{1, 2, 4} {
		t.Run(fmt.Sprintf("%d SMs", sms), func(t *testing.T) { tmaLoadsMatmul(t, 128, 4, false, sms) })
	}
	// Without the walk's chunks CTA 1 of two takes the tiles 1, 3 and 5:
	// the pair (1, 3) shares nothing (a split pair between pairs).
	t.Run("2 SMs, no chunks", func(t *testing.T) {
		t.Setenv("TT_X_TURN_CHUNK", "off")
		tmaLoadsMatmul(t, 128, 4, false, 2)
	})
	t.Run("stride 0", func(t *testing.T) { tmaLoadsMatmul(t, 128, 4, true, 1) })
	// By default the epilogue stores C's tile through TMA in two column
	// halves, staged in one 16 KB buffer a consumer, the second half's
	// store drained during the next tile (transforms/ttir/tma_stores.go):
	// C is 320 by 200, so the last row tile (rows 256-383) and the last
	// column tile's second half (columns 192-255) lie partly outside it,
	// where TMA writes nothing, as the mask did. With TT_X_TMA_STORES=off
	// the consumers store through pointers again.
	for _, sms := range []int{1, 2} {
		t.Run(fmt.Sprintf("%d SMs, pointer stores", sms), func(t *testing.T) {
			t.Setenv("TT_X_TMA_STORES", "off")
			tmaLoadsMatmul(t, 128, 4, false, sms)
		})
	}
	t.Run("2 SMs, no chunks, pointer stores", func(t *testing.T) {
		t.Setenv("TT_X_TMA_STORES", "off")
		t.Setenv("TT_X_TURN_CHUNK", "off")
		tmaLoadsMatmul(t, 128, 4, false, 2)
	})
}

// With TT_X_POINTER_PAIRS=on (experimental) a program of at most two
// tiles whose K loop is short takes the guard's pointer branch, which
// runs on two warpgroups, each taking
// every other tile of the program (transforms/pipeliner/ws_pointer_tiles.go:
// a second warp_specialize, whose register moves show in the PTX). The
// 320 x 200 product's six tiles of three k-steps: on three SMs each CTA
// runs a pair at once, on four CTAs 0 and 1 a pair and CTAs 2 and 3 one
// tile (the partition idle), on six one tile each; on two, three tiles a
// program, the TMA path.
func TestSimPointerPairs(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "")
	moves := func() int {
		dir := t.TempDir()
		ttgir := filepath.Join(dir, "mm.ttgir")
		translate(t, ttgir, filepath.Join("..", "..", "examples", "tiled_matmul.py"), "--kernel", "matmul_kernel",
			"--signature", "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64",
			"--arch", "sm_90", "--num-warps=4", "--target=ttgir")
		return strings.Count(string(translate(t, filepath.Join(dir, "mm.ptx"), ttgir, "--arch", "sm_90")), "setmaxnreg")
	}
	off := moves()
	t.Setenv("TT_X_POINTER_PAIRS", "on")
	if on := moves(); on <= off {
		t.Errorf("%d setmaxnreg with the pointer branch split, %d without: no second warp_specialize", on, off)
	}
	for _, sms := range []int{3, 4, 6, 2} {
		t.Run(fmt.Sprintf("%d SMs", sms), func(t *testing.T) { tmaLoadsMatmul(t, 128, 4, false, sms) })
	}
}

// Pairs on a walk along the rows (testdata/unmasked_matmul.py with
// ROW_MAJOR: pid_m = pid / grid_n, pid_n = pid % grid_n): consecutive
// tiles share A's row of tiles, not B's column, so the pairs share A (two
// rings of B's tiles, one of A's, the leaf pid / grid_n varying slowly).
// On 2 by 3 tiles and one SM the pairs are tiles (0, 1) and (4, 5),
// which share A, and (2, 3), which do not (the end of row 0 and the start
// of row 1); on two SMs CTA 0 takes (0, 1), CTA 1 (2, 3), then one tile
// each. K = 320 is five k-steps on the ring of four slots; K = 704,
// eleven, puts the split pair's second tile more than two laps of the
// ring after its first, where the second consumer's wait would pass on a
// slot two phases behind without the first's hand-over.
func TestSimTilePairsRowMajor(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "pairs")
	const m, n = 256, 384
	for _, c := range []struct{ sms, k int }{{1, 320}, {2, 320}, {1, 704}} {
		sms, k := c.sms, c.k
		t.Run(fmt.Sprintf("%d SMs, K=%d", sms, k), func(t *testing.T) {
			dir := t.TempDir()
			ttgir := filepath.Join(dir, "mm.ttgir")
			text := translate(t, ttgir, filepath.Join("testdata", "unmasked_matmul.py"), "--kernel", "unmasked_matmul",
				"--signature", "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 64, False, False, True",
				"--arch", "sm_90", "--num-warps=4", "--target=ttgir")
			checkTMATTGIR(t, text, true, "ttng.async_tma_copy_global_to_local")
			if !bytes.Contains(text, []byte("= ttg.local_alloc : () -> !ttg.memdesc<4x64x128xf16")) ||
				bytes.Count(text, []byte("= ttg.local_alloc : () -> !ttg.memdesc<4x64x128xf16")) != 2 {
				t.Fatalf("the pairs do not share A: no two rings of B's tiles")
			}
			a, b, want := exactMatmul(m, n, k)
			simHalfMatmul(t, ttgir, "6", sms, m, n, k, k, a, b, want)
		})
	}
}

// tmaLoadsMatmul runs examples/tiled_matmul.py compiled with tt-tma-loads
// in the simulator (sms SMs, or tt-run's default with 0) and checks the
// exact product.
func tmaLoadsMatmul(t *testing.T, bn, warps int, broadcastA bool, sms int) {
	turns := os.Getenv("TT_X_TILE_TURNS") != "off" && warps == 4
	const m, n, k = 320, 200, 160
	kernel := filepath.Join("..", "..", "examples", "tiled_matmul.py")
	dir := t.TempDir()
	sig := fmt.Sprintf("*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, %d, 64", bn)
	ttgir := filepath.Join(dir, "mm.ttgir")
	text := translate(t, ttgir, kernel, "--kernel", "matmul_kernel", "--signature", sig,
		"--arch", "sm_90", fmt.Sprint("--num-warps=", warps), "--target=ttgir")
	checkTMATTGIR(t, text, turns, "%nsmid", "ttng.async_tma_copy_global_to_local", "ttng.tensormap_create")
	if bytes.Contains(text, []byte("ttg.async_copy_global_to_local")) {
		t.Fatalf("the TTGIR still copies with cp.async")
	}
	// The maps live in the module's pool of slots, not in launch scratch:
	// the PTX declares the pool and takes no scratch parameter. The third
	// map is C's, which a 128-column tile's epilogue stores through in two
	// halves (unless TT_X_TMA_STORES=off): in each consumer's tile loop
	// with the turns or pairs, in the two versions of the fused loop the
	// software pipeliner makes without them (the guard's else branch keeps
	// its pointer store). A 256-column tile's rows (512 bytes) keep their
	// pointer stores.
	maps := 2
	if os.Getenv("TT_X_TMA_STORES") == "off" && bytes.Contains(text, []byte("ttng.async_tma_copy_local_to_global")) {
		t.Fatalf("TT_X_TMA_STORES=off: the epilogue stores through TMA")
	}
	if os.Getenv("TT_X_TMA_STORES") != "off" && bn == 128 {
		maps = 3
		if n := bytes.Count(text, []byte("ttng.async_tma_copy_local_to_global")); n != 4 {
			t.Fatalf("%d TMA stores of C's halves, want 4", n)
		}
	}
	if bytes.Count(text, []byte("tt.tensormap_pool}")) != maps || !bytes.Contains(text, []byte("{tt.tensormap_pool_guard}")) {
		t.Fatalf("the TTGIR's %d map allocations are not in the tensor-map pool, claimed under the guard", maps)
	}
	ptx := string(translate(t, filepath.Join(dir, "mm.ptx"), ttgir, "--arch", "sm_90"))
	for _, want := range []string{".global .align 128 .b8 __tt_tensormap_pool[", "atom.acquire.gpu.global.cas.b32", "release.exch.b32"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("the PTX has no %q", want)
		}
	}
	if strings.Contains(ptx, "matmul_kernel_param_9") {
		t.Errorf("the kernel takes a global scratch parameter")
	}
	a, b, want := exactMatmul(m, n, k)
	strideAM := k
	if broadcastA {
		// A is its first row, m times over: so is the product.
		strideAM = 0
		for i := range m {
			copy(want[i*n:(i+1)*n], want[:n])
		}
	}
	grid := ((m + 127) / 128) * ((n + bn - 1) / bn)
	simHalfMatmul(t, ttgir, fmt.Sprint(grid), sms, m, n, k, strideAM, a, b, want)
}

// checkTMATTGIR fails t unless the TTGIR text has each of wants and, with
// turns, a producer and a second consumer warpgroup: by default
// (TT_X_TILE_TURNS unset or pairs) working on pairs of tiles, a slot's
// empty barrier counting both consumers' eight warps (a split pair's
// hand-over on named barriers); with TT_X_TILE_TURNS=on handing the turn
// over on a named barrier, empty barriers of one consumer's four warps
// (without turns, no such barrier).
func checkTMATTGIR(t *testing.T, text []byte, turns bool, wants ...string) {
	t.Helper()
	const handover = "gpu.named_barrier_arrive"
	mode := os.Getenv("TT_X_TILE_TURNS")
	switch {
	case turns && (mode == "" || mode == "pairs"):
		wants = append(wants, "partition1(")
		if !regexp.MustCompile(`ttng\.init_barrier %\w+, 8 :`).Match(text) {
			t.Fatalf("the consumers do not work on pairs of tiles")
		}
	case turns:
		wants = append(wants, "partition1(", handover)
		if !regexp.MustCompile(`ttng\.init_barrier %\w+, 4 :`).Match(text) {
			t.Fatalf("TT_X_TILE_TURNS=on: the consumers do not take turns")
		}
	case bytes.Contains(text, []byte(handover)):
		t.Fatalf("TT_X_TILE_TURNS=off: the consumers take turns")
	}
	for _, want := range wants {
		if !bytes.Contains(text, []byte(want)) {
			t.Fatalf("the TTGIR has no %q (consumers taking turns: %v)", want, turns)
		}
	}
}

// simHalfMatmul runs a matmul's TTGIR as it is (its warps, its persistent
// schedule) in the simulator on sms SMs (tt-run's default with 0), with
// a (m x k, row stride strideAM) and b (k x n) rounded to f16, and checks
// c (m x n, f16) against want exactly. The kernel takes a_ptr, b_ptr,
// c_ptr, M, N, K, stride_am, stride_bk and stride_cm; with k = 0 a and b
// are arrays of one column (row).
func simHalfMatmul(t *testing.T, ttgir, grid string, sms, m, n, k, strideAM int, a, b, want []float32) {
	t.Helper()
	simMatmul(t, ttgir, grid, sms, m, n, k, strideAM, a, b, want, false)
}

// simMatmul is simHalfMatmul with c in f32 where c32 is set.
func simMatmul(t *testing.T, ttgir, grid string, sms, m, n, k, strideAM int, a, b, want []float32, c32 bool) {
	t.Helper()
	dir := t.TempDir()
	writeC := func(name string, v []float32) string { return writeHalfNpy(t, dir, name, v, m, n) }
	if c32 {
		writeC = func(name string, v []float32) string { return writeNpy(t, dir, name, v) }
	}
	args := []string{ttgir, "--backend", "sim", "--arch", "sm_90", "--no-cache", "--grid", grid,
		"--arg", "a_ptr=@" + writeHalfNpy(t, dir, "a.npy", a, m, max(k, 1)), "--arg", "b_ptr=@" + writeHalfNpy(t, dir, "b.npy", b, max(k, 1), n),
		"--arg", "c_ptr=@" + writeC("c.npy", make([]float32, m*n)),
		"--arg", fmt.Sprint("M=", m), "--arg", fmt.Sprint("N=", n), "--arg", fmt.Sprint("K=", k),
		"--arg", fmt.Sprint("stride_am=", strideAM), "--arg", fmt.Sprint("stride_bk=", n), "--arg", fmt.Sprint("stride_cm=", n),
		"--check", "c_ptr=@" + writeC("want.npy", want), "--tol", "0"}
	if sms > 0 {
		args = append(args, "--sms", fmt.Sprint(sms))
	}
	code, stdout, stderr := runTool(args...)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("PASS c_ptr: 0/%d elements differ", m*n)) {
		t.Fatalf("K=%d, %d SMs: exit %d\nstdout: %s\nstderr: %s", k, sms, code, stdout, stderr)
	}
}

// A matmul without masks (testdata/unmasked_matmul.py: the form of
// Triton's own test_matmul.py kernels, for shapes that are multiples of
// the blocks): tt-tma-loads takes its unmasked K loads (the map's extent
// along K from the loop's trip count) and its wrapped rows and columns
// that unmasked stores may write (the guard asks M and N to be multiples
// of the tiles), and the consumers take turns (the default; TT_X_TILE_TURNS=off
// leaves the TMA loads alone, under TT_X_TMA_LOADS=on).
// The simulator computes the exact product on one SM (one CTA walks all
// four tiles); with K = 0 the guard's trip count fails and the else
// branch writes zeros.
func TestSimTMALoadsUnmasked(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	for _, turns := range []bool{false, true} {
		t.Run(fmt.Sprintf("turns=%v", turns), func(t *testing.T) {
			if !turns {
				t.Setenv("TT_X_TMA_LOADS", "on")
				t.Setenv("TT_X_TILE_TURNS", "off")
			}
			for _, k := range []int{192, 0} {
				unmaskedMatmul(t, 256, 256, k, "i32", turns)
			}
			// An i64 K makes the K loop's induction variable i64: the ring
			// positions a tile takes (ws_tiles.go's perTile) come from its
			// i64 trip count (Python fuzz seed 325).
			unmaskedMatmul(t, 256, 256, 192, "i64", turns)
		})
	}
}

// unmaskedMatmul compiles testdata/unmasked_matmul.py with K of type
// kType and checks its product in the simulator on one SM.
func unmaskedMatmul(t *testing.T, m, n, k int, kType string, turns bool) {
	t.Helper()
	dir := t.TempDir()
	ttgir := filepath.Join(dir, "mm.ttgir")
	text := translate(t, ttgir, filepath.Join("testdata", "unmasked_matmul.py"), "--kernel", "unmasked_matmul",
		"--signature", "*fp16:16, *fp16:16, *fp16:16, i32, i32, "+kType+", i32:16, i32:16, i32:16, 128, 128, 64",
		"--arch", "sm_90", "--num-warps=4", "--target=ttgir")
	checkTMATTGIR(t, text, turns, "ttng.async_tma_copy_global_to_local", "{tt.tensormap_pool_guard}", "arith.remsi")
	a, b, want := exactMatmul(m, n, k)
	if k == 0 {
		// Arrays of one column (row) of zeros, which the kernel does not read.
		a, b = make([]float32, m), make([]float32, n)
	}
	simHalfMatmul(t, ttgir, fmt.Sprint((m/128)*(n/128)), 1, m, n, k, k, a, b, want)
}

// A matmul launched on a 2-D grid (testdata/unmasked_matmul.py with GRID_2D: the tile's
// row and column from the program ids along x and y) is made persistent
// too: tt-persistent-programs walks the 3 by 2 grid as one line, program
// (x, y) at x + 3y, and splits each position back into (x, y), grouped
// as a column-major grid of tiles is (by default eight rows, so here the
// kernel's own order; with groups of two rows, TT_X_GROUP_COLUMNS, the
// positions take the tiles (0,0) (1,0) (0,1) (1,1) (2,0) (2,1)). The
// simulator computes the exact product with the two consumers (by
// default on pairs of tiles) on one and two SMs, and with two CTAs an SM
// (turns off).
func TestSimPersistent2DGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	const m, n, k = 384, 256, 192
	for _, c := range []struct {
		name, env, value string
		sms              int
		turns            bool
	}{
		{"turns, 1 SM", "", "", 1, true},
		{"turns, 2 SMs, groups of 2 rows", "TT_X_GROUP_COLUMNS", "2", 2, true},
		{"turns off, 2 SMs, groups of 2 rows", "TT_X_TILE_TURNS", "off", 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.env != "" {
				t.Setenv(c.env, c.value)
			}
			if !c.turns {
				t.Setenv("TT_X_GROUP_COLUMNS", "2")
			}
			dir := t.TempDir()
			ttgir := filepath.Join(dir, "mm.ttgir")
			text := translate(t, ttgir, filepath.Join("testdata", "unmasked_matmul.py"), "--kernel", "unmasked_matmul",
				"--signature", "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 64, False, True",
				"--arch", "sm_90", "--num-warps=4", "--target=ttgir")
			if !bytes.Contains(text, []byte("%nsmid")) || !bytes.Contains(text, []byte("tt.get_program_id y")) {
				t.Fatalf("the 2-D kernel was not made persistent")
			}
			if c.turns {
				checkTMATTGIR(t, text, true, "ttng.async_tma_copy_global_to_local")
			}
			a, b, want := exactMatmul(m, n, k)
			simHalfMatmul(t, ttgir, "3,2", c.sms, m, n, k, k, a, b, want)
		})
	}
}

// The consumers taking turns on matmuls whose rings differ: int8 (s8
// wgmma, whose B tile must be K-major where the kernel's is N-major; an
// int32 accumulator of 128 registers a consumer thread) with 64-deep
// k-steps of 16 KB (six slots) and with 128-deep ones of 32 KB, whose
// ring tt-translate shrinks to four slots beside the operand's
// transposition buffer and the 64 KB epilogue; and f16 into f32, whose
// ring shrinks to five slots (a ring that wraps at no power of two). The
// simulator computes the exact product on one SM, where one CTA walks
// all four tiles, two for each consumer, through several wraps of the
// ring.
func TestSimTileTurnsRings(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "on")
	const m, n, k = 256, 256, 384
	for _, c := range []struct {
		name, signature string
		slots           int
	}{
		{"int8 64-deep", "*i8:16, *i8:16, *i32:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 64, True", 6},
		{"int8 128-deep", "*i8:16, *i8:16, *i32:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 128, True", 4},
		{"f16 into f32", "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 64", 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			ttgir := filepath.Join(dir, "mm.ttgir")
			text := translate(t, ttgir, filepath.Join("testdata", "unmasked_matmul.py"), "--kernel", "unmasked_matmul",
				"--signature", c.signature, "--arch", "sm_90", "--num-warps=4", "--target=ttgir")
			checkTMATTGIR(t, text, true, "ttng.async_tma_copy_global_to_local")
			if !strings.Contains(string(text), fmt.Sprintf("!ttg.memdesc<%dx128x", c.slots)) {
				t.Errorf("no ring of %d slots in the TTGIR", c.slots)
			}
			f16 := strings.HasPrefix(c.name, "f16")
			// Values whose products and sums are exact in f16 inputs and
			// an f32 accumulator, and in int8 and int32.
			a, b := make([]int8, m*k), make([]int8, k*n)
			for i := range a {
				a[i] = int8(i*37%251 - 125)
			}
			for i := range b {
				b[i] = int8(i*53%241 - 120)
			}
			if f16 {
				for i := range a {
					a[i] %= 8
				}
				for i := range b {
					b[i] %= 8
				}
			}
			want := make([]int32, m*n)
			for i := 0; i < m; i++ {
				for j := 0; j < n; j++ {
					s := int32(0)
					for l := 0; l < k; l++ {
						s += int32(a[i*k+l]) * int32(b[l*n+j])
					}
					want[i*n+j] = s
				}
			}
			ints := func(name string, v []int8, rows, cols int) string {
				if !f16 {
					arr, err := npy.FromSlice(v, rows, cols)
					return writeArray(t, dir, name, arr, err)
				}
				bits := make([]uint16, len(v))
				for i, x := range v {
					bits[i] = npy.Float32ToFloat16(float32(x))
				}
				arr, err := npy.FromFloat16Bits(bits, rows, cols)
				return writeArray(t, dir, name, arr, err)
			}
			results := func(name string, v []int32) string {
				if !f16 {
					arr, err := npy.FromSlice(v, m, n)
					return writeArray(t, dir, name, arr, err)
				}
				fs := make([]float32, len(v))
				for i, x := range v {
					fs[i] = float32(x)
				}
				arr, err := npy.FromSlice(fs, m, n)
				return writeArray(t, dir, name, arr, err)
			}
			args := []string{ttgir, "--backend", "sim", "--arch", "sm_90", "--no-cache", "--grid", "4", "--sms", "1",
				"--arg", "a_ptr=@" + ints("a.npy", a, m, k), "--arg", "b_ptr=@" + ints("b.npy", b, k, n),
				"--arg", "c_ptr=@" + results("c.npy", make([]int32, m*n)),
				"--arg", fmt.Sprint("M=", m), "--arg", fmt.Sprint("N=", n), "--arg", fmt.Sprint("K=", k),
				"--arg", fmt.Sprint("stride_am=", k), "--arg", fmt.Sprint("stride_bk=", n), "--arg", fmt.Sprint("stride_cm=", n),
				"--check", "c_ptr=@" + results("want.npy", want), "--tol", "0"}
			code, stdout, stderr := runTool(args...)
			if code != 0 || !strings.Contains(stdout, fmt.Sprintf("PASS c_ptr: 0/%d elements differ", m*n)) {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
			}
		})
	}
}

// TT_X_TMA_STORES=wide (experimental) stores a 32-bit 128-column tile in
// four 128x32 pieces: the matmul with an f32 output then keeps its pairs
// (the ring beside one 16 KB staging buffer a consumer, where the pointer
// epilogue's conversion buffer sent it to the turns), and the simulator
// computes the exact product, C 320 by 200 as above.
func TestSimTMAStoresWide(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	t.Setenv("TT_X_TMA_STORES", "wide")
	t.Setenv("TT_X_TILE_TURNS", "")
	const m, n, k = 320, 200, 160
	dir := t.TempDir()
	ttgir := filepath.Join(dir, "mm.ttgir")
	text := translate(t, ttgir, filepath.Join("..", "..", "examples", "tiled_matmul.py"), "--kernel", "matmul_kernel",
		"--signature", "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64",
		"--arch", "sm_90", "--num-warps=4", "--target=ttgir")
	checkTMATTGIR(t, text, true, "tt.reshape", "tt.split")
	if c := bytes.Count(text, []byte("ttng.async_tma_copy_local_to_global")); c != 8 {
		t.Fatalf("%d TMA stores of C's pieces, want four in each consumer", c)
	}
	a, b, want := exactMatmul(m, n, k)
	for _, sms := range []int{1, 2} {
		simMatmul(t, ttgir, "6", sms, m, n, k, k, a, b, want, true)
	}
}
