package filecheck

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/filecheck/internal/ere"
)

// pattern is one directive's pattern. Like LLVM, a pattern is either a fixed
// string or a regular expression assembled from escaped literal text,
// {{regex}} pieces, and capture groups for variable definitions, with
// substitutions spliced in at match time.
type pattern struct {
	ctx        *patternContext
	ty         checkType
	loc        loc // start of the pattern text
	line       int // line of the directive, 0 for command-line patterns
	fixed      string
	regex      string
	substs     []*substitution
	strDefs    map[string]int // string variable -> capture group
	numDefs    map[string]numDef
	ignoreCase bool
	broken     bool // failed to parse (implicit patterns only): never matches
}

// numDef is a numeric variable defined by a pattern and its capture group.
type numDef struct {
	v     *numVar
	group int
}

// substitution is a [[VAR]] or [[#EXPR]] whose value is inserted into the
// regex at index when matching.
type substitution struct {
	from  sref // variable name or expression text, for diagnostics
	index int
	expr  *expression // nil for string variables
}

func (p *pattern) hasVariable() bool { return len(p.substs) > 0 || len(p.strDefs) > 0 }

// regexMeta are the characters Regex::escape escapes.
const regexMeta = "()^$|*+?.[]\\{}"

func regexEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(regexMeta, s[i]) >= 0 || s[i] == 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// parsePattern parses the text of a directive. On failure the diagnostic
// has been printed. exit1 reports LLVM's special case of a ']' that closes
// no '[' in a variable block, where FileCheck exits with status 1.
func (fc *checker) parsePattern(p *pattern, text sref, prefix string) (ok, exit1 bool) {
	opts := fc.opts
	fullLines := opts.MatchFullLines && p.ty.kind != kindNot
	p.ignoreCase = opts.IgnoreCase
	p.loc = text.loc()
	p.strDefs = map[string]int{}
	p.numDefs = map[string]numDef{}
	if !(opts.StrictWhitespace && opts.MatchFullLines) {
		text = text.rtrim(" \t")
	}
	if text.empty() && p.ty.kind != kindEmpty {
		printDiag(fc.w, p.loc, kindError, "found empty check string with prefix '"+prefix+":'")
		return false, false
	}
	if !text.empty() && p.ty.kind == kindEmpty {
		printDiag(fc.w, p.loc, kindError, "found non-empty check string for empty check with prefix '"+prefix+":'")
		return false, false
	}
	if p.ty.kind == kindEmpty {
		p.regex = "(\n$)"
		return true, false
	}
	if p.ty.literal {
		p.fixed = text.String()
		return true, false
	}
	if !fullLines && (text.len() < 2 || (text.find("{{", 0) < 0 && text.find("[[", 0) < 0)) {
		p.fixed = text.String()
		return true, false
	}

	var re strings.Builder
	if fullLines {
		re.WriteByte('^')
		if !opts.StrictWhitespace {
			re.WriteString(" *")
		}
	}
	curParen := 1
	addRegex := func(rs sref) bool {
		n, err := ere.Parse(rs.String())
		if err != nil {
			printDiag(fc.w, rs.loc(), kindError, "invalid regex: "+err.Error())
			return false
		}
		re.WriteString(rs.String())
		curParen += n
		return true
	}

	for !text.empty() {
		if text.has("{{") {
			end := text.find("}}", 0)
			if end < 0 {
				printDiag(fc.w, text.loc(), kindError, "found start of regex string with no end '}}'")
				return false, false
			}
			re.WriteByte('(')
			curParen++
			if !addRegex(sref{text.buf, text.start + 2, text.start + end}) {
				return false, false
			}
			re.WriteByte(')')
			text = text.from(end + 2)
			continue
		}
		if text.has("[[") && !text.has("[[[") {
			rest := text.from(2)
			end, closeErr := findRegexVarEnd(rest)
			if closeErr != nil {
				closeErr.print(fc.w)
				return false, true
			}
			match := rest
			if end >= 0 {
				match = rest.take(end)
			}
			isNum := match.consume("#")
			if end < 0 {
				printDiag(fc.w, text.loc(), kindError, "Invalid substitution block, no ]] found")
				return false, false
			}
			text = rest.from(end + 2)
			if !fc.parseSubstBlock(p, &re, &curParen, match, isNum, addRegex) {
				return false, false
			}
			continue
		}
		fixedEnd := text.len()
		if i := text.find("{{", 1); i >= 0 {
			fixedEnd = i
		}
		if i := text.find("[[", 1); i >= 0 && i < fixedEnd {
			fixedEnd = i
		}
		re.WriteString(regexEscape(text.take(fixedEnd).String()))
		text = text.from(fixedEnd)
	}
	if fullLines {
		if !opts.StrictWhitespace {
			re.WriteString(" *")
		}
		re.WriteByte('$')
	}
	p.regex = re.String()
	return true, false
}

// parseSubstBlock handles the inside of one [[...]] block.
func (fc *checker) parseSubstBlock(p *pattern, re *strings.Builder, curParen *int, match sref, isNum bool, addRegex func(sref) bool) bool {
	ctx := p.ctx
	var (
		isDef, substNeeded, legacy bool
		defName                    string
		substStr                   sref
		matchRegex                 string
		matchRegexRef              sref
		numExpr                    *expression
		numDefVar                  *numVar
	)
	insertIdx := re.Len()

	if !isNum {
		varEnd := match.find(":", 0)
		head := match
		if varEnd >= 0 {
			head = match.take(varEnd)
		}
		if sp := head.findAny(" \t"); sp >= 0 {
			printDiag(fc.w, match.from(sp).loc(), kindError, "unexpected whitespace")
			return false
		}
		orig := match
		name, pseudo, err := parseVariable(&match)
		if err != nil {
			err.printLogged(fc.w)
			return false
		}
		isDef = varEnd >= 0
		substNeeded = !isDef
		if isDef {
			if pseudo || !match.consume(":") {
				printDiag(fc.w, name.loc(), kindError, "invalid name in string variable definition")
				return false
			}
			if _, ok := ctx.numVars[name.String()]; ok {
				printDiag(fc.w, name.loc(), kindError, "numeric variable with name '"+name.String()+"' already exists")
				return false
			}
			defName = name.String()
			matchRegex = match.String()
			matchRegexRef = match
		} else if pseudo {
			match = orig
			legacy, isNum = true, true
		} else {
			if !match.empty() {
				printDiag(fc.w, name.loc(), kindError, "invalid name in string variable use")
				return false
			}
			substStr = name
		}
	}

	if isNum {
		e, v, err := ctx.parseNumericBlock(match, legacy, p.line)
		if err != nil {
			err.printLogged(fc.w)
			return false
		}
		numExpr = e
		substNeeded = e.ast != nil
		if v != nil {
			isDef = true
			numDefVar = v
			defName = v.name
		}
		if substNeeded {
			substStr = match
		} else {
			matchRegex = e.format.wildcardRegex()
			matchRegexRef = sref{&buffer{name: "<format>", text: []byte(matchRegex)}, 0, len(matchRegex)}
		}
	}

	if isDef {
		re.WriteByte('(')
		insertIdx++
		if isNum {
			p.numDefs[defName] = numDef{v: numDefVar, group: *curParen}
			ctx.numVars[defName] = numDefVar
		} else {
			p.strDefs[defName] = *curParen
			ctx.definedStr[defName] = true
		}
		*curParen++
	}
	if matchRegex != "" && !addRegex(matchRegexRef) {
		return false
	}
	if isDef {
		re.WriteByte(')')
	}
	if substNeeded {
		if group, ok := p.strDefs[substStr.String()]; !isNum && ok {
			if group < 1 || group > 9 {
				printDiag(fc.w, substStr.loc(), kindError, "Can't back-reference more than 9 variables")
				return false
			}
			re.WriteString("\\" + strconv.Itoa(group))
		} else {
			s := &substitution{from: substStr, index: insertIdx}
			if isNum {
				s.expr = numExpr
			}
			p.substs = append(p.substs, s)
		}
	}
	return true
}

// findRegexVarEnd finds the "]]" closing a variable block, skipping
// bracketed regex text and backslash escapes.
func findRegexVarEnd(s sref) (int, *diagError) {
	off, depth := 0, 0
	for !s.empty() {
		if s.has("]]") && depth == 0 {
			return off, nil
		}
		if s.front() == '\\' {
			s = s.from(2)
			off += 2
			continue
		}
		switch s.front() {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return 0, newDiagError(s, "missing closing \"]\" for regex variable")
			}
			depth--
		}
		s = s.from(1)
		off++
	}
	return -1, nil
}

// sortedStrDefs returns the string variables a pattern defines, by name
// (the iteration order of LLVM's std::map).
func (p *pattern) sortedStrDefs() []string {
	names := make([]string, 0, len(p.strDefs))
	for n := range p.strDefs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (p *pattern) sortedNumDefs() []string {
	names := make([]string, 0, len(p.numDefs))
	for n := range p.numDefs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
