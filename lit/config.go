package lit

import (
	"io"
	"runtime"
	"time"
)

// Tool is an in-process command. args are the arguments after the command
// name. It returns the exit status. Tools run concurrently when several
// tests run in parallel, so they must not share mutable state.
type Tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Substitution replaces Pattern with Value in RUN lines, before the
// built-in substitutions (%s, %t, ...).
type Substitution struct {
	Pattern string
	Value   string
}

// Config is a test suite configuration, the counterpart of a lit.cfg.py.
// Use DefaultConfig for the usual values. A Config must not be changed
// while tests run.
type Config struct {
	// Tools are the in-process commands by name, for example "tt-opt" and
	// "triton-opt". They take precedence over the built-in commands echo,
	// cat, true, false, count, mkdir, rm, FileCheck and filecheck; the
	// shell-level commands not, env, export, cd and ":" cannot be replaced.
	Tools map[string]Tool

	// FileCheckOpts is the FILECHECK_OPTS given to the built-in FileCheck
	// unless a RUN line sets FILECHECK_OPTS itself. MLIR's and Triton's lit
	// configurations use "--enable-var-scope".
	FileCheckOpts string

	// Features are the available features tested by REQUIRES, UNSUPPORTED
	// and XFAIL lines.
	Features []string

	// Substitutions are extra RUN-line substitutions, applied in order.
	Substitutions []Substitution

	// Suffixes are the file name suffixes of tests found in directories.
	Suffixes []string

	// Excludes are file and directory names skipped when walking
	// directories (lit.cfg.py's config.excludes).
	Excludes []string

	// AllowExternal lets RUN lines run programs found on PATH with os/exec
	// when no in-process tool or built-in has the name. Off by default.
	AllowExternal bool

	// MissingToolsUnsupported reports a test whose RUN lines name an
	// unknown command as UNSUPPORTED instead of FAIL.
	MissingToolsUnsupported bool

	// Env is the initial environment of RUN lines ("NAME=value" entries).
	// Only external programs and FILECHECK_OPTS see it.
	Env []string

	// TempDir is where per-test temporary directories are created; empty
	// means os.TempDir().
	TempDir string

	// KeepTemps keeps the per-test temporary directories (for debugging).
	KeepTemps bool

	// Jobs bounds the number of tests run in parallel; 0 means GOMAXPROCS.
	Jobs int

	// Verbose makes RunPaths print the log of each failing test.
	Verbose bool
}

// DefaultConfig returns a configuration with the lit defaults of MLIR and
// Triton test suites: FileCheck gets --enable-var-scope, tests are the
// .mlir, .ll and .ptx files, and Inputs and Examples directories are
// skipped (as in Triton's lit.cfg.py). Add the tools before running tests.
func DefaultConfig() *Config {
	return &Config{
		Tools:         map[string]Tool{},
		FileCheckOpts: "--enable-var-scope",
		Suffixes:      []string{".mlir", ".ll", ".ptx"},
		Excludes:      []string{"Inputs", "Examples", "CMakeLists.txt", "README.txt", "LICENSE.txt", "lit.cfg.py", "lit.site.cfg.py"},
	}
}

func (c *Config) jobs() int {
	if c.Jobs > 0 {
		return c.Jobs
	}
	return runtime.GOMAXPROCS(0)
}

// Status is the outcome of a test.
type Status int

// Test outcomes, as lit names them.
const (
	Pass        Status = iota
	Fail               // a RUN line failed
	Unsupported        // REQUIRES or UNSUPPORTED excluded the test
	XFail              // failed as XFAIL expected
	XPass              // passed although XFAIL expected a failure
	Unresolved         // the test could not be run: no RUN lines, bad syntax
)

func (s Status) String() string {
	switch s {
	case Pass:
		return "PASS"
	case Fail:
		return "FAIL"
	case Unsupported:
		return "UNSUPPORTED"
	case XFail:
		return "XFAIL"
	case XPass:
		return "XPASS"
	case Unresolved:
		return "UNRESOLVED"
	}
	return "UNKNOWN"
}

// IsFailure reports whether the status counts as a failure.
func (s Status) IsFailure() bool { return s == Fail || s == XPass || s == Unresolved }

// Result is the outcome of one test file.
type Result struct {
	Path    string
	Status  Status
	Log     string // the commands run with their output, or the reason
	Elapsed time.Duration
}

// Summary counts the results of RunPaths. Failed includes XPASS and
// UNRESOLVED results, which lit also reports as failures.
type Summary struct {
	Passed      int
	Failed      int
	Unsupported int
	XFailed     int
	XPassed     int
	Unresolved  int
	Results     []Result // in the order they were printed
}

// OK reports whether no test failed.
func (s Summary) OK() bool { return s.Failed == 0 }
