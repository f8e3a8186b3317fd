package ir

import (
	"errors"
	"fmt"
	"strings"
)

// Severity of a diagnostic.
type Severity int

const (
	SevError Severity = iota
	SevWarning
	SevNote
	SevRemark
)

func (s Severity) String() string {
	return [...]string{"error", "warning", "note", "remark"}[s]
}

// Diagnostic is a located message, optionally with attached notes.
type Diagnostic struct {
	Loc      Location
	Severity Severity
	Message  string
	Notes    []*Diagnostic
}

// CallStackLimit is how many callers of an inlined op's location a
// diagnostic shows, MLIR's default (SourceMgrDiagnosticHandler's).
const CallStackLimit = 10

// ShownFrames is the part of loc's CallStack a diagnostic shows: the
// innermost frame and at most CallStackLimit callers.
func ShownFrames(loc Location) []Location {
	frames := CallStack(loc)
	return frames[:min(len(frames), 1+CallStackLimit)]
}

// Error makes a Diagnostic usable as an error. A location inside inlined
// calls is shown as MLIR shows it: the innermost frame on the diagnostic's
// line, then one "called from" note per caller, outward (ShownFrames), so
// that an error inside a library function a kernel called (Triton's
// standard.py) also names the kernel's own line.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	frames := ShownFrames(d.Loc)
	if len(frames) == 0 {
		b.WriteString(LocString(d.Loc))
	} else {
		b.WriteString(LocString(frames[0]))
	}
	b.WriteString(": ")
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Message)
	for i := 1; i < len(frames); i++ {
		b.WriteString("\n")
		b.WriteString(LocString(frames[i]))
		b.WriteString(": note: called from")
	}
	for _, n := range d.Notes {
		b.WriteString("\n")
		b.WriteString(n.Error())
	}
	return b.String()
}

// Note attaches a note at loc and returns the diagnostic.
func (d *Diagnostic) Note(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Loc: loc, Severity: SevNote, Message: fmt.Sprintf(format, args...)})
	return d
}

// Errorf returns an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Loc: loc, Severity: SevError, Message: fmt.Sprintf(format, args...)}
}

// OpErrorf returns an error diagnostic at op's location whose message
// starts with the op name in MLIR's style: "'tt.load' op ...". An op
// without a location (a constant a pass made, a value materialized in a
// partition) is reported at its nearest located ancestor: the message
// names the op, and a user gets a file:line:col to start from instead of
// loc(unknown).
func OpErrorf(op *Operation, format string, args ...any) *Diagnostic {
	return &Diagnostic{Loc: knownLoc(op), Severity: SevError, Message: "'" + op.Name() + "' op " + fmt.Sprintf(format, args...)}
}

// knownLoc is op's location, or when that is unknown the nearest
// ancestor's that is not (unknown if none is).
func knownLoc(op *Operation) Location {
	for o := op; o != nil; o = o.ParentOp() {
		if _, unknown := o.loc.(*UnknownLoc); !unknown && o.loc != nil {
			return o.loc
		}
	}
	return op.loc
}

// Diagnostics is a list of diagnostics usable as one error.
type Diagnostics []*Diagnostic

func (ds Diagnostics) Error() string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.Error()
	}
	return strings.Join(parts, "\n")
}

// AsDiagnostics converts an error into diagnostics (wrapping plain errors
// as an error at loc).
func AsDiagnostics(err error, loc Location) Diagnostics {
	if err == nil {
		return nil
	}
	var d *Diagnostic
	var ds Diagnostics
	switch {
	case errors.As(err, &ds):
		return ds
	case errors.As(err, &d):
		return Diagnostics{d}
	}
	return Diagnostics{{Loc: loc, Severity: SevError, Message: err.Error()}}
}
