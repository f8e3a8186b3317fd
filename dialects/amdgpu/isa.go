package amdgpu

import (
	"strconv"
	"strings"
)

// ISAFamily groups GFX architectures by instruction set, as the AMD
// backend's deduceISAFamily does from LLVM's processor table: what a
// lowering or pass may use (MFMA or WMMA and their versions, buffer
// instructions, direct-to-LDS loads) depends on the family, not on the
// exact chip.
type ISAFamily int

const (
	ISAUnknown ISAFamily = iota
	CDNA1                // gfx908 (MI100): MFMA version 1
	CDNA2                // gfx90a (MI200): MFMA version 2
	CDNA3                // gfx942 (MI300): MFMA version 3
	CDNA4                // gfx950 (MI350): MFMA version 4
	RDNA1                // gfx1010-gfx1013
	RDNA2                // gfx1030-gfx1036
	RDNA3                // gfx1100-gfx1153: WMMA version 1
	RDNA4                // gfx1200-gfx1201: WMMA version 2
	GFX1250              // gfx1250: WMMA version 3
)

var isaNames = [...]string{"unknown", "CDNA1", "CDNA2", "CDNA3", "CDNA4", "RDNA1", "RDNA2", "RDNA3", "RDNA4", "GFX1250"}

func (f ISAFamily) String() string {
	if int(f) < len(isaNames) {
		return isaNames[f]
	}
	return "ISAFamily(" + strconv.Itoa(int(f)) + ")"
}

// DeduceISAFamily classifies a GFX architecture name ("gfx942", or a
// target string's tail "gfx942:sramecc+:xnack-"). Names LLVM does not
// know are ISAUnknown.
func DeduceISAFamily(arch string) ISAFamily {
	arch, _, _ = strings.Cut(arch, ":")
	switch arch {
	case "gfx908":
		return CDNA1
	case "gfx90a":
		return CDNA2
	case "gfx942":
		return CDNA3
	case "gfx950":
		return CDNA4
	case "gfx1250":
		return GFX1250
	}
	digits, ok := strings.CutPrefix(arch, "gfx")
	if !ok {
		return ISAUnknown
	}
	n, err := strconv.ParseInt(digits, 16, 32)
	if err != nil || len(digits) != 4 {
		return ISAUnknown
	}
	// The last two digits of a four-digit name are hexadecimal (gfx103a
	// does not exist, but gfx90a does for three digits).
	switch {
	case n >= 0x1200 && n <= 0x1201:
		return RDNA4
	case n >= 0x1100 && n <= 0x1153:
		return RDNA3
	case n >= 0x1030 && n <= 0x1036:
		return RDNA2
	case n >= 0x1010 && n <= 0x1013:
		return RDNA1
	}
	return ISAUnknown
}

// IsCDNA reports the MFMA families.
func (f ISAFamily) IsCDNA() bool { return f >= CDNA1 && f <= CDNA4 }

// IsRDNA reports the wave32 consumer families.
func (f ISAFamily) IsRDNA() bool { return f >= RDNA1 && f <= RDNA4 }

// MfmaVersion is the amd_mfma version of the family (1 on CDNA1 up to 4 on
// CDNA4), 0 where there is no MFMA.
func (f ISAFamily) MfmaVersion() int {
	if f.IsCDNA() {
		return int(f-CDNA1) + 1
	}
	return 0
}

// WmmaVersion is the amd_wmma version of an architecture: 1 on gfx11, 2 on
// gfx12 but gfx1250, 3 on gfx1250, 0 elsewhere.
func WmmaVersion(arch string) int {
	arch, _, _ = strings.Cut(arch, ":")
	switch {
	case strings.HasPrefix(arch, "gfx11"):
		return 1
	case arch == "gfx1250":
		return 3
	case strings.HasPrefix(arch, "gfx12") && !strings.HasSuffix(arch, "50"):
		return 2
	}
	return 0
}

// SupportsVDot reports the families with packed dot-product instructions
// (v_dot2_f32_f16 and friends): CDNA and RDNA2 and later.
func (f ISAFamily) SupportsVDot() bool {
	return f.IsCDNA() || f == RDNA2 || f == RDNA3 || f == RDNA4
}

// ArchOfTarget returns the architecture of a "hip:gfxNNN" target string.
func ArchOfTarget(target string) (string, bool) {
	return strings.CutPrefix(target, "hip:")
}

// SupportsDirectToLDSBits reports the widths (in bits per lane) a
// direct-to-LDS load (global_load_lds, buffer_load ... lds) writes
// without widening: 32 on CDNA3, 32 and 128 on CDNA4, 32, 64 and 128 on
// gfx1250 (narrower loads are widened to 32 bits and would overwrite).
func (f ISAFamily) SupportsDirectToLDSBits(bits int) bool {
	switch f {
	case CDNA3:
		return bits == 32
	case CDNA4:
		return bits == 32 || bits == 128
	case GFX1250:
		return bits == 32 || bits == 64 || bits == 128
	}
	return false
}

// FitDirectToLDSVec halves vec until vec elements of elemBits make a
// direct-to-LDS load the family supports (0 if none does).
func (f ISAFamily) FitDirectToLDSVec(vec, elemBits int) int {
	for vec > 0 && !f.SupportsDirectToLDSBits(vec*elemBits) {
		vec /= 2
	}
	return vec
}
