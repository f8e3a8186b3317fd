package pipeliner

import (
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Which loads of a loop to pipeline, and how far each is from the dot it
// feeds (Triton's loadOpsToIndirectionLevel).

// isLoadLike reports whether op is a load the pipeliner can make async.
func isLoadLike(op *ir.Operation) bool { return op.Name() == "tt.load" || isTMALoad(op) }

// canBeConvertedToAsyncLoad reports whether a tt.load moves at least 32
// contiguous bits per thread (cp.async copies 4, 8 or 16 bytes; smaller
// loads gain little from pipelining).
func canBeConvertedToAsyncLoad(load *ir.Operation, ai *axisinfo.Module) bool {
	ptr := tt.LoadOp{Operation: load}.Ptr()
	vec := asyncCopyContiguity(load, ai)
	var width int
	if t, ok := ptr.Type().(*ir.RankedTensorType); ok {
		pt, _ := t.Elem.(*tt.PointerType)
		if pt == nil {
			return false
		}
		width = vec * ir.BitWidth(pt.Pointee)
	} else if pt, ok := ptr.Type().(*tt.PointerType); ok {
		width = ir.BitWidth(pt.Pointee)
	}
	return width >= 32
}

// asyncCopyContiguity is how many elements of a tt.load a thread can copy
// as one vector: the pointers' contiguity, bounded by the mask's
// alignment (the contiguity an async copy replacing the load gets).
func asyncCopyContiguity(load *ir.Operation, ai *axisinfo.Module) int {
	lo := tt.LoadOp{Operation: load}
	vec := ai.Contiguity(lo.Ptr())
	if m := lo.Mask(); m != nil {
		vec = min(vec, ai.MaskAlignment(m))
	}
	return vec
}

// pipeliningBeneficial reports whether pipelining the load op pays off.
func pipeliningBeneficial(op *ir.Operation, ai *axisinfo.Module, filterSmall bool) bool {
	if op.Name() == "tt.load" && filterSmall && !canBeConvertedToAsyncLoad(op, ai) {
		return false
	}
	if isTMALoad(op) {
		return true
	}
	if _, incompatible := dotUsersSharedEncoding(op.Result(0)); incompatible {
		return false
	}
	var allocEnc ir.Attribute
	for _, user := range ir.Users(op.Result(0)) {
		if user.Name() != "ttg.local_alloc" {
			continue
		}
		enc := user.Result(0).Type().(*ttg.MemDescType).Encoding
		if allocEnc == nil {
			allocEnc = enc
		}
		if enc != allocEnc {
			// All local_allocs of the load must agree on a layout.
			return false
		}
	}
	if allocEnc != nil && filterSmall {
		reg, ok := op.Result(0).Type().(*ir.RankedTensorType)
		if !ok {
			return false
		}
		if n, err := ttg.CopyVecBytes(reg, allocEnc); err != nil || n < 4 {
			// cp.async needs at least 4 consecutive bytes.
			return false
		}
	}
	return true
}

// loadLevel is a pipelined load's indirection level (0 for a load feeding
// a dot, 1 for a load feeding such a load, ...) and its final user.
type loadLevel struct {
	op        *ir.Operation
	level     int
	finalUser *ir.Operation
}

// loadsToIndirectionLevel walks back from the dots of the loop (and, with
// pipelineWithoutDot, from every op) to the loads feeding them. Loads with
// uses at several levels, and loads at levels no stage is left for, are
// not pipelined.
func loadsToIndirectionLevel(loop *ir.Operation, pipelineWithoutDot bool, ai *axisinfo.Module, numStages int, filterSmall bool) []loadLevel {
	var order []*ir.Operation
	levels := map[*ir.Operation]loadLevel{}
	excluded := map[*ir.Operation]bool{}
	seen := map[*ir.Operation]bool{}
	var dfs func(op, finalUser *ir.Operation, distance int)
	dfs = func(op, finalUser *ir.Operation, distance int) {
		if seen[op] || excluded[op] {
			return
		}
		seen[op] = true
		if isLoadLike(op) {
			if !pipeliningBeneficial(op, ai, filterSmall) {
				return
			}
			if l, ok := levels[op]; ok {
				if l.level != distance {
					delete(levels, op)
					excluded[op] = true
					return
				}
			} else {
				levels[op] = loadLevel{op, distance, finalUser}
				order = append(order, op)
			}
			finalUser = op
			distance++
		}
		for _, v := range nestedOperands(op) {
			if isDotLike(op) && op.NumOperands() > 2 && v == op.Operand(2) {
				// Only the A and B operands of a dot are pipelined.
				continue
			}
			if def := v.DefiningOp(); def != nil && def.Block() == op.Block() {
				dfs(def, finalUser, distance)
			}
		}
	}
	for _, op := range bodyOps(loop) {
		if !isDotLike(op) && op.Name() != "ttng.tmem_store" {
			continue
		}
		seen = map[*ir.Operation]bool{}
		dfs(op, op, 0)
	}
	if pipelineWithoutDot {
		for _, op := range bodyOps(loop) {
			if !isLoadLike(op) {
				dfs(op, op, 0)
			}
		}
	}
	var out []loadLevel
	for _, op := range order {
		l, ok := levels[op]
		if !ok || l.level >= numStages-1 {
			continue
		}
		out = append(out, l)
	}
	return out
}
