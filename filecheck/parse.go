package filecheck

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strings"
)

// checkString is a directive that must match, with the CHECK-DAG and
// CHECK-NOT patterns (and implicit CHECK-NOTs) that come before it.
type checkString struct {
	pat     *pattern
	prefix  string
	loc     loc
	dagNots []*pattern
}

// readCheckFile parses fc.checkBuf into fc.checks. Diagnostics are printed;
// the error wraps ErrUsage, or ErrCheckFailed where LLVM exits with 1.
func (fc *checker) readCheckFile() error {
	if errs := fc.ctx.defineCmdlineVariables(fc.opts.Defines); errs != nil {
		for _, e := range errs {
			e.printLogged(fc.w)
		}
		return fmt.Errorf("%w: invalid -D definition", ErrUsage)
	}
	fc.ctx.createLineVariable()

	var implicit []*pattern
	for _, s := range fc.opts.ImplicitCheckNot {
		const pre = "-implicit-check-not='"
		buf := &buffer{name: "command line", text: []byte(pre + s + "'")}
		fc.impBufs = append(fc.impBufs, buf)
		p := &pattern{ctx: fc.ctx, ty: checkType{kind: kindNot, count: 1}}
		// LLVM ignores parse errors of implicit patterns after printing them;
		// such a pattern then never matches.
		ok, exit1 := fc.parsePattern(p, sref{buf, len(pre), len(pre) + len(s)}, "IMPLICIT-CHECK")
		if exit1 {
			return fmt.Errorf("%w: malformed --implicit-check-not pattern", ErrCheckFailed)
		}
		p.broken = !ok
		implicit = append(implicit, p)
	}

	checkPrefixes := fc.opts.checkPrefixes()
	commentPrefixes := fc.opts.commentPrefixes()
	isComment := map[string]bool{}
	for _, p := range commentPrefixes {
		isComment[p] = true
	}
	notFound := map[string]bool{}
	for _, p := range checkPrefixes {
		notFound[p] = true
	}
	scan := newPrefixScanner(fc.checkBuf.text, append(append([]string(nil), checkPrefixes...), commentPrefixes...))
	text := fc.checkBuf.text
	dagNots := append([]*pattern(nil), implicit...)
	pos, line := 0, 1
	for {
		prefix, at, ty, after := fc.findFirstMatchingPrefix(scan, &pos, &line, isComment)
		if prefix == "" {
			break
		}
		if ty.kind != kindComment {
			delete(notFound, prefix)
		}
		if after == len(text) {
			pos = at + len(prefix)
		} else {
			pos = after
		}
		switch ty.kind {
		case kindBadNot:
			printDiag(fc.w, loc{fc.checkBuf, pos}, kindError, "unsupported -NOT combo on prefix '"+prefix+"'")
			return fmt.Errorf("%w: bad directive", ErrUsage)
		case kindBadCount:
			printDiag(fc.w, loc{fc.checkBuf, pos}, kindError, "invalid count in -COUNT specification on prefix '"+prefix+"'")
			return fmt.Errorf("%w: bad directive", ErrUsage)
		}
		if !(fc.opts.StrictWhitespace && fc.opts.MatchFullLines) {
			for pos < len(text) && (text[pos] == ' ' || text[pos] == '\t') {
				pos++
			}
		}
		eol := bytes.IndexAny(text[pos:], "\n\r")
		if eol < 0 {
			eol = len(text)
		} else {
			eol += pos
		}
		patText := sref{fc.checkBuf, pos, eol}
		pos = eol
		if ty.kind == kindComment {
			continue
		}
		p := &pattern{ctx: fc.ctx, ty: ty, line: line}
		if ok, exit1 := fc.parsePattern(p, patText, prefix); !ok {
			if exit1 {
				return fmt.Errorf("%w: malformed variable block", ErrCheckFailed)
			}
			return fmt.Errorf("%w: invalid pattern", ErrUsage)
		}
		if ty.kind == kindLabel && p.hasVariable() {
			printDiag(fc.w, loc{fc.checkBuf, at}, kindError, "found '"+prefix+"-LABEL:' with variable definition or use")
			return fmt.Errorf("%w: invalid pattern", ErrUsage)
		}
		if (ty.kind == kindNext || ty.kind == kindSame || ty.kind == kindEmpty) && len(fc.checks) == 0 {
			name := map[kind]string{kindNext: "NEXT", kindSame: "SAME", kindEmpty: "EMPTY"}[ty.kind]
			printDiag(fc.w, loc{fc.checkBuf, at}, kindError,
				"found '"+prefix+"-"+name+"' without previous '"+prefix+": line")
			return fmt.Errorf("%w: invalid pattern", ErrUsage)
		}
		if ty.kind == kindDAG || ty.kind == kindNot {
			dagNots = append(dagNots, p)
			continue
		}
		fc.checks = append(fc.checks, &checkString{pat: p, prefix: prefix, loc: patText.loc(), dagNots: dagNots})
		dagNots = append([]*pattern(nil), implicit...)
	}

	if len(dagNots) > 0 {
		eof := &pattern{ctx: fc.ctx, ty: checkType{kind: kindEOF, count: 1}, line: line + 1, loc: loc{fc.checkBuf, pos}}
		fc.checks = append(fc.checks, &checkString{pat: eof, prefix: checkPrefixes[0], loc: loc{fc.checkBuf, pos}, dagNots: dagNots})
	}

	noneFound := len(notFound) == len(checkPrefixes)
	someUnused := !fc.opts.AllowUnusedPrefixes && len(notFound) > 0
	if (noneFound || someUnused) && (len(implicit) == 0 || len(fc.opts.CheckPrefixes) > 0) {
		var missing []string
		for p := range notFound {
			missing = append(missing, "'"+p+":'")
		}
		sort.Strings(missing)
		plural := " "
		if len(missing) > 1 {
			plural = "es "
		}
		fmt.Fprintf(fc.w, "error: no check strings found with prefix%s%s\n", plural, strings.Join(missing, ", "))
		return fmt.Errorf("%w: no check strings found", ErrUsage)
	}
	return nil
}

// prefixScanner finds the earliest (and there the longest) occurrence of
// any prefix, caching each prefix's next occurrence.
type prefixScanner struct {
	text     []byte
	prefixes []string
	next     []int // next occurrence; -1 none; -2 unknown
}

func newPrefixScanner(text []byte, prefixes []string) *prefixScanner {
	s := &prefixScanner{text: text, prefixes: prefixes, next: make([]int, len(prefixes))}
	for i := range s.next {
		s.next[i] = -2
	}
	return s
}

func (s *prefixScanner) find(pos int) (int, string) {
	best, bestPrefix := -1, ""
	for i, p := range s.prefixes {
		if s.next[i] == -2 || (s.next[i] >= 0 && s.next[i] < pos) {
			if j := bytes.Index(s.text[pos:], []byte(p)); j >= 0 {
				s.next[i] = pos + j
			} else {
				s.next[i] = -1
			}
		}
		n := s.next[i]
		if n >= 0 && (best < 0 || n < best || (n == best && len(p) > len(bestPrefix))) {
			best, bestPrefix = n, p
		}
	}
	return best, bestPrefix
}

// findFirstMatchingPrefix advances *pos to the next directive and returns
// its prefix, position, type and the offset just after its suffix. Prefix
// occurrences inside a longer word (preceded by a letter, digit, '-' or '_')
// or not followed by a valid suffix are skipped with the rest of their word.
func (fc *checker) findFirstMatchingPrefix(scan *prefixScanner, pos, line *int, isComment map[string]bool) (string, int, checkType, int) {
	text := fc.checkBuf.text
	for *pos < len(text) {
		at, prefix := scan.find(*pos)
		if at < 0 {
			return "", 0, checkType{}, 0
		}
		*line += bytes.Count(text[*pos:at], []byte{'\n'})
		skippedEmpty := at == *pos
		*pos = at
		if skippedEmpty || !isPartOfWord(text[at-1]) {
			ty, after := findCheckType(text, at, prefix, isComment[prefix])
			if ty.kind != kindNone {
				return prefix, at, ty, after
			}
		}
		i := at + len(prefix)
		for i < len(text) && isPartOfWord(text[i]) {
			i++
		}
		*pos = i
	}
	return "", 0, checkType{}, 0
}

// findCheckType classifies the text after a prefix at text[at:].
func findCheckType(text []byte, at int, prefix string, comment bool) (checkType, int) {
	rest := at + len(prefix)
	if len(text) <= rest {
		return checkType{}, 0
	}
	has := func(s string) bool { return bytes.HasPrefix(text[rest:], []byte(s)) }
	if comment {
		if text[rest] == ':' {
			return checkType{kind: kindComment, count: 1}, rest + 1
		}
		return checkType{}, 0
	}
	modifiers := func(ty checkType) (checkType, int) {
		if rest >= len(text) {
			return checkType{}, 0
		}
		if text[rest] == ':' {
			return ty, rest + 1
		}
		if text[rest] != '{' {
			return checkType{}, 0
		}
		rest++
		for {
			for rest < len(text) && isSpace(text[rest]) {
				rest++
			}
			if !has("LITERAL") {
				return checkType{}, 0
			}
			ty.literal = true
			rest += len("LITERAL")
			for rest < len(text) && isSpace(text[rest]) {
				rest++
			}
			if rest < len(text) && text[rest] == ',' {
				rest++
				continue
			}
			break
		}
		if !has("}:") {
			return checkType{}, 0
		}
		return ty, rest + 2
	}
	plain := checkType{kind: kindPlain, count: 1}
	switch text[rest] {
	case ':', '{':
		return modifiers(plain)
	case '-':
		rest++
	default:
		return checkType{}, 0
	}
	if has("COUNT-") {
		rest += len("COUNT-")
		str := sref{&buffer{text: text}, rest, len(text)}
		n, ok := consumeSigned(&str, 10)
		if !ok {
			return checkType{kind: kindBadCount}, rest
		}
		rest = str.start
		if n <= 0 || n > math.MaxInt32 || rest >= len(text) || (text[rest] != ':' && text[rest] != '{') {
			return checkType{kind: kindBadCount}, rest
		}
		return modifiers(checkType{kind: kindPlain, count: int(n)})
	}
	for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if has(bad) {
			return checkType{kind: kindBadNot}, rest
		}
	}
	for _, s := range []struct {
		name string
		k    kind
	}{{"NEXT", kindNext}, {"SAME", kindSame}, {"NOT", kindNot}, {"DAG", kindDAG}, {"LABEL", kindLabel}, {"EMPTY", kindEmpty}} {
		if has(s.name) {
			rest += len(s.name)
			return modifiers(checkType{kind: s.k, count: 1})
		}
	}
	return checkType{}, 0
}

func isSpace(c byte) bool { return c == ' ' || ('\t' <= c && c <= '\r') }
