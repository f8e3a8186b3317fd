package tttranslate

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWarpSpecializePTX compiles the hand-written kernels of Triton 3.6's
// test_warp_specialization.py (testdata/warpspec) for sm_90: the block is
// ttg.total-num-warps warps (.reqntid and the metadata's num_warps, which
// Triton's launcher uses), the worker warps dispatch on barrier 1 of the
// whole block, and each partition synchronizes on its own barrier with
// its own thread count.
func TestWarpSpecializePTX(t *testing.T) {
	requireStages(t, LevelTTIR)
	for _, c := range []struct {
		file     string
		warps    float64
		barriers []string
	}{
		// 1 partition warp, padded to a warpgroup: 8 warps.
		{"basic_ir.ttir", 8, []string{"barrier.sync 1, 256;", "bar.sync 0, 128;", "bar.sync 2, 32;"}},
		// 4 + 2 + 1 partition warps: two warpgroups, 12 warps.
		{"warpgroup_reduction.ttgir", 12, []string{"barrier.sync 1, 384;", "bar.sync 0, 128;", "bar.sync 2, 128;", "bar.sync 3, 64;"}},
	} {
		ptx, meta := translateFile(t, filepath.Join("testdata", "warpspec", c.file), "--arch=sm_90")
		if meta["num_warps"] != c.warps {
			t.Errorf("%s: metadata num_warps = %v, want %v", c.file, meta["num_warps"], c.warps)
		}
		want := []string{".reqntid " + strconv.Itoa(int(c.warps)*32) + ", 1, 1"}
		for _, w := range append(want, c.barriers...) {
			if !strings.Contains(ptx, w) {
				t.Errorf("%s: PTX lacks %q:\n%s", c.file, w, ptx)
			}
		}
		// The dispatch barrier is reached by the default warps and the
		// workers from different instructions: never PTX's aligned form.
		if strings.Contains(ptx, "bar.sync 1,") {
			t.Errorf("%s: the dispatch barrier is the aligned bar.sync:\n%s", c.file, ptx)
		}
		// The CTA-wide bar.sync 0 would wait for the parked workers.
		if strings.Contains(ptx, "bar.sync 0;") || strings.Contains(ptx, "barrier.sync 0;") {
			t.Errorf("%s: a CTA-wide barrier 0 is left:\n%s", c.file, ptx)
		}
	}
}

// TestWarpSpecializeTMEMRefused: Triton's test_warp_specialize_tmem_ir
// needs Blackwell's tensor memory, which tt refuses with a located error.
func TestWarpSpecializeTMEMRefused(t *testing.T) {
	requireStages(t, LevelTTIR)
	var stdout, stderr bytes.Buffer
	out := filepath.Join(t.TempDir(), "k.ptx")
	code := Run([]string{filepath.Join("testdata", "warpspec", "tmem_ir.ttgir"), "--arch=sm_100", "-o", out}, nil, &stdout, &stderr)
	if code == 0 || !strings.Contains(stderr.String(), "tmem_ir.ttgir:29:14: error:") || !strings.Contains(stderr.String(), "ttng.tmem_alloc") {
		t.Errorf("exit %d: %s; want ttng.tmem_alloc refused at tmem_ir.ttgir:29:14", code, stderr.String())
	}
}

// TestWarpSpecializeLLVMIR: the LLVM IR path bounds the block by
// ttg.total-num-warps too (nvvm.annotations maxntidx), or a launch of
// the whole block would fail.
func TestWarpSpecializeLLVMIR(t *testing.T) {
	requireStages(t, LevelTTIR)
	ll, meta := translateFile(t, filepath.Join("testdata", "warpspec", "warpgroup_reduction.ttgir"), "--arch=sm_90", "--target=llvmir")
	if !strings.Contains(ll, `!"maxntidx", i32 384`) || meta["num_warps"] != float64(12) {
		t.Errorf("want maxntidx 384 and num_warps 12 (metadata %v):\n%s", meta["num_warps"], ll)
	}
}
