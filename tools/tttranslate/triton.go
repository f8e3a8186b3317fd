package tttranslate

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Triton's compile options. Triton 3.6's NVIDIA backend (CUDAOptions)
// hands its stages these options besides num_warps, num_stages and
// num_ctas; tt-translate takes each as a flag and honours it or refuses
// it with an error that says why, so that a Triton plugin
// (python/tt_triton) can pass a kernel's options through unchanged:
//
//	--enable-fp-fusion          existing flag; also stops the lowering's fma
//	                            contraction when false
//	--enable-reflect-ftz        libdevice's FTZ path for the functions tt
//	                            implements for libdevice (default true)
//	--maxnreg=N                 `.maxnreg N` on the kernel (module ttg.maxnreg)
//	--ptx-version=M.m           existing flag
//	--num-ctas=N                existing flag: CTAs per cluster, 1, 2, 4, 8
//	                            or 16 (Triton's limits, see checkNumCTAs)
//	--extern-libs=NAME=PATH,... libdevice only: tt implements its functions
//	                            itself and links no bitcode
//	--debug, --sanitize-overflow
//	                            accepted: Triton's frontend puts what they
//	                            change (assertions, overflow checks) into the
//	                            TTIR; the stages after it do not read them
//	--launch-cooperative-grid, --launch-pdl
//	                            accepted: launch attributes the launcher sets;
//	                            the kernel's code does not depend on them
//	--kernel-abi=tt|triton      triton: the kernels take Triton 3.6's two
//	                            trailing scratch pointers and the metadata
//	                            says their sizes (ttgtogpu.AppendLauncherScratchParams)

// TritonOptions are the Triton compile options beyond Options' own.
type TritonOptions struct {
	// ReflectFTZ is Triton's enable_reflect_ftz.
	ReflectFTZ bool
	// MaxNReg bounds each thread's registers (0: no bound).
	MaxNReg int
	// ExternLibs are the extern libraries by name (Triton's
	// extern_libs); only libdevice is accepted.
	ExternLibs map[string]string
	// Debug, SanitizeOverflow, LaunchCooperativeGrid and LaunchPDL are
	// accepted and change no code after the TTIR (see above).
	Debug, SanitizeOverflow, LaunchCooperativeGrid, LaunchPDL bool
	// KernelABI is "tt" (the kernel's own parameters) or "triton"
	// (Triton's launcher ABI).
	KernelABI string
}

// Kernel ABIs of --kernel-abi.
const (
	KernelABITT     = "tt"
	KernelABITriton = "triton"
)

// defaultTritonOptions are Triton's defaults.
func defaultTritonOptions() TritonOptions {
	return TritonOptions{ReflectFTZ: true, SanitizeOverflow: true, KernelABI: KernelABITT}
}

// tritonFlags declares the Triton options' flags on fs.
func tritonFlags(fs *flag.FlagSet, t *TritonOptions) {
	fs.BoolVar(&t.ReflectFTZ, "enable-reflect-ftz", t.ReflectFTZ, "")
	fs.IntVar(&t.MaxNReg, "maxnreg", t.MaxNReg, "")
	fs.Func("extern-libs", "", func(s string) error {
		libs, err := parseExternLibs(s)
		if err != nil {
			return err
		}
		t.ExternLibs = libs
		return nil
	})
	fs.BoolVar(&t.Debug, "debug", t.Debug, "")
	fs.BoolVar(&t.SanitizeOverflow, "sanitize-overflow", t.SanitizeOverflow, "")
	fs.BoolVar(&t.LaunchCooperativeGrid, "launch-cooperative-grid", t.LaunchCooperativeGrid, "")
	fs.BoolVar(&t.LaunchPDL, "launch-pdl", t.LaunchPDL, "")
	fs.StringVar(&t.KernelABI, "kernel-abi", t.KernelABI, "")
}

// parseExternLibs reads NAME=PATH[,NAME=PATH...].
func parseExternLibs(s string) (map[string]string, error) {
	libs := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		if kv = strings.TrimSpace(kv); kv == "" {
			continue
		}
		name, path, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("--extern-libs takes NAME=PATH[,NAME=PATH...], got %q", kv)
		}
		libs[name] = path
	}
	return libs, nil
}

// checkTritonOptions refuses what tt cannot honour, naming the flag.
func checkTritonOptions(o *Options) error {
	t := &o.Triton
	nvidia := !isAMD(o.arch())
	switch t.KernelABI {
	case KernelABITT:
	case KernelABITriton:
		if !nvidia {
			return fmt.Errorf("--kernel-abi=triton is Triton's CUDA launcher ABI; %s is not an NVIDIA architecture", o.arch())
		}
	default:
		return fmt.Errorf("--kernel-abi=%s: want tt or triton", t.KernelABI)
	}
	if t.MaxNReg < 0 {
		return fmt.Errorf("--maxnreg=%d: the register bound must be positive", t.MaxNReg)
	}
	if t.MaxNReg > maxRegsPerThread {
		// A bound no thread can reach bounds nothing: the flag would be
		// ignored, silently.
		return fmt.Errorf("--maxnreg=%d: a thread has at most %d registers", t.MaxNReg, maxRegsPerThread)
	}
	if t.MaxNReg > 0 && !nvidia {
		return fmt.Errorf("--maxnreg applies to NVIDIA targets, not %s", o.arch())
	}
	if !t.ReflectFTZ && !nvidia {
		return fmt.Errorf("--enable-reflect-ftz applies to NVIDIA targets (libdevice), not %s", o.arch())
	}
	if err := checkNumCTAs(o); err != nil {
		return err
	}
	for name, path := range t.ExternLibs {
		if name != "libdevice" || !nvidia {
			return fmt.Errorf("--extern-libs: extern library %q (%s) is not supported: tt links no bitcode; it implements the libdevice functions it supports itself", name, path)
		}
	}
	return nil
}

// maxRegsPerThread is the most 32-bit registers a thread of any NVIDIA
// GPU tt compiles for has (CUDA's "maximum number of 32-bit registers per
// thread", 255 from compute capability 3.5 on).
const maxRegsPerThread = 255

// maxNumCTAs is the largest cluster Triton launches (its launcher allows
// 16 CTAs as a non-portable cluster size; 8 is CUDA's portable maximum).
const maxNumCTAs = 16

// checkNumCTAs accepts the cluster sizes Triton 3.6 compiles for: powers
// of two up to 16, more than one only on NVIDIA SM90+ (with Triton's
// reasons for the targets it refuses).
func checkNumCTAs(o *Options) error {
	n, arch := o.NumCTAs, o.arch()
	if n < 1 || n > maxNumCTAs || n&(n-1) != 0 {
		return fmt.Errorf("--num-ctas=%d: want 1, 2, 4, 8 or 16 CTAs per cluster (a power of two; 16 is the non-portable maximum)", n)
	}
	if n == 1 {
		return nil
	}
	if isAMD(arch) {
		return fmt.Errorf("--num-ctas=%d: num_ctas > 1 not supported on %s", n, arch)
	}
	if cc := capabilityOf(arch); cc < 90 {
		return fmt.Errorf("--num-ctas=%d: num_ctas > 1 requires NVIDIA SM90+ (Hopper). Current target is sm_%d. Please set num_ctas=1 or target an SM90+ GPU.", n, cc)
	}
	return nil
}

// tritonParams adds the Triton options the pipelines declare to the
// stage parameters.
func tritonParams(o *Options, p map[string]string) {
	p["enable-fp-fusion"] = strconv.FormatBool(o.FPFusion)
	p["enable-reflect-ftz"] = strconv.FormatBool(o.Triton.ReflectFTZ)
}

// applyTritonOptions records the options the emitters read on the module
// before it is lowered: ttg.maxnreg, as Triton's make_ttgir sets it.
func applyTritonOptions(module *ir.Operation, o *Options) {
	if o.Triton.MaxNReg > 0 {
		module.SetAttr(ttg.AttrMaxNReg, ir.I32Attr(module.Context(), int64(o.Triton.MaxNReg)))
	}
}

// LauncherABI is the metadata of Triton's launcher ABI that tt's own ABI
// lacks: the profile scratch buffer it allocates and passes last (JSON
// keys as Triton 3.6's metadata names them). The global scratch buffer
// before it is GlobalScratch, which both ABIs report.
type LauncherABI struct {
	ProfileScratchSize  int `json:"profile_scratch_size"`
	ProfileScratchAlign int `json:"profile_scratch_align"`
}

// GlobalScratch is the per-program global scratch memory a kernel takes:
// the launcher passes a buffer of GlobalScratchSize bytes per program
// (times the grid's size), aligned to GlobalScratchAlign. Triton's ABI
// always has the parameter (null when the size is 0); tt's has it, as its
// last parameter, only when the size is positive (in-kernel tensor maps;
// conversion/ttgtogpu's tensormap.go).
type GlobalScratch struct {
	GlobalScratchSize  int `json:"global_scratch_size"`
	GlobalScratchAlign int `json:"global_scratch_align"`
}

// ModuleGlobalScratch returns the global scratch of a lowered module's
// kernels (nil when they take no global scratch parameter in tt's ABI).
func ModuleGlobalScratch(module *ir.Operation) *GlobalScratch {
	return globalScratchOf(module, &Options{})
}

// globalScratchOf returns the module's global scratch (nil for tt's ABI
// when the kernels take no global scratch parameter).
func globalScratchOf(module *ir.Operation, o *Options) *GlobalScratch {
	size, align := 0, 1
	if a, ok := module.Attr(ttg.AttrGlobalScratchMemorySize).(*ir.IntegerAttr); ok {
		size = int(a.Int())
	}
	if a, ok := module.Attr(ttg.AttrGlobalScratchMemoryAlignment).(*ir.IntegerAttr); ok && a.Int() > 0 {
		align = int(a.Int())
	}
	if size == 0 && o.Triton.KernelABI != KernelABITriton {
		return nil
	}
	return &GlobalScratch{GlobalScratchSize: size, GlobalScratchAlign: align}
}

// applyKernelABI gives the per-thread module's kernels the ABI asked for
// and returns the metadata it adds (nil for tt's own ABI).
func applyKernelABI(module *ir.Operation, o *Options) (*LauncherABI, error) {
	if o.Triton.KernelABI != KernelABITriton {
		return nil, nil
	}
	s, err := ttgtogpu.AppendLauncherScratchParams(module)
	if err != nil {
		return nil, err
	}
	return &LauncherABI{ProfileScratchSize: s.ProfileSize, ProfileScratchAlign: s.ProfileAlign}, nil
}
