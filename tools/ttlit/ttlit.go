// Package ttlit implements the tt-lit tool: it runs the RUN lines of lit
// test files (.mlir, .ll, .ptx) with tt's tools called in-process —
// tt-opt (also under Triton's name, triton-opt), tt-translate, tt-run,
// tt-layout (also as Triton's triton-tensor-layout, printing its format)
// and FileCheck — and prints one line per file and a summary.
package ttlit

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/tools/ttlayout"
	"github.com/ttcompiler/tt/tools/ttopt"
	"github.com/ttcompiler/tt/tools/ttrun"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// Tools returns the in-process tools lit RUN lines may call.
func Tools() map[string]lit.Tool {
	return map[string]lit.Tool{
		"tt-opt":       ttopt.Run,
		"triton-opt":   ttopt.Run,
		"tt-translate": tttranslate.Run,
		"tt-run":       ttrun.Run,
		"tt-layout":    ttlayout.Run,
		// Triton's layout printer: tt-layout with its output format.
		"triton-tensor-layout": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return ttlayout.Run(append([]string{"--format=triton"}, args...), stdin, stdout, stderr)
		},
	}
}

// Config returns tt's lit configuration: the in-process tools, FileCheck
// with --enable-var-scope (as MLIR's and Triton's suites configure it),
// and the features tt provides.
func Config() *lit.Config {
	cfg := lit.DefaultConfig()
	cfg.Tools = Tools()
	cfg.Features = []string{"tt", "shell"}
	return cfg
}

// fileConfig is the optional `.tt-lit.json` that changes the defaults for
// a directory tree (the corpus in ../shared is read-only and has none).
type fileConfig struct {
	FileCheckOpts *string  `json:"filecheck_opts"`
	Features      []string `json:"features"`
	Excludes      []string `json:"excludes"`
	Suffixes      []string `json:"suffixes"`
}

func applyFileConfig(cfg *lit.Config, dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, ".tt-lit.json"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	var fc fileConfig
	if err := json.Unmarshal(b, &fc); err != nil {
		return fmt.Errorf("%s: %v", filepath.Join(dir, ".tt-lit.json"), err)
	}
	if fc.FileCheckOpts != nil {
		cfg.FileCheckOpts = *fc.FileCheckOpts
	}
	cfg.Features = append(cfg.Features, fc.Features...)
	cfg.Excludes = append(cfg.Excludes, fc.Excludes...)
	if len(fc.Suffixes) > 0 {
		cfg.Suffixes = fc.Suffixes
	}
	return nil
}

// Run is tt-lit's main: `tt-lit [-v] [-j N] [--filecheck-opts=...]
// [--param feature=...] PATHS...`. It exits 1 if any test failed.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tt-lit", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	verbose := fs.Bool("v", false, "print the command log of failing tests")
	jobs := fs.Int("j", 0, "number of tests run in parallel (default GOMAXPROCS)")
	fcOpts := fs.String("filecheck-opts", "--enable-var-scope", "FILECHECK_OPTS passed to FileCheck")
	var features multi
	fs.Var(&features, "feature", "add an available feature for REQUIRES/UNSUPPORTED (repeatable)")
	external := fs.Bool("allow-external", false, "let RUN lines run programs from PATH (llc, ptxas, ...)")
	version := fs.Bool("version", false, "print tt's version and commit")
	switch err := fs.Parse(args); {
	case err == flag.ErrHelp:
		fmt.Fprintln(stdout, "USAGE: tt-lit [flags] PATH...\n\nRuns the RUN lines of lit test files with tt's tools in process.\n\nFLAGS:")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return 0
	case err != nil:
		return cli.Usagef(stderr, "tt-lit", "%v", cli.FlagError("tt-lit", err, args))
	}
	if *version {
		io.WriteString(stdout, cli.VersionLine("tt-lit"))
		return 0
	}
	paths := fs.Args()
	if len(paths) == 0 {
		return cli.Usagef(stderr, "tt-lit", "no test paths given (usage: tt-lit [flags] PATH...)")
	}
	cfg := Config()
	cfg.Verbose = *verbose
	cfg.Jobs = *jobs
	cfg.FileCheckOpts = *fcOpts
	cfg.Features = append(cfg.Features, features...)
	cfg.AllowExternal = *external
	for _, p := range paths {
		dir := p
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			dir = filepath.Dir(p)
		}
		if err := applyFileConfig(cfg, dir); err != nil {
			fmt.Fprintln(stderr, "tt-lit:", err)
			return 2
		}
	}
	// A run that finds nothing to test is a mistake (a wrong path, a
	// suffix lit does not know), not a success, as in LLVM's lit.
	if len(cfg.Collect(paths)) == 0 {
		fmt.Fprintf(stderr, "tt-lit: no tests found in %s\n", strings.Join(paths, " "))
		return 1
	}
	sum := cfg.RunPaths(paths, stdout)
	if !sum.OK() {
		return 1
	}
	return 0
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }
