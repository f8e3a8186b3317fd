package llvmir

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// gpu.memory_counter_wait on AMDGCN. The counters the op names (loads,
// stores, LDS accesses in flight) map onto each generation's hardware
// counters (LLVM's AMDGPUUsage, "Memory Model" and the s_waitcnt
// encoding; AMDGPUBaseInfo's bit layout):
//
//   - gfx9 (CDNA: gfx90a, gfx942, gfx950): one s_waitcnt immediate with
//     vmcnt in bits [3:0] and [15:14] (6 bits), expcnt in [6:4], lgkmcnt
//     in [11:8] (4 bits). vmcnt counts every vector-memory access, loads
//     and stores alike, so a wait on both takes the smaller count: at
//     most min(load, store) in flight in all guarantees both bounds
//     (Triton adds the two, which does not). ds is lgkmcnt, which also
//     counts scalar loads: waiting for it bounds the LDS accesses too.
//   - gfx10 and gfx11 (RDNA): loads stay on vmcnt but stores moved to
//     their own counter, vscnt, which s_waitcnt cannot name; it is
//     s_waitcnt_vscnt, for which LLVM has no intrinsic, so tt emits it as
//     inline assembly. s_waitcnt's fields: gfx10 as gfx9 with a 6-bit
//     lgkmcnt in [13:8]; gfx11 vmcnt [15:10], expcnt [2:0], lgkmcnt [9:4].
//   - gfx12 (RDNA4): one counter per kind and one wait per counter,
//     llvm.amdgcn.s.wait.loadcnt / storecnt / dscnt (6 bits each).
//
// A count above what its field holds is clamped: the hardware never has
// more in flight than the counter holds, so waiting for the maximum
// waits for nothing. Fields the op does not name are their maximum (and
// expcnt, which counts exports and GDS, is never waited on), and a wait
// that bounds nothing emits no instruction. Older targets (gfx8 and
// before: a 4-bit vmcnt) are refused, located.

// amdWaits are the instructions that one gpu.memory_counter_wait becomes
// on a target; a negative field emits nothing.
type amdWaits struct {
	waitcnt                  int64 // s_waitcnt's immediate
	vscnt                    int64 // s_waitcnt_vscnt's (gfx10, gfx11)
	loadcnt, storecnt, dscnt int64 // gfx12's waits
}

// amdCounterWaits encodes c for the target.
func amdCounterWaits(target Target, c gpu.MemoryCounters) (amdWaits, error) {
	w := amdWaits{waitcnt: -1, vscnt: -1, loadcnt: -1, storecnt: -1, dscnt: -1}
	major, _ := target.GFXMajor()
	// bound clamps a count to a field's maximum; -1 (none) when the
	// count is absent or the wait would be the maximum anyway.
	bound := func(n, max int64) int64 {
		if n == gpu.NoWait || n >= max {
			return -1
		}
		return n
	}
	// field is a bound as the s_waitcnt field holds it (max: no wait).
	field := func(b, max int64) int64 {
		if b < 0 {
			return max
		}
		return b
	}
	switch {
	case major == 9:
		vm := c.Load
		if c.Store != gpu.NoWait && (vm == gpu.NoWait || c.Store < vm) {
			vm = c.Store
		}
		vmB, lgkmB := bound(vm, 63), bound(c.DS, 15)
		if vmB < 0 && lgkmB < 0 {
			return w, nil
		}
		vmF, lgkmF := field(vmB, 63), field(lgkmB, 15)
		w.waitcnt = vmF&0xF | (vmF>>4)<<14 | 7<<4 | lgkmF<<8
	case major == 10 || major == 11:
		vmB, lgkmB := bound(c.Load, 63), bound(c.DS, 63)
		w.vscnt = bound(c.Store, 63)
		if vmB < 0 && lgkmB < 0 {
			return w, nil
		}
		vmF, lgkmF := field(vmB, 63), field(lgkmB, 63)
		if major == 10 {
			w.waitcnt = vmF&0xF | (vmF>>4)<<14 | 7<<4 | lgkmF<<8
		} else {
			w.waitcnt = vmF<<10 | lgkmF<<4 | 7
		}
	case major == 12:
		w.loadcnt, w.storecnt, w.dscnt = bound(c.Load, 63), bound(c.Store, 63), bound(c.DS, 63)
	default:
		return w, fmt.Errorf("tt encodes the memory counters for gfx9 to gfx12; the target is %s", target.Arch)
	}
	return w, nil
}

// amdMemoryCounterWait emits the waits amdCounterWaits chose.
func (fx *fnTr) amdMemoryCounterWait(op *ir.Operation) error {
	c, _, _ := gpu.MemoryCountersOf(op) // the verifier refused negative counts
	w, err := amdCounterWaits(fx.tr.target, c)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	if w.waitcnt >= 0 {
		fx.call("llvm.amdgcn.s.waitcnt", lltypes.Void, i32c(w.waitcnt))
	}
	if w.vscnt >= 0 {
		fx.asm(fmt.Sprintf("s_waitcnt_vscnt null, %#x", w.vscnt), "", lltypes.Void, true)
	}
	for _, c := range []struct {
		name string
		n    int64
	}{{"llvm.amdgcn.s.wait.loadcnt", w.loadcnt}, {"llvm.amdgcn.s.wait.storecnt", w.storecnt}, {"llvm.amdgcn.s.wait.dscnt", w.dscnt}} {
		if c.n >= 0 {
			fx.call(c.name, lltypes.Void, constant.NewInt(lltypes.I16, c.n))
		}
	}
	return nil
}
