package axisinfo

import "github.com/ttcompiler/tt/ir"

// infoTable holds an Info per value. The map gives a value's place in a
// list of Infos rather than the Info itself: a map slot is then 24 bytes
// instead of 104, and a map has room for up to twice as many values as it
// holds, while the list holds exactly one Info per value.
type infoTable struct {
	index map[ir.Value]int32
	infos []Info
}

// newInfoTable returns a table with room for n values.
func newInfoTable(n int) infoTable {
	return infoTable{index: make(map[ir.Value]int32, n), infos: make([]Info, 0, n)}
}

func (t *infoTable) len() int { return len(t.infos) }

// get returns v's Info and whether the table has one.
func (t *infoTable) get(v ir.Value) (Info, bool) {
	k, ok := t.index[v]
	if !ok {
		return Info{}, false
	}
	return t.infos[k], true
}

// set gives v the Info i.
func (t *infoTable) set(v ir.Value, i Info) {
	if k, ok := t.index[v]; ok {
		t.infos[k] = i
		return
	}
	t.index[v] = int32(len(t.infos))
	t.infos = append(t.infos, i)
}
