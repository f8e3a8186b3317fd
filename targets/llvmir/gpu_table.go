package llvmir

import (
	"fmt"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// gpu.table_load (dialects/gpu/table.go): each distinct table is an
// internal constant array of the module, @__tt_table_N in the order the
// functions first read them, in global memory on NVPTX (address space 1:
// NVPTX's code generator reads a constant there with ld.global.nc; the
// load also says it with !invariant.load) and in AMDGPU's constant memory
// (address space 4). The op is a getelementptr inbounds to element %i
// and a load of it; an index outside the table is undefined, as it is for
// the op.

// tableAddrSpace is where the tables live on the target.
func (tr *translator) tableAddrSpace() lltypes.AddrSpace {
	if tr.target.Kind == AMDGCN {
		return 4
	}
	return 1
}

// table returns the global holding vals as elements of type elem,
// defining it on first use.
func (tr *translator) table(vals []int64, elem *lltypes.IntType) *llir.Global {
	key := fmt.Sprintf("%d:%v", elem.BitSize, vals)
	if g, ok := tr.tables[key]; ok {
		return g
	}
	name := "__tt_table_" + itoa(len(tr.tables))
	for tr.globals[name] != nil || tr.funcs[name] != nil {
		name += "_"
	}
	elems := make([]constant.Constant, len(vals))
	for i, v := range vals {
		elems[i] = constant.NewInt(elem, v)
	}
	g := tr.mod.NewGlobalDef(name, constant.NewArray(lltypes.NewArray(uint64(len(vals)), elem), elems...))
	as := tr.tableAddrSpace()
	g.AddrSpace = as
	g.Typ.AddrSpace = as
	g.Linkage = enum.LinkageInternal
	g.Immutable = true
	g.Align = llir.Align(elem.BitSize / 8)
	if tr.tables == nil {
		tr.tables = map[string]*llir.Global{}
	}
	tr.tables[key] = g
	tr.globals[name] = g
	return g
}

// invariantLoad is the module's `!{}` node that !invariant.load names.
func (tr *translator) invariantLoad() *metadata.Tuple {
	if tr.invariant == nil {
		tr.invariant = &metadata.Tuple{MetadataID: -1}
		tr.mod.MetadataDefs = append(tr.mod.MetadataDefs, tr.invariant)
	}
	return tr.invariant
}

func (fx *fnTr) tableLoad(op *ir.Operation) error {
	t := gpu.TableLoadView{Operation: op}
	idx, err := fx.val(op, t.Index())
	if err != nil {
		return err
	}
	lt, err := fx.typ(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	elem, ok := lt.(*lltypes.IntType)
	if !ok {
		return ir.OpErrorf(op, "table elements must be integers")
	}
	g := fx.tr.table(t.Table(), elem)
	p := fx.cur.NewGetElementPtr(g.ContentType, g, i32c(0), idx)
	p.InBounds = true
	l := fx.cur.NewLoad(elem, p)
	l.Align = llir.Align(elem.BitSize / 8)
	l.Metadata = append(l.Metadata, &metadata.Attachment{Name: "invariant.load", Node: fx.tr.invariantLoad()})
	fx.set(op, l)
	return nil
}
