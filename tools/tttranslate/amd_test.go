package tttranslate

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// newLLC returns an llc that knows gfx942 (LLVM 17 or newer), as
// emitAMDGCN looks for it, or skips the test.
func newLLC(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"llc-19", "llc-18", "llc-17"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no llc that knows gfx942 (llc-17 or newer) on PATH")
	return ""
}

// amdKernel is a TTIR kernel compiled for gfx942 from TTIR.
type amdKernel struct {
	path, kernel string
	warps        int
	shared       bool
}

// amdKernels are the examples and shared/kernels/perf's kernels without
// tt.dot (selected by what they contain, not by name; those present
// beside the checkout). TestAMDGCNPerfDotKernels compiles the dot ones.
func amdKernels(t *testing.T) []amdKernel {
	ks := []amdKernel{
		{"../../examples/vector_add.ttir", "add_kernel", 4, false},
		{"../../examples/softmax.ttir", "softmax_kernel", 4, true},
	}
	perf := "../../../shared/kernels/perf/"
	b, err := os.ReadFile(perf + "manifest.json")
	if err != nil {
		t.Logf("perf kernels not available: %v", err)
		return ks
	}
	var man []struct {
		Name     string `json:"name"`
		Kernel   string `json:"kernel"`
		NumWarps int    `json:"num_warps"`
	}
	if err := json.Unmarshal(b, &man); err != nil {
		t.Fatal(err)
	}
	for _, c := range man {
		src, err := os.ReadFile(perf + c.Name + ".ttir")
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(src, []byte("tt.dot")) {
			continue
		}
		ks = append(ks, amdKernel{perf + c.Name + ".ttir", c.Kernel, c.NumWarps, !strings.HasPrefix(c.Name, "vector_add")})
	}
	return ks
}

// TestAMDGCNFromTTIR compiles the kernels without dot from TTIR to AMDGCN
// assembly for gfx942 (AMD TTIR and TTGIR pipelines, 64-lane wavefronts,
// the lowering, the LLVM IR translation and llc) and checks the kernel's
// ABI, its metadata and the instructions of its shared memory, barriers
// and cross-lane moves; with ld.lld on PATH each is also linked into a
// code object.
func TestAMDGCNFromTTIR(t *testing.T) {
	requireStages(t, LevelTTIR)
	llc := newLLC(t)
	lld := findLLD()
	for _, k := range amdKernels(t) {
		t.Run(strings.TrimSuffix(filepath.Base(k.path), ".ttir"), func(t *testing.T) {
			src := parseFile(t, k.path)
			o := DefaultOptions()
			o.Target, o.Arch, o.LLC, o.NumWarps = "llvmir", "gfx942", llc, k.warps
			res, err := CompileSource(k.path, src, o)
			if err != nil {
				t.Fatalf("%s", RenderError(k.path, src, err))
			}
			ll := string(res.Output)
			threads := k.warps * 64
			want := []string{
				`target triple = "amdgcn-amd-amdhsa"`,
				"define amdgpu_kernel void @" + k.kernel + "(",
				`"amdgpu-flat-work-group-size"="1,` + strconv.Itoa(threads) + `"`,
				"@llvm.amdgcn.workitem.id.x", "@llvm.amdgcn.workgroup.id.x",
			}
			if k.shared {
				// Cross-lane reductions read other lanes with ds_bpermute
				// over the whole wavefront (lane = mbcnt lo and hi), and
				// cross-wavefront ones meet in LDS between s_barriers.
				want = append(want, "@llvm.amdgcn.ds.bpermute", "@llvm.amdgcn.mbcnt.hi", "@llvm.amdgcn.s.barrier",
					"@global_smem", "addrspace(3)", `fence syncscope("workgroup") release`)
			}
			for _, w := range want {
				if !strings.Contains(ll, w) {
					t.Errorf("LLVM IR lacks %q", w)
				}
			}
			if strings.Contains(ll, "nvvm") || strings.Contains(ll, "ptx") {
				t.Errorf("AMDGCN LLVM IR mentions NVVM/PTX")
			}
			if len(res.Kernels) != 1 || res.Kernels[0].Name != k.kernel || res.Kernels[0].NumWarps != k.warps ||
				res.Kernels[0].Target != "gfx942" || (res.Kernels[0].Shared > 0) != k.shared {
				t.Errorf("metadata %+v", res.Kernels)
			}

			// The same through llc: AMDGCN assembly for gfx942.
			o.Target = "amdgcn"
			res, err = CompileSource(k.path, src, o)
			if err != nil {
				t.Fatalf("%s", RenderError(k.path, src, err))
			}
			asm := string(res.Output)
			want = []string{`.amdgcn_target "amdgcn-amd-amdhsa--gfx942"`, k.kernel + ":",
				".amdhsa_next_free_vgpr", ".wavefront_size: 64"}
			// Pointers with tt.pointer_range = 32 become buffer accesses
			// (tritonamdgpu-convert-buffer-ops), the others global ones.
			if !strings.Contains(asm, "global_load_dword") && !strings.Contains(asm, "buffer_load_dword") {
				t.Errorf("assembly has neither global_load_dword nor buffer_load_dword")
			}
			if !strings.Contains(asm, "global_store_dword") && !strings.Contains(asm, "buffer_store_dword") {
				t.Errorf("assembly has neither global_store_dword nor buffer_store_dword")
			}
			if k.shared {
				want = append(want, "ds_bpermute_b32", "s_barrier", "ds_write", "ds_read")
			}
			for _, w := range want {
				if !strings.Contains(asm, w) {
					t.Errorf("assembly lacks %q", w)
				}
			}
			if lld != "" {
				checkCodeObject(t, k.path, src, o, lld, k.kernel)
			}
		})
	}
}

// TestAMDCommandLine drives tt-translate for AMD: --target=amdgcn defaults
// to gfx942 and Triton's two stages, and the metadata names gfx942.
func TestAMDCommandLine(t *testing.T) {
	requireStages(t, LevelTTIR)
	cl, err := parseArgs([]string{"x.ttir", "--target=amdgcn"})
	if err != nil || cl.opts.arch() != "gfx942" || cl.opts.NumStages != 2 {
		t.Errorf("amdgcn defaults: %+v, %v", cl, err)
	}
	if cl, err := parseArgs([]string{"x.ttir", "--target=amdgcn", "--num-stages=4"}); err != nil || cl.opts.NumStages != 4 {
		t.Errorf("explicit --num-stages lost: %v", err)
	}
	if cl, err := parseArgs([]string{"x.ttir"}); err != nil || cl.opts.NumStages != 3 {
		t.Errorf("ptx default stages: %v", err)
	}
	p, err := (&Options{Target: "llvmir", Arch: "gfx942", NumWarps: 4, NumStages: 2, NumCTAs: 1}).params()
	if err != nil || p["target"] != "hip:gfx942" || p["threads-per-warp"] != "64" {
		t.Errorf("gfx942 params %v, %v", p, err)
	}
	p, _ = (&Options{Target: "llvmir", Arch: "gfx1100", NumWarps: 4, NumStages: 2, NumCTAs: 1}).params()
	if p["threads-per-warp"] != "32" {
		t.Errorf("gfx1100 (RDNA, wave32) params %v", p)
	}

	dir := t.TempDir()
	out := filepath.Join(dir, "softmax.ll")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"../../examples/softmax.ttir", "--target=llvmir", "--arch=gfx942", "-o", out}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var meta Kernel
	b, err := os.ReadFile(filepath.Join(dir, "softmax.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &meta); err != nil || meta.Name != "softmax_kernel" || meta.Target != "gfx942" || meta.Shared == 0 {
		t.Errorf("metadata %s (%v)", b, err)
	}
}

// TestAMDTTGIRInput lowers Triton's own gfx942 TTGIR (softmax's with
// buffer ops), and refuses TTGIR laid out for another vendor or warp size.
func TestAMDTTGIRInput(t *testing.T) {
	requireStages(t, LevelTTGIR)
	amdTTGIR := "../../../shared/kernels/amd/amd_vector_add.ttgir"
	nvTTGIR := "../../../shared/kernels/vector_add_f32_b1024.ttgir"
	if _, err := os.Stat(amdTTGIR); err != nil {
		t.Skipf("shared kernels not available: %v", err)
	}
	o := DefaultOptions()
	o.Target, o.Arch = "llvmir", "gfx942"
	src := parseFile(t, amdTTGIR)
	res, err := CompileSource(amdTTGIR, src, o)
	if err != nil {
		t.Fatalf("%s", RenderError(amdTTGIR, src, err))
	}
	if res.Input != LevelTTGIR || !strings.Contains(string(res.Output), `"amdgpu-flat-work-group-size"="1,256"`) {
		t.Errorf("input %s, output:\n%s", res.Input, res.Output)
	}
	// Triton's softmax: global accesses as amdg buffer ops.
	amdSoftmax := "../../../shared/kernels/amd/amd_softmax.ttgir"
	src = parseFile(t, amdSoftmax)
	if !strings.Contains(src, "amdg.buffer_load") {
		t.Fatalf("%s has no buffer ops", amdSoftmax)
	}
	if res, err = CompileSource(amdSoftmax, src, o); err != nil {
		t.Fatalf("%s", RenderError(amdSoftmax, src, err))
	}
	if res.Kernels[0].Name != "softmax_kernel" || res.Kernels[0].Shared == 0 {
		t.Errorf("metadata %+v", res.Kernels)
	}
	for _, c := range []struct {
		file, target, arch, want string
	}{
		{amdTTGIR, "ptx", "sm_90", `the module was compiled for "hip:gfx942" and cannot run on sm_90`},
		{nvTTGIR, "amdgcn", "gfx942", `the module was compiled for "cuda:90" and cannot run on gfx942`},
		{amdTTGIR, "llvmir", "gfx1100", "the module has 64 threads per warp, gfx1100 runs 32"},
	} {
		o := DefaultOptions()
		o.Target, o.Arch = c.target, c.arch
		src := parseFile(t, c.file)
		_, err := CompileSource(c.file, src, o)
		if err == nil || !strings.Contains(RenderError(c.file, src, err), c.want) {
			t.Errorf("%s for %s: want %q, got %v", filepath.Base(c.file), c.arch, c.want, err)
		}
	}
}

// TestAMDGCNCases compiles the GPU conformance cases (shared/kernels/cases
// and the repository's testdata/cases) from TTIR to gfx942 assembly; their
// results are checked in the SIMT simulator by conversion/ttgtogpu's
// TestGPUCases. Kernels with tt.dot run on MFMA; those the lowering
// rejects must say so with a located error. With ld.lld on PATH each is
// also linked into a code object (--target=hsaco).
func TestAMDGCNCases(t *testing.T) {
	requireStages(t, LevelTTIR)
	llc := newLLC(t)
	unsupported := map[string]string{} // none today (math_fns' powf lowers since libm_pow.go)
	n, dots := 0, 0
	lld := findLLD()
	for _, dir := range []string{"../../../shared/kernels/cases", "../../testdata/cases"} {
		b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
		if err != nil {
			t.Logf("skipping %s: %v", dir, err)
			continue
		}
		var man struct {
			Cases []struct {
				Name, TTIR, Kernel string
				NumWarps           int `json:"num_warps"`
			}
		}
		if err := json.Unmarshal(b, &man); err != nil {
			t.Fatal(err)
		}
		for _, c := range man.Cases {
			t.Run(c.Name, func(t *testing.T) {
				path := filepath.Join(dir, c.TTIR)
				src := parseFile(t, path)
				o := DefaultOptions()
				o.Target, o.Arch, o.LLC, o.NumWarps, o.NumStages = "amdgcn", "gfx942", llc, c.NumWarps, 2
				res, err := CompileSource(path, src, o)
				if want, ok := unsupported[c.Name]; ok {
					if err == nil || !strings.Contains(RenderError(path, src, err), want) {
						t.Errorf("want a located %q, got %v", want, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("%s", RenderError(path, src, err))
				}
				if !strings.Contains(string(res.Output), c.Kernel+":") || res.Kernels[0].Name != c.Kernel {
					t.Errorf("no kernel %s in the assembly", c.Kernel)
				}
				if strings.Contains(src, "tt.dot") {
					dots++
				}
				n++
				if lld != "" {
					checkCodeObject(t, path, src, o, lld, c.Kernel)
				}
			})
		}
	}
	t.Logf("%d cases compiled to gfx942 assembly (%d with tt.dot), linked to code objects: %t", n, dots, lld != "")
}

// findLLD returns an ld.lld on PATH, or "".
func findLLD() string {
	for _, name := range []string{"ld.lld-19", "ld.lld-18", "ld.lld-17", "ld.lld"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// checkCodeObject compiles src to --target=hsaco and checks the result is
// an AMDGPU shared object with the kernel and its descriptor.
func checkCodeObject(t *testing.T, path, src string, o Options, lld, kernel string) {
	t.Helper()
	o.Target, o.LLD = "hsaco", lld
	res, err := CompileSource(path, src, o)
	if err != nil {
		t.Fatalf("hsaco: %s", RenderError(path, src, err))
	}
	f, err := elf.NewFile(bytes.NewReader(res.Output))
	if err != nil {
		t.Fatalf("hsaco is not ELF: %v", err)
	}
	if f.Type != elf.ET_DYN || f.Machine != elf.EM_AMDGPU {
		t.Errorf("hsaco is %v for machine %v, want a shared object for AMDGPU", f.Type, f.Machine)
	}
	syms, err := f.DynamicSymbols()
	if err != nil {
		t.Fatalf("hsaco symbols: %v", err)
	}
	have := map[string]bool{}
	for _, s := range syms {
		have[s.Name] = true
	}
	if !have[kernel] || !have[kernel+".kd"] {
		t.Errorf("hsaco lacks %s or its kernel descriptor %s.kd", kernel, kernel)
	}
}
