package fuzz

import (
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
)

// reView2D is a 2-D tensor type without an encoding (TTIR): its extents
// and element type.
var reView2D = regexp.MustCompile(`^tensor<(\d+)x(\d+)x(\w+)>$`)

// viewKinds are the ways mutateOperandView reshapes what a dot reads.
var viewKinds = []string{"transposed", "trans", "flatten", "interleave", "join"}

// mutateOperandView rewrites one TTIR tt.dot, or one of its operands,
// through the shape ops users write around dots (tl.trans, reshape,
// tl.join and tl.split), keeping the kernel valid:
//
//   - transposed: the dot computes (B^T A^T)^T: its three operands are
//     transposed, the dot multiplies them in swapped roles, and its
//     result is transposed back (attention's backward pass computes
//     products that way);
//   - trans: a square operand is transposed (a K^T of a square tile);
//   - flatten: an operand is reshaped to 1-D and back;
//   - interleave: an operand's columns are split into even and odd ones
//     (reshape to [P, Q/2, 2] and tt.split) and joined back swapped, as
//     the unpacking of packed operands does;
//   - join: an operand is joined with itself and split again.
//
// Layout propagation then meets transposes, reshapes, joins and splits
// between the loads and the dot, in and out of the loop; the seeds' dots
// read loads directly, but for attention's K^T.
func mutateOperandView(src string, r *rand.Rand) (string, string, bool) {
	ls := bodyLines(src)
	i, ok := pickLine(r, ls, reDotLine)
	if !ok {
		return src, "", false
	}
	kind := pick(r, viewKinds)
	fresh := func(base string) string { return freshName(src, base) }
	var out []string
	if kind == "transposed" {
		out, ok = transposeDot(ls[i], fresh)
	} else {
		out, ok = viewDotOperand(ls[i], kind, r.Intn(2), fresh)
	}
	if !ok {
		return src, "", false
	}
	ls = append(ls[:i], append(out, ls[i+1:]...)...)
	return strings.Join(ls, "\n"), fmt.Sprintf("dot at line %d: %s", i+1, kind), true
}

// transposeDot rewrites a 2-D TTIR tt.dot line D = A*B+C as
// D = trans(trans(B)*trans(A)+trans(C)); the attributes and location
// stay on the dot.
func transposeDot(l string, fresh func(string) string) ([]string, bool) {
	m := reDotLine.FindStringSubmatch(l)
	ta, tb, tc, ok := dotTypes(l)
	if m == nil || !ok || !reView2D.MatchString(ta) || !reView2D.MatchString(tb) || !reView2D.MatchString(tc) {
		return nil, false
	}
	indent, res, a, b, c, rest := m[1], m[2], m[3], m[4], m[5], m[6]
	var out []string
	trans := func(name, v, t string) string {
		tt := transposed(t)
		out = append(out, fmt.Sprintf("%s%s = tt.trans %s {order = array<i32: 1, 0>} : %s -> %s", indent, name, v, t, tt))
		return tt
	}
	at, bt, ct, dt := fresh("%fuzz_at"), fresh("%fuzz_bt"), fresh("%fuzz_ct"), fresh("%fuzz_dt")
	tat := trans(at, a, ta)
	tbt := trans(bt, b, tb)
	tct := trans(ct, c, tc)
	rest = strings.Replace(rest, ta+" * "+tb+" -> "+tc, tbt+" * "+tat+" -> "+tct, 1)
	out = append(out, fmt.Sprintf("%s%s = tt.dot %s, %s, %s%s", indent, dt, bt, at, ct, rest))
	trans(res, dt, tct)
	return out, true
}

// transposed is 2-D tensor type t with its extents swapped.
func transposed(t string) string {
	m := reView2D.FindStringSubmatch(t)
	return fmt.Sprintf("tensor<%sx%sx%s>", m[2], m[1], m[3])
}

// viewDotOperand rewrites a 2-D TTIR tt.dot line so that its operand
// which (0: A, 1: B) goes through the view kind first; false when the
// operand's shape does not allow it (trans: not square; interleave: an
// odd column count).
func viewDotOperand(l, kind string, which int, fresh func(string) string) ([]string, bool) {
	m := reDotLine.FindStringSubmatch(l)
	ta, tb, _, ok := dotTypes(l)
	if m == nil || !ok {
		return nil, false
	}
	v, t := m[3], ta
	if which == 1 {
		v, t = m[4], tb
	}
	s := reView2D.FindStringSubmatch(t)
	if s == nil {
		return nil, false
	}
	p, _ := strconv.Atoi(s[1])
	q, _ := strconv.Atoi(s[2])
	e := s[3]
	indent := m[1]
	ty := func(dims ...int) string {
		var b strings.Builder
		b.WriteString("tensor<")
		for _, d := range dims {
			fmt.Fprintf(&b, "%dx", d)
		}
		return b.String() + e + ">"
	}
	var ops []string
	add := func(format string, args ...any) { ops = append(ops, indent+fmt.Sprintf(format, args...)) }
	nv := fresh("%fuzz_view")
	switch kind {
	case "trans":
		if p != q {
			return nil, false
		}
		add("%s = tt.trans %s {order = array<i32: 1, 0>} : %s -> %s", nv, v, t, t)
	case "flatten":
		flat := fresh("%fuzz_flat")
		add("%s = tt.reshape %s : %s -> %s", flat, v, t, ty(p*q))
		add("%s = tt.reshape %s : %s -> %s", nv, flat, ty(p*q), t)
	case "interleave":
		if q%2 != 0 {
			return nil, false
		}
		pairs, even, odd, joined := fresh("%fuzz_pairs"), fresh("%fuzz_even"), fresh("%fuzz_odd"), fresh("%fuzz_joined")
		add("%s = tt.reshape %s : %s -> %s", pairs, v, t, ty(p, q/2, 2))
		add("%s, %s = tt.split %s : %s -> %s", even, odd, pairs, ty(p, q/2, 2), ty(p, q/2))
		add("%s = tt.join %s, %s : %s -> %s", joined, odd, even, ty(p, q/2), ty(p, q/2, 2))
		add("%s = tt.reshape %s : %s -> %s", nv, joined, ty(p, q/2, 2), t)
	case "join":
		joined, other := fresh("%fuzz_joined"), fresh("%fuzz_other")
		add("%s = tt.join %s, %s : %s -> %s", joined, v, v, t, ty(p, q, 2))
		add("%s, %s = tt.split %s : %s -> %s", nv, other, joined, ty(p, q, 2), t)
	default:
		return nil, false
	}
	a, b := m[3], m[4]
	if which == 0 {
		a = nv
	} else {
		b = nv
	}
	return append(ops, fmt.Sprintf("%s%s = tt.dot %s, %s, %s%s", indent, m[2], a, b, m[5], m[6])), true
}
