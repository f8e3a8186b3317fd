package nvptx

import (
	"fmt"
	"strconv"
	"strings"
)

// regClass is a PTX virtual register class. Registers are declared per
// class at the top of each entry, as `.reg .b32 %r<N>;`.
type regClass uint8

const (
	classPred regClass = iota // i1
	classB16                  // i8, i16, f16, bf16
	classB32                  // i32, shared pointers, packed 2x16 vectors
	classB64                  // i64, global and generic pointers
	classF32                  // f32
	classF64                  // f64
	numClasses
)

var classInfo = [numClasses]struct {
	decl, prefix, movType string
	bits                  int
}{
	classPred: {".pred", "%p", "pred", 1},
	classB16:  {".b16", "%rs", "b16", 16},
	classB32:  {".b32", "%r", "b32", 32},
	classB64:  {".b64", "%rd", "b64", 64},
	classF32:  {".f32", "%f", "f32", 32},
	classF64:  {".f64", "%fd", "f64", 64},
}

func (c regClass) String() string { return classInfo[c].prefix }

// regFile hands out virtual registers of one function. Numbers start at 1,
// as in LLVM's PTX, so the declaration `%r<N>` covers %r1 .. %r(N-1).
type regFile struct {
	next [numClasses]int
	// names holds, per class, the names of the next registers one after
	// the other ("%r9%r10%r11..."), which alloc slices off: a kernel
	// names thousands of registers, and a string of its own for each was
	// an allocation each. A class's names are written as many at a time
	// as it has so far (16 to 256), so that a small function wastes
	// little.
	names [numClasses]string
}

func (f *regFile) alloc(c regClass) string {
	f.next[c]++
	n := f.next[c]
	if f.names[c] == "" {
		f.names[c] = registerNames(c, n, min(max(n, 16), 256))
	}
	size := len(classInfo[c].prefix) + decimalDigits(n)
	r := f.names[c][:size]
	f.names[c] = f.names[c][size:]
	return r
}

// registerNames writes the names of count registers of class c, from
// number first on, into one string. The number is counted up in decimal
// in place.
func registerNames(c regClass, first, count int) string {
	prefix := classInfo[c].prefix
	var b strings.Builder
	b.Grow(count * (len(prefix) + decimalDigits(first+count)))
	var num [20]byte
	digits := strconv.AppendInt(num[:0], int64(first), 10)
	for range count {
		b.WriteString(prefix)
		b.Write(digits)
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i >= 0 {
			digits[i]++
		} else { // 9..9 + 1 = 10..0
			digits = num[:len(digits)+1]
			digits[0], digits[len(digits)-1] = '1', '0'
		}
	}
	return b.String()
}

// decimalDigits is the length of n (positive) in decimal.
func decimalDigits(n int) int {
	d := 1
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// declarations returns the `.reg` lines for the classes in use.
func (f *regFile) declarations() string {
	var b strings.Builder
	for c := regClass(0); c < numClasses; c++ {
		if n := f.next[c]; n > 0 {
			fmt.Fprintf(&b, "\t.reg %s \t%s<%d>;\n", classInfo[c].decl, classInfo[c].prefix, n+1)
		}
	}
	return b.String()
}

// regNumber returns the class and number of r, a name regFile.alloc gave.
func regNumber(r string) (regClass, int) {
	c, i := classB32, 2
	switch r[1] {
	case 'p':
		c = classPred
	case 'r':
		switch r[2] {
		case 's':
			c, i = classB16, 3
		case 'd':
			c, i = classB64, 3
		}
	case 'f':
		c = classF32
		if r[2] == 'd' {
			c, i = classF64, 3
		}
	}
	n := 0
	for ; i < len(r); i++ {
		n = n*10 + int(r[i]-'0')
	}
	return c, n
}

// regTable holds a T per register of a function, in a slice per class
// indexed by the register's number: the emitter's per-register facts
// were maps keyed by the name, whose hashing and growth cost more than
// reading the number back out of the name.
type regTable[T any] struct {
	byClass [numClasses][]T
}

// get returns r's entry, the zero T if it has none ("" has none).
func (t *regTable[T]) get(r string) T {
	var zero T
	if r == "" {
		return zero
	}
	c, n := regNumber(r)
	if s := t.byClass[c]; n < len(s) {
		return s[n]
	}
	return zero
}

// set gives r the entry x.
func (t *regTable[T]) set(r string, x T) {
	c, n := regNumber(r)
	s := t.byClass[c]
	if n >= len(s) {
		s = append(s, make([]T, n+1-len(s))...)
		t.byClass[c] = s[:cap(s)]
	}
	t.byClass[c][n] = x
}
