package filecheck

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Numeric values live in [INT64_MIN, UINT64_MAX], as in LLVM 14's
// ExpressionValue; leaving that range is an overflow error.
var (
	minValue = big.NewInt(math.MinInt64)
	maxValue = new(big.Int).SetUint64(math.MaxUint64)
	maxInt64 = big.NewInt(math.MaxInt64)
)

func inRange(v *big.Int) bool { return v.Cmp(minValue) >= 0 && v.Cmp(maxValue) <= 0 }

type fmtKind int

const (
	fmtNone fmtKind = iota
	fmtUnsigned
	fmtSigned
	fmtHexUpper
	fmtHexLower
)

// exprFormat is a numeric matching format such as %x or %.8d.
type exprFormat struct {
	kind      fmtKind
	precision int
	alt       bool // "#": 0x prefix
}

func (f exprFormat) set() bool { return f.kind != fmtNone }

func (f exprFormat) equal(o exprFormat) bool {
	return f.kind != fmtNone && f == o
}

func (f exprFormat) String() string {
	switch f.kind {
	case fmtUnsigned:
		return "%u"
	case fmtSigned:
		return "%d"
	case fmtHexUpper:
		return "%X"
	case fmtHexLower:
		return "%x"
	}
	return "<none>"
}

func (f exprFormat) hex() bool { return f.kind == fmtHexUpper || f.kind == fmtHexLower }

// wildcardRegex is the regex matching any value in this format.
func (f exprFormat) wildcardRegex() string {
	prefix := ""
	if f.alt {
		prefix = "0x"
	}
	withPrecision := func(s string) string {
		return fmt.Sprintf("%s%s{%d}", prefix, s, f.precision)
	}
	switch f.kind {
	case fmtUnsigned:
		if f.precision > 0 {
			return withPrecision("([1-9][0-9]*)?[0-9]")
		}
		return "[0-9]+"
	case fmtSigned:
		if f.precision > 0 {
			return withPrecision("-?([1-9][0-9]*)?[0-9]")
		}
		return "-?[0-9]+"
	case fmtHexUpper:
		if f.precision > 0 {
			return withPrecision("([1-9A-F][0-9A-F]*)?[0-9A-F]")
		}
		return prefix + "[0-9A-F]+"
	case fmtHexLower:
		if f.precision > 0 {
			return withPrecision("([1-9a-f][0-9a-f]*)?[0-9a-f]")
		}
		return prefix + "[0-9a-f]+"
	}
	return ""
}

// errOverflow is LLVM's OverflowError.
var errOverflow = fmt.Errorf("overflow error")

// matchingString renders v in this format.
func (f exprFormat) matchingString(v *big.Int) (string, error) {
	sign := ""
	abs := new(big.Int).Abs(v)
	if f.kind == fmtSigned {
		if v.Cmp(maxInt64) > 0 {
			return "", errOverflow
		}
		if v.Sign() < 0 {
			sign = "-"
		}
	} else if v.Sign() < 0 {
		return "", errOverflow
	}
	var digits string
	switch f.kind {
	case fmtUnsigned, fmtSigned:
		digits = abs.Text(10)
	case fmtHexLower:
		digits = abs.Text(16)
	case fmtHexUpper:
		digits = strings.ToUpper(abs.Text(16))
	default:
		return "", fmt.Errorf("trying to match value with invalid format")
	}
	prefix := ""
	if f.alt {
		prefix = "0x"
	}
	if f.precision > len(digits) {
		digits = strings.Repeat("0", f.precision-len(digits)) + digits
	}
	return sign + prefix + digits, nil
}

// valueFromString parses a matched value; s points into the input.
func (f exprFormat) valueFromString(s sref) (*big.Int, *diagError) {
	const parseErr = "unable to represent numeric value"
	if f.kind == fmtSigned {
		v, err := strconv.ParseInt(s.String(), 10, 64)
		if err != nil {
			return nil, newDiagError(s, parseErr)
		}
		return big.NewInt(v), nil
	}
	str := s
	missingPrefix := f.alt && !str.consume("0x")
	base := 10
	if f.hex() {
		base = 16
	}
	v, err := strconv.ParseUint(str.String(), base, 64)
	if err != nil || strings.ContainsAny(str.String(), "+-_") {
		return nil, newDiagError(str, parseErr)
	}
	if missingPrefix {
		return nil, newDiagError(str, "missing alternate form prefix")
	}
	return new(big.Int).SetUint64(v), nil
}

// evalError is a failure to evaluate an expression: an undefined variable
// (name set) or an overflow.
type evalError struct {
	name     sref
	overflow bool
}

// exprAST is a node of a numeric expression.
type exprAST interface {
	eval() (*big.Int, []evalError)
	implicitFormat() (exprFormat, []*diagError)
	exprString() sref
}

type literalExpr struct {
	str sref
	val *big.Int
}

func (e *literalExpr) eval() (*big.Int, []evalError)              { return e.val, nil }
func (e *literalExpr) implicitFormat() (exprFormat, []*diagError) { return exprFormat{}, nil }
func (e *literalExpr) exprString() sref                           { return e.str }

type varUseExpr struct {
	name sref
	v    *numVar
}

func (e *varUseExpr) eval() (*big.Int, []evalError) {
	if e.v.value == nil {
		return nil, []evalError{{name: e.name}}
	}
	return e.v.value, nil
}
func (e *varUseExpr) implicitFormat() (exprFormat, []*diagError) { return e.v.format, nil }
func (e *varUseExpr) exprString() sref                           { return e.name }

type binopFunc func(a, b *big.Int) (*big.Int, bool)

type binaryExpr struct {
	str         sref
	op          binopFunc
	left, right exprAST
}

func (e *binaryExpr) eval() (*big.Int, []evalError) {
	l, lerr := e.left.eval()
	r, rerr := e.right.eval()
	if lerr != nil || rerr != nil {
		return nil, append(lerr, rerr...)
	}
	v, ok := e.op(l, r)
	if !ok || !inRange(v) {
		return nil, []evalError{{overflow: true}}
	}
	return v, nil
}

func (e *binaryExpr) implicitFormat() (exprFormat, []*diagError) {
	lf, lerr := e.left.implicitFormat()
	rf, rerr := e.right.implicitFormat()
	if lerr != nil || rerr != nil {
		return exprFormat{}, append(lerr, rerr...)
	}
	if lf.set() && rf.set() && !lf.equal(rf) {
		return exprFormat{}, []*diagError{newDiagError(e.str, fmt.Sprintf(
			"implicit format conflict between '%s' (%s) and '%s' (%s), need an explicit format specifier",
			e.left.exprString(), lf, e.right.exprString(), rf))}
	}
	if lf.set() {
		return lf, nil
	}
	return rf, nil
}

func (e *binaryExpr) exprString() sref { return e.str }

func opAdd(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Add(a, b), true }
func opSub(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Sub(a, b), true }
func opMul(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Mul(a, b), true }
func opDiv(a, b *big.Int) (*big.Int, bool) {
	if b.Sign() == 0 {
		return nil, false
	}
	return new(big.Int).Quo(a, b), true
}
func opMax(a, b *big.Int) (*big.Int, bool) {
	if a.Cmp(b) >= 0 {
		return a, true
	}
	return b, true
}
func opMin(a, b *big.Int) (*big.Int, bool) {
	if a.Cmp(b) <= 0 {
		return a, true
	}
	return b, true
}

var functions = map[string]binopFunc{
	"add": opAdd, "div": opDiv, "max": opMax, "min": opMin, "mul": opMul, "sub": opSub,
}

// expression is a parsed numeric expression with its matching format.
type expression struct {
	ast    exprAST // nil for an empty expression such as [[#VAR:]]
	format exprFormat
}

func bigInt(v int64) *big.Int { return big.NewInt(v) }
