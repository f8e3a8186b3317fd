package fuzz

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
)

// reLoadLine is a tt.load line without its location: indentation,
// result, pointer, the optional mask and other, and the pointer type.
var reLoadLine = regexp.MustCompile(`^(\s*)(%[\w.$-]+) = tt\.load (%[\w.$-]+(?:#\d+)?)(?:, (%[\w.$-]+(?:#\d+)?))?(?:, (%[\w.$-]+(?:#\d+)?))? : (.*)$`)

// rePtrElem is the pointer of a pointer type or of a tensor of pointers,
// and its scalar element type.
var rePtrElem = regexp.MustCompile(`!tt\.ptr<(\w+)>`)

// reI32Arg is a function argument of type i32.
var reI32Arg = regexp.MustCompile(`(%[\w.$-]+): i32\b`)

// otherValues are the values mutateMaskedLoad gives masked-off elements,
// by kind of element type: zero (what Triton reads without an other),
// and values a zero fill would get wrong.
var otherValues = map[string][]string{
	"float": {"0.000000e+00", "1.000000e+00", "-2.500000e+00"},
	"int":   {"0", "1", "-1", "7"},
	"i1":    {"true", "false"},
}

// mutateMaskedLoad makes one tt.load masked, or gives a masked one an
// `other` value, as `tl.load(p, mask=..., other=...)` does: a load
// without a mask gets one that is true when an i32 argument of the kernel
// is positive (a mask the compiler cannot fold away, uniform as a
// boundary check on a size often is), sometimes with an other; a load
// with a mask gets a new other, often a non-zero one. The pipeliners'
// asynchronous copies fill masked-off elements with zeros and must select
// a non-zero other after the copy; the seeds' masked loads nearly all
// read 0 there.
func mutateMaskedLoad(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	var sites []int
	for i, l := range ls {
		if m := reLoadLine.FindStringSubmatch(reTrailLoc.ReplaceAllString(l, "")); m != nil && rePtrElem.MatchString(m[6]) && !strings.HasPrefix(m[6], "!tt.ptr<tensor") {
			sites = append(sites, i)
		}
	}
	if len(sites) == 0 {
		return src, "", false
	}
	i := pick(r, sites)
	out, what, ok := maskLoad(ls[i], i32Arg(ls[:i]), r, func(base string) string { return freshName(src, base) })
	if !ok {
		return src, "", false
	}
	ls = append(ls[:i], append(out, ls[i+1:]...)...)
	return strings.Join(ls, "\n"), fmt.Sprintf("load at line %d %s", i+1, what), true
}

// i32Arg is an i32 argument of the last function that lines open, or ""
// without one.
func i32Arg(lines []string) string {
	for k := len(lines) - 1; k >= 0; k-- {
		if strings.Contains(lines[k], "tt.func ") {
			if m := reI32Arg.FindStringSubmatch(lines[k]); m != nil {
				return m[1]
			}
			return ""
		}
	}
	return ""
}

// maskLoad rewrites a tt.load line: the ops that define a new mask (from
// arg, an i32 value, or the program id when arg is "") and a new other
// before it, and the load reading them.
func maskLoad(l, arg string, r *rand.Rand, fresh func(string) string) ([]string, string, bool) {
	loc := reTrailLoc.FindString(l)
	m := reLoadLine.FindStringSubmatch(strings.TrimSuffix(l, loc))
	if m == nil {
		return nil, "", false
	}
	indent, res, ptr, mask, other, typ := m[1], m[2], m[3], m[4], m[5], strings.TrimSpace(m[6])
	p := rePtrElem.FindStringSubmatch(typ)
	if p == nil || strings.HasPrefix(typ, "!tt.ptr<tensor") {
		return nil, "", false
	}
	elem := p[1]
	maskType := strings.Replace(typ, p[0], "i1", 1)
	otherType := strings.Replace(typ, p[0], elem, 1)
	tensor := strings.HasPrefix(typ, "tensor<")
	var ops []string
	add := func(format string, args ...any) { ops = append(ops, indent+fmt.Sprintf(format, args...)) }
	var what []string
	if mask == "" {
		if arg == "" {
			arg = fresh("%fuzz_pid")
			add("%s = tt.get_program_id x : i32", arg)
		}
		zero, cond := fresh("%fuzz_zero"), fresh("%fuzz_cond")
		add("%s = arith.constant 0 : i32", zero)
		add("%s = arith.cmpi sgt, %s, %s : i32", cond, arg, zero)
		mask = cond
		if tensor {
			mask = fresh("%fuzz_mask")
			add("%s = tt.splat %s : i1 -> %s", mask, cond, maskType)
		}
		what = append(what, "masked by "+arg+" > 0")
		other = ""
		if r.Intn(2) == 0 {
			return append(ops, fmt.Sprintf("%s%s = tt.load %s, %s : %s%s", indent, res, ptr, mask, typ, loc)), strings.Join(what, ""), true
		}
	}
	kind := "float"
	switch {
	case elem == "i1":
		kind = "i1"
	case isInt(elem):
		kind = "int"
	}
	v := pick(r, otherValues[kind])
	nother := fresh("%fuzz_other")
	if tensor {
		add("%s = arith.constant dense<%s> : %s", nother, v, otherType)
	} else {
		add("%s = arith.constant %s : %s", nother, v, otherType)
	}
	if other != "" {
		what = append(what, "reads "+v+" where masked off (was "+other+")")
	} else {
		what = append(what, "reads "+v+" where masked off")
	}
	ops = append(ops, fmt.Sprintf("%s%s = tt.load %s, %s, %s : %s%s", indent, res, ptr, mask, nother, typ, loc))
	return ops, strings.Join(what, ", "), true
}
