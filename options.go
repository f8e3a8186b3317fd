package tt

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// Options are a compilation's settings. The zero value compiles for an
// H100 (PTX for sm_90, 4 warps, 3 stages) through the default cache.
type Options struct {
	// Target is "ptx" (default) or "amdgcn".
	Target string
	// Arch is the GPU: sm_80, sm_90 (default for ptx), gfx942 (default
	// for amdgcn), ...
	Arch string
	// NumWarps, NumStages and NumCTAs are Triton's compile parameters
	// (0: 4, 3 and 1); MaxNReg bounds a thread's registers (0: no bound).
	NumWarps, NumStages, NumCTAs, MaxNReg int
	// Kernel names the @triton.jit function (or tt.func) to compile; ""
	// takes the file's only one.
	Kernel string
	// Signature gives the types of the kernel's parameters, in order, in
	// triton.tools.compile's syntax ("*fp32:16, *fp32:16, i32"); the
	// parameters past its end are Constexprs or take their defaults.
	// Python kernels only.
	Signature string
	// Constexprs are the values of tl.constexpr parameters by name: Go
	// ints, floats, bools and strings, or Py for a Python expression
	// ("tl.float16").
	Constexprs map[string]any
	// NoFPFusion keeps a*b+c as two roundings (Triton's
	// enable_fp_fusion=False).
	NoFPFusion bool
	// NoGridVariant compiles a kernel tt makes persistent without its
	// grid-schedule variant (Kernel.GridVariant), which costs a second
	// compilation of such kernels.
	NoGridVariant bool
	// KeepIR keeps the kernel's TTIR and TTGIR in the Kernel.
	KeepIR bool
	// Cache is where compilations are kept (nil: compilecache.Default()).
	Cache *compilecache.Cache
	// NoCache compiles without reading or writing any cache.
	NoCache bool
}

// Py is a constexpr value written in Python ("tl.float16", "(16, 16)").
type Py string

// translate is the compiler's options for o.
func (o Options) translate() tttranslate.Options {
	t := tttranslate.DefaultOptions()
	if o.Target != "" {
		t.Target = o.Target
	}
	t.Arch = o.Arch
	if o.NumWarps > 0 {
		t.NumWarps, t.NumWarpsGiven = o.NumWarps, true
	}
	switch {
	case o.NumStages > 0:
		t.NumStages = o.NumStages
	case strings.HasPrefix(o.arch(), "gfx"):
		t.NumStages = 2 // Triton's HIPOptions default
	}
	if o.NumCTAs > 0 {
		t.NumCTAs = o.NumCTAs
	}
	t.FPFusion = !o.NoFPFusion
	t.Triton.MaxNReg = o.MaxNReg
	t.GridVariant = !o.NoGridVariant && t.Target == "ptx"
	return t
}

// arch is the architecture compiled for.
func (o Options) arch() string {
	switch {
	case o.Arch != "":
		return o.Arch
	case o.Target == "amdgcn":
		return "gfx942"
	}
	return "sm_90"
}

// cache returns the cache to use, or nil.
func (o Options) cache() (*compilecache.Cache, error) {
	switch {
	case o.NoCache:
		return nil, nil
	case o.Cache != nil:
		return o.Cache, nil
	}
	return compilecache.Default()
}

// check refuses options that cannot work, before any compilation.
func (o Options) check() error {
	switch o.Target {
	case "", "ptx", "amdgcn":
	default:
		return fmt.Errorf("tt: unknown target %q (ptx or amdgcn)", o.Target)
	}
	arch := o.arch()
	if !supportedArch(arch) {
		return fmt.Errorf("tt: architecture %s is not supported (supported: %s)", arch, strings.Join(tttranslate.SupportedArchs, ", "))
	}
	if (o.Target == "amdgcn") != strings.HasPrefix(arch, "gfx") {
		return fmt.Errorf("tt: target %s cannot run on %s", o.targetName(), arch)
	}
	if w := o.NumWarps; w < 0 || w&(w-1) != 0 {
		return fmt.Errorf("tt: NumWarps must be a power of two, got %d", w)
	}
	if o.NumStages < 0 || o.NumCTAs < 0 || o.MaxNReg < 0 {
		return fmt.Errorf("tt: NumStages, NumCTAs and MaxNReg must not be negative")
	}
	return nil
}

func (o Options) targetName() string {
	if o.Target == "" {
		return "ptx"
	}
	return o.Target
}

func supportedArch(a string) bool {
	for _, s := range tttranslate.SupportedArchs {
		if s == a {
			return true
		}
	}
	return false
}

// constexprSpecs turns Constexprs into the front end's constants, in
// name order.
func (o Options) constexprSpecs() (map[string]triton.ArgSpec, error) {
	out := map[string]triton.ArgSpec{}
	names := make([]string, 0, len(o.Constexprs))
	for n := range o.Constexprs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v, err := goConstant(o.Constexprs[n])
		if err != nil {
			return nil, fmt.Errorf("tt: constexpr %s: %v", n, err)
		}
		out[n] = v
	}
	return out, nil
}

// goConstant is the front end's constant for a Go value.
func goConstant(v any) (triton.ArgSpec, error) {
	switch x := v.(type) {
	case Py:
		return triton.ParseConstant(string(x))
	case string:
		return triton.Constant(x), nil
	case bool:
		return triton.Constant(triton.BoolArg(x)), nil
	case float32:
		return triton.Constant(triton.FloatArg(float64(x))), nil
	case float64:
		return triton.Constant(triton.FloatArg(x)), nil
	}
	if n, ok := goInt(v); ok {
		return triton.Constant(triton.IntArg(n)), nil
	}
	return triton.ArgSpec{}, fmt.Errorf("a %T cannot be a constexpr (use an int, float, bool, string or tt.Py)", v)
}

// goInt reads any Go integer.
func goInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint64:
		if x <= 1<<63-1 {
			return int64(x), true
		}
	case uint:
		if uint64(x) <= 1<<63-1 {
			return int64(x), true
		}
	}
	return 0, false
}
