package nvptx

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// gpu.table_load: the table is a module-level `.global` byte array,
// declared once per distinct content (and element size) the first time a
// function reads it, named $table0, $table1, ... in that order; the op
// takes its address (mov.u64 of the symbol), adds index * element size
// (mad.wide.s32 for an i32 index, as emitGEP does) and loads the element
// through the non-coherent path (ld.global.nc.u64 / .u32: the table never
// changes while the kernel runs). An index outside the table reads
// whatever lies at that address.

// table returns the PTX name of the global holding a table's bytes,
// declaring it on first use.
func (m *module) table(bytes []byte, align int) string {
	key := fmt.Sprintf("%d:%s", align, bytes)
	if name, ok := m.tables[key]; ok {
		return name
	}
	name := fmt.Sprintf("$table%d", len(m.tables))
	for m.globals[name] != nil { // a global of the module took the name
		name += "_"
	}
	if m.tables == nil {
		m.tables = map[string]string{}
	}
	m.tables[key] = name
	vals := make([]string, len(bytes))
	for i, b := range bytes {
		vals[i] = fmt.Sprint(b)
	}
	fmt.Fprintf(&m.decls, ".global .align %d .b8 %s[%d] = {%s};\n", align, name, len(bytes), strings.Join(vals, ", "))
	return name
}

func (f *fn) emitTableLoad(op *ir.Operation) error {
	t := gpu.TableLoadView{Operation: op}
	size := t.ElemBytes()
	sym := f.m.table(t.Bytes(), size)
	idx, err := f.get(t.Index())
	if err != nil {
		return err
	}
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	base := f.regs.alloc(classB64)
	f.inss("mov.u64 %s, %s", base, sym)
	addr := f.regs.alloc(classB64)
	f.addScaled(addr, base, idx, int64(size), true)
	f.ins("ld.global.nc.u%d %s, [%s]", 8*size, d, addr)
	return nil
}
