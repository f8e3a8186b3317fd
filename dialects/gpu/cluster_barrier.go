package gpu

import (
	"github.com/ttcompiler/tt/ir"
)

// The cluster's barrier (sm_90, clusters of CTAs):
//
//	gpu.cluster_arrive
//	gpu.cluster_arrive {relaxed}
//	gpu.cluster_wait
//
// gpu.cluster_arrive (PTX barrier.cluster.arrive.aligned, with `relaxed`
// barrier.cluster.arrive.relaxed.aligned) marks the executing thread's
// arrival at the cluster's barrier; without `relaxed` it releases the
// thread's earlier memory accesses (mbarrier inits included) at cluster
// scope. gpu.cluster_wait (barrier.cluster.wait.aligned) blocks the thread
// until every thread of the cluster that has not exited has arrived since
// the barrier's previous completion, with acquire semantics at cluster
// scope. Each thread alternates the two, arrive first. Both are executed
// by every thread of a warp together (.aligned). A thread that has exited
// no longer counts, so a CTA that leaves early does not hold the others
// back. Without clusters (one CTA a cluster) they act as a barrier of the
// CTA's threads.
var (
	ClusterArriveOp = Dialect.NewOp("cluster_arrive", 0)
	ClusterWaitOp   = Dialect.NewOp("cluster_wait", 0)
)

var clusterArriveOpts = []option{flag("relaxed")}

func init() {
	ClusterArriveOp.Inherent = inherentNames(clusterArriveOpts)
	ClusterArriveOp.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		return parseOptions(p, st, clusterArriveOpts)
	}
	ClusterArriveOp.Print = func(p ir.OpPrinter, op *ir.Operation) { printOptions(p, op, clusterArriveOpts) }
	ClusterArriveOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 0, 0); err != nil {
			return err
		}
		return verifyOptions(op, clusterArriveOpts)
	}
	ClusterArriveOp.AppendEffects = orderingEffects

	ClusterWaitOp.Parse = parseNoOperands
	ClusterWaitOp.Print = printNoOperands
	ClusterWaitOp.Verify = func(op *ir.Operation) error { return counts(op, 0, 0) }
	ClusterWaitOp.AppendEffects = orderingEffects
}

// ClusterArriveRelaxed reports whether a gpu.cluster_arrive is `relaxed`.
func ClusterArriveRelaxed(op *ir.Operation) bool { return op.Attr("relaxed") != nil }

// NewClusterArrive builds `gpu.cluster_arrive [{relaxed}]`.
func NewClusterArrive(b *ir.Builder, loc ir.Location, relaxed bool) *ir.Operation {
	var attrs []ir.NamedAttr
	if relaxed {
		attrs = append(attrs, ir.NamedAttr{Name: "relaxed", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(ClusterArriveOp.Name, loc, nil, nil, attrs...)
}

// NewClusterWait builds `gpu.cluster_wait`.
func NewClusterWait(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(ClusterWaitOp.Name, loc, nil, nil)
}
