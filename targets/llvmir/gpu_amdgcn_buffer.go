package llvmir

import (
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Buffer access on AMDGCN, as Triton's BufferEmitter: a raw buffer
// resource over the base pointer (llvm.amdgcn.make.buffer.rsrc: stride
// 0, num_records gpu.BufferRange, flags (7 << 12) | (4 << 15), the data
// format fields the raw instructions ignore but require non-zero), and
// llvm.amdgcn.raw.ptr.buffer.load/store with the voffset of a false
// predicate moved out of range (0x80000000), so that the hardware reads
// zeros and writes nothing there; a load's others are then selected in.
// The words move as one integer of their total size (i8 to <4 x i32>).
// Cache modifiers are not carried into the aux operand (0: the default
// coherence), which changes no value.

// bufferFlags is the resource's third dword on CDNA (Triton's flags).
const bufferFlags = (7 << 12) | (4 << 15)

// bufferRsrc builds the resource descriptor of a global base pointer.
func (fx *fnTr) bufferRsrc(base value.Value) value.Value {
	return fx.call("llvm.amdgcn.make.buffer.rsrc.p1", fx.tr.ptr(8), base,
		constant.NewInt(lltypes.I16, 0), i32c(gpu.BufferRange), i32c(bufferFlags))
}

// bufferCarrier is the integer type (or vector of i32) of total bits and
// the intrinsic suffix naming it.
func bufferCarrier(total int) (lltypes.Type, string) {
	switch total {
	case 8:
		return lltypes.I8, "i8"
	case 16:
		return lltypes.I16, "i16"
	case 32:
		return lltypes.I32, "i32"
	case 64:
		return lltypes.NewVector(2, lltypes.I32), "v2i32"
	}
	return lltypes.NewVector(4, lltypes.I32), "v4i32"
}

// bufferArgs returns the resource and the voffset of a buffer op (out of
// range where the predicate is false).
func (fx *fnTr) bufferArgs(op *ir.Operation) (rsrc, off, pred value.Value, err error) {
	v := gpu.BufferView{Operation: op}
	base, err := fx.val(op, v.Base())
	if err != nil {
		return nil, nil, nil, err
	}
	if off, err = fx.val(op, v.Offset()); err != nil {
		return nil, nil, nil, err
	}
	if pred, err = fx.val(op, v.Pred()); err != nil {
		return nil, nil, nil, err
	}
	off = fx.cur.NewSelect(pred, off, i32c(-0x80000000))
	return fx.bufferRsrc(base), off, pred, nil
}

func (fx *fnTr) amdBufferLoad(op *ir.Operation) error {
	w, err := fx.words(op, op.ResultTypes())
	if err != nil {
		return err
	}
	rsrc, off, pred, err := fx.bufferArgs(op)
	if err != nil {
		return err
	}
	ct, suffix := bufferCarrier(w.bits * w.n)
	data := fx.call("llvm.amdgcn.raw.ptr.buffer.load."+suffix, ct, rsrc, off, i32c(0), i32c(0))
	words := []value.Value{data}
	if w.n > 1 {
		vec := fx.bitcast(data, lltypes.NewVector(uint64(w.n), w.intType()))
		words = make([]value.Value, w.n)
		for i := range words {
			words[i] = fx.cur.NewExtractElement(vec, i32c(int64(i)))
		}
	}
	others := gpu.BufferView{Operation: op}.Rest()
	for i := range words {
		words[i] = fx.bitcast(words[i], w.lt)
		if len(others) > 0 {
			o, err := fx.val(op, others[i])
			if err != nil {
				return err
			}
			words[i] = fx.cur.NewSelect(pred, words[i], o)
		}
	}
	fx.set(op, words...)
	return nil
}

func (fx *fnTr) amdBufferStore(op *ir.Operation) error {
	vals := gpu.BufferView{Operation: op}.Rest()
	var ts []ir.Type
	for _, v := range vals {
		ts = append(ts, v.Type())
	}
	w, err := fx.words(op, ts)
	if err != nil {
		return err
	}
	rsrc, off, _, err := fx.bufferArgs(op)
	if err != nil {
		return err
	}
	xs := make([]value.Value, len(vals))
	for i, v := range vals {
		if xs[i], err = fx.val(op, v); err != nil {
			return err
		}
		xs[i] = fx.bitcast(xs[i], w.intType())
	}
	ct, suffix := bufferCarrier(w.bits * w.n)
	data := xs[0]
	if w.n > 1 {
		data = fx.packLanes(xs, lltypes.NewVector(uint64(w.n), w.intType()))
	}
	fx.call("llvm.amdgcn.raw.ptr.buffer.store."+suffix, lltypes.Void, fx.bitcast(data, ct), rsrc, off, i32c(0), i32c(0))
	return nil
}
