package arith

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// CmpIPredicate is the predicate of arith.cmpi. MLIR stores it as an i64
// integer attribute `predicate` (printed `<{predicate = 2 : i64}>` in the
// generic form) and spells it as a keyword in the custom form.
type CmpIPredicate int64

const (
	CmpIEQ CmpIPredicate = iota
	CmpINE
	CmpISLT
	CmpISLE
	CmpISGT
	CmpISGE
	CmpIULT
	CmpIULE
	CmpIUGT
	CmpIUGE
)

var cmpINames = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

func (p CmpIPredicate) String() string {
	if p >= 0 && int(p) < len(cmpINames) {
		return cmpINames[p]
	}
	return "invalid"
}

// CmpIPredicateByName maps a keyword ("slt") to its predicate.
func CmpIPredicateByName(s string) (CmpIPredicate, bool) {
	for i, n := range cmpINames {
		if n == s {
			return CmpIPredicate(i), true
		}
	}
	return 0, false
}

// Invert returns the predicate of the negated comparison (slt -> sge).
func (p CmpIPredicate) Invert() CmpIPredicate {
	return [...]CmpIPredicate{CmpINE, CmpIEQ, CmpISGE, CmpISGT, CmpISLE, CmpISLT, CmpIUGE, CmpIUGT, CmpIULE, CmpIULT}[p]
}

// Swap returns the predicate that holds with the operands exchanged
// (slt -> sgt; eq and ne are unchanged).
func (p CmpIPredicate) Swap() CmpIPredicate {
	return [...]CmpIPredicate{CmpIEQ, CmpINE, CmpISGT, CmpISGE, CmpISLT, CmpISLE, CmpIUGT, CmpIUGE, CmpIULT, CmpIULE}[p]
}

// Attr returns the i64 attribute storing p.
func (p CmpIPredicate) Attr(ctx *ir.Context) *ir.IntegerAttr { return ir.I64Attr(ctx, int64(p)) }

// CmpFPredicate is the predicate of arith.cmpf (an i64 enum like cmpi's).
type CmpFPredicate int64

const (
	CmpFAlwaysFalse CmpFPredicate = iota
	CmpFOEQ
	CmpFOGT
	CmpFOGE
	CmpFOLT
	CmpFOLE
	CmpFONE
	CmpFORD
	CmpFUEQ
	CmpFUGT
	CmpFUGE
	CmpFULT
	CmpFULE
	CmpFUNE
	CmpFUNO
	CmpFAlwaysTrue
)

var cmpFNames = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

func (p CmpFPredicate) String() string {
	if p >= 0 && int(p) < len(cmpFNames) {
		return cmpFNames[p]
	}
	return "invalid"
}

// CmpFPredicateByName maps a keyword ("olt") to its predicate.
func CmpFPredicateByName(s string) (CmpFPredicate, bool) {
	for i, n := range cmpFNames {
		if n == s {
			return CmpFPredicate(i), true
		}
	}
	return 0, false
}

// Attr returns the i64 attribute storing p.
func (p CmpFPredicate) Attr(ctx *ir.Context) *ir.IntegerAttr { return ir.I64Attr(ctx, int64(p)) }

// predicateOf reads the `predicate` attribute of a cmp op.
func predicateOf(op *ir.Operation) (int64, bool) {
	a, ok := op.Attr("predicate").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// CmpIPredicateOf returns the predicate of an arith.cmpi op.
func CmpIPredicateOf(op *ir.Operation) CmpIPredicate {
	v, _ := predicateOf(op)
	return CmpIPredicate(v)
}

// CmpFPredicateOf returns the predicate of an arith.cmpf op.
func CmpFPredicateOf(op *ir.Operation) CmpFPredicate {
	v, _ := predicateOf(op)
	return CmpFPredicate(v)
}

// parseEnumKeyword parses a keyword or string naming one of names, with
// the error MLIR's ODS enum parser gives.
func parseEnumKeyword(p ir.OpParser, attrName string, names []string) (int, error) {
	loc := p.Loc()
	s, err := p.ParseKeywordOrString()
	if err == nil {
		for i, n := range names {
			if n == s {
				return i, nil
			}
		}
	}
	return 0, p.ErrorfAt(loc, "expected string or keyword containing one of the following enum values for attribute '%s' [%s]", attrName, strings.Join(names, ", "))
}

// verifyEnumAttr checks an I64/I32 enum attribute the way ODS does.
func verifyEnumAttr(op *ir.Operation, name string, width int, n int, required bool) error {
	a := op.Attr(name)
	if a == nil {
		if required {
			return ir.OpErrorf(op, "requires attribute '%s'", name)
		}
		return nil
	}
	ia, ok := a.(*ir.IntegerAttr)
	if ok && ir.IsInteger(ia.Typ, width) && ia.Typ.(*ir.IntegerType).Signedness == ir.Signless && ia.Int() >= 0 && ia.Int() < int64(n) {
		return nil
	}
	cases := make([]string, n)
	for i := range cases {
		cases[i] = itoa(i)
	}
	return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: allowed %d-bit signless integer cases: %s", name, width, strings.Join(cases, ", "))
}
