package ttopt

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// Registry is the pass registry tt-opt resolves pass flags in.
var Registry = passmgr.Default

// Run runs tt-opt with the given arguments and streams; it returns the
// process exit code.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args, Registry)
	if err != nil {
		return cli.Usagef(stderr, "tt-opt", "%v", err)
	}
	if o.help {
		printHelp(stdout)
		return 0
	}
	if o.version {
		io.WriteString(stdout, cli.VersionLine("tt-opt"))
		return 0
	}
	if o.listPasses {
		listPasses(stdout)
		return 0
	}
	if o.showDialects {
		ctx := all.NewContext()
		fmt.Fprintln(stdout, "Available Dialects:")
		for _, d := range ctx.Dialects() {
			fmt.Fprintln(stdout, d.Name)
		}
		return 0
	}
	src, err := readInput(o.input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		return 1
	}
	if o.runReproducer {
		pipeline, noThreads, verifyEach, ok := passmgr.ReadReproducer(src)
		if !ok {
			fmt.Fprintf(stderr, "tt-opt: %s holds no mlir_reproducer configuration\n", o.input)
			return 1
		}
		o.pipelineText = pipeline
		o.disableThreading = o.disableThreading || noThreads
		o.cfg.VerifyEach = verifyEach
	}
	t := &tool{o: o, name: displayName(o.input), srcs: asm.NewSourceMgr(), stderr: stderr}
	t.srcs.Add(t.name, src)
	if o.timing {
		o.cfg.Timer = &passmgr.Timer{}
	}
	if _, err := t.buildPipeline(); err != nil {
		fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		return 1
	}
	if o.dumpPipeline {
		pm, _ := t.buildPipeline()
		fmt.Fprintf(stderr, "Pass Manager with %s\n", pm.String())
	}
	var out strings.Builder
	failed := false
	chunks := []chunk{{text: src, firstLine: 1}}
	if o.split {
		chunks = splitInput(src)
	}
	for i, c := range chunks {
		if i > 0 {
			out.WriteString(o.splitMarker + "\n")
		}
		if !t.processChunk(c, &out) {
			failed = true
		}
	}
	if o.timing {
		start := time.Now()
		defer func() {
			o.cfg.Timer.AddPhase("Output", time.Since(start))
			o.cfg.Timer.Report(stderr)
		}()
	}
	// Like mlir-opt, a failed run keeps no output file; unlike it, the file
	// that was there before stays as it was.
	if failed && o.output != "-" {
		return 1
	}
	if err := writeOutput(o.output, out.String(), stdout); err != nil {
		fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

// tool holds one invocation's state.
type tool struct {
	o      *options
	name   string
	srcs   *asm.SourceMgr
	stderr io.Writer
	ctx    *ir.Context
	// emitted receives the non-fatal diagnostics passes report.
	emitted func(*ir.Diagnostic)
}

func (t *tool) buildPipeline() (*passmgr.PassManager, error) {
	pm := passmgr.New(Registry, "builtin.module")
	if t.o.pipelineText != "" {
		p, err := passmgr.Parse(Registry, t.o.pipelineText)
		if err != nil {
			return nil, err
		}
		pm = p
	}
	for _, f := range t.o.passes {
		if err := pm.AddPass(f.name, f.opts); err != nil {
			return nil, err
		}
	}
	return pm, nil
}

func (t *tool) context() *ir.Context {
	if t.ctx == nil {
		t.ctx = all.NewContext()
		t.ctx.AllowUnregistered = t.o.allowUnregistered
	}
	return t.ctx
}

// processChunk parses, verifies, transforms and prints one input chunk.
// It reports success; diagnostics go to stderr (or are checked against
// expectations with --verify-diagnostics).
func (t *tool) processChunk(c chunk, out *strings.Builder) bool {
	o := t.o
	var diags []*ir.Diagnostic
	report := func(err error, fallback ir.Location) {
		diags = append(diags, ir.AsDiagnostics(err, fallback)...)
	}
	var notes []*ir.Diagnostic
	t.emitted = func(d *ir.Diagnostic) { notes = append(notes, d) }
	text, ok := t.run(c, report)
	if o.verifyDiagnostics {
		exps, err := parseExpectations(c.text, c.firstLine)
		if err != nil {
			fmt.Fprintf(t.stderr, "%s:%v\n", t.name, err)
			return false
		}
		problems := checkDiagnostics(t.name, append(notes, diags...), exps, o.onlyExpected)
		for _, p := range problems {
			fmt.Fprintln(t.stderr, p)
		}
		if len(problems) > 0 {
			return false
		}
		if ok {
			out.WriteString(text)
		}
		return true
	}
	for _, d := range append(notes, diags...) {
		io.WriteString(t.stderr, t.srcs.Render(d))
	}
	if ok {
		out.WriteString(text)
	}
	return ok && len(diags) == 0
}

func (t *tool) run(c chunk, report func(error, ir.Location)) (string, bool) {
	o := t.o
	ctx := t.context()
	start := time.Now()
	op, err := asm.Parse(ctx, c.text, asm.ParseConfig{Filename: t.name, LineOffset: c.firstLine - 1})
	if o.cfg.Timer != nil {
		o.cfg.Timer.AddPhase("Parser", time.Since(start))
	}
	if err != nil {
		report(err, ir.FileLineCol(ctx, t.name, c.firstLine, 1))
		return "", false
	}
	if err := ir.Verify(op); err != nil {
		report(err, op.Loc())
		return "", false
	}
	pm, err := t.buildPipeline()
	if err != nil {
		report(err, op.Loc())
		return "", false
	}
	cfg := o.cfg
	cfg.IROut = t.stderr
	cfg.StatsOut = t.stderr
	cfg.Statistics = o.statistics
	cfg.DisableThreading = o.disableThreading
	cfg.CrashReproducer = o.crashReproducer
	cfg.Diagnostics = t.emitted
	cfg.PrintConfig = o.printConfig()
	cfg.PrintConfig.ElideElementsAttrsIfLarger = 0
	if err := pm.Run(op, &cfg); err != nil {
		report(err, op.Loc())
		return "", false
	}
	return asm.SprintVerified(op, o.printConfig()), true
}

// chunk is one `// -----`-separated piece of the input.
type chunk struct {
	text      string
	firstLine int
}

// splitInput splits on lines that are exactly the split marker `// -----`
// (MLIR also accepts trailing text after the dashes).
func splitInput(src string) []chunk {
	var out []chunk
	lines := strings.SplitAfter(src, "\n")
	var cur strings.Builder
	first := 1
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimRight(l, "\r\n"), "// -----") && !strings.HasPrefix(l, "// ------") {
			out = append(out, chunk{cur.String(), first})
			cur.Reset()
			first = i + 2
			continue
		}
		cur.WriteString(l)
	}
	return append(out, chunk{cur.String(), first})
}

func displayName(input string) string {
	if input == "-" {
		return "<stdin>"
	}
	return input
}

func readInput(path string, stdin io.Reader) (string, error) {
	b, err := cli.ReadInput(path, stdin)
	return string(b), err
}

func writeOutput(path, text string, stdout io.Writer) error {
	if path == "-" {
		_, err := io.WriteString(stdout, text)
		return err
	}
	return cli.WriteFile(path, []byte(text))
}

// listPasses prints every pass and named pipeline with its summary, and
// under it each option with its type, meaning and default.
func listPasses(w io.Writer) {
	fmt.Fprintln(w, "Passes:")
	for _, p := range Registry.Passes() {
		fmt.Fprintf(w, "  -%-45s %s\n", p.Name, p.Summary)
		if p.Build != nil {
			listOptions(w, p.Build)
		}
	}
	fmt.Fprintln(w, "Pipelines:")
	for _, p := range Registry.Pipelines() {
		fmt.Fprintf(w, "  -%-45s %s\n", p.Name, p.Summary)
		if p.Build != nil {
			listOptions(w, func(fs *flag.FlagSet) bool { p.Build(fs); return true })
		}
	}
}

// listOptions prints the options a pass declares on its flag set, as
// `name=<type>  usage (default: v)`, the spelling of `-pass{name=v}`.
func listOptions[T any](w io.Writer, build func(*flag.FlagSet) T) {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	build(fs)
	fs.VisitAll(func(f *flag.Flag) {
		typ, usage := flag.UnquoteUsage(f)
		if typ == "" {
			typ = "bool"
		}
		opt := fmt.Sprintf("%s=<%s>", f.Name, typ)
		def := ""
		if f.DefValue != "" {
			def = fmt.Sprintf(" (default: %s)", f.DefValue)
		}
		fmt.Fprintf(w, "      %-43s %s%s\n", opt, usage, def)
	})
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, `USAGE: tt-opt [options] [input file]

Reads MLIR text (Triton's tt, ttg, ttng, amdg and MLIR's core dialects), verifies it,
runs the requested passes in command-line order and prints the result.

OPTIONS:
  -o FILE                                  write the output to FILE (default stdout)
  -split-input-file                        process '// -----' separated chunks independently
  -verify-diagnostics                      check diagnostics against expected-* annotations
  -allow-unregistered-dialect              accept operations of unknown dialects
  -mlir-print-debuginfo                    print locations
  -mlir-print-op-generic                   print every op in the generic form
  -mlir-use-nameloc-as-prefix              name SSA values after their name locations
  -mlir-elide-elementsattrs-if-larger=N    elide large dense constants
  -mlir-print-elementsattrs-with-hex-if-larger=N  print larger dense constants as hex (default 100, -1 never)
  -output-split-marker=TEXT                join split chunks' outputs with TEXT (default '// -----')
  -pass-pipeline=TEXT                      run a textual pipeline, e.g. 'builtin.module(cse)'
  -PASS[=OPTIONS]                          run a registered pass (see -list-passes)
  -mlir-print-ir-before=P1,P2 / -after=    print IR around the named passes
  -mlir-print-ir-before-all / -after-all   print IR around every pass
  -mlir-print-ir-after-change              print IR after every pass that changed it
  -mlir-print-ir-after-failure             print IR after a pass that failed, only
  -mlir-print-ir-tree-dir=DIR              write each IR dump to its own file under DIR
  -mlir-print-ir-module-scope              print the whole module in IR dumps
  -mlir-print-local-scope                  print types, attributes, locations inline (no aliases)
  -mlir-print-value-users                  comment each value with its users
  -mlir-pretty-debuginfo                   print locations readably (with -mlir-print-debuginfo)
  -mlir-print-assume-verified              print custom forms without verifying first
  -mlir-timing                             report the time of every pass
  -mlir-pass-statistics                    report pass statistics
  -verify-each[=false]                     verify after every pass (default true)
  -mlir-pass-pipeline-crash-reproducer=F   on failure, write a reproducer to F
  -run-reproducer                          run the pipeline stored in the input reproducer
  -mlir-disable-threading                  run nested pipelines sequentially
  -list-passes (with options), -show-dialects, -dump-pass-pipeline, -help, -version
`)
}
