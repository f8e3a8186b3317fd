package ttgtogpu

import (
	"errors"
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Options configure the conversion.
type Options struct {
	// ComputeCapability is the target's SM version times ten plus minor
	// (90 for sm_90); 0 takes it from the module's ttg.target.
	ComputeCapability int
	// PTXVersion is the PTX ISA version times ten (84 for 8.4); 0 picks
	// one the capability supports. Only instructions available in it are
	// used.
	PTXVersion int
	// Target is the vendor target ("cuda:90", "hip:gfx942") the lowering
	// pipeline is built for; empty means NVIDIA. The conversion itself
	// reads the module's ttg.target.
	Target string
	// NoFPFusion is Triton's enable_fp_fusion=False: a float multiply
	// feeding an add stays two roundings (no fma contraction here; the
	// PTX emitter's FPFusion option keeps ptxas from contracting).
	NoFPFusion bool
	// NoReflectFTZ is Triton's enable_reflect_ftz=False: the sequences
	// that stand for libdevice functions take libdevice's path for
	// __nvvm_reflect("__CUDA_FTZ") == 0, the approximate instructions
	// without .ftz (ex2.approx.f32 rather than ex2.approx.ftz.f32).
	NoReflectFTZ bool
	// NoFP8PairConversions converts to and from 8-bit floats one element
	// at a time with tt's integer sequences, also where the target has
	// the instructions for two (sm_89 and newer), which are the default
	// as in Triton: f8E4M3FN widens to f16, bf16 and f32 through
	// cvt.rn.f16x2.e4m3x2, and rounding to nearest into f8E4M3FN or
	// f8E5M2 is cvt.rn.satfinite.e4m3x2.f32 (.e5m2x2).
	// TT_X_FP8_CVT=generic|pair overrides it.
	NoFP8PairConversions bool
}

// lowering is the state of one conversion of a module.
type lowering struct {
	module   *ir.Operation
	ctx      *ir.Context
	opts     Options
	numWarps int
	// ctaBits is log2 of the CTAs of a cluster (ttg.num-ctas; cta.go).
	ctaBits int
	// target answers every vendor-specific question (target.go).
	target target
	// allocOpts configure the shared-memory allocation analysis (tests
	// plant mismatched scratch sizes through it).
	allocOpts allocation.Options
	// recorded is the allocation allocate-shared-memory-nv recorded, from
	// the pass manager's cache, for the IR as it was at generation
	// recordedAt (its ModuleAllocation nil: none).
	recorded   allocation.NvidiaRecorded
	recordedAt uint64

	axis   *axisinfo.Module
	access map[*ir.Operation]accessInfo // vector widths of global accesses, from axis info
	// demand holds the registers read of the tensors not read whole
	// (demand.go).
	demand  map[ir.ValueKey][]bool
	layouts map[*ir.RankedTensorType]*regLayout
	// byEncoding holds the layouts built, by encoding: a register layout
	// depends only on the encoding and the shape (ttg.TypeLinearLayout),
	// and the tensors of one tile (f32, f16, i1, pointers) share both.
	byEncoding map[ttg.DistributedLayout][]*regLayout
	funcs      map[*ir.Operation]*funcState
	// partitions holds the prologue state of each warp_specialize
	// partition, by the region's entry block; converted the
	// ttg.warp_specialize and ttg.warp_yield ops already lowered
	// (warpspec.go).
	partitions map[*ir.Block]*funcState
	converted  map[*ir.Operation]bool
	// tensormaps places each ttng.tensormap_create and acquire in its run
	// (tensormap.go), read before the conversion rewrites the runs.
	tensormaps map[*ir.Operation]tensormapPlace
	// pool is the module's pool of tensor-map slots (tensormap_pool.go).
	pool tensormapPool
	smem *smemPlan
	// views are the sub-views of shared buffers each memdesc operand
	// addresses (memview.go), recorded before ops are replaced.
	views map[operandKey]memView
	// clips are the tt.clampf ops lowered to min.xorsign.abs.
	clips map[*ir.Operation]bool
	// scratchFuncs are the functions other than kernels that need global
	// scratch (ttg.global_scratch_memory_size > 0): they take their
	// caller's share as one more parameter (tensormap.go).
	scratchFuncs map[string]bool
	// sharedOperands memoizes the descriptor plans of wgmma operands
	// (wgmma_desc.go): a kernel's wgmmas read the same few buffers, and
	// each plan verifies every element of every tile.
	sharedOperands map[sharedOperandKey]*smemOperand
	// gepState and opScratch are emitter.gep's and emitter.op1's reused
	// scratch (emit.go).
	gepState  gepState
	opScratch opScratch
	// fragmentAnswers memoizes the wgmma fragment registers of a layout
	// (wgmma_fragments.go).
	fragmentAnswers map[fragmentKey]fragmentAnswer
	// sharedLayouts memoizes sharedCTALayout and tmaBoxes tmaMessages by
	// buffer type (memdesc types are uniqued; the answers depend on the
	// type and the module's cluster size only): a kernel's copies and
	// wgmmas address the same few buffer types, and tmaMessages checks
	// every element of every box. Failures are not kept: asked again, the
	// check fails again at the op that asks.
	sharedLayouts map[*ttg.MemDescType]*sharedCTA
	tmaBoxes      map[*ttg.MemDescType]*tmaCopy
	// asyncCopies memoizes the vectors of each async copy
	// (asyncCopyAccess).
	asyncCopies map[*ir.Operation]asyncCopyPlan

	// lastPlace is the state stateOf found last, for the ops of one
	// block; emitters is the rest of the slab newEmitter carves from.
	lastPlace place
	emitters  []emitter
	// undef is the vector undef packLanes built last, and where: the
	// words a pattern packs at one insertion point share it, where CSE
	// would otherwise merge dozens of them afterwards (lanes.go).
	undef undefAt

	err error // the first located failure a pattern reported
}

// Lower converts every function of a TritonGPU module (after
// convert-scf-to-cf) into per-thread IR of the llvm and gpu dialects.
func Lower(module *ir.Operation, opts Options) error {
	l, err := newLowering(module, opts)
	if err != nil {
		return err
	}
	return l.run()
}

func newLowering(module *ir.Operation, opts Options) (*lowering, error) {
	l := &lowering{
		module: module, ctx: module.Context(), opts: opts,
		layouts:    map[*ir.RankedTensorType]*regLayout{},
		byEncoding: map[ttg.DistributedLayout][]*regLayout{},
		funcs:      map[*ir.Operation]*funcState{},
		partitions: map[*ir.Block]*funcState{}, converted: map[*ir.Operation]bool{},
	}
	l.numWarps = ttg.NumWarps(module)
	if l.numWarps <= 0 || !isPow2(int64(l.numWarps)) {
		return nil, ir.Errorf(module.Loc(), "module needs a power-of-two \"ttg.num-warps\" attribute (got %d)", l.numWarps)
	}
	t, err := targetOf(module, opts)
	if err != nil {
		return nil, err
	}
	l.target = t
	l.allocOpts.Scratch = t.scratchSizes()
	n := ttg.NumCTAs(module)
	if n < 1 || n > maxClusterCTAs || !isPow2(int64(n)) {
		return nil, ir.Errorf(module.Loc(), "\"ttg.num-ctas\" must be a power of two from 1 to %d, got %d", maxClusterCTAs, n)
	}
	if n > 1 {
		if err := t.clusters(); err != nil {
			return nil, ir.Errorf(module.Loc(), "\"ttg.num-ctas\" = %d: %v", n, err)
		}
	}
	l.ctaBits = log2(int64(n))
	l.tensormaps = placeTensormaps(module)
	if l.pool, err = planTensormapPool(module); err != nil {
		return nil, err
	}
	// The lowering's work and output grow with the registers of each
	// tensor: refuse absurd tiles before emitting per-thread code for them.
	if err := resources.CheckTensors(module); err != nil {
		return nil, err
	}
	if err := resources.CheckCodeSize(module); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *lowering) run() error {
	if err := l.checkInput(); err != nil {
		return err
	}
	// Shared memory: where every buffer lives, then the barriers between
	// the ops that access it (as Triton's conversion runs Membar first).
	// Each op's lowering adds only the barriers inside its own accesses.
	alloc, err := l.allocateSharedMemory()
	if err != nil {
		return err
	}
	if l.smem, err = planSharedMemory(l.module, alloc); err != nil {
		return err
	}
	l.smem.syncCalleeBoundaries(l.module)
	if err := l.target.insertBarriers(l.module, alloc); err != nil {
		return err
	}
	if l.views, err = l.planViews(); err != nil {
		return err
	}
	l.axis = axisinfo.Analyze(l.module)
	l.access = l.planAccesses()
	l.demand = l.planDemand()
	l.clips = l.findClips()
	l.scratchFuncs = findScratchFuncs(l.module)
	cfg := &conversion.Config{
		Target:     l.legality(),
		PatternSet: loweringPatterns(),
		State:      l,
		Types:      l.typeConverter(),
		Mode:       conversion.Full,
	}
	if err := conversion.Apply(l.module, cfg); err != nil {
		if l.err != nil {
			return l.err
		}
		return err
	}
	if l.err != nil {
		return l.err
	}
	for _, fs := range l.funcs {
		l.cleanUp(fs.fn)
	}
	return nil
}

// cleanUp runs the clean-ups of a converted function on what one walk of
// it finds: its remainders and selects, and the blocks of its body and of
// the regions nested in it (until the warp-specialization lowering runs,
// the code of a ttg.warp_specialize's default region and partitions sits
// in blocks of the op's own regions). No clean-up adds or removes a block,
// a remainder or a select that a later one looks for.
func (l *lowering) cleanUp(fn *ir.Operation) {
	var blocks []*ir.Block
	var rems, selects []*ir.Operation
	ir.WalkOps(fn, func(op *ir.Operation) {
		switch op.Name() {
		case "llvm.srem", "llvm.urem":
			rems = append(rems, op)
		case "llvm.select":
			selects = append(selects, op)
		}
		for _, r := range op.Regions() {
			blocks = append(blocks, r.Blocks()...)
		}
	})
	decomposeRemainders(rems)
	if !l.opts.NoFPFusion {
		contractFMA(blocks, l.target.contractsHalfFMA)
	}
	foldSignFlips(selects)
	sinkBarriers(blocks)
}

// checkInput rejects what the conversion cannot take, with located
// diagnostics, before anything is changed.
func (l *lowering) checkInput() error {
	var errs []error
	wgmma := l.target.warpgroupMMA()
	ir.WalkOps(l.module, func(op *ir.Operation) {
		if ir.DialectNamespace(op.Name()) == "scf" {
			errs = append(errs, ir.OpErrorf(op, "structured control flow must be lowered first (run convert-scf-to-cf before convert-triton-gpu-to-gpu)"))
		}
		// The layouts of wgmma must not reach another target: report the
		// first op that produces one.
		if wgmma != nil {
			types := op.ResultTypes()
			for _, r := range op.Regions() {
				for _, b := range r.Blocks() {
					types = append(types, b.ArgumentTypes()...)
				}
			}
			for _, t := range types {
				if usesWarpgroupMMALayout(t) {
					errs = append(errs, ir.OpErrorf(op, "%s has a Hopper (nvidia_mma v3) layout: %v", asm.TypeString(t), wgmma))
					wgmma = nil
					break
				}
			}
		}
	})
	return errors.Join(errs...)
}

// fail records a located failure (the first one wins) and reports the
// pattern as not applied.
func (l *lowering) fail(err error) bool {
	if l.err == nil {
		l.err = err
	}
	return false
}

// layoutOf returns the register layout of a tensor type (cached).
func (l *lowering) layoutOf(t *ir.RankedTensorType) (*regLayout, error) {
	if r, ok := l.layouts[t]; ok {
		return r, nil
	}
	// Distributed encodings are pointers, fit for a map key.
	enc, distributed := t.Encoding.(ttg.DistributedLayout)
	if distributed {
		for _, r := range l.byEncoding[enc] {
			if slices.Equal(r.full, t.Dims) {
				l.layouts[t] = r
				return r, nil
			}
		}
	}
	r, err := newRegLayout(t)
	if err != nil {
		return nil, err
	}
	if r.laneBits != log2(int64(l.lanes())) || r.warpBits != log2(int64(l.numWarps)) {
		return nil, fmt.Errorf("layout spans %d lanes and %d warps, the module has %d and %d",
			1<<r.laneBits, 1<<r.warpBits, l.lanes(), l.numWarps)
	}
	if r.cta.numBits() > l.ctaBits {
		return nil, fmt.Errorf("layout spans %d CTAs, the module's clusters have %d (\"ttg.num-ctas\")", 1<<r.cta.numBits(), 1<<l.ctaBits)
	}
	// A layout that names fewer CTAs than a cluster has is the same on
	// the others.
	r.cta = r.cta.padded(l.ctaBits, r.rank())
	l.layouts[t] = r
	if distributed {
		l.byEncoding[enc] = append(l.byEncoding[enc], r)
	}
	return r, nil
}

// opLayout returns the register layout of a value's tensor type, or a
// located error.
func (l *lowering) opLayout(op *ir.Operation, t ir.Type) (*regLayout, error) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return nil, ir.OpErrorf(op, "expected a tensor, got %s", asm.TypeString(t))
	}
	r, err := l.layoutOf(rt)
	if err != nil {
		return nil, ir.OpErrorf(op, "cannot lower tensor type %s: %v", asm.TypeString(t), err)
	}
	return r, nil
}

// srcDstLayouts returns the register layouts of op's first operand and of
// its first result, or a located error.
func (l *lowering) srcDstLayouts(op *ir.Operation) (src, dst *regLayout, err error) {
	if src, err = l.opLayout(op, op.Operand(0).Type()); err != nil {
		return nil, nil, err
	}
	if dst, err = l.opLayout(op, op.Result(0).Type()); err != nil {
		return nil, nil, err
	}
	return src, dst, nil
}

// lanes is the number of threads of a warp.
func (l *lowering) lanes() int { return l.target.warpSize() }

// maxClusterCTAs is the largest cluster a kernel may ask for (16 CTAs,
// non-portable beyond 8, as Triton's launcher allows).
const maxClusterCTAs = 16

// numThreads is the number of threads of a CTA.
func (l *lowering) numThreads() int { return l.numWarps * l.lanes() }

// usesWarpgroupMMALayout reports whether t is a tensor in a nvidia_mma v3
// layout, or in a slice or dot operand of one.
func usesWarpgroupMMALayout(t ir.Type) bool {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return false
	}
	enc := rt.Encoding
	for {
		switch e := enc.(type) {
		case *ttg.NvidiaMmaEncoding:
			return e.IsHopper()
		case *ttg.DotOperandEncoding:
			enc = e.Parent
		case *ttg.SliceEncoding:
			enc = e.Parent
		default:
			return false
		}
	}
}
