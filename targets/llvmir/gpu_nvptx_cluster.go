package llvmir

import (
	"fmt"

	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// What the CTAs of a cluster share, on NVPTX: an arrival on another CTA's
// mbarrier and the cluster's barrier, as inline PTX (LLVM 14 has neither
// mapa nor the barrier.cluster intrinsics; the PTX is the same text tt's
// own emitter prints).

// nvMBarrierArriveCluster maps the barrier to the target CTA's shared
// memory (mapa, on the 64-bit shared address the translation passes for
// mbarriers) and arrives there with release at cluster scope; a
// predicate branches around both, as for the other mbarrier ops.
func (fx *fnTr) nvMBarrierArriveCluster(op *ir.Operation) error {
	if err := fx.requireSM(op, 90, "mbarrier.arrive.shared::cluster"); err != nil {
		return err
	}
	bar, pred, err := fx.barrierOp(op)
	if err != nil {
		return err
	}
	rank, err := fx.val(op, gpu.ClusterRank(op))
	if err != nil {
		return err
	}
	count := ""
	if n := gpu.BarrierCount(op); n != 1 {
		count = fmt.Sprintf(", %d", n)
	}
	text := "{\n\t.reg .b64 R;\n\tmapa.shared::cluster.u64 R, $0, $1;\n\tmbarrier.arrive.release.cluster.shared::cluster.b64 _, [R]" + count + ";\n\t}"
	fx.predicated(pred, nil, func() []value.Value {
		fx.asm(text, "l,r", lltypes.Void, true, bar, rank)
		return nil
	})
	return nil
}

// nvClusterBarrier: barrier.cluster.arrive[.relaxed].aligned and
// barrier.cluster.wait.aligned.
func (fx *fnTr) nvClusterBarrier(op *ir.Operation) error {
	text := "barrier.cluster.wait.aligned;"
	if op.Name() == gpu.ClusterArriveOp.Name {
		text = "barrier.cluster.arrive.aligned;"
		if gpu.ClusterArriveRelaxed(op) {
			text = "barrier.cluster.arrive.relaxed.aligned;"
		}
	}
	if err := fx.requireSM(op, 90, text[:len("barrier.cluster.arrive")]); err != nil {
		return err
	}
	fx.asm(text, "", lltypes.Void, true)
	return nil
}
