package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// BlockedEncoding is `#ttg.blocked<{sizePerThread = [..], threadsPerWarp =
// [..], warpsPerCTA = [..], order = [..]}>`: each thread holds a
// sizePerThread box, lanes and warps tile the tensor in `order` (fastest dim
// first), and the CTA tile repeats over larger tensors.
type BlockedEncoding struct {
	ttgAttr
	SizePerThread  []int
	ThreadsPerWarp []int
	WarpsPerCTA    []int
	Order          []int
	CGALayout      CGALayout
}

// NewBlocked returns the blocked layout with the given parameters. It does
// not verify them (see Verify).
func NewBlocked(ctx *ir.Context, spt, tpw, wpc, order []int, cga CGALayout) *BlockedEncoding {
	return ir.Unique(ctx, &BlockedEncoding{ttgAttr: ttgAttr{ctx: ctx},
		SizePerThread: clone(spt), ThreadsPerWarp: clone(tpw), WarpsPerCTA: clone(wpc),
		Order: clone(order), CGALayout: cga,
	})
}

func (a *BlockedEncoding) UniqueKey() any {
	return attrKey{kind: "blocked", s: newKey().ints(a.SizePerThread).ints(a.ThreadsPerWarp).ints(a.WarpsPerCTA).ints(a.Order).cga(a.CGALayout).String()}
}
func (a *BlockedEncoding) Mnemonic() string { return "blocked" }
func (a *BlockedEncoding) AsmAlias() string { return "blocked" }
func (a *BlockedEncoding) Rank() int        { return len(a.Order) }
func (a *BlockedEncoding) CGA() CGALayout   { return a.CGALayout }
func (a *BlockedEncoding) RepOrder() []int  { return clone(a.Order) }
func (a *BlockedEncoding) isDistributed()   {}
func (a *BlockedEncoding) params() linearlayout.BlockedParams {
	return linearlayout.BlockedParams{SizePerThread: a.SizePerThread, ThreadsPerWarp: a.ThreadsPerWarp,
		WarpsPerCTA: a.WarpsPerCTA, Order: a.Order, CTA: a.CGALayout.LL()}
}

func (a *BlockedEncoding) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<{sizePerThread = [")
	writeInts(p, a.SizePerThread)
	p.WriteString("], threadsPerWarp = [")
	writeInts(p, a.ThreadsPerWarp)
	p.WriteString("], warpsPerCTA = [")
	writeInts(p, a.WarpsPerCTA)
	p.WriteString("], order = [")
	writeInts(p, a.Order)
	p.WriteString("]")
	a.CGALayout.print(p)
	p.WriteString("}>")
}

// Verify checks the invariants of BlockedEncodingAttr::verify.
func (a *BlockedEncoding) Verify() error {
	n := len(a.SizePerThread)
	if len(a.ThreadsPerWarp) != n || len(a.WarpsPerCTA) != n || len(a.Order) != n {
		return fmt.Errorf("sizePerThread, threadsPerWarp, warpsPerCTA, and order must all have the same rank.")
	}
	for _, f := range []struct {
		name string
		v    []int
	}{{"sizePerThread", a.SizePerThread}, {"threadsPerWarp", a.ThreadsPerWarp}, {"warpsPerCTA", a.WarpsPerCTA}} {
		if !allPow2(f.v) {
			return fmt.Errorf("Every element in %s must be a power of two.", f.name)
		}
	}
	if len(a.Order) != a.CGALayout.Rank {
		return fmt.Errorf("BlockedEncodingAttr and CTALayout's fields must have the same rank.")
	}
	if err := verifyOrder(a.Order); err != nil {
		return err
	}
	return a.CGALayout.verify()
}

func (a *BlockedEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	return linearlayout.Blocked(shape, a.params())
}

func parseBlocked(r *attrReader) (ir.Attribute, error) {
	d, err := r.dict()
	if err != nil {
		return nil, err
	}
	var spt, tpw, wpc, order []int
	var cga cgaKeys
	for _, e := range d.Entries {
		switch e.Name {
		case "sizePerThread":
			spt, err = r.ints(e.Value, "number of elements per thread")
		case "threadsPerWarp":
			tpw, err = r.ints(e.Value, "number of threads per warp")
		case "warpsPerCTA":
			wpc, err = r.ints(e.Value, "number of warps per CTA")
		case "order":
			order, err = r.ints(e.Value, "order")
		default:
			if !cga.take(e) {
				return nil, r.unexpectedKey(e.Name)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	c, err := r.cga(cga, len(spt))
	if err != nil {
		return nil, err
	}
	a := NewBlocked(r.p.Context(), spt, tpw, wpc, order, c)
	return checked(r, a)
}

// verifier is implemented by the attributes whose parameters have
// invariants (Triton's genVerifyDecl).
type verifier interface{ Verify() error }

// checked verifies a freshly parsed attribute (MLIR's getChecked).
func checked(r *attrReader, a ir.Attribute) (ir.Attribute, error) {
	if v, ok := a.(verifier); ok {
		if err := v.Verify(); err != nil {
			return nil, r.errorf("%s", err.Error())
		}
	}
	return a, nil
}

// verifyOrder is Triton's verifyLayoutOrder.
func verifyOrder(order []int) error {
	if !isPermutation(order) {
		return fmt.Errorf("order must be a permutation of 0..(rank-1), but was [%s]", joinInts(order))
	}
	return nil
}

// DefaultBlocked returns Triton's default blocked layout for a tensor of the
// given shape (getDefaultBlockedEncoding): one element per thread, order
// [rank-1, ..., 0], lanes and warps spread from the fastest dim.
func DefaultBlocked(ctx *ir.Context, shape []int64, numWarps, threadsPerWarp, numCTAs int) *BlockedEncoding {
	rank := len(shape)
	order := make([]int, rank)
	spt := make([]int, rank)
	for i := range order {
		order[i] = rank - 1 - i
		spt[i] = 1
	}
	return BlockedForShape(ctx, shape, spt, order, numWarps, threadsPerWarp, numCTAs)
}

// BlockedForShape is the BlockedEncodingAttr builder that takes a shape,
// sizePerThread, order and the warp, lane and CTA counts, and spreads the
// lanes, warps and CTAs over the tensor the way Triton does.
func BlockedForShape(ctx *ir.Context, shape []int64, spt, order []int, numWarps, threadsPerWarp, numCTAs int) *BlockedEncoding {
	rank := len(spt)
	ctasPerCGA := make([]int, rank)
	splitNum := make([]int, rank)
	remaining := numCTAs
	for d := rank - 1; d >= 0; d-- {
		i := order[d]
		ctasPerCGA[i] = clampInt(remaining, 1, max(1, int(shape[i])/spt[i]))
		splitNum[i] = ctasPerCGA[i]
		remaining /= ctasPerCGA[i]
	}
	if rank > 0 {
		ctasPerCGA[rank-1] *= remaining
	}
	cga := CGAFromSplitParams(ctasPerCGA, splitNum, order)
	return BlockedForShapeCGA(ctx, shape, spt, order, numWarps, threadsPerWarp, cga)
}

// BlockedForShapeCGA is BlockedForShape with an explicit CTA layout.
func BlockedForShapeCGA(ctx *ir.Context, shape []int64, spt, order []int, numWarps, threadsPerWarp int, cga CGALayout) *BlockedEncoding {
	rank := len(spt)
	tpw := make([]int, rank)
	wpc := make([]int, rank)
	perCTA := ShapePerCTA(cga.CTASplitNum(), shape)
	remLanes, remThreads, remWarps := threadsPerWarp, numWarps*threadsPerWarp, numWarps
	prevLanes, prevWarps := 1, 1
	for d := 0; d < rank-1; d++ {
		i := order[d]
		threadsPerCTA := clampInt(remThreads, 1, max(1, int(perCTA[i])/spt[i]))
		tpw[i] = clampInt(threadsPerCTA, 1, remLanes)
		wpc[i] = clampInt(threadsPerCTA/tpw[i], 1, remWarps)
		remWarps /= wpc[i]
		remLanes /= tpw[i]
		remThreads /= threadsPerCTA
		prevLanes *= tpw[i]
		prevWarps *= wpc[i]
	}
	if rank > 0 {
		tpw[order[rank-1]] = threadsPerWarp / prevLanes
		wpc[order[rank-1]] = numWarps / prevWarps
	}
	return NewBlocked(ctx, spt, tpw, wpc, order, cga)
}

// CGAFromSplitParams builds a CTA layout from Triton's older parameters
// (CTAEncodingAttr::fromSplitParams): per dim, in CTAOrder, CTASplitNum
// distinct pieces and CTAsPerCGA/CTASplitNum broadcast copies.
func CGAFromSplitParams(ctasPerCGA, splitNum, ctaOrder []int) CGALayout {
	rank := len(ctaOrder)
	var bases [][]int32
	for _, d := range ctaOrder {
		for s := 1; s < splitNum[d]; s *= 2 {
			b := make([]int32, rank)
			b[d] = int32(s)
			bases = append(bases, b)
		}
		for s := 1; s < ctasPerCGA[d]/max(1, splitNum[d]); s *= 2 {
			bases = append(bases, make([]int32, rank))
		}
	}
	return CGALayout{Rank: rank, Bases: bases}
}

// ShapePerCTA returns the part of shape one CTA holds given CTASplitNum
// (Triton's getShapePerCTA, including its rank adjustments).
func ShapePerCTA(splitNum []int, shape []int64) []int64 {
	rank := len(shape)
	split := clone(splitNum)
	if len(split) <= rank {
		split = append(make([]int, rank-len(split)), split...)
		for i := 0; i < rank-len(splitNum); i++ {
			split[i] = 1
		}
	} else {
		split = split[len(split)-rank:]
	}
	out := make([]int64, rank)
	for i := range shape {
		if shape[i] > 0 && split[i] > 0 {
			out[i] = shape[i] / min(shape[i], int64(split[i]))
		}
	}
	return out
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
