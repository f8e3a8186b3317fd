package tttranslate

import (
	"bytes"
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/internal/ascii"
)

// SupportedArchs are the architectures tt-translate compiles for: the
// NVIDIA GPUs from Volta on (tt needs shfl.sync and scoped atomics) and
// the AMD CDNA and RDNA GPUs Triton 3.6 targets.
var SupportedArchs = []string{
	"sm_70", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_120",
	"gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1200",
}

// maxThreadsPerBlock is the most threads a block (workgroup) may have on
// every supported GPU.
const maxThreadsPerBlock = 1024

// minPTX is the oldest PTX ISA that knows each NVIDIA architecture.
var minPTX = map[string][2]int{
	"sm_70": {6, 0}, "sm_75": {6, 3}, "sm_80": {7, 0}, "sm_86": {7, 1}, "sm_87": {7, 4}, "sm_89": {7, 8},
	"sm_90": {7, 8}, "sm_90a": {8, 0}, "sm_100": {8, 6}, "sm_100a": {8, 6}, "sm_120": {8, 7},
}

// minLLVM is the oldest LLVM whose llc knows each AMD architecture.
var minLLVM = map[string]int{"gfx90a": 13, "gfx942": 17, "gfx950": 20, "gfx1100": 16, "gfx1200": 19}

// checkCommandLine validates the options that do not depend on the input:
// errors here are the user's command line, not the kernel, and say which
// flag to change.
func checkCommandLine(o *Options) error {
	arch := o.arch()
	if !supported(arch) {
		return fmt.Errorf("--arch=%s is not supported (supported: %s)", arch, strings.Join(SupportedArchs, ", "))
	}
	if (o.Target == "amdgcn" || o.Target == "hsaco") && !isAMD(arch) {
		return fmt.Errorf("--target=%s needs an AMD architecture (gfx...), got --arch=%s", o.Target, arch)
	}
	if o.Target == "ptx" && isAMD(arch) {
		return fmt.Errorf("--target=ptx needs an NVIDIA architecture (sm_...), got --arch=%s", arch)
	}
	if n := o.NumWarps * warpSize(arch); n > maxThreadsPerBlock {
		return fmt.Errorf("--num-warps=%d gives %d threads a block on %s (%d a warp); a block has at most %d", o.NumWarps, n, arch, warpSize(arch), maxThreadsPerBlock)
	}
	if o.PTXVersion != "" {
		if err := checkPTXVersion(o.PTXVersion, arch); err != nil {
			return err
		}
	}
	if (o.Target == "amdgcn" || o.Target == "hsaco") && o.LLC != "" {
		if err := checkLLC(o.LLC, arch); err != nil {
			return err
		}
	}
	return nil
}

func supported(arch string) bool {
	for _, a := range SupportedArchs {
		if a == arch {
			return true
		}
	}
	return false
}

// splitPTXVersion splits MAJOR.MINOR, decimal numbers with a one-digit
// MINOR.
func splitPTXVersion(v string) (major, minor string, ok bool) {
	major, minor, ok = strings.Cut(v, ".")
	return major, minor, ok && ascii.Digits(major) && len(minor) == 1 && ascii.Digits(minor)
}

// ptxVersionNumbers reads MAJOR.MINOR as numbers, so that 08.4 is 8.4
// (as text it reached the PTX's .version and the conversion's option,
// which refused 084).
func ptxVersionNumbers(v string) (major, minor int, ok bool) {
	ma, mi, ok := splitPTXVersion(v)
	if !ok {
		return 0, 0, false
	}
	major, _ = strconv.Atoi(ma)
	minor, _ = strconv.Atoi(mi)
	return major, minor, true
}

// canonicalPTXVersion is v as the PTX's .version prints it (8.4), or v
// where it is not MAJOR.MINOR.
func canonicalPTXVersion(v string) string {
	if major, minor, ok := ptxVersionNumbers(v); ok {
		return strconv.Itoa(major) + "." + strconv.Itoa(minor)
	}
	return v
}

// checkPTXVersion accepts a PTX ISA version M.m that exists and knows arch.
func checkPTXVersion(v, arch string) error {
	if isAMD(arch) {
		return fmt.Errorf("--ptx-version applies to NVIDIA targets, not %s", arch)
	}
	major, minor, ok := ptxVersionNumbers(v)
	if !ok {
		return fmt.Errorf("--ptx-version=%s is not a PTX ISA version (want MAJOR.MINOR, e.g. 8.4)", v)
	}
	if major < 6 || major > 9 {
		return fmt.Errorf("--ptx-version=%s is not a PTX ISA version tt can print (6.0 to 9.x)", v)
	}
	if want := minPTX[arch]; major < want[0] || major == want[0] && minor < want[1] {
		return fmt.Errorf("--ptx-version=%s is too old for %s (it needs PTX %d.%d or newer)", v, arch, want[0], want[1])
	}
	return nil
}

// llvmMajorVersion finds the first `LLVM version N.` in llc's --version
// output and returns N.
func llvmMajorVersion(out []byte) (string, bool) {
	const label = "LLVM version "
	for {
		i := bytes.Index(out, []byte(label))
		if i < 0 {
			return "", false
		}
		out = out[i+len(label):]
		n := ascii.DigitRun(out)
		if n > 0 && n < len(out) && out[n] == '.' {
			return string(out[:n]), true
		}
	}
}

// checkLLC runs `llc --version` and refuses an llc too old for arch.
func checkLLC(llc, arch string) error {
	out, err := exec.Command(llc, "--version").CombinedOutput()
	if err != nil {
		return fmt.Errorf("--llc=%s does not run: %v", llc, err)
	}
	digits, ok := llvmMajorVersion(out)
	if !ok {
		return fmt.Errorf("--llc=%s is not LLVM's llc (no \"LLVM version\" in its --version output)", llc)
	}
	major, _ := strconv.Atoi(digits)
	if want := minLLVM[arch]; major < want {
		return fmt.Errorf("--llc=%s is LLVM %d, which does not know %s (it needs LLVM %d or newer)", llc, major, arch, want)
	}
	return nil
}
