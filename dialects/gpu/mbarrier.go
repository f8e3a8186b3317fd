package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Memory barriers in shared memory (PTX mbarrier.*.shared::cta.b64):
//
//	gpu.mbarrier_init %bar, %p {count = 1} : !llvm.ptr<3>
//	gpu.mbarrier_arrive %bar {count = 2} : !llvm.ptr<3>
//	gpu.mbarrier_arrive_expect_tx %bar, %p {tx = 16384} : !llvm.ptr<3>
//	gpu.mbarrier_wait %bar, %phase, %p : !llvm.ptr<3>
//	gpu.mbarrier_inval %bar : !llvm.ptr<3>
//	gpu.cp_async_mbarrier_arrive %bar {noinc} : !llvm.ptr<3>
//	gpu.mbarrier_arrive_cluster %bar, %rank, %p {count = 1} : !llvm.ptr<3>
//
// Every op takes the barrier's address (an 8-byte aligned !llvm.ptr<3>)
// and an optional trailing i1 predicate: where it is false the thread
// does nothing (Triton lowers these ops with one thread, tid == 0,
// predicated on).
//
// An mbarrier object is 8 bytes holding: the current phase's parity P
// (the phase number mod 2), the pending arrival count, the expected
// arrival count and a transaction count tx (bytes still to arrive, which
// may go negative when bytes arrive before they are expected).
//
//   - gpu.mbarrier_init {count = n} (1 <= n < 2^20): P = 0, pending =
//     expected = n, tx = 0. The object must not be in use; other threads
//     (and TMA) may use it only after a barrier (and, for TMA,
//     gpu.fence_mbarrier_init) that orders the init before their use.
//   - gpu.mbarrier_arrive {count = c} (default 1; c > 1 needs sm_90):
//     pending -= c, with release semantics at CTA scope (the thread's
//     earlier memory accesses are visible to threads that observe the
//     phase complete).
//   - gpu.mbarrier_arrive_expect_tx {tx = b} (sm_90): tx += b, then an
//     arrive with count 1, atomically.
//   - complete_tx (no op of its own): a TMA load (gpu.tma_load) whose
//     bytes have landed in shared memory does tx -= bytes on its barrier.
//   - A phase completes when pending == 0 and tx == 0: P flips, pending =
//     expected, tx = 0. Arriving more than pending, or completing more
//     bytes than ever expected in a phase, is an error.
//   - gpu.mbarrier_wait %bar, %phase blocks the thread until the phase
//     with parity (phase & 1) has completed, i.e. until the object's
//     current parity P differs from (phase & 1): waiting on the parity of
//     the current phase blocks until it completes, waiting on the other
//     parity returns at once. It has acquire semantics: once it returns,
//     the memory accesses that happened before the arrivals of that phase
//     and the TMA bytes counted by it are visible to the thread. (PTX:
//     a loop on mbarrier.try_wait.parity, or on test_wait.parity before
//     sm_90, as Triton emits it.)
//   - gpu.mbarrier_inval: the object is no longer a barrier; its 8 bytes
//     may be reused (after a barrier) for anything, including a new init.
//   - gpu.cp_async_mbarrier_arrive (PTX cp.async.mbarrier.arrive, sm_80)
//     is executed by every thread that wants its copies tracked, not by
//     one thread for all: the barrier tracks every gpu.cp_async the
//     executing thread issued before it (committed or not), and an
//     arrival with count 1 happens asynchronously once all of them have
//     completed, so a wait that sees the phase complete also sees their
//     bytes. Without `noinc` the pending count is first incremented by
//     one, so the arrival only delays the phase until the copies land;
//     with `noinc` it is not, and the arrival is one of the phase's
//     expected ones (an init count of the number of threads when every
//     thread executes it).
//   - gpu.mbarrier_arrive_cluster %bar, %rank {count = c} (sm_90,
//     clusters): the arrive of gpu.mbarrier_arrive on the barrier at
//     bar's offset in the shared memory of the cluster's CTA of rank
//     %rank (an i32; the executing CTA's own rank is allowed), with
//     release semantics at cluster scope: the thread's earlier memory
//     accesses are visible to the threads of that CTA that observe the
//     phase complete. (PTX: mapa.shared::cluster, then mbarrier.arrive.
//     release.cluster.shared::cluster.b64.) The target CTA must not have
//     exited.
//
// The ops read and write shared memory and order all memory accesses
// around them (they are never moved or erased). mbarrier needs sm_80;
// arrive counts above 1, expect_tx and try_wait sm_90.
var (
	MBarrierInitOp           = Dialect.NewOp("mbarrier_init", 0)
	MBarrierArriveOp         = Dialect.NewOp("mbarrier_arrive", 0)
	MBarrierArriveExpectTxOp = Dialect.NewOp("mbarrier_arrive_expect_tx", 0)
	MBarrierWaitOp           = Dialect.NewOp("mbarrier_wait", 0)
	MBarrierInvalOp          = Dialect.NewOp("mbarrier_inval", 0)
	CpAsyncMBarrierArriveOp  = Dialect.NewOp("cp_async_mbarrier_arrive", 0)
	MBarrierArriveClusterOp  = Dialect.NewOp("mbarrier_arrive_cluster", 0)
)

// mbarrierOp describes the operands and options of one mbarrier op.
type mbarrierOp struct {
	def     *ir.OpDef
	opts    []option
	i32Args int // i32 operands after the barrier (a wait's phase, a cluster arrive's rank)
}

var mbarrierOps = []mbarrierOp{
	{def: MBarrierInitOp, opts: []option{intOpt("count", 0, true)}},
	{def: MBarrierArriveOp, opts: []option{intOpt("count", 1, false)}},
	{def: MBarrierArriveExpectTxOp, opts: []option{intOpt("tx", 0, true)}},
	{def: MBarrierWaitOp, i32Args: 1},
	{def: MBarrierInvalOp},
	{def: CpAsyncMBarrierArriveOp, opts: []option{flag("noinc")}},
	{def: MBarrierArriveClusterOp, opts: []option{intOpt("count", 1, false)}, i32Args: 1},
}

func init() {
	for _, m := range mbarrierOps {
		m := m
		m.def.Inherent = inherentNames(m.opts)
		m.def.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseBarrierOp(p, st, m) }
		m.def.Print = func(p ir.OpPrinter, op *ir.Operation) { printBarrierOp(p, op, m) }
		m.def.Verify = func(op *ir.Operation) error { return verifyBarrierOp(op, m) }
		m.def.AppendEffects = orderingEffects
	}
}

// parseBarrierOp reads `%bar[, i32 args][, %pred] {options} : !llvm.ptr<3>`.
func parseBarrierOp(p ir.OpParser, st *ir.OperationState, m mbarrierOp) error {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, m.opts); err != nil {
		return err
	}
	pt, err := p.ParseColonType()
	if err != nil {
		return err
	}
	n := 1 + m.i32Args
	if len(us) != n && len(us) != n+1 {
		return p.ErrorfAt(loc, "expected %d operands and an optional predicate, got %d operands", n, len(us))
	}
	ts := []ir.Type{pt}
	for i := 0; i < m.i32Args; i++ {
		ts = append(ts, ir.I32(p.Context()))
	}
	if len(us) > n {
		ts = append(ts, ir.I1(p.Context()))
	}
	vals, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printBarrierOp(p ir.OpPrinter, op *ir.Operation, m mbarrierOp) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printOptions(p, op, m.opts)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func verifyBarrierOp(op *ir.Operation, m mbarrierOp) error {
	n := 1 + m.i32Args
	if op.NumResults() != 0 || op.NumOperands() != n && op.NumOperands() != n+1 {
		return ir.OpErrorf(op, "expected %d operands and an optional i1 predicate, and no results", n)
	}
	if err := verifyOptions(op, m.opts); err != nil {
		return err
	}
	for _, o := range m.opts {
		isFlag := o.enum == nil && !o.integer // flags are optional
		if o.hide == nil && !isFlag && op.Attr(o.name) == nil {
			return ir.OpErrorf(op, "requires option '%s'", o.name)
		}
	}
	if s, ok := spaceOf(op.Operand(0).Type()); !ok || s != SpaceShared {
		return ir.OpErrorf(op, "barrier must be an !llvm.ptr<3>, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	for _, v := range op.Operands()[1:n] {
		if !ir.IsInteger(v.Type(), 32) {
			return ir.OpErrorf(op, "%s must be i32, got '%s'", i32ArgName(op), asm.TypeString(v.Type()))
		}
	}
	if op.NumOperands() > n && !ir.IsInteger(op.Operand(n).Type(), 1) {
		return ir.OpErrorf(op, "predicate must be i1, got '%s'", asm.TypeString(op.Operand(n).Type()))
	}
	switch op.Name() {
	case MBarrierInitOp.Name:
		if c := BarrierCount(op); c < 1 || c >= 1<<20 {
			return ir.OpErrorf(op, "count must be between 1 and 2^20-1, not %d", c)
		}
	case MBarrierArriveOp.Name, MBarrierArriveClusterOp.Name:
		if c := BarrierCount(op); c < 1 || c >= 1<<20 {
			return ir.OpErrorf(op, "count must be between 1 and 2^20-1, not %d", c)
		}
	case MBarrierArriveExpectTxOp.Name:
		if tx := ExpectedTx(op); tx < 0 || tx >= 1<<20 {
			return ir.OpErrorf(op, "tx must be between 0 and 2^20-1 bytes, not %d", tx)
		}
	}
	return nil
}

// i32ArgName names the i32 operand of a wait (its phase) or a cluster
// arrive (the target CTA's rank).
func i32ArgName(op *ir.Operation) string {
	if op.Name() == MBarrierArriveClusterOp.Name {
		return "rank"
	}
	return "phase"
}

// BarrierPred returns the predicate of an mbarrier op, or nil.
func BarrierPred(op *ir.Operation) ir.Value {
	n := 1
	if op.Name() == MBarrierWaitOp.Name || op.Name() == MBarrierArriveClusterOp.Name {
		n = 2
	}
	if op.NumOperands() > n {
		return op.Operand(n)
	}
	return nil
}

// BarrierCount is the count of an mbarrier_init or mbarrier_arrive.
func BarrierCount(op *ir.Operation) int {
	def := int64(1)
	if op.Name() == MBarrierInitOp.Name {
		def = 0
	}
	return int(enumOf(op, "count", def))
}

// ClusterRank returns the target CTA's rank of a gpu.mbarrier_arrive_cluster.
func ClusterRank(op *ir.Operation) ir.Value { return op.Operand(1) }

// NoIncrement reports whether a cp_async_mbarrier_arrive leaves the
// pending count alone (`noinc`): its arrival is one of the phase's.
func NoIncrement(op *ir.Operation) bool { return op.Attr("noinc") != nil }

// ExpectedTx is the byte count of an mbarrier_arrive_expect_tx.
func ExpectedTx(op *ir.Operation) int { return int(enumOf(op, "tx", 0)) }

func barrierOperands(bar, pred ir.Value, mid ...ir.Value) []ir.Value {
	ops := append([]ir.Value{bar}, mid...)
	if pred != nil {
		ops = append(ops, pred)
	}
	return ops
}

// NewMBarrierInit builds `gpu.mbarrier_init bar[, pred] {count}`.
func NewMBarrierInit(b *ir.Builder, loc ir.Location, bar, pred ir.Value, count int) *ir.Operation {
	return b.CreateOp(MBarrierInitOp.Name, loc, barrierOperands(bar, pred), nil, ir.NamedAttr{Name: "count", Value: ir.I32Attr(b.Ctx, int64(count))})
}

// NewMBarrierArrive builds `gpu.mbarrier_arrive bar[, pred] {count}`.
func NewMBarrierArrive(b *ir.Builder, loc ir.Location, bar, pred ir.Value, count int) *ir.Operation {
	var attrs []ir.NamedAttr
	if count != 1 {
		attrs = append(attrs, ir.NamedAttr{Name: "count", Value: ir.I32Attr(b.Ctx, int64(count))})
	}
	return b.CreateOp(MBarrierArriveOp.Name, loc, barrierOperands(bar, pred), nil, attrs...)
}

// NewMBarrierArriveCluster builds `gpu.mbarrier_arrive_cluster bar, rank[, pred] {count}`.
func NewMBarrierArriveCluster(b *ir.Builder, loc ir.Location, bar, rank, pred ir.Value, count int) *ir.Operation {
	var attrs []ir.NamedAttr
	if count != 1 {
		attrs = append(attrs, ir.NamedAttr{Name: "count", Value: ir.I32Attr(b.Ctx, int64(count))})
	}
	return b.CreateOp(MBarrierArriveClusterOp.Name, loc, barrierOperands(bar, pred, rank), nil, attrs...)
}

// NewMBarrierArriveExpectTx builds `gpu.mbarrier_arrive_expect_tx bar[, pred] {tx}`.
func NewMBarrierArriveExpectTx(b *ir.Builder, loc ir.Location, bar, pred ir.Value, tx int) *ir.Operation {
	return b.CreateOp(MBarrierArriveExpectTxOp.Name, loc, barrierOperands(bar, pred), nil, ir.NamedAttr{Name: "tx", Value: ir.I32Attr(b.Ctx, int64(tx))})
}

// AttrSuspendNS, on a gpu.mbarrier_wait, is the time in nanoseconds a
// waiting thread may be suspended for before it tests the phase again
// (try_wait's suspendTimeHint on sm_90; CUTLASS passes 10,000,000):
// without it the hardware's own, shorter limit applies, and a thread
// that waits long (a producer ahead of its consumers) spins through more
// instructions. Only a hint: the wait ends when the phase completes. Not
// one of Triton's.
const AttrSuspendNS = "suspend_ns"

// SuspendNS returns a wait's AttrSuspendNS, or 0.
func SuspendNS(op *ir.Operation) int64 {
	if a, ok := op.Attr(AttrSuspendNS).(*ir.IntegerAttr); ok && a.Int() > 0 {
		return a.Int()
	}
	return 0
}

// NewMBarrierWait builds `gpu.mbarrier_wait bar, phase[, pred]`.
func NewMBarrierWait(b *ir.Builder, loc ir.Location, bar, phase, pred ir.Value) *ir.Operation {
	return b.CreateOp(MBarrierWaitOp.Name, loc, barrierOperands(bar, pred, phase), nil)
}

// NewCpAsyncMBarrierArrive builds `gpu.cp_async_mbarrier_arrive bar[,
// pred] [{noinc}]`.
func NewCpAsyncMBarrierArrive(b *ir.Builder, loc ir.Location, bar, pred ir.Value, noinc bool) *ir.Operation {
	var attrs []ir.NamedAttr
	if noinc {
		attrs = append(attrs, ir.NamedAttr{Name: "noinc", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp(CpAsyncMBarrierArriveOp.Name, loc, barrierOperands(bar, pred), nil, attrs...)
}

// NewMBarrierInval builds `gpu.mbarrier_inval bar[, pred]`.
func NewMBarrierInval(b *ir.Builder, loc ir.Location, bar, pred ir.Value) *ir.Operation {
	return b.CreateOp(MBarrierInvalOp.Name, loc, barrierOperands(bar, pred), nil)
}
