package ir

import (
	"fmt"
	"strings"
)

// Verify checks op and everything nested in it: structure (terminators,
// successors, region kinds, isolation), trait invariants, op verifiers, and
// SSA dominance. It returns all problems found as Diagnostics, or nil.
func Verify(op *Operation) error {
	if verifies(op) {
		return nil
	}
	v := &verifier{dom: NewDominanceInfo()}
	v.verifyOp(op)
	if len(v.diags) == 0 {
		v.verifyDominance(op)
	}
	if len(v.diags) == 0 {
		return nil
	}
	return v.diags
}

type verifier struct {
	diags Diagnostics
	dom   *DominanceInfo
	// isolated holds the regions of isolated-from-above ops whose
	// isolation check found nothing: everything used in them is defined
	// in them, so the check of an enclosing isolated op (the module
	// around a function) need not look inside again.
	isolated map[*Region]bool
	// deferIsolation leaves the isolation checks to the dominance walk
	// (verifies).
	deferIsolation bool
}

// verifies is Verify's fast path: it reports whether Verify finds nothing,
// and when it does not, Verify runs the checks again in their own order
// for the diagnostics. The IR verifies after nearly every pass, so only
// the answer matters then: the isolation checks, a walk over every use of
// every isolated op (a function's whole body), are made in the dominance
// walk, which visits the same uses with the regions that enclose each one
// at hand (dominanceCheck.isolation).
func verifies(op *Operation) bool {
	v := &verifier{dom: NewDominanceInfo(), deferIsolation: true}
	v.verifyOp(op)
	if len(v.diags) > 0 {
		return false
	}
	c := dominanceCheck{v: v, isolation: true, iso: -1}
	return c.uses(op) && c.nested(op)
}

func (v *verifier) fail(d *Diagnostic) { v.diags = append(v.diags, d) }

func (v *verifier) verifyOp(op *Operation) {
	before := len(v.diags)
	for i := range op.operands {
		if op.operands[i].value == nil {
			v.fail(OpErrorf(op, "null operand found"))
			return
		}
	}
	if !op.Registered() && !op.ctx.AllowUnregistered {
		v.fail(Errorf(op.loc, "operation '%s' is unregistered: load its dialect, or allow unregistered dialects (--allow-unregistered-dialect)", op.Name()))
		return
	}
	if op.Registered() {
		if op.def.VerifyInvariants != nil {
			if err := op.def.VerifyInvariants(op); err != nil {
				v.fail(asDiag(err, op))
				return
			}
		}
		if err := verifyTraits(op); err != nil {
			v.fail(asDiag(err, op))
			return
		}
		if op.def.Verify != nil {
			if err := op.def.Verify(op); err != nil {
				v.fail(asDiag(err, op))
				return
			}
		}
		for _, a := range op.DiscardableAttrs() {
			if d := op.ctx.Dialect(DialectNamespace(a.Name)); d != nil && d.VerifyAttribute != nil {
				if err := d.VerifyAttribute(op, a.Name, a.Value); err != nil {
					v.fail(asDiag(err, op))
					return
				}
			}
		}
	}
	for i, r := range op.Regions() {
		v.verifyRegion(op, i, r)
	}
	if len(v.diags) > before {
		return
	}
	if op.Registered() && op.def.VerifyRegions != nil {
		if err := op.def.VerifyRegions(op); err != nil {
			v.fail(asDiag(err, op))
		}
	}
}

func asDiag(err error, op *Operation) *Diagnostic {
	if d, ok := err.(*Diagnostic); ok {
		return d
	}
	if ds, ok := err.(Diagnostics); ok && len(ds) > 0 {
		return ds[0]
	}
	return OpErrorf(op, "%s", err.Error())
}

func (v *verifier) verifyRegion(op *Operation, idx int, r *Region) {
	graph := isGraphRegion(r)
	if (graph || op.Has(SingleBlock) || op.Has(SingleBlockImplicitTerminator)) && len(r.blocks) > 1 {
		if graph {
			v.fail(OpErrorf(op, "expects graph region #%d to have 0 or 1 blocks", idx))
		} else {
			v.fail(OpErrorf(op, "expects region #%d to have 0 or 1 blocks", idx))
		}
		return
	}
	for bi, b := range r.blocks {
		if b.region != r {
			v.fail(OpErrorf(op, "block %d of region #%d has a wrong parent", bi, idx))
			return
		}
		v.verifyBlock(op, idx, b, graph)
	}
	if op.Has(IsolatedFromAbove) && !v.deferIsolation {
		v.verifyIsolated(op, r)
	}
}

func (v *verifier) verifyBlock(parent *Operation, _ int, b *Block, graph bool) {
	for i, a := range b.args {
		if a.owner != b || a.index != i {
			v.fail(OpErrorf(parent, "block argument %d has a wrong owner", i))
			return
		}
	}
	needsTerminator := !graph && parent.Registered() && !parent.Has(NoTerminator) && !parent.Has(SingleBlockImplicitTerminator)
	before := len(v.diags)
	if b.first == nil {
		if needsTerminator {
			v.fail(Errorf(parent.loc, "empty block: expect at least a terminator"))
		}
		return
	}
	for o := b.first; o != nil; o = o.next {
		if o.block != b {
			v.fail(OpErrorf(o, "has a wrong parent block"))
			return
		}
		if o.Has(Terminator) && o.next != nil {
			v.fail(OpErrorf(o, "must be the last operation in the parent block"))
			return
		}
		succs := o.successorOperands()
		for i := range succs {
			s := succs[i].block
			if s == nil {
				v.fail(OpErrorf(o, "null successor #%d", i))
				return
			}
			if s.region != b.region {
				v.fail(OpErrorf(o, "reference to block defined in another region"))
				return
			}
		}
		if len(succs) > 0 && o.Registered() && !o.Has(Terminator) {
			v.fail(OpErrorf(o, "has successors but is not a terminator"))
			return
		}
		v.verifyOp(o)
	}
	// MLIR stops verifying a block at its first failing op, so a broken op
	// never also reports its block as unterminated.
	if needsTerminator && len(v.diags) == before {
		last := b.last
		if last.Registered() && !last.Has(Terminator) {
			v.fail(Errorf(last.loc, "block with no terminator, has %s", shortOpString(last)))
		}
	}
}

func shortOpString(op *Operation) string {
	return "'" + op.Name() + "'"
}

func (v *verifier) verifyIsolated(op *Operation, r *Region) {
	before := len(v.diags)
	for _, b := range r.blocks {
		for o := b.first; o != nil; o = o.next {
			Walk(o, PreOrder, func(o *Operation) WalkResult {
				for i := range o.operands {
					val := o.operands[i].value
					if val == nil {
						continue
					}
					defBlock := val.ParentBlock()
					if defBlock == o.block && defBlock != nil {
						continue // o is nested in r, and so is its own block
					}
					if defBlock == nil || !r.IsAncestorOf(defBlock.region) {
						v.fail(OpErrorf(o, "using value defined outside the region").Note(op.loc, "required by region isolation constraints"))
					}
				}
				if v.isolatedClean(o) {
					return Skip
				}
				return Advance
			})
		}
	}
	if len(v.diags) == before {
		if v.isolated == nil {
			v.isolated = map[*Region]bool{}
		}
		v.isolated[r] = true
	}
}

// isolatedClean reports whether o is isolated from above and every one of
// its regions passed its isolation check: nothing nested in o then uses a
// value defined outside o.
func (v *verifier) isolatedClean(o *Operation) bool {
	if o.NumRegions() == 0 || !o.Has(IsolatedFromAbove) {
		return false
	}
	for _, r := range o.Regions() {
		if !v.isolated[r] {
			return false
		}
	}
	return true
}

// WalkNestedRegion visits every op nested in region r in pre-order.
func WalkNestedRegion(r *Region, fn func(*Operation)) {
	for _, b := range r.blocks {
		for o := b.first; o != nil; o = o.next {
			WalkOps(o, fn)
		}
	}
}

// verifyTraits checks the invariants implied by an op's traits.
func verifyTraits(op *Operation) error {
	t := op.def.Traits
	if t&Terminator != 0 && op.block != nil && op.next != nil {
		return OpErrorf(op, "must be the last operation in the parent block")
	}
	if len(op.def.HasParent) > 0 {
		p := op.ParentOp()
		ok := false
		for _, n := range op.def.HasParent {
			if p != nil && p.Name() == n {
				ok = true
			}
		}
		if !ok && op.block != nil {
			if len(op.def.HasParent) == 1 {
				return OpErrorf(op, "expects parent op '%s'", op.def.HasParent[0])
			}
			return OpErrorf(op, "expects parent op to be one of '%s'", strings.Join(op.def.HasParent, ", "))
		}
	}
	if t&Elementwise != 0 {
		if err := verifyElementwise(op); err != nil {
			return err
		}
	}
	// The operand types then the result types, gathered once into a stack
	// buffer for the traits that compare them (no allocation for the
	// usual few operands and results).
	var buf [8]Type
	var all, operandTypes []Type
	const typeTraits = SameOperandsAndResultType | SameOperandsAndResultElementType | SameOperandsAndResultShape |
		SameOperandsShape | SameOperandsAndResultEncoding | SameOperandsEncoding
	if t&typeTraits != 0 {
		all = buf[:0]
		for i := range op.operands {
			var ty Type
			if v := op.operands[i].value; v != nil {
				ty = v.Type()
			}
			all = append(all, ty)
		}
		operandTypes = all[:len(op.operands):len(op.operands)]
		for i := range op.results {
			all = append(all, op.results[i].typ)
		}
	}
	if t&SameOperandsAndResultType != 0 {
		var first Type
		for _, ty := range all {
			if first == nil {
				first = ty
			} else if ty != first {
				return OpErrorf(op, "requires the same type for all operands and results")
			}
		}
	}
	if t&SameTypeOperands != 0 {
		for i := 1; i < len(op.operands); i++ {
			if op.operands[i].value.Type() != op.operands[0].value.Type() {
				return OpErrorf(op, "requires all operands to have the same type")
			}
		}
	}
	if t&SameOperandsAndResultElementType != 0 {
		var first Type
		for _, ty := range all {
			e := ElementTypeOrSelf(ty)
			if first == nil {
				first = e
			} else if e != first {
				return OpErrorf(op, "requires the same element type for all operands and results")
			}
		}
	}
	if t&SameOperandsAndResultShape != 0 {
		if err := sameShapes(op, all); err != nil {
			return OpErrorf(op, "requires the same shape for all operands and results")
		}
	}
	if t&SameOperandsShape != 0 {
		if err := sameShapes(op, operandTypes); err != nil {
			return OpErrorf(op, "requires the same shape for all operands")
		}
	}
	if t&SameOperandsAndResultEncoding != 0 {
		if !sameEncodings(all) {
			return OpErrorf(op, "requires the same encoding for all operands and results")
		}
	}
	if t&SameOperandsEncoding != 0 {
		if !sameEncodings(operandTypes) {
			return OpErrorf(op, "requires the same encoding for all operands")
		}
	}
	if t&AttrSizedOperandSegments != 0 {
		if err := VerifyValueSizeAttr(op, "operandSegmentSizes", "operand", len(op.operands)); err != nil {
			return err
		}
	}
	if t&(SingleBlockImplicitTerminator) != 0 && op.def.SingleBlockTerminator != "" {
		for _, r := range op.Regions() {
			for _, b := range r.blocks {
				if b.last == nil || b.last.Name() != op.def.SingleBlockTerminator {
					found := "nothing"
					if b.last != nil {
						found = "'" + b.last.Name() + "'"
						return OpErrorf(op, "expects regions to end with '%s', found %s", op.def.SingleBlockTerminator, found)
					}
					return OpErrorf(op, "expects a non-empty block")
				}
			}
		}
	}
	return nil
}

// verifyElementwise checks MLIR's Elementwise trait: tensor/vector operands
// and results all share one shape and kind, scalars only with scalars.
func verifyElementwise(op *Operation) error {
	mappable := func(t Type) bool {
		switch t.(type) {
		case *RankedTensorType, *UnrankedTensorType, *VectorType:
			return true
		}
		return false
	}
	// The first mappable operand is the reference every other mappable
	// operand and result must match (counted without allocating: this
	// runs for every elementwise op after every changing pass).
	var first Type
	ops, res := 0, 0
	for i := range op.operands {
		if v := op.operands[i].value; v != nil && mappable(v.Type()) {
			if ops == 0 {
				first = v.Type()
			}
			ops++
		}
	}
	for i := range op.results {
		if mappable(op.results[i].typ) {
			res++
		}
	}
	switch {
	case res == 0 && ops == 0:
		return nil
	case ops == 0:
		return OpErrorf(op, "if a result is non-scalar, then at least one operand must be non-scalar")
	case res == 0:
		return OpErrorf(op, "if an operand is non-scalar, then there must be at least one non-scalar result")
	case res != op.NumResults():
		return OpErrorf(op, "if an operand is non-scalar, then all results must be non-scalar")
	}
	matches := func(t Type) bool {
		return !mappable(t) || t == first || sameKind(t, first) && sameShapes(op, []Type{first, t}) == nil
	}
	for i := range op.operands {
		if v := op.operands[i].value; v != nil && !matches(v.Type()) {
			return OpErrorf(op, "all non-scalar operands/results must have the same shape and base type")
		}
	}
	for i := range op.results {
		if !matches(op.results[i].typ) {
			return OpErrorf(op, "all non-scalar operands/results must have the same shape and base type")
		}
	}
	return nil
}

// sameKind reports whether a and b are the same kind of shaped type
// (ranked tensor, unranked tensor or vector).
func sameKind(a, b Type) bool {
	switch a.(type) {
	case *RankedTensorType:
		_, ok := b.(*RankedTensorType)
		return ok
	case *UnrankedTensorType:
		_, ok := b.(*UnrankedTensorType)
		return ok
	case *VectorType:
		_, ok := b.(*VectorType)
		return ok
	}
	return false
}

func sameShapes(op *Operation, types []Type) error {
	var first []int64
	have := false
	for _, ty := range types {
		s, ok := ty.(ShapedType)
		if !ok || !s.HasRank() {
			continue
		}
		if !have {
			first, have = s.Shape(), true
			continue
		}
		if !equalShape(first, s.Shape()) {
			return fmt.Errorf("shape mismatch")
		}
	}
	return nil
}

func equalShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] != Dynamic && b[i] != Dynamic {
			return false
		}
	}
	return true
}

// EqualShape reports whether two static shapes are equal.
func EqualShape(a, b []int64) bool { return equalShape(a, b) }

func sameEncodings(types []Type) bool {
	// Triton's verifySameEncoding: each type is compared with the first;
	// a type without an encoding (a scalar, or a tensor without layout)
	// matches any.
	enc := func(t Type) Attribute {
		if rt, ok := t.(*RankedTensorType); ok {
			return rt.Encoding
		}
		return nil
	}
	if len(types) == 0 {
		return true
	}
	first := enc(types[0])
	for _, ty := range types[1:] {
		if e := enc(ty); first != nil && e != nil && e != first {
			return false
		}
	}
	return true
}

// VerifyValueSizeAttr checks the dense i32 array attribute name that
// splits count values of op's group into segments (operandSegmentSizes,
// a switch's case_operand_segments): present, no negative entry, summing
// to count. The messages are MLIR's verifyValueSizeAttr's.
func VerifyValueSizeAttr(op *Operation, name, group string, count int) error {
	seg, ok := op.Attr(name).(*DenseArrayAttr)
	if !ok {
		return OpErrorf(op, "requires dense i32 array attribute '%s'", name)
	}
	total := int64(0)
	for _, n := range seg.Ints {
		if n < 0 {
			return OpErrorf(op, "'%s' attribute cannot have negative elements", name)
		}
		total += n
	}
	if total != int64(count) {
		return OpErrorf(op, "%s count (%d) does not match with the total size (%d) specified in attribute '%s'", group, count, total, name)
	}
	return nil
}
