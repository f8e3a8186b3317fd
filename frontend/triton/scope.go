package triton

import "github.com/ttcompiler/tt/ir"

// scope is a name -> value map that keeps the order in which names were
// first bound, as a Python dict does: Triton's code generator walks
// scopes in that order to find loop-carried and if-yielded values, so
// the order of scf.for iter_args and scf.if results follows it.
type scope struct {
	keys []string
	vals map[string]Object
}

func newScope() *scope { return &scope{vals: map[string]Object{}} }

func (s *scope) get(name string) (Object, bool) {
	v, ok := s.vals[name]
	return v, ok
}

func (s *scope) set(name string, v Object) {
	if _, ok := s.vals[name]; !ok {
		s.keys = append(s.keys, name)
	}
	s.vals[name] = v
}

func (s *scope) has(name string) bool {
	_, ok := s.vals[name]
	return ok
}

func (s *scope) copy() *scope {
	c := &scope{keys: append([]string(nil), s.keys...), vals: make(map[string]Object, len(s.vals))}
	for k, v := range s.vals {
		c.vals[k] = v
	}
	return c
}

// sameHandles reports whether two values flatten to the same IR values
// (Triton's test for "this name was not reassigned").
func sameHandles(a, b Object) bool {
	x := flattenValues(a, nil)
	y := flattenValues(b, nil)
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// setValueLoc gives every IR value of o a name location (NameLoc(name,
// its current location)), as _maybe_set_loc_to_name does.
func setValueLoc(ctx *ir.Context, o Object, name string) {
	for _, v := range flattenValues(o, nil) {
		switch x := v.(type) {
		case *ir.OpResult:
			op := x.Owner()
			op.SetLoc(ir.NameLocOf(ctx, name, op.Loc()))
		case *ir.BlockArgument:
			x.SetLoc(ir.NameLocOf(ctx, name, x.Loc()))
		}
	}
}
