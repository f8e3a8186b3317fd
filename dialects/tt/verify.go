package tt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// MaxTensorNumElements is Triton's limit on the number of elements of a
// tensor (TensorSizeTrait).
const MaxTensorNumElements = 1048576

// LayoutVerifier is implemented by tensor encoding attributes (the ttg
// layouts) to check that they suit a tensor type; it is Triton's
// DialectVerifyTensorLayoutInterface. The error's text follows "has an
// invalid layout: ".
type LayoutVerifier interface {
	VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error
}

// TypeLayoutVerifier is implemented by types that carry a layout outside a
// tensor encoding (ttg's memdesc) and check it themselves.
type TypeLayoutVerifier interface {
	VerifyLayout(op *ir.Operation) error
}

// attrSpec is an inherent attribute constraint.
type attrSpec struct {
	name     string
	required bool
	check    func(ir.Attribute) bool
	summary  string
	// enum, when set, is the enumeration the attribute's cases come from:
	// the summary listing them is made only for a diagnostic (the ops
	// declare about a hundred such specs when the process starts).
	enum *ir.EnumInfo
}

// describe returns the constraint's summary for a diagnostic.
func (a *attrSpec) describe() string {
	if a.enum == nil {
		return a.summary
	}
	var vals []string
	for _, c := range a.enum.Cases {
		vals = append(vals, fmt.Sprint(c.Value))
	}
	return "allowed 32-bit signless integer cases: " + strings.Join(vals, ", ")
}

func reqAttr(name string, check func(ir.Attribute) bool, summary string) attrSpec {
	return attrSpec{name: name, required: true, check: check, summary: summary}
}

func optAttr(name string, check func(ir.Attribute) bool, summary string) attrSpec {
	return attrSpec{name: name, check: check, summary: summary}
}

func isI32Attr(a ir.Attribute) bool {
	ia, ok := a.(*ir.IntegerAttr)
	return ok && isSignless(ia.Typ, 32)
}

func isBoolAttr(a ir.Attribute) bool {
	ia, ok := a.(*ir.IntegerAttr)
	return ok && isSignless(ia.Typ, 1)
}

func isStrAttr(a ir.Attribute) bool { _, ok := a.(*ir.StringAttr); return ok }
func isUnitAttr(a ir.Attribute) bool {
	_, ok := a.(*ir.UnitAttr)
	return ok
}

func isI32Array(a ir.Attribute) bool {
	da, ok := a.(*ir.DenseArrayAttr)
	return ok && isSignless(da.Elem, 32)
}

func enumAttrSpec(name string, e *ir.EnumInfo, required bool) attrSpec {
	return attrSpec{name: name, required: required, check: e.Valid, enum: e}
}

var (
	i32AttrSummary   = "32-bit signless integer attribute"
	boolAttrSummary  = "bool attribute"
	strAttrSummary   = "string attribute"
	unitAttrSummary  = "unit attribute"
	i32ArraySummary  = "i32 dense array attribute"
	symRefSummary    = "flat symbol reference attribute"
	dictArraySummary = "Array of dictionary attributes"
)

// typesMatch is an ODS TypesMatchWith trait: type(to) must equal a
// transform of type(from), which holds checks; it is skipped when either
// operand is absent.
type typesMatch struct {
	desc     string
	from, to func(op *ir.Operation) ir.Value
	holds    func(ctx *ir.Context, from, to ir.Type) bool
}

// opSpec gathers what Triton's ODS generates for an op's verifier.
type opSpec struct {
	operands     []operandSpec
	sameVariadic bool
	results      []operandSpec
	attrs        []attrSpec
	matches      []typesMatch
	// traits run after the invariants, in declaration order (Elementwise,
	// interface verifiers...), before TensorSizeTrait.
	traits []func(op *ir.Operation) error
	// verify is the op's hasVerifier hook, run last.
	verify func(op *ir.Operation) error
	// infer checks inferred result types (InferTypeOpInterface); like
	// MLIR it runs with the region verifiers, after verify.
	infer func(op *ir.Operation) error
	// verifyRegions is the op's hasRegionVerifier hook.
	verifyRegions func(op *ir.Operation) error
}

// install sets def.Verify from spec.
func (s *opSpec) install(def *ir.OpDef) {
	def.Verify = s.run
	if s.infer != nil || s.verifyRegions != nil {
		def.VerifyRegions = func(op *ir.Operation) error {
			if s.infer != nil {
				if err := s.infer(op); err != nil {
					return inferFailure(op, err)
				}
			}
			if s.verifyRegions != nil {
				return s.verifyRegions(op)
			}
			return nil
		}
	}
}

// inferFailure follows err, the reason an op's result types could not be
// inferred or do not match, with MLIR's "failed to infer returned types"
// (verifyInferredResultTypes emits both). The verifier keeps one
// diagnostic per failing op, so the second error travels attached to the
// first, with error severity; it prints and is matched by
// --verify-diagnostics as the separate error MLIR emits.
func inferFailure(op *ir.Operation, err error) error {
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		d = ir.OpErrorf(op, "%s", err.Error())
	}
	out := *d
	out.Notes = append(append([]*ir.Diagnostic{}, d.Notes...),
		&ir.Diagnostic{Loc: op.Loc(), Severity: ir.SevError, Message: "'" + op.Name() + "' op failed to infer returned types"})
	return &out
}

func (s *opSpec) run(op *ir.Operation) error {
	for i := range s.attrs {
		a := &s.attrs[i]
		v := op.Attr(a.name)
		if v == nil {
			if a.required {
				return opError(op, "requires attribute '%s'", a.name)
			}
			continue
		}
		if a.check != nil && !a.check(v) {
			return opError(op, "attribute '%s' failed to satisfy constraint: %s", a.name, a.describe())
		}
	}
	if s.operands != nil {
		if err := verifyOperandTypes(op, s.operands, s.sameVariadic); err != nil {
			return err
		}
	}
	if s.results != nil {
		if err := verifyResultTypes(op, s.results); err != nil {
			return err
		}
	}
	for _, m := range s.matches {
		from, to := m.from(op), m.to(op)
		if from == nil || to == nil {
			continue
		}
		if !m.holds(op.Context(), from.Type(), to.Type()) {
			return opError(op, "failed to verify that %s", m.desc)
		}
	}
	for _, t := range s.traits {
		if err := t(op); err != nil {
			return err
		}
	}
	if err := verifyTensorSize(op); err != nil {
		return err
	}
	if err := verifyTensorLayouts(op); err != nil {
		return err
	}
	if s.verify != nil {
		return s.verify(op)
	}
	return nil
}

// operandAt returns a function yielding operand i (nil if absent).
func operandAt(i int) func(*ir.Operation) ir.Value {
	return func(op *ir.Operation) ir.Value {
		if i < op.NumOperands() {
			return op.Operand(i)
		}
		return nil
	}
}

// resultAt returns a function yielding result i.
func resultAt(i int) func(*ir.Operation) ir.Value {
	return func(op *ir.Operation) ir.Value {
		if i < op.NumResults() {
			return op.Result(i)
		}
		return nil
	}
}

// segmentOperand returns the single operand of segment i, if present.
func segmentOperand(i int) func(*ir.Operation) ir.Value {
	return func(op *ir.Operation) ir.Value {
		s, e := segmentRange(op, i)
		if e > s {
			return op.Operand(s)
		}
		return nil
	}
}

// The transforms of the TypesMatchWith traits. Most keep the shape: they
// map a ranked tensor to the tensor of the same shape and encoding whose
// element is transformed. Those are checked by comparing the shapes,
// encodings and elements (shapedLike), without building the transformed
// tensor type: a uniquing lookup for every load and store, after every
// pass. The types are uniqued, so both checks answer alike.

// sameType: type(to) is type(from).
func sameType(_ *ir.Context, from, to ir.Type) bool { return from == to }

// pointeeType: type(to) is what type(from) points to (a tensor of pointers:
// the tensor of their pointees); a type that is not a pointer stands for
// itself.
func pointeeType(ctx *ir.Context, from, to ir.Type) bool {
	return shapedLike(ctx, from, to, pointeeOrSelf)
}

// i1OfPointeeShape: type(to) is i1, or the tensor of i1 shaped as the
// pointee of type(from).
func i1OfPointeeShape(ctx *ir.Context, from, to ir.Type) bool {
	if _, ok := from.(*ir.RankedTensorType); !ok {
		// A tensor's pointee tensor keeps its shape; a scalar pointer's
		// pointee may be a tensor (a block pointer), whose shape counts.
		from = pointeeOrSelf(ctx, from)
	}
	return shapedLike(ctx, from, to, i1)
}

// i1OfShape: type(to) is I1SameShape(type(from)).
func i1OfShape(ctx *ir.Context, from, to ir.Type) bool { return shapedLike(ctx, from, to, i1) }

// ptrOfShape: type(to) is PointerTypeSameShape(type(from)).
func ptrOfShape(ctx *ir.Context, from, to ir.Type) bool {
	return shapedLike(ctx, from, to, func(ctx *ir.Context, t ir.Type) ir.Type { return GlobalPtr(ctx, t) })
}

// shapedLike reports whether to is elem(from) for a type that is not a
// ranked tensor, else the ranked tensor of from's shape and encoding whose
// element is elem(from's element).
func shapedLike(ctx *ir.Context, from, to ir.Type, elem func(*ir.Context, ir.Type) ir.Type) bool {
	ft, ok := from.(*ir.RankedTensorType)
	if !ok {
		return elem(ctx, from) == to
	}
	tt, ok := to.(*ir.RankedTensorType)
	return ok && tt.Encoding == ft.Encoding && slices.Equal(tt.Dims, ft.Dims) && tt.Elem == elem(ctx, ft.Elem)
}

func pointeeOrSelf(_ *ir.Context, t ir.Type) ir.Type {
	if p, ok := t.(*PointerType); ok {
		return p.Pointee
	}
	return t
}

func i1(ctx *ir.Context, _ ir.Type) ir.Type { return ir.I1(ctx) }

// opText renders op in the generic form for diagnostics, as MLIR streams
// an operation into one: values are named as in the closest enclosing
// op that is isolated from above (MLIR's local scope). asm.Sprint only
// numbers values from the op it prints, so the enclosing op is printed and
// the line of op picked out (ops with regions fall back to a local print).
func opText(op *ir.Operation) string {
	anc := op.ParentOp()
	for anc != nil && !anc.Has(ir.IsolatedFromAbove) {
		anc = anc.ParentOp()
	}
	if anc != nil && op.NumRegions() == 0 {
		idx := -1
		i := 0
		ir.WalkOps(anc, func(o *ir.Operation) {
			if o == op {
				idx = i
			}
			i++
		})
		n := 0
		for _, line := range printLines(anc) {
			l := strings.TrimSpace(line)
			if !strings.HasPrefix(l, "%") && !strings.HasPrefix(l, "\"") {
				continue
			}
			if n == idx {
				return l
			}
			n++
		}
	}
	return strings.Join(printLines(op), "\n")
}

// printLines prints op generically without its alias definitions.
func printLines(op *ir.Operation) []string {
	s := asm.Sprint(op, asm.PrintConfig{Generic: true})
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for len(lines) > 1 && (strings.HasPrefix(lines[0], "#") || strings.HasPrefix(lines[0], "!")) {
		lines = lines[1:]
	}
	return lines
}

// verifyTensorSize is Triton's TensorSizeTrait.
func verifyTensorSize(op *ir.Operation) error {
	check := func(t ir.Type) error {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return nil
		}
		n := rt.NumElements()
		if n > MaxTensorNumElements {
			return plainError(op, "Maximum allowed number of elements is %d, but %s has more than that", MaxTensorNumElements, opText(op))
		}
		if n&(n-1) != 0 {
			return plainError(op, "Number of elements must be power-of-two, but %s doesn't follow the rule (%d) elements", opText(op), n)
		}
		return nil
	}
	for i := 0; i < op.NumOperands(); i++ {
		if v := op.Operand(i); v != nil {
			if err := check(v.Type()); err != nil {
				return err
			}
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if err := check(op.Result(i).Type()); err != nil {
			return err
		}
	}
	return nil
}

// verifyTensorLayouts is Triton's VerifyTensorLayoutsTrait: each tensor
// encoding (and each layout-carrying type) checks itself.
func verifyTensorLayouts(op *ir.Operation) error {
	check := func(kind string, i int, v ir.Value) error {
		var err error
		switch t := v.Type().(type) {
		case *ir.RankedTensorType:
			if lv, ok := t.Encoding.(LayoutVerifier); ok {
				err = lv.VerifyTensorLayout(t, op)
			}
		case TypeLayoutVerifier:
			err = t.VerifyLayout(op)
		}
		if err == nil {
			return nil
		}
		msg := err.Error()
		if d, ok := err.(*ir.Diagnostic); ok {
			msg = d.Message
		}
		// Triton names an operand by number and value, a result by number
		// only, and a sole result not even by number.
		switch {
		case kind == "Operand":
			return plainError(op, "Operand %d (%s) has an invalid layout: %s", i, valueText(v), msg)
		case op.NumResults() == 1:
			return plainError(op, "Result has an invalid layout: %s", msg)
		}
		return plainError(op, "Result %d has an invalid layout: %s", i, msg)
	}
	for i := 0; i < op.NumOperands(); i++ {
		if err := check("Operand", i, op.Operand(i)); err != nil {
			return err
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if err := check("Result", i, op.Result(i)); err != nil {
			return err
		}
	}
	return nil
}

// valueText renders a value as MLIR streams it into a diagnostic.
func valueText(v ir.Value) string {
	if a, ok := v.(*ir.BlockArgument); ok {
		return fmt.Sprintf("<block argument> of type '%s' at index: %d", asm.TypeString(a.Type()), a.Index())
	}
	return opText(v.DefiningOp())
}

// verifyElementwise is MLIR's Elementwise trait verifier.
func verifyElementwise(op *ir.Operation) error {
	// The shaped types, operands first, gathered on the stack (this runs
	// for every elementwise op after every pass that changed the IR).
	var buf [8]ir.Type
	all := buf[:0]
	for i := 0; i < op.NumOperands(); i++ {
		if v := op.Operand(i); v != nil && shapedKind(v.Type()) != 0 {
			all = append(all, v.Type())
		}
	}
	nOpnds := len(all)
	for i := 0; i < op.NumResults(); i++ {
		if t := op.Result(i).Type(); shapedKind(t) != 0 {
			all = append(all, t)
		}
	}
	opnds, res := all[:nOpnds], all[nOpnds:]
	if len(res) == 0 && len(opnds) == 0 {
		return nil
	}
	if len(res) > 0 && len(opnds) == 0 {
		return opError(op, "if a result is non-scalar, then at least one operand must be non-scalar")
	}
	if len(res) == 0 {
		return opError(op, "if an operand is non-scalar, then there must be at least one non-scalar result")
	}
	if len(res) != op.NumResults() {
		return opError(op, "if an operand is non-scalar, then all results must be non-scalar")
	}
	for _, t := range all[1:] {
		if shapedKind(t) != shapedKind(all[0]) || !compatibleShapes(t, all[0]) {
			return opError(op, "all non-scalar operands/results must have the same shape and base type")
		}
	}
	return nil
}

// shapedKind tells the kinds of shaped type elementwise ops map over apart
// (0 for any other type).
func shapedKind(t ir.Type) int {
	switch t.(type) {
	case *ir.RankedTensorType:
		return 1
	case *ir.UnrankedTensorType:
		return 2
	case *ir.VectorType:
		return 3
	}
	return 0
}

func compatibleShapes(a, b ir.Type) bool {
	sa, sb := ir.ShapeOf(a), ir.ShapeOf(b)
	as, aok := a.(ir.ShapedType)
	bs, bok := b.(ir.ShapedType)
	if aok && bok && (!as.HasRank() || !bs.HasRank()) {
		return true
	}
	return ir.EqualShape(sa, sb)
}

// verifyDiscardableAttr checks `tt.*` discardable attributes. Triton 3.6
// verifies none of them (its dialect has no verifyOperationAttribute); tt
// checks the axis-info hints, which its analyses index per dimension (a
// hint of the wrong length is undefined behaviour in Triton's AxisInfo),
// and accepts every other attribute as Triton does.
func verifyDiscardableAttr(op *ir.Operation, name string, value ir.Attribute) error {
	if IsAxisHint(name) {
		return verifyAxisHint(op, name, value)
	}
	return nil
}
