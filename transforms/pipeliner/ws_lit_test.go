package pipeliner_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/lit/chunks"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// TestLitFiles runs this package's own lit files (testdata/*.mlir: the
// warp specialization's TTGIR and its refusals) with tt-opt in process.
func TestLitFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lit files: %v", err)
	}
	cfg := lit.DefaultConfig()
	cfg.Tools["tt-opt"] = ttopt.Run
	for _, f := range files {
		if r := cfg.RunFile(f); r.Status != lit.Pass {
			t.Errorf("%s: %v\n%s", f, r.Status, r.Log)
		}
	}
}

// TestTurnsOption: an unknown turns= mode of nvgpu-warp-specialization is
// refused with the modes it takes.
func TestTurnsOption(t *testing.T) {
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module(nvgpu-warp-specialization{turns=sideways})")
	if err == nil {
		ctx := ir.NewContext()
		m := builtin.NewModule(ctx, ir.Unknown(ctx))
		err = pm.Run(m, passmgr.DefaultConfig())
	}
	if err == nil || !strings.Contains(err.Error(), `turns="sideways": want overlap, alternate, off or twoblocks`) {
		t.Errorf("got %v, want the unknown mode refused", err)
	}
}

// TestTwoBlocksNeedsRegisters: turns=twoblocks takes the 8-warp attention
// consumer of the lit file (five ring slots, the loop two blocks a step,
// no turns) only where a thread has the registers of a second block
// (160 of the 168 the launch gives); under a .maxnreg of 128 (--maxnreg,
// or the row split's 80 for its smaller tiles) the same loop keeps the
// overlap: three slots and the warpgroups' turns.
func TestTwoBlocksNeedsRegisters(t *testing.T) {
	data, err := os.ReadFile("testdata/warp-specialization-8warps.mlir")
	if err != nil {
		t.Fatal(err)
	}
	src := chunks.Split(string(data))[0]
	const module = `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32,`
	if !strings.Contains(src, module) {
		t.Fatalf("the lit file's first chunk no longer starts its module with %q", module)
	}
	capped := strings.Replace(src, module, module+` "ttg.maxnreg" = 128 : i32,`, 1)
	for _, c := range []struct {
		name         string
		src          string
		barriers     int
		turnBarriers bool
		remark       string // why the loop keeps one block an iteration
	}{
		{"as is", src, 10, false, ""},
		{"maxnreg 128", capped, 6, true, "not two: a thread would need 160 registers for a second block, over the 128 the launch gives it"},
	} {
		out, err, diags := run(t, c.src, "nvgpu-warp-specialization{num-stages=3}")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := strings.Join(diags, "\n"); c.remark == "" && got != "" || !strings.Contains(got, c.remark) {
			t.Errorf("%s: diagnostics %q, want a remark containing %q", c.name, got, c.remark)
		}
		if n := strings.Count(out, "ttng.init_barrier"); n != c.barriers {
			t.Errorf("%s: %d ring barriers, want %d", c.name, n, c.barriers)
		}
		if got := strings.Contains(out, "gpu.named_barrier"); got != c.turnBarriers {
			t.Errorf("%s: turn barriers %v, want %v", c.name, got, c.turnBarriers)
		}
	}
}

// Stages beyond what the shared memory holds with a second block's slots
// give the ring no more slots, and the loop keeps its two blocks an
// iteration (it took one before, on the deeper ring: 6% slower on
// attention at head dim 128), with a remark saying what the ring got.
func TestTwoBlocksRingCapped(t *testing.T) {
	data, err := os.ReadFile("testdata/warp-specialization-8warps.mlir")
	if err != nil {
		t.Fatal(err)
	}
	src := chunks.Split(string(data))[0]
	three, err, _ := run(t, src, "nvgpu-warp-specialization{num-stages=3}")
	if err != nil {
		t.Fatal(err)
	}
	many, err, diags := run(t, src, "nvgpu-warp-specialization{num-stages=40}")
	if err != nil {
		t.Fatal(err)
	}
	if n, want := strings.Count(many, "ttng.init_barrier"), strings.Count(three, "ttng.init_barrier"); n < want {
		t.Errorf("40 stages: %d ring barriers, fewer than 3 stages' %d", n, want)
	}
	if strings.Contains(many, "gpu.named_barrier") {
		t.Errorf("40 stages: the warpgroups take turns (one block an iteration)")
	}
	if got := strings.Join(diags, "\n"); !strings.Contains(got, "take two blocks of its chained dots an iteration on a ring of") ||
		!strings.Contains(got, "40 stages and a second block's 2 slots do not fit") {
		t.Errorf("40 stages: diagnostics %q", got)
	}
}
