package ttg

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/numeric"
)

func clone[T any](v []T) []T {
	if v == nil {
		return nil
	}
	return append(make([]T, 0, len(v)), v...)
}

func ones(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = 1
	}
	return o
}

func allOnes(v []int) bool {
	for _, x := range v {
		if x != 1 {
			return false
		}
	}
	return true
}

func allPow2(v []int) bool {
	for _, x := range v {
		if !numeric.IsPow2(x) {
			return false
		}
	}
	return true
}

func isPermutation(order []int) bool {
	seen := make([]bool, len(order))
	for _, o := range order {
		if o < 0 || o >= len(order) || seen[o] {
			return false
		}
		seen[o] = true
	}
	return true
}

func isIota(order []int) bool {
	for i, o := range order {
		if o != i {
			return false
		}
	}
	return true
}

func joinInts[T ~int | ~int32 | ~int64](v []T) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(int64(x), 10)
	}
	return strings.Join(parts, ", ")
}

func int64s(v []int) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

func ints(v []int64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

func product[T ~int | ~int64](v []T) T {
	p := T(1)
	for _, x := range v {
		p *= x
	}
	return p
}
