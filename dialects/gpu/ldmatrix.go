package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Warp-collective 8x8 matrix loads and stores between shared memory and
// registers (PTX ldmatrix.sync.aligned.m8n8.xN{.trans}.shared.b16 and
// stmatrix.sync.aligned.m8n8.xN{.trans}.shared.b16):
//
//	%e0, %e1, %e2, %e3, %e4, %e5, %e6, %e7 = gpu.ldmatrix %p : !llvm.ptr<3> -> f16, f16, f16, f16, f16, f16, f16, f16
//	%w0, %w1 = gpu.ldmatrix %p {trans} : !llvm.ptr<3> -> bf16, bf16
//	gpu.stmatrix %p, %e0, %e1, %e2, %e3 : !llvm.ptr<3>, f16, f16, f16, f16
//
// An 8x8 matrix has 8 rows of 16 bytes, each row eight 16-bit units
// u[0..7] (units are what .b16 moves; a unit may hold two 8-bit
// elements). The op moves num = 1, 2 or 4 matrices; each lane holds one
// 32-bit word per matrix, and the op's results (ldmatrix) or stored values
// (stmatrix) are that word's elements, all of one type of 8, 16 or 32
// bits, low bits first: word i is elements [i*E, (i+1)*E) with E =
// 32/element bits. So num = element count * element bits / 32.
//
// Addresses: row r of matrix i starts at the pointer operand of lane
// 8*i + r (16-byte aligned, in shared memory); the pointers of lanes
// >= 8*num are ignored. With g = lane >> 2 and t = lane & 3, lane L's
// word i is, without `trans`, units u[2t] (low half) and u[2t+1] (high
// half) of row g of matrix i: bytes 4t..4t+3 of that row. With `trans`
// (16-bit elements only) the matrix is transposed: the low half is unit g
// of row 2t and the high half unit g of row 2t+1.
//
// gpu.stmatrix (sm_90) is the exact inverse: it writes every row of every
// matrix from the lanes' words by the same correspondence. Both ops are
// warp-collective (`.sync.aligned`): every lane executes them together;
// ldmatrix reads and stmatrix writes shared memory like ordinary
// (weak) accesses at the point of the op. ldmatrix needs sm_75 (tt's
// tensor-core path assumes sm_80), stmatrix sm_90.
var (
	LdMatrixOp = Dialect.NewOp("ldmatrix", 0)
	StMatrixOp = Dialect.NewOp("stmatrix", 0)
)

var matrixOptions = []option{flag("trans")}

func init() {
	LdMatrixOp.Inherent = inherentNames(matrixOptions)
	LdMatrixOp.Parse = parseLdMatrix
	LdMatrixOp.Print = printLdMatrix
	LdMatrixOp.Verify = func(op *ir.Operation) error {
		if op.NumOperands() != 1 {
			return ir.OpErrorf(op, "expected one pointer operand, got %d operands", op.NumOperands())
		}
		return verifyMatrixWords(op, op.ResultTypes(), "results")
	}
	LdMatrixOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read, Resource: "shared", Value: op.Operand(0)})
	}

	StMatrixOp.Inherent = inherentNames(matrixOptions)
	StMatrixOp.Parse = parseStMatrix
	StMatrixOp.Print = printStMatrix
	StMatrixOp.Verify = func(op *ir.Operation) error {
		if op.NumOperands() < 2 || op.NumResults() != 0 {
			return ir.OpErrorf(op, "expected a pointer and values, and no results")
		}
		return verifyMatrixWords(op, op.OperandTypes()[1:], "values")
	}
	StMatrixOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Write, Resource: "shared", Value: op.Operand(0)})
	}
}

// MatrixCount returns how many 8x8 matrices elements of types ts fill
// (0 if they fill no whole number of 32-bit words).
func MatrixCount(ts []ir.Type) int {
	if len(ts) == 0 {
		return 0
	}
	bits := bitWidth(ts[0]) * len(ts)
	if bits%32 != 0 {
		return 0
	}
	return bits / 32
}

// verifyMatrixWords checks the pointer, the element types and their count.
func verifyMatrixWords(op *ir.Operation, ts []ir.Type, what string) error {
	if err := verifyOptions(op, matrixOptions); err != nil {
		return err
	}
	if s, ok := spaceOf(op.Operand(0).Type()); !ok || s != SpaceShared {
		return ir.OpErrorf(op, "address must be an !llvm.ptr<3> (shared memory), got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if len(ts) == 0 {
		return ir.OpErrorf(op, "expected at least one of the %s", what)
	}
	w := bitWidth(ts[0])
	if _, vec := ts[0].(*ir.VectorType); vec || w != 8 && w != 16 && w != 32 {
		return ir.OpErrorf(op, "%s must be 8, 16 or 32-bit integers or floats, got '%s'", what, asm.TypeString(ts[0]))
	}
	for _, t := range ts[1:] {
		if t != ts[0] {
			return ir.OpErrorf(op, "all %s must have one type, got '%s' and '%s'", what, asm.TypeString(ts[0]), asm.TypeString(t))
		}
	}
	if n := MatrixCount(ts); n != 1 && n != 2 && n != 4 {
		return ir.OpErrorf(op, "%d %s of %d bits are not 1, 2 or 4 matrices (one 32-bit word per lane each)", len(ts), what, w)
	}
	if op.Attr("trans") != nil && w != 16 {
		return ir.OpErrorf(op, "'trans' transposes 16-bit units: the %s must be 16-bit, got '%s'", what, asm.TypeString(ts[0]))
	}
	return nil
}

func parseLdMatrix(p ir.OpParser, st *ir.OperationState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, matrixOptions); err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	pt, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	res, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, pt)
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{v}
	st.Types = res
	return nil
}

func printLdMatrix(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	printOptions(p, op, matrixOptions)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(" -> ")
	p.PrintTypes(op.ResultTypes())
}

func parseStMatrix(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, matrixOptions); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(us) {
		return p.ErrorfAt(loc, "%d operands but %d types", len(us), len(ts))
	}
	vals, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printStMatrix(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printOptions(p, op, matrixOptions)
	p.WriteString(" : ")
	p.PrintTypes(op.OperandTypes())
}

// Trans reports whether an ldmatrix or stmatrix transposes.
func Trans(op *ir.Operation) bool { return op.Attr("trans") != nil }

func transAttr(ctx *ir.Context, trans bool) []ir.NamedAttr {
	if trans {
		return []ir.NamedAttr{{Name: "trans", Value: ir.Unit(ctx)}}
	}
	return nil
}

// NewLdMatrix builds `gpu.ldmatrix ptr` with n results of type elem.
func NewLdMatrix(b *ir.Builder, loc ir.Location, ptr ir.Value, elem ir.Type, n int, trans bool) *ir.Operation {
	ts := make([]ir.Type, n)
	for i := range ts {
		ts[i] = elem
	}
	return b.CreateOp(LdMatrixOp.Name, loc, []ir.Value{ptr}, ts, transAttr(b.Ctx, trans)...)
}

// NewStMatrix builds `gpu.stmatrix ptr, values...`.
func NewStMatrix(b *ir.Builder, loc ir.Location, ptr ir.Value, values []ir.Value, trans bool) *ir.Operation {
	return b.CreateOp(StMatrixOp.Name, loc, append([]ir.Value{ptr}, values...), nil, transAttr(b.Ctx, trans)...)
}
