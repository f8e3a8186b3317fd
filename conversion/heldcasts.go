package conversion

import "github.com/ttcompiler/tt/ir"

// Held casts.
//
// A pattern that replaces a tensor with its registers leaves a source cast
// from the registers to the tensor for the users not converted yet. Linking
// a use of every register into the cast (a tile has 64-128 of them) and
// unlinking it when the cast is erased at the end was a tenth of the
// TritonGPU lowering's time, and the cast's only reader is the conversion
// itself: remap hands the registers to the converted users, and reconcile
// erases the cast once they are all converted.
//
// So a source cast of several values that are settled holds them in its
// castInfo and has no operands. A value is settled when nothing in the
// conversion will replace it: its type is legal for the type converter,
// and it is a block argument or a result of an op whose target rule is a
// fixed Legal (the driver legalizes only the ops it found and the ops a
// pattern created while it runs, and neither replaces a legal op). Held
// inputs therefore stay exactly the operands the cast would have had.
// Whatever could replace a settled value through the conversion's
// Rewriter (a replacement of a legal op, a use replacement, a block merge
// or inline) first gives every held cast its operands (attachIf), after
// which everything is as without holding. A held cast that is still used
// when the patterns are done gets its operands before reconcile, and every
// held cast gets them when the conversion fails, so that the IR left
// behind and the diagnostics are the same as with operand casts.
//
// Patterns must not replace settled values with ir functions directly
// (ir.ReplaceAllUsesWith on a register): the held inputs would not follow.
// The conversions in this repository replace only the ops they are given,
// through the Rewriter.

// allSettled reports whether every value of vs is settled: that nothing
// in the conversion will replace it (above). A value is settled when its
// type is legal and it is a block argument or a result of a settled op
// (settledOp). Consecutive values mostly share their type and their
// defining op (the registers of one multi-result op): the last type and
// op found settled are not asked about again.
func (c *converter) allSettled(vs []ir.Value) bool {
	var def *ir.Operation // the defining op last found settled
	for _, v := range vs {
		if t := v.Type(); t != c.legalType {
			if tc := c.cfg.Types; tc != nil && !tc.IsLegal(t) {
				return false
			}
			c.legalType = t
		}
		d := v.DefiningOp()
		if d == nil || d == def {
			continue
		}
		if !c.settledOp(d) {
			return false
		}
		def = d
	}
	return true
}

// settledOp reports whether op's target rule is a fixed Legal: the
// driver never legalizes such an op, so only a pattern replacing it on
// purpose replaces its results.
func (c *converter) settledOp(op *ir.Operation) bool {
	d := op.Def()
	if d == c.legalDef {
		return true
	}
	if r := c.kind(op).rule; r.fn != nil || r.legality != Legal {
		return false
	}
	c.legalDef = d
	return true
}

// attachIf gives the held casts for which keep holds (every held cast for
// nil) their inputs as operands; erased casts are skipped.
func (c *converter) attachIf(keep func(*ir.Operation) bool) {
	if c.held == 0 {
		return
	}
	for i := range c.order {
		op, info := c.order[i].op, &c.order[i].castInfo
		if !info.held || op.Block() == nil || keep != nil && !keep(op) {
			continue
		}
		op.SetOperands(info.inputs)
		info.held, info.inputs = false, nil
		c.held--
	}
}

// attachAll gives every held cast its operands, before a change that could
// replace a settled value.
func (c *converter) attachAll() { c.attachIf(nil) }
