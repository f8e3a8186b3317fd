package fuzz

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
)

// reDotLine is a tt.dot line: its indentation, result and three operands;
// the rest holds its attributes and, after the last " : ", its types.
var reDotLine = regexp.MustCompile(`^(\s*)(%[\w.$-]+) = tt\.dot (%[\w.$-]+(?:#\d+)?), (%[\w.$-]+(?:#\d+)?), (%[\w.$-]+(?:#\d+)?)(.*)$`)

// reTensorElem splits a ranked tensor type around its element type.
var reTensorElem = regexp.MustCompile(`^tensor<((?:\d+x)+)(\w+)(.*)>$`)

// dotElemTypes are the operand element types mutateDotType gives a dot:
// the fp8 formats of Hopper's and MI300's fp8 dots, i8 (an i32
// accumulator), and the 16- and 32-bit floats (tf32 for f32).
var dotElemTypes = []string{"f8E4M3FN", "f8E5M2", "i8", "f16", "bf16", "f32"}

// mutateDotType makes one tt.dot multiply other element types, as a user
// who quantizes a kernel's operands does: conversions inserted before the
// dot turn A and B into fp8 (sometimes one of each format: Triton takes
// e4m3 times e5m2), i8, f16, bf16 or f32, and where the operands change
// between float and integer the accumulator goes through i32 or f32 and
// the result back to its old type, so the rest of the kernel stays as it
// was. The seeds' dots are f16 with a few f32, i8 and fp8 ones; this
// reaches the fp8 and integer paths of every dot lowering (wgmma's fp8
// operand order, mma.sync's fp8 upcast, MFMA's fp8 and i8 instructions)
// with the shapes and loops of all the dot kernels, attention included.
func mutateDotType(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	i, ok := pickLine(r, ls, reDotLine)
	if !ok {
		return src, "", false
	}
	ea, eb, ok := dotOperandElems(ls[i])
	if !ok {
		return src, "", false
	}
	na := pick(r, dotElemTypes)
	nb := na
	if isFP8(na) && r.Intn(3) == 0 {
		nb = map[string]string{"f8E4M3FN": "f8E5M2", "f8E5M2": "f8E4M3FN"}[na]
	}
	if na == ea && nb == eb {
		return src, "", false
	}
	out, ok := retypeDot(ls[i], na, nb, func(base string) string { return freshName(src, base) })
	if !ok {
		return src, "", false
	}
	ls = append(ls[:i], append(out, ls[i+1:]...)...)
	return strings.Join(ls, "\n"), fmt.Sprintf("dot at line %d multiplies %s x %s (was %s x %s)", i+1, na, nb, ea, eb), true
}

// freshName is base, or base_k for the first k that src does not use.
func freshName(src, base string) string {
	name := base
	for k := 1; strings.Contains(src, name+" ") || strings.Contains(src, name+","); k++ {
		name = fmt.Sprintf("%s_%d", base, k)
	}
	return name
}

// dotOperandElems returns the element types of a tt.dot line's A and B,
// false when its types are not those of tensors.
func dotOperandElems(l string) (a, b string, ok bool) {
	ta, tb, _, ok := dotTypes(l)
	if !ok {
		return "", "", false
	}
	return reTensorElem.FindStringSubmatch(ta)[2], reTensorElem.FindStringSubmatch(tb)[2], true
}

// dotTypes splits a tt.dot line's "A * B -> C" types; an encoding has no
// " * " or " -> ", and any " : " of an attribute dictionary comes before
// the types.
func dotTypes(l string) (ta, tb, tc string, ok bool) {
	core := reTrailLoc.ReplaceAllString(l, "")
	k := strings.LastIndex(core, " : ")
	if k < 0 {
		return "", "", "", false
	}
	ab, tc, ok1 := strings.Cut(core[k+3:], " -> ")
	ta, tb, ok2 := strings.Cut(ab, " * ")
	tc = strings.TrimSpace(tc)
	if !ok1 || !ok2 || !reTensorElem.MatchString(ta) || !reTensorElem.MatchString(tb) || !reTensorElem.MatchString(tc) {
		return "", "", "", false
	}
	return ta, tb, tc, true
}

// retypeDot rewrites a tt.dot line to multiply na x nb: the lines that
// convert its operands, the dot, and, when the accumulator's type changes
// (integer operands take an i32 one, float operands a float one), the
// line that converts the result back under the dot's old name. fresh
// names the new values.
func retypeDot(l, na, nb string, fresh func(string) string) ([]string, bool) {
	m := reDotLine.FindStringSubmatch(l)
	ta, tb, tc, ok := dotTypes(l)
	if m == nil || !ok {
		return nil, false
	}
	indent, res, a, b, c := m[1], m[2], m[3], m[4], m[5]
	ec := reTensorElem.FindStringSubmatch(tc)[2]
	nc := ec
	switch {
	case isInt(na) && !isInt(ec):
		nc = "i32"
	case !isInt(na) && isInt(ec):
		nc = "f32"
	}
	var out []string
	conv := func(base, v, from, to string) (string, bool) {
		if from == to {
			return v, true
		}
		name := fresh(base)
		ops, ok := convert(name, v, from, to)
		for _, op := range ops {
			out = append(out, indent+op)
		}
		return name, ok
	}
	nta, ntb, ntc := withElem(ta, na), withElem(tb, nb), withElem(tc, nc)
	a2, ok1 := conv("%fuzz_a", a, ta, nta)
	b2, ok2 := conv("%fuzz_b", b, tb, ntb)
	c2, ok3 := conv("%fuzz_c", c, tc, ntc)
	if !ok1 || !ok2 || !ok3 {
		return nil, false
	}
	d := res
	if nc != ec {
		d = fresh("%fuzz_d")
	}
	// The operands and the types are replaced in place: what lies between
	// (inputPrecision, an attribute dictionary) and the location stay.
	rest := m[6]
	rest = strings.Replace(rest, ta+" * "+tb+" -> "+tc, nta+" * "+ntb+" -> "+ntc, 1)
	out = append(out, fmt.Sprintf("%s%s = tt.dot %s, %s, %s%s", indent, d, a2, b2, c2, rest))
	if nc != ec {
		back, ok := convert(res, d, ntc, tc)
		if !ok {
			return nil, false
		}
		for _, op := range back {
			out = append(out, indent+op)
		}
	}
	return out, true
}

// withElem is tensor type t with element type e.
func withElem(t, e string) string {
	m := reTensorElem.FindStringSubmatch(t)
	return "tensor<" + m[1] + e + m[3] + ">"
}

func isFP8(e string) bool { return strings.HasPrefix(e, "f8") }

func isInt(e string) bool { return strings.HasPrefix(e, "i") }

// elemBits is the width of the element types mutateDotType uses.
func elemBits(e string) int {
	switch {
	case isFP8(e) || e == "i8":
		return 8
	case e == "f16" || e == "bf16" || e == "i16":
		return 16
	case e == "f32" || e == "i32":
		return 32
	case e == "f64" || e == "i64":
		return 64
	}
	return 0
}

// convert is the ops that define name as v converted from tensor type
// from to tensor type to: tt.fp_to_fp where an fp8 type is involved (with
// a rounding mode when it narrows), arith's casts otherwise, through f32
// between f16 and bf16 and through f16 between fp8 and anything but
// f16, bf16 and f32. false for types it does not know.
func convert(name, v, from, to string) ([]string, bool) {
	fe, te := reTensorElem.FindStringSubmatch(from)[2], reTensorElem.FindStringSubmatch(to)[2]
	fb, tb := elemBits(fe), elemBits(te)
	if fb == 0 || tb == 0 {
		return nil, false
	}
	cast := func(op string) []string { return []string{fmt.Sprintf("%s = %s %s : %s to %s", name, op, v, from, to)} }
	// No op converts between the fp8 formats or between fp8 and integers:
	// those go through f16, as a kernel would write them.
	if isFP8(fe) && (isFP8(te) || isInt(te)) || isInt(fe) && isFP8(te) {
		mid := withElem(from, "f16")
		first, _ := convert(name+"_f16", v, from, mid)
		second, _ := convert(name, name+"_f16", mid, to)
		return append(first, second...), true
	}
	switch {
	case isInt(fe) && isInt(te):
		if tb > fb {
			return cast("arith.extsi"), true
		}
		return cast("arith.trunci"), true
	case isInt(fe):
		return cast("arith.sitofp"), true
	case isInt(te):
		return cast("arith.fptosi"), true
	case isFP8(fe) || isFP8(te):
		rounding := ""
		if tb < fb {
			rounding = ", rounding = rtne"
		}
		return []string{fmt.Sprintf("%s = tt.fp_to_fp %s%s : %s -> %s", name, v, rounding, from, to)}, true
	case tb > fb:
		return cast("arith.extf"), true
	case tb < fb:
		return cast("arith.truncf"), true
	}
	// f16 <-> bf16: through f32.
	mid := withElem(from, "f32")
	return []string{
		fmt.Sprintf("%s_f32 = arith.extf %s : %s to %s", name, v, from, mid),
		fmt.Sprintf("%s = arith.truncf %s_f32 : %s to %s", name, name, mid, to),
	}, true
}
