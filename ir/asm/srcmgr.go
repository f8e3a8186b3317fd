package asm

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// SourceMgr remembers source buffers so diagnostics can quote the line
// they point at, the way MLIR's SourceMgrDiagnosticHandler does.
type SourceMgr struct {
	files map[string]string
}

// NewSourceMgr returns an empty source manager.
func NewSourceMgr() *SourceMgr { return &SourceMgr{files: map[string]string{}} }

// Add registers the text of a file.
func (m *SourceMgr) Add(name, text string) { m.files[name] = text }

// Render formats a diagnostic and its notes:
//
//	file:line:col: error: message
//	<the source line>
//	        ^
func (m *SourceMgr) Render(d *ir.Diagnostic) string {
	var b strings.Builder
	m.render(&b, d)
	for _, n := range d.Notes {
		m.render(&b, n)
	}
	return b.String()
}

func (m *SourceMgr) render(b *strings.Builder, d *ir.Diagnostic) {
	f := ir.FindFileLineCol(d.Loc)
	if f == nil {
		b.WriteString(LocString(d.Loc))
		b.WriteString(": " + d.Severity.String() + ": " + d.Message + "\n")
		return
	}
	b.WriteString(ir.LocString(d.Loc) + ": " + d.Severity.String() + ": " + d.Message + "\n")
	text, ok := m.files[f.File]
	if !ok || f.Line < 1 {
		return
	}
	line := nthLine(text, f.Line)
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
