package tttranslate

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Python kernels as input (triton.tools.compile's command line):
//
//	tt-translate kernel.py --kernel NAME --signature "*fp32:16, *fp32:16, i32, 1024"
//	    [--constexpr NAME=VALUE]... --target=ttir|ttgir|ptx|llvmir|amdgcn
//
// tt's front end compiles the @triton.jit function to TTIR for the
// specialization; the usual stages take it further. --target=ttir and
// --target=ttgir stop after make_ttir / make_ttgir and print the IR with
// locations, as Triton's asm["ttir"] / asm["ttgir"] (they also apply to
// MLIR input).

// pythonArgs are the flags of the Python path.
type pythonArgs struct {
	kernel, signature string
	constexprs        []string
}

func registerPythonFlags(fs *flag.FlagSet, p *pythonArgs) {
	fs.StringVar(&p.kernel, "kernel", "", "")
	fs.StringVar(&p.signature, "signature", "", "")
	fs.Func("constexpr", "", func(s string) error { p.constexprs = append(p.constexprs, s); return nil })
}

// irTargets are the outputs that stop at an IR stage.
var irTargets = map[string]Level{"ttir": LevelTTIR, "ttgir": LevelTTGIR}

func isIRTarget(t string) bool {
	_, ok := irTargets[t]
	return ok
}

func isPythonInput(path string) bool { return strings.HasSuffix(path, ".py") }

// pythonSpecs builds the kernel's specialization from --signature (one
// entry per parameter, in order) and --constexpr; parameters without
// either take their defaults as Triton's launcher would.
func pythonSpecs(k *triton.Kernel, p *pythonArgs) ([]triton.ArgSpec, error) {
	var sig []triton.ArgSpec
	if strings.TrimSpace(p.signature) != "" {
		var err error
		if sig, err = triton.ParseSignature(p.signature); err != nil {
			return nil, fmt.Errorf("--signature: %v", err)
		}
	}
	consts, err := triton.ParseConstexprs(p.constexprs)
	if err != nil {
		return nil, err
	}
	return triton.Specialize(k, sig, consts)
}

// runPython compiles a @triton.jit kernel and emits cl.opts.Target; the
// emitted targets come from the compile cache when the file, the
// command line and the modules it imports are unchanged.
func runPython(cl *cmdline, stdout, stderr io.Writer) int {
	if isIRTarget(cl.opts.Target) {
		mod, code := frontEnd(cl, cli.ReadFile, stdout, stderr)
		if mod == nil {
			return code
		}
		return emitModule(cl, mod, stdout, stderr)
	}
	src, err := cli.ReadFile(cl.input)
	if err != nil {
		fmt.Fprintf(stderr, "tt-translate: %v\n", err)
		return 1
	}
	rec := &compilecache.DepRecorder{Main: cl.input}
	cache := cl.cache(stderr)
	var key compilecache.Key
	if cache != nil {
		key = OptionsKey(compilecache.NewKey("tt-translate-python").String("path", cl.input).Bytes("source", src).
			String("kernel", cl.py.kernel).String("signature", cl.py.signature).Strings("constexprs", cl.py.constexprs), &cl.opts).Sum()
	}
	code := 1
	res, _, err := CompileCached(cache, key, stderr, func(diags io.Writer) (*Result, error) {
		mod, c := frontEnd(cl, rec.ReadFile, stdout, stderr)
		if mod == nil {
			code = c
			return nil, errReported
		}
		o := cl.opts
		o.Pass.IROut = diags
		return Compile(mod, o)
	}, rec.Deps)
	switch {
	case err == errReported:
		return code
	case err != nil:
		return reportFailure(err, cl.output, func(err error) string { return renderAny(cl.input, string(src), err) }, stderr)
	}
	if err := writeOutputs(cl.output, res, stdout); err != nil {
		fmt.Fprintf(stderr, "tt-translate: %v\n", err)
		return 1
	}
	return 0
}

// errReported is a failure whose message is already written.
var errReported = errors.New("reported")

// frontEnd compiles the kernel to TTIR, reading source files with read.
// On failure it reports the error and returns a nil module and the exit
// status.
func frontEnd(cl *cmdline, read func(string) ([]byte, error), stdout, stderr io.Writer) (*ir.Operation, int) {
	fail := func(err error) (*ir.Operation, int) {
		io.WriteString(stderr, triton.Render(err, os.ReadFile))
		return nil, 1
	}
	name := cl.py.kernel
	if name == "" {
		ks, err := triton.Kernels(cl.input, read)
		if err != nil {
			return fail(err)
		}
		if len(ks) != 1 {
			fmt.Fprintf(stderr, "tt-translate: %s defines %d @triton.jit functions (%s): choose one with --kernel\n", cl.input, len(ks), strings.Join(ks, ", "))
			return nil, 2
		}
		name = ks[0]
	}
	k, err := triton.FindKernelFor(cl.input, name, read, triton.TargetOf(cl.opts.arch()))
	if err != nil {
		return fail(err)
	}
	specs, err := pythonSpecs(k, &cl.py)
	var located *python.Error
	if errors.As(err, &located) {
		// A signature that does not match the kernel: shown at its def.
		return fail(err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tt-translate: %v\n", err)
		return nil, 2
	}
	o := cl.opts
	mod, err := triton.Compile(NewContext(), cl.input, triton.Options{Kernel: k.Name, Args: specs,
		NumWarps: o.NumWarps, Capability: capabilityOf(o.arch()), Arch: o.arch(), Stdout: stdout, ReadFile: read})
	if err != nil {
		return fail(err)
	}
	return mod, 0
}

// emitModule runs the stages that take a module built in memory to the
// IR target (--target=ttir|ttgir) and writes it; the emitted targets go
// through Compile (and the compile cache) instead.
func emitModule(cl *cmdline, mod *ir.Operation, stdout, stderr io.Writer) int {
	o := cl.opts
	o.Pass.IROut = stderr
	src, _ := os.ReadFile(cl.input)
	if err := runStagesTo(mod, irTargets[o.Target], &o); err != nil {
		io.WriteString(stderr, renderAny(cl.input, string(src), err))
		return 1
	}
	text := asm.Sprint(mod, asm.PrintConfig{DebugInfo: true, UseNameLocAsPrefix: true})
	if cl.output == "-" {
		io.WriteString(stdout, text)
		return 0
	}
	if err := cli.WriteFile(cl.output, []byte(text)); err != nil {
		fmt.Fprintf(stderr, "tt-translate: %v\n", err)
		return 1
	}
	return 0
}

// runIRTarget handles --target=ttir|ttgir for MLIR input.
func runIRTarget(cl *cmdline, stdin io.Reader, stdout, stderr io.Writer) int {
	src, name, err := readInput(cl.input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tt-translate: %v\n", err)
		return 1
	}
	mod, err := asm.Parse(NewContext(), src, asm.ParseConfig{Filename: name})
	if err == nil {
		err = ir.Verify(mod)
	}
	if err != nil {
		io.WriteString(stderr, RenderError(name, src, err))
		return 1
	}
	return emitModule(cl, mod, stdout, stderr)
}

// runStagesTo runs the stages that take a module to level lvl.
func runStagesTo(mod *ir.Operation, lvl Level, o *Options) error {
	params, err := o.params()
	if err != nil {
		return err
	}
	_, err = runStages(mod, DetectLevel(mod), lvl, *o, params)
	return err
}

// renderAny renders front-end and IR diagnostics.
func renderAny(name, src string, err error) string {
	return RenderPythonError(name, src, os.ReadFile, err)
}

// RenderPythonError formats an error of compiling the Python file name
// (text src) for a user: the front end's errors as it renders them (its
// files read through read), the later stages' diagnostics as RenderError
// does.
func RenderPythonError(name, src string, read func(string) ([]byte, error), err error) string {
	if s := triton.Render(err, read); !strings.HasPrefix(s, "error: ") {
		return s
	}
	return RenderError(name, src, err)
}

// capabilityOf is the CUDA compute capability of an sm_XX architecture
// (90 for AMD and unknown ones: it only sets defaults of tl.dot).
func capabilityOf(arch string) int {
	var cc int
	if _, err := fmt.Sscanf(strings.TrimSuffix(arch, "a"), "sm_%d", &cc); err == nil {
		return cc
	}
	return 90
}
