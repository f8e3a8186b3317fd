package llvmir

import (
	"fmt"

	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// cp.async on NVPTX: llvm.nvvm.cp.async.{ca,cg}.shared.global.N (LLVM 14)
// for whole copies, under a branch when predicated; inline PTX for the
// src-size (zero-fill) form, whose intrinsic LLVM 14 lacks.

func (fx *fnTr) nvCpAsync(op *ir.Operation) error {
	if err := fx.requireSM(op, 80, "cp.async"); err != nil {
		return err
	}
	c := gpu.CpAsyncView{Operation: op}
	dst, err := fx.val(op, c.Dst())
	if err != nil {
		return err
	}
	src, err := fx.val(op, c.Src())
	if err != nil {
		return err
	}
	var pred value.Value
	if p := c.Pred(); p != nil {
		if pred, err = fx.val(op, p); err != nil {
			return err
		}
	}
	cache := "ca"
	if c.Cache() == memory.CacheCG {
		cache = "cg"
	}
	if n := c.SrcSize(); n != nil {
		size, err := fx.val(op, n)
		if err != nil {
			return err
		}
		text := fmt.Sprintf("cp.async.%s.shared.global [$0], [$1], %d, $2;", cache, c.Size())
		cons, args := "l,l,r", []value.Value{dst, src, size}
		if pred != nil {
			text, cons, args = "@$3 "+text, cons+",b", append(args, pred)
		}
		fx.asm(text, cons, lltypes.Void, true, args...)
		return nil
	}
	fx.predicated(pred, nil, func() []value.Value {
		fx.call(fmt.Sprintf("llvm.nvvm.cp.async.%s.shared.global.%d", cache, c.Size()), lltypes.Void, dst, src)
		return nil
	})
	return nil
}

func (fx *fnTr) nvCpAsyncCommit(op *ir.Operation) error {
	if err := fx.requireSM(op, 80, "cp.async.commit_group"); err != nil {
		return err
	}
	fx.call("llvm.nvvm.cp.async.commit.group", lltypes.Void)
	return nil
}

func (fx *fnTr) nvCpAsyncWait(op *ir.Operation) error {
	if err := fx.requireSM(op, 80, "cp.async.wait_group"); err != nil {
		return err
	}
	if gpu.WaitsAll(op) {
		fx.call("llvm.nvvm.cp.async.wait.all", lltypes.Void)
		return nil
	}
	fx.call("llvm.nvvm.cp.async.wait.group", lltypes.Void, i32c(int64(gpu.Pending(op))))
	return nil
}
