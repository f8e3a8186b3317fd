package tttranslate

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// Registry is where the stages' passes and pipelines are looked up.
var Registry = passmgr.Default

// Kernel is the launch metadata written next to the output as JSON.
type Kernel struct {
	// LauncherABI is set for --kernel-abi=triton (triton.go).
	*LauncherABI
	// GlobalScratch is set for Triton's ABI and for kernels of tt's ABI
	// that take a global scratch buffer (triton.go).
	*GlobalScratch
	Name     string `json:"name"`
	NumWarps int    `json:"num_warps"`
	// NumCTAs is the CTAs of a cluster (ttg.num-ctas, Triton's
	// num_ctas); ClusterDims the cluster shape the kernel requires,
	// (NumCTAs, 1, 1). A launch of a grid of programs runs grid.x*NumCTAs
	// CTAs along x in clusters of ClusterDims, as Triton's launcher does.
	NumCTAs     int    `json:"num_ctas"`
	ClusterDims [3]int `json:"cluster_dims"`
	Shared      int    `json:"shared"`
	Target      string `json:"target"`
	// TensorDescMeta describes each tensor descriptor parameter, in
	// order, as Triton 3.6's metadata does: the tensor map the host must
	// encode and pass by value (swizzle mode, elem_size, elem_type,
	// block_size; conversion/ttgtogpu's tensordesc.go).
	TensorDescMeta []TensorDesc `json:"tensordesc_meta,omitempty"`
	// GridVariant is the kernel's grid-schedule variant, an entry of the
	// same module (--grid-variant; grid_variant.go).
	GridVariant *Kernel `json:"grid_variant,omitempty"`
	// CTAsPerSM is, for a grid-schedule variant, how many of its CTAs an
	// SM holds: a launch of at most that many times the SMs programs runs
	// the variant.
	CTAsPerSM int `json:"ctas_per_sm,omitempty"`
}

// TensorDesc is the tensor map of one descriptor parameter.
type TensorDesc struct {
	Param     int     `json:"param"`
	Swizzle   int64   `json:"swizzle"`
	ElemSize  int64   `json:"elem_size"`
	ElemType  int64   `json:"elem_type"`
	BlockSize []int64 `json:"block_size"`
	FP4Padded bool    `json:"fp4_padded"`
}

// Result is a compiled module.
type Result struct {
	// Output is the PTX, LLVM IR or AMDGCN text.
	Output []byte
	// Kernels describes the module's kernels, in order.
	Kernels []Kernel
	// Module is the per-thread IR the output was emitted from.
	Module *ir.Operation
	// Input is the level the module was given at.
	Input Level
	// NotBuilt lists the pipeline steps that were skipped because tt does
	// not have their passes yet (see passmgr.Step), in pipeline order.
	NotBuilt []passmgr.Step
}

// Compile lowers module, at any level, through the remaining stages and
// emits it for o.Target. The module is transformed in place. Errors are
// located diagnostics where the failing pass or emitter gave a location.
func Compile(module *ir.Operation, o Options) (*Result, error) {
	emit, ok := emitters[o.Target]
	if !ok {
		return nil, fmt.Errorf("unknown target %q (want ptx, llvmir, amdgcn or hsaco)", o.Target)
	}
	applyTritonOptions(module, &o)
	build := newVariantBuild(module, o)
	defer build.wait() // a variant a later retry dropped must not outlive the call
	if build != nil && runtime.GOMAXPROCS(0) > 1 {
		// Started where the plan makes the kernel persistent, the
		// variant compiles beside the kernel's remaining stages.
		o.persistentPlanned = build.start
	}
	in, st, err := lower(module, o)
	if err != nil {
		return nil, err
	}
	abi, err := applyKernelABI(module, &o)
	if err != nil {
		return nil, err
	}
	var variant *ir.Operation
	held := 0
	if build != nil && st.persistent {
		if variant, held, err = gridVariant(build, module, o); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	out, kernels, err := emitWithVariant(module, variant, held, emit, &o)
	scratch := globalScratchOf(module, &o)
	for i := range kernels {
		kernels[i].LauncherABI = abi
		kernels[i].GlobalScratch = scratch
		if v := kernels[i].GridVariant; v != nil {
			v.LauncherABI, v.GlobalScratch = abi, scratch
		}
	}
	if o.Pass.Timer != nil {
		o.Pass.Timer.AddPhase(o.Target+" emission", time.Since(start))
	}
	if err != nil {
		return nil, err
	}
	if err := dumpLLVMIR(module, &o); err != nil {
		return nil, err
	}
	return &Result{Output: out, Kernels: kernels, Module: module, Input: in, NotBuilt: st.notBuilt}, nil
}

// dumpLLVMIR writes the kernel's LLVM IR (targets/llvmir, what
// --target=llvmir prints) as out.ll into the --dump-stages directory when
// the target is another one, so that the dump holds the LLVM IR Triton's
// llir stage would have produced (the Triton plugin reports it as
// asm["llir"]). Only with --dump-stages: the translation costs time. A
// module the LLVM IR translator refuses (while the target's emitter took
// it) gets a file saying why instead: the compilation itself succeeded.
func dumpLLVMIR(module *ir.Operation, o *Options) error {
	if o.DumpStages == "" || o.Target == "llvmir" {
		return nil
	}
	ll, _, err := emitLLVMIR(module, o)
	if err != nil {
		ll = []byte("; tt-translate: no LLVM IR for this module: " + strings.ReplaceAll(err.Error(), "\n", "\n; ") + "\n")
	}
	if err := os.MkdirAll(o.DumpStages, 0o755); err != nil {
		return err
	}
	return cli.WriteFile(filepath.Join(o.DumpStages, "out.ll"), ll)
}

// Lower runs the stages that take module, at any level, to per-thread IR
// for o's architecture (o.Target only picks the default architecture),
// in place, and returns the level the module was given at. The
// simulator (tt-run --backend sim) runs its result. It also returns the
// pipeline steps that were skipped because tt does not have their passes
// yet (NotBuiltWarning words them).
func Lower(module *ir.Operation, o Options) (Level, []passmgr.Step, error) {
	in, st, err := lower(module, o)
	return in, st.notBuilt, err
}

// lower is Lower, reporting what runStages reports.
func lower(module *ir.Operation, o Options) (Level, staged, error) {
	params, err := o.params()
	if err != nil {
		return 0, staged{}, err
	}
	in := DetectLevel(module)
	if in < LevelPerThread && !hasKernel(module) {
		return 0, staged{}, ErrNoKernel
	}
	if err := checkModuleTarget(module, in, o.arch()); err != nil {
		return 0, staged{}, err
	}
	if err := checkNumWarps(module, in, &o); err != nil {
		return 0, staged{}, err
	}
	if err := dumpStage(o.DumpStages, -1, "input", module, o.Pass.PrintConfig); err != nil {
		return 0, staged{}, err
	}
	st, err := runStages(module, in, LevelPerThread, o, params)
	if err != nil {
		return 0, staged{}, err
	}
	if got := DetectLevel(module); got != LevelPerThread {
		return 0, staged{}, ir.OpErrorf(module, "the module is %s after the pipeline; the emitters need per-thread IR", got)
	}
	return in, st, nil
}

// runStages runs the stages from level in on module, up to the last
// that ends at level upTo. tt-persistent-programs assumes, before
// make_ttgir, how many CTAs an SM holds; once the TTGIR's shared memory
// is known, a kernel that holds fewer goes through the stages again
// from a copy taken before the schedule: with that many CTAs an SM if
// two or more, else without the schedule (one CTA where the registers
// allowed more would halve the SM's CTAs; none: the schedule keeps the
// pipeline's buffers live across each tile's epilogue, and overflowed).
// A kernel whose consumers take turns over its tiles is planned with one
// CTA an SM, and compiled again without the turns when their ring and
// its other buffers are over the SM's shared memory or its loop was not
// specialized. A 4-warp kernel whose loop carries more dot accumulators
// than its threads hold is compiled as asked for 8 warps
// (ttir.AccumulatorWarps).
// A 4-warp kernel of chained dots is compiled on two consumer warpgroups
// where ttir.RowSplitPlan says so, and again as asked when its loop was
// not specialized or the CTAs an SM the plan assumed do not fit. A kernel
// specialized on one consumer warpgroup gets the register bound of two
// CTAs an SM (boundOneConsumer).
func runStages(module *ir.Operation, in, upTo Level, o Options, params map[string]string) (staged, error) {
	cfg := o.stageConfig()
	if cfg.Offered == nil {
		// The allocation the shared memory checks compute at the end
		// of the TTGIR, for allocate-shared-memory-nv in the next stage.
		cfg.Offered = &passmgr.Offered{}
	}
	shared := &sharedMemoryOf{module: module, arch: o.arch(), offered: cfg.Offered}
	var notBuilt []passmgr.Step
	stages := stagesFor(in, strings.HasPrefix(params["target"], "hip:"))
	var pristine *ir.Operation
	retryFrom, notBuiltBefore, assumed, retries, shrinks := 0, 0, 0, 0, 0
	pairsDropped := false // compiled again with the turns instead of pairs
	persistent := false   // tt-persistent-programs schedules the kernel
	turned := false       // the schedule planned consumers taking turns over the tiles
	turnsRing := 0        // their ring's budget in bytes
	sharedChecked, warpsPlanned := false, false
	var split ttir.RowSplit // the row split being compiled (CTAsPerSM 0: none)
	capability, _ := strconv.Atoi(params["capability"])
	ctas, _ := strconv.Atoi(params["num-ctas"])
	for i := 0; i < len(stages); i++ {
		s := stages[i]
		if s.Out > upTo {
			break
		}
		if !warpsPlanned && s.planWarps(params, module) {
			warpsPlanned = true
			// On the TTIR make_ttir left: the combine pass has folded
			// an accumulation `acc + dot(a, b, 0)` into dot(a, b, acc).
			if warps, regs, ok := ttir.AccumulatorWarps(module, o.NumWarps, capability, ctas); ok {
				cfg.Emit(remark(module, "a loop's dot accumulators need %d registers a thread on the %d warps asked for (ptxas gives a thread at most 255): compiled as asked for %d warps",
					regs, o.NumWarps, warps))
				o.NumWarps = warps
				params["num-warps"] = strconv.Itoa(warps)
			}
			if plan, ok := ttir.RowSplitPlan(module, o.NumWarps, capability, ctas); ok {
				pristine, retryFrom, notBuiltBefore, split = module.Clone(nil), i, len(notBuilt), plan
				setRowSplit(module, params, plan)
			}
		}
		if pristine == nil && retries < 3 && s.persistentSchedule(params) {
			ring, err := tileTurnsRing(capability, ctas, o.NumWarps, params)
			if err != nil {
				// A bad TT_X_TILE_TURNS: at the kernel it would have
				// scheduled.
				at := module
				if k := kernelOf(module); k != nil {
					at = k
				}
				return staged{}, ir.OpErrorf(at, "%v", err)
			}
			n, perSM, t, axis := ttir.PersistentPlan(module, o.NumWarps, ring)
			if n > 0 && ring > 0 && !t && params["tile-turns-ring"] != "" {
				cfg.Emit(remark(module, "compiled without consumers taking turns over the tiles: the %s of shared memory their ring may take beside the kernel's other buffers hold fewer than four of its k-steps", resources.KB(ring)))
			}
			if n > 0 {
				if c, err := strconv.Atoi(params["ctas-per-sm"]); err == nil && c > 0 {
					perSM = min(perSM, c)
				}
				pristine, retryFrom, notBuiltBefore, assumed, turned, turnsRing = module.Clone(nil), i, len(notBuilt), perSM, t, ring
			}
			// The pass schedules single-CTA programs only (a cluster's
			// CTAs run one program together).
			persistent = n > 0 && ctas <= 1
			if persistent && o.persistentPlanned != nil {
				o.persistentPlanned()
				o.persistentPlanned = nil
			}
			if axis != nil {
				// For tt-persistent-programs, which sees the IR the plan
				// saw unless the stage's passes before it change it.
				// Offered after the clone: cloning leaves the module's
				// IR as it was, though it counts as a change of the
				// context's IR.
				passmgr.Offer(cfg.Offered, module, axis)
			}
		}
		if s.In == LevelTTGIR && !sharedChecked {
			// The last moment the kernel's buffers can be named: the
			// lowering turns them into offsets.
			if _, err := shared.bytes(); err != nil {
				return staged{}, err
			}
		}
		sharedChecked = false
		pm, err := s.build(Registry, params)
		if err != nil {
			return staged{}, err
		}
		notBuilt = append(notBuilt, pm.NotBuilt()...)
		run, err := stageReproducer(&o, s, module, pm, cfg)
		if err != nil {
			return staged{}, err
		}
		err = pm.Run(module, &run)
		if err == nil && !cfg.VerifyEach {
			// Verified once a stage rather than after each pass (as
			// LLVM's opt verifies its result, not each pass, unless
			// -verify-each; --verify-each restores MLIR's default): a
			// pass that broke the IR is caught before the next stage or
			// the emitter reads it.
			if err = cfg.Verify(module); err != nil {
				err = fmt.Errorf("%w\n(the IR stage %s left does not verify: a compiler bug; --verify-each stops at the pass that broke it)", err, s.Name)
			}
		}
		if err != nil {
			// The IR as the failing pass left it, for the user to inspect.
			if derr := dumpStage(o.DumpStages, i, s.Name+".failed", module, cfg.PrintConfig); derr != nil {
				return staged{}, fmt.Errorf("%w\n(writing the stage dump failed: %v)", err, derr)
			}
			return staged{}, err
		}
		if err := dumpStage(o.DumpStages, i, s.Name, module, cfg.PrintConfig); err != nil {
			return staged{}, err
		}
		if got := DetectLevel(module); got < s.Out {
			return staged{}, ir.OpErrorf(module, "stage %s left the module at %s, expected %s", s.Name, got, s.Out)
		}
		if split.CTAsPerSM > 0 && s.Out == LevelTTGIR {
			want := split.CTAsPerSM
			split = ttir.RowSplit{}
			held, _ := shared.ctasPerSM()
			if specialized := hasWarpSpecialize(module); held < want || !specialized {
				why := "the loop was not specialized"
				if specialized {
					why = fmt.Sprintf("the SM's shared memory holds %d of that kernel's CTAs, the schedule needs %d", held, want)
				}
				cfg.Emit(remark(module, "compiled on %d warps as asked, not on two consumer warpgroups: %s", o.NumWarps, why))
				restoreModule(module, pristine)
				params["num-warps"] = strconv.Itoa(o.NumWarps)
				delete(params, "turns")
				delete(params, "producer-registers")
				delete(params, "tma-loads")
				pristine, notBuilt, i = nil, notBuilt[:notBuiltBefore], retryFrom-1
				continue
			}
			ctas := "two CTAs an SM"
			if want == 1 {
				ctas = "one CTA an SM"
			}
			cfg.Emit(remark(module, "the loop's chained dots run on two consumer warpgroups of 64 rows beside a producer warpgroup (%d warps, %s), not on the %d warps asked for",
				ttir.RowSplitWarps+4, ctas, o.NumWarps))
			pristine = nil
		}
		if pristine != nil && s.Out == LevelTTGIR {
			held, err := shared.ctasPerSM()
			byRegisters := ctasPerSMByRegisters(module)
			if turned && held < 1 && hasWarpSpecialize(module) && !pairsDropped && ttir.TilePairs(params["tile-turns"]) {
				// The pairs' ring (four slots of three tiles) and the
				// kernel's other buffers over the SM's shared memory:
				// the turns instead, whose ring may shrink below.
				cfg.Emit(remark(module, "consumers working on pairs of tiles: their ring and the kernel's other buffers need more shared memory than the SM has; compiled again with consumers taking turns over the tiles"))
				restoreModule(module, pristine)
				params["tile-turns"] = "on"
				pristine, notBuilt, i = nil, notBuilt[:notBuiltBefore], retryFrom-1
				pairsDropped = true
				continue
			}
			if turned && held < 1 && hasWarpSpecialize(module) {
				// The consumers taking turns with their ring and the
				// kernel's other buffers (an f32 epilogue's conversion
				// buffer) over the SM's shared memory: again with the
				// ring in what the other buffers leave, if that is
				// less than it had.
				if ring, ok := smallerTileTurnsRing(module, pristine, o.arch(), turnsRing); ok && shrinks < 2 {
					cfg.Emit(remark(module, "consumers taking turns over the tiles: their ring compiled again within %s, what the SM's shared memory leaves beside the kernel's other buffers", resources.KB(ring)))
					restoreModule(module, pristine)
					params["tile-turns-ring"] = strconv.Itoa(ring)
					pristine, notBuilt, i = nil, notBuilt[:notBuiltBefore], retryFrom-1
					shrinks++
					continue
				}
			}
			if turned && (held < 1 || !hasWarpSpecialize(module)) {
				// The consumers taking turns did not fit (their ring
				// and the kernel's other buffers are over the SM's
				// shared memory) or were not built: the schedule
				// again without them.
				why := "their loop was not specialized"
				if held < 1 {
					why = "their ring and the kernel's other buffers need more shared memory than the SM has"
				}
				cfg.Emit(remark(module, "compiled without consumers taking turns over the tiles: %s", why))
				restoreModule(module, pristine)
				params["tile-turns"] = "off"
				pristine, notBuilt, i = nil, notBuilt[:notBuiltBefore], retryFrom-1
				retries++
				continue
			}
			if held < assumed || byRegisters < assumed {
				// Two or more CTAs an SM: the schedule again with that
				// many; one where the registers allowed more (a kernel
				// that would share its SM without the schedule) or none:
				// no schedule. A warp-specialized kernel that fills an
				// SM's registers alone (consumers taking turns over the
				// tiles) keeps the schedule with one.
				restoreModule(module, pristine)
				if held = min(held, byRegisters); byRegisters != math.MaxInt && held >= 1 {
					params["ctas-per-sm"] = strconv.Itoa(held)
				} else if held >= 2 {
					params["ctas-per-sm"] = strconv.Itoa(held)
				} else {
					params["persistent"] = "off"
					persistent = false
				}
				pristine, notBuilt, i = nil, notBuilt[:notBuiltBefore], retryFrom-1
				retries++
				continue
			}
			// The next stage's check would repeat this one.
			if err != nil {
				return staged{}, err
			}
			pristine, sharedChecked = nil, true
		}
		if s.Out == LevelTTGIR && params["capability"] == "90" && boundOneConsumer(module, shared) {
			cfg.Emit(remark(module, "register bound %d a thread (ttg.maxnreg) so that two CTAs of the kernel, specialized on one consumer warpgroup, share an SM", oneConsumerMaxNReg))
		}
	}
	return staged{notBuilt: notBuilt, persistent: persistent}, nil
}

// staged is what runStages reports beside the IR it leaves.
type staged struct {
	// notBuilt lists the pipeline steps skipped because tt does not have
	// their passes yet, in pipeline order.
	notBuilt []passmgr.Step
	// persistent says tt-persistent-programs scheduled the kernel: its
	// first programs walk every tile (as many as the SMs hold), the
	// others exit.
	persistent bool
}

// oneConsumerMaxNReg is the register bound under which two CTAs of a
// kernel specialized on one consumer warpgroup (8 warps) share an SM's
// 64K registers.
const oneConsumerMaxNReg = 64 * 1024 / (2 * 8 * 32)

// boundOneConsumer gives a Hopper kernel specialized on one consumer
// warpgroup (a 4-warp loop marked tt.warp_specialize: the kernel's 4
// warps beside a producer warpgroup) the register bound of two CTAs an
// SM, where its shared memory holds two: setmaxnreg then leaves the
// producer 24 registers a thread and gives the consumer 232. Without a
// bound ptxas gives all 8 warps what the consumer needs (154 for a
// 128x128 f32 accumulator) and one CTA fills the register file: the
// 128x128 TMA matmul with warp_specialize read 445 TFLOP/s, bounded
// 567-573, where Triton's 12-warp kernel reads 492-499 (H200,
// 2026-11-29, docs/PERFORMANCE.md). A bound of the user's (--maxnreg)
// stays. It reports whether it set the bound.
func boundOneConsumer(module *ir.Operation, shared *sharedMemoryOf) bool {
	if module.Attr(ttg.AttrMaxNReg) != nil || ttg.NumWarps(module) != 4 {
		return false
	}
	found, one := false, true
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() != ttg.WarpSpecialize.Name {
			return
		}
		found = true
		workers := 0
		for _, n := range ttg.PartitionNumWarps(op) {
			workers += n
		}
		one = one && workers == 4
	})
	if !found || !one {
		return false
	}
	if held, err := shared.ctasPerSM(); err != nil || held < 2 {
		return false
	}
	module.SetAttr(ttg.AttrMaxNReg, ir.I32Attr(module.Context(), oneConsumerMaxNReg))
	return true
}

// remark is a remark on the schedule tt-translate chose for module's
// kernel, at the kernel's location (the module's when it has none).
func remark(module *ir.Operation, format string, args ...any) *ir.Diagnostic {
	loc := module.Loc()
	if k := kernelOf(module); k != nil {
		loc = k.Loc()
	}
	return &ir.Diagnostic{Loc: loc, Severity: ir.SevRemark, Message: fmt.Sprintf(format, args...)}
}

// setRowSplit sets what ttir.RowSplitPlan compiles a kernel with: its
// warps, the turns and producer registers of nvgpu-warp-specialization
// and tt-tma-loads' mode (through params), and the register bound
// (ttg.maxnreg, as --maxnreg), those the plan has.
func setRowSplit(module *ir.Operation, params map[string]string, plan ttir.RowSplit) {
	params["num-warps"] = strconv.Itoa(ttir.RowSplitWarps)
	if plan.Turns != "" {
		params["turns"] = plan.Turns
	}
	if plan.ProducerRegs > 0 {
		params["producer-registers"] = strconv.Itoa(plan.ProducerRegs)
	}
	if plan.KeyLoopTMA {
		params["tma-loads"] = ttir.KeyLoopsMode
	}
	if plan.MaxNReg > 0 {
		module.SetAttr(ttg.AttrMaxNReg, ir.I32Attr(module.Context(), int64(plan.MaxNReg)))
	}
}

// hasWarpSpecialize reports whether a TTGIR module holds a
// ttg.warp_specialize.
func hasWarpSpecialize(module *ir.Operation) bool {
	found := false
	ir.WalkOps(module, func(op *ir.Operation) {
		found = found || op.Name() == ttg.WarpSpecialize.Name
	})
	return found
}

// ctasPerSMByRegisters returns how many CTAs of a TTGIR module's
// warp-specialized kernels an SM's 64K registers hold: the dispatch
// lowering bounds each thread (ttg.maxnreg, or the register file over all
// its warps, in multiples of 8). Without warp specialization the
// registers are ptxas's to choose, and it returns a large number.
func ctasPerSMByRegisters(module *ir.Operation) int {
	threads := 0
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() != ttg.WarpSpecialize.Name {
			return
		}
		warps := ttg.NumWarps(module)
		for _, n := range ttg.PartitionNumWarps(op) {
			warps += n
		}
		threads = max(threads, warps*ttg.ThreadsPerWarp(module))
	})
	if threads == 0 {
		return math.MaxInt
	}
	regs := smRegisters / threads / 8 * 8
	if a, ok := module.Attr(ttg.AttrMaxNReg).(*ir.IntegerAttr); ok && a.Int() > 0 && int(a.Int()) < regs {
		regs = int(a.Int())
	}
	return smRegisters / (threads * regs)
}

// sharedMemoryOf answers for a TTGIR module of arch how much shared
// memory its largest kernel needs (resources.SharedMemoryPlan), allocating
// it once for each version of its IR: the driver asks at the end of the
// TTGIR for several decisions and checks before the lowering. Each answer
// offers the allocation to the next stage's allocate-shared-memory-nv,
// which takes it if the IR has not changed since.
type sharedMemoryOf struct {
	module  *ir.Operation
	arch    string
	offered *passmgr.Offered
	// What the allocation gave, at generation gen of the module's IR.
	known bool
	gen   uint64
	n     int
	plan  *allocation.NvidiaPlan
	err   error
}

// bytes returns the shared memory of the module's largest kernel (0 for
// an arch tt does not know), with CheckSharedMemory's error.
func (s *sharedMemoryOf) bytes() (int, error) {
	if gen := s.module.Context().Generation(); !s.known || gen != s.gen {
		s.n, s.plan, s.err = resources.SharedMemoryPlan(s.module, s.arch)
		s.known, s.gen = true, gen
	}
	if s.plan != nil {
		passmgr.Offer(s.offered, s.module, *s.plan)
	}
	return s.n, s.err
}

// ctasPerSM returns how many CTAs of the module's kernels an SM holds by
// their shared memory (a large number for an arch tt does not reason
// about), with bytes' error: 0 for a module over the capacity or whose
// allocation fails.
func (s *sharedMemoryOf) ctasPerSM() (int, error) {
	n, err := s.bytes()
	if err != nil {
		return 0, err
	}
	if held, ok := resources.BlocksPerSMByShared(s.arch, n); ok {
		return held, nil
	}
	return math.MaxInt, nil
}

// tileTurnsRing returns the ring budget in bytes of consumers taking
// turns over the tiles for a compilation (params' tile-turns and
// tile-turns-ring), or 0 when it gets none.
func tileTurnsRing(capability, ctas, warps int, params map[string]string) (int, error) {
	turns, err := ttir.TileTurns(capability, ctas, warps, params["tile-turns"])
	if err != nil || !turns {
		return 0, err
	}
	option := 0
	if s := params["tile-turns-ring"]; s != "" {
		if option, err = strconv.Atoi(s); err != nil {
			return 0, fmt.Errorf("tile-turns-ring=%q: want a byte count", s)
		}
	}
	return ttir.TileTurnsRing(option)
}

// smallerTileTurnsRing returns the ring budget that leaves the kernel's
// other buffers room in arch's shared memory, from the TTGIR (module)
// and the TTIR (ttirModule) of a compilation whose consumers taking turns
// over the tiles took too much with a budget of ring bytes: the bytes
// its ring took less those it is over by. False when that is no smaller
// budget or nothing is left. (A second shrink, when the first was not
// enough, is the caller's: the allocator's alignment may need it.)
func smallerTileTurnsRing(module, ttirModule *ir.Operation, arch string, ring int) (int, bool) {
	capacity, ok := resources.SharedMemoryCapacity(arch)
	shared, _ := resources.SharedMemory(module, arch)
	if !ok || shared <= capacity {
		return 0, false
	}
	next := min(ring, ttir.TileTurnsRingUsed(ttirModule, ring)) - (shared - capacity)
	return next, next > 0 && next < ring
}

// restoreModule gives module the ops and attributes of saved, a clone
// taken before the stages ran.
func restoreModule(module, saved *ir.Operation) {
	var names []string
	for _, a := range module.Attrs() {
		names = append(names, a.Name)
	}
	for _, name := range names {
		module.RemoveAttr(name)
	}
	for _, a := range saved.Attrs() {
		module.SetAttr(a.Name, a.Value)
	}
	body := module.Region(0).Front()
	for _, op := range body.Ops() {
		op.DropAllReferences()
	}
	for _, op := range body.Ops() {
		op.Erase()
	}
	for _, op := range saved.Region(0).Front().Ops() {
		op.Remove()
		body.Append(op)
	}
}

// ErrNoKernel is Compile's error for a TTIR or TTGIR module without a
// public tt.func: there is nothing to compile (tt-run words it the same).
var ErrNoKernel = errors.New("no public tt.func in the module")

func hasKernel(module *ir.Operation) bool { return kernelOf(module) != nil }

// kernelOf returns the module's first public tt.func, or nil.
func kernelOf(module *ir.Operation) *ir.Operation {
	var kernel *ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if kernel == nil && op.Name() == "tt.func" && !ir.IsPrivateSymbol(op) {
			kernel = op
		}
	})
	return kernel
}

// checkNumWarps refuses a --num-warps that disagrees with the warps a
// TTGIR module was laid out for: its layouts cannot change their warps.
func checkNumWarps(module *ir.Operation, in Level, o *Options) error {
	a, ok := module.Attr("ttg.num-warps").(*ir.IntegerAttr)
	if in != LevelTTGIR || !ok {
		return nil
	}
	if n := a.Int() * int64(warpSize(o.arch())); n > maxThreadsPerBlock {
		return ir.OpErrorf(module, "\"ttg.num-warps\" = %d gives %d threads a block on %s; a block has at most %d", a.Int(), n, o.arch(), maxThreadsPerBlock)
	}
	if o.NumWarpsGiven && int(a.Int()) != o.NumWarps {
		return fmt.Errorf("--num-warps=%d disagrees with the module's \"ttg.num-warps\" = %d (TTGIR is laid out for its warps; drop --num-warps or compile the TTIR)", o.NumWarps, a.Int())
	}
	return nil
}

// dumpStage writes the IR after stage i into dir (when set).
func dumpStage(dir string, i int, name string, module *ir.Operation, pc asm.PrintConfig) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, fmt.Sprintf("%02d-%s.mlir", i+1, name))
	return cli.WriteFile(path, []byte(asm.Sprint(module, pc)))
}

// NotBuiltWarning is the warning about the skipped steps of a
// compilation, one line per reason ("" when none were skipped).
func NotBuiltWarning(steps []passmgr.Step) string {
	if len(steps) == 0 {
		return ""
	}
	var reasons []string
	passes := map[string][]string{}
	for _, s := range steps {
		if _, ok := passes[s.NotBuilt]; !ok {
			reasons = append(reasons, s.NotBuilt)
		}
		if !slices.Contains(passes[s.NotBuilt], s.Pass) {
			passes[s.NotBuilt] = append(passes[s.NotBuilt], s.Pass)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tt-translate: warning: %d steps of the pipeline were skipped: tt does not have their passes yet\n", len(steps))
	for _, r := range reasons {
		fmt.Fprintf(&b, "  %s: %s\n", r, strings.Join(passes[r], ", "))
	}
	return b.String()
}
