package llvmir

import (
	"strings"

	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/llvm/nvg"
	"github.com/ttcompiler/tt/dialects/nvvm"
	"github.com/ttcompiler/tt/ir"
)

// The nvvm and nvg ops of Triton's own LLVM-dialect output, so that IR
// lowered by Triton translates too (NVPTX only).

// registerNVVMOps adds the nvvm and nvg ops to llvmOps (registerHandlers).
func registerNVVMOps() {
	for name, def := range nvvm.SpecialRegisters {
		name := name
		llvmOps[def.Name] = func(fx *fnTr, op *ir.Operation) error {
			if fx.tr.target.Kind != NVPTX {
				return ir.OpErrorf(op, "nvvm ops need an NVPTX target")
			}
			t, err := fx.typ(op, op.Result(0).Type())
			if err != nil {
				return err
			}
			if strings.HasPrefix(name, "cluster") {
				// No LLVM 14 intrinsic: read the register directly.
				reg := "%" + strings.ReplaceAll(name, "cluster.", "cluster_")
				fx.set(op, fx.asm("mov.u32 $0, "+reg+";", "=r", t, false))
				return nil
			}
			fx.set(op, fx.call("llvm.nvvm.read.ptx.sreg."+name, t))
			return nil
		}
	}
	llvmOps[nvvm.Barrier0Op.Name] = func(fx *fnTr, op *ir.Operation) error {
		if fx.tr.target.Kind != NVPTX {
			return ir.OpErrorf(op, "nvvm ops need an NVPTX target")
		}
		return fx.nvBarrier(op)
	}
	llvmOps[nvvm.ShflOp.Name] = (*fnTr).nvvmShfl
	llvmOps[nvvm.VoteSyncOp.Name] = (*fnTr).nvvmVote
	llvmOps[nvg.ClusterIDOp.Name] = (*fnTr).nvgClusterID
}

func kindName(op *ir.Operation) string {
	if k, ok := op.Attr("kind").(*nvvm.KindAttr); ok {
		return k.Value
	}
	return ""
}

// nvvmShfl calls llvm.nvvm.shfl.sync.<kind>.{i32,f32}[p].
func (fx *fnTr) nvvmShfl(op *ir.Operation) error {
	if fx.tr.target.Kind != NVPTX {
		return ir.OpErrorf(op, "nvvm ops need an NVPTX target")
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	vt := xs[1].Type()
	suffix := "i32"
	if vt.Equal(lltypes.Float) {
		suffix = "f32"
	} else if !vt.Equal(lltypes.I32) {
		return ir.OpErrorf(op, "nvvm.shfl.sync on %s is not supported", vt)
	}
	rt, err := fx.typ(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	if op.Attr("return_value_and_is_valid") != nil {
		suffix += "p"
	}
	fx.set(op, fx.call("llvm.nvvm.shfl.sync."+kindName(op)+"."+suffix, rt, xs[0], xs[1], xs[2], xs[3]))
	return nil
}

func (fx *fnTr) nvvmVote(op *ir.Operation) error {
	if fx.tr.target.Kind != NVPTX {
		return ir.OpErrorf(op, "nvvm ops need an NVPTX target")
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	rt, err := fx.typ(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	fx.set(op, fx.call("llvm.nvvm.vote."+kindName(op)+".sync", rt, xs...))
	return nil
}

// nvgClusterID is the CTA's rank in its cluster: %cluster_ctarank on
// sm_90 and newer, 0 before clusters existed.
func (fx *fnTr) nvgClusterID(op *ir.Operation) error {
	if fx.tr.target.Kind != NVPTX {
		return ir.OpErrorf(op, "nvg ops need an NVPTX target")
	}
	if fx.tr.target.SM() < 90 {
		fx.set(op, i32c(0))
		return nil
	}
	fx.set(op, fx.asm("mov.u32 $0, %cluster_ctarank;", "=r", lltypes.I32, false))
	return nil
}
