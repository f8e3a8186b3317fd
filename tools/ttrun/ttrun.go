package ttrun

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/sim"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// usageHead is the start of the --help text; usage adds the backends
// registered (usage.go).
const usageHead = `usage: tt-run FILE --kernel NAME --grid X[,Y,Z] [--arg [NAME=]@in.npy | [NAME=]VALUE]...
              [--constexpr NAME=VALUE]... [--signature SIG]   (FILE.py: a @triton.jit kernel)
              [--out NAME=out.npy]... [--backend NAME] [--arch ARCH] [--workers N] [--sms N]
              [--timeout DURATION] [--no-cache] [--autotune] [--no-fp-fusion] [--no-race-check] [--no-verify]
              [--check NAME=@expect.npy [--tol T | --rtol R --atol A]]...
       tt-run --manifest DIR/manifest.json [--only a,b] [--ir ttir|ttgir] [--backend NAME]
       tt-run --help | --version

Runs a Triton kernel (TTIR, TTGIR, or a @triton.jit function in a .py
file, which tt compiles specialized for the arguments as Triton's launcher
does: buffers are 16-byte aligned, integers equal to 1 become constants,
--constexpr sets tl.constexpr parameters, --signature overrides argument
types, e.g. *bf16 for bfloat16 bit patterns) over a launch grid: numbers,
or Python expressions of the arguments and constexprs ("cdiv(n, BLOCK_SIZE)",
needed when --autotune picks the block). Pointer parameters
take NumPy .npy buffers (@file); scalar parameters take values. Arguments
are matched by parameter name (NAME=...) or else by position. --out writes
a buffer after the run (whole, or not at all); --check compares it with an expectation: --tol T is
the relative Frobenius error bound ||out-expect||/||expect|| <= T (as case
manifests define tol), --rtol/--atol are numpy.allclose bounds, neither
means exact; integer data are always compared exactly. bfloat16 and fp8
buffers are .npy uint16/uint8 arrays of bit patterns.
`

// usageTail follows the list of backends in the --help text.
const usageTail = `
--arch is the architecture sim and cuda compile for (sim: sm_90 unless
given; gfx942 simulates 64-lane wavefronts; cuda: the device's).
--sms is the number of SMs sim simulates (default 3): kernels read it as
%nsmid (a persistent kernel's program count), and a CTA's %smid is its
linear index in the grid modulo it.
The grid may not exceed what the target allows (on NVIDIA 2^31-1 x 65535
x 65535 programs; the interpreter: 2^31-1 each, program ids being i32).

--workers limits the program instances (CTAs) interp and sim run at once
(1: in order); memory does not grow with the grid. --timeout (300ms, 2m,
or seconds) stops a run that takes longer, as does Ctrl-C, at once, even
inside a loop that never ends; on a terminal a progress line counts the
programs of a run longer than a second. --no-fp-fusion keeps a*b+c as two
roundings (Triton's enable_fp_fusion=False) instead of the fma the GPU
contracts it to (interp); --no-race-check turns sim's race detector off.

Compilations (a .py kernel to TTIR, a kernel to PTX for cuda) are kept in
the compile cache ($TT_CACHE_DIR, default the user cache directory's tt/);
--no-cache neither reads nor writes it. --autotune runs a .py kernel's
@triton.autotune: every configuration is compiled (in parallel), timed on
the GPU, the table printed, the winner kept in the cache per key and run.

--manifest runs every case of a manifest (shared/kernels/cases format) and
checks Triton's outputs, poisoning float outputs with NaN first.
Exit status: 0 ok, 1 mismatch, kernel error or --timeout, 2 usage error,
130 interrupted.
`

type options struct {
	file, kernel, backend string
	grid                  [3]int
	gridExprs             []string // --grid of expressions (evaluated per launch)
	gridSet               bool
	args                  []string
	outs, checks          []string
	tol                   Tolerance
	noVerify, noFusion    bool
	noRaceCheck           bool
	workers               int
	sms                   int
	manifest, only, ir    string
	arch                  string
	python                PythonKernel // --constexpr, --signature (Python kernels)
	timeout               time.Duration
	noCache, autotune     bool
	version               bool
}

// Run is tt-run's main: it returns the exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return RunContext(context.Background(), args, stdin, stdout, stderr)
}

// RunContext is Run stopped when ctx is done (cmd/tt-run cancels it on
// Ctrl-C): the kernel stops at once and the exit status is 130.
func RunContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err != nil {
		return cli.Usagef(stderr, "tt-run", "%v", err)
	}
	switch {
	case o == nil:
		fmt.Fprint(stdout, usage())
		return 0
	case o.version:
		io.WriteString(stdout, cli.VersionLine("tt-run"))
		return 0
	}
	b, err := LookupBackend(o.backend)
	if err != nil {
		return cli.Usagef(stderr, "tt-run", "%v", err)
	}
	cache := openCache(o.noCache, stderr)
	if b, err = configure(b, o, cache); err != nil {
		return cli.Usagef(stderr, "tt-run", "%v", err)
	}
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	r := &runner{o: o, b: b, ctx: ctx, cache: cache, stdout: stdout, stderr: stderr}
	if o.manifest != "" {
		return r.manifest()
	}
	return r.kernel(stdin)
}

// repeatableRunFlags are the flags given once a value each; every other
// flag takes one value (cli.Once).
var repeatableRunFlags = map[string]bool{"arg": true, "out": true, "check": true, "constexpr": true}

func parseArgs(args []string) (*options, error) {
	o := &options{backend: "interp", ir: "ttir"}
	once := cli.NewOnce()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			if o.file != "" {
				return nil, fmt.Errorf("more than one input file (%q, %q)", o.file, a)
			}
			o.file = a
			continue
		}
		name := strings.TrimLeft(a, "-")
		val, has := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, val, has = name[:j], name[j+1:], true
		}
		got, gotOK := "", false // the value next took
		next := func() (string, error) {
			if !has {
				if i+1 >= len(args) {
					return "", fmt.Errorf("flag --%s needs a value", name)
				}
				i++
				val = args[i]
			}
			got, gotOK = val, true
			return val, nil
		}
		var err error
		switch name {
		case "h", "help":
			return nil, nil
		case "version":
			o.version = true
		case "no-cache":
			o.noCache = true
		case "autotune":
			o.autotune = true
		case "timeout":
			var v string
			if v, err = next(); err == nil {
				o.timeout, err = parseTimeout(v)
			}
		case "no-verify":
			o.noVerify = true
		case "no-fp-fusion":
			o.noFusion = true
		case "no-race-check":
			o.noRaceCheck = true
		case "arch":
			o.arch, err = next()
		case "kernel":
			o.kernel, err = next()
		case "backend":
			o.backend, err = next()
		case "grid":
			var v string
			if v, err = next(); err == nil {
				o.grid, o.gridExprs, err = parseGrid(v)
				o.gridSet = true
			}
		case "arg":
			var v string
			if v, err = next(); err == nil {
				o.args = append(o.args, v)
			}
		case "out":
			var v string
			if v, err = next(); err == nil {
				o.outs = append(o.outs, v)
			}
		case "check":
			var v string
			if v, err = next(); err == nil {
				o.checks = append(o.checks, v)
			}
		case "tol", "rtol", "atol":
			var v string
			var f float64
			if v, err = next(); err == nil {
				if f, err = strconv.ParseFloat(v, 64); err != nil {
					err = fmt.Errorf("--%s takes a number, got %q", name, v)
				} else if f < 0 {
					err = fmt.Errorf("--%s must not be negative", name)
				}
			}
			switch name {
			case "tol":
				o.tol.Tol = f
			case "rtol":
				o.tol.RTol = f
			default:
				o.tol.ATol = f
			}
		case "workers":
			var v string
			if v, err = next(); err == nil {
				if o.workers, err = strconv.Atoi(v); err != nil || o.workers < 1 {
					err = fmt.Errorf("--workers takes a count of at least 1, got %q", v)
				}
			}
		case "sms":
			var v string
			if v, err = next(); err == nil {
				if o.sms, err = strconv.Atoi(v); err == nil && (o.sms < 1 || o.sms > sim.MaxSMs) {
					err = fmt.Errorf("--sms must be between 1 and %d", sim.MaxSMs)
				}
			}
		case "constexpr":
			var v string
			if v, err = next(); err == nil {
				o.python.Constexprs = append(o.python.Constexprs, v)
			}
		case "signature":
			o.python.Signature, err = next()
		case "manifest":
			o.manifest, err = next()
		case "only":
			o.only, err = next()
		case "ir":
			if o.ir, err = next(); err == nil && o.ir != "ttir" && o.ir != "ttgir" {
				err = fmt.Errorf("--ir must be ttir or ttgir")
			}
		default:
			return nil, cli.UnknownFlag("tt-run", a)
		}
		if err == nil && gotOK && !repeatableRunFlags[name] {
			err = once.Set(name, got)
		}
		if err != nil {
			return nil, err
		}
	}
	if o.version {
		return o, nil
	}
	if o.manifest == "" {
		if o.file == "" {
			return nil, fmt.Errorf("no input file")
		}
		if !o.gridSet {
			return nil, fmt.Errorf("--grid is required")
		}
	}
	if o.tol.Tol > 0 && (o.tol.RTol > 0 || o.tol.ATol > 0) {
		return nil, fmt.Errorf("--tol (Frobenius) and --rtol/--atol (elementwise) are exclusive")
	}
	return o, nil
}

// configure applies the flags that belong to one backend, and refuses
// those given to another.
func configure(b Backend, o *options, cache *compilecache.Cache) (Backend, error) {
	if o.arch != "" && !slices.Contains(tttranslate.SupportedArchs, o.arch) {
		// Refused here, as a usage error, not by the compilation.
		return nil, fmt.Errorf("--arch=%s is not supported (supported: %s)", o.arch, strings.Join(tttranslate.SupportedArchs, ", "))
	}
	switch b := b.(type) {
	case Interp:
		if o.arch != "" || o.noRaceCheck || o.sms != 0 {
			return nil, fmt.Errorf("--arch, --no-race-check and --sms apply to --backend sim (and --arch to cuda)")
		}
		b.Workers, b.NoFPContraction = o.workers, o.noFusion
		return b, nil
	case Sim:
		if o.noFusion {
			return nil, fmt.Errorf("--no-fp-fusion applies to --backend interp; sim runs the lowered code's own fma contraction")
		}
		b.Arch, b.Workers, b.NoRaceCheck, b.SMs = o.arch, o.workers, o.noRaceCheck, o.sms
		return b, nil
	case CUDA:
		if o.noRaceCheck || o.noFusion || o.sms != 0 {
			return nil, fmt.Errorf("--no-race-check, --no-fp-fusion and --sms do not apply to --backend cuda")
		}
		b.Arch, b.Cache = o.arch, cache
		return b, nil
	}
	return b, nil
}

// openCache opens the compile cache, unless --no-cache; a cache that
// cannot be opened is a warning, and the run goes on without it.
func openCache(noCache bool, stderr io.Writer) *compilecache.Cache {
	if noCache {
		return nil
	}
	return compilecache.DefaultOrWarn(stderr, "tt-run")
}

// parseGrid reads --grid: up to three dimensions, numbers or Python
// expressions over the arguments and meta-parameters
// ("cdiv(n, BLOCK_SIZE)"), which are returned to be evaluated per launch.
func parseGrid(s string) ([3]int, []string, error) {
	g := [3]int{1, 1, 1}
	parts := splitTopLevel(s)
	if len(parts) > 3 {
		return g, nil, fmt.Errorf("--grid takes at most 3 dimensions")
	}
	exprs := false
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		switch {
		case err != nil && strings.TrimSpace(p) != "" && !looksLikeNumber(p):
			exprs = true
		case err != nil || v < 1:
			return g, nil, fmt.Errorf("bad grid dimension %q", p)
		default:
			g[i] = v
		}
	}
	if exprs {
		return g, parts, nil
	}
	return g, nil, nil
}

// splitTopLevel splits at the commas outside brackets.
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// evalGrid evaluates --grid expressions with the launch's values.
func evalGrid(exprs []string, vars *triton.Dict) ([3]int, error) {
	g := [3]int{1, 1, 1}
	for i, e := range exprs {
		v, err := triton.EvalExpr(strings.TrimSpace(e), vars)
		if err != nil {
			return g, fmt.Errorf("--grid dimension %d (%s): %v", i, strings.TrimSpace(e), err)
		}
		n, ok := triton.AsInt(v)
		if !ok || n < 1 || n > 1<<40 {
			return g, fmt.Errorf("--grid dimension %d (%s) is %v, not a positive integer", i, strings.TrimSpace(e), v)
		}
		g[i] = int(n)
	}
	return g, nil
}

// gridVars are what --grid expressions see: the kernel's arguments by
// name (buffers as host tensors) and a Python kernel's constexprs.
func gridVars(k *Kernel, args []Arg) *triton.Dict {
	d := triton.NewDict()
	for _, a := range args {
		switch {
		case a.IsPointer():
			shape := make([]int64, len(a.Buffer.Shape))
			for i, s := range a.Buffer.Shape {
				shape[i] = int64(s)
			}
			if obj, err := triton.BufferArg(triton.SignatureType(a.Type), shape...); err == nil {
				d.Set(a.Name, obj)
			}
		case ir.IsFloat(a.Type):
			d.Set(a.Name, triton.FloatArg(a.Float))
		default:
			d.Set(a.Name, triton.IntArg(a.Int))
		}
	}
	for n, v := range k.Meta {
		d.Set(n, v)
	}
	return d
}

// runner is one tt-run invocation with its backend and context.
type runner struct {
	o              *options
	b              Backend
	ctx            context.Context
	cache          *compilecache.Cache // nil: --no-cache
	stdout, stderr io.Writer
}

func (r *runner) errorf(format string, args ...any) {
	fmt.Fprintf(r.stderr, "tt-run: %s\n", strings.TrimRight(fmt.Sprintf(format, args...), "\n"))
}

func (r *runner) kernel(stdin io.Reader) int {
	o := r.o
	var k *Kernel
	var err error
	var config *triton.Config
	if o.autotune && !isPython(o.file) {
		return cli.Usagef(r.stderr, "tt-run", "--autotune runs a Python kernel's @triton.autotune: give a .py file")
	}
	if isPython(o.file) {
		p := o.python
		p.Path, p.Kernel, p.Args, p.Cache = o.file, o.kernel, o.args, r.cache
		if o.autotune {
			var code int
			if config, code = r.tune(p); config == nil {
				return code
			}
			p.Config = config
		}
		k, o.args, err = LoadPython(p)
	} else if o.file == "-" {
		data, rerr := cli.ReadInput("-", stdin)
		if rerr != nil {
			r.errorf("%v", rerr)
			return 1
		}
		k, err = LoadKernel("<stdin>", string(data), o.kernel, o.noVerify)
	} else {
		k, err = LoadKernelFile(o.file, o.kernel, o.noVerify)
	}
	if err != nil {
		r.errorf("%v", err)
		return 1
	}
	args, err := bindArgs(k, o.args)
	if err != nil {
		return cli.Usagef(r.stderr, "tt-run", "%v", err)
	}
	outs, err := namedFiles(o.outs, args, "--out")
	if err != nil {
		return cli.Usagef(r.stderr, "tt-run", "%v", err)
	}
	checks, err := namedFiles(o.checks, args, "--check")
	if err != nil {
		return cli.Usagef(r.stderr, "tt-run", "%v", err)
	}
	grid, err := r.gridFor(k, args)
	if err != nil {
		return cli.Usagef(r.stderr, "tt-run", "%v", err)
	}
	if err := resources.CheckGrid(grid, gridArch(r.b)); err != nil {
		return cli.Usagef(r.stderr, "tt-run", "%v", err)
	}
	var lo Options
	if config != nil {
		lo = configOptions(config)
	}
	if code := r.launch(k, grid, args, lo); code != 0 {
		return code
	}
	status := 0
	for _, f := range outs {
		if err := writeNpyFile(f.path, *args[f.arg].Buffer); err != nil {
			r.errorf("%v", err)
			status = 1
		}
	}
	for _, f := range checks {
		a := &args[f.arg]
		want, err := npy.ReadFile(f.path)
		if err != nil {
			r.errorf("%v", err)
			return 1
		}
		kind := elementKind(a.Type)
		gv, integer, err1 := Values(a.Buffer, kind)
		wv, _, err2 := Values(&want, kind)
		if err1 != nil || err2 != nil {
			r.errorf("--check %s: %v", a.Name, firstErr(err1, err2))
			return 1
		}
		if len(gv) != len(wv) {
			r.errorf("--check %s: output has %d elements, expectation %d", a.Name, len(gv), len(wv))
			status = 1
			continue
		}
		c := Compare(gv, wv, want.Shape, o.tol, integer)
		word := "PASS"
		if !c.Pass {
			word, status = "FAIL", 1
		}
		fmt.Fprintf(r.stdout, "%s %s: %s\n", word, a.Name, c)
	}
	return status
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// bindArgs matches --arg values to parameters: NAME=... by name, the rest
// in order into the parameters not named.
func bindArgs(k *Kernel, specs []string) ([]Arg, error) {
	names := ParamNames(k.Func)
	types := k.Func.Region(0).Front().ArgumentTypes()
	index := map[string]int{}
	for i, n := range names {
		index[n] = i
	}
	vals := make([]string, len(names))
	set := make([]bool, len(names))
	var positional []string
	for _, s := range specs {
		if j := strings.IndexByte(s, '='); j > 0 {
			if i, ok := index[s[:j]]; ok {
				if set[i] {
					return nil, fmt.Errorf("argument %s given twice", s[:j])
				}
				vals[i], set[i] = s[j+1:], true
				continue
			}
			if !strings.HasPrefix(s, "@") && !looksLikeNumber(s) {
				return nil, fmt.Errorf("kernel @%s has no parameter %q (parameters: %s)", k.Name, s[:j], strings.Join(names, ", "))
			}
		}
		positional = append(positional, s)
	}
	for i := range vals {
		if !set[i] && len(positional) > 0 {
			vals[i], set[i], positional = positional[0], true, positional[1:]
		}
	}
	if len(positional) > 0 {
		return nil, fmt.Errorf("too many arguments: kernel @%s takes %d", k.Name, len(names))
	}
	args := make([]Arg, len(names))
	for i, n := range names {
		if !set[i] {
			return nil, fmt.Errorf("missing argument %s (%s)", n, typeName(types[i]))
		}
		a := Arg{Name: n, Type: types[i]}
		if isPointer(types[i]) {
			if !strings.HasPrefix(vals[i], "@") {
				return nil, fmt.Errorf("pointer argument %s needs a buffer: %s=@file.npy", n, n)
			}
			arr, err := npy.ReadFile(vals[i][1:])
			if err != nil {
				return nil, fmt.Errorf("argument %s: %v", n, err)
			}
			a.Buffer = &arr
		} else if err := setScalar(&a, vals[i]); err != nil {
			return nil, fmt.Errorf("argument %s: %v", n, err)
		}
		args[i] = a
	}
	return args, nil
}

func looksLikeNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// setScalar parses a scalar argument for its parameter type.
func setScalar(a *Arg, v string) error {
	if ir.IsFloat(a.Type) {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("%q is not a number for a %s parameter", v, typeName(a.Type))
		}
		a.Float = f
		return nil
	}
	if !ir.IsIntOrIndex(a.Type) {
		return fmt.Errorf("parameters of type %s cannot be given on the command line", typeName(a.Type))
	}
	switch strings.ToLower(v) {
	case "true":
		a.Int = 1
		return nil
	case "false":
		a.Int = 0
		return nil
	}
	n, err := strconv.ParseInt(v, 0, 64)
	if err != nil {
		u, uerr := strconv.ParseUint(v, 0, 64)
		if uerr != nil {
			return fmt.Errorf("%q is not an integer for a %s parameter", v, typeName(a.Type))
		}
		n = int64(u)
	}
	a.Int = n
	return nil
}

type namedFile struct {
	arg  int
	path string
}

// namedFiles parses NAME=path or NAME=@path entries naming buffer args.
func namedFiles(specs []string, args []Arg, flag string) ([]namedFile, error) {
	var out []namedFile
	for _, s := range specs {
		j := strings.IndexByte(s, '=')
		if j <= 0 {
			return nil, fmt.Errorf("%s takes NAME=FILE, got %q", flag, s)
		}
		name, path := s[:j], strings.TrimPrefix(s[j+1:], "@")
		found := -1
		for i := range args {
			if args[i].Name == name {
				found = i
			}
		}
		if found < 0 {
			return nil, fmt.Errorf("%s: no parameter %q", flag, name)
		}
		if args[found].Buffer == nil {
			return nil, fmt.Errorf("%s: parameter %q is not a buffer", flag, name)
		}
		out = append(out, namedFile{found, path})
	}
	return out, nil
}

func (r *runner) manifest() int {
	o := r.o
	m, err := ReadManifest(o.manifest)
	if err != nil {
		r.errorf("%v", err)
		return 1
	}
	only := map[string]bool{}
	for _, n := range strings.Split(o.only, ",") {
		if n != "" {
			only[n] = true
		}
	}
	dir := filepath.Dir(o.manifest)
	passed, failed := 0, 0
	for i := range m.Cases {
		c := &m.Cases[i]
		if len(only) > 0 && !only[c.Name] {
			continue
		}
		res, err := RunCase(dir, c, r.b, CaseOptions{IR: o.ir, Stdout: r.stdout, Context: r.ctx})
		if r.ctx.Err() != nil {
			return r.stopped(err)
		}
		if err != nil {
			fmt.Fprintf(r.stdout, "FAIL %s: %s\n", c.Name, strings.TrimRight(err.Error(), "\n"))
			failed++
			continue
		}
		fmt.Fprintln(r.stdout, res)
		if res.Pass {
			passed++
		} else {
			failed++
		}
	}
	fmt.Fprintf(r.stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
