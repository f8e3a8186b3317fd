package filecheck

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
)

// buffer is one named text that diagnostics can point into: the check file,
// the input, or a synthesized buffer for command-line patterns.
type buffer struct {
	name  string
	text  []byte
	lines []int // offsets of '\n', built on first use
}

// loc is a position in a buffer. A nil buf means "no location".
type loc struct {
	buf *buffer
	off int
}

func (l loc) valid() bool { return l.buf != nil }

// lineCol returns the 1-based line and column of off, counting lines by
// '\n' as LLVM's SourceMgr does.
func (b *buffer) lineCol(off int) (int, int) {
	if b.lines == nil {
		b.lines = []int{}
		for i, c := range b.text {
			if c == '\n' {
				b.lines = append(b.lines, i)
			}
		}
	}
	n := sort.SearchInts(b.lines, off) // newlines strictly before off
	lineStart := 0
	if n > 0 {
		lineStart = b.lines[n-1] + 1
	}
	return n + 1, off - lineStart + 1
}

// diagKind is the severity label of a diagnostic.
type diagKind string

const (
	kindError  diagKind = "error"
	kindNote   diagKind = "note"
	kindRemark diagKind = "remark"
)

// srcRange is a half-open byte range in the buffer of the diagnostic's loc.
type srcRange struct{ start, end int }

const tabStop = 8

// printDiag writes a diagnostic in the format of LLVM's SMDiagnostic::print:
// "name:line:col: kind: message", then the source line and a caret line.
func printDiag(w io.Writer, l loc, kind diagKind, msg string, ranges ...srcRange) {
	var b strings.Builder
	if !l.valid() {
		fmt.Fprintf(&b, "%s: %s\n", kind, msg)
		io.WriteString(w, b.String())
		return
	}
	text := l.buf.text
	line, col := l.buf.lineCol(l.off)
	name := l.buf.name
	if name == "-" {
		name = "<stdin>"
	}
	fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", name, line, col, kind, msg)

	start := l.off
	for start > 0 && text[start-1] != '\n' && text[start-1] != '\r' {
		start--
	}
	end := l.off
	for end < len(text) && text[end] != '\n' && text[end] != '\r' {
		end++
	}
	content := text[start:end]
	for _, c := range content {
		if c >= 0x80 {
			writeSourceLine(&b, content)
			io.WriteString(w, b.String())
			return
		}
	}
	caret := bytes.Repeat([]byte{' '}, len(content)+1)
	for _, r := range ranges {
		if r.start > end || r.end < start {
			continue
		}
		rs, re := max(r.start, start)-start, min(r.end, end)-start
		for i := rs; i < re && i < len(caret); i++ {
			caret[i] = '~'
		}
	}
	column := l.off - start
	if column <= len(content) {
		caret[column] = '^'
	} else {
		caret[len(content)] = '^'
	}
	caret = bytes.TrimRight(caret, " ")
	writeSourceLine(&b, content)
	outCol := 0
	for i, c := range caret {
		if i >= len(content) || content[i] != '\t' {
			b.WriteByte(c)
			outCol++
			continue
		}
		for {
			b.WriteByte(c)
			outCol++
			if outCol%tabStop == 0 {
				break
			}
		}
	}
	b.WriteByte('\n')
	io.WriteString(w, b.String())
}

// writeSourceLine writes a line with tabs expanded to tab stops.
func writeSourceLine(b *strings.Builder, content []byte) {
	outCol := 0
	for _, c := range content {
		if c != '\t' {
			b.WriteByte(c)
			outCol++
			continue
		}
		for {
			b.WriteByte(' ')
			outCol++
			if outCol%tabStop == 0 {
				break
			}
		}
	}
	b.WriteByte('\n')
}

// sref is a substring of a buffer that remembers where it came from, so
// parse errors can point at it. It mirrors how LLVM's parser slices
// StringRefs of the check file.
type sref struct {
	buf        *buffer
	start, end int
}

func whole(b *buffer) sref { return sref{b, 0, len(b.text)} }

func (r sref) String() string    { return string(r.buf.text[r.start:r.end]) }
func (r sref) bytes() []byte     { return r.buf.text[r.start:r.end] }
func (r sref) len() int          { return r.end - r.start }
func (r sref) empty() bool       { return r.end == r.start }
func (r sref) at(i int) byte     { return r.buf.text[r.start+i] }
func (r sref) loc() loc          { return loc{r.buf, r.start} }
func (r sref) rng() srcRange     { return srcRange{r.start, r.end} }
func (r sref) front() byte       { return r.at(0) }
func (r sref) back() byte        { return r.at(r.len() - 1) }
func (r sref) has(s string) bool { return bytes.HasPrefix(r.bytes(), []byte(s)) }

// from returns the suffix starting at i (clamped, as StringRef::substr).
func (r sref) from(i int) sref {
	if i > r.len() || i < 0 {
		i = r.len()
	}
	return sref{r.buf, r.start + i, r.end}
}

// take returns the first n bytes (clamped).
func (r sref) take(n int) sref {
	if n > r.len() || n < 0 {
		n = r.len()
	}
	return sref{r.buf, r.start, r.start + n}
}

// dropBack removes the last n bytes.
func (r sref) dropBack(n int) sref { return r.take(r.len() - n) }

// find returns the index of s at or after from, or -1.
func (r sref) find(s string, from int) int {
	if from > r.len() {
		return -1
	}
	i := bytes.Index(r.bytes()[from:], []byte(s))
	if i < 0 {
		return -1
	}
	return i + from
}

// findAny returns the index of the first byte in chars, or -1.
func (r sref) findAny(chars string) int {
	return bytes.IndexAny(r.bytes(), chars)
}

func (r *sref) consume(s string) bool {
	if r.has(s) {
		r.start += len(s)
		return true
	}
	return false
}

func (r sref) ltrim(chars string) sref {
	for !r.empty() && strings.IndexByte(chars, r.front()) >= 0 {
		r.start++
	}
	return r
}

func (r sref) rtrim(chars string) sref {
	for !r.empty() && strings.IndexByte(chars, r.back()) >= 0 {
		r.end--
	}
	return r
}

func (r sref) trim(chars string) sref { return r.ltrim(chars).rtrim(chars) }
