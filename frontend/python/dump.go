package python

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Dump renders a module as an S-expression with every node's position,
// in the shape of Python's ast module (node and field names as there),
// for tests and debugging.
func Dump(m *Module) string {
	var b strings.Builder
	d := &dumper{b: &b}
	d.open("Module", nil)
	d.stmts("body", m.Body)
	d.close()
	return b.String()
}

type dumper struct {
	b *strings.Builder
}

func (d *dumper) open(name string, s *Span) {
	d.b.WriteString("(" + name)
	if s != nil {
		fmt.Fprintf(d.b, "@%d:%d-%d:%d", s.Pos.Line, s.Pos.Col, s.End.Line, s.End.Col)
	}
}

func (d *dumper) close() { d.b.WriteString(")") }

// joinedStrValues prints an f-string's parts; its literal parts have no
// position (CPython 3.11 gives them the whole f-string's).
func (d *dumper) joinedStrValues(values []Expr) {
	d.field("values")
	d.b.WriteString("[")
	for i, v := range values {
		if i > 0 {
			d.b.WriteString(" ")
		}
		if c, ok := v.(*Constant); ok {
			d.open("Constant", nil)
			d.field("value")
			d.b.WriteString(ConstantRepr(c.Value))
			d.close()
			continue
		}
		d.expr(v)
	}
	d.b.WriteString("]")
}

func (d *dumper) field(name string) { d.b.WriteString(" " + name + "=") }

func (d *dumper) str(name, v string) {
	d.field(name)
	d.b.WriteString(quote(v))
}

func (d *dumper) stmts(name string, body []Stmt) {
	d.field(name)
	d.b.WriteString("[")
	for i, s := range body {
		if i > 0 {
			d.b.WriteString(" ")
		}
		d.stmt(s)
	}
	d.b.WriteString("]")
}

func (d *dumper) exprs(name string, es []Expr) {
	d.field(name)
	d.b.WriteString("[")
	for i, e := range es {
		if i > 0 {
			d.b.WriteString(" ")
		}
		d.expr(e)
	}
	d.b.WriteString("]")
}

func (d *dumper) opt(name string, e Expr) {
	d.field(name)
	d.expr(e)
}

func (d *dumper) args(a *Arguments) {
	d.field("args")
	d.open("arguments", nil)
	list := func(name string, args []*Arg) {
		d.field(name)
		d.b.WriteString("[")
		for i, x := range args {
			if i > 0 {
				d.b.WriteString(" ")
			}
			d.arg(x)
		}
		d.b.WriteString("]")
	}
	list("posonlyargs", a.PosOnly)
	list("args", a.Args)
	d.field("vararg")
	d.arg(a.Vararg)
	list("kwonlyargs", a.KwOnly)
	d.exprs("kw_defaults", a.KwDefs)
	d.field("kwarg")
	d.arg(a.Kwarg)
	d.exprs("defaults", a.Defaults)
	d.close()
}

func (d *dumper) arg(a *Arg) {
	if a == nil {
		d.b.WriteString("None")
		return
	}
	d.open("arg", &a.Span)
	d.str("arg", a.Name)
	d.opt("annotation", a.Annotation)
	d.close()
}

func (d *dumper) keywords(kws []*Keyword) {
	d.field("keywords")
	d.b.WriteString("[")
	for i, k := range kws {
		if i > 0 {
			d.b.WriteString(" ")
		}
		d.open("keyword", &k.Span)
		d.field("arg")
		if k.Name == "" {
			d.b.WriteString("None")
		} else {
			d.b.WriteString(quote(k.Name))
		}
		d.opt("value", k.Value)
		d.close()
	}
	d.b.WriteString("]")
}

func (d *dumper) aliases(as []*Alias) {
	d.field("names")
	d.b.WriteString("[")
	for i, a := range as {
		if i > 0 {
			d.b.WriteString(" ")
		}
		d.open("alias", &a.Span)
		d.str("name", a.Name)
		d.field("asname")
		if a.AsName == "" {
			d.b.WriteString("None")
		} else {
			d.b.WriteString(quote(a.AsName))
		}
		d.close()
	}
	d.b.WriteString("]")
}

func (d *dumper) names(ns []string) {
	d.field("names")
	d.b.WriteString("[")
	for i, n := range ns {
		if i > 0 {
			d.b.WriteString(" ")
		}
		d.b.WriteString(quote(n))
	}
	d.b.WriteString("]")
}

func (d *dumper) stmt(s Stmt) {
	switch x := s.(type) {
	case *FunctionDef:
		name := "FunctionDef"
		if x.Async {
			name = "AsyncFunctionDef"
		}
		d.open(name, &x.Span)
		d.str("name", x.Name)
		d.args(x.Args)
		d.stmts("body", x.Body)
		d.exprs("decorator_list", x.Decorators)
		d.opt("returns", x.Returns)
	case *ClassDef:
		d.open("ClassDef", &x.Span)
		d.str("name", x.Name)
		d.exprs("bases", x.Bases)
		d.keywords(x.Keywords)
		d.stmts("body", x.Body)
		d.exprs("decorator_list", x.Decorators)
	case *Return:
		d.open("Return", &x.Span)
		d.opt("value", x.Value)
	case *Delete:
		d.open("Delete", &x.Span)
		d.exprs("targets", x.Targets)
	case *Assign:
		d.open("Assign", &x.Span)
		d.exprs("targets", x.Targets)
		d.opt("value", x.Value)
	case *AugAssign:
		d.open("AugAssign", &x.Span)
		d.opt("target", x.Target)
		d.str("op", x.Op)
		d.opt("value", x.Value)
	case *AnnAssign:
		d.open("AnnAssign", &x.Span)
		d.opt("target", x.Target)
		d.opt("annotation", x.Annotation)
		d.opt("value", x.Value)
		d.field("simple")
		if x.Simple {
			d.b.WriteString("1")
		} else {
			d.b.WriteString("0")
		}
	case *For:
		name := "For"
		if x.Async {
			name = "AsyncFor"
		}
		d.open(name, &x.Span)
		d.opt("target", x.Target)
		d.opt("iter", x.Iter)
		d.stmts("body", x.Body)
		d.stmts("orelse", x.Orelse)
	case *While:
		d.open("While", &x.Span)
		d.opt("test", x.Test)
		d.stmts("body", x.Body)
		d.stmts("orelse", x.Orelse)
	case *If:
		d.open("If", &x.Span)
		d.opt("test", x.Test)
		d.stmts("body", x.Body)
		d.stmts("orelse", x.Orelse)
	case *With:
		name := "With"
		if x.Async {
			name = "AsyncWith"
		}
		d.open(name, &x.Span)
		d.field("items")
		d.b.WriteString("[")
		for i, it := range x.Items {
			if i > 0 {
				d.b.WriteString(" ")
			}
			d.open("withitem", nil)
			d.opt("context_expr", it.Context)
			d.opt("optional_vars", it.Vars)
			d.close()
		}
		d.b.WriteString("]")
		d.stmts("body", x.Body)
	case *Raise:
		d.open("Raise", &x.Span)
		d.opt("exc", x.Exc)
		d.opt("cause", x.Cause)
	case *Try:
		d.open("Try", &x.Span)
		d.stmts("body", x.Body)
		d.field("handlers")
		d.b.WriteString("[")
		for i, h := range x.Handlers {
			if i > 0 {
				d.b.WriteString(" ")
			}
			d.open("ExceptHandler", &h.Span)
			d.opt("type", h.Type)
			d.field("name")
			if h.Name == "" {
				d.b.WriteString("None")
			} else {
				d.b.WriteString(quote(h.Name))
			}
			d.stmts("body", h.Body)
			d.close()
		}
		d.b.WriteString("]")
		d.stmts("orelse", x.Orelse)
		d.stmts("finalbody", x.Final)
	case *Assert:
		d.open("Assert", &x.Span)
		d.opt("test", x.Test)
		d.opt("msg", x.Msg)
	case *Import:
		d.open("Import", &x.Span)
		d.aliases(x.Names)
	case *ImportFrom:
		d.open("ImportFrom", &x.Span)
		d.field("module")
		if x.Module == "" {
			d.b.WriteString("None")
		} else {
			d.b.WriteString(quote(x.Module))
		}
		d.aliases(x.Names)
		d.field("level")
		d.b.WriteString(strconv.Itoa(x.Level))
	case *Global:
		d.open("Global", &x.Span)
		d.names(x.Names)
	case *Nonlocal:
		d.open("Nonlocal", &x.Span)
		d.names(x.Names)
	case *ExprStmt:
		d.open("Expr", &x.Span)
		d.opt("value", x.Value)
	case *Pass:
		d.open("Pass", &x.Span)
	case *Break:
		d.open("Break", &x.Span)
	case *Continue:
		d.open("Continue", &x.Span)
	case *Match:
		d.open("Match", &x.Span)
	default:
		d.open(fmt.Sprintf("%T", s), nil)
	}
	d.close()
}

func (d *dumper) comprehensions(gens []*Comprehension) {
	d.field("generators")
	d.b.WriteString("[")
	for i, g := range gens {
		if i > 0 {
			d.b.WriteString(" ")
		}
		d.open("comprehension", nil)
		d.opt("target", g.Target)
		d.opt("iter", g.Iter)
		d.exprs("ifs", g.Ifs)
		d.field("is_async")
		if g.Async {
			d.b.WriteString("1")
		} else {
			d.b.WriteString("0")
		}
		d.close()
	}
	d.b.WriteString("]")
}

// ConstantRepr renders a constant's value for dumps.
func ConstantRepr(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case *big.Int:
		return x.String()
	case float64:
		return FloatRepr(x)
	case complex128:
		return FloatRepr(imag(x)) + "j"
	case string:
		return quote(x)
	case []byte:
		rs := make([]rune, len(x))
		for i, c := range x {
			rs[i] = rune(c)
		}
		return "b" + quote(string(rs))
	case Ellipsis:
		return "Ellipsis"
	}
	return fmt.Sprint(v)
}

func (d *dumper) expr(e Expr) {
	if e == nil {
		d.b.WriteString("None")
		return
	}
	switch x := e.(type) {
	case *BoolOp:
		d.open("BoolOp", &x.Span)
		d.str("op", x.Op)
		d.exprs("values", x.Values)
	case *NamedExpr:
		d.open("NamedExpr", &x.Span)
		d.opt("target", x.Target)
		d.opt("value", x.Value)
	case *BinOp:
		d.open("BinOp", &x.Span)
		d.opt("left", x.Left)
		d.str("op", x.Op)
		d.opt("right", x.Right)
	case *UnaryOp:
		d.open("UnaryOp", &x.Span)
		d.str("op", x.Op)
		d.opt("operand", x.Operand)
	case *Lambda:
		d.open("Lambda", &x.Span)
		d.args(x.Args)
		d.opt("body", x.Body)
	case *IfExp:
		d.open("IfExp", &x.Span)
		d.opt("test", x.Test)
		d.opt("body", x.Body)
		d.opt("orelse", x.Orelse)
	case *Dict:
		d.open("Dict", &x.Span)
		d.exprs("keys", x.Keys)
		d.exprs("values", x.Values)
	case *Set:
		d.open("Set", &x.Span)
		d.exprs("elts", x.Elts)
	case *ListComp:
		d.open("ListComp", &x.Span)
		d.opt("elt", x.Elt)
		d.comprehensions(x.Generators)
	case *SetComp:
		d.open("SetComp", &x.Span)
		d.opt("elt", x.Elt)
		d.comprehensions(x.Generators)
	case *GeneratorExp:
		d.open("GeneratorExp", &x.Span)
		d.opt("elt", x.Elt)
		d.comprehensions(x.Generators)
	case *DictComp:
		d.open("DictComp", &x.Span)
		d.opt("key", x.Key)
		d.opt("value", x.Value)
		d.comprehensions(x.Generators)
	case *Await:
		d.open("Await", &x.Span)
		d.opt("value", x.Value)
	case *Yield:
		d.open("Yield", &x.Span)
		d.opt("value", x.Value)
	case *YieldFrom:
		d.open("YieldFrom", &x.Span)
		d.opt("value", x.Value)
	case *Compare:
		d.open("Compare", &x.Span)
		d.opt("left", x.Left)
		d.field("ops")
		d.b.WriteString("[")
		for i, op := range x.Ops {
			if i > 0 {
				d.b.WriteString(" ")
			}
			d.b.WriteString(quote(op))
		}
		d.b.WriteString("]")
		d.exprs("comparators", x.Comparators)
	case *Call:
		d.open("Call", &x.Span)
		d.opt("func", x.Func)
		d.exprs("args", x.Args)
		d.keywords(x.Keywords)
	case *FormattedValue:
		d.open("FormattedValue", nil)
		d.opt("value", x.Value)
		d.field("conversion")
		if x.Conversion == 0 {
			d.b.WriteString("-1")
		} else {
			d.b.WriteString(strconv.Itoa(int(x.Conversion)))
		}
		d.field("format_spec")
		if x.Spec == nil {
			d.b.WriteString("None")
		} else {
			// Python 3.11 positions a format spec at its f-string: leave
			// the position out.
			d.open("JoinedStr", nil)
			d.joinedStrValues(x.Spec.Values)
			d.close()
		}
	case *JoinedStr:
		d.open("JoinedStr", &x.Span)
		d.joinedStrValues(x.Values)
	case *Constant:
		d.open("Constant", &x.Span)
		d.field("value")
		d.b.WriteString(ConstantRepr(x.Value))
	case *Attribute:
		d.open("Attribute", &x.Span)
		d.opt("value", x.Value)
		d.str("attr", x.Attr)
	case *Subscript:
		d.open("Subscript", &x.Span)
		d.opt("value", x.Value)
		d.opt("slice", x.Slice)
	case *Starred:
		d.open("Starred", &x.Span)
		d.opt("value", x.Value)
	case *Name:
		d.open("Name", &x.Span)
		d.str("id", x.ID)
	case *List:
		d.open("List", &x.Span)
		d.exprs("elts", x.Elts)
	case *Tuple:
		d.open("Tuple", &x.Span)
		d.exprs("elts", x.Elts)
	case *Slice:
		d.open("Slice", &x.Span)
		d.opt("lower", x.Lower)
		d.opt("upper", x.Upper)
		d.opt("step", x.Step)
	default:
		d.open(fmt.Sprintf("%T", e), nil)
	}
	d.close()
}

// quote renders s as Python's json.dumps(s, ensure_ascii=False) does.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
