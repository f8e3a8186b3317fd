package fuzz

import (
	"errors"
	"os"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// A Python job (Kernel set) compiles its Src as tt-translate compiles
// `kernel.py --kernel NAME --signature SIG` (python_test.go): the front
// end is the job's parse-and-verify step (a kernel it turns into TTIR has
// "verified"), the stages take the TTIR to the job's target.

func isPython(j Job) bool { return j.Kernel != "" }

// pyRead serves the job's file and nothing else (the seeds are
// standalone: a sibling module they import would be refused, located).
func pyRead(j Job) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if p == j.Name {
			return []byte(j.Src), nil
		}
		return nil, os.ErrNotExist
	}
}

// classifyPython sorts the front end's errors: an internal error (a
// panic the front end caught) is a Panic, TTIR that does not verify is
// Broken, a *python.Error with a line is a located rejection; anything
// else goes to classify (a plain error has no location).
func classifyPython(err error, verified bool) (Outcome, bool) {
	var pe *python.Error
	var usage *UsageError
	switch {
	case err == nil:
		return Outcome{}, false
	case errors.As(err, &usage):
		return Outcome{Status: Usage, Verified: verified, Msg: err.Error()}, true
	case strings.Contains(err.Error(), "internal error in the Triton front end"):
		return Outcome{Status: Panic, Verified: verified, Msg: err.Error()}, true
	case strings.Contains(err.Error(), "the TTIR the front end built does not verify"):
		return Outcome{Status: Broken, Verified: verified, Msg: err.Error()}, true
	case errors.As(err, &pe):
		if pe.Pos.Line < 1 || pe.File == "" {
			return Outcome{Status: Unlocated, Verified: verified, Msg: err.Error()}, true
		}
		return Outcome{Status: Rejected, Verified: verified, Msg: err.Error()}, true
	}
	return Outcome{}, false
}

// UsageError is an error of tt-translate's command line, not of the
// file: a --signature that does not parse.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return "--signature: " + e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }
