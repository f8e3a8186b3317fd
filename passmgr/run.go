package passmgr

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Config controls how a pipeline runs and what it reports.
type Config struct {
	// VerifyEach verifies the IR after every pass (mlir-opt's default).
	VerifyEach bool
	// PrintBefore/PrintAfter name passes whose IR to print before/after.
	PrintBefore, PrintAfter       []string
	PrintBeforeAll, PrintAfterAll bool
	// PrintModuleScope prints the whole top-level op instead of the op the
	// pass ran on.
	PrintModuleScope bool
	// PrintAfterChange prints the IR after every pass that changed it
	// (--mlir-print-ir-after-change); PrintAfterFailure prints it only
	// after a pass that failed (--mlir-print-ir-after-failure). A failing
	// pass's IR is printed whenever its after-dump is asked for, under an
	// "IR Dump After ... Failed" header.
	PrintAfterChange, PrintAfterFailure bool
	// PrintTreeDir, when set, sends the IR dumps to one file per dump in a
	// directory tree that mirrors the IR's nesting
	// (--mlir-print-ir-tree-dir): DIR/builtin_module_no-symbol-name/
	// tt_func_kernel/1_1_cse.mlir.
	PrintTreeDir string
	// PrintConfig is used for IR dumps.
	PrintConfig asm.PrintConfig
	// IROut receives IR dumps (default os.Stderr).
	IROut io.Writer
	// Timing collects per-pass wall times into Timer.
	Timer *Timer
	// Statistics prints pass statistics to StatsOut after the run.
	Statistics bool
	StatsOut   io.Writer
	// CrashReproducer, if set, names the file that receives the IR before
	// the failing pass and the pipeline that re-runs it.
	CrashReproducer string
	// DisableThreading runs nested pass managers sequentially.
	DisableThreading bool
	// Diagnostics receives the non-fatal diagnostics passes emit (called
	// from the pass's goroutine; calls are serialized). If nil they are
	// written to IROut.
	Diagnostics func(*ir.Diagnostic)
	// Verified, if set, records the IR known to verify and is shared by
	// the runs with this configuration: a pipeline run after another on
	// the same module (tt-translate's stages), or after the caller
	// verified the module, does not verify again IR that has not changed
	// since. Nil: each run starts knowing nothing verified.
	Verified *Verified
	// Offered, if set, holds analyses the caller computed between runs
	// (Offer): the next run gives its passes those still valid.
	Offered *Offered
}

// Verified records, per op, the IR generation of its context at which the
// op (and everything nested in it) last verified.
type Verified struct {
	mu  sync.Mutex
	gen map[*ir.Operation]uint64
}

// NewVerified returns an empty record.
func NewVerified() *Verified { return &Verified{gen: map[*ir.Operation]uint64{}} }

// Mark records that op verified at its context's current generation.
func (v *Verified) Mark(op *ir.Operation) { v.mark(op, op.Context().Generation()) }

// Verify verifies op unless cfg's record (Verified) says it verified and
// has not changed since, timing the check as the verifier's (Timer) and
// recording a success. It is what a pipeline run without VerifyEach does
// at its end in tools that verify each stage rather than each pass.
func (cfg *Config) Verify(op *ir.Operation) error {
	return verifyUnlessCurrent(cfg.Verified, cfg.Timer, op)
}

// BrokenIR is the verifier's report on the IR a pass left when the
// pipeline verifies after each pass: a bug of that pass, since the IR
// verified before it. Its message is the verifier's own, so that a user
// reads the diagnostics as ever; a harness tells it from a diagnostic of
// bad input with errors.As.
type BrokenIR struct {
	// Pass is the pass's registered name.
	Pass string
	Err  error
}

func (e *BrokenIR) Error() string { return e.Err.Error() }
func (e *BrokenIR) Unwrap() error { return e.Err }

// verifyUnlessCurrent verifies op unless record v says it verified and
// has not changed since, timing the check into t's verifier row and
// recording a success. Either may be nil.
func verifyUnlessCurrent(v *Verified, t *Timer, op *ir.Operation) error {
	if v != nil && v.current(op) {
		return nil
	}
	gen := op.Context().Generation()
	start := time.Now()
	err := ir.Verify(op)
	if t != nil {
		t.AddVerification(time.Since(start))
	}
	if err == nil && v != nil {
		v.mark(op, gen)
	}
	return err
}

func (v *Verified) mark(op *ir.Operation, gen uint64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.gen[op] = gen
}

// current reports whether op verified, itself or as part of an enclosing
// op, and no IR of its context has changed since.
func (v *Verified) current(op *ir.Operation) bool {
	now := op.Context().Generation()
	v.mu.Lock()
	defer v.mu.Unlock()
	for o := op; o != nil; o = o.ParentOp() {
		if g, ok := v.gen[o]; ok && g == now {
			return true
		}
	}
	return false
}

// emitMu serializes the delivery of diagnostics from parallel passes.
var emitMu sync.Mutex

// Emit delivers a non-fatal diagnostic, a pass's or a driver's (the
// decisions it makes between pipelines): to Diagnostics, or printed to
// IROut (stderr).
func (c *Config) Emit(d *ir.Diagnostic) {
	emitMu.Lock()
	defer emitMu.Unlock()
	if c.Diagnostics != nil {
		c.Diagnostics(d)
		return
	}
	out := c.IROut
	if out == nil {
		out = os.Stderr
	}
	fmt.Fprintln(out, d.Error())
}

// DefaultConfig returns mlir-opt's defaults: verify after each pass.
func DefaultConfig() *Config { return &Config{VerifyEach: true} }

// runner holds the state of one pipeline execution.
type runner struct {
	cfg      *Config
	top      *ir.Operation
	analyses *analysisCache
	printMu  sync.Mutex
	// treeCounts numbers the dumps of each op for PrintTreeDir.
	treeCounts map[*ir.Operation]int
	// dumpErr is the first dump PrintTreeDir could not write: the run
	// fails with it (it was printed and the run succeeded, the dumps
	// asked for missing).
	dumpErr error
	// verified is the IR known to verify: the configuration's record, or
	// this run's own.
	verified *Verified
}

// Run executes the pipeline on op (whose name must match pm.Anchor).
func (pm *PassManager) Run(op *ir.Operation, cfg *Config) error {
	if cfg == nil {
		cfg = DefaultConfig()
	}
	if cfg.IROut == nil {
		cfg.IROut = os.Stderr
	}
	if pm.Anchor != "any" && op.Name() != pm.Anchor {
		return fmt.Errorf("can't run '%s' pass manager on '%s' op", pm.Anchor, op.Name())
	}
	pm.loadDependents(op.Context())
	r := &runner{cfg: cfg, top: op, analyses: newAnalysisCache(), treeCounts: map[*ir.Operation]int{},
		verified: cfg.Verified}
	cfg.Offered.takeInto(r.analyses)
	if r.verified == nil {
		r.verified = NewVerified()
	}
	var err error
	if cfg.Timer != nil {
		cfg.Timer.root.name = "'" + pm.Anchor + "' Pipeline"
	}
	for i, e := range pm.elems {
		var snapshot string
		if cfg.CrashReproducer != "" {
			snapshot = asm.Sprint(op, asm.PrintConfig{DebugInfo: true})
		}
		var t *timerNode
		if cfg.Timer != nil {
			t = &cfg.Timer.root
		}
		if err = r.runElem(e, op, t); err != nil {
			if cfg.CrashReproducer != "" {
				if werr := writeReproducer(cfg, snapshot, pm.suffix(i)); werr != nil {
					return fmt.Errorf("%w\n(writing the crash reproducer failed: %v)", err, werr)
				}
				return withReproducerNote(err, op, cfg.CrashReproducer)
			}
			return err
		}
	}
	if cfg.Statistics {
		pm.printStatistics(cfg.StatsOut)
	}
	return r.dumpErr
}

// withReproducerNote attaches a note naming the reproducer file to the
// first diagnostic of err.
func withReproducerNote(err error, op *ir.Operation, path string) error {
	ds := ir.AsDiagnostics(err, op.Loc())
	ds[0].Note(op.Loc(), "a reproducer was written to %s (run it with: tt-opt %s --run-reproducer)", path, path)
	return ds
}

func (pm *PassManager) loadDependents(ctx *ir.Context) {
	for _, e := range pm.elems {
		if e.nested != nil {
			e.nested.loadDependents(ctx)
			continue
		}
		if e.inst == nil {
			continue
		}
		for _, d := range e.inst.pass.Dependent {
			ctx.Load(d)
		}
	}
}

func (r *runner) runElem(e element, op *ir.Operation, t *timerNode) error {
	if e.nested != nil {
		return r.runNested(e.nested, op, t)
	}
	if e.unbuilt != nil {
		// Nothing runs; the timing report lists the step as skipped.
		if t != nil {
			t.child(e.unbuilt.Pass+" (not built)", e.unbuilt)
		}
		return nil
	}
	return r.runPass(e.inst, op, t)
}

// runNested runs sub on every immediate child of op named sub.Anchor.
func (r *runner) runNested(sub *PassManager, op *ir.Operation, t *timerNode) error {
	var targets []*ir.Operation
	for _, reg := range op.Regions() {
		for _, b := range reg.Blocks() {
			for c := b.First(); c != nil; c = c.Next() {
				if sub.Anchor == "any" || c.Name() == sub.Anchor {
					targets = append(targets, c)
				}
			}
		}
	}
	var node *timerNode
	if t != nil {
		node = t.child("'"+sub.Anchor+"' Pipeline", sub)
		start := time.Now()
		defer func() { node.add(time.Since(start)) }()
	}
	runOne := func(c *ir.Operation) error {
		for _, e := range sub.elems {
			if err := r.runElem(e, c, node); err != nil {
				return err
			}
		}
		return nil
	}
	parallel := !r.cfg.DisableThreading && len(targets) > 1
	for _, c := range targets {
		if !c.Has(ir.IsolatedFromAbove) {
			parallel = false
		}
	}
	if !parallel {
		for _, c := range targets {
			if err := runOne(c); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, len(targets))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, c := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, c *ir.Operation) {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = runOne(c)
		}(i, c)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (r *runner) runPass(in *instance, op *ir.Operation, t *timerNode) (err error) {
	p := in.pass
	if p.Anchor != "" && p.Anchor != op.Name() {
		return nil
	}
	if r.cfg.PrintBeforeAll || contains(r.cfg.PrintBefore, p.Name) {
		r.dump("Before", p, op)
	}
	printAfter := r.cfg.PrintAfterAll || r.cfg.PrintAfterChange || r.cfg.PrintAfterFailure || contains(r.cfg.PrintAfter, p.Name)
	var before string
	if printAfter && r.cfg.PrintAfterChange {
		before = asm.Sprint(op, asm.PrintConfig{Generic: true, DebugInfo: true})
	}
	st := &State{Ctx: op.Context(), analyses: r.analyses, stats: in.stats, cfg: r.cfg}
	genBefore := st.Ctx.Generation()
	start := time.Now()
	func() {
		defer func() {
			if x := recover(); x != nil {
				err = ir.Errorf(op.Loc(), "pass '%s' crashed: %v\n%s", p.Name, x, panicFrames(debug.Stack()))
			}
		}()
		err = in.run(op, st)
	}()
	if t != nil {
		t.child(p.displayName(), in).add(time.Since(start))
	}
	// A pass that changed no IR (anywhere in the context) keeps every
	// analysis valid, and leaves IR that verified before still valid: as
	// MLIR skips verifying after a pass that preserved all analyses, the
	// verifier runs only where the IR may have changed since it last ran.
	changed := st.Ctx.Generation() != genBefore
	if err == nil && !st.preserved && changed {
		r.analyses.invalidate(op, st.kept)
	}
	if err == nil && r.cfg.VerifyEach {
		if verr := verifyUnlessCurrent(r.verified, r.cfg.Timer, op); verr != nil {
			err = &BrokenIR{Pass: p.Name, Err: verr}
		}
	}
	if err != nil {
		if printAfter {
			r.dump("After", p, op, "Failed")
		}
		return err
	}
	if printAfter && !r.cfg.PrintAfterFailure {
		if !r.cfg.PrintAfterChange || asm.Sprint(op, asm.PrintConfig{Generic: true, DebugInfo: true}) != before {
			r.dump("After", p, op)
		}
	}
	return nil
}

// panicFrames keeps the frames of a panic's stack trace that belong to the
// code that panicked (not the runtime or the recovery), at most six.
func panicFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	// After the goroutine header, frames are pairs: function, file:line.
	var out []string
	inPanic := false
	for i := 1; i+1 < len(lines); i += 2 {
		fn := strings.TrimSpace(lines[i])
		if strings.HasPrefix(fn, "panic(") {
			inPanic = true
			continue
		}
		if !inPanic || strings.HasPrefix(fn, "runtime.") {
			continue
		}
		out = append(out, "  "+fn+" at "+strings.TrimSpace(lines[i+1]))
		if len(out) == 6 {
			break
		}
	}
	return "stack:\n" + strings.Join(out, "\n")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// dump prints the IR with MLIR's header line ("// -----// IR Dump After
// Canonicalizer (canonicalize) ..."), to IROut or to a file of the tree
// under PrintTreeDir. IR that does not verify (after a failed pass) is
// printed in the generic form unless the print config assumes it verified.
func (r *runner) dump(when string, p *Pass, op *ir.Operation, failed ...string) {
	target := op
	if r.cfg.PrintModuleScope {
		target = r.top
	}
	text := asm.SprintVerified(target, r.cfg.PrintConfig)
	r.printMu.Lock()
	defer r.printMu.Unlock()
	what := "'" + op.Name() + "' operation"
	if name := ir.SymbolName(op); name != "" {
		what += ": @" + name
	}
	name := p.displayName()
	if len(failed) > 0 {
		name += " Failed"
	}
	header := fmt.Sprintf("// -----// IR Dump %s %s (%s) (%s) //----- //\n", when, name, p.Name, what)
	if r.cfg.PrintTreeDir == "" {
		fmt.Fprintf(r.cfg.IROut, "%s%s\n\n", header, text)
		return
	}
	if err := r.writeTreeDump(op, p.Name, header+text+"\n"); err != nil && r.dumpErr == nil {
		r.dumpErr = fmt.Errorf("--mlir-print-ir-tree-dir: %v", err)
	}
}

// writeTreeDump writes one dump of op into the PrintTreeDir tree: a
// directory per enclosing op (its name with '.' as '_', then its symbol
// name or no-symbol-name) and a file named by the dump counters of op and
// its ancestors and the pass, as mlir-opt names them.
func (r *runner) writeTreeDump(op *ir.Operation, pass, text string) error {
	var chain []*ir.Operation
	for o := op; o != nil; o = o.ParentOp() {
		chain = append([]*ir.Operation{o}, chain...)
	}
	r.treeCounts[op]++
	dir := r.cfg.PrintTreeDir
	var counts []string
	for _, o := range chain {
		sym := ir.SymbolName(o)
		if sym == "" {
			sym = "no-symbol-name"
		}
		dir = filepath.Join(dir, strings.ReplaceAll(o.Name(), ".", "_")+"_"+sym)
		counts = append(counts, strconv.Itoa(max(r.treeCounts[o]-1, 0)))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, strings.Join(counts, "_")+"_"+pass+".mlir"), []byte(text), 0o644)
}
