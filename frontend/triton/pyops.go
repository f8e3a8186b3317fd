package triton

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Python's operators on compile-time constants (ints of any size,
// floats, bools, strings, tuples), as constexpr's dunder methods apply
// them: the code generator folds every operation between constants.

// pyError is a Python exception raised while evaluating constants.
type pyError struct {
	Kind, Msg string
}

func (e *pyError) Error() string { return e.Kind + ": " + e.Msg }

func typeErrorf(format string, args ...any) error {
	return &pyError{"TypeError", fmt.Sprintf(format, args...)}
}

func valueErrorf(format string, args ...any) error {
	return &pyError{"ValueError", fmt.Sprintf(format, args...)}
}

// numeric classifies an operand: 0 not a number, 1 int (or bool), 2 float.
func numeric(o Object) int {
	switch o.(type) {
	case bool, *big.Int:
		return 1
	case float64:
		return 2
	}
	return 0
}

func toBig(o Object) *big.Int {
	switch x := o.(type) {
	case *big.Int:
		return x
	case bool:
		return boolInt(x)
	}
	return nil
}

func pyFloat(o Object) float64 {
	f, _ := floatOf(o)
	return f
}

// pyBinary applies a binary operator ("+", "//", "<<", ...) to constants.
func pyBinary(op string, a, b Object) (Object, error) {
	a, b = unwrap(a), unwrap(b)
	if x, ok := a.(*Dict); ok && op == "|" {
		return x.union(b)
	}
	// Booleans combine to booleans under &, | and ^.
	if x, ok := a.(bool); ok {
		if y, ok := b.(bool); ok {
			switch op {
			case "&":
				return x && y, nil
			case "|":
				return x || y, nil
			case "^":
				return x != y, nil
			}
		}
	}
	na, nb := numeric(a), numeric(b)
	switch {
	case na == 1 && nb == 1:
		return intBinary(op, toBig(a), toBig(b))
	case na > 0 && nb > 0:
		return floatBinary(op, pyFloat(a), pyFloat(b))
	}
	switch x := a.(type) {
	case string:
		switch y := b.(type) {
		case string:
			if op == "+" {
				return x + y, nil
			}
			if op == "%" {
				return nil, typeErrorf("string formatting with %% is not supported in kernels")
			}
		case *big.Int, bool:
			if op == "*" {
				n := toBig(y).Int64()
				if n < 0 {
					n = 0
				}
				if n > 1<<20 {
					return nil, valueErrorf("repeat count too large")
				}
				return strings.Repeat(x, int(n)), nil
			}
		}
	case *Tuple:
		switch y := b.(type) {
		case *Tuple:
			if op == "+" {
				return &Tuple{Values: append(append([]Object(nil), x.Values...), y.Values...)}, nil
			}
		case *big.Int, bool:
			if op == "*" {
				return repeatTuple(x, toBig(y))
			}
		}
	case *big.Int, bool:
		if y, ok := b.(*Tuple); ok && op == "*" {
			return repeatTuple(y, toBig(a))
		}
		if y, ok := b.(string); ok && op == "*" {
			return pyBinary(op, y, a)
		}
	}
	return nil, typeErrorf("unsupported operand type(s) for %s: '%s' and '%s'", op, typeName(a), typeName(b))
}

func repeatTuple(t *Tuple, n *big.Int) (Object, error) {
	k := n.Int64()
	if !n.IsInt64() || k > 1<<16 {
		return nil, valueErrorf("repeat count %s too large", n)
	}
	out := &Tuple{}
	for i := int64(0); i < k; i++ {
		out.Values = append(out.Values, t.Values...)
	}
	return out, nil
}

func intBinary(op string, x, y *big.Int) (Object, error) {
	r := new(big.Int)
	switch op {
	case "+":
		return r.Add(x, y), nil
	case "-":
		return r.Sub(x, y), nil
	case "*":
		return r.Mul(x, y), nil
	case "/":
		if y.Sign() == 0 {
			return nil, &pyError{"ZeroDivisionError", "division by zero"}
		}
		fx, _ := new(big.Float).SetInt(x).Float64()
		fy, _ := new(big.Float).SetInt(y).Float64()
		return fx / fy, nil
	case "//", "%":
		if y.Sign() == 0 {
			return nil, &pyError{"ZeroDivisionError", "integer division or modulo by zero"}
		}
		q, m := new(big.Int), new(big.Int)
		q.DivMod(x, y, m) // Euclidean: 0 <= m < |y|
		if m.Sign() != 0 && y.Sign() < 0 {
			// Python's remainder takes the divisor's sign.
			m.Add(m, y)
			q.Add(q, big.NewInt(1))
		}
		if op == "//" {
			return q, nil
		}
		return m, nil
	case "**":
		if y.Sign() < 0 {
			return floatBinary(op, pyFloat(x), pyFloat(y))
		}
		if y.BitLen() > 16 && x.BitLen() > 1 {
			return nil, valueErrorf("exponent too large")
		}
		return r.Exp(x, y, nil), nil
	case "<<", ">>":
		if y.Sign() < 0 {
			return nil, valueErrorf("negative shift count")
		}
		if !y.IsInt64() || y.Int64() > 1<<16 {
			return nil, valueErrorf("shift count too large")
		}
		if op == "<<" {
			return r.Lsh(x, uint(y.Int64())), nil
		}
		return r.Rsh(x, uint(y.Int64())), nil
	case "&":
		return r.And(x, y), nil
	case "|":
		return r.Or(x, y), nil
	case "^":
		return r.Xor(x, y), nil
	}
	return nil, typeErrorf("unsupported operand type(s) for %s: 'int' and 'int'", op)
}

func floatBinary(op string, x, y float64) (Object, error) {
	switch op {
	case "+":
		return x + y, nil
	case "-":
		return x - y, nil
	case "*":
		return x * y, nil
	case "/":
		if y == 0 {
			return nil, &pyError{"ZeroDivisionError", "float division by zero"}
		}
		return x / y, nil
	case "//":
		if y == 0 {
			return nil, &pyError{"ZeroDivisionError", "float floor division by zero"}
		}
		return math.Floor(x / y), nil
	case "%":
		if y == 0 {
			return nil, &pyError{"ZeroDivisionError", "float modulo"}
		}
		m := math.Mod(x, y)
		if m != 0 && (m < 0) != (y < 0) {
			m += y
		}
		return m, nil
	case "**":
		return math.Pow(x, y), nil
	}
	return nil, typeErrorf("unsupported operand type(s) for %s: 'float' and 'float'", op)
}

// pyCompare applies a comparison ("==", "<", "in", ...) to constants.
func pyCompare(op string, a, b Object) (Object, error) {
	a, b = unwrap(a), unwrap(b)
	switch op {
	case "==":
		return objectsEqual(a, b), nil
	case "!=":
		return !objectsEqual(a, b), nil
	case "in", "not in":
		found := false
		switch y := b.(type) {
		case *Tuple:
			for _, v := range y.Values {
				if objectsEqual(a, v) {
					found = true
					break
				}
			}
		case string:
			x, ok := a.(string)
			if !ok {
				return nil, typeErrorf("'in <string>' requires string as left operand, not %s", typeName(a))
			}
			found = strings.Contains(y, x)
		case *Dict:
			_, found = y.Get(a)
		default:
			return nil, typeErrorf("argument of type '%s' is not iterable", typeName(b))
		}
		return found == (op == "in"), nil
	}
	c, err := pyOrder(a, b)
	if err != nil {
		return nil, typeErrorf("'%s' not supported between instances of '%s' and '%s'", op, typeName(a), typeName(b))
	}
	switch op {
	case "<":
		return c < 0, nil
	case "<=":
		return c <= 0, nil
	case ">":
		return c > 0, nil
	case ">=":
		return c >= 0, nil
	}
	return nil, typeErrorf("unknown comparison %s", op)
}

// pyOrder compares two ordered constants (-1, 0, 1); NaN compares as
// unordered (2), false for every ordering.
func pyOrder(a, b Object) (int, error) {
	na, nb := numeric(a), numeric(b)
	switch {
	case na == 1 && nb == 1:
		return toBig(a).Cmp(toBig(b)), nil
	case na > 0 && nb > 0:
		x, y := pyFloat(a), pyFloat(b)
		if math.IsNaN(x) || math.IsNaN(y) {
			return 2, nil
		}
		switch {
		case x < y:
			return -1, nil
		case x > y:
			return 1, nil
		}
		return 0, nil
	}
	if x, ok := a.(string); ok {
		if y, ok := b.(string); ok {
			return strings.Compare(x, y), nil
		}
	}
	if x, ok := a.(*Tuple); ok {
		if y, ok := b.(*Tuple); ok {
			for i := 0; i < len(x.Values) && i < len(y.Values); i++ {
				if objectsEqual(x.Values[i], y.Values[i]) {
					continue
				}
				return pyOrder(unwrap(x.Values[i]), unwrap(y.Values[i]))
			}
			switch {
			case len(x.Values) < len(y.Values):
				return -1, nil
			case len(x.Values) > len(y.Values):
				return 1, nil
			}
			return 0, nil
		}
	}
	return 0, typeErrorf("unordered")
}

// pyUnary applies "-", "+", "~" or "not" to a constant.
func pyUnary(op string, a Object) (Object, error) {
	a = unwrap(a)
	if op == "not" {
		t, ok := truthy(a)
		if !ok {
			return nil, typeErrorf("bad operand type for not: '%s'", typeName(a))
		}
		return !t, nil
	}
	switch numeric(a) {
	case 1:
		x := toBig(a)
		switch op {
		case "-":
			return new(big.Int).Neg(x), nil
		case "+":
			return new(big.Int).Set(x), nil
		case "~":
			return new(big.Int).Not(x), nil
		}
	case 2:
		x := a.(float64)
		switch op {
		case "-":
			return -x, nil
		case "+":
			return x, nil
		}
	}
	return nil, typeErrorf("bad operand type for unary %s: '%s'", op, typeName(a))
}
