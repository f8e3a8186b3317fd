package tttranslate

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/transforms/amd"
)

// isAMD reports whether an architecture name is AMD's (gfxNNN).
func isAMD(arch string) bool { return strings.HasPrefix(arch, "gfx") }

// warpSize is the number of threads of a warp (wavefront) on an
// architecture: 32 on NVIDIA, the GFX generation's on AMD (64 on CDNA).
func warpSize(arch string) int {
	if isAMD(arch) {
		return amd.WarpSize(arch)
	}
	return 32
}

// checkModuleTarget rejects TTGIR or per-thread IR laid out for another
// GPU than the one asked for: the vendor of its ttg.target must match the
// architecture's, and its warps must have the architecture's lanes (a
// module of 32-lane warps does not run as 64-lane wavefronts, nor the
// other way around).
func checkModuleTarget(module *ir.Operation, in Level, arch string) error {
	if in < LevelTTGIR {
		return nil
	}
	if a, ok := module.Attr("ttg.target").(*ir.StringAttr); ok {
		vendorAMD := strings.HasPrefix(a.Value, "hip:")
		if vendorAMD != isAMD(arch) {
			return ir.OpErrorf(module, "the module was compiled for %q and cannot run on %s", a.Value, arch)
		}
	}
	if a, ok := module.Attr("ttg.threads-per-warp").(*ir.IntegerAttr); ok {
		if n, want := int(a.Int()), warpSize(arch); n != want {
			return ir.OpErrorf(module, "the module has %d threads per warp, %s runs %d", n, arch, want)
		}
	}
	return nil
}
