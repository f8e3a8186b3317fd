package ttng

import "github.com/ttcompiler/tt/ir"

// Tensor maps made one after another (the expansions of consecutive
// tt.make_tensor_descriptor ops: ttng.tensormap_create, then its
// ttng.tensormap_fenceproxy_acquire) form a run, which the lowering
// builds at once: each map in its own part of one shared template area
// (the run's first create reserves it all), written and published by its
// own warp, the run ending in a single CTA barrier. Building them one
// after the other costs each map's release and acquire in turn, about
// 3 us a map on an H200 (docs/PERFORMANCE.md, "What building the maps
// costs").

// TensormapCreateRun returns the run of the ttng.tensormap_create op:
// its first create, op's index in it and the number of creates.
func TensormapCreateRun(op *ir.Operation) (first *ir.Operation, index, count int) {
	first = op
	for p := op.Prev(); p != nil && inTensormapRun(p); p = p.Prev() {
		if p.Name() == "ttng.tensormap_create" {
			first = p
			index++
		}
	}
	count = index + 1
	for n := op.Next(); n != nil && inTensormapRun(n); n = n.Next() {
		if n.Name() == "ttng.tensormap_create" {
			count++
		}
	}
	return first, index, count
}

// EndsTensormapRun reports whether a ttng.tensormap_fenceproxy_acquire
// is the run's last op of its kind: no create or acquire of the run
// follows it, so the run's barrier goes after it.
func EndsTensormapRun(acquire *ir.Operation) bool {
	for n := acquire.Next(); n != nil && inTensormapRun(n); n = n.Next() {
		if n.Name() == "ttng.tensormap_create" || n.Name() == "ttng.tensormap_fenceproxy_acquire" {
			return false
		}
	}
	return true
}

// TensormapCreateOf returns the create of the run of acquire whose map it
// acquires, or nil.
func TensormapCreateOf(acquire *ir.Operation) *ir.Operation {
	for p := acquire.Prev(); p != nil && inTensormapRun(p); p = p.Prev() {
		if p.Name() == "ttng.tensormap_create" && p.Operand(0) == acquire.Operand(0) {
			return p
		}
	}
	return nil
}

// inTensormapRun reports whether op may sit in a run: a create or an
// acquire, the global scratch the maps are written to, or an op without
// memory effects or regions (the creates' operands).
func inTensormapRun(op *ir.Operation) bool {
	switch op.Name() {
	case "ttng.tensormap_create", "ttng.tensormap_fenceproxy_acquire", "ttg.global_scratch_alloc":
		return true
	}
	return op.NumRegions() == 0 && ir.IsMemoryEffectFree(op)
}
