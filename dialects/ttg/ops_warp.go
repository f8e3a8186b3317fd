package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
	"github.com/ttcompiler/tt/numeric"
)

// Warp specialization: `ttg.warp_specialize` runs its default region on the
// current warps and each partition region on its own warp group.
//
//	%r = ttg.warp_specialize(%a, %b) [attributes {...}]
//	default {
//	  ttg.warp_yield %x : i32
//	}
//	partition0(%arg0: i32, %arg1: i32) num_warps(4) {
//	  ttg.warp_return
//	} : (i32, i32) -> i32
//
// The partitions are the regions of a nested
// `ttg.warp_specialize.partitions` op (they are isolated from above; the
// default region is not).

// WarpSpecialize is `ttg.warp_specialize`.
var WarpSpecialize = Dialect.NewOp("warp_specialize", ir.RecursiveEffects)

// WarpSpecializePartitions is `ttg.warp_specialize.partitions`, the holder
// of the partition regions.
var WarpSpecializePartitions = Dialect.NewOp("warp_specialize.partitions", ir.IsolatedFromAbove|ir.RecursiveEffects|ir.Terminator)

// WarpYield is `ttg.warp_yield %v : T`, the terminator of the default region.
var WarpYield = Define(Dialect, "warp_yield", ir.Pure|ir.Terminator|ir.ReturnLike, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "values", Kind: asmfmt.Variadic}},
	Format:   "($values^)? attr-dict (`:` type($values)^)?",
	Verify:   verifyWarpYield,
})

// WarpReturn is `ttg.warp_return`, the terminator of partition regions.
var WarpReturn = Define(Dialect, "warp_return", ir.Pure|ir.Terminator|ir.ReturnLike, asmfmt.Spec{
	Format: "attr-dict",
})

func init() {
	ws := WarpSpecialize
	ws.Inherent = []string{"partitionNumWarps", "warpGroupStartIds", "requestedRegisters", "actualRegisters"}
	ws.Parse = parseWarpSpecialize
	ws.Print = printWarpSpecialize
	ws.Verify = verifyWarpSpecialize
	WarpSpecializePartitions.HasParent = []string{"ttg.warp_specialize"}
	WarpSpecializePartitions.Verify = verifyPartitions
	WarpYield.Def.HasParent = []string{"ttg.warp_specialize"}
	WarpReturn.Def.HasParent = []string{"ttg.warp_specialize.partitions"}
}

// PartitionRegions returns the partition regions of a warp_specialize op.
func PartitionRegions(op *ir.Operation) []*ir.Region {
	if op.NumRegions() < 2 || op.Region(1).Empty() {
		return nil
	}
	holder := op.Region(1).Front().First()
	if holder == nil || holder.Name() != "ttg.warp_specialize.partitions" {
		return nil
	}
	return holder.Regions()
}

// PartitionNumWarps returns the warp count of each partition.
func PartitionNumWarps(op *ir.Operation) []int {
	if a, ok := op.Attr("partitionNumWarps").(*ir.DenseArrayAttr); ok {
		return ints(a.Ints)
	}
	return nil
}

func parseWarpSpecialize(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	operandLoc := p.Loc()
	operands, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	if err := p.ParseExpectedKeyword("default"); err != nil {
		return err
	}
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	holderState := ir.NewState(ctx, "ttg.warp_specialize.partitions", p.Loc())
	var numWarps []int64
	for {
		if _, ok := p.ParseOptionalKeyword(fmt.Sprintf("partition%d", len(numWarps))); !ok {
			break
		}
		args, err := p.ParseArgumentList(ir.DelimParen, true, false)
		if err != nil {
			return err
		}
		if err := p.ParseExpectedKeyword("num_warps"); err != nil {
			return err
		}
		if err := p.ParseLParen(); err != nil {
			return err
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		if err := p.ParseRParen(); err != nil {
			return err
		}
		numWarps = append(numWarps, n)
		if err := p.ParseRegion(holderState.AddRegion(), args); err != nil {
			return err
		}
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	ins, outs, err := p.ParseFunctionalType()
	if err != nil {
		return err
	}
	if len(ins) != len(operands) {
		return p.ErrorfAt(operandLoc, "%d operands present, but expected %d", len(operands), len(ins))
	}
	vals, err := p.ResolveOperands(operands, ins)
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = outs
	st.AddAttr("partitionNumWarps", ir.DenseI32Array(ctx, numWarps))
	holderRegion := st.AddRegion()
	block := ir.NewBlock(ctx, nil, nil)
	holderRegion.Append(block)
	block.Append(ir.Create(holderState))
	return nil
}

func printWarpSpecialize(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString("(")
	p.PrintOperands(op.Operands())
	p.WriteString(")")
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), "partitionNumWarps")
	p.PrintNewline()
	p.WriteString("default ")
	p.PrintRegion(op.Region(0), false, true)
	nw := PartitionNumWarps(op)
	for i, r := range PartitionRegions(op) {
		p.PrintNewline()
		p.Printf("partition%d(", i)
		if !r.Empty() {
			for j, a := range r.Front().Arguments() {
				if j > 0 {
					p.WriteString(", ")
				}
				p.PrintRegionArgument(a.(*ir.BlockArgument), nil, false)
			}
		}
		n := 0
		if i < len(nw) {
			n = nw[i]
		}
		p.Printf(") num_warps(%d) ", n)
		p.PrintRegion(r, false, true)
	}
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
}

func verifyWarpSpecialize(op *ir.Operation) error {
	if op.NumRegions() != 2 {
		return ir.OpErrorf(op, "requires 2 regions")
	}
	if op.Region(0).Empty() {
		return ir.OpErrorf(op, "region #0 ('defaultRegion') failed to verify constraint: region with at least 1 blocks")
	}
	holder := op.Region(1)
	if holder.Empty() || holder.Front().First() == nil || holder.Front().First().Name() != "ttg.warp_specialize.partitions" {
		return ir.OpErrorf(op, "expected to find only a `ttg.warp_specialize.partitions` op inside its second region")
	}
	if a := op.Attr("partitionNumWarps"); a == nil {
		return ir.OpErrorf(op, "requires attribute 'partitionNumWarps'")
	} else if !isI32Array(a) {
		return ir.OpErrorf(op, "attribute 'partitionNumWarps' failed to satisfy constraint: i32 dense array attribute")
	}
	for _, n := range []string{"warpGroupStartIds", "requestedRegisters", "actualRegisters"} {
		if a := op.Attr(n); a != nil && !isI32Array(a) {
			return ir.OpErrorf(op, "attribute '%s' failed to satisfy constraint: i32 dense array attribute", n)
		}
	}
	regions := PartitionRegions(op)
	nw := PartitionNumWarps(op)
	if len(regions) != len(nw) {
		return ir.OpErrorf(op, "has %d partitions but `partitionNumWarps` has %d elements", len(regions), len(nw))
	}
	for i, n := range nw {
		if !numeric.IsPow2(n) {
			return ir.OpErrorf(op, "partition #%d number of warps (%d) must be a power of 2", i, n)
		}
	}
	if ids, ok := op.Attr("warpGroupStartIds").(*ir.DenseArrayAttr); ok && len(ids.Ints) != len(nw) {
		return ir.OpErrorf(op, "has %d warp group start IDs but expected %d", len(ids.Ints), len(nw))
	}
	if op.ParentOfName("ttg.warp_specialize") != nil {
		return ir.OpErrorf(op, "cannot be nested inside another `ttg.warp_specialize` op")
	}
	if n, ok := LookupNumWarps(op); ok && n%4 != 0 {
		return ir.Errorf(op.Loc(), "%s", WarpSpecializeWarpsError)
	}
	return VerifyTensorLayouts(op)
}

// WarpSpecializeWarpsError is Triton 3.6's refusal of a ttg.warp_specialize
// in a kernel whose warps are not whole warpgroups (the verifier's, and
// the TTIR conversion's before it sets the warps).
const WarpSpecializeWarpsError = "warp-specialized kernels requires num_warps to be a multiple of 4"

// verifyPartitions checks the partition regions against the captures of
// the parent warp_specialize. Triton 3.6 checks them while verifying the
// parent, so the errors are the parent's: its name and location.
func verifyPartitions(op *ir.Operation) error {
	ws := op.ParentOp()
	if ws == nil || ws.Name() != "ttg.warp_specialize" {
		return ir.OpErrorf(op, "expects parent op 'ttg.warp_specialize'")
	}
	for i, r := range op.Regions() {
		if r.Empty() {
			return ir.OpErrorf(op, "region #%d ('partitionRegions') failed to verify constraint: region with at least 1 blocks", i)
		}
		args := r.Front().Arguments()
		if len(args) != ws.NumOperands() {
			return ir.OpErrorf(ws, "partition region #%d has %d arguments but expected %d", i, len(args), ws.NumOperands())
		}
		for j, a := range args {
			if c := ws.Operand(j).Type(); a.Type() != c {
				return ir.OpErrorf(ws, "partition region #%d argument #%d has type %s but corresponding capture has type %s", i, j, typeText(a.Type()), typeText(c))
			}
		}
	}
	return nil
}

func verifyWarpYield(op *ir.Operation) error {
	ws := op.ParentOp()
	if ws == nil || ws.Name() != "ttg.warp_specialize" {
		return ir.OpErrorf(op, "expects parent op 'ttg.warp_specialize'")
	}
	if op.NumOperands() != ws.NumResults() {
		return ir.OpErrorf(op, "has %d operands but parent op expected %d", op.NumOperands(), ws.NumResults())
	}
	for i, t := range op.OperandTypes() {
		if want := ws.Result(i).Type(); t != want {
			return ir.OpErrorf(op, "operand #%d has type %s but parent op expected %s", i, typeText(t), typeText(want))
		}
	}
	return nil
}

// WarpSpecializeCaptureSize returns the bytes the captures of a
// warp_specialize take in shared memory (and their alignment, 8).
func WarpSpecializeCaptureSize(op *ir.Operation) (size, align int) {
	for _, t := range op.OperandTypes() {
		switch t := t.(type) {
		case *ir.IntegerType:
			size += (t.Width + 7) / 8
		case *ir.FloatType:
			size += (t.Width() + 7) / 8
		case *MemDescType:
			if _, ok := t.MemorySpace.(*SharedMemorySpace); ok {
				size += 8 + 4*t.Rank()
			} else {
				size += 8
			}
		default:
			size += 8
		}
	}
	return size, 8
}
