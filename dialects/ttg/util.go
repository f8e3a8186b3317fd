package ttg

import (
	"strconv"
	"strings"
)

func clone[T any](v []T) []T {
	if v == nil {
		return nil
	}
	return append(make([]T, 0, len(v)), v...)
}

func isPow2(v int) bool { return v > 0 && v&(v-1) == 0 }

func allPow2(v []int) bool {
	for _, x := range v {
		if !isPow2(x) {
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

// reverseOrder returns [rank-1, ..., 0].
func reverseOrder(rank int) []int {
	o := make([]int, rank)
	for i := range o {
		o[i] = rank - 1 - i
	}
	return o
}

// matrixOrder is Triton's getMatrixOrder: row-major [rank-1, ..., 0], with
// the two minor dims swapped for column-major.
func matrixOrder(rank int, rowMajor bool) []int {
	o := make([]int, rank)
	if rank < 2 {
		return o
	}
	o = reverseOrder(rank)
	if !rowMajor {
		o[0], o[1] = o[1], o[0]
	}
	return o
}

// orderForDotOperand is Triton's getOrderForDotOperand.
func orderForDotOperand(opIdx, rank int, kContig bool) []int {
	rowMajor := (opIdx != 0) != kContig
	return matrixOrder(rank, rowMajor)
}
