package ttrun

import (
	"context"
	"fmt"
	"io"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/runtime/cuda"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// CUDA is the GPU backend (--backend cuda): it compiles the kernel with
// tt-translate's pipeline to PTX for the device's architecture, loads it
// through the driver's JIT (runtime/cuda), copies the buffers to the
// device, launches grid x (32*num_warps) threads with the dynamic shared
// memory the compiled kernel needs, and copies every buffer back.
//
// Device printf (tt.print) goes to the process's standard output, where
// the CUDA driver writes it, not to Options.Stdout.
type CUDA struct {
	// Device is the ordinal of the GPU to use.
	Device int
	// Arch overrides the architecture compiled for ("" asks the device).
	Arch string
	// Cache, when set, keeps the PTX of each kernel and architecture.
	Cache *compilecache.Cache
}

func init() { RegisterBackend(CUDA{}) }

// Name is the backend's --backend name.
func (CUDA) Name() string { return "cuda" }

// Describe is the backend's line in --help.
func (CUDA) Describe() string {
	return "compiles to PTX and runs on the GPU through the CUDA driver"
}

// Run compiles and launches the kernel.
func (b CUDA) Run(k *Kernel, grid [3]int, args []Arg, opts Options) error {
	dev, arch, err := b.device()
	if err != nil {
		return err
	}
	ptx, meta, err := compileForCUDA(k, arch, opts, b.Cache)
	if err != nil {
		return err
	}
	// A program of a ttg.num-ctas kernel is a cluster of CTAs; one of a
	// tt.cta-cluster kernel is a CTA whose grid must hold whole clusters,
	// checked before the driver is touched.
	ctaGrid, cluster, err := cuda.ProgramLaunch(grid, meta.NumCTAs, meta.ClusterDims)
	if err != nil {
		return fmt.Errorf("cuda backend: @%s: %w", k.Name, err)
	}
	ctx, err := cuda.NewContext(dev)
	if err != nil {
		return fmt.Errorf("cuda backend: %w", err)
	}
	// A run stopped while its kernel runs abandons the context: closing it
	// would wait for the kernel (see untilDone).
	abandoned := false
	defer func() {
		if !abandoned {
			ctx.Close()
		}
	}()
	mod, err := ctx.LoadModule(ptx, cuda.JITOptions{})
	if err != nil {
		return fmt.Errorf("cuda backend: loading the PTX of @%s: %w", k.Name, err)
	}
	defer func() {
		if !abandoned {
			mod.Close()
		}
	}()
	fn, err := mod.Function(meta.Name)
	if err != nil {
		return fmt.Errorf("cuda backend: %w", err)
	}
	if meta.Shared > 48<<10 {
		if err := fn.SetMaxDynamicSharedMemory(meta.Shared); err != nil {
			return fmt.Errorf("cuda backend: %d bytes of shared memory: %w", meta.Shared, err)
		}
	}
	bufs := make([]cuda.DevicePtr, len(args))
	defer func() {
		if abandoned {
			return
		}
		for _, p := range bufs {
			if p != 0 {
				ctx.Free(p)
			}
		}
	}()
	var cargs cuda.Args
	for i := range args {
		a := &args[i]
		if a.IsPointer() {
			if bufs[i], err = ctx.Alloc(max(len(a.Buffer.Data), 1)); err != nil {
				return fmt.Errorf("cuda backend: buffer %s: %w", a.Name, err)
			}
			if err := ctx.CopyHtoD(bufs[i], a.Buffer.Data); err != nil {
				return fmt.Errorf("cuda backend: buffer %s: %w", a.Name, err)
			}
			cargs = cargs.Ptr(bufs[i])
			continue
		}
		if cargs, err = cudaScalarArg(cargs, a); err != nil {
			return err
		}
	}
	if n, err := globalScratchBytes(meta.GlobalScratch, ctaGrid, cudaAllocAlign); err != nil {
		return fmt.Errorf("cuda backend: @%s: %w", k.Name, err)
	} else if n > 0 {
		// The kernel's last parameter: its programs' global scratch.
		scratch, err := ctx.Alloc(n)
		if err != nil {
			return fmt.Errorf("cuda backend: %d bytes of global scratch: %w", n, err)
		}
		defer func() {
			if !abandoned {
				ctx.Free(scratch)
			}
		}()
		cargs = cargs.Ptr(scratch)
	}
	cfg := cuda.LaunchConfig{Grid: ctaGrid, Block: [3]int{32 * meta.NumWarps, 1, 1}, SharedBytes: meta.Shared, Cluster: cluster}
	if err := fn.Launch(cfg, cargs); err != nil {
		return fmt.Errorf("cuda backend: launching @%s: %w", k.Name, err)
	}
	if err := untilDone(opts.Context, ctx.Synchronize); err != nil {
		abandoned = opts.Context != nil && opts.Context.Err() != nil
		return fmt.Errorf("cuda backend: running @%s: %w", k.Name, err)
	}
	if opts.Progress != nil {
		opts.Progress.Add(int64(grid[0]) * int64(grid[1]) * int64(grid[2]))
	}
	for i := range args {
		if args[i].IsPointer() && len(args[i].Buffer.Data) > 0 {
			if err := ctx.CopyDtoH(args[i].Buffer.Data, bufs[i]); err != nil {
				return fmt.Errorf("cuda backend: buffer %s: %w", args[i].Name, err)
			}
		}
	}
	return nil
}

// compileForCUDA lowers a copy of the kernel's module to PTX and returns
// it with the kernel's metadata, for opts' warps, stages and register
// bound (0 keeps the module's, or Triton's defaults).
func compileForCUDA(k *Kernel, arch string, opts Options, cache *compilecache.Cache) ([]byte, tttranslate.Kernel, error) {
	o := tttranslate.DefaultOptions()
	o.Target, o.Arch = "ptx", arch
	if opts.NumWarps > 0 {
		o.NumWarps = opts.NumWarps
	}
	if opts.NumStages > 0 {
		o.NumStages = opts.NumStages
	}
	o.Triton.MaxNReg = opts.MaxNReg
	var key compilecache.Key
	if cache != nil {
		text := asm.Sprint(k.Module, asm.PrintConfig{DebugInfo: true})
		key = tttranslate.OptionsKey(compilecache.NewKey("tt-run-cuda").String("module", text), &o).Sum()
	}
	res, _, err := tttranslate.CompileCached(cache, key, io.Discard, func(diags io.Writer) (*tttranslate.Result, error) {
		o.Pass.IROut = diags
		return tttranslate.Compile(k.Module.Clone(ir.NewMapping()), o)
	}, nil)
	if err != nil {
		return nil, tttranslate.Kernel{}, renderCompileError(k, err)
	}
	for _, m := range res.Kernels {
		if m.Name == k.Name {
			return res.Output, m, nil
		}
	}
	return nil, tttranslate.Kernel{}, fmt.Errorf("cuda backend: the compiled module has no kernel @%s", k.Name)
}

// cudaScalarArg appends a scalar parameter in the kernel ABI's type.
func cudaScalarArg(args cuda.Args, a *Arg) (cuda.Args, error) {
	switch t := a.Type.(type) {
	case *ir.IntegerType:
		switch t.Width {
		case 32:
			return args.I32(int32(a.Int)), nil
		case 64:
			return args.I64(a.Int), nil
		}
	case *ir.FloatType:
		switch t.Kind {
		case ir.F32:
			return args.F32(float32(a.Float)), nil
		case ir.F64:
			return args.F64(a.Float), nil
		case ir.F16:
			return args.F16(numeric.F16FromFloat64(a.Float, numeric.RNE)), nil
		case ir.BF16:
			return args.F16(numeric.BF16FromFloat64(a.Float, numeric.RNE)), nil
		}
	}
	return args, fmt.Errorf("cuda backend: parameter %s of type %s: runtime/cuda has no argument kind for it", a.Name, typeName(a.Type))
}

// untilDone waits for wait (a synchronization with the GPU) or for ctx to
// end, whichever comes first. The driver cannot stop a running kernel:
// on a timeout or interrupt the kernel goes on until the process exits,
// which destroys its context.
func untilDone(ctx context.Context, wait func() error) error {
	if ctx == nil {
		return wait()
	}
	done := make(chan error, 1)
	go func() { done <- wait() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("stopped while the kernel runs on the GPU: %w", ctx.Err())
	}
}

// cudaAllocAlign is the alignment cuMemAlloc guarantees.
const cudaAllocAlign = 256

// globalScratchBytes is the size of the global scratch buffer a kernel
// of tt's ABI takes as its last parameter (0: it takes none): its
// per-CTA size times the launch grid's CTAs (the programs times the CTAs
// of a cluster). A buffer aligned to allocAlign must satisfy the kernel's
// alignment.
func globalScratchBytes(gs *tttranslate.GlobalScratch, grid [3]int, allocAlign int) (int, error) {
	if gs == nil || gs.GlobalScratchSize == 0 {
		return 0, nil
	}
	if gs.GlobalScratchAlign > allocAlign {
		return 0, fmt.Errorf("global scratch alignment %d exceeds the allocator's %d", gs.GlobalScratchAlign, allocAlign)
	}
	n := int64(gs.GlobalScratchSize)
	for _, g := range grid {
		n *= int64(g)
	}
	if n > 1<<40 {
		return 0, fmt.Errorf("%d bytes of global scratch for the grid %v is too large", n, grid)
	}
	return int(n), nil
}
