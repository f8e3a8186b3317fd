package filecheck

import (
	"errors"
	"fmt"
	"io"

	"github.com/ttcompiler/tt/filecheck/internal/ere"
)

var (
	// ErrCheckFailed means the input does not satisfy the check file
	// (FileCheck's exit status 1).
	ErrCheckFailed = errors.New("filecheck: input does not match the check file")
	// ErrUsage means the options, the check file or the input could not be
	// used (FileCheck's exit status 2).
	ErrUsage = errors.New("filecheck: invalid options, check file or input")
)

// errEmptyInput reports an empty input without --allow-empty.
var errEmptyInput = fmt.Errorf("%w: empty input", ErrUsage)

// ExitCode maps an error from Check to FileCheck's exit status.
func ExitCode(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrCheckFailed):
		return 1
	}
	return 2
}

// Check verifies input against the directives in checkText, as
// `FileCheck checkName < input` does. Diagnostics, and the input dump
// selected by opts, are written to stderr in LLVM's format; the names are
// used in them. It returns nil on success, or an error wrapping
// ErrCheckFailed or ErrUsage.
func Check(opts Options, checkName string, checkText []byte, inputName string, input []byte, stderr io.Writer) error {
	return run(opts, checkName, checkText, inputName, func() ([]byte, error) { return input, nil }, stderr)
}

// run is Check with the input read only after the check file was parsed,
// so that diagnostics come in LLVM's order.
func run(opts Options, checkName string, checkText []byte, inputName string, readInput func() ([]byte, error), stderr io.Writer) error {
	if err := opts.Validate(stderr); err != nil {
		return err
	}
	fc := newChecker(&opts, stderr)
	fc.checkBuf = &buffer{name: checkName, text: canonicalize(checkText, opts.StrictWhitespace)}
	if err := fc.readCheckFile(); err != nil {
		return err
	}
	input, err := readInput()
	if err != nil {
		return err
	}
	if len(input) == 0 && !opts.AllowEmptyInput {
		fmt.Fprintf(stderr, "FileCheck error: '%s' is empty.\n", inputName)
		return errEmptyInput
	}
	fc.input = &buffer{name: inputName, text: canonicalize(input, opts.StrictWhitespace)}
	fc.subject = ere.NewSubject(fc.input.text)
	dump := opts.DumpInput
	fc.collect = dump != DumpNever
	ok := fc.checkInput()
	if dump == DumpAlways || (!ok && dump == DumpFail) {
		fc.dumpInput(checkName, inputName)
	}
	if fc.fatal != nil {
		return fc.fatal
	}
	if !ok {
		return ErrCheckFailed
	}
	return nil
}

// checker holds the state of one FileCheck run.
type checker struct {
	opts     *Options
	w        io.Writer
	ctx      *patternContext
	checkBuf *buffer
	impBufs  []*buffer
	checks   []*checkString
	input    *buffer
	subject  *ere.Subject
	collect  bool // gather diags for the input dump
	diags    []diag
	reCache  map[string]*ere.Regexp
	fatal    error // an error that ends the run early
}

func newChecker(opts *Options, w io.Writer) *checker {
	return &checker{
		opts:    opts,
		w:       w,
		ctx:     newPatternContext(),
		reCache: map[string]*ere.Regexp{},
	}
}

// canonicalize drops the '\r' of "\r\n" and, unless strict, turns each run
// of spaces and tabs into one space, as LLVM does to both the check file and
// the input before anything else.
func canonicalize(text []byte, strict bool) []byte {
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			out = append(out, c)
			continue
		}
		out = append(out, ' ')
		for i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\t') {
			i++
		}
	}
	return out
}
