package axisinfo

import "github.com/ttcompiler/tt/ir"

// infoTable holds an Info per value. The maps give a value's place in a
// list of Infos rather than the Info itself: a map slot is then 16 bytes
// instead of 96, and a map has room for up to twice as many values as it
// holds, while the list holds exactly one Info per value. Results and
// block arguments have a map each, keyed by the concrete pointer: hashing
// and comparing a pointer is cheaper than an interface, and the solver
// looks values up several times for each op it visits.
type infoTable struct {
	results map[*ir.OpResult]int32
	args    map[*ir.BlockArgument]int32
	infos   []Info
	// values holds the value of each Info, at its place: each walks it
	// rather than the maps, whose iteration costs more than their
	// inserts.
	values []ir.Value
}

// newInfoTable returns a table with room for the given numbers of results
// and block arguments.
func newInfoTable(results, args int) infoTable {
	return infoTable{results: make(map[*ir.OpResult]int32, results), args: make(map[*ir.BlockArgument]int32, args),
		infos: make([]Info, 0, results+args), values: make([]ir.Value, 0, results+args)}
}

func (t *infoTable) len() int { return len(t.infos) }

// index returns v's place in t.infos and whether the table has one.
func (t *infoTable) index(v ir.Value) (int32, bool) {
	switch x := v.(type) {
	case *ir.OpResult:
		k, ok := t.results[x]
		return k, ok
	case *ir.BlockArgument:
		k, ok := t.args[x]
		return k, ok
	}
	return 0, false
}

// get returns v's Info and whether the table has one.
func (t *infoTable) get(v ir.Value) (Info, bool) {
	k, ok := t.index(v)
	if !ok {
		return Info{}, false
	}
	return t.infos[k], true
}

// set gives v the Info i.
func (t *infoTable) set(v ir.Value, i Info) {
	if k, ok := t.index(v); ok {
		t.infos[k] = i
		return
	}
	t.add(v, i)
}

// add gives v, which t does not hold yet, the Info i, and returns v's
// place in t.infos (-1 for a value that is neither a result nor a block
// argument, which t cannot hold).
func (t *infoTable) add(v ir.Value, i Info) int32 {
	k := int32(len(t.infos))
	switch x := v.(type) {
	case *ir.OpResult:
		t.results[x] = k
	case *ir.BlockArgument:
		t.args[x] = k
	default:
		return -1
	}
	t.infos = append(t.infos, i)
	t.values = append(t.values, v)
	return k
}

// each calls f with every value of t and its place in t.infos.
func (t *infoTable) each(f func(v ir.Value, k int32)) {
	for k, v := range t.values {
		f(v, int32(k))
	}
}
