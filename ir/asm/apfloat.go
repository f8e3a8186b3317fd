package asm

import (
	"math"
	"math/big"
	"strconv"
)

// formatAPFloat spells a finite, non-zero-or-zero float the way LLVM's
// APFloat::toString does. precision is the significand width in bits of the
// float's semantics (24 for f32), formatPrecision the number of significant
// digits to keep (0 = enough to round-trip), maxPadding how many zeros may
// be padded before switching to scientific notation (0 = always
// scientific), and truncateZero selects "1.0E+0"-style truncation (true) or
// zero-filled "%e" style output (false).
func formatAPFloat(v float64, precision int, formatPrecision, maxPadding int, truncateZero bool) string {
	neg := math.Signbit(v)
	var out []byte
	if neg {
		out = append(out, '-')
		v = -v
	}
	if v == 0 {
		if maxPadding == 0 {
			if truncateZero {
				return string(append(out, "0.0E+0"...))
			}
			out = append(out, "0.0"...)
			for i := 1; i < formatPrecision; i++ {
				out = append(out, '0')
			}
			return string(append(out, "e+00"...))
		}
		return string(append(out, '0'))
	}
	// Decompose v = sig * 2^exp with an integer significand (exact: a
	// float64 has 53 significant bits).
	mant, exp2 := math.Frexp(v)
	sig := new(big.Int).SetUint64(uint64(math.Ldexp(mant, 53)))
	exp := exp2 - 53
	if formatPrecision == 0 {
		formatPrecision = 2 + precision*59/196
	}
	// Drop trailing binary zeros.
	if tz := int(sig.TrailingZeroBits()); tz > 0 {
		sig.Rsh(sig, uint(tz))
		exp += tz
	}
	// Convert 2^exp into 10^exp.
	if exp > 0 {
		sig.Lsh(sig, uint(exp))
		exp = 0
	} else if exp < 0 {
		five := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil)
		sig.Mul(sig, five)
	}
	// Coarse truncation of excess digits, exactly as APFloat does before
	// extracting digits (it truncates, which matters for ties).
	activeBits := sig.BitLen()
	bitsRequired := (formatPrecision*196 + 58) / 59
	if activeBits > bitsRequired {
		if tens := (activeBits - bitsRequired) * 59 / 196; tens > 0 {
			exp += tens
			sig.Quo(sig, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	// Digits, least significant first, dropping trailing zeros.
	digits := sig.String()
	buf := make([]byte, 0, len(digits))
	inTrail := true
	for i := len(digits) - 1; i >= 0; i-- {
		d := digits[i]
		if inTrail && d == '0' {
			exp++
			continue
		}
		inTrail = false
		buf = append(buf, d)
	}
	buf, exp = adjustToPrecision(buf, exp, formatPrecision)
	n := len(buf)
	scientific := maxPadding == 0
	if !scientific {
		if exp >= 0 {
			scientific = exp > maxPadding || n+exp > formatPrecision
		} else {
			msd := exp + n - 1
			if msd < 0 {
				scientific = -msd > maxPadding
			}
		}
	}
	if scientific {
		exp += n - 1
		out = append(out, buf[n-1], '.')
		if n == 1 && truncateZero {
			out = append(out, '0')
		} else {
			for i := 1; i < n; i++ {
				out = append(out, buf[n-1-i])
			}
		}
		if !truncateZero && formatPrecision > n-1 {
			for i := 0; i < formatPrecision-n+1; i++ {
				out = append(out, '0')
			}
		}
		if truncateZero {
			out = append(out, 'E')
		} else {
			out = append(out, 'e')
		}
		if exp >= 0 {
			out = append(out, '+')
		} else {
			out = append(out, '-')
			exp = -exp
		}
		es := strconv.Itoa(exp)
		if !truncateZero && len(es) < 2 {
			es = "0" + es
		}
		return string(append(out, es...))
	}
	if exp >= 0 {
		for i := 0; i < n; i++ {
			out = append(out, buf[n-1-i])
		}
		for i := 0; i < exp; i++ {
			out = append(out, '0')
		}
		return string(out)
	}
	whole := exp + n
	i := 0
	if whole > 0 {
		for ; i < whole; i++ {
			out = append(out, buf[n-i-1])
		}
		out = append(out, '.')
	} else {
		out = append(out, '0', '.')
		for z := 1; z < 1-whole; z++ {
			out = append(out, '0')
		}
	}
	for ; i < n; i++ {
		out = append(out, buf[n-i-1])
	}
	return string(out)
}

// adjustToPrecision rounds the digit buffer (least significant digit
// first) to prec significant digits, half up, as APFloat does.
func adjustToPrecision(buf []byte, exp, prec int) ([]byte, int) {
	n := len(buf)
	if n <= prec {
		return buf, exp
	}
	first := n - prec
	if buf[first-1] < '5' {
		for first < n && buf[first] == '0' {
			first++
		}
		return buf[first:], exp + first
	}
	for i := first; i != n; i++ {
		if buf[i] == '9' {
			first++
		} else {
			buf[i]++
			break
		}
	}
	if first == n {
		return []byte{'1'}, exp + first
	}
	return buf[first:], exp + first
}
