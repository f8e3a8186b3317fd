package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// ttng.async_tma_reduce KIND: a TMA store whose elements combine with
// global memory (cp.reduce.async.bulk.tensor), cut into boxes, issued and
// committed exactly as ttng.async_tma_copy_local_to_global (Triton 3.6
// lowers both through convertTMAStoreLikeOp). The hardware takes the
// element type from the tensor map, so nothing in the instruction names
// it; what the lowering can check is that the buffer's element type is
// one the PTX ISA allows for KIND. TTIR does not tell u32 from s32 (nor
// u64 from s64): an i32 or i64 buffer is accepted when either signedness
// is allowed, and the host's tensor map decides.

// tmaReduceElemOK reports whether cp.reduce.async.bulk.tensor KIND takes
// elements of type t: add u32/s32/u64/f32/f16/bf16; min, max u32/s32/
// u64/s64/f16/bf16; inc, dec u32; and, or, xor 32- and 64-bit integers.
func tmaReduceElemOK(kind tt.DescriptorReduceKind, t ir.Type) bool {
	i32, i64 := ir.IsInteger(t, 32), ir.IsInteger(t, 64)
	var fk ir.FloatKind
	isF := false
	if f, ok := t.(*ir.FloatType); ok {
		fk, isF = f.Kind, true
	}
	half := isF && (fk == ir.F16 || fk == ir.BF16)
	switch kind {
	case tt.ReduceAdd:
		return i32 || i64 || half || isF && fk == ir.F32
	case tt.ReduceMin, tt.ReduceMax:
		return i32 || i64 || half
	case tt.ReduceInc, tt.ReduceDec:
		return i32
	case tt.ReduceAnd, tt.ReduceOr, tt.ReduceXor:
		return i32 || i64
	}
	return false
}

// lowerTMAReduce: ttng.async_tma_reduce KIND, %desc[coords] %buf -> one
// gpu.tma_reduce KIND per box, then every thread closes its bulk group.
func (l *lowering) lowerTMAReduce(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	a, ok := op.Attr("kind").(*ir.IntegerAttr)
	if !ok {
		return ir.OpErrorf(op, "requires attribute 'kind'")
	}
	kind := tt.DescriptorReduceKind(a.Int())
	if mt, ok := op.Operand(op.NumOperands() - 1).Type().(*ttg.MemDescType); ok && !tmaReduceElemOK(kind, mt.Elem) {
		return ir.OpErrorf(op, "TMA cannot reduce (%s) elements of type %s: cp.reduce.async.bulk.tensor.%s takes %s",
			kind, asm.TypeString(mt.Elem), kind, tmaReduceTypes(kind))
	}
	return l.lowerTMAStoreLike(op, e, rw, func(tmap ir.Value, coords []ir.Value, src, pred ir.Value) {
		gpu.NewTMAReduce(e.b, e.loc, kind.String(), tmap, coords, src, pred)
	})
}

// tmaReduceTypes names the element types KIND takes, for diagnostics.
func tmaReduceTypes(kind tt.DescriptorReduceKind) string {
	switch kind {
	case tt.ReduceAdd:
		return "u32, s32, u64, f32, f16 and bf16"
	case tt.ReduceMin, tt.ReduceMax:
		return "u32, s32, u64, s64, f16 and bf16"
	case tt.ReduceInc, tt.ReduceDec:
		return "u32"
	}
	return "32- and 64-bit integers"
}
