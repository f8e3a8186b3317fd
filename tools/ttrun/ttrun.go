package ttrun

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/npy"
)

const usage = `usage: tt-run FILE --kernel NAME --grid X[,Y,Z] [--arg [NAME=]@in.npy | [NAME=]VALUE]...
              [--constexpr NAME=VALUE]... [--signature SIG]   (FILE.py: a @triton.jit kernel)
              [--out NAME=out.npy]... [--backend interp|sim|cuda] [--arch ARCH] [--workers N]
              [--no-fp-fusion] [--no-race-check] [--no-verify]
              [--check NAME=@expect.npy [--tol T | --rtol R --atol A]]...
       tt-run --manifest DIR/manifest.json [--only a,b] [--ir ttir|ttgir] [--backend interp|sim|cuda]

Runs a Triton kernel (TTIR, TTGIR, or a @triton.jit function in a .py
file, which tt compiles specialized for the arguments as Triton's launcher
does: buffers are 16-byte aligned, integers equal to 1 become constants,
--constexpr sets tl.constexpr parameters, --signature overrides argument
types, e.g. *bf16 for bfloat16 bit patterns) over a launch grid. Pointer parameters
take NumPy .npy buffers (@file); scalar parameters take values. Arguments
are matched by parameter name (NAME=...) or else by position. --out writes
a buffer after the run; --check compares it with an expectation: --tol T is
the relative Frobenius error bound ||out-expect||/||expect|| <= T (as case
manifests define tol), --rtol/--atol are numpy.allclose bounds, neither
means exact; integer data are always compared exactly. bfloat16 and fp8
buffers are .npy uint16/uint8 arrays of bit patterns.

Backends: interp (default) is the tile-level CPU interpreter (Triton's
TRITON_INTERPRET=1). sim compiles the kernel with tt-translate's pipeline
(TTIR, TTGIR, or per-thread IR as it is) and runs the lowered per-thread
code in a SIMT simulator: warps, shared memory, barriers, shuffles and
atomics as on the GPU, and a shared-memory data race (threads of two
warps touching one byte between barriers, one writing) is an error.
cuda compiles to PTX and runs on the GPU through the CUDA driver.
--arch is the architecture sim and cuda compile for (sim: sm_90 unless
given; gfx942 simulates 64-lane wavefronts; cuda: the device's).

--workers limits the program instances (CTAs) interp and sim run at once
(1: in order); --no-fp-fusion keeps a*b+c as two roundings (Triton's
enable_fp_fusion=False) instead of the fma the GPU contracts it to
(interp); --no-race-check turns sim's race detector off.

--manifest runs every case of a manifest (shared/kernels/cases format) and
checks Triton's outputs, poisoning float outputs with NaN first.
Exit status: 0 ok, 1 mismatch or kernel error, 2 usage error.
`

type options struct {
	file, kernel, backend string
	grid                  [3]int
	gridSet               bool
	args                  []string
	outs, checks          []string
	tol                   Tolerance
	noVerify, noFusion    bool
	noRaceCheck           bool
	workers               int
	manifest, only, ir    string
	arch                  string
	python                PythonKernel // --constexpr, --signature (Python kernels)
}

// Run is tt-run's main: it returns the exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n%s", err, usage)
		return 2
	}
	if o == nil {
		fmt.Fprint(stdout, usage)
		return 0
	}
	b, err := LookupBackend(o.backend)
	if err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", err)
		return 2
	}
	if b, err = configure(b, o); err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", err)
		return 2
	}
	if o.manifest != "" {
		return runManifest(o, b, stdout, stderr)
	}
	return runKernel(o, b, stdin, stdout, stderr)
}

func parseArgs(args []string) (*options, error) {
	o := &options{backend: "interp", ir: "ttir"}
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
		next := func() (string, error) {
			if has {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		var err error
		switch name {
		case "h", "help":
			return nil, nil
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
				o.grid, err = parseGrid(v)
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
				if f, err = strconv.ParseFloat(v, 64); err == nil && f < 0 {
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
				o.workers, err = strconv.Atoi(v)
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
			return nil, fmt.Errorf("unknown flag %q", a)
		}
		if err != nil {
			return nil, err
		}
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
func configure(b Backend, o *options) (Backend, error) {
	switch b := b.(type) {
	case Interp:
		if o.arch != "" || o.noRaceCheck {
			return nil, fmt.Errorf("--arch and --no-race-check apply to --backend sim (and --arch to cuda)")
		}
		b.Workers, b.NoFPContraction = o.workers, o.noFusion
		return b, nil
	case Sim:
		if o.noFusion {
			return nil, fmt.Errorf("--no-fp-fusion applies to --backend interp; sim runs the lowered code's own fma contraction")
		}
		b.Arch, b.Workers, b.NoRaceCheck = o.arch, o.workers, o.noRaceCheck
		return b, nil
	case CUDA:
		if o.noRaceCheck || o.noFusion {
			return nil, fmt.Errorf("--no-race-check and --no-fp-fusion do not apply to --backend cuda")
		}
		b.Arch = o.arch
		return b, nil
	}
	return b, nil
}

func parseGrid(s string) ([3]int, error) {
	g := [3]int{1, 1, 1}
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return g, fmt.Errorf("--grid takes at most 3 dimensions")
	}
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 1 {
			return g, fmt.Errorf("bad grid dimension %q", p)
		}
		g[i] = v
	}
	return g, nil
}

func runKernel(o *options, b Backend, stdin io.Reader, stdout, stderr io.Writer) int {
	var k *Kernel
	var err error
	if isPython(o.file) {
		p := o.python
		p.Path, p.Kernel, p.Args = o.file, o.kernel, o.args
		k, o.args, err = LoadPython(p)
	} else if o.file == "-" {
		data, rerr := io.ReadAll(stdin)
		if rerr != nil {
			fmt.Fprintf(stderr, "tt-run: %v\n", rerr)
			return 1
		}
		k, err = LoadKernel("<stdin>", string(data), o.kernel, o.noVerify)
	} else {
		k, err = LoadKernelFile(o.file, o.kernel, o.noVerify)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", strings.TrimRight(err.Error(), "\n"))
		return 1
	}
	args, err := bindArgs(k, o.args)
	if err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", err)
		return 2
	}
	outs, err := namedFiles(o.outs, args, "--out")
	if err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", err)
		return 2
	}
	checks, err := namedFiles(o.checks, args, "--check")
	if err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", err)
		return 2
	}
	if err := b.Run(k, o.grid, args, Options{Stdout: stdout}); err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", err)
		return 1
	}
	status := 0
	for _, f := range outs {
		if err := npy.WriteFile(f.path, *args[f.arg].Buffer); err != nil {
			fmt.Fprintf(stderr, "tt-run: %v\n", err)
			status = 1
		}
	}
	for _, f := range checks {
		a := &args[f.arg]
		want, err := npy.ReadFile(f.path)
		if err != nil {
			fmt.Fprintf(stderr, "tt-run: %v\n", err)
			return 1
		}
		kind := elementKind(a.Type)
		gv, integer, err1 := Values(a.Buffer, kind)
		wv, _, err2 := Values(&want, kind)
		if err1 != nil || err2 != nil {
			fmt.Fprintf(stderr, "tt-run: --check %s: %v\n", a.Name, firstErr(err1, err2))
			return 1
		}
		if len(gv) != len(wv) {
			fmt.Fprintf(stderr, "tt-run: --check %s: output has %d elements, expectation %d\n", a.Name, len(gv), len(wv))
			status = 1
			continue
		}
		c := Compare(gv, wv, want.Shape, o.tol, integer)
		word := "PASS"
		if !c.Pass {
			word, status = "FAIL", 1
		}
		fmt.Fprintf(stdout, "%s %s: %s\n", word, a.Name, c)
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

func runManifest(o *options, b Backend, stdout, stderr io.Writer) int {
	m, err := ReadManifest(o.manifest)
	if err != nil {
		fmt.Fprintf(stderr, "tt-run: %v\n", err)
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
		r, err := RunCase(dir, c, b, CaseOptions{IR: o.ir, Stdout: stdout})
		if err != nil {
			fmt.Fprintf(stdout, "FAIL %s: %s\n", c.Name, strings.TrimRight(err.Error(), "\n"))
			failed++
			continue
		}
		fmt.Fprintln(stdout, r)
		if r.Pass {
			passed++
		} else {
			failed++
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
