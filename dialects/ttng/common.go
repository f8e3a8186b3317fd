package ttng

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// define creates a ttng op (every TTNG op verifies tensor layouts).
func define(name string, traits ir.Traits, spec asmfmt.Spec) ttg.Op {
	return ttg.Define(Dialect, name, traits, spec)
}

// Resources of memory effects (besides ttg's "shared" and "global").
const TensorMemoryResource = "tensor"

var (
	memdesc = func(name string) asmfmt.Value {
		return asmfmt.Value{Name: name, Constraint: ttg.MemDescC, Class: ttg.MemDescClass}
	}
	i1Operand = func(name string) asmfmt.Value {
		return asmfmt.Value{Name: name, Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)}
	}
	i32Operand = func(name string) asmfmt.Value {
		return asmfmt.Value{Name: name, Constraint: ttg.I32C, Infer: ttg.Fixed(ttg.I32)}
	}
	tensorDescClass = &asmfmt.Class{
		Is: func(t ir.Type) bool { _, ok := t.(*tt.TensorDescType); return ok },
		Parse: func(p ir.DialectParser) (ir.Type, error) {
			return tt.ParseTensorDescType(p)
		},
	}
	tensorDescC = &asmfmt.Constraint{Summary: "tensor descriptor type", Check: func(t ir.Type) bool {
		_, ok := t.(*tt.TensorDescType)
		return ok
	}}
)

func memdescOf(v ir.Value) *ttg.MemDescType {
	t, _ := v.Type().(*ttg.MemDescType)
	return t
}

// verifyBarrierType is Triton's verifyBarrierType: an mbarrier is a 1xi64
// buffer.
func verifyBarrierType(op *ir.Operation, v ir.Value) error {
	t := memdescOf(v)
	if t == nil || !ir.IsInteger(t.Elem, 64) || len(t.Dims) != 1 || t.Dims[0] != 1 {
		return ir.OpErrorf(op, "barrier allocation must be a descriptor of 1xi64 type")
	}
	return nil
}

// appendShared appends an effect of each kind on the shared buffer v.
func appendShared(buf []ir.Effect, v ir.Value, kinds ...ir.EffectKind) []ir.Effect {
	for _, k := range kinds {
		buf = append(buf, shared(k, v))
	}
	return buf
}

// shared and global are one effect on shared or global memory.
func shared(k ir.EffectKind, v ir.Value) ir.Effect {
	return ir.Effect{Kind: k, Resource: ttg.SharedMemoryResource, Value: v}
}

func global(k ir.EffectKind, v ir.Value) ir.Effect {
	return ir.Effect{Kind: k, Resource: ttg.GlobalMemoryResource, Value: v}
}

// sharedOrdering is the effects of the ops that order shared memory
// without naming a buffer (fences, waits).
var sharedOrdering = []ir.Effect{{Kind: ir.Read, Resource: ttg.SharedMemoryResource}, {Kind: ir.Write, Resource: ttg.SharedMemoryResource}}

func sharedOrderingEffects(_ *ir.Operation, buf []ir.Effect) []ir.Effect {
	return append(buf, sharedOrdering...)
}
