package ttgtogpu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestTargetOf checks which target a module and the options select, what
// it answers, and the located refusals.
func TestTargetOf(t *testing.T) {
	for _, c := range []struct {
		target string
		lanes  int
		opts   Options
		// want: String, warp size, symmetric clamp, bf16 rounding, and for
		// NVIDIA the PTX version; or the error.
		want string
		err  string
	}{
		{target: "cuda:90", lanes: 32, want: "cuda:90 32 true true ptx80"},
		{target: "cuda:75", lanes: 32, want: "cuda:75 32 false false ptx70"},
		{target: "cuda:100", lanes: 32, opts: Options{PTXVersion: 87}, want: "cuda:100 32 true true ptx87"},
		{target: "", lanes: 32, want: "cuda:80 32 false true ptx70"},
		{target: "cuda:80", lanes: 32, opts: Options{ComputeCapability: 90}, want: "cuda:90 32 true true ptx80"},
		{target: "hip:gfx942", lanes: 64, want: "hip:gfx942 64 false true"},
		{target: "hip:gfx90a", lanes: 64, want: "hip:gfx90a 64 false true"},
		{target: "hip:gfx1100", lanes: 32, want: "hip:gfx1100 32 false true"},
		{target: "hip:gfx942", lanes: 32, err: `gfx942 runs 64-lane wavefronts, the module has 32 threads per warp`},
		{target: "hip:gfx942", lanes: 64, opts: Options{ComputeCapability: 90}, err: `compute-capability and ptx-version apply to NVIDIA targets; the module's ttg.target is "hip:gfx942"`},
		{target: "hip:mi300", lanes: 64, err: `unknown AMD architecture "mi300" in ttg.target (want gfxNNN)`},
		{target: "cuda:90", lanes: 64, err: `64 threads per warp needs an AMD target`},
		{target: "cuda:90", lanes: 16, err: `NVIDIA warps have 32 threads, the module has 16`},
		{target: "spirv:1", lanes: 32, err: `unknown ttg.target "spirv:1"`},
	} {
		attr := ""
		if c.target != "" {
			attr = fmt.Sprintf(", ttg.target = %q", c.target)
		}
		m, err := asm.ParseString(all.NewContext(), fmt.Sprintf(`module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = %d : i32%s} {}`, c.lanes, attr))
		if err != nil {
			t.Fatal(err)
		}
		tg, err := targetOf(m, c.opts)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || !strings.HasPrefix(err.Error(), "<string>:1:1: error: ") {
				t.Errorf("%q/%d: got %v, want a located %q", c.target, c.lanes, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q/%d: %v", c.target, c.lanes, err)
			continue
		}
		got := fmt.Sprintf("%s %d %v %v", tg, tg.warpSize(), tg.hasSymmetricClamp(), tg.hasBF16RoundNearest())
		if nv, ok := tg.(*nvidiaTarget); ok {
			got += fmt.Sprintf(" ptx%d", nv.ptxVersion)
		}
		if got != c.want {
			t.Errorf("%q/%d %+v: got %s, want %s", c.target, c.lanes, c.opts, got, c.want)
		}
	}
}
