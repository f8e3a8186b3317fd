package gpu

import (
	"github.com/ttcompiler/tt/ir"
)

// AMD's wait on the wave's memory counters, which Triton's block
// ping-pong places (amdg.memory_counter_wait):
//
//	gpu.memory_counter_wait {load = 0, store = 0, ds = 0}
//
// The wave stops until at most `load` of its vector-memory loads
// (global and buffer loads), `store` of its vector-memory stores and `ds`
// of its LDS accesses are still in flight; a counter left out is not
// waited on. Every counter is optional, as in the amdg op, and none of
// them names a buffer: the op orders all memory (orderingEffects), so
// nothing moves across it. Each target encodes the counters its own way
// (targets/llvmir: one s_waitcnt on gfx9, s_waitcnt plus
// s_waitcnt_vscnt on gfx10 and gfx11, a wait per counter on gfx12),
// clamping a count to what the hardware counter holds. It is an AMD
// instruction; NVIDIA has no counters to wait on.
var MemoryCounterWaitOp = Dialect.NewOp("memory_counter_wait", 0)

var memoryCounterWaitOptions = []option{intOpt("load", 0, true), intOpt("store", 0, true), intOpt("ds", 0, true)}

// MemoryCounters are the counts of a gpu.memory_counter_wait, -1 for a
// counter it does not wait on.
type MemoryCounters struct {
	Load, Store, DS int64
}

// NoWait is a counter gpu.memory_counter_wait leaves alone.
const NoWait = -1

func init() {
	defineFence(MemoryCounterWaitOp, memoryCounterWaitOptions, func(op *ir.Operation) error {
		if _, neg, n := MemoryCountersOf(op); neg != "" {
			return ir.OpErrorf(op, "'%s' is a count of accesses in flight and cannot be negative (%d)", neg, n)
		}
		return nil
	})
}

// MemoryCountersOf reads the counts of a wait on the memory counters:
// gpu.memory_counter_wait, or amdg.memory_counter_wait, whose attributes
// have the same names. A counter the op leaves out is NoWait; neg names
// the first negative count (and n is its value), which neither op allows.
func MemoryCountersOf(op *ir.Operation) (c MemoryCounters, neg string, n int64) {
	c = MemoryCounters{Load: NoWait, Store: NoWait, DS: NoWait}
	for _, f := range []struct {
		name string
		n    *int64
	}{{"load", &c.Load}, {"store", &c.Store}, {"ds", &c.DS}} {
		if a, ok := op.Attr(f.name).(*ir.IntegerAttr); ok {
			if a.Int() < 0 && neg == "" {
				neg, n = f.name, a.Int()
			}
			*f.n = a.Int()
		}
	}
	return c, neg, n
}

// NewMemoryCounterWait builds `gpu.memory_counter_wait {...}` with the
// counters of c that are not NoWait.
func NewMemoryCounterWait(b *ir.Builder, loc ir.Location, c MemoryCounters) *ir.Operation {
	var attrs []ir.NamedAttr
	for _, kv := range []struct {
		name string
		n    int64
	}{{"load", c.Load}, {"store", c.Store}, {"ds", c.DS}} {
		if kv.n != NoWait {
			attrs = append(attrs, ir.NamedAttr{Name: kv.name, Value: ir.I32Attr(b.Ctx, kv.n)})
		}
	}
	return b.CreateOp(MemoryCounterWaitOp.Name, loc, nil, nil, attrs...)
}
