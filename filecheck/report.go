package filecheck

import (
	"fmt"
	"sort"
	"strings"
)

// matchType classifies a match result for the input dump.
type matchType int

const (
	matchFoundAndExpected matchType = iota
	matchFoundButExcluded
	matchFoundButWrongLine
	matchFoundButDiscarded
	matchFoundErrorNote
	matchNoneAndExcluded
	matchNoneButExpected
	matchNoneForInvalidPattern
	matchFuzzy
)

// diag is one match result or note, kept for the input dump.
type diag struct {
	checkTy    checkType
	checkLoc   loc
	matchTy    matchType
	start, end int // input range
	note       string
}

// processMatchResult records a diag for the dump (or, with adjust, retypes
// the diags of the previous report) and returns the range.
func (fc *checker) processMatchResult(mt matchType, checkLoc loc, ty checkType, start, end int, adjust bool) srcRange {
	if fc.collect {
		if adjust {
			fc.adjustPrevDiags(mt)
		} else {
			fc.diags = append(fc.diags, diag{checkTy: ty, checkLoc: checkLoc, matchTy: mt, start: start, end: end})
		}
	}
	return srcRange{start, end}
}

// adjustPrevDiags retypes the trailing diags that belong to the same check.
func (fc *checker) adjustPrevDiags(mt matchType) {
	if len(fc.diags) == 0 {
		return
	}
	last := fc.diags[len(fc.diags)-1].checkLoc
	for i := len(fc.diags) - 1; i >= 0 && fc.diags[i].checkLoc == last; i-- {
		fc.diags[i].matchTy = mt
	}
}

func (fc *checker) reportMatchResult(expected bool, prefix string, l loc, p *pattern, count, start, end int, r matchResult) bool {
	if r.found {
		return fc.printMatch(expected, prefix, l, p, count, start, end, r)
	}
	return fc.printNoMatch(expected, prefix, l, p, count, start, end, r.errs)
}

func countSuffix(p *pattern, count int) string {
	if p.ty.count > 1 {
		return fmt.Sprintf(" (%d out of %d)", count, p.ty.count)
	}
	return ""
}

// printMatch reports a match: an error for an excluded pattern, otherwise
// a remark in verbose mode. It returns false when the match is an error.
func (fc *checker) printMatch(expected bool, prefix string, l loc, p *pattern, count, start, end int, r matchResult) bool {
	hasError := !expected || len(r.errs) > 0
	printNow := true
	if !hasError {
		if fc.opts.Verbose == 0 {
			return true
		}
		if fc.opts.Verbose < 2 && p.ty.kind == kindEOF {
			return true
		}
		printNow = !fc.collect
	}
	mt := matchFoundAndExpected
	if !expected {
		mt = matchFoundButExcluded
	}
	rng := fc.processMatchResult(mt, l, p.ty, r.pos, r.pos+r.len, false)
	if fc.collect {
		fc.printSubstitutions(p, rng, mt, true)
		fc.printVariableDefs(p, mt, true)
	}
	if !printNow {
		return true
	}
	verdict, kind := "expected", kindRemark
	if !expected {
		verdict, kind = "excluded", kindError
	}
	printDiag(fc.w, l, kind, fmt.Sprintf("%s: %s string found in input%s", p.ty.description(prefix), verdict, countSuffix(p, count)))
	printDiag(fc.w, loc{fc.input, rng.start}, kindNote, "found here", rng)
	fc.printSubstitutions(p, rng, mt, false)
	fc.printVariableDefs(p, mt, false)
	for _, e := range r.errs {
		e.print(fc.w)
		if fc.collect {
			fc.diags = append(fc.diags, diag{checkTy: p.ty, checkLoc: l, matchTy: matchFoundErrorNote,
				start: e.at.start, end: e.at.end, note: e.msg})
		}
	}
	return !hasError
}

// printNoMatch reports a failed search: an error for an expected pattern,
// a remark in -vv mode for an excluded one. errs are pattern errors such as
// undefined variables. It returns false on error.
func (fc *checker) printNoMatch(expected bool, prefix string, l loc, p *pattern, count, start, end int, errs []*diagError) bool {
	hasError := expected
	patternError := len(errs) > 0
	mt := matchNoneAndExcluded
	if expected {
		mt = matchNoneButExpected
	}
	if patternError {
		hasError = true
		mt = matchNoneForInvalidPattern
		for _, e := range errs {
			e.print(fc.w)
		}
	}
	printNow := true
	if !hasError {
		if fc.opts.Verbose < 2 {
			return true
		}
		printNow = !fc.collect
	}
	rng := fc.processMatchResult(mt, l, p.ty, start, end, false)
	if fc.collect {
		for _, e := range errs {
			fc.diags = append(fc.diags, diag{checkTy: p.ty, checkLoc: l, matchTy: mt, start: rng.start, end: rng.start, note: e.msg})
		}
		fc.printSubstitutions(p, rng, mt, true)
	}
	if !printNow {
		return !hasError
	}
	if !patternError {
		verdict, kind := "expected", kindError
		if !expected {
			verdict, kind = "excluded", kindRemark
		}
		printDiag(fc.w, l, kind, fmt.Sprintf("%s: %s string not found in input%s", p.ty.description(prefix), verdict, countSuffix(p, count)))
		printDiag(fc.w, loc{fc.input, rng.start}, kindNote, "scanning from here")
	}
	fc.printSubstitutions(p, rng, mt, false)
	if expected {
		fc.printFuzzyMatch(p, start, end)
	}
	return !hasError
}

// printSubstitutions notes the current value of each substitution.
func (fc *checker) printSubstitutions(p *pattern, rng srcRange, mt matchType, toDiags bool) {
	for _, s := range p.substs {
		val, errs := fc.substitutionValue(s)
		if errs != nil {
			continue
		}
		msg := `with "` + writeEscaped(s.from.String()) + `" equal to "` + writeEscaped(val) + `"`
		if toDiags {
			fc.diags = append(fc.diags, diag{checkTy: p.ty, checkLoc: p.loc, matchTy: mt, start: rng.start, end: rng.start, note: msg})
		} else {
			printDiag(fc.w, loc{fc.input, rng.start}, kindNote, msg)
		}
	}
}

// printVariableDefs notes where each variable the pattern defines was
// captured.
func (fc *checker) printVariableDefs(p *pattern, mt matchType, toDiags bool) {
	type capture struct {
		name string
		rng  srcRange
	}
	var caps []capture
	for _, name := range p.sortedStrDefs() {
		if v, ok := fc.ctx.strVars[name]; ok && v.captured {
			caps = append(caps, capture{name, v.from})
		}
	}
	for _, name := range p.sortedNumDefs() {
		if v := p.numDefs[name].v; v.captured {
			caps = append(caps, capture{name, v.matched.rng()})
		}
	}
	sort.SliceStable(caps, func(i, j int) bool { return caps[i].rng.start < caps[j].rng.start })
	for _, c := range caps {
		msg := `captured var "` + c.name + `"`
		if toDiags {
			fc.diags = append(fc.diags, diag{checkTy: p.ty, checkLoc: p.loc, matchTy: mt, start: c.rng.start, end: c.rng.end, note: msg})
		} else {
			printDiag(fc.w, loc{fc.input, c.rng.start}, kindNote, msg, c.rng)
		}
	}
}

// printFuzzyMatch points at the most similar text near the search start,
// using the edit distance to the pattern text.
func (fc *checker) printFuzzyMatch(p *pattern, start, end int) {
	in := fc.input.text[start:end]
	example := p.fixed
	if example == "" {
		example = p.regex
	}
	lines, best := 0, -1
	bestQuality := 0.0
	for i := 0; i < min(4096, len(in)); i++ {
		if in[i] == '\n' {
			lines++
		}
		if in[i] == ' ' || in[i] == '\t' {
			continue
		}
		q := float64(matchDistance(in[i:], example)) + float64(lines)/100
		if q < bestQuality || best < 0 {
			best, bestQuality = i, q
		}
	}
	if best > 0 && bestQuality < 50 {
		rng := fc.processMatchResult(matchFuzzy, p.loc, p.ty, start+best, start+best, false)
		printDiag(fc.w, loc{fc.input, rng.start}, kindNote, "possible intended match here")
	}
}

// matchDistance is the edit distance between example and the start of
// text, up to example's length and the end of the line.
func matchDistance(text []byte, example string) int {
	if len(text) > len(example) {
		text = text[:len(example)]
	}
	if i := strings.IndexByte(string(text), '\n'); i >= 0 {
		text = text[:i]
	}
	return editDistance(text, example)
}

func editDistance(a []byte, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			old := row[j]
			cost := prev
			if a[i-1] != b[j-1] {
				cost++
			}
			row[j] = min(cost, row[j]+1, row[j-1]+1)
			prev = old
		}
	}
	return row[len(b)]
}

// writeEscaped escapes like raw_ostream::write_escaped.
func writeEscaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			b.WriteString(`\\`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '"':
			b.WriteString(`\"`)
		default:
			if c >= 32 && c <= 126 {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, "\\%03o", c)
			}
		}
	}
	return b.String()
}
