package ttg

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// Names of the module (and function) attributes of TritonGPU IR.
const (
	AttrNumWarps                      = "ttg.num-warps"
	AttrNumCTAs                       = "ttg.num-ctas"
	AttrThreadsPerWarp                = "ttg.threads-per-warp"
	AttrTarget                        = "ttg.target"
	AttrShared                        = "ttg.shared"
	AttrTotalNumWarps                 = "ttg.total-num-warps"
	AttrMaxNReg                       = "ttg.maxnreg"
	AttrTensorMemorySize              = "ttg.tensor_memory_size"
	AttrGlobalScratchMemorySize       = "ttg.global_scratch_memory_size"
	AttrGlobalScratchMemoryAlignment  = "ttg.global_scratch_memory_alignment"
	AttrProfileScratchMemorySize      = "ttg.profile_scratch_memory_size"
	AttrProfileScratchMemoryAlignment = "ttg.profile_scratch_memory_alignment"
	AttrPartition                     = "ttg.partition"
	AttrPartitionOutputs              = "ttg.partition.outputs"
	AttrPartitionStages               = "ttg.partition.stages"
	AttrWarpSpecializeTag             = "ttg.warp_specialize.tag"
)

// AttrTensormapPool (tt's own, discardable) marks a tt.make_tensor_descriptor,
// and the ttg.global_scratch_alloc its map is written to, whose map lives in
// the module's pool of tensor-map slots rather than in the launch's global
// scratch: tt-tma-loads' descriptors, for launches that pass no scratch
// (gpu.tensormap_pool_claim).
const AttrTensormapPool = "tt.tensormap_pool"

// AttrTensormapPoolGuard (tt's own, discardable) marks the i1 that is true
// in the programs that build pool maps (tt-tma-loads' run-time guard, in
// the function's entry block): only those claim a slot.
const AttrTensormapPoolGuard = "tt.tensormap_pool_guard"

func intAttr(op *ir.Operation, name string) (int, bool) {
	if op == nil {
		return 0, false
	}
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return int(a.Int()), true
	}
	return 0, false
}

// NumWarps returns the module's `ttg.num-warps` (0 if absent; Triton treats
// a missing value as an error).
func NumWarps(module *ir.Operation) int {
	n, _ := intAttr(module, AttrNumWarps)
	return n
}

// ThreadsPerWarp returns the module's `ttg.threads-per-warp` (default 32).
func ThreadsPerWarp(module *ir.Operation) int {
	if n, ok := intAttr(module, AttrThreadsPerWarp); ok {
		return n
	}
	return 32
}

// NumCTAs returns the module's `ttg.num-ctas` (default 1).
func NumCTAs(module *ir.Operation) int {
	if n, ok := intAttr(module, AttrNumCTAs); ok {
		return n
	}
	return 1
}

// Target returns the module's `ttg.target` ("cuda:90", "hip:gfx942"), or "".
func Target(module *ir.Operation) string {
	if module == nil {
		return ""
	}
	if s, ok := module.Attr(AttrTarget).(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}

// SharedBytes returns the module's `ttg.shared` (bytes of shared memory
// allocated), or 0.
func SharedBytes(module *ir.Operation) int {
	n, _ := intAttr(module, AttrShared)
	return n
}

// ModuleOf returns the closest enclosing builtin.module of op (op itself if
// it is one), or nil.
func ModuleOf(op *ir.Operation) *ir.Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Name() == "builtin.module" {
			return o
		}
	}
	return nil
}

// LookupNumWarps returns the number of warps in effect at op: the
// `ttg.num-warps` of the closest module or function carrying one, or the
// num_warps of the warp_specialize partition op is in (Triton's
// maybeLookupNumWarps).
func LookupNumWarps(op *ir.Operation) (int, bool) {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Name() == "builtin.module" || o.Name() == "tt.func" {
			if n, ok := intAttr(o, AttrNumWarps); ok {
				return n, true
			}
		}
		parent := o.ParentOp()
		if parent != nil && parent.Name() == "ttg.warp_specialize.partitions" {
			ws := parent.ParentOp()
			idx := regionIndex(parent, o.ParentRegion())
			if ws != nil && idx >= 0 {
				if nw, ok := ws.Attr("partitionNumWarps").(*ir.DenseArrayAttr); ok && idx < len(nw.Ints) {
					return int(nw.Ints[idx]), true
				}
			}
		}
	}
	return 0, false
}

func regionIndex(op *ir.Operation, r *ir.Region) int {
	for i, x := range op.Regions() {
		if x == r {
			return i
		}
	}
	return -1
}

// IsCUDA and IsHIP classify a target string; ComputeCapability returns the
// NN of "cuda:NN" (0 if not CUDA).
func IsCUDA(target string) bool { return strings.HasPrefix(target, "cuda:") }
func IsHIP(target string) bool  { return strings.HasPrefix(target, "hip:") }
func ComputeCapability(target string) int {
	var cc int
	if _, err := fmt.Sscanf(target, "cuda:%d", &cc); err != nil {
		return 0
	}
	return cc
}

// verifyAttribute is TritonGPUDialect::verifyOperationAttribute for the
// discardable `ttg.*` attributes.
func verifyAttribute(op *ir.Operation, name string, value ir.Attribute) error {
	isModule := op.Name() == "builtin.module"
	switch name {
	case AttrNumCTAs, AttrTarget, AttrThreadsPerWarp:
		if !isModule {
			return ir.OpErrorf(op, "has unexpected attribute %s which is expected only on `module` ops", name)
		}
	case AttrNumWarps:
		if !isModule && op.Name() != "tt.func" {
			return ir.OpErrorf(op, "has unexpected attribute %s which is expected only on `module` or `tt.func` ops", name)
		}
	}
	switch name {
	case AttrNumWarps, AttrNumCTAs, AttrThreadsPerWarp, AttrShared, AttrTotalNumWarps, AttrMaxNReg,
		AttrTensorMemorySize, AttrGlobalScratchMemorySize, AttrGlobalScratchMemoryAlignment,
		AttrProfileScratchMemorySize, AttrProfileScratchMemoryAlignment:
		if _, ok := value.(*ir.IntegerAttr); !ok {
			return ir.OpErrorf(op, "attribute %s must be an integer", name)
		}
	case AttrTarget:
		if _, ok := value.(*ir.StringAttr); !ok {
			return ir.OpErrorf(op, "attribute %s must be a string", name)
		}
	case AttrPartition:
		ids, ok := value.(*ir.DenseArrayAttr)
		if !ok {
			return ir.OpErrorf(op, "attribute %s must be a dense i32 array", name)
		}
		return verifyPartitionIDs(op, name, ids.Ints)
	case AttrPartitionOutputs:
		arr, ok := value.(*ir.ArrayAttr)
		if !ok {
			return ir.OpErrorf(op, "attribute %s must be an array", name)
		}
		for _, e := range arr.Elems {
			ids, ok := e.(*ir.DenseArrayAttr)
			if !ok {
				return ir.OpErrorf(op, "attribute %s must hold dense i32 arrays", name)
			}
			if err := verifyPartitionIDs(op, name, ids.Ints); err != nil {
				return err
			}
		}
	}
	return nil
}

func verifyPartitionIDs(op *ir.Operation, name string, ids []int64) error {
	seen := map[int64]bool{}
	for _, id := range ids {
		if seen[id] {
			return ir.OpErrorf(op, "has duplicated partition ids in attribute %s", name)
		}
		seen[id] = true
	}
	if len(ids) == 0 {
		return ir.OpErrorf(op, "has no partition ids in attribute %s", name)
	}
	for i := 1; i < len(ids); i++ {
		if ids[i] < ids[i-1] {
			return ir.OpErrorf(op, "partition ids not in sorted order in attribute %s", name)
		}
	}
	return nil
}
