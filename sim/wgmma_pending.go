package sim

import (
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Accumulators in flight. A gpu.wgmma computes its D words when it is
// issued but keeps them in a record of the CTA; what it writes into each
// thread's result registers is a tag: bit 63 set, the record's id in bits
// 32-62 and, in the low 32 bits, 0x7FBAD000 | the word's index (a NaN, so
// that a read that escapes every check below still gives a wrong result).
// The tag is the register while the value is pending. It travels through
// branches into block arguments, is resolved by a later gpu.wgmma of the
// warpgroup that takes it as C (the hardware chains accumulations), and
// is replaced by its value when a gpu.wgmma_wait of the thread retires the
// record's group: the wait rewrites every register of the thread that may
// hold a tag (all frames) before it copies its operands to its results.
//
// Which registers may hold a tag is known when a function is compiled:
// the results of gpu.wgmma and gpu.wgmma_wait and, through branches, the
// block arguments they flow into (pendingValues). Any other op that reads
// one of these values is preceded by a check that the register holds no
// tag, so reading an accumulator before the wait that retires it (PTX:
// undefined, the tensor core may still be writing it) is a located error
// naming the wgmma. Registers of 32-bit types otherwise hold their value
// zero-extended, so a nonzero high half is a tag.

const (
	tagBit    = 1 << 63
	tagPoison = 0x7FBAD000
)

// accTag is the tag of word j of record id.
func accTag(id uint32, j int) uint64 { return tagBit | uint64(id)<<32 | tagPoison | uint64(j) }

// tagID returns the record id of a tagged register (0: not a tag).
func tagID(v uint64) uint32 {
	if v>>32 == 0 {
		return 0
	}
	return uint32(v>>32) &^ (1 << 31)
}

// tagWord is the word index of a tag.
func tagWord(v uint64) int { return int(uint32(v) &^ tagPoison) }

// pendingValues returns the values of fn that may hold an accumulator in
// flight, or nil when it has none.
func pendingValues(fn *ir.Operation) map[ir.Value]bool {
	var set map[ir.Value]bool
	var branches []*ir.Operation
	for _, b := range fn.Region(0).Blocks() {
		for op := b.First(); op != nil; op = op.Next() {
			switch {
			case op.Def() == gpu.WGMMAOp || op.Def() == gpu.WGMMAWaitOp:
				if set == nil {
					set = map[ir.Value]bool{}
				}
				for _, r := range op.Results() {
					set[r] = true
				}
			case op.Def().SuccessorOperands != nil:
				branches = append(branches, op)
			}
		}
	}
	for changed := set != nil; changed; {
		changed = false
		for _, br := range branches {
			for i := 0; i < br.NumSuccessors(); i++ {
				args := br.Successor(i).Arguments()
				for j, k := range br.Def().SuccessorOperands(br, i) {
					if set[br.Operand(k)] && j < len(args) && !set[args[j]] {
						set[args[j]] = true
						changed = true
					}
				}
			}
		}
	}
	return set
}

// pendingSlots are the register slots of the values pendingValues found,
// in order.
func (c *compiler) pendingSlots(set map[ir.Value]bool) []int32 {
	var slots []int32
	for v := range set {
		slots = append(slots, c.slot(v))
	}
	slices.Sort(slots)
	return slots
}

// pendingGuard returns the check that precedes op when op reads a value
// that may be an accumulator in flight (nil if none is needed): gpu.wgmma
// (its C operands may be; its other operands are checked when it is
// issued), gpu.wgmma_wait and branches may pass such values on.
func (c *compiler) pendingGuard(op *ir.Operation) *instr {
	if len(c.pending) == 0 || op.Def() == gpu.WGMMAOp || op.Def() == gpu.WGMMAWaitOp || op.Def().SuccessorOperands != nil {
		return nil
	}
	var slots []int32
	for _, v := range op.Operands() {
		if c.pending[v] {
			slots = append(slots, c.slot(v))
		}
	}
	if slots == nil {
		return nil
	}
	return &instr{op: op, kind: kindStep, a: -1, b: -1, c: -1, d: -1, args: slots, step: checkSettled}
}

// checkSettled fails if a register of in.args holds an accumulator tag.
func checkSettled(th *thread, in *instr) error {
	for _, s := range in.args {
		if v := th.regs[s]; tagID(v) != 0 {
			return th.cta.async.wg.inFlightError(v, "reads")
		}
	}
	return nil
}

// inFlightError says that an op uses (verb) a tagged register.
func (s *wgmmaState) inFlightError(v uint64, verb string) error {
	where := "a gpu.wgmma"
	if rec := s.record(tagID(v)); rec != nil {
		where = fmt.Sprintf("the gpu.wgmma at %s", opLoc(rec.op))
	}
	return fmt.Errorf("%s accumulator word %d of %s before a gpu.wgmma_wait retired its group (the tensor core may still be writing it)", verb, tagWord(v), where)
}

// resolveAccumulators replaces, in every frame of th, the tags of records
// whose group th has retired by their values.
func (th *thread) resolveAccumulators() {
	wg := &th.cta.async.wg
	done := th.wgmma.retired
	for i := range th.frames {
		f := &th.frames[i]
		for _, s := range f.fn.pendingSlots {
			v := f.regs[s]
			id := tagID(v)
			if id == 0 {
				continue
			}
			if rec := wg.record(id); rec != nil && rec.group <= done {
				f.regs[s] = uint64(rec.d[(th.tid-rec.first)*rec.words+tagWord(v)])
			}
		}
	}
}
