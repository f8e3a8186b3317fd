package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// DotOperandEncoding is `#ttg.dot_op<{opIdx = I, parent = #mma, kWidth =
// K}>`: the layout of operand A (opIdx 0) or B (opIdx 1) of a dot whose
// result has layout parent; each thread holds kWidth consecutive elements
// along K. kWidth = 0 (not printed) means "not used" (blocked parents).
type DotOperandEncoding struct {
	ttgAttr
	OpIdx  int
	Parent ir.Attribute
	KWidth int
}

// NewDotOperand returns the dot operand layout.
func NewDotOperand(ctx *ir.Context, opIdx int, parent ir.Attribute, kWidth int) *DotOperandEncoding {
	return ir.Unique(ctx, &DotOperandEncoding{ttgAttr: ttgAttr{ctx: ctx}, OpIdx: opIdx, Parent: parent, KWidth: kWidth})
}

// NewDotOperandFor returns the dot operand layout for elements of type
// elem, with kWidth = max(32 / bitwidth, 1) for Ampere and Hopper MMA
// parents and 0 otherwise (the DotOperandEncodingAttr builder).
func NewDotOperandFor(ctx *ir.Context, opIdx int, parent ir.Attribute, elem ir.Type) *DotOperandEncoding {
	mma, ok := parent.(*NvidiaMmaEncoding)
	if !ok || !(mma.IsAmpere() || mma.IsHopper()) {
		return NewDotOperand(ctx, opIdx, parent, 0)
	}
	bw := ir.BitWidth(elem)
	k := 1
	if bw > 0 {
		k = max(32/bw, 1)
	}
	return NewDotOperand(ctx, opIdx, parent, k)
}

func (a *DotOperandEncoding) UniqueKey() any {
	return attrKey{kind: "dot_op", s: newKey().int(a.OpIdx).int(a.KWidth).String(), a: a.Parent}
}
func (a *DotOperandEncoding) Mnemonic() string { return "dot_op" }
func (a *DotOperandEncoding) isDistributed()   {}

func (a *DotOperandEncoding) Rank() int {
	if l, ok := a.Parent.(LayoutEncoding); ok {
		return l.Rank()
	}
	return 0
}

func (a *DotOperandEncoding) PrintParams(p ir.AsmPrinter) {
	p.Printf("<{opIdx = %d, parent = ", a.OpIdx)
	p.PrintAttribute(a.Parent)
	if a.KWidth != 0 {
		p.Printf(", kWidth = %d", a.KWidth)
	}
	p.WriteString("}>")
}

// Verify checks DotOperandEncodingAttr::verify.
func (a *DotOperandEncoding) Verify() error {
	if a.OpIdx != 0 && a.OpIdx != 1 {
		return fmt.Errorf("ttg.dot_op opIdx parameter can be 0 or 1, got: %d", a.OpIdx)
	}
	if a.Parent == nil {
		return fmt.Errorf("ttg.dot_op parent parameter cannot be null")
	}
	k := a.KWidth
	switch p := a.Parent.(type) {
	case *NvidiaMmaEncoding:
		if k != 0 && !(p.IsAmpere() || p.IsHopper()) {
			return fmt.Errorf("ttg.dot_op kWidth parameter can only be non-zero for Ampere or Hopper MMA parent")
		}
		if k == 0 && (p.IsAmpere() || p.IsHopper()) {
			return fmt.Errorf("ttg.dot_op kWidth parameter is mandatory for Ampere or Hopper MMA parent")
		}
		if a.OpIdx != 0 && p.IsHopper() {
			return fmt.Errorf("ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, since Hopper WGMMA only allows first operand to be in registers")
		}
		return nil
	case *AMDWmmaEncoding:
		if p.Version == 1 && k != 8 && k != 16 {
			return fmt.Errorf("ttg.dot_op kWidth parameter must be 8/16 for WMMA v1 (including packed cases for `scaled_dot`)")
		}
		if p.Version == 2 && k != 4 && k != 8 && k != 16 {
			return fmt.Errorf("ttg.dot_op kWidth parameter must be 4/8/16 for WMMA v2 (including packed cases for `scaled_dot`)")
		}
		if p.Version == 3 && k == 0 {
			return fmt.Errorf("ttg.dot_op kWidth parameter is mandatory for WMMA v3 ")
		}
		return nil
	case *AMDMfmaEncoding:
		if k == 0 {
			return fmt.Errorf("ttg.dot_op kWidth parameter is mandatory for MFMA parent")
		}
		return nil
	case *BlockedEncoding:
		if k != 0 {
			return fmt.Errorf("ttg.dot_op kWidth parameter is not supported when the parent is a blocked layout")
		}
		return nil
	}
	return fmt.Errorf("ttg.dot_op unexpected parent layout: %s", attrText(a.Parent))
}

// RepOrder is the parent MMA's operand repetition order, or a blocked
// parent's order.
func (a *DotOperandEncoding) RepOrder() []int {
	switch p := a.Parent.(type) {
	case MmaLayout:
		return p.RepOrderForOperand(a.OpIdx)
	case *BlockedEncoding:
		return clone(p.Order)
	}
	return reverseOrder(a.Rank())
}

// CGA is the parent's CTA layout broadcast along K.
func (a *DotOperandEncoding) CGA() CGALayout {
	l, ok := a.Parent.(LayoutEncoding)
	if !ok {
		return CGALayout{}
	}
	pc := l.CGA()
	rank := pc.Rank
	k := rank - 2
	if a.OpIdx == 0 {
		k = rank - 1
	}
	out := CGALayout{Rank: rank}
	for _, b := range pc.Bases {
		nb := clone(b)
		if k >= 0 && k < len(nb) {
			nb[k] = 0
		}
		out.Bases = append(out.Bases, nb)
	}
	return out
}

func (a *DotOperandEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	switch p := a.Parent.(type) {
	case *BlockedEncoding:
		return linearlayout.FMADotOperand(shape, a.OpIdx, p.params())
	case *NvidiaMmaEncoding:
		return linearlayout.NvidiaDotOperand(shape, a.OpIdx, a.KWidth, dotParentParams(p, len(shape)))
	case *AMDMfmaEncoding:
		return linearlayout.MFMADotOperand(shape, a.OpIdx, a.KWidth, p.params())
	case *AMDWmmaEncoding:
		return linearlayout.WMMADotOperand(shape, a.OpIdx, a.KWidth, p.params())
	}
	return linearlayout.LinearLayout{}, fmt.Errorf("ttg.dot_op: no linear layout for parent %s", attrText(a.Parent))
}

// parseDotOp parses the `<{name = value, ...}>` struct form MLIR generates
// for `struct(params)`.
func parseDotOp(r *attrReader) (ir.Attribute, error) {
	p := r.p
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	if err := p.ParseLBrace(); err != nil {
		return nil, err
	}
	var opIdx, kWidth int
	var parent ir.Attribute
	seen := map[string]bool{}
	if !p.ParseOptionalRBrace() {
		for {
			key, err := p.ParseKeyword()
			if err != nil {
				return nil, err
			}
			if seen[key] || (key != "opIdx" && key != "parent" && key != "kWidth") {
				return nil, p.Errorf("duplicate or unknown struct parameter name: %s", key)
			}
			seen[key] = true
			if err := p.ParseEqual(); err != nil {
				return nil, err
			}
			switch key {
			case "opIdx", "kWidth":
				v, err := p.ParseInteger()
				if err != nil {
					return nil, p.Errorf("failed to parse TritonGPU_DotOperandEncodingAttr parameter '%s' which is to be a `unsigned`", key)
				}
				if key == "opIdx" {
					opIdx = int(uint32(v))
				} else {
					kWidth = int(uint32(v))
				}
			case "parent":
				if parent, err = p.ParseAttribute(nil); err != nil {
					return nil, err
				}
			}
			if !p.ParseOptionalComma() {
				break
			}
		}
		if err := p.ParseRBrace(); err != nil {
			return nil, err
		}
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	for _, req := range []string{"opIdx", "parent"} {
		if !seen[req] {
			return nil, r.errorf("struct is missing required parameter: %s", req)
		}
	}
	return checked(r, NewDotOperand(p.Context(), opIdx, parent, kWidth))
}

// dotParentParams returns the parent's parameters with an instruction shape
// the linearlayout package accepts: Triton's nvidiaDotToLinearLayout never
// reads the parent's instrShape (tt 3.6 parses v3 parents written with a
// 2-entry one), but linearlayout.NvidiaDotOperand validates it.
func dotParentParams(p *NvidiaMmaEncoding, rank int) linearlayout.NvidiaMMAParams {
	params := p.params()
	switch {
	case p.IsHopper():
		params.InstrShape = []int{16, 8, 16}
	case p.IsAmpere() && rank == 3:
		params.InstrShape = []int{1, 16, 8}
	case p.IsAmpere():
		params.InstrShape = []int{16, 8}
	}
	return params
}
