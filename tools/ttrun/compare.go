package ttrun

import (
	"fmt"
	"math"
	"strings"
)

// Tolerance says how results are compared with expectations.
//
//   - Tol > 0: the relative Frobenius error ||got - want|| / ||want|| must
//     not exceed Tol (how Triton case manifests define "tol"; see
//     shared/tools/gpu_check.py).
//   - RTol or ATol > 0: every element must satisfy |got - want| <= ATol +
//     RTol * |want| (numpy.allclose).
//   - otherwise, and always for integer data: exact equality.
//
// A NaN result where a number is expected fails every mode (it usually
// means an element was never written); NaN where NaN is expected passes.
type Tolerance struct {
	Tol, RTol, ATol float64
}

func (t Tolerance) exact() bool { return t.Tol <= 0 && t.RTol <= 0 && t.ATol <= 0 }

// Comparison is the outcome of comparing one output.
type Comparison struct {
	Pass bool
	// N elements compared; Bad of them out of tolerance (elementwise
	// modes) or different (Frobenius mode); NaN results not expected.
	N, Bad, NaNs int
	MaxAbs       float64
	MaxAbsIndex  []int
	MaxRel       float64
	MaxRelIndex  []int
	// RelFrob is ||got - want|| / ||want||.
	RelFrob float64
	// FirstBad is the index of the first element out of tolerance (or, in
	// Frobenius mode, the first element that differs); nil if none.
	FirstBad       []int
	FirstGot       float64
	FirstWant      float64
	mode           string
	tol            Tolerance
	integerCompare bool
}

// Compare compares got with want (same length, row-major with shape).
func Compare(got, want []float64, shape []int, tol Tolerance, integer bool) Comparison {
	c := Comparison{N: len(want), tol: tol, integerCompare: integer}
	exact := integer || tol.exact()
	switch {
	case exact:
		c.mode = "exact"
	case tol.Tol > 0:
		c.mode = "frobenius"
	default:
		c.mode = "allclose"
	}
	var num, den float64
	first := -1
	for i := range want {
		g, w := got[i], want[i]
		gn, wn := g != g, w != w
		if gn && wn {
			continue
		}
		if gn || wn {
			if gn {
				c.NaNs++
			}
			c.Bad++
			if first < 0 {
				first = i
			}
			continue
		}
		d := math.Abs(g - w)
		if math.IsInf(g, 0) || math.IsInf(w, 0) {
			if g == w {
				d = 0
			} else {
				d = math.Inf(1)
			}
		}
		num += d * d
		if !math.IsInf(w, 0) {
			den += w * w
		}
		if d > c.MaxAbs {
			c.MaxAbs, c.MaxAbsIndex = d, unravelIndex(i, shape)
		}
		if w != 0 {
			if r := d / math.Abs(w); r > c.MaxRel {
				c.MaxRel, c.MaxRelIndex = r, unravelIndex(i, shape)
			}
		} else if d > 0 && !math.IsInf(c.MaxRel, 0) {
			c.MaxRel, c.MaxRelIndex = math.Inf(1), unravelIndex(i, shape)
		}
		var bad bool
		switch c.mode {
		case "exact", "frobenius":
			bad = d != 0
		default:
			bad = d > tol.ATol+tol.RTol*math.Abs(w)
		}
		if bad {
			if c.mode != "frobenius" {
				c.Bad++
			}
			if first < 0 {
				first = i
			}
		}
	}
	c.RelFrob = math.Sqrt(num) / math.Max(math.Sqrt(den), 1e-30)
	if first >= 0 {
		c.FirstBad = unravelIndex(first, shape)
		c.FirstGot, c.FirstWant = got[first], want[first]
	}
	switch c.mode {
	case "frobenius":
		c.Pass = c.Bad == 0 && c.RelFrob <= tol.Tol
	default:
		c.Pass = c.Bad == 0
	}
	return c
}

// String is a one-line report.
func (c Comparison) String() string {
	var b strings.Builder
	switch c.mode {
	case "frobenius":
		fmt.Fprintf(&b, "rel_err %.2e (tol %.0e)", c.RelFrob, c.tol.Tol)
	case "allclose":
		fmt.Fprintf(&b, "%d/%d elements outside atol %g + rtol %g", c.Bad, c.N, c.tol.ATol, c.tol.RTol)
	default:
		fmt.Fprintf(&b, "%d/%d elements differ", c.Bad, c.N)
	}
	if c.NaNs > 0 {
		fmt.Fprintf(&b, "; %d NaN (unwritten or wrong) elements", c.NaNs)
	}
	if c.MaxAbsIndex != nil {
		fmt.Fprintf(&b, "; max abs err %.3g at %v", c.MaxAbs, c.MaxAbsIndex)
	}
	if c.MaxRelIndex != nil {
		fmt.Fprintf(&b, "; max rel err %.3g at %v", c.MaxRel, c.MaxRelIndex)
	}
	if c.FirstBad != nil && (!c.Pass || c.mode == "frobenius") {
		what := "first mismatch"
		if c.mode == "frobenius" {
			what = "first difference"
		}
		fmt.Fprintf(&b, "; %s at %v: got %g, want %g", what, c.FirstBad, c.FirstGot, c.FirstWant)
	}
	return b.String()
}

func unravelIndex(i int, shape []int) []int {
	if len(shape) == 0 {
		return []int{i}
	}
	idx := make([]int, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = i % shape[d]
			i /= shape[d]
		}
	}
	return idx
}
