package filecheck

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// marker is how an annotation marks the input.
type marker struct {
	lead           byte
	note           string
	filtersAsError bool
}

func markerFor(mt matchType) marker {
	switch mt {
	case matchFoundAndExpected:
		return marker{lead: '^'}
	case matchFoundButExcluded:
		return marker{'!', "error: no match expected", true}
	case matchFoundButWrongLine:
		return marker{'!', "error: match on wrong line", true}
	case matchFoundButDiscarded:
		return marker{'!', "discard: overlaps earlier match", false}
	case matchFoundErrorNote:
		return marker{'!', "error: unknown error after match", true}
	case matchNoneAndExcluded:
		return marker{lead: 'X'}
	case matchNoneButExpected:
		return marker{'X', "error: no match found", true}
	case matchNoneForInvalidPattern:
		return marker{'X', "error: match failed for invalid pattern", true}
	case matchFuzzy:
		return marker{'?', "possible intended match", true}
	}
	return marker{lead: '?'}
}

// annotation marks columns of one input line.
type annotation struct {
	diagIndex int
	label     string
	firstLine bool
	line      int
	startCol  int
	endCol    int // exclusive; math.MaxInt means to the end of the line
	marker    marker
}

// buildAnnotations turns diags into per-line annotations and returns the
// width of the widest label.
func (fc *checker) buildAnnotations() ([]annotation, int) {
	perPattern := map[loc]int{}
	for _, d := range fc.diags {
		perPattern[d.checkLoc]++
	}
	seen := map[loc]int{}
	width := 0
	var out []annotation
	for i, d := range fc.diags {
		var label strings.Builder
		label.WriteString(d.checkTy.abbreviation() + ":")
		if d.checkLoc.buf == fc.checkBuf {
			line, _ := fc.checkBuf.lineCol(d.checkLoc.off)
			fmt.Fprintf(&label, "%d", line)
		} else {
			for k, b := range fc.impBufs {
				if d.checkLoc.buf == b {
					fmt.Fprintf(&label, "imp%d", k+1)
				}
			}
		}
		if perPattern[d.checkLoc] > 1 {
			fmt.Fprintf(&label, "'%d", seen[d.checkLoc])
			seen[d.checkLoc]++
		}
		a := annotation{diagIndex: i, label: label.String(), firstLine: true, marker: markerFor(d.matchTy)}
		width = max(width, len(a.label))
		if d.note != "" {
			a.marker.note = d.note
		}
		if d.matchTy == matchFoundErrorNote {
			a.marker.note = "error: " + a.marker.note
		}
		startLine, startCol := fc.input.lineCol(d.start)
		endLine, endCol := fc.input.lineCol(d.end)
		if d.note != "" && startLine == endLine && startCol == endCol {
			a.marker.lead = ' '
		}
		a.line, a.startCol = startLine, startCol
		if startLine == endLine {
			a.endCol = max(startCol+1, endCol)
			out = append(out, a)
			continue
		}
		a.endCol = math.MaxInt
		out = append(out, a)
		for l := startLine + 1; l <= endLine; l++ {
			if endCol == 1 && l == endLine {
				break
			}
			b := a
			b.firstLine = false
			b.line = l
			b.marker.lead = '~'
			b.marker.note = ""
			b.startCol = 1
			if l == endLine {
				b.endCol = endCol
			}
			out = append(out, b)
		}
	}
	return out, width
}

// dumpInput writes the annotated input dump.
func (fc *checker) dumpInput(checkName, inputName string) {
	w := fc.w
	fmt.Fprintf(w, "\nInput file: %s\nCheck file: %s\n\n-dump-input=help explains the following input dump.\n\n", inputName, checkName)
	anns, labelWidth := fc.buildAnnotations()
	filter := fc.opts.DumpInputFilter
	if filter == DumpFilterDefault {
		filter = DumpFilterError
		if fc.opts.DumpInput == DumpAlways {
			filter = DumpFilterAll
		}
	}
	context := max(fc.opts.DumpInputContext, 0)

	var out strings.Builder
	out.WriteString("Input was:\n<<<<<<\n")
	sort.SliceStable(anns, func(i, j int) bool {
		if anns[i].line != anns[j].line {
			return anns[i].line < anns[j].line
		}
		return anns[i].diagIndex < anns[j].diagIndex
	})
	in := fc.input.text
	lineCount := strings.Count(string(in), "\n")
	if len(in) == 0 || in[len(in)-1] != '\n' {
		lineCount++
	}
	lineNoWidth := int(math.Log10(float64(lineCount))) + 1
	labelWidth = max(labelWidth, lineNoWidth) + 3

	prevInFilter, nextInFilter := 0, 0 // 0: none yet / not computed
	const none = math.MaxInt
	var elided strings.Builder
	ptr, ai := 0, 0
	for line := 1; ptr < len(in) || ai < len(anns); line++ {
		lineStart := ptr
		if nextInFilter < line {
			nextInFilter = findLineInFilter(filter, line, anns[ai:])
		}
		if nextInFilter == line {
			prevInFilter = line
		}
		dst := &out
		if (prevInFilter == 0 || prevInFilter+context < line) &&
			(nextInFilter == none || line+context < nextInFilter) {
			dst = &elided
		} else {
			flushElided(&out, &elided, labelWidth)
		}
		fmt.Fprintf(dst, "%*d: ", labelWidth, line)
		for ptr < len(in) {
			c := in[ptr]
			ptr++
			if c == '\n' {
				dst.WriteByte(' ')
				break
			}
			dst.WriteByte(c)
		}
		dst.WriteByte('\n')
		lineWidth := ptr - lineStart
		for ai < len(anns) && anns[ai].line == line {
			a := anns[ai]
			fmt.Fprintf(dst, "%-*s  ", labelWidth, a.label)
			col := 1
			for ; col < a.startCol; col++ {
				dst.WriteByte(' ')
			}
			dst.WriteByte(a.marker.lead)
			for col++; col < a.endCol && col <= lineWidth; col++ {
				dst.WriteByte('~')
			}
			if a.marker.note != "" {
				for ; col <= lineWidth; col++ {
					dst.WriteByte(' ')
				}
				dst.WriteString(" " + a.marker.note)
			}
			dst.WriteByte('\n')
			ai++
		}
	}
	flushElided(&out, &elided, labelWidth)
	out.WriteString(">>>>>>\n")
	fmt.Fprint(w, out.String())
}

// findLineInFilter returns the first line at or after the remaining
// annotations that the filter selects, or math.MaxInt.
func findLineInFilter(filter DumpFilter, line int, anns []annotation) int {
	if filter == DumpFilterAll {
		return line
	}
	for _, a := range anns {
		switch filter {
		case DumpFilterAnnotationFull:
			return a.line
		case DumpFilterAnnotation:
			if a.firstLine {
				return a.line
			}
		default:
			if a.firstLine && a.marker.filtersAsError {
				return a.line
			}
		}
	}
	return math.MaxInt
}

// flushElided prints buffered elided lines, or an ellipsis when that is
// shorter.
func flushElided(out, elided *strings.Builder, labelWidth int) {
	if elided.Len() == 0 {
		return
	}
	if strings.Count(elided.String(), "\n") > 3 {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(out, "%*s\n", labelWidth, ".")
		}
	} else {
		out.WriteString(elided.String())
	}
	elided.Reset()
}
