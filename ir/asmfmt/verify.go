package asmfmt

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// verify checks the invariants ODS generates (operand and result counts,
// attributes, type constraints), then the spec's own verifier.
func (f *Format) verify(op *ir.Operation) error {
	if !f.spec.NoInvariants {
		if err := f.verifyInvariants(op); err != nil {
			return err
		}
	}
	if f.spec.Verify != nil {
		return f.spec.Verify(op)
	}
	return nil
}

func (f *Format) verifyInvariants(op *ir.Operation) error {
	spec := f.spec
	for _, a := range spec.Attrs {
		v := op.Attr(a.Name)
		if v == nil {
			if !a.Optional && a.Default == nil && a.Kind != UnitAttr {
				return ir.OpErrorf(op, "requires attribute '%s'", a.Name)
			}
			continue
		}
		if a.Check != nil && !a.Check(v) {
			return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: %s", a.Name, a.Summary)
		}
	}
	if err := countCheck(op, f.operandGroups, op.NumOperands(), "operand", spec.Segments); err != nil {
		return err
	}
	if err := countCheck(op, f.resultGroups, op.NumResults(), "result", false); err != nil {
		return err
	}
	if spec.Segments {
		seg, ok := op.Attr(SegmentsAttr).(*ir.DenseArrayAttr)
		if !ok || len(seg.Ints) != len(spec.Operands) {
			return ir.OpErrorf(op, "'%s' attribute for specifying operand segments must have %d elements", SegmentsAttr, len(spec.Operands))
		}
		total := int64(0)
		for i, n := range seg.Ints {
			if spec.Operands[i].Kind == Single && n != 1 {
				return ir.OpErrorf(op, "operand group starting at #%d requires 1 element, but found %d", i, n)
			}
			if spec.Operands[i].Kind == Optional && n > 1 {
				return ir.OpErrorf(op, "operand group starting at #%d requires 0 or 1 element, but found %d", i, n)
			}
			total += n
		}
		if total != int64(op.NumOperands()) {
			return ir.OpErrorf(op, "operand count (%d) does not match with the total size (%d) specified in attribute '%s'", op.NumOperands(), total, SegmentsAttr)
		}
	}
	// Groups of one value each (most ops): the counts checked above, value
	// i is group i.
	if f.operandGroups.allSingle() && f.resultGroups.allSingle() && !spec.Segments {
		for i, v := range spec.Operands {
			if t := op.Operand(i).Type(); v.Constraint != nil && !v.Constraint.Check(t) {
				return ir.OpErrorf(op, "operand #%d must be %s, but got '%s'", i, v.Constraint.Summary, asm.TypeString(t))
			}
		}
		for i, v := range spec.Results {
			if t := op.Result(i).Type(); v.Constraint != nil && !v.Constraint.Check(t) {
				return ir.OpErrorf(op, "result #%d must be %s, but got '%s'", i, v.Constraint.Summary, asm.TypeString(t))
			}
		}
		return nil
	}
	// The groups are walked by index, with their sizes computed once: the
	// verifier runs on every op after every pass that changed the IR.
	var buf [8]int
	idx, start := 0, 0
	seg := f.segmentsInto(buf[:0], op)
	for i, v := range spec.Operands {
		end := min(start+seg[i], op.NumOperands())
		for j := start; j < end; j++ {
			if t := op.Operand(j).Type(); v.Constraint != nil && !v.Constraint.Check(t) {
				return ir.OpErrorf(op, "operand #%d must be %s, but got '%s'", idx, v.Constraint.Summary, asm.TypeString(t))
			}
			idx++
		}
		start += seg[i]
	}
	idx, start = 0, 0
	seg = groupSizesInto(buf[:0], spec.Results, op.NumResults(), nil)
	for i, v := range spec.Results {
		end := min(start+seg[i], op.NumResults())
		for j := start; j < end; j++ {
			if t := op.Result(j).Type(); v.Constraint != nil && !v.Constraint.Check(t) {
				return ir.OpErrorf(op, "result #%d must be %s, but got '%s'", idx, v.Constraint.Summary, asm.TypeString(t))
			}
			idx++
		}
		start += seg[i]
	}
	return nil
}

// groupCounts summarizes a list of value groups: how many are Single and
// Optional, and whether one is Variadic.
type groupCounts struct {
	fixed, optional int
	variadic        bool
}

func countGroupsOf(vals []Value) groupCounts {
	var c groupCounts
	for _, v := range vals {
		switch v.Kind {
		case Single:
			c.fixed++
		case Optional:
			c.optional++
		default:
			c.variadic = true
		}
	}
	return c
}

// countGroups summarizes the spec's operand and result groups.
func (f *Format) countGroups() {
	f.operandGroups, f.resultGroups = countGroupsOf(f.spec.Operands), countGroupsOf(f.spec.Results)
}

// allSingle reports whether every group is one value.
func (c groupCounts) allSingle() bool { return c.optional == 0 && !c.variadic }

// countCheck is MLIR's NOperands / AtLeastNOperands (and result) traits.
func countCheck(op *ir.Operation, c groupCounts, n int, what string, segmented bool) error {
	fixed, variable := c.fixed, !c.allSingle()
	if segmented {
		return nil
	}
	if !variable {
		if n == fixed {
			return nil
		}
		switch fixed {
		case 0:
			return ir.OpErrorf(op, "requires zero %ss", what)
		case 1:
			if what == "operand" {
				return ir.OpErrorf(op, "requires a single operand")
			}
			return ir.OpErrorf(op, "requires one result")
		}
		return ir.OpErrorf(op, "expected %d %ss, but found %d", fixed, what, n)
	}
	if n < fixed {
		return ir.OpErrorf(op, "expected %d or more %ss, but found %d", fixed, what, n)
	}
	if c.variadic {
		return nil
	}
	if n > fixed+c.optional {
		return ir.OpErrorf(op, "expected at most %d %ss, but found %d", fixed+c.optional, what, n)
	}
	return nil
}
