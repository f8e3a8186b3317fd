package triton

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ttcompiler/tt/frontend/python"
)

// Python builtins available to host code and compile-time functions, and
// the few Triton lets kernels use (len, int, float, range, min, max,
// isinstance, getattr, hasattr, print).

// pyBuiltins is built when host code first looks a builtin up: a process
// that compiles no Python source never needs it.
var (
	pyBuiltinsOnce sync.Once
	pyBuiltins     map[string]Object
)

func newPyBuiltins() map[string]Object {
	one := func(name string, f func(a Object) (Object, error)) *Builtin {
		return &Builtin{Name: name, Host: func(args []Object, kws []kwArg) (Object, error) {
			if len(args) != 1 || len(kws) != 0 {
				return nil, typeErrorf("%s() takes exactly one argument (%d given)", name, len(args))
			}
			return f(unwrap(args[0]))
		}}
	}
	return map[string]Object{
		"int":   &Class{Name: "int", Host: hostInt, IsInstance: func(o Object) bool { return numeric(unwrap(o)) == 1 }},
		"float": &Class{Name: "float", Host: hostFloat, IsInstance: func(o Object) bool { return numeric(unwrap(o)) == 2 }},
		"bool": &Class{Name: "bool", Host: func(args []Object, _ []kwArg) (Object, error) {
			if len(args) == 0 {
				return false, nil
			}
			t, ok := truthy(args[0])
			if !ok {
				return nil, typeErrorf("cannot convert %s to bool", typeName(args[0]))
			}
			return t, nil
		}, IsInstance: func(o Object) bool { _, ok := unwrap(o).(bool); return ok }},
		"str": &Class{Name: "str", Host: func(args []Object, _ []kwArg) (Object, error) {
			if len(args) == 0 {
				return "", nil
			}
			return str(args[0]), nil
		}, IsInstance: func(o Object) bool { _, ok := unwrap(o).(string); return ok }},
		"tuple": &Class{Name: "tuple", Host: hostTupleCtor, IsInstance: func(o Object) bool { _, ok := unwrap(o).(*Tuple); return ok }},
		"list":  &Class{Name: "list", Host: hostTupleCtor, IsInstance: func(o Object) bool { _, ok := unwrap(o).(*Tuple); return ok }},
		"range": &Class{Name: "range", Host: hostRange},
		"len": one("len", func(a Object) (Object, error) {
			switch x := a.(type) {
			case *Tuple:
				return big.NewInt(int64(len(x.Values))), nil
			case string:
				return big.NewInt(int64(len(x))), nil
			}
			return nil, typeErrorf("object of type '%s' has no len()", typeName(a))
		}),
		"abs": one("abs", func(a Object) (Object, error) {
			switch x := a.(type) {
			case *big.Int:
				return new(big.Int).Abs(x), nil
			case bool:
				return boolInt(x), nil
			case float64:
				return math.Abs(x), nil
			}
			return nil, typeErrorf("bad operand type for abs(): '%s'", typeName(a))
		}),
		"min":        &Builtin{Name: "min", Host: func(a []Object, k []kwArg) (Object, error) { return hostMinMax(a, false) }},
		"max":        &Builtin{Name: "max", Host: func(a []Object, k []kwArg) (Object, error) { return hostMinMax(a, true) }},
		"sum":        &Builtin{Name: "sum", Host: hostSum},
		"any":        one("any", func(a Object) (Object, error) { return hostAnyAll(a, true) }),
		"all":        one("all", func(a Object) (Object, error) { return hostAnyAll(a, false) }),
		"isinstance": &Builtin{Name: "isinstance", Host: hostIsinstance},
		"print":      &Builtin{Name: "print", Host: func([]Object, []kwArg) (Object, error) { return None, nil }},
		"getattr":    &Builtin{Name: "getattr", Host: hostGetattr},
		"hasattr": &Builtin{Name: "hasattr", Host: func(args []Object, _ []kwArg) (Object, error) {
			if len(args) != 2 {
				return nil, typeErrorf("hasattr expected 2 arguments")
			}
			name, ok := args[1].(string)
			if !ok {
				return nil, typeErrorf("hasattr(): attribute name must be string")
			}
			_, err := hostAttr(args[0], name)
			return err == nil, nil
		}},
		"sorted": one("sorted", func(a Object) (Object, error) {
			t, ok := a.(*Tuple)
			if !ok {
				return nil, typeErrorf("'%s' object is not iterable", typeName(a))
			}
			out := append([]Object(nil), t.Values...)
			var err error
			sort.SliceStable(out, func(i, j int) bool {
				c, e := pyOrder(unwrap(out[i]), unwrap(out[j]))
				if e != nil {
					err = e
				}
				return c < 0
			})
			return &Tuple{Values: out}, err
		}),
		"pow": &Builtin{Name: "pow", Host: func(args []Object, _ []kwArg) (Object, error) {
			if len(args) != 2 {
				return nil, typeErrorf("pow expected 2 arguments")
			}
			return pyBinary("**", args[0], args[1])
		}},
	}
}

// pyBuiltin looks up a Python builtin for host evaluation.
func pyBuiltin(name string) (Object, bool) {
	pyBuiltinsOnce.Do(func() { pyBuiltins = newPyBuiltins() })
	v, ok := pyBuiltins[name]
	return v, ok
}

func hostInt(args []Object, kws []kwArg) (Object, error) {
	if len(args) == 0 {
		return big.NewInt(0), nil
	}
	switch x := unwrap(args[0]).(type) {
	case *big.Int:
		return x, nil
	case bool:
		return boolInt(x), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, valueErrorf("cannot convert float %s to integer", str(x))
		}
		v, _ := new(big.Float).SetFloat64(math.Trunc(x)).Int(nil)
		return v, nil
	case string:
		base := 10
		if len(args) > 1 {
			b, _ := intValue(args[1])
			base = int(b)
		}
		v, ok := new(big.Int).SetString(strings.ReplaceAll(strings.TrimSpace(x), "_", ""), base)
		if !ok {
			return nil, valueErrorf("invalid literal for int() with base %d: %s", base, pyQuote(x))
		}
		return v, nil
	}
	return nil, typeErrorf("int() argument must be a string or a number, not '%s'", typeName(args[0]))
}

func hostFloat(args []Object, kws []kwArg) (Object, error) {
	if len(args) == 0 {
		return 0.0, nil
	}
	switch x := unwrap(args[0]).(type) {
	case *big.Int, bool, float64:
		f, _ := floatOf(x)
		return f, nil
	case string:
		s := strings.ToLower(strings.TrimSpace(x))
		switch s {
		case "inf", "+inf", "infinity", "+infinity":
			return math.Inf(1), nil
		case "-inf", "-infinity":
			return math.Inf(-1), nil
		case "nan", "+nan":
			return math.Float64frombits(pyNaNBits), nil
		case "-nan":
			// CPython keeps the sign: float("-nan") has its sign bit set,
			// which shows in the constant a kernel gets.
			return math.Float64frombits(pyNaNBits | 1<<63), nil
		}
		f, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
		if err != nil {
			return nil, valueErrorf("could not convert string to float: %s", pyQuote(x))
		}
		return f, nil
	}
	return nil, typeErrorf("float() argument must be a string or a real number, not '%s'", typeName(args[0]))
}

// pyNaNBits is CPython's quiet NaN (float("nan")).
const pyNaNBits = 0x7FF8000000000000

func hostTupleCtor(args []Object, kws []kwArg) (Object, error) {
	if len(args) == 0 {
		return &Tuple{}, nil
	}
	switch x := unwrap(args[0]).(type) {
	case *Tuple:
		return &Tuple{Values: append([]Object(nil), x.Values...)}, nil
	case string:
		t := &Tuple{}
		for i := range x {
			t.Values = append(t.Values, x[i:i+1])
		}
		return t, nil
	}
	return nil, typeErrorf("'%s' object is not iterable", typeName(args[0]))
}

// hostRange materializes range() as a tuple (host code iterates it).
func hostRange(args []Object, kws []kwArg) (Object, error) {
	var lo, hi, step int64 = 0, 0, 1
	vals := make([]int64, len(args))
	for i, a := range args {
		v, ok := intValue(a)
		if !ok {
			return nil, typeErrorf("'%s' object cannot be interpreted as an integer", typeName(a))
		}
		vals[i] = v
	}
	switch len(vals) {
	case 1:
		hi = vals[0]
	case 2:
		lo, hi = vals[0], vals[1]
	case 3:
		lo, hi, step = vals[0], vals[1], vals[2]
	default:
		return nil, typeErrorf("range expected 1 to 3 arguments, got %d", len(args))
	}
	if step == 0 {
		return nil, valueErrorf("range() arg 3 must not be zero")
	}
	t := &Tuple{}
	for i := lo; step > 0 && i < hi || step < 0 && i > hi; i += step {
		if len(t.Values) > 1<<20 {
			return nil, valueErrorf("range too large")
		}
		t.Values = append(t.Values, big.NewInt(i))
	}
	return t, nil
}

func hostMinMax(args []Object, isMax bool) (Object, error) {
	if len(args) == 1 {
		if t, ok := unwrap(args[0]).(*Tuple); ok {
			args = t.Values
		}
	}
	if len(args) == 0 {
		return nil, valueErrorf("min()/max() arg is an empty sequence")
	}
	best := unwrap(args[0])
	for _, a := range args[1:] {
		a = unwrap(a)
		c, err := pyOrder(a, best)
		if err != nil {
			return nil, typeErrorf("'<' not supported between instances of '%s' and '%s'", typeName(a), typeName(best))
		}
		if isMax && c == 1 || !isMax && c == -1 {
			best = a
		}
	}
	return best, nil
}

func hostSum(args []Object, _ []kwArg) (Object, error) {
	if len(args) == 0 {
		return nil, typeErrorf("sum() takes at least 1 positional argument")
	}
	t, ok := unwrap(args[0]).(*Tuple)
	if !ok {
		return nil, typeErrorf("'%s' object is not iterable", typeName(args[0]))
	}
	var acc Object = big.NewInt(0)
	if len(args) > 1 {
		acc = args[1]
	}
	for _, v := range t.Values {
		var err error
		if acc, err = pyBinary("+", acc, v); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

func hostAnyAll(a Object, any bool) (Object, error) {
	t, ok := a.(*Tuple)
	if !ok {
		return nil, typeErrorf("'%s' object is not iterable", typeName(a))
	}
	for _, v := range t.Values {
		b, _ := truthy(v)
		if b == any {
			return any, nil
		}
	}
	return !any, nil
}

func hostIsinstance(args []Object, _ []kwArg) (Object, error) {
	if len(args) != 2 {
		return nil, typeErrorf("isinstance expected 2 arguments, got %d", len(args))
	}
	return isInstance(args[0], args[1])
}

func isInstance(v, cls Object) (Object, error) {
	switch c := unwrap(cls).(type) {
	case *Class:
		if c.IsInstance == nil {
			return false, nil
		}
		return c.IsInstance(v), nil
	case *Tuple:
		for _, x := range c.Values {
			r, err := isInstance(v, x)
			if err != nil {
				return nil, err
			}
			if r == true {
				return true, nil
			}
		}
		return false, nil
	case *Opaque:
		return false, nil
	}
	return nil, typeErrorf("isinstance() arg 2 must be a type or tuple of types")
}

func hostGetattr(args []Object, _ []kwArg) (Object, error) {
	if len(args) < 2 || len(args) > 3 {
		return nil, typeErrorf("getattr expected 2 or 3 arguments")
	}
	name, ok := unwrap(args[1]).(string)
	if !ok {
		return nil, typeErrorf("getattr(): attribute name must be string")
	}
	v, err := hostAttr(args[0], name)
	if err != nil && len(args) == 3 {
		return args[2], nil
	}
	return v, err
}

// formatSpec applies a format specification ([[fill]align][sign][#][0]
// [width][,|_][.precision][type]) to a constant, as format() does.
func formatSpec(v Object, spec string) (string, error) {
	v = unwrap(v)
	if spec == "" {
		return str(v), nil
	}
	fill, align := " ", byte(0)
	i := 0
	if len(spec) >= 2 && strings.ContainsRune("<>^=", rune(spec[1])) {
		fill, align, i = spec[:1], spec[1], 2
	} else if len(spec) >= 1 && strings.ContainsRune("<>^=", rune(spec[0])) {
		align, i = spec[0], 1
	}
	sign := byte('-')
	if i < len(spec) && strings.ContainsRune("+- ", rune(spec[i])) {
		sign = spec[i]
		i++
	}
	alt := false
	if i < len(spec) && spec[i] == '#' {
		alt = true
		i++
	}
	if i < len(spec) && spec[i] == '0' {
		if align == 0 {
			fill, align = "0", '='
		}
		i++
	}
	w := 0
	for i < len(spec) && spec[i] >= '0' && spec[i] <= '9' {
		w = w*10 + int(spec[i]-'0')
		i++
	}
	group := ""
	if i < len(spec) && (spec[i] == ',' || spec[i] == '_') {
		group = spec[i : i+1]
		i++
	}
	prec := -1
	if i < len(spec) && spec[i] == '.' {
		i++
		prec = 0
		for i < len(spec) && spec[i] >= '0' && spec[i] <= '9' {
			prec = prec*10 + int(spec[i]-'0')
			i++
		}
	}
	typ := byte(0)
	if i < len(spec) {
		typ = spec[i]
		i++
	}
	if i != len(spec) {
		return "", valueErrorf("Invalid format specifier '%s'", spec)
	}
	var body string
	neg := false
	switch x := v.(type) {
	case string:
		body = x
		if prec >= 0 && prec < len(body) {
			body = body[:prec]
		}
		if align == 0 {
			align = '<'
		}
	case *big.Int, bool:
		n := toBig(x)
		if typ != 0 && strings.ContainsRune("eEfFgG%", rune(typ)) {
			f, _ := floatOf(n)
			return formatSpec(f, spec)
		}
		neg = n.Sign() < 0
		a := new(big.Int).Abs(n)
		switch typ {
		case 'x':
			body = a.Text(16)
		case 'X':
			body = strings.ToUpper(a.Text(16))
		case 'o':
			body = a.Text(8)
		case 'b':
			body = a.Text(2)
		case 'c':
			body = string(rune(a.Int64()))
		default:
			body = a.String()
		}
		if alt && strings.ContainsRune("xXob", rune(typ)) {
			body = "0" + string(typ) + body
		}
		if group != "" {
			body = groupDigits(body, group)
		}
	case float64:
		neg = math.Signbit(x) && !math.IsNaN(x)
		a := math.Abs(x)
		switch typ {
		case 'f', 'F':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(a, 'f', prec, 64)
		case 'e', 'E':
			if prec < 0 {
				prec = 6
			}
			body = pyExp(strconv.FormatFloat(a, 'e', prec, 64))
			if typ == 'E' {
				body = strings.ToUpper(body)
			}
		case 'g', 'G':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(a, 'g', max(prec, 1), 64)
			body = pyExp(body)
		case '%':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(a*100, 'f', prec, 64) + "%"
		default:
			if prec >= 0 {
				body = pyExp(strconv.FormatFloat(a, 'g', max(prec, 1), 64))
			} else {
				body = python.FloatRepr(a)
			}
		}
		if math.IsInf(a, 0) {
			body = "inf"
		} else if math.IsNaN(a) {
			body = "nan"
		}
	default:
		body = str(v)
		if align == 0 {
			align = '<'
		}
	}
	prefix := ""
	switch {
	case neg:
		prefix = "-"
	case sign == '+':
		prefix = "+"
	case sign == ' ':
		prefix = " "
	}
	if align == 0 {
		align = '>'
	}
	pad := w - len(prefix) - len(body)
	if pad <= 0 {
		return prefix + body, nil
	}
	switch align {
	case '<':
		return prefix + body + strings.Repeat(fill, pad), nil
	case '^':
		return strings.Repeat(fill, pad/2) + prefix + body + strings.Repeat(fill, pad-pad/2), nil
	case '=':
		return prefix + strings.Repeat(fill, pad) + body, nil
	}
	return strings.Repeat(fill, pad) + prefix + body, nil
}

// pyExp rewrites Go's exponent (e+07) as Python's (e+07): two digits at
// least, which Go already does; strip Go's leading zeros beyond two.
func pyExp(s string) string {
	i := strings.IndexAny(s, "eE")
	if i < 0 {
		return s
	}
	mant, exp := s[:i], s[i+1:]
	sign := "+"
	if exp[0] == '-' || exp[0] == '+' {
		sign, exp = exp[:1], exp[1:]
	}
	exp = strings.TrimLeft(exp, "0")
	for len(exp) < 2 {
		exp = "0" + exp
	}
	return mant + s[i:i+1] + sign + exp
}

func groupDigits(s, sep string) string {
	var out []string
	for len(s) > 3 {
		out = append([]string{s[len(s)-3:]}, out...)
		s = s[:len(s)-3]
	}
	return strings.Join(append([]string{s}, out...), sep)
}

// describeArgs formats call arguments for messages.
func describeArgs(args []Object) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = fmt.Sprint(str(a))
	}
	return strings.Join(parts, ", ")
}
