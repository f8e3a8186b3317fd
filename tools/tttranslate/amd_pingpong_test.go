package tttranslate

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
)

// TestAMDAttentionFourStages compiles the perf suite's flash attention for
// gfx942 at 4 stages, where the AMD pipeline runs Triton's chained-dot
// schedule and block ping-pong puts an amdg.memory_counter_wait ds(0)
// before the barrier of each compute cluster (two a loop) on 4 waves. On 8
// the ping-pong is left out (transforms/amd exchangeAcrossWarps: its two
// halves would meet the accumulator's conversion through LDS a barrier
// apart) and the kernel compiles without it. The LLVM IR
// waits with s_waitcnt lgkmcnt(0) (49279 = 0xC07F: vmcnt 63 and expcnt 7,
// which wait for nothing, lgkmcnt 0) once for each; with an llc that
// knows gfx942 the kernel assembles, a wait on lgkmcnt 0 comes before an
// s_barrier (weak evidence on its own: the workgroup release fence tt puts
// before every barrier waits for LDS too; targets/llvmir's
// TestAMDWaitcntAssembly checks the encoding through llc), and the kernel
// links where ld.lld is present.
func TestAMDAttentionFourStages(t *testing.T) {
	requireStages(t, LevelTTIR)
	perf := sharedtest.Path(t, "kernels/perf") + "/"
	for _, c := range []struct {
		d, warps int
		pingPong bool
	}{{64, 4, true}, {128, 4, true}, {128, 8, false}} {
		t.Run(fmt.Sprintf("d%d/warps=%d", c.d, c.warps), func(t *testing.T) {
			path := fmt.Sprintf("%sattention_f16_4096_d%d.ttir", perf, c.d)
			src := parseFile(t, path)
			o := DefaultOptions()
			o.Target, o.Arch, o.NumWarps, o.NumStages = "llvmir", "gfx942", c.warps, 4
			res, err := CompileSource(path, src, o)
			if err != nil {
				t.Fatalf("%s", RenderError(path, src, err))
			}
			ll := string(res.Output)
			waits, prios := strings.Count(ll, "call void @llvm.amdgcn.s.waitcnt(i32 49279)"), strings.Count(ll, "call void @llvm.amdgcn.s.setprio(")
			switch {
			case c.pingPong && waits != 2:
				t.Errorf("%d s_waitcnt lgkmcnt(0) in the LLVM IR, want 2 (one per compute cluster)", waits)
			case c.pingPong && prios == 0:
				t.Error("no s_setprio: block ping-pong did not apply")
			case !c.pingPong && (waits != 0 || prios != 0):
				t.Errorf("%d s_waitcnt lgkmcnt(0) and %d s_setprio: block ping-pong applied where its halves would race", waits, prios)
			}

			t.Run("llc", func(t *testing.T) {
				o.Target, o.LLC = "amdgcn", newLLC(t)
				res, err := CompileSource(path, src, o)
				if err != nil {
					t.Fatalf("%s", RenderError(path, src, err))
				}
				asm := string(res.Output)
				// The wait lands before the cluster's s_barrier (the
				// scheduler may put a few instructions between them, not
				// another barrier).
				if c.pingPong && !waitThenBarrier.MatchString(asm) {
					t.Error("no s_waitcnt lgkmcnt(0) followed by s_barrier in the assembly")
				}
				if lld := findLLD(); lld != "" {
					checkCodeObject(t, path, src, o, lld, "attention_kernel")
				}
			})
		})
	}
}

// waitThenBarrier is an s_waitcnt on lgkmcnt 0 alone, then at most eight
// lines without a barrier, then s_barrier.
var waitThenBarrier = regexp.MustCompile(`\ts_waitcnt lgkmcnt\(0\)\n(?:[^\n]*\n){0,8}?\ts_barrier\n`)
