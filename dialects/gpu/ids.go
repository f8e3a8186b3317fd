package gpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Thread and block indices: `%t = gpu.thread_id x : i32`, `%l =
// gpu.lane_id : i32`, `%s = gpu.shared_base : !llvm.ptr<3>`. All are
// Pure: their value is fixed for the life of a thread.

var (
	// ThreadIDOp is the thread's index in its block along a dimension.
	ThreadIDOp = indexOp("thread_id")
	// BlockIDOp is the program id (the block's index in the grid).
	BlockIDOp = indexOp("block_id")
	// GridDimOp is the number of blocks (programs) along a dimension.
	GridDimOp = indexOp("grid_dim")
	// BlockDimOp is the number of threads in a block along a dimension.
	BlockDimOp = indexOp("block_dim")
	// LaneIDOp is the thread's lane in its warp (wavefront on AMD).
	LaneIDOp = scalarIndexOp("lane_id")
	// SharedBaseOp is the start of the block's dynamic shared memory.
	SharedBaseOp = Dialect.NewOp("shared_base", ir.Pure)
)

func indexOp(name string) *ir.OpDef {
	def := Dialect.NewOp(name, ir.Pure)
	def.Inherent = []string{"dimension"}
	def.Parse = parseIndex
	def.Print = printIndex
	def.Verify = verifyIndex
	return def
}

// scalarIndexOp defines an index op without a dimension:
// `%v = gpu.NAME : i32`.
func scalarIndexOp(name string) *ir.OpDef {
	def := Dialect.NewOp(name, ir.Pure)
	def.Parse = parseColonResult
	def.Print = printColonResult
	def.Verify = func(op *ir.Operation) error { return verifyI32Result(op, 0) }
	return def
}

// newScalarIndex builds `gpu.NAME : i32` of a scalarIndexOp.
func newScalarIndex(b *ir.Builder, loc ir.Location, def *ir.OpDef) *ir.Operation {
	return b.CreateOp(def.Name, loc, nil, []ir.Type{ir.I32(b.Ctx)})
}

func init() {
	SharedBaseOp.Parse = parseColonResult
	SharedBaseOp.Print = printColonResult
	SharedBaseOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 0, 1); err != nil {
			return err
		}
		if s, ok := spaceOf(op.Result(0).Type()); !ok || s != SpaceShared {
			return ir.OpErrorf(op, "result must be !llvm.ptr<3>, got '%s'", asm.TypeString(op.Result(0).Type()))
		}
		return nil
	}
}

// counts checks fixed operand and result counts.
func counts(op *ir.Operation, operands, results int) error {
	if op.NumOperands() != operands {
		return ir.OpErrorf(op, "expected %d operands, but found %d", operands, op.NumOperands())
	}
	if op.NumResults() != results {
		return ir.OpErrorf(op, "expected %d results, but found %d", results, op.NumResults())
	}
	return nil
}

func verifyI32Result(op *ir.Operation, operands int) error {
	if err := counts(op, operands, 1); err != nil {
		return err
	}
	if !ir.IsInteger(op.Result(0).Type(), 32) {
		return ir.OpErrorf(op, "result must be i32, got '%s'", asm.TypeString(op.Result(0).Type()))
	}
	return nil
}

func parseIndex(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	kw, err := p.ParseKeyword()
	if err != nil {
		return err
	}
	v, ok := DimEnum.ValueOf(kw)
	if !ok {
		return p.ErrorfAt(loc, "expected dimension x, y or z, got '%s'", kw)
	}
	st.AddAttr("dimension", ir.I32Attr(p.Context(), v))
	return parseColonResult(p, st)
}

func printIndex(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" " + DimEnum.KeywordOf(enumOf(op, "dimension", 0)))
	printColonResult(p, op)
}

func verifyIndex(op *ir.Operation) error {
	if a := op.Attr("dimension"); a == nil || !DimEnum.Valid(a) {
		return ir.OpErrorf(op, "requires attribute 'dimension' (x, y or z)")
	}
	return verifyI32Result(op, 0)
}

// parseColonResult parses `attr-dict : T` for ops without operands.
func parseColonResult(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.Types = append(st.Types, t)
	return nil
}

// parseOneToOne parses `%x ATTRS : T -> R`, ATTRS by attrs: one operand
// of type T, one result of type R.
func parseOneToOne(p ir.OpParser, st *ir.OperationState, attrs func(ir.OpParser, *ir.OperationState) error) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := attrs(p, st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, t)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	st.Types = []ir.Type{rt}
	return nil
}

func printColonResult(p ir.OpPrinter, op *ir.Operation) {
	p.PrintOptionalAttrDict(op.Attrs(), op.Def().Inherent...)
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// NewThreadID builds `gpu.thread_id d : i32`; likewise NewBlockID,
// NewGridDim and NewBlockDim.
func NewThreadID(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, ThreadIDOp, d)
}

// NewBlockID builds `gpu.block_id d : i32`.
func NewBlockID(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, BlockIDOp, d)
}

// NewGridDim builds `gpu.grid_dim d : i32`.
func NewGridDim(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, GridDimOp, d)
}

// NewBlockDim builds `gpu.block_dim d : i32`.
func NewBlockDim(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, BlockDimOp, d)
}

func newIndex(b *ir.Builder, loc ir.Location, def *ir.OpDef, d Dim) *ir.Operation {
	return b.CreateOp(def.Name, loc, nil, []ir.Type{ir.I32(b.Ctx)}, ir.NamedAttr{Name: "dimension", Value: enumAttr(b.Ctx, d)})
}

// NewLaneID builds `gpu.lane_id : i32`.
func NewLaneID(b *ir.Builder, loc ir.Location) *ir.Operation {
	return newScalarIndex(b, loc, LaneIDOp)
}

// NewSharedBase builds `gpu.shared_base : !llvm.ptr<3>`.
func NewSharedBase(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(SharedBaseOp.Name, loc, nil, []ir.Type{llvm.Ptr(b.Ctx, llvm.SharedAddrSpace)})
}

// DimensionOf returns the dimension of a thread_id, block_id, grid_dim or
// block_dim.
func DimensionOf(op *ir.Operation) Dim { return Dim(enumOf(op, "dimension", 0)) }
