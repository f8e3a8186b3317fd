package python

import (
	"fmt"
	"strings"
)

// Error is a diagnostic located in a Python source file. It prints as
// compilers do, `file:line:col: error: message`, with a 1-based column.
type Error struct {
	File string
	Pos  Pos
	Msg  string
	// Notes are further located messages (e.g. the call site of the
	// function an error happened in).
	Notes []*Error
}

func (e *Error) Error() string {
	var b strings.Builder
	e.header(&b, "error")
	for _, n := range e.Notes {
		b.WriteByte('\n')
		n.header(&b, "note")
	}
	return b.String()
}

func (e *Error) header(b *strings.Builder, sev string) {
	fmt.Fprintf(b, "%s:%d:%d: %s: %s", e.File, e.Pos.Line, e.Pos.Col+1, sev, e.Msg)
}

// Errorf returns an error at pos in file.
func Errorf(file string, pos Pos, format string, args ...any) *Error {
	return &Error{File: file, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Render formats e with the source line it points at and a caret under
// the column, for every message of e and its notes. source returns the
// text of a file (false when it is not known: the line is then left out).
func (e *Error) Render(source func(file string) (string, bool)) string {
	var b strings.Builder
	render := func(x *Error, sev string) {
		x.header(&b, sev)
		b.WriteByte('\n')
		text, ok := source(x.File)
		if !ok {
			return
		}
		line, ok := nthLine(text, x.Pos.Line)
		if !ok {
			return
		}
		b.WriteString(line)
		b.WriteByte('\n')
		for i := 0; i < x.Pos.Col && i < len(line); i++ {
			if line[i] == '\t' {
				b.WriteByte('\t')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString("^\n")
	}
	render(e, "error")
	for _, n := range e.Notes {
		render(n, "note")
	}
	return b.String()
}

func nthLine(text string, n int) (string, bool) {
	if n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return "", false
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimRight(text, "\r"), true
}
