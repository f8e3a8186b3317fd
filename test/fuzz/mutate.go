package fuzz

import (
	"fmt"
	"math/rand"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A mutation rewrites a kernel's text; it returns the new text and what it
// did, or ok=false when the kernel has nothing it applies to.
type mutation struct {
	name  string
	apply func(src string, r *rand.Rand) (out, what string, ok bool)
	// probesVerifier: the result rarely verifies (one type out of step
	// with its uses); it tests the verifier's diagnostics more than the
	// passes.
	probesVerifier bool
}

// mutations are chosen with equal probability; each models an edit a user
// or a front end could make, and each keeps the text parseable often
// enough that the passes, not just the parser, see the result.
var mutations = []mutation{
	{"shape", mutateShape, false},
	{"dim", mutateOneDim, true},
	{"elem", mutateElemType, false},
	{"layout", mutateLayout, false},
	{"warps", mutateWarps, false},
	{"hint", mutateHint, false},
	{"add-hint", addHint, false},
	{"constant", mutateConstant, false},
	{"loop", mutateLoop, false},
	{"delete-op", deleteOp, false},
	{"delete-operand", deleteOperand, false},
	{"swap-operand", swapOperand, false},
	{"encoding", swapEncoding, true},
	{"dot", mutateDot, false},
	{"dot-type", mutateDotType, false},
	{"loop-attr", mutateLoopAttr, false},
	{"linear", mutateLinearBasis, false},
	{"trip", mutateTripCount, false},
	{"yield", swapYield, false},
	{"carry", carryFromPrevious, false},
	{"view", mutateOperandView, false},
	{"masked-load", mutateMaskedLoad, false},
	{"step", mutateStep, false},
}

// Mutate applies n random mutations to src and returns the result and a
// one-line description of each mutation applied.
func Mutate(src string, r *rand.Rand, n int) (string, []string) {
	var log []string
	for tries := 0; len(log) < n && tries < 8*n; tries++ {
		m := mutations[r.Intn(len(mutations))]
		out, what, ok := m.apply(src, r)
		if !ok || out == src {
			continue
		}
		src = out
		log = append(log, m.name+": "+what)
	}
	return src, log
}

var (
	reShape     = regexp.MustCompile(`tensor<((?:\d+x)+)`)
	reDigits    = regexp.MustCompile(`\d+`)
	reElem      = regexp.MustCompile(`\b(f16|bf16|f32|f64|i1|i8|i16|i32|i64|f8E4M3FN|f8E5M2)\b`)
	reLayoutArg = regexp.MustCompile(`(sizePerThread|threadsPerWarp|warpsPerCTA|order|CTAsPerCGA|CTASplitNum|CTAOrder|instrShape|versionMajor|versionMinor|version|vec|perPhase|maxPhase|opIdx|kWidth|dim|swizzlingByteWidth|elementBitWidth|isTransposed|transposed) = (\[[^\]]*\]|\d+|true|false)`)
	reWarpsAttr = regexp.MustCompile(`"ttg\.(num-warps|threads-per-warp|num-ctas)" = (\d+)`)
	reHint      = regexp.MustCompile(`tt\.(divisibility|contiguity|constancy) = (dense<[^>]*> : tensor<[^>]*>|\d+ : i\d+)`)
	reIntConst  = regexp.MustCompile(`arith\.constant (dense<)?(-?\d+)(>)? : `)
	reFltConst  = regexp.MustCompile(`arith\.constant (dense<)?(-?\d+\.\d+(?:e[+-]?\d+)?|0x[0-9A-F]+)(>)? : `)
	reFor       = regexp.MustCompile(`scf\.for (%[\w.]+) = (%[\w.]+) to (%[\w.]+) step (%[\w.]+)`)
	reSSAUse    = regexp.MustCompile(`%[A-Za-z_][\w.$-]*|%\d+(?:#\d+)?`)
	reEncoding  = regexp.MustCompile(`#(blocked\d*|mma\d*|shared\d*|linear\d*|smem)\b`)
	reDotAttr   = regexp.MustCompile(`(inputPrecision|maxNumImpreciseAcc) = (\w+)`)
	reDot       = regexp.MustCompile(`= (tt\.dot|ttng\.warp_group_dot) (%[\w.#]+), (%[\w.#]+)`)
	reBasis     = regexp.MustCompile(`\[(-?\d+(?:, -?\d+)*)\]`)
	reLinear    = regexp.MustCompile(`#ttg\.linear<\{[^}]*\}>`)
	reForType   = regexp.MustCompile(`: (i\d+)\s*\{\s*$`)
	reYield     = regexp.MustCompile(`^(\s*scf\.yield )(.*) : (.*?)( loc\(.*\))?$`)
	reForMulti  = regexp.MustCompile(`^(\s*)(%[\w.$-]+):(\d+) = scf\.for .* iter_args\(`)
	reDef       = regexp.MustCompile(`^\s*(%[\w.$-]+) = [\w.]+ `)
	reTrailLoc  = regexp.MustCompile(` loc\([^()]*(\([^()]*\))*[^()]*\)\s*$`)
	reHintSite  = regexp.MustCompile(`= (tt\.addptr|tt\.make_range|tt\.splat|arith\.addi|arith\.muli|tt\.load|tt\.broadcast|tt\.expand_dims) `)
)

// interesting are the integers that make passes take unusual paths:
// zero, one, odd and non-power-of-two sizes, the 2^20 element limit and
// beyond, values near the integer limits.
var interesting = []int64{0, 1, 2, 3, 5, 6, 7, 12, 48, 100, 4096, 65536, 262144, 1048576, 2097152, 1 << 26, 1 << 31, -1}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.Intn(len(xs))] }

// pickLine returns the index of a random line of ls that re matches, and
// false when none does.
func pickLine(r *rand.Rand, ls []string, re *regexp.Regexp) (int, bool) {
	var at []int
	for i, l := range ls {
		if re.MatchString(l) {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return 0, false
	}
	return pick(r, at), true
}

// lines splits src keeping the line structure; only body lines (not the
// #loc tables that follow a module) are mutation sites.
func bodyLines(src string) []string { return strings.Split(src, "\n") }

func isLocLine(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "#loc") }

// mutateShape replaces one extent everywhere it occurs as a shape extent
// or integer (make_range bounds, constants), so the kernel stays
// consistent: a 1024-element block becomes a 262144-element one.
func mutateShape(src string, r *rand.Rand) (string, string, bool) {
	ms := reShape.FindAllStringSubmatch(src, -1)
	if len(ms) == 0 {
		return src, "", false
	}
	dims := strings.Split(strings.TrimSuffix(pick(r, ms)[1], "x"), "x")
	old := pick(r, dims)
	o, _ := strconv.ParseInt(old, 10, 64)
	cands := append([]int64{o * 2, o / 2, o * 4, o * 64}, interesting...)
	nv := pick(r, cands)
	if nv < 0 {
		nv = 3
	}
	ls := bodyLines(src)
	for i, l := range ls {
		if isLocLine(l) {
			continue
		}
		ls[i] = replaceWord(l, old, strconv.FormatInt(nv, 10))
	}
	return strings.Join(ls, "\n"), fmt.Sprintf("extent %s -> %d everywhere", old, nv), true
}

// replaceWord replaces the integer tokens equal to old in l: maximal digit
// runs that are not part of a name (%c1024_i32, i32, #loc3) or a float,
// where a shape's "x" separates extents (tensor<16x1024xf32>).
func replaceWord(l, old, nw string) string {
	var b strings.Builder
	last := 0
	for _, m := range reDigits.FindAllStringIndex(l, -1) {
		if l[m[0]:m[1]] != old || !numberBoundary(l, m[0]-1) || !numberBoundary(l, m[1]) {
			continue
		}
		b.WriteString(l[last:m[0]])
		b.WriteString(nw)
		last = m[1]
	}
	b.WriteString(l[last:])
	return b.String()
}

// numberBoundary reports whether the byte at i (outside l counts) may
// border an integer token.
func numberBoundary(l string, i int) bool {
	if i < 0 || i >= len(l) {
		return true
	}
	c := l[i]
	switch {
	case c == 'x':
		return true
	case c == '_' || c == '%' || c == '#' || c == '.' || c == '-':
		return false
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		return false
	}
	return true
}

// mutateOneDim changes one extent of one type only: the IR usually stops
// verifying, which checks the verifier's messages, and sometimes reaches
// a pass that assumed the shapes agree.
func mutateOneDim(src string, r *rand.Rand) (string, string, bool) {
	idx := reShape.FindAllStringSubmatchIndex(src, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	dims := strings.Split(strings.TrimSuffix(src[m[2]:m[3]], "x"), "x")
	k := r.Intn(len(dims))
	dims[k] = strconv.FormatInt(pick(r, interesting[:10]), 10)
	return src[:m[2]] + strings.Join(dims, "x") + "x" + src[m[3]:], "one type's extent -> " + dims[k], true
}

func mutateElemType(src string, r *rand.Rand) (string, string, bool) {
	ms := reElem.FindAllStringIndex(src, -1)
	if len(ms) == 0 {
		return src, "", false
	}
	types := []string{"f16", "bf16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", "i128", "f8E4M3FN", "f8E5M2"}
	m := pick(r, ms)
	old, nw := src[m[0]:m[1]], pick(r, types)
	if r.Intn(2) == 0 {
		return src[:m[0]] + nw + src[m[1]:], "one " + old + " -> " + nw, true
	}
	return reElem.ReplaceAllStringFunc(src, func(s string) string {
		if s == old {
			return nw
		}
		return s
	}), "every " + old + " -> " + nw, true
}

// mutateLayout changes one parameter of a layout attribute: a
// sizePerThread entry, an order, a warp split, an MMA version.
func mutateLayout(src string, r *rand.Rand) (string, string, bool) {
	idx := reLayoutArg.FindAllStringSubmatchIndex(src, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	name, val := src[m[2]:m[3]], src[m[4]:m[5]]
	vals := []int64{0, 1, 2, 3, 4, 6, 8, 16, 32, 64, 128, 1024}
	var nw string
	if strings.HasPrefix(val, "[") {
		parts := strings.Split(strings.Trim(val, "[]"), ",")
		switch r.Intn(4) {
		case 0: // drop an entry
			if len(parts) > 1 {
				k := r.Intn(len(parts))
				parts = append(parts[:k], parts[k+1:]...)
			}
		case 1: // add an entry
			parts = append(parts, " "+strconv.FormatInt(pick(r, vals), 10))
		default:
			if len(parts) > 0 && parts[0] != "" {
				parts[r.Intn(len(parts))] = " " + strconv.FormatInt(pick(r, vals), 10)
			}
		}
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		nw = "[" + strings.Join(parts, ", ") + "]"
	} else if val == "true" || val == "false" {
		nw = map[string]string{"true": "false", "false": "true"}[val]
	} else {
		nw = strconv.FormatInt(pick(r, vals), 10)
	}
	return src[:m[4]] + nw + src[m[5]:], name + " " + val + " -> " + nw, true
}

func mutateWarps(src string, r *rand.Rand) (string, string, bool) {
	idx := reWarpsAttr.FindAllStringSubmatchIndex(src, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	nw := strconv.FormatInt(pick(r, []int64{0, 1, 2, 3, 6, 8, 16, 32, 64, 128}), 10)
	return src[:m[4]] + nw + src[m[5]:], src[m[2]:m[3]] + " -> " + nw, true
}

// hintValue is a random hint: an integer, or a dense list of a random
// length (one entry per dimension is the valid form).
func hintValue(r *rand.Rand) string {
	v := pick(r, []int64{0, 1, 2, 3, 4, 16, 1024, 1 << 30, -1})
	switch r.Intn(3) {
	case 0:
		return fmt.Sprintf("%d : i32", v)
	case 1:
		n := r.Intn(4)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = strconv.FormatInt(pick(r, []int64{0, 1, 4, 16, 64, 1024}), 10)
		}
		return fmt.Sprintf("dense<[%s]> : tensor<%dxi32>", strings.Join(parts, ", "), n)
	}
	return fmt.Sprintf("dense<%d> : tensor<%dx%dxi32>", v, 1+r.Intn(4), 1+r.Intn(4))
}

func mutateHint(src string, r *rand.Rand) (string, string, bool) {
	idx := reHint.FindAllStringSubmatchIndex(src, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	nw := hintValue(r)
	return src[:m[4]] + nw + src[m[5]:], "tt." + src[m[2]:m[3]] + " -> " + nw, true
}

// addHint attaches an axis hint to an op that defines a tensor, as
// tl.multiple_of / tl.max_contiguous do.
func addHint(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	var sites []int
	for i, l := range ls {
		if reHintSite.MatchString(l) && strings.Contains(l, " : ") && !strings.Contains(l, "{") {
			sites = append(sites, i)
		}
	}
	if len(sites) == 0 {
		return src, "", false
	}
	i := pick(r, sites)
	l := ls[i]
	// The attribute dictionary goes before the trailing type, which for
	// these ops follows the last operand's " : ".
	k := strings.LastIndex(l, " : ")
	if strings.Contains(l, "tt.make_range") {
		return src, "", false // its dictionary holds start/end already
	}
	name := pick(r, []string{"divisibility", "contiguity", "constancy"})
	attr := " {tt." + name + " = " + hintValue(r) + "}"
	ls[i] = l[:k] + attr + l[k:]
	return strings.Join(ls, "\n"), fmt.Sprintf("line %d gets%s", i+1, attr), true
}

func mutateConstant(src string, r *rand.Rand) (string, string, bool) {
	if r.Intn(3) == 0 {
		idx := reFltConst.FindAllStringSubmatchIndex(src, -1)
		if len(idx) > 0 {
			m := pick(r, idx)
			nw := pick(r, []string{"0.000000e+00", "-1.000000e+00", "0x7FC00000", "0x7F800000", "0xFF800000", "1.000000e+30"})
			return src[:m[4]] + nw + src[m[5]:], "float constant " + src[m[4]:m[5]] + " -> " + nw, true
		}
	}
	idx := reIntConst.FindAllStringSubmatchIndex(src, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	nw := strconv.FormatInt(pick(r, []int64{0, -1, 1, 2, 3, -2147483648, 2147483647, 1 << 40, 7, 1023}), 10)
	return src[:m[4]] + nw + src[m[5]:], "constant " + src[m[4]:m[5]] + " -> " + nw, true
}

// mutateLoop makes a loop's step its lower bound (usually 0), swaps its
// bounds, or runs it to its step.
func mutateLoop(src string, r *rand.Rand) (string, string, bool) {
	idx := reFor.FindAllStringSubmatchIndex(src, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	iv, lb, ub, st := src[m[2]:m[3]], src[m[4]:m[5]], src[m[6]:m[7]], src[m[8]:m[9]]
	var nw, what string
	switch r.Intn(3) {
	case 0:
		nw, what = fmt.Sprintf("scf.for %s = %s to %s step %s", iv, lb, ub, lb), "step := lower bound"
	case 1:
		nw, what = fmt.Sprintf("scf.for %s = %s to %s step %s", iv, ub, lb, st), "bounds swapped"
	default:
		nw, what = fmt.Sprintf("scf.for %s = %s to %s step %s", iv, lb, st, ub), "step and upper bound swapped"
	}
	return src[:m[0]] + nw + src[m[1]:], what, true
}

// opLines are the indices of lines that hold one op inside a function.
func opLines(ls []string) []int {
	var out []int
	for i, l := range ls {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "%") || (strings.Contains(t, ".") && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "}") &&
			!strings.HasPrefix(t, "module") && !strings.HasPrefix(t, "tt.func") && !strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "^")) {
			out = append(out, i)
		}
	}
	return out
}

// pickOp splits src into lines and picks one that holds an op.
func pickOp(src string, r *rand.Rand) (ls []string, i int, ok bool) {
	ls = bodyLines(src)
	cand := opLines(ls)
	if len(cand) == 0 {
		return nil, 0, false
	}
	return ls, pick(r, cand), true
}

func deleteOp(src string, r *rand.Rand) (string, string, bool) {
	ls, i, ok := pickOp(src, r)
	if !ok {
		return src, "", false
	}
	what := fmt.Sprintf("line %d deleted: %.60s", i+1, strings.TrimSpace(ls[i]))
	return strings.Join(append(ls[:i:i], ls[i+1:]...), "\n"), what, true
}

// deleteOperand removes one operand of an op (and, when the op lists its
// operand types, leaves them: the verifier must catch either mismatch).
func deleteOperand(src string, r *rand.Rand) (string, string, bool) {
	ls, i, ok := pickOp(src, r)
	if !ok {
		return src, "", false
	}
	l := ls[i]
	start := strings.Index(l, "= ")
	if start < 0 {
		start = 0
	}
	uses := reSSAUse.FindAllStringIndex(l[start:], -1)
	if len(uses) == 0 {
		return src, "", false
	}
	u := pick(r, uses)
	a, b := start+u[0], start+u[1]
	// Take a neighbouring ", " with the operand.
	switch {
	case strings.HasPrefix(l[b:], ", "):
		b += 2
	case a >= 2 && l[a-2:a] == ", ":
		a -= 2
	}
	ls[i] = l[:a] + l[b:]
	return strings.Join(ls, "\n"), fmt.Sprintf("line %d loses operand %s", i+1, l[start+u[0]:start+u[1]]), true
}

// swapOperand replaces one use with another value defined earlier in the
// kernel: a type mismatch for the verifier, or a valid but unusual
// dataflow for the passes.
func swapOperand(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	cand := opLines(ls)
	if len(cand) < 2 {
		return src, "", false
	}
	i := pick(r, cand)
	l := ls[i]
	start := strings.Index(l, "= ")
	if start < 0 {
		return src, "", false
	}
	uses := reSSAUse.FindAllStringIndex(l[start:], -1)
	var defs []string
	for _, j := range cand {
		if j >= i {
			break
		}
		if d := strings.TrimSpace(ls[j]); strings.HasPrefix(d, "%") {
			if k := strings.IndexAny(d, " :="); k > 0 {
				defs = append(defs, d[:k])
			}
		}
	}
	if len(uses) == 0 || len(defs) == 0 {
		return src, "", false
	}
	u := pick(r, uses)
	nw := pick(r, defs)
	a, b := start+u[0], start+u[1]
	ls[i] = l[:a] + nw + l[b:]
	return strings.Join(ls, "\n"), fmt.Sprintf("line %d: %s -> %s", i+1, l[a:b], nw), true
}

// swapEncoding replaces one layout alias use with another defined alias.
func swapEncoding(src string, r *rand.Rand) (string, string, bool) {
	set := map[string]bool{}
	for _, m := range reEncoding.FindAllString(src, -1) {
		set[m] = true
	}
	if len(set) < 2 {
		return src, "", false
	}
	var names []string
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	idx := reEncoding.FindAllStringIndex(src, -1)
	m := pick(r, idx)
	old := src[m[0]:m[1]]
	nw := pick(r, names)
	if nw == old || strings.HasPrefix(strings.TrimSpace(src[strings.LastIndex(src[:m[0]], "\n")+1:m[1]]), old) {
		return src, "", false // the alias definition itself
	}
	return src[:m[0]] + nw + src[m[1]:], old + " -> " + nw + " once", true
}

// mutateDot changes a dot's precision or imprecise-accumulation bound, or
// swaps its A and B operands (a shape or layout mismatch the verifier
// must name, or for square tiles a valid dot with transposed roles).
func mutateDot(src string, r *rand.Rand) (string, string, bool) {
	if r.Intn(2) == 0 {
		idx := reDotAttr.FindAllStringSubmatchIndex(src, -1)
		if len(idx) > 0 {
			m := pick(r, idx)
			var nw string
			_, notInt := strconv.Atoi(src[m[4]:m[5]])
			switch {
			case src[m[2]:m[3]] == "inputPrecision" && notInt != nil: // tt.dot's keyword form
				nw = pick(r, []string{"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6"})
			case src[m[2]:m[3]] == "inputPrecision": // an integer attribute elsewhere
				nw = pick(r, []string{"0", "1", "2", "4", "5", "-1"})
			default:
				nw = strconv.FormatInt(pick(r, []int64{0, 1, 32, 1 << 30, -1}), 10)
			}
			return src[:m[4]] + nw + src[m[5]:], src[m[2]:m[3]] + " " + src[m[4]:m[5]] + " -> " + nw, true
		}
	}
	idx := reDot.FindAllStringSubmatchIndex(src, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	a, b := src[m[4]:m[5]], src[m[6]:m[7]]
	return src[:m[4]] + b + ", " + a + src[m[7]:], "dot operands " + a + ", " + b + " swapped", true
}

// loopAttrs are the scf.for attributes Triton's front end sets
// (tl.range's num_stages, loop_unroll_factor, flatten, warp_specialize,
// disallow_acc_multi_buffer) with values a user could write.
var loopAttrs = []string{
	"tt.num_stages = 0 : i32", "tt.num_stages = 1 : i32", "tt.num_stages = 2 : i32", "tt.num_stages = 5 : i32",
	"tt.num_stages = 64 : i32", "tt.num_stages = -1 : i32", "tt.loop_unroll_factor = 0 : i32",
	"tt.loop_unroll_factor = 3 : i32", "tt.loop_unroll_factor = -1 : i32", "tt.flatten", "tt.warp_specialize",
	"tt.disallow_acc_multi_buffer",
}

// mutateLoopAttr gives an scf.for one of loopAttrs, replacing what its
// closing line carries: the pipeliner, the unroller and the schedulers
// then see stage counts and flags the seeds never have. The loop's
// closing brace is the first later line at the scf.for line's
// indentation (the printer indents regions).
func mutateLoopAttr(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	var fors []int
	for i, l := range ls {
		if strings.Contains(l, "scf.for ") {
			fors = append(fors, i)
		}
	}
	if len(fors) == 0 {
		return src, "", false
	}
	i := pick(r, fors)
	indent := ls[i][:len(ls[i])-len(strings.TrimLeft(ls[i], " "))]
	for j := i + 1; j < len(ls); j++ {
		l := ls[j]
		if !strings.HasPrefix(l, indent+"}") {
			continue
		}
		rest := strings.TrimPrefix(l, indent+"}")
		if strings.HasPrefix(rest, " {") { // an attribute dictionary already
			if k := strings.Index(rest, "}"); k > 0 {
				rest = rest[k+1:]
			}
		}
		attr := pick(r, loopAttrs)
		ls[j] = indent + "} {" + attr + "}" + rest
		return strings.Join(ls, "\n"), fmt.Sprintf("loop at line %d gets {%s}", i+1, attr), true
	}
	return src, "", false
}

// mutateLinearBasis changes one basis vector of a linear layout: a
// non-power-of-two, zero, negative or out-of-shape entry, or a vector
// with a different number of dimensions.
func mutateLinearBasis(src string, r *rand.Rand) (string, string, bool) {
	lin := reLinear.FindAllStringIndex(src, -1)
	if len(lin) == 0 {
		return src, "", false
	}
	l := pick(r, lin)
	body := src[l[0]:l[1]]
	idx := reBasis.FindAllStringSubmatchIndex(body, -1)
	if len(idx) == 0 {
		return src, "", false
	}
	m := pick(r, idx)
	parts := strings.Split(body[m[2]:m[3]], ", ")
	switch r.Intn(4) {
	case 0:
		parts = append(parts, "1")
	case 1:
		if len(parts) > 1 {
			parts = parts[1:]
		}
	default:
		parts[r.Intn(len(parts))] = strconv.FormatInt(pick(r, []int64{0, 1, 3, 6, 64, 4096, 1 << 40, -1}), 10)
	}
	nw := strings.Join(parts, ", ")
	at := l[0] + m[2]
	return src[:at] + nw + src[l[0]+m[3]:], "linear basis [" + body[m[2]:m[3]] + "] -> [" + nw + "]", true
}

// tripCounts are the trip counts mutateTripCount gives a loop: none, one
// (a loop the unroller and the pipeliners promote or peel away), two,
// odd ones (an unrolled loop's epilogue) and a negative one.
var tripCounts = []int64{0, 1, 2, 3, 5, -1}

// mutateTripCount gives a loop a constant upper bound, defined on a new
// line before it: lb + n*step for n in tripCounts where the lower bound
// and the step are constants of the kernel, else a value of interesting.
func mutateTripCount(src string, r *rand.Rand) (string, string, bool) {
	f, ok := pickFor(src, r)
	if !ok {
		return src, "", false
	}
	var ub int64
	n := pick(r, tripCounts)
	lbC, lbOK := intConstant(src, f.operand(2))
	stC, stOK := intConstant(src, f.operand(4))
	if lbOK && stOK {
		ub = lbC + n*stC
	} else {
		ub = pick(r, interesting)
	}
	ls := f.withConstant(3, freshName(src, "%fuzz_ub"), ub)
	what := fmt.Sprintf("loop at line %d runs to %d", f.i+1, ub)
	if lbOK && stOK {
		what += fmt.Sprintf(" (%d iterations)", n)
	}
	return strings.Join(ls, "\n"), what, true
}

// forSite is an scf.for line of a kernel: the kernel's lines, the line's
// index, reFor's submatch indices in it and the type of its bounds.
type forSite struct {
	ls  []string
	i   int
	m   []int
	typ string
}

// pickFor picks a random scf.for line of src.
func pickFor(src string, r *rand.Rand) (forSite, bool) {
	ls := bodyLines(src)
	i, ok := pickLine(r, ls, reFor)
	if !ok {
		return forSite{}, false
	}
	f := forSite{ls: ls, i: i, m: reFor.FindStringSubmatchIndex(ls[i]), typ: "index"}
	if t := reForType.FindStringSubmatch(ls[i]); t != nil {
		f.typ = t[1]
	}
	return f, true
}

// operand is reFor's group g of the line (1: the induction variable, 2:
// the lower bound, 3: the upper bound, 4: the step).
func (f forSite) operand(g int) string { return f.ls[f.i][f.m[2*g]:f.m[2*g+1]] }

// withConstant returns the kernel's lines with group g of the loop line
// replaced by name, defined as the constant v on a new line before it.
func (f forSite) withConstant(g int, name string, v int64) []string {
	l := f.ls[f.i]
	indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
	def := fmt.Sprintf("%s%s = arith.constant %d : %s", indent, name, v, f.typ)
	ls := append([]string(nil), f.ls[:f.i]...)
	ls = append(ls, def, l[:f.m[2*g]]+name+l[f.m[2*g+1]:])
	return append(ls, f.ls[f.i+1:]...)
}

// intConstant returns the value of the integer constant src defines as
// name.
func intConstant(src, name string) (int64, bool) {
	m := regexp.MustCompile(regexp.QuoteMeta(name) + ` = arith\.constant (-?\d+) : `).FindStringSubmatch(src)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseInt(m[1], 10, 64)
	return v, err == nil
}

// swapYield swaps two operands of one type in an scf.yield: the loop
// carries each value into the other's place (attention's running max and
// sum, a matmul's two pointer advances), a valid kernel whose loop-carried
// dataflow the seeds never have.
func swapYield(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	type site struct{ line, a, b int }
	var sites []site
	for i, l := range ls {
		m := reYield.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		ops, types := splitTop(m[2]), splitTop(m[3])
		if len(ops) != len(types) {
			continue
		}
		for a := range types {
			for b := a + 1; b < len(types); b++ {
				if types[a] == types[b] && ops[a] != ops[b] {
					sites = append(sites, site{i, a, b})
				}
			}
		}
	}
	if len(sites) == 0 {
		return src, "", false
	}
	s := pick(r, sites)
	m := reYield.FindStringSubmatch(ls[s.line])
	ops := splitTop(m[2])
	ops[s.a], ops[s.b] = ops[s.b], ops[s.a]
	ls[s.line] = m[1] + strings.Join(ops, ", ") + " : " + m[3] + m[4]
	return strings.Join(ls, "\n"), fmt.Sprintf("line %d yields %s and %s swapped", s.line+1, ops[s.b], ops[s.a]), true
}

// splitTop splits a comma-separated list at the commas outside brackets
// (a tensor type's encoding has its own).
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '<', '(', '[', '{':
			depth++
		case '>', ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// carryFromPrevious makes one use, inside a loop with iter_args, of a
// value the loop body computes read the value of the previous iteration
// instead (zero on the first): a new iter_arg carries it. A chained dot's
// second dot then reads the first iteration's P, which the loop computes
// after the dot; the passes that reorder, unroll or split the body see a
// dependence across iterations the seeds never have.
func carryFromPrevious(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	i, ok := pickLine(r, ls, reForMulti)
	if !ok {
		return src, "", false
	}
	m := reForMulti.FindStringSubmatch(ls[i])
	indent, name, n := m[1], m[2], m[3]
	body := indent + "  "
	yield := -1
	for j := i + 1; j < len(ls) && !strings.HasPrefix(ls[j], indent+"}"); j++ {
		if strings.HasPrefix(ls[j], body+"scf.yield ") {
			yield = j
		}
	}
	if yield < 0 {
		return src, "", false
	}
	// A value defined at the body's level with a type an arith.constant
	// can have, used on a later line before the yield.
	type site struct{ def, use int }
	var sites []site
	for k := i + 1; k < yield; k++ {
		d := reDef.FindStringSubmatch(ls[k])
		if d == nil || !strings.HasPrefix(ls[k], body+"%") || zeroOf(resultType(ls[k])) == "" {
			continue
		}
		for u := k + 1; u < yield; u++ {
			if strings.Contains(ls[u], d[1]+" ") || strings.Contains(ls[u], d[1]+",") {
				sites = append(sites, site{k, u})
			}
		}
	}
	if len(sites) == 0 {
		return src, "", false
	}
	st := pick(r, sites)
	v := reDef.FindStringSubmatch(ls[st.def])[1]
	typ := resultType(ls[st.def])
	prev, init := "%fuzz_prev", "%fuzz_init"
	for k := 1; strings.Contains(src, prev+" ") || strings.Contains(src, init+" "); k++ {
		prev, init = fmt.Sprintf("%%fuzz_prev_%d", k), fmt.Sprintf("%%fuzz_init_%d", k)
	}
	// The use: the first occurrence of v as a whole operand on its line.
	use := ls[st.use]
	at := strings.Index(use, v+" ")
	if c := strings.Index(use, v+","); at < 0 || c >= 0 && c < at {
		at = c
	}
	ls[st.use] = use[:at] + prev + use[at+len(v):]
	// The loop: one more iter_arg and result.
	header, ok := appendIterArg(ls[i], prev+" = "+init, typ)
	if !ok {
		return src, "", false
	}
	results, _ := strconv.Atoi(n)
	header = strings.Replace(header, name+":"+n+" = ", fmt.Sprintf("%s:%d = ", name, results+1), 1)
	y := reYield.FindStringSubmatch(ls[yield])
	if y == nil {
		return src, "", false
	}
	ls[yield] = y[1] + y[2] + ", " + v + " : " + y[3] + ", " + typ + y[4]
	ls[i] = header
	def := fmt.Sprintf("%s%s = arith.constant %s : %s", indent, init, zeroOf(typ), typ)
	ls = append(ls[:i], append([]string{def}, ls[i:]...)...)
	return strings.Join(ls, "\n"), fmt.Sprintf("line %d reads %s of the previous iteration", st.use+1, v), true
}

// resultType is the type an op line gives its result: after its last
// " -> " or " to " (conversions), else after its last " : ".
func resultType(l string) string {
	l = reTrailLoc.ReplaceAllString(l, "")
	for _, sep := range []string{" -> ", " to ", " : "} {
		if k := strings.LastIndex(l, sep); k >= 0 {
			return strings.TrimSpace(l[k+len(sep):])
		}
	}
	return ""
}

// zeroOf is the zero literal of an arith.constant of type t, or "" when t
// is not a float or integer scalar or tensor.
func zeroOf(t string) string {
	elem := t
	if strings.HasPrefix(t, "tensor<") {
		dims := strings.TrimSuffix(strings.TrimPrefix(t, "tensor<"), ">")
		dims, _, _ = strings.Cut(dims, ",")
		elem = dims[strings.LastIndex(dims, "x")+1:]
	}
	var z string
	switch {
	case elem == "f16" || elem == "bf16" || elem == "f32" || elem == "f64":
		z = "0.000000e+00"
	case elem == "i8" || elem == "i16" || elem == "i32" || elem == "i64":
		z = "0"
	default:
		return ""
	}
	if strings.HasPrefix(t, "tensor<") {
		return "dense<" + z + ">"
	}
	return z
}

// appendIterArg adds arg to an scf.for line's iter_args and typ to its
// result types.
func appendIterArg(l, arg, typ string) (string, bool) {
	open := strings.Index(l, "iter_args(") + len("iter_args(")
	end := closing(l, open)
	if end < 0 {
		return l, false
	}
	l = l[:end] + ", " + arg + l[end:]
	k := strings.Index(l[end:], "-> (")
	if k < 0 {
		return l, false
	}
	rstart := end + k + len("-> (")
	rend := closing(l, rstart)
	if rend < 0 {
		return l, false
	}
	return l[:rend] + ", " + typ + l[rend:], true
}

// closing is the index of the ")" that closes the list starting at i.
func closing(l string, i int) int {
	depth := 0
	for ; i < len(l); i++ {
		switch l[i] {
		case '(', '<', '[', '{':
			depth++
		case ')', '>', ']', '}':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}
