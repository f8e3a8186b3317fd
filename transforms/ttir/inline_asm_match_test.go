package ttir

import (
	"regexp"
	"testing"

	"github.com/ttcompiler/tt/internal/textgen"
)

// threadSensitiveAsm replaced this regexp (regexp's package
// initialization ran in every process); it stays here as the oracle.
var threadSensitiveOracle = regexp.MustCompile(`%(tid|ntid|laneid|warpid|nwarpid|lanemask_\w+)\b|\b(bar|barrier|bar\.warp|shfl|vote|match|redux|activemask|elect|mma|wgmma|ldmatrix|stmatrix|setmaxnreg)\b`)

func TestThreadSensitiveAsmMatchesRegexp(t *testing.T) {
	inputs := []string{"", "mov.u32 $0, %tid.x;", "mov.u32 $0, %ctaid.x;", "bar.sync 0;", "bar.warp.sync -1;",
		"shfl.sync.bfly.b32 $0, $1, 1, 31, -1;", "add.f32 $0, $1, $2;", "%lanemask_lt", "%lanemask_", "%lanemask",
		"mma_x", "xmma", "wgmma.mma_async", "%tidx", "tid", "%%tid", "a%warpid", "redux.sync", "cvt.rn.f16.f32 $0, $1;"}
	pieces := []string{"%", "tid", "ntid", "laneid", "warpid", "nwarpid", "lanemask_", "lanemask", "bar", "barrier",
		".warp", "shfl", "vote", "match", "redux", "activemask", "elect", "mma", "wgmma", "ldmatrix", "stmatrix",
		"setmaxnreg", "_", "x", "1", ".", " ", ";", "$0", "é"}
	for _, s := range append(inputs, textgen.Glued(pieces, 6, 100000)...) {
		if got, want := threadSensitiveAsm(s), threadSensitiveOracle.MatchString(s); got != want {
			t.Fatalf("threadSensitiveAsm(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}
