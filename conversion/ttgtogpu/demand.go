package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Registers nothing reads. A vectorized global access (tt.load, tt.store,
// ttg.async_copy_global_to_local) reads the pointer and the mask of only
// the first register of each vector, yet the ops that compute them
// (tt.addptr, integer arithmetic on offsets and masks, the pointer tensors
// a loop carries) are elementwise and would be lowered for every register,
// and canonicalize would erase seven in eight of them again. planDemand
// finds, before the conversion, which registers of each tensor a lowering
// reads (the layouts those of the warps that run the op, withWarpsOf, as
// in the lowering); the elementwise lowering computes only those (and the
// deduplication leaders they take their values from, withLeaders) and
// stands any value of the same type (one it computed) in for the rest.
// That stand-in is never read: the registers a lowering reads are in the
// demand of its operands. A loop-carried tensor's block argument demands,
// of the values its predecessors pass, what its own users read; the
// registers no user reads are left to canonicalize's dead-argument
// removal, as before.

// demandThrough lists the ops whose lowering is the elementwise one
// (register r of the result reads register r of each tensor operand), so
// that their demand passes to their operands.
var demandThrough = map[string]bool{
	"tt.addptr": true, "arith.addi": true, "arith.subi": true, "arith.muli": true,
	"arith.andi": true, "arith.ori": true, "arith.xori": true,
	"arith.shli": true, "arith.shrui": true, "arith.shrsi": true,
	"arith.divsi": true, "arith.divui": true, "arith.remsi": true, "arith.remui": true,
	"arith.maxsi": true, "arith.minsi": true, "arith.maxui": true, "arith.minui": true,
	"arith.cmpi": true, "arith.select": true,
	"arith.extsi": true, "arith.extui": true, "arith.trunci": true,
}

// planDemand returns, for each tensor whose lowering need not compute
// every register, the registers read. Tensors absent from it (the most)
// are read whole. Only the tensors a load's or store's pointer or mask is
// computed from (through demandThrough ops and block arguments) can be
// read in part: their demand is the union of what each use reads, found
// by iterating to a fixed point (a loop's block argument reads what its
// increment reads of it).
func (l *lowering) planDemand() map[ir.ValueKey][]bool {
	var seeds []ir.Value
	ir.WalkOps(l.module, func(op *ir.Operation) {
		switch op.Name() {
		case "tt.load":
			seeds = append(seeds, op.Operand(0))
			if m := (tt.LoadOp{Operation: op}).Mask(); m != nil {
				seeds = append(seeds, m)
			}
		case "tt.store", "ttg.async_copy_global_to_local":
			seeds = append(seeds, op.Operand(0))
			if op.NumOperands() > 2 {
				seeds = append(seeds, op.Operand(2))
			}
		}
	})
	if len(seeds) == 0 {
		return nil
	}
	// The candidates: the seeds and what they are computed from.
	regs := map[ir.ValueKey][]bool{}
	var order []ir.Value
	for len(seeds) > 0 {
		v := seeds[len(seeds)-1]
		seeds = seeds[:len(seeds)-1]
		k := ir.KeyOf(v)
		if _, seen := regs[k]; seen {
			continue
		}
		n := l.numRegs(v)
		if n == 0 {
			continue
		}
		regs[k] = make([]bool, n)
		order = append(order, v)
		if def := v.DefiningOp(); def != nil {
			if demandThrough[def.Name()] {
				seeds = append(seeds, def.Operands()...)
			}
			continue
		}
		arg := v.(*ir.BlockArgument)
		for _, pred := range arg.Owner().Predecessors() {
			if in := passedTo(pred.Terminator(), arg); in != nil {
				seeds = append(seeds, in...)
			}
		}
	}
	p := &demandPlan{l: l, regs: regs, leaders: map[*ir.Operation][]int{}}
	for changed := true; changed; {
		changed = false
		for _, v := range order {
			cur := regs[ir.KeyOf(v)]
			for u := v.FirstUse(); u != nil; u = u.NextUse() {
				if p.useDemand(u, cur) {
					changed = true
				}
			}
		}
	}
	out := map[ir.ValueKey][]bool{}
	for _, v := range order {
		k := ir.KeyOf(v)
		read := 0
		for _, r := range regs[k] {
			if r {
				read++
			}
		}
		// A tensor nothing reads is dead already; computing it whole
		// keeps every stand-in of its operands a value of some register.
		if read > 0 && read < len(regs[k]) {
			out[k] = regs[k]
		}
	}
	return out
}

// demandPlan is the state of planDemand's fixed point.
type demandPlan struct {
	l       *lowering
	regs    map[ir.ValueKey][]bool  // the demand so far, by candidate
	leaders map[*ir.Operation][]int // dedupLeaders of elementwise ops
}

// numRegs returns the registers a thread holds of v, or 0 where v is no
// tensor of a distributed layout.
func (l *lowering) numRegs(v ir.Value) int {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return 0
	}
	var lay *regLayout
	var err error
	l.withWarpsOf(v.ParentBlock(), func() { lay, err = l.layoutOf(t) })
	if err != nil {
		return 0
	}
	return lay.numRegs
}

// withWarpsOf runs fn with l.numWarps set to the warps that run block b:
// those of its warp_specialize partition, as the partition's patterns
// have it (pat), or the module's.
func (l *lowering) withWarpsOf(b *ir.Block, fn func()) {
	saved := l.numWarps
	defer func() { l.numWarps = saved }()
	for r := b.Region(); r != nil; {
		holder := r.ParentOp()
		if holder == nil {
			break
		}
		if holder.Name() == ttg.WarpSpecializePartitions.Name {
			nw := ttg.PartitionNumWarps(holder.ParentOp())
			for i, pr := range holder.Regions() {
				if pr == r && i < len(nw) {
					l.numWarps = nw[i]
				}
			}
			break
		}
		r = holder.ParentRegion()
	}
	fn()
}

// passedTo returns the values branch op passes to arg (one per edge to
// arg's block), or nil where op is no branch that says.
func passedTo(op *ir.Operation, arg *ir.BlockArgument) []ir.Value {
	if op == nil || op.Def().SuccessorOperands == nil {
		return nil
	}
	var in []ir.Value
	for s := 0; s < op.NumSuccessors(); s++ {
		if op.Successor(s) == arg.Owner() {
			in = append(in, op.Operand(op.Def().SuccessorOperands(op, s)[arg.Index()]))
		}
	}
	return in
}

// useDemand adds to cur (the demand of a candidate) what use u reads of
// it, given the demand found so far of the candidates, and
// reports whether cur grew. A global access's pointer and mask are read
// in the first register of each vector, an elementwise op's operand in
// the registers it computes, a branch operand in what the block argument
// it passes is read in; any other use reads every register.
func (p *demandPlan) useDemand(u *ir.OpOperand, cur []bool) bool {
	op, i, n := u.Owner(), u.Index(), len(cur)
	name := op.Name()
	switch {
	case name == "tt.load" && (i == 0 || i == 1 && tt.LoadOp{Operation: op}.Mask() != nil),
		name == "tt.store" && i != 1:
		// Pointer and mask (a load's mask, where it has one, follows the
		// pointer): lowerLoad and lowerStore read register g of each
		// vector g..g+vec-1.
		vec := p.l.access[op].vec
		if vec < 1 || n%vec != 0 {
			vec = 1
		}
		grew := false
		for g := 0; g < n; g += vec {
			if !cur[g] {
				cur[g], grew = true, true
			}
		}
		return grew
	case name == "ttg.async_copy_global_to_local" && (i == 0 || i == 2 && ttg.AsyncCopyOp{Operation: op}.Mask() != nil):
		// Pointer and mask: lowerAsyncCopy reads the first register of
		// each vector it plans.
		if heads := p.l.asyncCopyHeads(op); len(heads) == n {
			return addRegs(cur, heads)
		}
	case demandThrough[name]:
		if res, ok := p.regs[ir.KeyOf(op.Result(0))]; ok && len(res) == n {
			return p.addComputed(op, res, cur)
		}
	case op.NumSuccessors() > 0 && op.Def().SuccessorOperands != nil:
		if grew, ok := p.forwardedDemand(op, i, cur); ok {
			return grew
		}
	}
	return addAll(cur)
}

// addComputed adds to cur the registers the elementwise lowering of op
// computes for the demand res of its result: those read, each replaced by
// its deduplication leader (dedup.go).
func (p *demandPlan) addComputed(op *ir.Operation, res, cur []bool) bool {
	leaders, known := p.leaders[op]
	if !known {
		p.l.withWarpsOf(op.Block(), func() {
			if lay, err := p.l.layoutOf(op.Result(0).Type().(*ir.RankedTensorType)); err == nil {
				leaders = p.l.dedupLeaders(op, lay)
			}
		})
		p.leaders[op] = leaders
	}
	grew := false
	for r, read := range res {
		if !read {
			continue
		}
		if leaders != nil {
			r = leaders[r]
		}
		if !cur[r] {
			cur[r], grew = true, true
		}
	}
	return grew
}

// forwardedDemand adds to cur the demand of the block arguments branch op
// passes its operand i to, and reports false where one of them is not a
// candidate of cur's registers.
func (p *demandPlan) forwardedDemand(op *ir.Operation, i int, cur []bool) (grew, ok bool) {
	for s := 0; s < op.NumSuccessors(); s++ {
		for j, k := range op.Def().SuccessorOperands(op, s) {
			if k != i {
				continue
			}
			arg, found := p.regs[ir.KeyOf(op.Successor(s).Argument(j))]
			if !found || len(arg) != len(cur) {
				return false, false
			}
			if addRegs(cur, arg) {
				grew = true
			}
			ok = true
		}
	}
	return grew, ok
}

// asyncCopyHeads returns the registers of a ttg.async_copy_global_to_local
// source whose pointer (and mask) lowerAsyncCopy reads, or nil where it
// cannot plan the copy (its lowering then reports why).
func (l *lowering) asyncCopyHeads(op *ir.Operation) []bool {
	mt, ok := op.Operand(1).Type().(*ttg.MemDescType)
	t, isTensor := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || !isTensor {
		return nil
	}
	var heads []bool
	l.withWarpsOf(op.Block(), func() {
		lay, err := l.layoutOf(t)
		if err != nil {
			return
		}
		ap, _, err := l.asyncCopyAccess(op, mt, lay)
		if err != nil {
			return
		}
		heads = make([]bool, lay.numRegs)
		for _, v := range ap.vecs {
			heads[v.regs[0]] = true
		}
	})
	return heads
}

// addRegs adds the registers of regs to cur and reports whether it grew.
func addRegs(cur, regs []bool) bool {
	grew := false
	for r, read := range regs {
		if read && !cur[r] {
			cur[r], grew = true, true
		}
	}
	return grew
}

// addAll marks every register of cur read and reports whether it grew.
func addAll(cur []bool) bool {
	grew := false
	for r := range cur {
		if !cur[r] {
			cur[r], grew = true, true
		}
	}
	return grew
}
