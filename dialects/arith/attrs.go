package arith

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// FastMathFlags is MLIR's arith::FastMathFlags bit enum.
type FastMathFlags uint32

const (
	FastMathNone     FastMathFlags = 0
	FastMathReassoc  FastMathFlags = 1 << 0
	FastMathNNaN     FastMathFlags = 1 << 1
	FastMathNInf     FastMathFlags = 1 << 2
	FastMathNSZ      FastMathFlags = 1 << 3
	FastMathARcp     FastMathFlags = 1 << 4
	FastMathContract FastMathFlags = 1 << 5
	FastMathAFn      FastMathFlags = 1 << 6
	FastMathFast     FastMathFlags = 1<<7 - 1
)

var fastMathNames = []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}

// String spells the flags as MLIR does: "none", "fast" for the full group,
// else the set bits joined by ",".
func (f FastMathFlags) String() string {
	return stringifyBits(uint32(f), fastMathNames, "fast", uint32(FastMathFast), ",")
}

// IntegerOverflowFlags is MLIR's arith::IntegerOverflowFlags bit enum.
type IntegerOverflowFlags uint32

const (
	OverflowNone IntegerOverflowFlags = 0
	OverflowNSW  IntegerOverflowFlags = 1 << 0
	OverflowNUW  IntegerOverflowFlags = 1 << 1
)

var overflowNames = []string{"nsw", "nuw"}

func (f IntegerOverflowFlags) String() string {
	return stringifyBits(uint32(f), overflowNames, "", 0, ", ")
}

func stringifyBits(v uint32, names []string, group string, groupBits uint32, sep string) string {
	if v == 0 {
		return "none"
	}
	var parts []string
	if group != "" && v&groupBits == groupBits {
		parts = append(parts, group)
		v &^= groupBits
	}
	for i, n := range names {
		if v&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, sep)
}

// FastMathAttr is `#arith.fastmath<flags>`.
type FastMathAttr struct {
	ir.AttrBase
	Flags FastMathFlags
}

type fastMathKey struct{ f FastMathFlags }

func (a *FastMathAttr) UniqueKey() any    { return fastMathKey{a.Flags} }
func (a *FastMathAttr) Namespace() string { return "arith" }
func (a *FastMathAttr) Mnemonic() string  { return "fastmath" }
func (a *FastMathAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<" + a.Flags.String() + ">")
}

// FastMath returns the #arith.fastmath attribute with the given flags.
func FastMath(ctx *ir.Context, f FastMathFlags) *FastMathAttr {
	return ir.Unique(ctx, &FastMathAttr{Flags: f})
}

// OverflowAttr is `#arith.overflow<flags>`.
type OverflowAttr struct {
	ir.AttrBase
	Flags IntegerOverflowFlags
}

type overflowKey struct{ f IntegerOverflowFlags }

func (a *OverflowAttr) UniqueKey() any    { return overflowKey{a.Flags} }
func (a *OverflowAttr) Namespace() string { return "arith" }
func (a *OverflowAttr) Mnemonic() string  { return "overflow" }
func (a *OverflowAttr) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<" + a.Flags.String() + ">")
}

// Overflow returns the #arith.overflow attribute with the given flags.
func Overflow(ctx *ir.Context, f IntegerOverflowFlags) *OverflowAttr {
	return ir.Unique(ctx, &OverflowAttr{Flags: f})
}

var (
	_ ir.DialectAttribute = (*FastMathAttr)(nil)
	_ ir.DialectAttribute = (*OverflowAttr)(nil)
)

// parseBitEnumBody parses `<kw, kw, ...>` (commas or vertical bars) for
// a bit enum whose cases are names (bit i = names[i]) plus extra keywords.
func parseBitEnumBody(p ir.DialectParser, what string, names []string, extra map[string]uint32) (uint32, error) {
	if err := p.ParseLess(); err != nil {
		return 0, err
	}
	var v uint32
	for {
		loc := p.Loc()
		kw, err := p.ParseKeyword()
		if err != nil {
			return 0, err
		}
		bit, ok := extra[kw]
		if !ok {
			for i, n := range names {
				if n == kw {
					bit, ok = 1<<i, true
				}
			}
		}
		if !ok {
			all := append([]string{"none"}, names...)
			for k := range extra {
				if k != "none" {
					all = append(all, k)
				}
			}
			return 0, p.ErrorfAt(loc, "expected %s to be one of: %s", what, strings.Join(all, ", "))
		}
		v |= bit
		if !p.ParseOptionalComma() && !p.ParseOptionalVerticalBar() {
			break
		}
	}
	return v, p.ParseGreater()
}

func parseFastMathBody(p ir.DialectParser) (*FastMathAttr, error) {
	v, err := parseBitEnumBody(p, "::mlir::arith::FastMathFlags", fastMathNames,
		map[string]uint32{"none": 0, "fast": uint32(FastMathFast)})
	if err != nil {
		return nil, err
	}
	return FastMath(p.Context(), FastMathFlags(v)), nil
}

func parseOverflowBody(p ir.DialectParser) (*OverflowAttr, error) {
	v, err := parseBitEnumBody(p, "::mlir::arith::IntegerOverflowFlags", overflowNames,
		map[string]uint32{"none": 0})
	if err != nil {
		return nil, err
	}
	return Overflow(p.Context(), IntegerOverflowFlags(v)), nil
}

// RoundingMode is MLIR's arith::RoundingMode (an I32EnumAttr: stored as an
// i32 integer attribute, printed as a keyword in custom syntax).
type RoundingMode int64

const (
	ToNearestEven RoundingMode = iota
	Downward
	Upward
	TowardZero
	ToNearestAway
)

var roundingModeNames = []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"}

func (m RoundingMode) String() string {
	if m >= 0 && int(m) < len(roundingModeNames) {
		return roundingModeNames[m]
	}
	return "invalid"
}

// RoundingModeByName maps a keyword to its rounding mode.
func RoundingModeByName(s string) (RoundingMode, bool) {
	for i, n := range roundingModeNames {
		if n == s {
			return RoundingMode(i), true
		}
	}
	return 0, false
}

// RoundingModeAttr returns the i32 attribute storing m.
func RoundingModeAttr(ctx *ir.Context, m RoundingMode) *ir.IntegerAttr {
	return ir.I32Attr(ctx, int64(m))
}

// FastMathOf returns the fastmath flags of op (none when absent).
func FastMathOf(op *ir.Operation) FastMathFlags {
	if a, ok := op.Attr("fastmath").(*FastMathAttr); ok {
		return a.Flags
	}
	return FastMathNone
}

// OverflowOf returns the overflow flags of op (none when absent).
func OverflowOf(op *ir.Operation) IntegerOverflowFlags {
	if a, ok := op.Attr("overflowFlags").(*OverflowAttr); ok {
		return a.Flags
	}
	return OverflowNone
}

// RoundingModeOf returns the rounding mode of arith.truncf, if set.
func RoundingModeOf(op *ir.Operation) (RoundingMode, bool) {
	if a, ok := op.Attr("roundingmode").(*ir.IntegerAttr); ok {
		return RoundingMode(a.Int()), true
	}
	return 0, false
}

// parseOptionalStrippedAttr parses either a full `#arith.kw<...>` attribute
// or its stripped `<...>` form (MLIR's parseCustomAttributeWithFallback).
func parseStrippedOrFull[T ir.Attribute](p ir.DialectParser, stripped func(ir.DialectParser) (T, error), what string) (T, error) {
	var zero T
	loc := p.Loc()
	// The stripped form starts with '<'; anything else must be a full attribute.
	a, ok, err := p.ParseOptionalAttribute(nil)
	if err != nil {
		return zero, err
	}
	if ok {
		t, isT := a.(T)
		if !isT {
			return zero, p.ErrorfAt(loc, "invalid kind of attribute specified, expected %s", what)
		}
		return t, nil
	}
	return stripped(p)
}
