package nvptx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Line information: with Options.LineInfo the emitter precedes the
// instructions of each op with `.loc FILE LINE COL` whenever the op's
// source position differs from the previous one, and lists the files as
// `.file N "path"` at module scope. ptxas turns these into the cubin's line
// table (with or without -lineinfo), which is what nvdisasm -g, Nsight
// Compute's source view and Triton's test_line_info read. An op's position
// is where its location points in the kernel's source: through names
// (`loc("x"(#loc))`) to what they name, through an inlined call to the
// callee's line (the code that runs), and for fused locations the first
// one that has a file.

// sourcePos resolves loc to a file position; ok is false for locations
// without one (unknown, or opaque).
func sourcePos(loc ir.Location) (file string, line, col int, ok bool) {
	for depth := 0; depth < 64; depth++ { // locations nest shallowly; a bound keeps a cyclic one finite
		switch l := loc.(type) {
		case *ir.FileLineColLoc:
			if l.File == "" || l.Line <= 0 {
				return "", 0, 0, false
			}
			return l.File, l.Line, max(l.Col, 0), true
		case *ir.NameLoc:
			loc = l.Child
		case *ir.CallSiteLoc:
			loc = l.Callee
		case *ir.FusedLoc:
			for _, inner := range l.Locs {
				if f, ln, c, ok := sourcePos(inner); ok {
					return f, ln, c, true
				}
			}
			return "", 0, 0, false
		default:
			return "", 0, 0, false
		}
		if loc == nil {
			return "", 0, 0, false
		}
	}
	return "", 0, 0, false
}

// sourceFiles numbers the files `.loc` directives name, from 1, in the
// order of first use.
type sourceFiles struct {
	index map[string]int
	paths []string
	// The path numbered last, and its number: nearly every op of a
	// kernel is in the same file, and hashing its path was most of the
	// cost of an op's position.
	last     string
	lastFile int
}

func (s *sourceFiles) number(path string) int {
	if s.lastFile != 0 && path == s.last {
		return s.lastFile
	}
	n := s.lookup(path)
	s.last, s.lastFile = path, n
	return n
}

// lookup returns path's number, numbering it if it has none yet.
func (s *sourceFiles) lookup(path string) int {
	if n, ok := s.index[path]; ok {
		return n
	}
	if s.index == nil {
		s.index = map[string]int{}
	}
	s.paths = append(s.paths, path)
	s.index[path] = len(s.paths)
	return len(s.paths)
}

// declarations prints the `.file` directives.
func (s *sourceFiles) declarations() string {
	var b strings.Builder
	for i, p := range s.paths {
		fmt.Fprintf(&b, ".file\t%d %s\n", i+1, ptxString(p))
	}
	return b.String()
}

// ptxString quotes s as a PTX string literal (C escapes).
func ptxString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// markSource notes op's position when line information is on; the next
// instruction printed carries it (flushSource), so an op that prints
// nothing leaves no `.loc` behind.
func (f *fn) markSource(op *ir.Operation) {
	if file, line, col, ok := sourcePos(op.Loc()); ok {
		f.loc.want = sourceMark{f.m.files.number(file), line, col}
	}
}

// flushSource prints the `.loc` of the position instructions are now
// attributed to, if it is not the one printed last.
func (f *fn) flushSource() {
	if w := f.loc.want; w.file != 0 && w != f.loc.printed {
		f.loc.printed = w
		// "\t.loc\t%d %d %d\n", appended in place: a kernel has one for
		// every few instructions.
		b := append(f.body, "\t.loc\t"...)
		b = strconv.AppendInt(b, int64(w.file), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(w.line), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(w.col), 10)
		f.body = append(b, '\n')
	}
}

// sourceMark is a `.loc` position: a file number (0 for none), line and
// column.
type sourceMark struct{ file, line, col int }

// sourceState is a function's line information: the position of the op
// being emitted, and the one the body's last `.loc` says.
type sourceState struct{ want, printed sourceMark }
