package tttranslate

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/passmgr"
)

// Run runs tt-translate with the given arguments and streams and returns
// the process exit code.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cl, err := parseArgs(args)
	switch {
	case err == flag.ErrHelp:
		printHelp(stdout)
		return 0
	case err == errVersion:
		io.WriteString(stdout, cli.VersionLine("tt-translate"))
		return 0
	case err != nil:
		return cli.Usagef(stderr, "tt-translate", "%v", err)
	}
	if isPythonInput(cl.input) {
		return runPython(cl, stdout, stderr)
	}
	if isIRTarget(cl.opts.Target) {
		return runIRTarget(cl, stdin, stdout, stderr)
	}
	src, name, err := readInput(cl.input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tt-translate: %v\n", err)
		return 1
	}
	o := cl.opts
	o.Pass.IROut = stderr
	if cl.timing {
		o.Pass.Timer = &passmgr.Timer{}
	}
	// The key only when the cache is on: it hashes the input and, for a
	// build without a recorded commit, the executable itself.
	cache := cl.cache(stderr)
	var key compilecache.Key
	if cache != nil {
		key = OptionsKey(compilecache.NewKey("tt-translate").String("name", name).String("input", src), &o).Sum()
	}
	res, _, err := CompileCached(cache, key, stderr, func(diags io.Writer) (*Result, error) {
		o.Pass.IROut = diags
		return CompileSource(name, src, o)
	}, nil)
	if errors.Is(err, ErrNoKernel) {
		fmt.Fprintf(stderr, "tt-translate: %s: %v\n", name, err)
		return 1
	}
	if err != nil {
		return reportFailure(err, cl.output, func(err error) string { return RenderError(name, src, err) }, stderr)
	}
	io.WriteString(stderr, NotBuiltWarning(res.NotBuilt))
	start := time.Now()
	if err := writeOutputs(cl.output, res, stdout); err != nil {
		fmt.Fprintf(stderr, "tt-translate: %v\n", err)
		return 1
	}
	if o.DumpStages != "" {
		path := filepath.Join(o.DumpStages, "out."+extension(o.Target))
		if err := cli.WriteFile(path, res.Output); err != nil {
			fmt.Fprintf(stderr, "tt-translate: %v\n", err)
			return 1
		}
	}
	if t := o.Pass.Timer; t != nil {
		t.AddPhase("Output", time.Since(start))
		t.Report(stderr)
	}
	return 0
}

// cmdline is tt-translate's parsed command line.
type cmdline struct {
	input, output string
	timing        bool
	noCache       bool
	opts          Options
	py            pythonArgs
}

// errVersion is parseArgs' answer to --version.
var errVersion = errors.New("version requested")

// parseArgs reads flags (-flag, --flag, -flag=v, -flag v) and one input
// file in any order.
func parseArgs(args []string) (*cmdline, error) {
	cl := &cmdline{output: "-", opts: DefaultOptions()}
	o := &cl.opts
	fs := flag.NewFlagSet("tt-translate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.Target, "target", o.Target, "")
	fs.StringVar(&o.Arch, "arch", "", "")
	fs.IntVar(&o.NumWarps, "num-warps", o.NumWarps, "")
	fs.IntVar(&o.NumStages, "num-stages", o.NumStages, "")
	fs.IntVar(&o.NumCTAs, "num-ctas", o.NumCTAs, "")
	fs.StringVar(&o.PTXVersion, "ptx-version", "", "")
	fs.BoolVar(&o.FPFusion, "enable-fp-fusion", o.FPFusion, "")
	fs.BoolVar(&o.LineInfo, "line-info", o.LineInfo, "")
	fs.StringVar(&o.LLC, "llc", "", "")
	fs.StringVar(&o.LLD, "lld", "", "")
	fs.StringVar(&o.DumpStages, "dump-stages", "", "")
	fs.BoolVar(&o.Remarks, "remarks", remarksFromEnv(), "")
	fs.BoolVar(&o.GridVariant, "grid-variant", false, "")
	tritonFlags(fs, &o.Triton)
	fs.StringVar(&cl.output, "o", "-", "")
	fs.BoolVar(&cl.timing, "mlir-timing", false, "")
	fs.BoolVar(&cl.noCache, "no-cache", false, "")
	registerPythonFlags(fs, &cl.py)
	c := &o.Pass
	fs.BoolVar(&c.VerifyEach, "verify-each", c.VerifyEach, "")
	fs.BoolVar(&c.PrintAfterAll, "mlir-print-ir-after-all", false, "")
	fs.BoolVar(&c.PrintBeforeAll, "mlir-print-ir-before-all", false, "")
	fs.BoolVar(&c.PrintModuleScope, "mlir-print-ir-module-scope", false, "")
	fs.BoolVar(&c.DisableThreading, "mlir-disable-threading", false, "")
	fs.BoolVar(&c.PrintConfig.DebugInfo, "mlir-print-debuginfo", false, "")
	fs.StringVar(&c.CrashReproducer, "mlir-pass-pipeline-crash-reproducer", "", "")
	fs.StringVar(&o.ReproducerPath, "reproducer-path", "", "")
	fs.Func("mlir-print-ir-after", "", func(s string) error { c.PrintAfter = append(c.PrintAfter, splitList(s)...); return nil })
	fs.Func("mlir-print-ir-before", "", func(s string) error { c.PrintBefore = append(c.PrintBefore, splitList(s)...); return nil })
	version := fs.Bool("version", false, "")
	once := cli.NewOnce()
	once.Guard(fs, "constexpr", "mlir-print-ir-after", "mlir-print-ir-before")
	var inputs []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, cli.FlagError("tt-translate", once.Err(err), args)
		}
		if fs.NArg() == 0 {
			break
		}
		inputs = append(inputs, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if *version {
		return nil, errVersion
	}
	switch len(inputs) {
	case 0:
		cl.input = "-"
	case 1:
		cl.input = inputs[0]
	default:
		return nil, fmt.Errorf("too many input files: %s", strings.Join(inputs, " "))
	}
	if _, ok := emitters[o.Target]; !ok && !isIRTarget(o.Target) {
		return nil, fmt.Errorf("unknown target %q (want one of %s)", o.Target, strings.Join(targetNames(), ", "))
	}
	if !isPythonInput(cl.input) && (cl.py.kernel != "" || cl.py.signature != "" || len(cl.py.constexprs) > 0) {
		// IR names its kernels itself; a flag that would change nothing is a mistake to report.
		return nil, fmt.Errorf("--kernel, --signature and --constexpr apply to Python (.py) input; %s is IR", cl.input)
	}
	if o.GridVariant && o.Target != "ptx" {
		// The variant is a second entry of a PTX module; another target
		// would silently get none.
		return nil, fmt.Errorf("--grid-variant applies to --target=ptx (a second entry of the PTX module), not --target=%s", o.Target)
	}
	if o.NumWarps <= 0 || o.NumWarps&(o.NumWarps-1) != 0 {
		return nil, fmt.Errorf("--num-warps must be a power of two, got %d", o.NumWarps)
	}
	stagesSet, emptyArch := false, false
	fs.Visit(func(f *flag.Flag) {
		stagesSet = stagesSet || f.Name == "num-stages"
		o.NumWarpsGiven = o.NumWarpsGiven || f.Name == "num-warps"
		emptyArch = emptyArch || f.Name == "arch" && o.Arch == ""
	})
	if emptyArch {
		// "" is the default's spelling inside; given, it is a script's
		// empty variable, not a choice of sm_90.
		return nil, fmt.Errorf("--arch is empty (give one of %s, or leave --arch out for the target's default)", strings.Join(SupportedArchs, ", "))
	}
	if !stagesSet && isAMD(o.arch()) {
		o.NumStages = 2 // Triton's HIPOptions default
	}
	if o.NumStages < 1 {
		return nil, fmt.Errorf("--num-stages must be at least 1, got %d", o.NumStages)
	}
	if o.ReproducerPath == "-" {
		// Triton's "-" prints to stdout, where tt-translate's output goes.
		return nil, fmt.Errorf("--reproducer-path takes a path prefix (the stages' reproducers go to PREFIX.make_<stage>.repro.mlir), not '-'")
	}
	if err := passmgr.Default.CheckPrintNames(&o.Pass); err != nil {
		return nil, err
	}
	if err := checkCommandLine(o); err != nil {
		return nil, err
	}
	if err := checkTritonOptions(o); err != nil {
		return nil, err
	}
	return cl, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func readInput(path string, stdin io.Reader) (src, name string, err error) {
	b, err := cli.ReadInput(path, stdin)
	if err != nil {
		return "", "", err
	}
	if path == "-" {
		return string(b), "<stdin>", nil
	}
	return string(b), path, nil
}

// writeOutputs writes the output, and for a regular file output the
// kernel metadata beside it (out.ptx -> out.json; /dev/null gets none).
// Each file is replaced whole, or not at all.
func writeOutputs(path string, res *Result, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(res.Output)
		return err
	}
	if !cli.IsRegularPath(path) {
		return cli.WriteFile(path, res.Output)
	}
	meta, err := Metadata(res.Kernels)
	if err != nil {
		return err
	}
	if err := cli.WriteFile(path, res.Output); err != nil {
		return err
	}
	return cli.WriteFile(MetadataPath(path), meta)
}

// MetadataPath is where the metadata of an output file goes: the same
// path with the extension replaced by .json.
func MetadataPath(out string) string {
	return strings.TrimSuffix(out, filepath.Ext(out)) + ".json"
}

func extension(target string) string {
	switch target {
	case "llvmir":
		return "ll"
	case "amdgcn":
		return "s"
	}
	return target
}

func targetNames() []string {
	var out []string
	for _, t := range []string{"ptx", "llvmir", "amdgcn", "hsaco"} {
		if _, ok := emitters[t]; ok {
			out = append(out, t)
		}
	}
	return out
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, `USAGE: tt-translate [options] FILE
       tt-translate kernel.py --kernel NAME --signature "*fp32:16, *fp32:16, i32, 1024" [--constexpr NAME=V]...

Compiles a Triton kernel (TTIR, TTGIR, or per-thread llvm+gpu IR; the stage is
detected; or a @triton.jit function of a .py file, compiled by tt's front end
for the signature, in triton.tools.compile's syntax) through the rest of the
pipeline and prints PTX, LLVM IR, AMDGCN, or the TTIR/TTGIR after make_ttir /
make_ttgir (--target=ttir|ttgir).
With -o FILE, the kernel metadata {"name","num_warps","num_ctas",
"cluster_dims","shared","target"} is written next to it as FILE's base
name + .json.
Exit status: 0 compiled, 1 refused with diagnostics, 3 the kernel needs more
shared memory than the target has (the .json then holds {"error": {"kind":
"out_of_resources", "resource", "required", "limit", "arch"}}, in bytes).
An option that takes one value may be given once (or again with the same
value); inputs are read up to `+fmt.Sprint(cli.MaxInputBytes>>20)+` MiB.

OPTIONS:
  --target=ptx|llvmir|amdgcn|hsaco|ttir|ttgir  output (default ptx; hsaco:
                                      an AMD code object, llc-19 then ld.lld-19)
  --kernel=NAME --signature=SIG       Python input: the kernel and its specialization
  --constexpr NAME=VALUE              Python input: a tl.constexpr argument
  --arch=ARCH                         GPU architecture (default sm_90; gfx942 for amdgcn):
                                      sm_70 sm_75 sm_80 sm_86 sm_87 sm_89 sm_90 sm_90a sm_100
                                      sm_100a sm_120 gfx90a gfx942 gfx950 gfx1100 gfx1200;
                                      gfx runs the AMD pipelines (64-lane wavefronts on CDNA)
  --num-warps=N --num-stages=N        Triton's compile parameters (default 4, and 3; 2 on AMD)
  --num-ctas=N                        CTAs per cluster: 1, 2, 4, 8, 16 (default 1; > 1 on sm_90+)
  --ptx-version=M.m                   PTX .version to print
  --enable-fp-fusion[=false]          contract mul+add into fma (default true)
  --line-info[=false]                 source positions in the PTX (.loc/.file) for
                                      profilers and nvdisasm -g (default true; Triton's
                                      TRITON_DISABLE_LINE_INFO=1 is --line-info=false)
  Triton's other compile options (the NVIDIA backend's; tools/tttranslate/triton.go):
  --enable-reflect-ftz[=false]        libdevice's flush-to-zero path (default true)
  --maxnreg=N                         at most N registers a thread (.maxnreg)
  --extern-libs=libdevice=PATH        accepted: tt implements libdevice's functions itself
  --debug --sanitize-overflow --launch-cooperative-grid --launch-pdl
                                      accepted: they change nothing after the TTIR
  --kernel-abi=tt|triton              triton: Triton 3.6's launcher ABI (two trailing
                                      scratch pointers; their sizes in the metadata)
  --llc=PATH                          llc for amdgcn and hsaco (default: llc on PATH)
  --lld=PATH                          ld.lld for hsaco (default: ld.lld on PATH)
  --grid-variant                      (ptx only) a kernel tt makes persistent also gets an entry
                                      NAME__tt_grid on the grid's own schedule, for a launcher
                                      to run where the grid is one wave of its CTAs (metadata
                                      "grid_variant"; the Triton plugin does)
  -o FILE                             output file (default stdout)
  --dump-stages=DIR                   write the IR after each stage into DIR, the output
                                      as out.<ext>, and the LLVM IR as out.ll for any target
  --remarks                           print the passes' remarks too (default: only warnings
                                      and errors; MLIR_ENABLE_DIAGNOSTICS=remarks, as in Triton)
  --no-cache                          neither read nor write the compile cache
                                      ($TT_CACHE_DIR, default the user cache dir's tt/)
  --mlir-print-ir-after-all / --mlir-print-ir-before-all
  --mlir-print-ir-after=P1,P2 / --mlir-print-ir-before=P1,P2
  --mlir-print-ir-module-scope  --mlir-print-debuginfo  --mlir-timing
  --mlir-disable-threading
  --verify-each                       verify the IR after every pass (default: after each
                                      stage, as LLVM's opt does; MLIR's tools verify each pass)
  --mlir-pass-pipeline-crash-reproducer=FILE
                                      on a pass's failure, write the IR it was given and
                                      the rest of its stage's pipeline to FILE
  --reproducer-path=PREFIX            before each stage runs, write the IR it starts from
                                      and its pipeline to PREFIX.make_ttir.repro.mlir,
                                      PREFIX.make_ttgir.repro.mlir, PREFIX.make_llir.repro.mlir
                                      (Triton's TRITON_REPRODUCER_PATH; a failing stage's
                                      file then holds the pipeline from the failing pass);
                                      tt-opt FILE --run-reproducer runs the stage again
  --help, --version
`)
}
