package tttranslate

import (
	"strings"
	"testing"
)

// TestGFX950DoubleRateMFMA: an f16 dot compiled for gfx950 calls CDNA4's
// double-rate MFMA with the operand vectors LLVM declares for it (eight
// halves a lane, sixteen floats of accumulator); for gfx942 the same
// kernel keeps CDNA3's 32x32x8. gfx950 refused every f16 dot before.
func TestGFX950DoubleRateMFMA(t *testing.T) {
	requireStages(t, LevelTTIR)
	const path = "../../testdata/cases/dot3d.ttir"
	src := parseFile(t, path)
	for arch, want := range map[string]string{
		"gfx950": "@llvm.amdgcn.mfma.f32.32x32x16.f16(<8 x half>",
		"gfx942": "@llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>",
	} {
		o := DefaultOptions()
		o.Target, o.Arch = "llvmir", arch
		res, err := CompileSource(path, src, o)
		if err != nil {
			t.Fatalf("%s: %s", arch, RenderError(path, src, err))
		}
		if ll := string(res.Output); !strings.Contains(ll, want) {
			t.Errorf("%s: the LLVM IR does not call %s", arch, want)
		}
	}
}
