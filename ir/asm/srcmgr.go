package asm

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// SourceMgr remembers source buffers so diagnostics can quote the line
// they point at, the way MLIR's SourceMgrDiagnosticHandler does.
type SourceMgr struct {
	files map[string]string
	read  func(file string) (string, bool)
}

// NewSourceMgr returns an empty source manager.
func NewSourceMgr() *SourceMgr { return &SourceMgr{files: map[string]string{}} }

// Add registers the text of a file.
func (m *SourceMgr) Add(name, text string) { m.files[name] = text }

// SetReader gives the manager a way to find the text of files it was not
// given, read once each: the library sources a kernel's inlined calls
// point into.
func (m *SourceMgr) SetReader(read func(file string) (string, bool)) { m.read = read }

// text is file's source, if the manager has or can read it.
func (m *SourceMgr) text(file string) (string, bool) {
	if t, ok := m.files[file]; ok {
		return t, true
	}
	if m.read == nil {
		return "", false
	}
	t, ok := m.read(file)
	if ok {
		m.files[file] = t
	}
	return t, ok
}

// Render formats a diagnostic and its notes:
//
//	file:line:col: error: message
//	<the source line>
//	        ^
//
// A location inside inlined calls is shown at its innermost frame, each
// caller after it as a "called from" note with its own line (ir.ShownFrames;
// MLIR's handler shows a call site's stack the same way).
func (m *SourceMgr) Render(d *ir.Diagnostic) string {
	var b strings.Builder
	m.render(&b, d)
	for _, n := range d.Notes {
		m.render(&b, n)
	}
	return b.String()
}

func (m *SourceMgr) render(b *strings.Builder, d *ir.Diagnostic) {
	frames := ir.ShownFrames(d.Loc)
	if ir.FindFileLineCol(d.Loc) == nil || len(frames) == 0 {
		b.WriteString(LocString(d.Loc))
		b.WriteString(": " + d.Severity.String() + ": " + d.Message + "\n")
		return
	}
	m.renderAt(b, frames[0], d.Severity.String()+": "+d.Message)
	for _, f := range frames[1:] {
		m.renderAt(b, f, "note: called from")
	}
}

// renderAt writes `loc: text` and, when the location is in a known file,
// the line it points at with a caret under its column.
func (m *SourceMgr) renderAt(b *strings.Builder, loc ir.Location, text string) {
	b.WriteString(ir.LocString(loc) + ": " + text + "\n")
	f := ir.FindFileLineCol(loc)
	if f == nil {
		return
	}
	src, ok := m.text(f.File)
	if !ok || f.Line < 1 {
		return
	}
	line := nthLine(src, f.Line)
	if line == "" && f.Col <= 1 {
		return
	}
	b.WriteString(line + "\n")
	col := f.Col - 1
	if col < 0 {
		col = 0
	}
	for i := 0; i < col && i < len(line); i++ {
		if line[i] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("^\n")
}

func nthLine(text string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimRight(text, "\r")
}
