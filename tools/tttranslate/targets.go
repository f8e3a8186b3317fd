package tttranslate

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/targets/llvmir"
	"github.com/ttcompiler/tt/targets/nvptx"
)

// emitter turns per-thread IR into target text and kernel metadata.
type emitter func(module *ir.Operation, o *Options) ([]byte, []Kernel, error)

// emitters are the targets tt-translate knows.
var emitters = map[string]emitter{
	"ptx":    emitPTX,
	"llvmir": emitLLVMIR,
	"amdgcn": emitAMDGCN,
	"hsaco":  emitHSACO,
}

func emitPTX(module *ir.Operation, o *Options) ([]byte, []Kernel, error) {
	var b bytes.Buffer
	ks, err := nvptx.Emit(module, ptxOptions(o), &b)
	if err != nil {
		return nil, nil, err
	}
	return b.Bytes(), kernelsOfPTX(ks, module), nil
}

// ptxOptions are the PTX emitter's options for o. The kernel ABI launches
// exactly 32*num-warps threads, so each entry declares that size
// (.reqntid, as Triton does) and ptxas may rely on it.
func ptxOptions(o *Options) nvptx.Options {
	return nvptx.Options{
		Arch: o.arch(), PTXVersion: canonicalPTXVersion(o.PTXVersion), FPFusion: o.FPFusion, NumWarps: o.NumWarps, ReqNTID: true,
		LineInfo: o.LineInfo,
	}
}

// kernelsOfPTX is the metadata of the kernels the PTX emitter printed from
// modules: its launch metadata and their tensor descriptors.
func kernelsOfPTX(ks []nvptx.Kernel, modules ...*ir.Operation) []Kernel {
	fns := map[string]*ir.Operation{}
	for _, module := range modules {
		for _, op := range module.Region(0).Front().Ops() {
			if op.Name() == "llvm.func" && !op.Region(0).Empty() {
				fns[ir.SymbolName(op)] = op
			}
		}
	}
	out := make([]Kernel, len(ks))
	for i, k := range ks {
		out[i] = Kernel{Name: k.Name, NumWarps: k.NumWarps, NumCTAs: k.NumCTAs, ClusterDims: k.ClusterDims, Shared: k.Shared, Target: k.Target}
		if fn := fns[k.Name]; fn != nil {
			out[i].TensorDescMeta = tensorDescsOf(fn)
		}
	}
	return out
}

// emitLLVMIR prints LLVM 14 IR (targets/llvmir) for the architecture.
func emitLLVMIR(module *ir.Operation, o *Options) ([]byte, []Kernel, error) {
	t, err := llvmir.ParseTarget(o.arch())
	if err != nil {
		return nil, nil, ir.OpErrorf(module, "%v", err)
	}
	var b bytes.Buffer
	if err := llvmir.Emit(module, t, &b); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), kernelsOf(module, o), nil
}

// emitAMDGCN translates to LLVM IR for the gfx architecture and runs llc
// on it for AMDGCN assembly.
func emitAMDGCN(module *ir.Operation, o *Options) ([]byte, []Kernel, error) {
	return runAMDToolchain(module, o, false)
}

// emitHSACO builds an AMD code object (what the HIP runtime's
// hipModuleLoad takes): llc's ELF relocatable object, linked into a shared
// object by ld.lld, as Triton's AMD backend does.
func emitHSACO(module *ir.Operation, o *Options) ([]byte, []Kernel, error) {
	return runAMDToolchain(module, o, true)
}

// findTool returns the first of names on PATH (or given, if set).
func findTool(given string, what string, names ...string) (string, error) {
	if given != "" {
		return given, nil
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found on PATH (looked for %v)", what, names)
}

func runAMDToolchain(module *ir.Operation, o *Options, codeObject bool) ([]byte, []Kernel, error) {
	t, err := llvmir.ParseTarget(o.arch())
	if err == nil && t.Kind != llvmir.AMDGCN {
		err = fmt.Errorf("--target=%s needs an AMD architecture (gfx...), got %s", o.Target, o.arch())
	}
	if err != nil {
		return nil, nil, ir.OpErrorf(module, "%v", err)
	}
	// Prefer a newer llc: LLVM 14 does not know gfx942.
	llc, err := findTool(o.LLC, "llc", "llc-19", "llc-18", "llc-17", "llc")
	if err != nil {
		return nil, nil, fmt.Errorf("%v (give --llc=PATH, or use --target=llvmir)", err)
	}
	var lld string
	if codeObject {
		if lld, err = findTool(o.LLD, "ld.lld", "ld.lld-19", "ld.lld-18", "ld.lld-17", "ld.lld"); err != nil {
			return nil, nil, fmt.Errorf("%v (give --lld=PATH, or use --target=amdgcn)", err)
		}
	}
	var ll bytes.Buffer
	if err := llvmir.Emit(module, t, &ll); err != nil {
		return nil, nil, err
	}
	dir, err := os.MkdirTemp("", "tt-translate")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	in, out := filepath.Join(dir, "kernel.ll"), filepath.Join(dir, "kernel.s")
	if err := os.WriteFile(in, ll.Bytes(), 0o644); err != nil {
		return nil, nil, err
	}
	args := []string{"-mtriple=" + t.Triple(), "-mcpu=" + t.Arch, "-O3", in, "-o", out}
	if codeObject {
		out = filepath.Join(dir, "kernel.o")
		args = []string{"-mtriple=" + t.Triple(), "-mcpu=" + t.Arch, "-O3", "-filetype=obj", in, "-o", out}
	}
	if msg, err := exec.Command(llc, args...).CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("%s failed: %v\n%s", llc, err, msg)
	}
	if codeObject {
		hsaco := filepath.Join(dir, "kernel.hsaco")
		if msg, err := exec.Command(lld, "-flavor", "gnu", "-shared", out, "-o", hsaco).CombinedOutput(); err != nil {
			return nil, nil, fmt.Errorf("%s failed: %v\n%s", lld, err, msg)
		}
		out = hsaco
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return nil, nil, err
	}
	return b, kernelsOf(module, o), nil
}

// kernelsOf reads the kernel metadata of per-thread IR from the module
// attributes the lowering keeps (ttg.num-warps, ttg.shared).
func kernelsOf(module *ir.Operation, o *Options) []Kernel {
	warps, shared := o.NumWarps, 0
	if a, ok := module.Attr("ttg.num-warps").(*ir.IntegerAttr); ok {
		warps = int(a.Int())
	}
	// Triton's launcher starts num_warps warps: for a warp-specialized
	// kernel, the default warps and the partitions' (3.6's metadata).
	if a, ok := module.Attr(ttg.AttrTotalNumWarps).(*ir.IntegerAttr); ok {
		warps = int(a.Int())
	}
	if a, ok := module.Attr("ttg.shared").(*ir.IntegerAttr); ok {
		shared = int(a.Int())
	}
	ctas := ttg.NumCTAs(module)
	var out []Kernel
	for _, op := range perThreadKernels(module) {
		out = append(out, Kernel{Name: ir.SymbolName(op), NumWarps: warps, NumCTAs: ctas, ClusterDims: [3]int{ctas, 1, 1},
			Shared: shared, Target: o.arch(), TensorDescMeta: tensorDescsOf(op)})
	}
	return out
}

// perThreadKernels are the kernels of a per-thread module: its llvm.func
// definitions marked gpu.kernel, in order.
func perThreadKernels(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for _, op := range module.Region(0).Front().Ops() {
		if op.Name() == "llvm.func" && !op.Region(0).Empty() && llvm.IsKernel(op) {
			out = append(out, op)
		}
	}
	return out
}

// tensorDescsOf reads the tensor-map metadata the lowering attaches to a
// kernel's descriptor parameters.
func tensorDescsOf(fn *ir.Operation) []TensorDesc {
	var out []TensorDesc
	for i := range fn.Region(0).Front().Arguments() {
		for _, a := range llvm.ArgAttrs(fn, i) {
			d, ok := a.Value.(*ir.DictionaryAttr)
			if a.Name != ttgtogpu.TensorDescAttr || !ok {
				continue
			}
			td := TensorDesc{Param: i}
			for _, e := range d.Entries {
				switch v := e.Value.(type) {
				case *ir.IntegerAttr:
					switch e.Name {
					case "swizzle":
						td.Swizzle = v.Int()
					case "elem_size":
						td.ElemSize = v.Int()
					case "elem_type":
						td.ElemType = v.Int()
					}
				case *ir.DenseArrayAttr:
					if e.Name == "block_size" {
						td.BlockSize = v.Ints
					}
				}
			}
			out = append(out, td)
		}
	}
	return out
}
