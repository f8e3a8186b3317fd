package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// tt.dot: D = A x B + C, lowered by the layout of its result, as Triton
// 3.6's DotOpConversion chooses: a blocked result is the FMA dot
// (dot_fma.go: per-thread multiply-adds, what accelerate-matmul leaves
// when no tensor-core instruction applies), an nvidia_mma version 2
// result is mma.sync (dot_mma.go), an amd_mfma result is MFMA
// (dot_mfma.go), with the instruction the target picks. Wgmma dots are
// ttng.warp_group_dot by then; AMD's WMMA (RDNA) is not lowered.

// dotOperands are the typed pieces of a tt.dot.
type dotOperands struct {
	a, b, c, d *ir.RankedTensorType
}

// dotLayouts returns the register layouts of a dot's A, B and result.
func (l *lowering) dotLayouts(op *ir.Operation, ts dotOperands) (la, lb, ld *regLayout, err error) {
	if la, err = l.opLayout(op, ts.a); err != nil {
		return nil, nil, nil, err
	}
	if lb, err = l.opLayout(op, ts.b); err != nil {
		return nil, nil, nil, err
	}
	if ld, err = l.opLayout(op, ts.d); err != nil {
		return nil, nil, nil, err
	}
	// With clusters, each CTA multiplies its share of the result: the
	// shapes of the layouts are the CTA's shares from here on.
	if err := checkDotCTAs(op, ld.cta, la.cta, lb.cta); err != nil {
		return nil, nil, nil, err
	}
	return la, lb, ld, nil
}

// dotTypes checks that a tt.dot has tensors of rank 2 or 3 and returns
// them.
func dotTypes(op *ir.Operation) (dotOperands, error) {
	var t [4]*ir.RankedTensorType
	vals := []ir.Value{op.Operand(0), op.Operand(1), op.Operand(2), op.Result(0)}
	names := []string{"operand A", "operand B", "accumulator C", "result"}
	for i, v := range vals {
		rt, ok := v.Type().(*ir.RankedTensorType)
		if !ok || rt.Rank() < 2 || rt.Rank() > 3 {
			return dotOperands{}, ir.OpErrorf(op, "tt.dot: %s must be a tensor of rank 2 or 3, got %s", names[i], asm.TypeString(v.Type()))
		}
		t[i] = rt
	}
	return dotOperands{a: t[0], b: t[1], c: t[2], d: t[3]}, nil
}

func (l *lowering) lowerDot(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	ts, err := dotTypes(op)
	if err != nil {
		return err
	}
	switch enc := ts.d.Encoding.(type) {
	case *ttg.BlockedEncoding:
		return l.lowerFMADot(op, ts, e, rw)
	case *ttg.NvidiaMmaEncoding:
		if enc.VersionMajor == 2 {
			return l.lowerMMAv2Dot(op, ts, enc, e, rw)
		}
		return ir.OpErrorf(op, "tt.dot with an nvidia_mma version %d.%d result: mma.sync dots have version 2, wgmma dots are ttng.warp_group_dot",
			enc.VersionMajor, enc.VersionMinor)
	case *ttg.AMDMfmaEncoding:
		return l.lowerMFMADot(op, ts, enc, e, rw)
	}
	return ir.OpErrorf(op, "tt.dot with a %s result is not supported on %s: the result of a dot is blocked (FMA), nvidia_mma version 2 (mma.sync) or amd_mfma",
		layoutName(ts.d.Encoding), l.target)
}

// layoutName is the mnemonic of a layout attribute, for diagnostics.
func layoutName(a ir.Attribute) string {
	if m, ok := a.(interface{ Mnemonic() string }); ok {
		return "#ttg." + m.Mnemonic()
	}
	if a == nil {
		return "layout-less"
	}
	return "non-TritonGPU"
}

// dotOperandParent returns the parent of a dot operand's layout, checked
// to be a #ttg.dot_op of index want.
func dotOperandParent(op *ir.Operation, t *ir.RankedTensorType, want int) (*ttg.DotOperandEncoding, error) {
	name := [2]string{"A", "B"}[want]
	enc, ok := t.Encoding.(*ttg.DotOperandEncoding)
	if !ok {
		return nil, ir.OpErrorf(op, "tt.dot: operand %s must have a #ttg.dot_op layout, got %s", name, layoutName(t.Encoding))
	}
	if enc.OpIdx != want {
		return nil, ir.OpErrorf(op, "tt.dot: operand %s has the layout of dot operand %d", name, enc.OpIdx)
	}
	return enc, nil
}
