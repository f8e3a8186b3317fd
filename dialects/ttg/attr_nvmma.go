package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// NVMMASharedEncoding is `#ttg.nvmma_shared<{swizzlingByteWidth = S,
// transposed = T, elementBitWidth = B}>` (plus `fp4Padded = true`, and
// `rank = N` when the rank is not 2 and the CTA layout is the default): the
// layout wgmma, tcgen05 and TMA read directly, 8-row slabs of S-byte rows
// swizzled in 16-byte chunks.
type NVMMASharedEncoding struct {
	ttgAttr
	SwizzlingByteWidth int
	Transposed         bool
	ElementBitWidth    int
	FP4Padded          bool
	CGALayout          CGALayout
}

// NewNVMMAShared returns the NVMMA shared layout.
func NewNVMMAShared(ctx *ir.Context, swizzle int, transposed bool, elementBitWidth int, fp4Padded bool, cga CGALayout) *NVMMASharedEncoding {
	return ir.Unique(ctx, &NVMMASharedEncoding{ttgAttr: ttgAttr{ctx: ctx}, SwizzlingByteWidth: swizzle, Transposed: transposed,
		ElementBitWidth: elementBitWidth, FP4Padded: fp4Padded, CGALayout: cga})
}

func (a *NVMMASharedEncoding) UniqueKey() any {
	return attrKey{kind: "nvmma_shared", s: newKey().int(a.SwizzlingByteWidth).bool(a.Transposed).int(a.ElementBitWidth).bool(a.FP4Padded).cga(a.CGALayout).String()}
}
func (a *NVMMASharedEncoding) Mnemonic() string { return "nvmma_shared" }
func (a *NVMMASharedEncoding) AsmAlias() string { return "shared" }
func (a *NVMMASharedEncoding) Rank() int        { return a.CGALayout.Rank }
func (a *NVMMASharedEncoding) CGA() CGALayout   { return a.CGALayout }
func (a *NVMMASharedEncoding) isShared()        {}

// Vec, PerPhase and MaxPhase are the swizzle parameters the layout implies.
func (a *NVMMASharedEncoding) Vec() int {
	if a.SwizzlingByteWidth == 0 || a.ElementBitWidth == 0 {
		return 1
	}
	return 128 / a.ElementBitWidth
}
func (a *NVMMASharedEncoding) PerPhase() int {
	if a.SwizzlingByteWidth == 0 {
		return 1
	}
	return 128 / a.SwizzlingByteWidth
}
func (a *NVMMASharedEncoding) MaxPhase() int {
	if a.SwizzlingByteWidth == 0 {
		return 1
	}
	return a.SwizzlingByteWidth / 16
}

// Alignment is 128 bytes per swizzle phase.
func (a *NVMMASharedEncoding) Alignment() int { return 128 * a.MaxPhase() }

// Order is [rank-1, ..., 0] (or with the two minor dims swapped when
// transposed); [0] for rank 1.
func (a *NVMMASharedEncoding) Order() []int {
	if a.Rank() == 1 {
		return []int{0}
	}
	return matrixOrder(a.Rank(), !a.Transposed)
}

func (a *NVMMASharedEncoding) PrintParams(p ir.AsmPrinter) {
	p.Printf("<{swizzlingByteWidth = %d, transposed = %s, elementBitWidth = %d", a.SwizzlingByteWidth, boolStr(a.Transposed), a.ElementBitWidth)
	if a.FP4Padded {
		p.WriteString(", fp4Padded = true")
	}
	if a.CGALayout.IsDefault() && a.CGALayout.Rank != 2 {
		p.Printf(", rank = %d", a.CGALayout.Rank)
	} else {
		a.CGALayout.print(p)
	}
	p.WriteString("}>")
}

// Verify checks NVMMASharedEncodingAttr::verify.
func (a *NVMMASharedEncoding) Verify() error {
	if a.ElementBitWidth == 0 {
		return fmt.Errorf("elementBitWidth must be non-zero")
	}
	switch a.SwizzlingByteWidth {
	case 0, 32, 64, 128:
	default:
		return fmt.Errorf("swizzlingByteWidth must be 0, 32, 64, or 128")
	}
	return a.CGALayout.verify()
}

func (a *NVMMASharedEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	return linearlayout.NVMMAShared(shape, linearlayout.NVMMASharedParams{SwizzlingByteWidth: a.SwizzlingByteWidth,
		Transposed: a.Transposed, ElementBitWidth: a.ElementBitWidth, FP4Padded: a.FP4Padded, CTA: a.CGALayout.LL()})
}

func parseNVMMAShared(r *attrReader) (ir.Attribute, error) {
	d, err := r.dict()
	if err != nil {
		return nil, err
	}
	var swizzle, ebw int
	var trans, fp4 bool
	rank := 2
	var cga cgaKeys
	for _, e := range d.Entries {
		switch e.Name {
		case "swizzlingByteWidth":
			swizzle, err = r.uint(e.Value, "swizzlingByteWidth")
		case "transposed":
			trans, err = r.bool(e.Value, "transposed")
		case "elementBitWidth":
			ebw, err = r.uint(e.Value, "elementBitWidth")
		case "fp4Padded":
			fp4, err = r.bool(e.Value, "fp4Padded")
		case "rank":
			rank, err = r.uint(e.Value, "rank")
		default:
			if !cga.take(e) {
				err = r.unexpectedKey(e.Name)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	c, err := r.cga(cga, rank)
	if err != nil {
		return nil, err
	}
	return checked(r, NewNVMMAShared(r.p.Context(), swizzle, trans, ebw, fp4, c))
}
