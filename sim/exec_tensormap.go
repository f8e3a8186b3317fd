package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
)

// Tensor maps built by the kernel. gpu.tensormap_replace writes one field
// of the shared-memory template in the simulator's encoding
// (tensormap.go), with its magic, so that a template the kernel zeroed and
// filled field by field decodes as the TensorMap of those fields; a field
// never set stays zero, which decoding rejects where
// cuTensorMapEncodeTiled would. gpu.tensormap_cp_fenceproxy copies the
// template's 128 bytes to global memory (every lane of the warp copies the
// same bytes; the warp is one actor for the race detector).
// gpu.fence_proxy_tensormap_acquire orders nothing the simulator could
// reorder and is a no-op; the barrier after it (which the race detector
// checks) is what orders the map before other threads' copies.
//
// What only hardware checks: the bit layout of a real CUtensorMap that
// tensormap.replace produces, and whether the fields the kernel sets are
// all the hardware needs.

func init() {
	define(compileTensormapReplace, gpu.TensormapReplaceOp)
	define(compileTensormapCp, gpu.TensormapCpFenceproxyOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(*thread, *instr) error { return nil }
		return nil
	}, gpu.FenceProxyTensormapAcqOp)
}

// tensormapFieldAt is where a field lives in the simulator's encoding:
// byte offset of dimension 0 and of each further dimension, and size.
func tensormapFieldAt(field string, ord int) (off, size int, ok bool) {
	switch field {
	case "global_address":
		return 8, 8, true
	case "rank":
		return 16, 1, true
	case "elemtype":
		return 17, 1, true
	case "swizzle_mode":
		return 18, 1, true
	case "fill_mode":
		return 19, 1, true
	case "global_dim":
		return 24 + 8*ord, 8, true
	case "global_stride":
		return 64 + 8*ord, 8, true
	case "box_dim":
		return 96 + 2*ord, 2, true
	case "element_stride":
		return 106 + ord, 1, true
	}
	return 0, 0, false
}

func compileTensormapReplace(c *compiler, in *instr) error {
	v := gpu.TensormapReplaceView{Operation: in.op}
	field := v.Field()
	tmpl, pred, val := c.slot(v.Template()), c.slot(v.Pred()), int32(-1)
	if x := v.Value(); x != nil {
		val = c.slot(x)
	}
	imm := uint64(v.Immediate())
	off, size, ok := tensormapFieldAt(field, v.Ord())
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		if r[pred]&1 == 0 {
			return nil
		}
		x := imm
		if val >= 0 {
			x = r[val]
		}
		switch {
		case field == "interleave_layout":
			if x != 0 {
				return fmt.Errorf("tensor map: interleave layout %d is not simulated", x)
			}
			return nil
		case field == "rank":
			x++
		case field == "elemtype":
			x = ptxElemTypeToDataType(x)
		case field == "swizzle_mode" && x > 3:
			return fmt.Errorf("tensor map: swizzle mode %d is not simulated", x)
		case !ok:
			return fmt.Errorf("tensor map: unknown field %q", field)
		}
		base := r[tmpl]
		if base%128 != 0 {
			return fmt.Errorf("the tensor map template at %d is not 128-byte aligned", base)
		}
		if err := th.do(access{op: in.op, shared: true, addr: base, n: 8, kind: Write}, func(b []byte) { copy(b, tensorMapMagic[:]) }); err != nil {
			return err
		}
		return th.do(access{op: in.op, shared: true, addr: base + uint64(off), n: size, align: 1, kind: Write}, func(b []byte) {
			var w [8]byte
			binary.LittleEndian.PutUint64(w[:], x)
			copy(b, w[:size])
		})
	}
	return nil
}

func compileTensormapCp(c *compiler, in *instr) error {
	dst, src, pred := c.slot(in.op.Operand(0)), c.slot(in.op.Operand(1)), c.slot(in.op.Operand(2))
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		if r[pred]&1 == 0 {
			return nil
		}
		var raw [TensorMapBytes]byte
		if err := th.do(access{op: in.op, shared: true, addr: r[src], n: TensorMapBytes, align: 128, kind: Read}, func(b []byte) { copy(raw[:], b) }); err != nil {
			return err
		}
		return th.do(access{op: in.op, addr: r[dst], n: TensorMapBytes, align: 128, kind: Write}, func(b []byte) { copy(b, raw[:]) })
	}
	return nil
}

// ptxElemTypeToDataType maps tensormap.replace's .elemtype numbering
// (PTX: ..., 8 f32.ftz, 9 f64, 10 bf16, ...) to CUtensorMapDataType's
// (8 f64, 9 bf16, 10 f32 with ftz), which the simulator's encoding uses;
// the others agree (Triton's TMA_DTYPE_DEVICE_TO_HOST).
func ptxElemTypeToDataType(x uint64) uint64 {
	switch x {
	case 8:
		return uint64(TMFloat32FTZ)
	case 9:
		return uint64(TMFloat64)
	case 10:
		return uint64(TMBFloat16)
	}
	return x
}
