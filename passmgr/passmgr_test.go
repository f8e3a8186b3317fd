package passmgr_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// registry returns a registry with a few recording passes.
func registry(log *[]string, mu *sync.Mutex) *passmgr.Registry {
	reg := passmgr.NewRegistry()
	record := func(name, anchor string) *passmgr.Pass {
		return &passmgr.Pass{Name: name, Anchor: anchor, Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			level := fs.Int("level", 0, "a test option")
			mode := fs.String("mode", "fast", "another")
			return func(op *ir.Operation, st *passmgr.State) error {
				mu.Lock()
				defer mu.Unlock()
				entry := name + "@" + op.Name()
				if s := ir.SymbolName(op); s != "" {
					entry += ":" + s
				}
				if *level != 0 || *mode != "fast" {
					entry += "{" + strings.TrimSpace(strings.Join([]string{itoa(*level), *mode}, " ")) + "}"
				}
				*log = append(*log, entry)
				return nil
			}
		}}
	}
	reg.Register(record("a", ""), record("f", "tt.func"), record("m", "builtin.module"))
	reg.RegisterPipeline(&passmgr.NamedPipeline{Name: "both", Text: "a,m"})
	return reg
}

func itoa(i int) string { return string(rune('0' + i)) }

func module(t *testing.T) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(all.NewContext(), `
tt.func @f0() { tt.return }
tt.func @f1() { tt.return }
tt.func @f2() { tt.return }`)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestPipelineTextRoundTrip(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	for _, text := range []string{
		"builtin.module(a,tt.func(f,a{level=2}),m)",
		"builtin.module(tt.func(f{level=3 mode=slow}))", // options print sorted by name
		"builtin.module(any(a))",
	} {
		pm, err := passmgr.Parse(reg, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := pm.String(); got != text {
			t.Errorf("round trip: got %q want %q", got, text)
		}
	}
	// Named pipelines expand in place.
	pm, err := passmgr.Parse(reg, "builtin.module(both)")
	if err != nil || pm.String() != "builtin.module(a,m)" {
		t.Fatalf("named pipeline: %v %q", err, pm)
	}
}

// TestAddPassOffering checks that a pass takes the offered options it
// declares, in name order, and ignores the others, as does a named
// pipeline without options.
func TestAddPassOffering(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	pm := passmgr.New(reg, "builtin.module")
	offered := map[string]string{"mode": "slow", "level": "3", "num-warps": "4"}
	for _, name := range []string{"f", "both"} {
		if err := pm.AddPassOffering(name, offered); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if got, want := pm.String(), "builtin.module(tt.func(f{level=3 mode=slow}),a,m)"; got != want {
		t.Errorf("got %q want %q", got, want)
	}
}

func TestPipelineErrors(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	for text, want := range map[string]string{
		"builtin.module(nope)":              "'nope' does not refer to a registered pass or pass pipeline",
		"builtin.module(f)":                 "can't add pass 'f' restricted to 'tt.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?",
		"builtin.module(a{bogus=1})":        "no option 'bogus' (options: level, mode)",
		"builtin.module(a{level=x})":        "option 'level'",
		"builtin.module(tt.func(f)":         "expected ')' to close 'builtin.module('",
		"a,m":                               "pipeline must be nested under an operation",
		"builtin.module(tt.func(f),a{level": "missing '}' after options of 'a'",
	} {
		_, err := passmgr.Parse(reg, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error containing %q", text, err, want)
		}
	}
}

func TestImplicitNestingAndOrder(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	pm := passmgr.New(reg, "builtin.module")
	for _, p := range []struct{ name, opts string }{{"m", ""}, {"f", "level=1"}, {"a", ""}} {
		if err := pm.AddPass(p.name, p.opts); err != nil {
			t.Fatal(err)
		}
	}
	if got := pm.String(); got != "builtin.module(m,tt.func(f{level=1}),a)" {
		t.Fatalf("implicit nesting: %s", got)
	}
	cfg := passmgr.DefaultConfig()
	cfg.DisableThreading = true
	if err := pm.Run(module(t), cfg); err != nil {
		t.Fatal(err)
	}
	want := "m@builtin.module f@tt.func:f0{1 fast} f@tt.func:f1{1 fast} f@tt.func:f2{1 fast} a@builtin.module"
	if got := strings.Join(log, " "); got != want {
		t.Fatalf("order:\n got %s\nwant %s", got, want)
	}
}

// Function passes run on several goroutines at once (go test -race checks
// that this is safe for the IR and the context).
func TestParallelFunctionPasses(t *testing.T) {
	reg := passmgr.NewRegistry()
	var running, peak atomic.Int32
	var gate sync.WaitGroup
	gate.Add(2)
	reg.Register(&passmgr.Pass{Name: "busy", Anchor: "tt.func", Build: func(fs *flag.FlagSet) passmgr.RunFunc {
		return func(op *ir.Operation, st *passmgr.State) error {
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			if ir.SymbolName(op) != "f2" {
				gate.Done()
				gate.Wait() // f0 and f1 wait for each other: they must overlap
			}
			// Touch the context and the IR concurrently.
			b := ir.NewBuilder(op.Context())
			b.SetInsertionPointToStart(op.Region(0).Front())
			_ = ir.RankedTensor(op.Context(), []int64{int64(len(ir.SymbolName(op)))}, ir.F32Type(op.Context()), nil)
			running.Add(-1)
			return nil
		}
	}})
	pm, err := passmgr.Parse(reg, "builtin.module(tt.func(busy))")
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(module(t), passmgr.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	if peak.Load() < 2 {
		t.Fatalf("function passes did not run concurrently (peak %d)", peak.Load())
	}
}

func TestAnalysisCaching(t *testing.T) {
	reg := passmgr.NewRegistry()
	computed, touches := 0, 0
	analysis := func(op *ir.Operation) int { computed++; return computed }
	use := func(preserve, change bool) func(fs *flag.FlagSet) passmgr.RunFunc {
		return func(fs *flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				passmgr.GetAnalysis(st, op, analysis)
				passmgr.GetAnalysis(st, op, analysis)
				if change {
					touches++
					op.SetAttr("test.touched", ir.IntegerAttrOf(op.Context(), ir.I64(op.Context()), int64(touches)))
				}
				if preserve {
					st.PreserveAll()
				}
				return nil
			}
		}
	}
	reg.Register(&passmgr.Pass{Name: "keep", Build: use(true, true)}, &passmgr.Pass{Name: "drop", Build: use(false, true)},
		&passmgr.Pass{Name: "look", Build: use(false, false)})
	pm, _ := passmgr.Parse(reg, "builtin.module(keep,keep,drop,keep,look,keep)")
	if err := pm.Run(module(t), passmgr.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	// computed once for keep,keep,drop (cached), dropped after drop, again
	// for keep; look changed no IR, so its analyses stay valid without
	// PreserveAll.
	if computed != 2 {
		t.Fatalf("analysis computed %d times, want 2", computed)
	}
}

// A pass that changed the IR keeps the analyses of the types it declared
// preserved (Preserve), which SetAnalysis gave, and drops the others.
func TestPreserveOneAnalysis(t *testing.T) {
	type kept struct{ n int }
	type dropped struct{ n int }
	reg := passmgr.NewRegistry()
	computed := 0
	change := func(op *ir.Operation) {
		computed++
		op.SetAttr("test.touched", ir.IntegerAttrOf(op.Context(), ir.I64(op.Context()), int64(computed)))
	}
	var got []int
	reg.Register(
		&passmgr.Pass{Name: "give", Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				change(op)
				passmgr.SetAnalysis(st, op, kept{1})
				passmgr.SetAnalysis(st, op, dropped{1})
				passmgr.Preserve[kept](st)
				passmgr.Preserve[dropped](st)
				return nil
			}
		}},
		&passmgr.Pass{Name: "keep", Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				change(op)
				passmgr.Preserve[kept](st)
				return nil
			}
		}},
		&passmgr.Pass{Name: "read", Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				k, okK := passmgr.CachedAnalysis[kept](st, op)
				d, okD := passmgr.CachedAnalysis[dropped](st, op)
				got = append(got, k.n, d.n)
				if okK != (k.n != 0) || okD != (d.n != 0) {
					t.Errorf("CachedAnalysis found %v, %v for %v, %v", okK, okD, k, d)
				}
				return nil
			}
		}},
		&passmgr.Pass{Name: "change", Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { change(op); return nil }
		}})
	pm, _ := passmgr.Parse(reg, "builtin.module(give,read,keep,read,change,read)")
	if err := pm.Run(module(t), passmgr.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	if want := []int{1, 1, 1, 0, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("cached analyses %v, want %v", got, want)
	}
}

// An offered analysis reaches the passes of the next run if the IR has not
// changed since it was offered, and only of that run.
func TestOfferedAnalysis(t *testing.T) {
	type offered struct{ n int }
	reg := passmgr.NewRegistry()
	var got []int
	reg.Register(&passmgr.Pass{Name: "read", Build: func(*flag.FlagSet) passmgr.RunFunc {
		return func(op *ir.Operation, st *passmgr.State) error {
			v, _ := passmgr.CachedAnalysis[offered](st, op)
			got = append(got, v.n)
			return nil
		}
	}})
	pm, _ := passmgr.Parse(reg, "builtin.module(read)")
	m := module(t)
	cfg := passmgr.DefaultConfig()
	cfg.Offered = &passmgr.Offered{}
	run := func() {
		if err := pm.Run(m, cfg); err != nil {
			t.Fatal(err)
		}
	}
	passmgr.Offer(cfg.Offered, m, offered{1})
	run() // taken
	run() // an offer is for one run
	passmgr.Offer(cfg.Offered, m, offered{2})
	m.SetAttr("test.touched", ir.IntegerAttrOf(m.Context(), ir.I64(m.Context()), 1))
	run() // the IR changed since
	if want := []int{1, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("offered analyses seen %v, want %v", got, want)
	}
}

// The verifier runs after a pass only where the IR may have changed since
// it last verified: never after a pass that changed nothing, always after
// one that changed anything, and it still catches the IR a pass broke.
func TestVerifyOnlyChangedIR(t *testing.T) {
	verified := 0
	d := &ir.Dialect{Name: "vt"}
	d.NewOp("counted", 0).Verify = func(*ir.Operation) error { verified++; return nil }
	ctx := all.NewContext()
	ctx.Load(d)
	m, err := asm.ParseString(ctx, `tt.func @f() { "vt.counted"() : () -> () tt.return }`)
	if err != nil {
		t.Fatal(err)
	}
	reg := passmgr.NewRegistry()
	pass := func(name string, fn func(op *ir.Operation)) *passmgr.Pass {
		return &passmgr.Pass{Name: name, Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { fn(op); return nil }
		}}
	}
	counted := func(m *ir.Operation) *ir.Operation { return m.Region(0).Front().First().Region(0).Front().First() }
	n := int64(0)
	reg.Register(
		pass("look", func(m *ir.Operation) { ir.WalkOps(m, func(*ir.Operation) {}) }),
		pass("attr", func(m *ir.Operation) {
			n++
			counted(m).SetAttr("vt.n", ir.IntegerAttrOf(m.Context(), ir.I64(m.Context()), n))
		}),
		// Setting the value an attribute has, or moving an op where it
		// is, changes nothing.
		pass("same", func(m *ir.Operation) {
			c := counted(m)
			c.SetAttr("vt.n", c.Attr("vt.n"))
			c.MoveBefore(c.Next())
		}),
		pass("move", func(m *ir.Operation) { c := counted(m); c.MoveAfter(c.Next()) }))
	for _, tc := range []struct {
		pipeline string
		want     int
		err      string
	}{
		{"look", 1, ""},                // nothing verified the module in this run yet
		{"look,look,look", 1, ""},      // unchanged since
		{"look,attr,look,attr", 3, ""}, // every change re-verifies
		{"look,attr,same,same", 2, ""}, // no-op updates are no changes
		{"look,move", 1, "must be the last operation in the parent block"},
	} {
		verified = 0
		pm, err := passmgr.Parse(reg, "builtin.module("+tc.pipeline+")")
		if err != nil {
			t.Fatal(err)
		}
		err = pm.Run(m, passmgr.DefaultConfig())
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Fatalf("%s: error %v, want %q", tc.pipeline, err, tc.err)
		}
		if verified != tc.want {
			t.Errorf("%s: the op verified %d times, want %d", tc.pipeline, verified, tc.want)
		}
	}

	// A record shared by runs (Config.Verified) carries what verified
	// from one run to the next, and from the caller's own verification.
	m, err = asm.ParseString(ctx, `tt.func @f() { "vt.counted"() : () -> () tt.return }`)
	if err != nil {
		t.Fatal(err)
	}
	cfg := passmgr.DefaultConfig()
	cfg.Verified = passmgr.NewVerified()
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	cfg.Verified.Mark(m)
	// Config.Verify, called twice after each run, verifies only what the
	// record does not hold: nothing after a run with VerifyEach, and once
	// what changed in a run without it (atEnd), whose passes verify
	// nothing.
	for _, tc := range []struct {
		pipeline string
		atEnd    bool
		want     int
	}{
		{"look", false, 0},      // the caller verified it
		{"attr", false, 1},      // changed
		{"look,look", false, 0}, // verified at the end of the previous run
		{"attr,look", false, 1},
		{"attr,attr", true, 1},
		{"look", true, 0},
	} {
		verified = 0
		cfg.VerifyEach = !tc.atEnd
		pm, err := passmgr.Parse(reg, "builtin.module("+tc.pipeline+")")
		if err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(m, cfg); err != nil {
			t.Fatalf("%s: %v", tc.pipeline, err)
		}
		for range 2 {
			if err := cfg.Verify(m); err != nil {
				t.Fatalf("%s: Config.Verify: %v", tc.pipeline, err)
			}
		}
		if verified != tc.want {
			t.Errorf("shared record, %s (verified at the end: %v): the op verified %d times, want %d", tc.pipeline, tc.atEnd, verified, tc.want)
		}
	}
}

func TestVerifyEachAndReproducer(t *testing.T) {
	reg := passmgr.NewRegistry()
	reg.Register(&passmgr.Pass{Name: "break", Build: func(fs *flag.FlagSet) passmgr.RunFunc {
		return func(op *ir.Operation, st *passmgr.State) error {
			// Erase a terminator: the function body no longer verifies.
			f := op.Region(0).Front().First()
			f.Region(0).Front().Last().Erase()
			return nil
		}
	}}, &passmgr.Pass{Name: "boom", Build: func(fs *flag.FlagSet) passmgr.RunFunc {
		return func(op *ir.Operation, st *passmgr.State) error { panic("boom") }
	}})
	pm, _ := passmgr.Parse(reg, "builtin.module(break)")
	err := pm.Run(module(t), passmgr.DefaultConfig())
	if err == nil || !strings.Contains(err.Error(), "empty block: expect at least a terminator") {
		t.Fatalf("verify-each: %v", err)
	}
	if broken := (*passmgr.BrokenIR)(nil); !errors.As(err, &broken) || broken.Pass != "break" {
		t.Errorf("verify-each: %T %v, want a BrokenIR naming the pass", err, err)
	}
	noVerify := passmgr.DefaultConfig()
	noVerify.VerifyEach = false
	noVerify.Verified = passmgr.NewVerified()
	noVerify.Timer = &passmgr.Timer{}
	broken := module(t)
	if err := pm.Run(broken, noVerify); err != nil {
		t.Fatalf("verify-each off: %v", err)
	}
	// Without VerifyEach the caller verifies at the pipeline's end
	// (tt-translate, once a stage): the broken IR is caught there, and
	// IR that verified is not verified again until it changes.
	if err := noVerify.Verify(broken); err == nil || !strings.Contains(err.Error(), "empty block: expect at least a terminator") {
		t.Fatalf("Config.Verify of the broken module: %v", err)
	}
	if err := noVerify.Verify(module(t)); err != nil {
		t.Fatalf("Config.Verify of a good module: %v", err)
	}
	var report strings.Builder
	noVerify.Timer.Report(&report)
	if !strings.Contains(report.String(), "Verifier") {
		t.Errorf("Config.Verify's time is not in the timing report:\n%s", report.String())
	}
	path := filepath.Join(t.TempDir(), "repro.mlir")
	cfg := passmgr.DefaultConfig()
	cfg.CrashReproducer = path
	pm, _ = passmgr.Parse(reg, "builtin.module(boom)")
	err = pm.Run(module(t), cfg)
	if err == nil || !strings.Contains(err.Error(), "pass 'boom' crashed: boom") || !strings.Contains(err.Error(), "a reproducer was written to "+path) {
		t.Fatalf("crash: %v", err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pipeline, _, verify, ok := passmgr.ReadReproducer(string(b))
	if !ok || pipeline != "builtin.module(boom)" || !verify {
		t.Fatalf("reproducer metadata: %q %v %v", pipeline, verify, ok)
	}
	if _, err := asm.ParseString(all.NewContext(), string(b)); err != nil {
		t.Fatalf("reproducer IR does not parse: %v", err)
	}
}

func TestIRPrintingAndTiming(t *testing.T) {
	var log []string
	var mu sync.Mutex
	reg := registry(&log, &mu)
	pm, _ := passmgr.Parse(reg, "builtin.module(tt.func(f),m)")
	var out bytes.Buffer
	cfg := passmgr.DefaultConfig()
	cfg.IROut = &out
	cfg.PrintBefore = []string{"m"}
	cfg.PrintAfterAll = true
	cfg.Timer = &passmgr.Timer{}
	cfg.DisableThreading = true
	if err := pm.Run(module(t), cfg); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"// -----// IR Dump After f (f) ('tt.func' operation: @f0) //----- //\ntt.func @f0() {",
		"// -----// IR Dump Before m (m) ('builtin.module' operation) //----- //\nmodule {",
		"// -----// IR Dump After m (m) ('builtin.module' operation) //----- //",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("IR dump lacks %q in:\n%s", want, text)
		}
	}
	// Verification gets a line of its own, counted in the total.
	cfg.Timer.AddVerification(2 * time.Second)
	var rep bytes.Buffer
	cfg.Timer.Report(&rep)
	for _, want := range []string{"Execution time report", "'tt.func' Pipeline", "    f\n", "  m\n", "Verifier", "Total Execution Time: 2.0"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("timing report lacks %q:\n%s", want, rep.String())
		}
	}
}
