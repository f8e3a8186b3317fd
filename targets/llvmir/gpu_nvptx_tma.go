package llvmir

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TMA, bulk groups and the tensor-map prefetch on NVPTX: inline PTX, as
// Triton writes it (LLVM 14 has none of these intrinsics).

// asmPredicated prefixes text with `@$N ` for a predicate operand.
func asmPredicated(text, cons string, args []value.Value, pred value.Value) (string, string, []value.Value) {
	if pred == nil {
		return text, cons, args
	}
	return "@$" + itoa(len(args)) + " " + text, cons + ",b", append(args, pred)
}

func (fx *fnTr) nvTMA(op *ir.Operation) error {
	if err := fx.requireSM(op, 90, "cp.async.bulk.tensor"); err != nil {
		return err
	}
	v := gpu.TMAView{Operation: op}
	vals := func(vs ...ir.Value) ([]value.Value, error) {
		out := make([]value.Value, len(vs))
		for i, x := range vs {
			lv, err := fx.val(op, x)
			if err != nil {
				return nil, err
			}
			out[i] = lv
		}
		return out, nil
	}
	coords, err := vals(v.Coords()...)
	if err != nil {
		return err
	}
	var pred value.Value
	if p := v.Pred(); p != nil {
		if pred, err = fx.val(op, p); err != nil {
			return err
		}
	}
	rank := len(coords)
	cs := make([]string, rank)
	if op.Name() == gpu.TMALoadOp.Name {
		lead, err := vals(v.Shared(), v.Map(), v.Barrier())
		if err != nil {
			return err
		}
		for i := range cs {
			cs[i] = "$" + itoa(2+i)
		}
		text := fmt.Sprintf("cp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {%s}], [$%d];",
			rank, strings.Join(cs, ", "), 2+rank)
		args := append(append([]value.Value{lead[0], lead[1]}, coords...), lead[2])
		cons := "l,l" + strings.Repeat(",r", rank) + ",l"
		if mask := gpu.Multicast(op); mask != 0 {
			// ctaMask is a 16-bit operand (an `h` register); the PTX ISA
			// advises .multicast::cluster for sm_90a.
			text = fmt.Sprintf("cp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [$0], [$1, {%s}], [$%d], $%d;",
				rank, strings.Join(cs, ", "), 2+rank, 3+rank)
			args = append(args, constant.NewInt(lltypes.I16, int64(mask)))
			cons += ",h"
		}
		text, cons, args = asmPredicated(text, cons, args, pred)
		fx.asm(text, cons, lltypes.Void, true, args...)
		return nil
	}
	lead, err := vals(v.Map(), v.Shared())
	if err != nil {
		return err
	}
	for i := range cs {
		cs[i] = "$" + itoa(1+i)
	}
	inst := "cp.async.bulk.tensor.%dd.global.shared::cta.bulk_group"
	if op.Name() == gpu.TMAReduceOp.Name {
		inst = "cp.reduce.async.bulk.tensor.%dd.global.shared::cta." + gpu.TMAReduceKind(op) + ".bulk_group"
	}
	text := fmt.Sprintf(inst+" [$0, {%s}], [$%d];", rank, strings.Join(cs, ", "), 1+rank)
	args := append(append([]value.Value{lead[0]}, coords...), lead[1])
	text, cons, args := asmPredicated(text, "l"+strings.Repeat(",r", rank)+",l", args, pred)
	fx.asm(text, cons, lltypes.Void, true, args...)
	return nil
}

func (fx *fnTr) nvBulkGroup(op *ir.Operation) error {
	text := "cp.async.bulk.commit_group;"
	if op.Name() == gpu.BulkWaitOp.Name {
		read := ""
		if gpu.WaitsForRead(op) {
			read = ".read"
		}
		text = fmt.Sprintf("cp.async.bulk.wait_group%s %d;", read, gpu.Pending(op))
	}
	if err := fx.requireSM(op, 90, strings.Fields(text)[0]); err != nil {
		return err
	}
	fx.asm(text, "", lltypes.Void, true)
	return nil
}

func (fx *fnTr) nvTMAPrefetch(op *ir.Operation) error {
	if err := fx.requireSM(op, 90, "prefetch.tensormap"); err != nil {
		return err
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	var pred value.Value
	if len(xs) > 1 {
		pred = xs[1]
	}
	text, cons, args := asmPredicated("prefetch.tensormap [$0];", "l", xs[:1], pred)
	fx.asm(text, cons, lltypes.Void, true, args...)
	return nil
}
