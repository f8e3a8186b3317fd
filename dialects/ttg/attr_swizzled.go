package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// SwizzledSharedEncoding is `#ttg.swizzled_shared<{vec = V, perPhase = P,
// maxPhase = M, order = [..]}>`: rows of the buffer (dim order[0]
// contiguous) whose vec-element groups are XORed with (row / perPhase) %
// maxPhase to avoid bank conflicts.
type SwizzledSharedEncoding struct {
	ttgAttr
	Vec, PerPhase, MaxPhase int
	Order                   []int
	CGALayout               CGALayout
}

// NewSwizzledShared returns the swizzled shared layout.
func NewSwizzledShared(ctx *ir.Context, vec, perPhase, maxPhase int, order []int, cga CGALayout) *SwizzledSharedEncoding {
	return ir.Unique(ctx, &SwizzledSharedEncoding{ttgAttr: ttgAttr{ctx: ctx}, Vec: vec, PerPhase: perPhase, MaxPhase: maxPhase, Order: clone(order), CGALayout: cga})
}

func (a *SwizzledSharedEncoding) UniqueKey() any {
	return attrKey{kind: "swizzled_shared", s: newKey().int(a.Vec).int(a.PerPhase).int(a.MaxPhase).ints(a.Order).cga(a.CGALayout).String()}
}
func (a *SwizzledSharedEncoding) Mnemonic() string { return "swizzled_shared" }
func (a *SwizzledSharedEncoding) AsmAlias() string { return "shared" }
func (a *SwizzledSharedEncoding) Rank() int        { return a.CGALayout.Rank }
func (a *SwizzledSharedEncoding) CGA() CGALayout   { return a.CGALayout }
func (a *SwizzledSharedEncoding) Alignment() int   { return 16 }
func (a *SwizzledSharedEncoding) isShared()        {}
func (a *SwizzledSharedEncoding) PrintParams(p ir.AsmPrinter) {
	printSwizzled(p, a.Vec, a.PerPhase, a.MaxPhase, a.Order, a.CGALayout)
}
func (a *SwizzledSharedEncoding) Verify() error { return verifySwizzled(a.Order, a.CGALayout) }

func (a *SwizzledSharedEncoding) params() linearlayout.SwizzledSharedParams {
	return linearlayout.SwizzledSharedParams{Vec: a.Vec, PerPhase: a.PerPhase, MaxPhase: a.MaxPhase, Order: a.Order, CTA: a.CGALayout.LL()}
}

func (a *SwizzledSharedEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	return linearlayout.SwizzledShared(shape, a.params())
}

// AMDRotatingSharedEncoding is `#ttg.amd_rotating_shared<{vec, perPhase,
// maxPhase, order}>`: a swizzled layout whose phase is also XORed with the
// block of rows, so that consecutive blocks use different banks.
type AMDRotatingSharedEncoding struct {
	ttgAttr
	Vec, PerPhase, MaxPhase int
	Order                   []int
	CGALayout               CGALayout
}

// NewAMDRotatingShared returns the AMD rotating shared layout.
func NewAMDRotatingShared(ctx *ir.Context, vec, perPhase, maxPhase int, order []int, cga CGALayout) *AMDRotatingSharedEncoding {
	return ir.Unique(ctx, &AMDRotatingSharedEncoding{ttgAttr: ttgAttr{ctx: ctx}, Vec: vec, PerPhase: perPhase, MaxPhase: maxPhase, Order: clone(order), CGALayout: cga})
}

func (a *AMDRotatingSharedEncoding) UniqueKey() any {
	return attrKey{kind: "amd_rotating_shared", s: newKey().int(a.Vec).int(a.PerPhase).int(a.MaxPhase).ints(a.Order).cga(a.CGALayout).String()}
}
func (a *AMDRotatingSharedEncoding) Mnemonic() string { return "amd_rotating_shared" }
func (a *AMDRotatingSharedEncoding) AsmAlias() string { return "shared" }
func (a *AMDRotatingSharedEncoding) Rank() int        { return a.CGALayout.Rank }
func (a *AMDRotatingSharedEncoding) CGA() CGALayout   { return a.CGALayout }
func (a *AMDRotatingSharedEncoding) Alignment() int   { return 16 }
func (a *AMDRotatingSharedEncoding) isShared()        {}
func (a *AMDRotatingSharedEncoding) PrintParams(p ir.AsmPrinter) {
	printSwizzled(p, a.Vec, a.PerPhase, a.MaxPhase, a.Order, a.CGALayout)
}

// Verify checks the order (Triton declares no verifier for this layout;
// the order must still be a permutation for the layout to mean anything).
func (a *AMDRotatingSharedEncoding) Verify() error { return verifySwizzled(a.Order, a.CGALayout) }

func (a *AMDRotatingSharedEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	return linearlayout.AMDRotatingShared(shape, linearlayout.SwizzledSharedParams{Vec: a.Vec, PerPhase: a.PerPhase,
		MaxPhase: a.MaxPhase, Order: a.Order, CTA: a.CGALayout.LL()})
}

func printSwizzled(p ir.AsmPrinter, vec, perPhase, maxPhase int, order []int, cga CGALayout) {
	p.Printf("<{vec = %d, perPhase = %d, maxPhase = %d, order = [", vec, perPhase, maxPhase)
	writeInts(p, order)
	p.WriteString("]")
	cga.print(p)
	p.WriteString("}>")
}

func verifySwizzled(order []int, cga CGALayout) error {
	if len(order) != cga.Rank {
		return fmt.Errorf("order size (%d) must match CGALayout rank (%d)", len(order), cga.Rank)
	}
	if err := verifyOrder(order); err != nil {
		return err
	}
	return cga.verify()
}

// parseSwizzledParams is Triton's parseSwizzledEncoding.
func parseSwizzledParams(r *attrReader) (vec, perPhase, maxPhase int, order []int, cga CGALayout, err error) {
	d, err := r.dict()
	if err != nil {
		return
	}
	var cgaAttr cgaKeys
	for _, e := range d.Entries {
		switch e.Name {
		case "vec":
			vec, err = r.uint(e.Value, "vec")
		case "perPhase":
			perPhase, err = r.uint(e.Value, "perPhase")
		case "maxPhase":
			maxPhase, err = r.uint(e.Value, "maxPhase")
		case "order":
			order, err = r.ints(e.Value, "order")
		default:
			if !cgaAttr.take(e) {
				err = r.unexpectedKey(e.Name)
			}
		}
		if err != nil {
			return
		}
	}
	cga, err = r.cga(cgaAttr, len(order))
	return
}

func parseSwizzledShared(r *attrReader) (ir.Attribute, error) {
	vec, pp, mp, order, cga, err := parseSwizzledParams(r)
	if err != nil {
		return nil, err
	}
	return checked(r, NewSwizzledShared(r.p.Context(), vec, pp, mp, order, cga))
}

func parseAMDRotatingShared(r *attrReader) (ir.Attribute, error) {
	vec, pp, mp, order, cga, err := parseSwizzledParams(r)
	if err != nil {
		return nil, err
	}
	return checked(r, NewAMDRotatingShared(r.p.Context(), vec, pp, mp, order, cga))
}
