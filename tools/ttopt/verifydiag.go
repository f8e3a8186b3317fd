package ttopt

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// expectation is one `expected-<severity> [@loc] {{message}}` annotation.
type expectation struct {
	sev     ir.Severity
	line    int // absolute line the diagnostic must be on; 0 for @unknown
	msg     string
	re      *regexp.Regexp // for expected-*-re
	annLine int            // line of the annotation itself
	annCol  int
	matched bool
}

// The message runs to the last `}}` of the line, as in MLIR's verifier,
// so that a -re message may hold `{{regex}}` parts.
var expectRE = regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *(\{\{.*\}\})`)

// parseExpectations scans a chunk (whose first line is firstLine) for
// diagnostic expectations.
func parseExpectations(chunk string, firstLine int) ([]*expectation, error) {
	lines := strings.Split(chunk, "\n")
	isDesignator := func(l string) bool { return expectRE.MatchString(l) }
	var out []*expectation
	for i, l := range lines {
		for _, m := range expectRE.FindAllStringSubmatchIndex(l, -1) {
			kind := l[m[2]:m[3]]
			isRe := m[4] >= 0
			body := l[m[10]+2 : m[11]-2]
			e := &expectation{annLine: firstLine + i, annCol: m[0] + 1, line: firstLine + i, msg: body}
			switch kind {
			case "error":
				e.sev = ir.SevError
			case "note":
				e.sev = ir.SevNote
			case "remark":
				e.sev = ir.SevRemark
			case "warning":
				e.sev = ir.SevWarning
			}
			if m[8] >= 0 {
				switch off := l[m[8]:m[9]]; off {
				case "unknown":
					e.line = 0
				case "above":
					j := i - 1
					for j >= 0 && isDesignator(lines[j]) {
						j--
					}
					e.line = firstLine + j
				case "below":
					j := i + 1
					for j < len(lines) && isDesignator(lines[j]) {
						j++
					}
					e.line = firstLine + j
				default:
					n, _ := strconv.Atoi(off)
					e.line = firstLine + i + n
				}
			}
			if isRe {
				re, err := compileExpectRegex(body)
				if err != nil {
					return nil, fmt.Errorf("%d:%d: invalid regex in expected diagnostic: %v", e.annLine, e.annCol, err)
				}
				e.re = re
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// compileExpectRegex builds a regex from MLIR's `-re` syntax: literal text
// with `{{regex}}` parts.
func compileExpectRegex(body string) (*regexp.Regexp, error) {
	var b strings.Builder
	for body != "" {
		i := strings.Index(body, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(body))
			break
		}
		b.WriteString(regexp.QuoteMeta(body[:i]))
		j := strings.Index(body[i+2:], "}}")
		if j < 0 {
			return nil, fmt.Errorf("unterminated '{{'")
		}
		b.WriteString("(?:" + body[i+2:i+2+j] + ")")
		body = body[i+2+j+2:]
	}
	// LLVM's regexes let `.` match newlines.
	return regexp.Compile("(?s)" + b.String())
}

// checkDiagnostics matches emitted diagnostics (and their notes) against
// expectations and returns MLIR-style complaints about mismatches.
// With onlyExpected, diagnostics nobody expected are ignored (MLIR's
// --verify-diagnostics=only-expected). As in MLIR, one expectation may
// match any number of diagnostics: a diagnostic is claimed by the first
// expectation on its line that it satisfies, matched before or not.
func checkDiagnostics(file string, diags []*ir.Diagnostic, exps []*expectation, onlyExpected bool) []string {
	var problems []string
	var flat []*ir.Diagnostic
	for _, d := range diags {
		flat = append(flat, d)
		flat = append(flat, d.Notes...)
	}
	for _, d := range flat {
		line := 0
		loc := "<unknown>"
		if f := ir.FindFileLineCol(d.Loc); f != nil {
			line = f.Line
			loc = ir.LocString(d.Loc)
		}
		found := false
		for _, e := range exps {
			if e.sev != d.Severity || e.line != line {
				continue
			}
			ok := strings.Contains(d.Message, e.msg)
			if e.re != nil {
				ok = e.re.MatchString(d.Message)
			}
			if ok {
				e.matched, found = true, true
				break
			}
		}
		if !found && !onlyExpected {
			problems = append(problems, fmt.Sprintf("%s: error: unexpected %s: %s", loc, d.Severity, d.Message))
		}
	}
	for _, e := range exps {
		if !e.matched {
			problems = append(problems, fmt.Sprintf("%s:%d:%d: error: expected %s \"%s\" was not produced", file, e.annLine, e.annCol, e.sev, e.msg))
		}
	}
	return problems
}
