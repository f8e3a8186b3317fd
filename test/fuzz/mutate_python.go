package fuzz

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
)

// The Python mutations: edits a Triton user makes to a kernel's file or
// to the command line that compiles it (tt-translate kernel.py --kernel
// NAME --signature ...), each one a plausible mistake or corner case the
// front end and the pipeline must answer with code or with a located
// diagnostic in Triton's words. They work on the source text and the
// signature's entries; the source stays Python that parses, mostly.

// PyMutation rewrites a kernel's file or signature; it reports what it
// did, or "" when it found nothing to change.
type PyMutation struct {
	Name  string
	Apply func(m *pyMutant, r *rand.Rand) string
}

// pyMutant is a kernel being mutated: its file's text, its signature's
// entries and the seed it came from.
type pyMutant struct {
	src  string
	sig  []string
	seed *PySeed
}

// PyMutations are the Python mutations, each picked with equal weight.
var PyMutations = []PyMutation{
	{"constexpr", mutateConstexpr},
	{"sig-type", mutateSigType},
	{"sig-kind", mutateSigKind},
	{"sig-drop", mutateSigDrop},
	{"sig-add", mutateSigAdd},
	{"param-drop", mutateParamDrop},
	{"dtype", mutateDtype},
	{"if-store", mutateIfStore},
	{"range", mutateRange},
	{"loop-kwarg", mutateLoopKwarg},
	{"axis", mutateAxis},
	{"block", mutateBlock},
	{"kwarg-drop", mutateKwargDrop},
	{"args-swap", mutateArgsSwap},
	{"line-drop", mutateLineDrop},
}

// MutatePython applies n mutations to a seed and returns the file, the
// signature and what was done.
func MutatePython(s *PySeed, r *rand.Rand, n int) (src string, sig []string, log []string) {
	m := &pyMutant{src: s.Src, sig: append([]string(nil), s.Signature...), seed: s}
	for tries := 0; len(log) < n && tries < 8*n; tries++ {
		mu := PyMutations[r.Intn(len(PyMutations))]
		if what := mu.Apply(m, r); what != "" {
			log = append(log, mu.Name+": "+what)
		}
	}
	return m.src, m.sig, log
}

// constexprValues are the values a constexpr is changed to: the edge
// cases of a block size or a flag (0, 1, negative, not a power of two,
// past i32, huge; a dtype where one is expected, or where it is not).
var constexprValues = []string{"0", "1", "3", "-1", "2**31", "48", "96", "1000", "2**20", "2**40", "True", "None", "0.5", "'ieee'", "tl.float8e4b15", "tl.int1", "tl.float64", "tl.bfloat16"}

// mutateConstexpr changes a constexpr's value in the signature.
func mutateConstexpr(m *pyMutant, r *rand.Rand) string {
	var at []int
	for i, p := range m.seed.Params {
		if i < len(m.sig) && p.Constexpr {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return ""
	}
	i := at[r.Intn(len(at))]
	v := constexprValues[r.Intn(len(constexprValues))]
	if r.Intn(3) == 0 { // twice or half the value, or one more
		v = []string{"2*(%s)", "(%s)//2", "(%s)+1"}[r.Intn(3)]
		v = fmt.Sprintf(v, m.sig[i])
	}
	old := m.sig[i]
	m.sig[i] = v
	return fmt.Sprintf("%s = %s (was %s)", m.seed.Params[i].Name, v, old)
}

// elementTypes are the signature's element type names.
var elementTypes = []string{"fp16", "bf16", "fp32", "fp64", "i1", "i8", "i16", "i32", "i64", "u8", "u32", "u64", "fp8e4nv", "fp8e5", "fp8e4b15"}

// mutateSigType changes a runtime argument's type: a pointer's element
// type, a scalar's type, or the :16 hint.
func mutateSigType(m *pyMutant, r *rand.Rand) string {
	var at []int
	for i, e := range m.sig {
		if isTypeEntry(e) {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return ""
	}
	i := at[r.Intn(len(at))]
	old := m.sig[i]
	ty, hint, _ := strings.Cut(old, ":")
	switch {
	case r.Intn(4) == 0:
		if hint == "" {
			hint = "16"
		} else {
			hint = ""
		}
	case strings.HasPrefix(ty, "*"):
		ty = "*" + elementTypes[r.Intn(len(elementTypes))]
	case strings.HasPrefix(ty, "tensordesc<"):
		ty = regexp.MustCompile(`<\w+`).ReplaceAllString(ty, "<"+elementTypes[r.Intn(len(elementTypes))])
	default:
		ty = elementTypes[r.Intn(len(elementTypes))]
	}
	m.sig[i] = ty
	if hint != "" {
		m.sig[i] += ":" + hint
	}
	return fmt.Sprintf("entry %d %s -> %s", i, old, m.sig[i])
}

// isTypeEntry reports whether a signature entry is a type (a runtime
// argument) rather than a constant.
func isTypeEntry(e string) bool {
	ty, _, _ := strings.Cut(e, ":")
	if strings.HasPrefix(ty, "*") || strings.HasPrefix(ty, "tensordesc<") {
		return true
	}
	for _, t := range elementTypes {
		if ty == t {
			return true
		}
	}
	return false
}

// mutateSigKind gives an entry the other kind: a pointer where a
// constexpr is, a number where a pointer is, a scalar for a tensor
// descriptor.
func mutateSigKind(m *pyMutant, r *rand.Rand) string {
	if len(m.sig) == 0 {
		return ""
	}
	i := r.Intn(len(m.sig))
	old := m.sig[i]
	if isTypeEntry(old) {
		m.sig[i] = []string{"16", "1", "i32", "fp32", "*fp32:16", "tensordesc<fp16[64, 64]>"}[r.Intn(6)]
	} else {
		m.sig[i] = []string{"i32", "*fp32:16", "i64:16", "fp32"}[r.Intn(4)]
	}
	return fmt.Sprintf("entry %d %s -> %s", i, old, m.sig[i])
}

// mutateSigDrop drops a signature entry (the kernel's parameters no
// longer match it).
func mutateSigDrop(m *pyMutant, r *rand.Rand) string {
	if len(m.sig) == 0 {
		return ""
	}
	i := r.Intn(len(m.sig))
	old := m.sig[i]
	m.sig = append(m.sig[:i], m.sig[i+1:]...)
	return fmt.Sprintf("entry %d (%s) dropped", i, old)
}

// mutateSigAdd adds an entry the kernel has no parameter for.
func mutateSigAdd(m *pyMutant, r *rand.Rand) string {
	i := r.Intn(len(m.sig) + 1)
	e := []string{"i32", "*fp32:16", "64", "fp32"}[r.Intn(4)]
	m.sig = append(m.sig[:i], append([]string{e}, m.sig[i:]...)...)
	return fmt.Sprintf("entry %s added at %d", e, i)
}

// kernelDef finds the kernel's def in the file: the offsets of its
// parameter list's parentheses and of its body's end.
func (m *pyMutant) kernelDef() (open, close, bodyEnd int, ok bool) {
	re := regexp.MustCompile(`(?m)^def\s+` + regexp.QuoteMeta(m.seed.Kernel) + `\s*\(`)
	loc := re.FindStringIndex(m.src)
	if loc == nil {
		return 0, 0, 0, false
	}
	open = loc[1] - 1
	close = matchParen(m.src, open)
	if close < 0 {
		return 0, 0, 0, false
	}
	// The body ends at the next line that starts in column 0 with
	// something other than a comment.
	bodyEnd = len(m.src)
	if nl := strings.Index(m.src[close:], "\n"); nl >= 0 {
		for _, l := range regexp.MustCompile(`(?m)^[^\s#\n]`).FindAllStringIndex(m.src[close+nl+1:], -1) {
			bodyEnd = close + nl + 1 + l[0]
			break
		}
	}
	return open, close, bodyEnd, true
}

// matchParen returns the offset of the bracket closing the one at open,
// skipping strings, or -1.
func matchParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return -1
			}
			i += j + 1
		case '#':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return -1
			}
			i += j
		}
	}
	return -1
}

// pickCall picks one match of re, which ends at a call's opening
// parenthesis, and returns the match's start, the parenthesis, the one
// closing it and the match's line.
func (m *pyMutant) pickCall(r *rand.Rand, re *regexp.Regexp) (start, open, close, line int, ok bool) {
	all := re.FindAllStringIndex(m.src, -1)
	if len(all) == 0 {
		return 0, 0, 0, 0, false
	}
	a := all[r.Intn(len(all))]
	open = a[1] - 1
	if close = matchParen(m.src, open); close < 0 {
		return 0, 0, 0, 0, false
	}
	return a[0], open, close, strings.Count(m.src[:a[0]], "\n") + 1, true
}

// splitArgs returns the [start, end) offsets of the top-level arguments
// between the brackets at open and close.
func splitArgs(s string, open, close int) [][2]int {
	var out [][2]int
	start := open + 1
	for i := open + 1; i < close; i++ {
		switch s[i] {
		case '(', '[', '{':
			i = matchParen(s, i)
			if i < 0 {
				return nil
			}
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return nil
			}
			i += j + 1
		case '#':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return nil
			}
			i += j
		case ',':
			out = append(out, [2]int{start, i})
			start = i + 1
		}
	}
	if strings.TrimSpace(s[start:close]) != "" {
		out = append(out, [2]int{start, close})
	}
	return out
}

// mutateParamDrop removes a parameter from the kernel's def: the body
// still uses it and the signature still has its entry.
func mutateParamDrop(m *pyMutant, r *rand.Rand) string {
	open, close, _, ok := m.kernelDef()
	if !ok {
		return ""
	}
	args := splitArgs(m.src, open, close)
	if len(args) == 0 {
		return ""
	}
	a := args[r.Intn(len(args))]
	start := a[0]
	if k := strings.LastIndexByte(m.src[start:a[1]], '\n'); k >= 0 { // the comments before it stay
		start += k + 1
	}
	start += len(m.src[start:a[1]]) - len(strings.TrimLeft(m.src[start:a[1]], " \t"))
	name := strings.TrimSpace(m.src[start:a[1]])
	end := a[1]
	if end < close {
		end++ // the comma
	}
	m.src = m.src[:start] + m.src[end:]
	return "parameter " + name + " removed from the def"
}

var dtypeRef = regexp.MustCompile(`\btl\.(float16|bfloat16|float32|float64|int8|int16|int32|int64|uint8|uint32|int1|float8e4nv|float8e5)\b`)

var dtypeNames = []string{"float16", "bfloat16", "float32", "float64", "int1", "int8", "int16", "int32", "int64", "uint8", "uint32", "uint64", "float8e4nv", "float8e5", "float8e4b15"}

// mutateDtype swaps a tl.<dtype> in the file for another.
func mutateDtype(m *pyMutant, r *rand.Rand) string {
	return m.replaceOne(r, dtypeRef, func(old string) string { return "tl." + dtypeNames[r.Intn(len(dtypeNames))] })
}

// replaceOne replaces one match of re, picked at random, with what
// repl makes of it.
func (m *pyMutant) replaceOne(r *rand.Rand, re *regexp.Regexp, repl func(old string) string) string {
	all := re.FindAllStringIndex(m.src, -1)
	if len(all) == 0 {
		return ""
	}
	a := all[r.Intn(len(all))]
	old := m.src[a[0]:a[1]]
	neu := repl(old)
	if neu == old {
		return ""
	}
	line := strings.Count(m.src[:a[0]], "\n") + 1
	m.src = m.src[:a[0]] + neu + m.src[a[1]:]
	return fmt.Sprintf("line %d: %s -> %s", line, old, neu)
}

// statement returns the [start, end) of the statement that starts on
// the line at offset lineStart (its brackets closed), with its
// indentation.
func statement(s string, lineStart int) (end int, indent string, ok bool) {
	body := s[lineStart:]
	indent = body[:len(body)-len(strings.TrimLeft(body, " \t"))]
	i := lineStart + len(indent)
	for i < len(s) && s[i] != '\n' {
		switch s[i] {
		case '(', '[', '{':
			j := matchParen(s, i)
			if j < 0 {
				return 0, "", false
			}
			i = j
		case '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		i++
	}
	return i, indent, true
}

// bodyLines are the offsets of the lines of the kernel's body that
// start a statement matching re (a line inside a statement's brackets
// starts none).
func (m *pyMutant) bodyLines(re *regexp.Regexp) []int {
	_, close, bodyEnd, ok := m.kernelDef()
	if !ok {
		return nil
	}
	var out []int
	at := close + strings.IndexByte(m.src[close:], '\n') + 1
	for at > close && at < bodyEnd {
		end, _, ok := statement(m.src, at)
		if !ok {
			break
		}
		if l := re.FindStringIndex(m.src[at:end]); l != nil && l[0] == 0 {
			out = append(out, at)
		}
		at = end + 1
	}
	return out
}

// pickStatement picks a statement of the kernel's body that starts with
// a match of re: its [at, end) and indentation.
func (m *pyMutant) pickStatement(r *rand.Rand, re *regexp.Regexp) (at, end int, indent string, ok bool) {
	lines := m.bodyLines(re)
	if len(lines) == 0 {
		return 0, 0, "", false
	}
	at = lines[r.Intn(len(lines))]
	end, indent, ok = statement(m.src, at)
	return at, end, indent, ok
}

var storeLine = regexp.MustCompile(`(?m)^[ \t]+(tl\.store|tl\.atomic_\w+|\w+\.store)\(`)

// mutateIfStore puts a store under an `if` on a constexpr (or a
// constant) that is false: the kernel computes and writes nothing.
func mutateIfStore(m *pyMutant, r *rand.Rand) string {
	at, end, indent, ok := m.pickStatement(r, storeLine)
	if !ok {
		return ""
	}
	cond := "False"
	var consts []string
	for _, p := range m.seed.Params {
		if p.Constexpr {
			consts = append(consts, p.Name)
		}
	}
	if len(consts) > 0 && r.Intn(3) > 0 {
		cond = []string{"%s < 0", "%s == 12345", "not %s"}[r.Intn(3)]
		cond = fmt.Sprintf(cond, consts[r.Intn(len(consts))])
	}
	stmt := strings.ReplaceAll(m.src[at:end], "\n", "\n    ")
	line := strings.Count(m.src[:at], "\n") + 1
	m.src = m.src[:at] + indent + "if " + cond + ":\n    " + stmt + m.src[end:]
	return fmt.Sprintf("line %d: store under `if %s:`", line, cond)
}

var rangeCall = regexp.MustCompile(`\b(tl\.static_range|tl\.range|triton\.language\.static_range|range)\(`)

// rangeArgs are absurd loop bounds: empty, reversed, a zero or negative
// step, past i32, and a static_range too long to unroll.
var rangeArgs = []string{"0", "-5", "10, 0", "0, 10, 0", "0, 10, -1", "10, 0, -3", "0, 2**31", "0, 2**40", "0, 100000", "0, 3, 2**31", "-2**31, 2**31 - 1", "0.5", "0, 4, 2.0", "None"}

// mutateRange gives a loop's range absurd bounds.
func mutateRange(m *pyMutant, r *rand.Rand) string {
	start, open, close, line, ok := m.pickCall(r, rangeCall)
	if !ok {
		return ""
	}
	old := m.src[start : close+1]
	neu := m.src[start:open+1] + rangeArgs[r.Intn(len(rangeArgs))] + ")"
	m.src = m.src[:start] + neu + m.src[close+1:]
	return fmt.Sprintf("line %d: %s -> %s", line, old, neu)
}

var forRange = regexp.MustCompile(`\bfor\s+\w+\s+in\s+(tl\.)?range\(`)

// loopKwargs are tl.range's pipelining and scheduling hints, with values
// from the sensible to the absurd.
var loopKwargs = []string{"num_stages=0", "num_stages=1", "num_stages=2", "num_stages=4", "num_stages=7", "num_stages=-1",
	"loop_unroll_factor=1", "loop_unroll_factor=2", "loop_unroll_factor=3", "loop_unroll_factor=64",
	"warp_specialize=True", "flatten=True", "disallow_acc_multi_buffer=True", "disable_licm=True"}

// mutateLoopKwarg makes a `for ... in range(...)` loop a tl.range with a
// hint: a pipeline depth, an unroll factor, warp specialization.
func mutateLoopKwarg(m *pyMutant, r *rand.Rand) string {
	start, open, close, line, ok := m.pickCall(r, forRange)
	if !ok {
		return ""
	}
	kw := loopKwargs[r.Intn(len(loopKwargs))]
	call := m.src[start:open]
	call = call[:strings.LastIndex(call, "range")]
	m.src = m.src[:start] + strings.TrimSuffix(call, "tl.") + "tl.range(" + m.src[open+1:close] + ", " + kw + m.src[close:]
	return fmt.Sprintf("line %d: tl.range(..., %s)", line, kw)
}

var axisArg = regexp.MustCompile(`\baxis\s*=\s*-?\d+`)

// mutateAxis makes a reduction's (or a scan's, a split's) axis one the
// tensor may not have.
func mutateAxis(m *pyMutant, r *rand.Rand) string {
	return m.replaceOne(r, axisArg, func(string) string {
		return "axis=" + []string{"0", "1", "2", "3", "-1", "-2", "-3", "5", "None"}[r.Intn(9)]
	})
}

var powerOfTwo = regexp.MustCompile(`\b(2|4|8|16|32|64|128|256|512|1024|2048|4096)\b`)

// mutateBlock changes a power of two in the file (a block size, a
// shape, an arange's bound) into a number that is not one, or into 0.
func mutateBlock(m *pyMutant, r *rand.Rand) string {
	return m.replaceOne(r, powerOfTwo, func(old string) string {
		return []string{"0", "3", "48", "100", "1000", "65536", "2**20"}[r.Intn(7)]
	})
}

var kwarg = regexp.MustCompile(`,\s*\b(mask|other|boundary_check|padding_option|eviction_policy|cache_modifier|input_precision|out_dtype|acc|max_num_imprecise_acc|keep_dims|reverse|num_stages|loop_unroll_factor|warp_specialize|flatten|disallow_acc_multi_buffer|sanitize_overflow|fp_downcast_rounding|volatile|sem|scope)\s*=`)

// mutateKwargDrop drops a keyword argument of a call (a load's mask, a
// dot's precision, a loop's num_stages), or gives it another value.
func mutateKwargDrop(m *pyMutant, r *rand.Rand) string {
	all := kwarg.FindAllStringIndex(m.src, -1)
	if len(all) == 0 {
		return ""
	}
	a := all[r.Intn(len(all))]
	// The value ends at the next top-level comma or the closing bracket.
	end := a[1]
	for end < len(m.src) && m.src[end] != ',' && m.src[end] != ')' && m.src[end] != '\n' {
		if c := m.src[end]; c == '(' || c == '[' || c == '{' {
			if end = matchParen(m.src, end); end < 0 {
				return ""
			}
		}
		end++
	}
	if end >= len(m.src) || m.src[end] == '\n' {
		return ""
	}
	old := m.src[a[0]:end]
	line := strings.Count(m.src[:a[0]], "\n") + 1
	if r.Intn(2) == 0 {
		m.src = m.src[:a[0]] + m.src[end:]
		return fmt.Sprintf("line %d: %q dropped", line, strings.TrimSpace(old[1:]))
	}
	v := []string{"None", "0", "1", "-1", "True", "'bogus'", "(0, 1, 2)", "2**31", "tl.float16"}[r.Intn(9)]
	m.src = m.src[:a[1]] + v + m.src[end:]
	return fmt.Sprintf("line %d: %q -> %s", line, strings.TrimSpace(old[1:]), v)
}

var swapCall = regexp.MustCompile(`\btl\.(dot|load|store|where|maximum|minimum|reshape|broadcast_to|expand_dims|join|atomic_add|dot_scaled|make_block_ptr|advance|cat|trans|permute)\(`)

var keywordArg = regexp.MustCompile(`^\s*\w+\s*=[^=]`)

// mutateArgsSwap swaps two arguments of a tl call (a dot's operands, a
// load's pointer and mask, a where's branches).
func mutateArgsSwap(m *pyMutant, r *rand.Rand) string {
	start, open, close, line, ok := m.pickCall(r, swapCall)
	if !ok {
		return ""
	}
	var args [][2]int // the positional ones: a keyword argument stays last
	for _, a := range splitArgs(m.src, open, close) {
		if !keywordArg.MatchString(m.src[a[0]:a[1]]) {
			args = append(args, a)
		}
	}
	if len(args) < 2 {
		return ""
	}
	i := r.Intn(len(args))
	j := r.Intn(len(args))
	if i == j {
		j = (i + 1) % len(args)
	}
	if i > j {
		i, j = j, i
	}
	x, y := args[i], args[j]
	m.src = m.src[:x[0]] + m.src[y[0]:y[1]] + m.src[x[1]:y[0]] + m.src[x[0]:x[1]] + m.src[y[1]:]
	return fmt.Sprintf("line %d: arguments %d and %d of %s swapped", line, i, j, m.src[start:open])
}

var simpleStatement = regexp.MustCompile(`(?m)^[ \t]+[A-Za-z_][\w., \t\[\]]*(=|\+=|-=|\*=)[^=\n]|^[ \t]+tl\.\w+\(`)

// mutateLineDrop replaces a statement of the kernel's body (an
// assignment or a tl call) by `pass`.
func mutateLineDrop(m *pyMutant, r *rand.Rand) string {
	at, end, indent, ok := m.pickStatement(r, simpleStatement)
	if !ok {
		return ""
	}
	old := strings.TrimSpace(m.src[at:end])
	line := strings.Count(m.src[:at], "\n") + 1
	m.src = m.src[:at] + indent + "pass" + m.src[end:]
	if len(old) > 60 {
		old = old[:60] + "..."
	}
	return fmt.Sprintf("line %d: %q dropped", line, old)
}
