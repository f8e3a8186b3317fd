package gpu

import (
	"encoding/binary"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// An element of a constant table, picked by a per-thread index:
//
//	%w = gpu.table_load %i {table = array<i64: 7, -1, 3>} : i32 -> i64
//
// The table is the op's `table` attribute, a dense array whose element
// type is the result type (i32 or i64) and which holds at least one
// element; the index is i32 or i64, read as a signed integer. The result
// is element %i of the table.
//
// An index outside [0, len(table)) is undefined behaviour: the emitters
// compute the address of element %i and load it, whatever it is. The
// simulator reports such an index as a fault of the thread. The op is
// Pure (it reads nothing that can change, and CSE merges equal ones), so
// passes may speculate it: whoever builds it must keep the index in range
// wherever the op may execute, speculated or not (mask or clamp it, as a
// select-based lowering that computes both sides of a branch would
// otherwise hand it an index of the side not taken).
//
// The emitters keep each distinct table once per module, in read-only
// global memory: PTX a `.global .b8` array read with ld.global.nc, LLVM IR
// an internal constant array (address space 1 on NVPTX, 4, AMDGPU's
// constant memory, on AMDGCN) read by getelementptr and load. It serves
// the libdevice ports that read a word of a table by an index each
// thread computes (the bits of 2/pi of the Payne-Hanek reductions), where
// a chain of selects over every entry would cost a compare and a select
// per entry.
var TableLoadOp = Dialect.NewOp("table_load", ir.Pure)

// TableAttrName is the attribute holding gpu.table_load's table.
const TableAttrName = "table"

func init() {
	TableLoadOp.Inherent = []string{TableAttrName}
	TableLoadOp.Parse = parseTableLoad
	TableLoadOp.Print = printTableLoad
	TableLoadOp.Verify = verifyTableLoad
}

// parseTableLoad parses `%i {table = array<T: ...>, attrs} : I -> T`.
func parseTableLoad(p ir.OpParser, st *ir.OperationState) error {
	return parseOneToOne(p, st, func(p ir.OpParser, st *ir.OperationState) error { return p.ParseOptionalAttrDict(st) })
}

func printTableLoad(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintType(op.Result(0).Type())
}

func verifyTableLoad(op *ir.Operation) error {
	if err := counts(op, 1, 1); err != nil {
		return err
	}
	if t := op.Operand(0).Type(); !ir.IsInteger(t, 32) && !ir.IsInteger(t, 64) {
		return ir.OpErrorf(op, "index must be i32 or i64, got '%s'", asm.TypeString(t))
	}
	rt := op.Result(0).Type()
	if !ir.IsInteger(rt, 32) && !ir.IsInteger(rt, 64) {
		return ir.OpErrorf(op, "result must be i32 or i64, got '%s'", asm.TypeString(rt))
	}
	a := op.Attr(TableAttrName)
	if a == nil {
		return ir.OpErrorf(op, "requires attribute '%s'", TableAttrName)
	}
	arr, ok := a.(*ir.DenseArrayAttr)
	if !ok || arr.Floats != nil {
		return ir.OpErrorf(op, "attribute '%s' must be a dense integer array (array<%s: ...>)", TableAttrName, asm.TypeString(rt))
	}
	if arr.Elem != rt {
		return ir.OpErrorf(op, "table elements are '%s', but the result is '%s'", asm.TypeString(arr.Elem), asm.TypeString(rt))
	}
	if len(arr.Ints) == 0 {
		return ir.OpErrorf(op, "the table is empty")
	}
	return nil
}

// TableLoadView is a typed view of a gpu.table_load.
type TableLoadView struct{ *ir.Operation }

// Index is the element's index.
func (t TableLoadView) Index() ir.Value { return t.Operand(0) }

// Table returns the table's elements (sign-extended from their width).
func (t TableLoadView) Table() []int64 {
	if a, ok := t.Attr(TableAttrName).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// ElemBytes is the size of an element in bytes (4 or 8).
func (t TableLoadView) ElemBytes() int { return ir.BitWidth(t.Result(0).Type()) / 8 }

// Bytes is the table as it lies in memory: its elements, little-endian,
// one after the other.
func (t TableLoadView) Bytes() []byte { return TableBytes(t.Table(), t.ElemBytes()) }

// TableBytes lays vals out little-endian in elements of size bytes (4 or
// 8), as the emitters initialize a table's global.
func TableBytes(vals []int64, size int) []byte {
	out := make([]byte, size*len(vals))
	for i, v := range vals {
		if size == 4 {
			binary.LittleEndian.PutUint32(out[4*i:], uint32(v))
		} else {
			binary.LittleEndian.PutUint64(out[8*i:], uint64(v))
		}
	}
	return out
}

// NewTableLoad builds `gpu.table_load idx {table = array<elem: vals>}`:
// element idx of vals, of type elem (i32 or i64).
func NewTableLoad(b *ir.Builder, loc ir.Location, idx ir.Value, elem ir.Type, vals []int64) *ir.Operation {
	return b.CreateOp(TableLoadOp.Name, loc, []ir.Value{idx}, []ir.Type{elem},
		ir.NamedAttr{Name: TableAttrName, Value: ir.DenseIntArray(b.Ctx, elem, vals)})
}
