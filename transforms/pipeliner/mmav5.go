package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// What the pipeliner needs to know about Blackwell's tcgen05 MMAs (Triton's
// MMAv5PipelineUtility): whether their operands arrive through pipelined
// loads, and how their tensor-memory accumulator is used in the loop.

// isMMAv5 reports whether op is a tcgen05 MMA.
func isMMAv5(op *ir.Operation) bool {
	return op.Name() == "ttng.tc_gen5_mma" || op.Name() == "ttng.tc_gen5_mma_scaled"
}

// isDotLike reports whether op is a dot (Triton's DotOpInterface).
func isDotLike(op *ir.Operation) bool {
	switch op.Name() {
	case "tt.dot", "tt.dot_scaled", "ttng.warp_group_dot", "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled":
		return true
	}
	return false
}

// mmaOperand returns the named operand of a tcgen05 MMA.
func mmaOperand(op *ir.Operation, name string) ir.Value {
	def := ttng.TCGen5MMA
	if op.Name() == "ttng.tc_gen5_mma_scaled" {
		def = ttng.TCGen5MMAScaled
	}
	if vs := def.Operand(op, name); len(vs) == 1 {
		return vs[0]
	}
	return nil
}

// mmaAccAlloc is the tmem_alloc of an MMAv5's accumulator, or nil.
func mmaAccAlloc(mma *ir.Operation) *ir.Operation {
	if d := mmaOperand(mma, "d").DefiningOp(); d != nil && d.Name() == "ttng.tmem_alloc" {
		return d
	}
	return nil
}

// accAllocOutside is the accumulator's alloc when it is hoisted out of the
// loop, else nil.
func accAllocOutside(mma, loop *ir.Operation) *ir.Operation {
	a := mmaAccAlloc(mma)
	if a == nil || loop.IsAncestorOf(a) {
		return nil
	}
	return a
}

// inLoop reports whether op is nested in loop's body.
func inLoop(op, loop *ir.Operation) bool { return op != loop && loop.IsAncestorOf(op) }

// canBeAsyncLoad reports whether a load can be turned into an async copy:
// TMA loads always, others when the copy moves at least 4 bytes at a time.
func canBeAsyncLoad(op *ir.Operation) bool {
	if isTMALoad(op) {
		return true
	}
	enc, err := loadSharedEncoding(op, nil)
	if err != nil {
		return false
	}
	n, err := ttg.CopyVecBytes(op.Result(0).Type().(*ir.RankedTensorType), enc)
	return err == nil && n >= 4
}

// operandPipelineable reports whether an MMAv5 operand v is defined
// outside the loop or comes from a load that will be pipelined into shared
// memory; when it is not, foundDef is the op that writes its buffer in the
// loop, if any.
func operandPipelineable(v ir.Value, loop *ir.Operation, isLoadPipelined func(*ir.Operation) bool) (ok bool, foundDef *ir.Operation) {
	if definedOutside(loop, v) {
		return true, nil
	}
	def := v.DefiningOp()
	for def != nil && (def.Name() == "ttg.memdesc_trans" || def.Name() == "ttg.memdesc_reshape") {
		v = def.Operand(0)
		def = v.DefiningOp()
	}
	if def == nil {
		return false, nil
	}
	switch def.Name() {
	case "ttg.local_store", "ttng.tmem_store", "ttng.tmem_alloc":
		return false, def
	case "ttg.local_alloc":
	default:
		return false, nil
	}
	if def.NumOperands() == 0 {
		return false, def
	}
	src := def.Operand(0)
	if definedOutside(loop, src) {
		return true, nil
	}
	load := src.DefiningOp()
	if load == nil || (load.Name() != "tt.load" && !isTMALoad(load)) {
		return false, def
	}
	if !isLoadPipelined(load) {
		return false, load
	}
	return canBeAsyncLoad(load), load
}

// mmaOperandsInfo tells whether the operands of an MMAv5 are pipelined.
type mmaOperandsInfo struct {
	pipelineable bool
	// determined is false when some operand's producer could not be found.
	determined bool
	// unpipelineableDefs write the buffers of the operands that are not.
	unpipelineableDefs []*ir.Operation
}

// analyzeMMAOperands is Triton's MMAv5PipelineableOperandsHelper.
func analyzeMMAOperands(mma, loop *ir.Operation, isLoadPipelined func(*ir.Operation) bool) mmaOperandsInfo {
	info := mmaOperandsInfo{determined: true}
	if accAllocOutside(mma, loop) == nil {
		return info
	}
	check := func(v ir.Value) {
		ok, def := operandPipelineable(v, loop, isLoadPipelined)
		if ok {
			return
		}
		if def != nil {
			info.unpipelineableDefs = append(info.unpipelineableDefs, def)
		} else {
			info.determined = false
		}
	}
	check(mmaOperand(mma, "a"))
	check(mmaOperand(mma, "b"))
	if mma.Name() == "ttng.tc_gen5_mma_scaled" {
		aScale, bScale := mmaOperand(mma, "a_scale"), mmaOperand(mma, "b_scale")
		if !scalePipelineable(aScale, loop) || !scalePipelineable(bScale, loop) {
			info.determined = false
			return info
		}
		check(aScale)
		check(bScale)
	}
	info.pipelineable = info.determined && len(info.unpipelineableDefs) == 0
	return info
}

// scalePipelineable reports whether a scale operand is in shared memory or
// comes from outside the loop.
func scalePipelineable(v ir.Value, loop *ir.Operation) bool {
	md, ok := v.Type().(*ttg.MemDescType)
	if !ok {
		return false
	}
	_, shared := md.Encoding.(ttg.SharedLayout)
	return shared || definedOutside(loop, v)
}

// accUsers returns the users of the accumulator alloc nested in loop with
// the given name.
func accUsers(alloc, loop *ir.Operation, name string) []*ir.Operation {
	var out []*ir.Operation
	for _, u := range ir.Users(alloc.Result(0)) {
		if u.Name() == name && inLoop(u, loop) {
			out = append(out, u)
		}
	}
	return out
}

// hasAccReadModifyWrite reports whether the loop reads the accumulator,
// changes the value and writes it back (so that its buffer cannot be
// swapped between iterations).
func hasAccReadModifyWrite(mma, loop *ir.Operation) bool {
	alloc := accAllocOutside(mma, loop)
	if alloc == nil {
		return true
	}
	stores := accUsers(alloc, loop, "ttng.tmem_store")
	loads := accUsers(alloc, loop, "ttng.tmem_load")
	if len(stores) == 0 || len(loads) == 0 {
		return false
	}
	isStore := map[*ir.Operation]bool{}
	for _, s := range stores {
		isStore[s] = true
	}
	seen := map[ir.Value]bool{}
	var read []ir.Value
	for _, l := range loads {
		read = append(read, l.Result(0))
	}
	var modified valueSet
	followYield := func(use *ir.OpOperand, push func(ir.Value)) bool {
		owner := use.Owner()
		if owner.Name() != "scf.yield" {
			return false
		}
		parent := owner.ParentOp()
		if parent.Name() == "scf.if" {
			push(parent.Result(use.Index()))
		}
		if parent == loop {
			push(iterArg(loop, use.Index()))
		}
		return true
	}
	for len(read) > 0 {
		v := read[len(read)-1]
		read = read[:len(read)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, use := range ir.Uses(v) {
			if isStore[use.Owner()] {
				continue
			}
			if !followYield(use, func(x ir.Value) { read = append(read, x) }) {
				for _, r := range use.Owner().Results() {
					modified.insert(r)
				}
			}
		}
	}
	work := append([]ir.Value(nil), modified.list...)
	push := func(x ir.Value) { work = append(work, x) }
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, use := range ir.Uses(v) {
			if isStore[use.Owner()] {
				return true
			}
			if !followYield(use, push) {
				for _, r := range use.Owner().Results() {
					push(r)
				}
			}
		}
	}
	return false
}

// accUseFlagSetToFalse reports whether the MMA starts from zero in some
// iteration (its use-accumulator flag is false or computed in the loop).
func accUseFlagSetToFalse(mma, loop *ir.Operation) bool {
	flag := mmaOperand(mma, "useD")
	if c, ok := arith.MatchConstantInt(flag); ok && c == 0 {
		return true
	}
	for {
		arg, ok := flag.(*ir.BlockArgument)
		if !ok || arg.Owner() != body(loop) || arg.Index() == 0 {
			break
		}
		flag = yieldOp(loop).Operand(arg.Index() - 1)
	}
	def := flag.DefiningOp()
	return def != nil && inLoop(def, loop)
}

// accOverwrittenInLoop reports whether the loop stores to the accumulator.
func accOverwrittenInLoop(mma, loop *ir.Operation) bool {
	alloc := accAllocOutside(mma, loop)
	return alloc != nil && len(accUsers(alloc, loop, "ttng.tmem_store")) > 0
}

// accMultibufferingPossible reports whether the accumulator has a point in
// the loop where its buffer can be swapped.
func accMultibufferingPossible(mma, loop *ir.Operation) bool {
	return accUseFlagSetToFalse(mma, loop) || accOverwrittenInLoop(mma, loop)
}

// requiresAccMultiBuffering reports whether pipelining the MMA needs
// several accumulator buffers (the loop reads the accumulator).
func requiresAccMultiBuffering(mma, loop *ir.Operation) bool {
	alloc := accAllocOutside(mma, loop)
	return alloc == nil || len(accUsers(alloc, loop, "ttng.tmem_load")) > 0
}

// hasLoadsAfterMMA reports whether the loop reads the accumulator after the
// MMA in the same iteration.
func hasLoadsAfterMMA(mma, loop *ir.Operation) bool {
	alloc := accAllocOutside(mma, loop)
	if alloc == nil {
		return false
	}
	for _, u := range ir.Users(alloc.Result(0)) {
		if u.Name() != "ttng.tmem_load" {
			continue
		}
		if anc := body(loop).FindAncestorOp(u); anc != nil && mma.IsBeforeInBlock(anc) {
			return true
		}
	}
	return false
}
