package triton

import (
	"math/big"

	"github.com/ttcompiler/tt/frontend/python"
	"github.com/ttcompiler/tt/ir"
)

// visitBody is visit_compound_statement: statements after a return are
// dead and not compiled.
func (g *gen) visitBody(stmts []python.Stmt) {
	for _, s := range stmts {
		g.visitStmt(s)
		if _, ok := s.(*python.Return); ok {
			break
		}
	}
}

func (g *gen) visitStmt(s python.Stmt) {
	done := g.enter(s)
	defer done()
	switch x := s.(type) {
	case *python.Assign:
		if len(x.Targets) != 1 {
			g.fail(x, "chained assignment (a = b = ...) is not supported in a kernel")
		}
		g.assign(x.Targets[0], x.Value)
	case *python.AnnAssign:
		g.annAssign(x)
	case *python.AugAssign:
		g.augAssign(x)
	case *python.ExprStmt:
		g.exprStmt(x)
	case *python.Return:
		g.ret(x)
	case *python.If:
		g.ifStmt(x)
	case *python.For:
		g.forStmt(x)
	case *python.While:
		g.whileStmt(x)
	case *python.Pass:
	case *python.Assert:
		test := g.visitExpr(x.Test)
		msg := Object("")
		if x.Msg != nil {
			msg = g.visitExpr(x.Msg)
		}
		g.deviceAssertBuiltin(test, msg, nil)
	case *python.FunctionDef:
		g.fail(x, "nested function definition is not supported.")
	case *python.Break:
		g.fail(x, "break is not supported in a kernel (loops compile to scf.for/scf.while)")
	case *python.Continue:
		g.fail(x, "continue is not supported in a kernel (loops compile to scf.for/scf.while)")
	case *python.With:
		g.fail(x, "with statements are not supported in a kernel")
	case *python.Try:
		g.fail(x, "try statements are not supported in a kernel")
	case *python.Raise:
		g.fail(x, "raise is not supported in a kernel")
	case *python.ClassDef:
		g.fail(x, "class definitions are not supported in a kernel")
	case *python.Import, *python.ImportFrom:
		g.fail(s, "import statements are not supported in a kernel")
	case *python.Global, *python.Nonlocal:
		g.fail(s, "global and nonlocal are not supported in a kernel")
	case *python.Delete:
		g.fail(x, "del is not supported in a kernel")
	case *python.Match:
		g.fail(x, "match statements are not supported in a kernel")
	default:
		g.fail(s, "unsupported statement")
	}
}

// sanitize is _sanitize_value: what is assigned to a variable becomes a
// tensor (numbers), stays a dtype, None or tuple, or is an error.
func (g *gen) sanitize(v Object) Object {
	v = unwrap(v)
	switch x := v.(type) {
	case *Tuple:
		out := &Tuple{Fields: x.Fields}
		for _, e := range x.Values {
			out.Values = append(out.Values, g.sanitize(e))
		}
		return out
	case noneType, *DType, *Tensor, *Desc:
		return v
	case bool, *big.Int, float64:
		return g.toTensor(v)
	}
	g.failCur("TypeError: cannot convert %s of type %s to tensor", str(v), typeName(v))
	return nil
}

// assign compiles `target = value` (visit_Assign).
func (g *gen) assign(target, value python.Expr) {
	var v Object
	if n, ok := target.(*python.Name); ok {
		g.prefix = n.ID
		func() {
			defer func() { g.prefix = "" }()
			v = g.sanitize(g.visitExpr(value))
		}()
	} else {
		v = g.sanitize(g.visitExpr(value))
	}
	g.assignTarget(target, v)
}

// targetElts is the elements of a tuple or list assignment target.
func targetElts(t python.Expr) []python.Expr {
	if tu, ok := t.(*python.Tuple); ok {
		return tu.Elts
	}
	return t.(*python.List).Elts
}

// assignTarget binds a (possibly tuple) target.
func (g *gen) assignTarget(t python.Expr, v Object) {
	done := g.enter(t)
	defer done()
	switch x := t.(type) {
	case *python.Name:
		g.setValue(x.ID, v)
	case *python.Tuple, *python.List:
		elts := targetElts(x)
		tup, ok := v.(*Tuple)
		if !ok {
			g.fail(t, "cannot unpack a value of type %s", typeName(v))
		}
		if len(tup.Values) != len(elts) {
			g.fail(t, "cannot unpack %d values into %d names", len(tup.Values), len(elts))
		}
		for i, e := range elts {
			g.assignTarget(e, tup.Values[i])
		}
	case *python.Subscript:
		g.fail(t, "__setitem__ is not supported in triton")
	case *python.Attribute:
		g.fail(t, "Attribute assignment is not supported in triton")
	case *python.Starred:
		g.fail(t, "starred assignment is not supported in a kernel")
	default:
		g.fail(t, "cannot assign to this expression")
	}
}

func (g *gen) annAssign(x *python.AnnAssign) {
	ann := g.visitExpr(x.Annotation)
	name, isName := x.Target.(*python.Name)
	if !isName {
		g.fail(x.Target, "annotated assignment targets must be names")
	}
	func() {
		done := g.enter(x.Target)
		done()
	}()
	if x.Value == nil {
		g.fail(x, "a variable annotation without a value is not supported in a kernel")
	}
	if c, ok := ann.(*Class); ok && c.Name == "constexpr" {
		v := g.visitExpr(x.Value)
		if g.lscope.has(name.ID) {
			g.fail(x, "ValueError: %s is already defined. constexpr cannot be reassigned.", name.ID)
		}
		if isTensor(v) {
			g.fail(x.Value, "the value of constexpr %s is not a compile-time constant", name.ID)
		}
		g.lscope.set(name.ID, unwrap(v))
		return
	}
	// Triton visits the value once here and again as a plain assignment.
	g.visitExpr(x.Value)
	g.assign(x.Target, x.Value)
}

func (g *gen) augAssign(x *python.AugAssign) {
	rhs := &python.BinOp{Span: x.Span, Left: x.Target, Op: x.Op, Right: x.Value}
	assign := &python.Assign{Span: x.Span, Targets: []python.Expr{x.Target}, Value: rhs}
	g.visitStmt(assign)
	g.visitExpr(x.Target)
}

func (g *gen) exprStmt(x *python.ExprStmt) {
	if c, ok := x.Value.(*python.Call); ok {
		g.unusedCall = c
	}
	g.visitExpr(x.Value)
}

// ret compiles a return: the value's handles go to tt.return and a dead
// block follows for any code after it (visit_Return).
func (g *gen) ret(x *python.Return) {
	if g.scfDepth > 0 {
		// Triton builds a tt.return inside the loop's region, which fails
		// the module's verification; the message is the one it gives for a
		// return under a dynamic if in a loop.
		g.fail(x, "Cannot have `return` statements inside `while` or `for` statements in triton.")
	}
	var v Object = None
	if x.Value != nil {
		v = g.visitExpr(x.Value)
	}
	v = g.decayReturn(v)
	var ty Type
	var handles []ir.Value
	if _, isNone := v.(noneType); !isNone {
		handles = flattenValues(v, nil)
		ty = typeOf(v)
	}
	g.op("tt.return", handles, nil)
	switch {
	case !g.retSet:
		g.retType, g.retSet = ty, true
	case !sameRetType(g.retType, ty):
		g.fail(x, "TypeError: Inconsistent return types: %s and %s", retTypeString(g.retType), retTypeString(ty))
	}
	region := g.b.InsertionBlock().Region()
	dead := ir.NewBlock(g.c.ctx, nil, nil)
	region.Append(dead)
	g.b.SetInsertionPointToEnd(dead)
}

func sameRetType(a, b Type) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return typesEqual(a, b)
}

func retTypeString(t Type) string {
	if t == nil {
		return "void"
	}
	return t.String()
}

// decayReturn turns returned numbers into tensors (tuples element-wise).
func (g *gen) decayReturn(v Object) Object {
	v = unwrap(v)
	switch x := v.(type) {
	case *Tuple:
		out := &Tuple{Fields: x.Fields}
		for _, e := range x.Values {
			d := g.decayReturn(e)
			out.Values = append(out.Values, d)
		}
		return out
	case bool, *big.Int, float64:
		return g.toTensor(v)
	case noneType, *Tensor, *Desc:
		return v
	}
	if isConstexpr(v) {
		// Constants other than numbers travel as constexprs in tuples.
		return v
	}
	return v
}

// containsReturn is ContainsReturnChecker: whether a return statement
// appears anywhere among the statements.
func containsReturn(stmts []python.Stmt) bool {
	for _, s := range stmts {
		switch x := s.(type) {
		case *python.Return:
			return true
		case *python.If:
			if containsReturn(x.Body) || containsReturn(x.Orelse) {
				return true
			}
		case *python.For:
			if containsReturn(x.Body) || containsReturn(x.Orelse) {
				return true
			}
		case *python.While:
			if containsReturn(x.Body) || containsReturn(x.Orelse) {
				return true
			}
		case *python.With:
			if containsReturn(x.Body) {
				return true
			}
		case *python.FunctionDef:
			if containsReturn(x.Body) {
				return true
			}
		}
	}
	return false
}
