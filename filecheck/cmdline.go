package filecheck

import (
	"github.com/ttcompiler/tt/internal/cli"

	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
)

// Command is a parsed FileCheck command line.
type Command struct {
	Options   Options
	CheckFile string // "" when missing
	InputFile string // "-" for standard input
	Help      bool   // --help was given
	Version   bool   // --version was given

	dumpSet, contextSet bool
}

// cmdError is a command-line error; like LLVM's option parser, FileCheck
// exits with status 1 for these.
type cmdError struct{ msg string }

func (e *cmdError) Error() string { return e.msg }

type optKind int

const (
	optBool optKind = iota
	optValue
)

type optSpec struct {
	kind  optKind
	apply func(c *Command, val string) error
}

func boolOpt(set func(o *Options, v bool)) optSpec {
	return optSpec{optBool, func(c *Command, val string) error {
		v, err := parseBool(val)
		if err != nil {
			return err
		}
		set(&c.Options, v)
		return nil
	}}
}

func parseBool(val string) (bool, error) {
	switch val {
	case "", "true", "TRUE", "True", "1":
		return true, nil
	case "false", "FALSE", "False", "0":
		return false, nil
	}
	return false, fmt.Errorf("'%s' is invalid value for boolean argument! Try 0 or 1", val)
}

var dumpModes = map[string]DumpMode{"help": DumpHelp, "always": DumpAlways, "fail": DumpFail, "never": DumpNever}

var dumpFilters = map[string]DumpFilter{
	"all": DumpFilterAll, "annotation-full": DumpFilterAnnotationFull,
	"annotation": DumpFilterAnnotation, "error": DumpFilterError,
}

// options is FileCheck's option table. Repeated options accumulate
// (lists) or take the most informative value, as in LLVM.
var options = map[string]optSpec{
	"check-prefix": {optValue, func(c *Command, v string) error {
		c.Options.CheckPrefixes = append(c.Options.CheckPrefixes, v)
		return nil
	}},
	"check-prefixes": {optValue, func(c *Command, v string) error {
		c.Options.CheckPrefixes = append(c.Options.CheckPrefixes, strings.Split(v, ",")...)
		return nil
	}},
	"comment-prefixes": {optValue, func(c *Command, v string) error {
		c.Options.CommentPrefixes = append(c.Options.CommentPrefixes, strings.Split(v, ",")...)
		return nil
	}},
	"implicit-check-not": {optValue, func(c *Command, v string) error {
		c.Options.ImplicitCheckNot = append(c.Options.ImplicitCheckNot, v)
		return nil
	}},
	"input-file": {optValue, func(c *Command, v string) error {
		c.InputFile = v
		return nil
	}},
	"dump-input": {optValue, func(c *Command, v string) error {
		m, ok := dumpModes[v]
		if !ok {
			return fmt.Errorf("Cannot find option named '%s'!", v)
		}
		if !c.dumpSet || m.rank() > c.Options.DumpInput.rank() {
			c.Options.DumpInput = m
		}
		c.dumpSet = true
		return nil
	}},
	"dump-input-filter": {optValue, func(c *Command, v string) error {
		f, ok := dumpFilters[v]
		if !ok {
			return fmt.Errorf("Cannot find option named '%s'!", v)
		}
		c.Options.DumpInputFilter = max(c.Options.DumpInputFilter, f)
		return nil
	}},
	"dump-input-context": {optValue, func(c *Command, v string) error {
		n, err := strconv.ParseUint(v, 0, 32)
		if err != nil {
			return fmt.Errorf("'%s' value invalid for uint argument!", v)
		}
		if !c.contextSet || int(n) > c.Options.DumpInputContext {
			c.Options.DumpInputContext = int(min(n, math.MaxInt32))
		}
		c.contextSet = true
		return nil
	}},
	"strict-whitespace":            boolOpt(func(o *Options, v bool) { o.StrictWhitespace = v }),
	"allow-empty":                  boolOpt(func(o *Options, v bool) { o.AllowEmptyInput = v }),
	"allow-unused-prefixes":        boolOpt(func(o *Options, v bool) { o.AllowUnusedPrefixes = v }),
	"match-full-lines":             boolOpt(func(o *Options, v bool) { o.MatchFullLines = v }),
	"enable-var-scope":             boolOpt(func(o *Options, v bool) { o.EnableVarScope = v }),
	"allow-deprecated-dag-overlap": boolOpt(func(o *Options, v bool) { o.AllowDeprecatedDAGOverlap = v }),
	"ignore-case":                  boolOpt(func(o *Options, v bool) { o.IgnoreCase = v }),
	"v": boolOpt(func(o *Options, v bool) {
		if v {
			o.Verbose = max(o.Verbose, 1)
		}
	}),
	"vv": boolOpt(func(o *Options, v bool) {
		if v {
			o.Verbose = 2
		}
	}),
	"color": {optBool, func(c *Command, v string) error {
		// Colors are accepted for compatibility; output is never colored.
		_, err := parseBool(v)
		return err
	}},
	"help": {optBool, func(c *Command, v string) error {
		c.Help = true
		return nil
	}},
	"version": {optBool, func(c *Command, v string) error {
		c.Version = true
		return nil
	}},
}

// ParseArgs parses FileCheck's arguments (without the program name). The
// arguments of FILECHECK_OPTS, if any, go first, as LLVM's option parser
// puts them: see SplitOpts.
func ParseArgs(args []string) (*Command, error) {
	c := &Command{Options: DefaultOptions(), InputFile: "-"}
	var positional []string
	var errs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			positional = append(positional, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.HasPrefix(name, "D") {
			if name == "D" {
				errs = append(errs, "for the -D option: requires a value!")
				continue
			}
			c.Options.Defines = append(c.Options.Defines, name[1:])
			continue
		}
		val, hasVal := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, val, hasVal = name[:eq], name[eq+1:], true
		}
		spec, ok := options[name]
		if !ok {
			errs = append(errs, fmt.Sprintf("Unknown command line argument '%s'.  Try: 'FileCheck --help'", a))
			continue
		}
		dashes := "--"
		if len(name) == 1 {
			dashes = "-"
		}
		if spec.kind == optValue && !hasVal {
			if i+1 >= len(args) {
				errs = append(errs, fmt.Sprintf("for the %s%s option: requires a value!", dashes, name))
				continue
			}
			i++
			val = args[i]
		}
		if err := spec.apply(c, val); err != nil {
			errs = append(errs, fmt.Sprintf("for the %s%s option: %v", dashes, name, err))
		}
	}
	if len(positional) > 1 {
		errs = append(errs, "Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: FileCheck --help")
	}
	if len(positional) == 1 {
		c.CheckFile = positional[0]
	}
	if errs != nil {
		return nil, &cmdError{"FileCheck: " + strings.Join(errs, "\nFileCheck: ")}
	}
	return c, nil
}

// SplitOpts splits the value of FILECHECK_OPTS into arguments with GNU
// shell-like rules: blanks separate, quotes group, backslash escapes.
func SplitOpts(s string) []string {
	var args []string
	var cur strings.Builder
	inArg := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inArg = true
		case c == '\'' || c == '"':
			inArg = true
			for i++; i < len(s) && s[i] != c; i++ {
				if c == '"' && s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
		default:
			cur.WriteByte(c)
			inArg = true
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args
}

// Main runs FileCheck with the given arguments (without the program name)
// and returns its exit status: 0 on success, 1 when the input does not
// match (or the command line cannot be parsed, as in LLVM), 2 for other
// usage errors. The input is read from stdin unless --input-file is given.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return MainEnv("", args, stdin, stdout, stderr)
}

// MainEnv is Main with the value of the FILECHECK_OPTS environment
// variable, whose options are parsed before args.
func MainEnv(fileCheckOpts string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	all := append(SplitOpts(fileCheckOpts), args...)
	cmd, err := ParseArgs(all)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if cmd.Help {
		io.WriteString(stdout, usage)
		return 0
	}
	if cmd.Version {
		io.WriteString(stdout, cli.VersionLine("filecheck"))
		return 0
	}
	if cmd.Options.DumpInput == DumpHelp {
		io.WriteString(stdout, dumpHelp)
		return 0
	}
	if cmd.CheckFile == "" {
		fmt.Fprintln(stderr, "<check-file> not specified")
		return 2
	}
	if err := cmd.Options.Validate(stderr); err != nil {
		return 2
	}
	checkText, err := readFileOrStdin(cmd.CheckFile, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %s\n", cmd.CheckFile, errorText(err))
		return 2
	}
	inputName := cmd.InputFile
	if inputName == "-" {
		inputName = "<stdin>"
	}
	readInput := func() ([]byte, error) {
		b, err := readFileOrStdin(cmd.InputFile, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "Could not open input file '%s': %s\n", inputName, errorText(err))
			return nil, fmt.Errorf("%w: %v", ErrUsage, err)
		}
		return b, nil
	}
	err = run(cmd.Options, cmd.CheckFile, checkText, inputName, readInput, stderr)
	if errors.Is(err, errEmptyInput) {
		fmt.Fprintf(stderr, "FileCheck command line:  FileCheck %s\n", strings.Join(args, " "))
	}
	return ExitCode(err)
}

func readFileOrStdin(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		if stdin == nil {
			return nil, nil
		}
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// errorText renders an I/O error like strerror: "No such file or directory".
func errorText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	s := err.Error()
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}

const usage = `USAGE: FileCheck [options] <check-file>

Checks that the input (standard input, or --input-file) matches the
directives in <check-file>, following LLVM FileCheck's semantics.

OPTIONS:
  -D<VAR=VALUE>                  Define a string variable; -D#<NUM>=<EXPR> a numeric one.
  --allow-deprecated-dag-overlap Allow overlapping matches in a CHECK-DAG group.
  --allow-empty                  Allow the input to be empty.
  --allow-unused-prefixes        Allow prefixes that do not appear in the check file.
  --check-prefix=<string>        Directive prefix (default CHECK); repeatable.
  --check-prefixes=<a,b,...>     Comma-separated directive prefixes.
  --comment-prefixes=<a,b,...>   Comment prefixes (default COM,RUN).
  --color                        Accepted and ignored.
  --dump-input=<value>           help, always, fail (default) or never.
  --dump-input-context=<N>       Context lines around filtered dump lines (default 5).
  --dump-input-filter=<value>    all, annotation-full, annotation or error.
  --enable-var-scope             Clear variables not starting with '$' at each CHECK-LABEL.
  --ignore-case                  Match case-insensitively.
  --implicit-check-not=<pattern> Add an implicit CHECK-NOT; repeatable.
  --input-file=<filename>        File to check (default: standard input).
  --match-full-lines             Require positive matches to cover whole lines.
  --strict-whitespace            Do not canonicalize horizontal whitespace.
  -v, --vv                       Report more match results.
  --help, --version              This text; tt's version and commit.

Options are parsed from the environment variable FILECHECK_OPTS and
from the command line.
`

const dumpHelp = `The following description was requested by -dump-input=help to
explain the input dump printed by FileCheck.

Related command-line options:

  - -dump-input=<value> enables or disables the input dump
  - -dump-input-filter=<value> filters the input lines
  - -dump-input-context=<N> adjusts the context of filtered lines
  - -v and -vv add more annotations
  - -color forces colors to be enabled both in the dump and below
  - -help documents the above options in more detail

These options can also be set via FILECHECK_OPTS.  For example, for
maximum debugging output on failures:

  $ FILECHECK_OPTS='-dump-input-filter=all -vv -color' ninja check

Input dump annotation format:

  - L:     labels line number L of the input file
           An extra space is added after each input line to represent the
           newline character
  - T:L    labels the only match result for either (1) a pattern of type T from
           line L of the check file if L is an integer or (2) the I-th implicit
           pattern if L is "imp" followed by an integer I (index origin one)
  - T:L'N  labels the Nth match result for such a pattern
  - ^~~    marks good match (reported if -v)
  - !~~    marks bad match, such as:
           - CHECK-NEXT on same line as previous match (error)
           - CHECK-NOT found (error)
           - CHECK-DAG overlapping match (discarded, reported if -vv)
  - X~~    marks search range when no match is found, such as:
           - CHECK-NEXT not found (error)
           - CHECK-NOT not found (success, reported if -vv)
           - CHECK-DAG not found after discarded matches (error)
  - ?      marks fuzzy match when no match is found
  - ...    indicates elided input lines and annotations, as specified by
           -dump-input-filter and -dump-input-context
  - colors success, error, fuzzy match, discarded match, unmatched input
`
