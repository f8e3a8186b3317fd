package lit

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// runLine is one RUN command after joining continuation lines.
type runLine struct {
	line    int            // line of its first RUN: line
	text    string         // the command, before substitutions
	defines []Substitution // DEFINE'd substitutions in effect for it
}

// testScript is what a test file declares.
type testScript struct {
	runs        []runLine
	requires    []string
	unsupported []string
	xfail       []string
}

// keywords are the lit directives, found anywhere in a line as lit does
// (so "// RUN:", "; RUN:" and "# RUN:" all work). The earliest occurrence
// on a line wins.
var keywords = []string{"RUN:", "REQUIRES:", "UNSUPPORTED:", "XFAIL:", "END.", "ALLOW_RETRIES:", "DEFINE:", "REDEFINE:"}

var (
	lineNumberRE = regexp.MustCompile(`%\(line *([+-]) *(\d+)\)`)
	defineRE     = regexp.MustCompile(`^\s*(%\{[-+=._a-zA-Z0-9:]+\})\s*=(.*)$`)
)

// parseScript extracts RUN lines and the other directives from a test.
func parseScript(text string) (*testScript, error) {
	s := &testScript{}
	var defines []Substitution
	continuing := false // the last RUN line ended with '\'
	var pendingDef *struct {
		redefine  bool
		line      int
		name, val string
	}
	lines := strings.Split(text, "\n")
	if strings.HasSuffix(text, "\n") {
		lines = lines[:len(lines)-1]
	}
	for i, line := range lines {
		lineNo := i + 1
		line = strings.TrimSuffix(line, "\r")
		kw, content := findKeyword(line)
		if kw == "" {
			continue
		}
		switch kw {
		case "RUN:":
			content = strings.TrimRight(content, " \t\r\v\f")
			content = strings.ReplaceAll(content, "%(line)", strconv.Itoa(lineNo))
			content = lineNumberRE.ReplaceAllStringFunc(content, func(m string) string {
				sub := lineNumberRE.FindStringSubmatch(m)
				n, _ := strconv.Atoi(sub[2])
				if sub[1] == "+" {
					return strconv.Itoa(lineNo + n)
				}
				return strconv.Itoa(lineNo - n)
			})
			if continuing {
				last := &s.runs[len(s.runs)-1]
				last.text = strings.TrimSuffix(last.text, "\\") + content
			} else {
				s.runs = append(s.runs, runLine{line: lineNo, text: content, defines: append([]Substitution(nil), defines...)})
			}
			continuing = strings.HasSuffix(s.runs[len(s.runs)-1].text, "\\")
		case "REQUIRES:", "UNSUPPORTED:", "XFAIL:":
			var items []string
			for _, item := range strings.Split(content, ",") {
				if item = strings.TrimSpace(item); item != "" {
					if kw != "XFAIL:" || item != "*" {
						if err := checkBoolExpr(item); err != nil {
							return nil, fmt.Errorf("line %d: %s %v", lineNo, kw, err)
						}
					}
					items = append(items, item)
				}
			}
			switch kw {
			case "REQUIRES:":
				s.requires = append(s.requires, items...)
			case "UNSUPPORTED:":
				s.unsupported = append(s.unsupported, items...)
			default:
				s.xfail = append(s.xfail, items...)
			}
		case "END.":
			if strings.TrimSpace(content) == "" {
				return s.finish(continuing, pendingDef != nil)
			}
		case "DEFINE:", "REDEFINE:":
			content = strings.TrimRight(content, " \t")
			if pendingDef != nil {
				// Continuation lines join with one space.
				pendingDef.val = strings.TrimSpace(strings.TrimSuffix(pendingDef.val, "\\")) + " " + strings.TrimSpace(content)
			} else {
				m := defineRE.FindStringSubmatch(content)
				if m == nil {
					return nil, fmt.Errorf("line %d: %s expects '%%{name} = value'", lineNo, kw)
				}
				pendingDef = &struct {
					redefine  bool
					line      int
					name, val string
				}{kw == "REDEFINE:", lineNo, m[1], strings.TrimLeft(m[2], " \t")}
			}
			if strings.HasSuffix(pendingDef.val, "\\") {
				continue
			}
			d := pendingDef
			pendingDef = nil
			idx := -1
			for j, def := range defines {
				if def.Pattern == d.name {
					idx = j
				}
			}
			switch {
			case d.redefine && idx < 0:
				return nil, fmt.Errorf("line %d: REDEFINE of %s, which is not defined", d.line, d.name)
			case !d.redefine && idx >= 0:
				return nil, fmt.Errorf("line %d: DEFINE of %s, which is already defined (use REDEFINE)", d.line, d.name)
			case d.redefine:
				defines[idx].Value = strings.TrimSpace(d.val)
			default:
				defines = append(defines, Substitution{d.name, strings.TrimSpace(d.val)})
			}
		}
	}
	return s.finish(continuing, pendingDef != nil)
}

func (s *testScript) finish(continuing, pendingDef bool) (*testScript, error) {
	if continuing {
		return nil, fmt.Errorf("test has unterminated RUN lines (with '\\')")
	}
	if pendingDef {
		return nil, fmt.Errorf("test has an unterminated DEFINE (with '\\')")
	}
	if len(s.runs) == 0 {
		return nil, fmt.Errorf("test has no 'RUN:' line")
	}
	return s, nil
}

func findKeyword(line string) (string, string) {
	best, bestKw := -1, ""
	for _, kw := range keywords {
		if i := strings.Index(line, kw); i >= 0 && (best < 0 || i < best || (i == best && len(kw) > len(bestKw))) {
			best, bestKw = i, kw
		}
	}
	if best < 0 {
		return "", ""
	}
	return bestKw, line[best+len(bestKw):]
}
