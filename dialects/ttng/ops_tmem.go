package ttng

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Blackwell tensor memory (TMEM) and the tcgen05 MMAs that accumulate in it.

// tokenDirective is custom<Token>($dep, type($token)): an optional
// `[%dep]` (or `[]`) whose presence gives the op an async token result.
var tokenDirective = asmfmt.Directive{
	Parse: func(p ir.OpParser, s *asmfmt.ParseState, args []string) error {
		if !p.ParseOptionalLSquare() {
			return nil
		}
		s.SetTypes(typeArg(args[1]), ttg.AsyncToken(p.Context()))
		if p.ParseOptionalRSquare() {
			return nil
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		s.AddOperands(args[0], u)
		return p.ParseRSquare()
	},
	Print: func(p ir.OpPrinter, op *ir.Operation, g asmfmt.Groups, args []string) {
		if len(g.Result(op, typeArg(args[1]))) == 0 {
			return
		}
		p.WriteString("[")
		if dep := g.Operand(op, args[0]); len(dep) > 0 {
			p.PrintOperand(dep[0])
		}
		p.WriteString("]")
	},
}

// barriersDirective is custom<BarriersAndPreds>($barriers, $barrier_preds):
// `, %bar[%pred]` repeated.
var barriersDirective = asmfmt.Directive{
	Parse: func(p ir.OpParser, s *asmfmt.ParseState, args []string) error {
		for p.ParseOptionalComma() {
			b, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParseLSquare(); err != nil {
				return err
			}
			pr, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParseRSquare(); err != nil {
				return err
			}
			s.AddOperands(args[0], b)
			s.AddOperands(args[1], pr)
		}
		return nil
	},
	Print: func(p ir.OpPrinter, op *ir.Operation, g asmfmt.Groups, args []string) {
		bs, ps := g.Operand(op, args[0]), g.Operand(op, args[1])
		for i := range bs {
			p.WriteString(", ")
			p.PrintOperand(bs[i])
			p.WriteString("[")
			if i < len(ps) {
				p.PrintOperand(ps[i])
			}
			p.WriteString("]")
		}
	},
}

// typeArg strips the `type:` a custom directive argument carries.
func typeArg(a string) string {
	if len(a) > 5 && a[:5] == "type:" {
		return a[5:]
	}
	return a
}

var customs = map[string]asmfmt.Directive{"Token": tokenDirective, "BarriersAndPreds": barriersDirective}

func tokenOperand(name string) asmfmt.Value {
	return asmfmt.Value{Name: name, Kind: asmfmt.Optional, Constraint: ttg.TokenC, Infer: ttg.Fixed(ttg.TokenType)}
}

func tokenResult() asmfmt.Value {
	return asmfmt.Value{Name: "token", Kind: asmfmt.Optional, Constraint: ttg.TokenC}
}

var unit = func(name string) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.UnitAttr, Optional: true}
}

// TCGen5MMA is `%tok = ttng.tc_gen5_mma %a, %b, %d[%dep], %useD, %pred[, %bar[%p]...]
// {is_async, two_ctas} : types`: D (+)= A x B on tcgen05, D in TMEM.
var TCGen5MMA = define("tc_gen5_mma", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("a"), memdesc("b"), memdesc("d"), tokenOperand("acc_dep"), i1Operand("useD"), i1Operand("pred"),
		{Name: "barriers", Kind: asmfmt.Variadic, Constraint: ttg.MemDescC},
		{Name: "barrier_preds", Kind: asmfmt.Variadic, Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)}},
	Results:  []asmfmt.Value{tokenResult()},
	Attrs:    []asmfmt.Attr{unit("is_async"), unit("two_ctas")},
	Segments: true,
	Custom:   customs,
	Format: "$a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD`,` $pred `` custom<BarriersAndPreds>($barriers, $barrier_preds) " +
		"attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) (`,` qualified(type($barriers))^)?",
	Verify: verifyTCGen5MMA,
})

// TCGen5MMAScaled is the block-scaled tcgen05 MMA.
var TCGen5MMAScaled = define("tc_gen5_mma_scaled", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("a"), memdesc("b"), memdesc("d"), tokenOperand("acc_dep"), memdesc("a_scale"), memdesc("b_scale"),
		i1Operand("useD"), i1Operand("pred"),
		{Name: "barriers", Kind: asmfmt.Variadic, Constraint: ttg.MemDescC},
		{Name: "barrier_preds", Kind: asmfmt.Variadic, Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)}},
	Results: []asmfmt.Value{tokenResult()},
	Attrs: []asmfmt.Attr{ttg.EnumAttrSpec("a_type", tt.ScaleDotElemTypeEnum), ttg.EnumAttrSpec("b_type", tt.ScaleDotElemTypeEnum),
		unit("is_async")},
	Segments: true,
	Custom:   customs,
	Format: "$a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,` $b_scale `,` $useD `,` $pred " +
		"`lhs` `=` $a_type `rhs` `=` $b_type `` custom<BarriersAndPreds>($barriers, $barrier_preds) " +
		"attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `,` qualified(type($a_scale)) `,` " +
		"qualified(type($b_scale)) (`,` qualified(type($barriers))^)?",
	Verify: verifyTCGen5MMAScaled,
})

// TCGen5Commit is `ttng.tc_gen5_commit %bar[, %pred] : ...`.
var TCGen5Commit = define("tc_gen5_commit", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("barrier"), {Name: "pred", Kind: asmfmt.Optional, Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)}},
	Attrs:    []asmfmt.Attr{unit("two_ctas")},
	Format:   "$barrier (`,` $pred^)? attr-dict `:` qualified(type($barrier))",
})

// TMEMLoad is `%v[, %tok] = ttng.tmem_load %buf[%dep] : !ttg.memdesc<...> ->
// tensor<...>`.
var TMEMLoad = define("tmem_load", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("src"), tokenOperand("dep")},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.TensorC}, tokenResult()},
	Custom:   customs,
	Format:   "$src `` custom<Token>($dep, type($token)) attr-dict `:` qualified(type($src)) `->` type($result)",
	Verify:   verifyTMEMLoad,
})

// TMEMStore is `[%tok =] ttng.tmem_store %v, %buf[%dep], %pred : tensor<...>
// -> !ttg.memdesc<...>`.
var TMEMStore = define("tmem_store", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("dst"), tokenOperand("dep"), {Name: "src", Constraint: ttg.TensorC}, i1Operand("pred")},
	Results:  []asmfmt.Value{tokenResult()},
	Custom:   customs,
	Format:   "$src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred attr-dict `:` type($src) `->` qualified(type($dst))",
	Verify:   verifyTMEMStore,
})

// TMEMAlloc is `%buf[, %tok] = ttng.tmem_alloc [%init] : (...) -> (...)`.
var TMEMAlloc = define("tmem_alloc", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Kind: asmfmt.Optional, Constraint: ttg.TensorC}},
	Results:  []asmfmt.Value{{Name: "result", Constraint: ttg.MemDescC}, tokenResult()},
	Format:   "($src^)? attr-dict `:` functional-type(operands, results)",
	Verify:   verifyTMEMAlloc,
})

// TMEMSubSlice is `ttng.tmem_subslice %buf {N = n : i32} : ... -> ...`.
var TMEMSubSlice = define("tmem_subslice", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("src")},
	Results:  []asmfmt.Value{memdesc("result")},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("N")},
	Format:   "$src attr-dict `:` qualified(type($src)) `->` qualified(type($result))",
	Verify:   verifyTMEMSubSlice,
})

// TMEMCopy is `ttng.tmem_copy %src, %dst[, %bar] : types`: an async copy
// from shared to tensor memory.
var TMEMCopy = define("tmem_copy", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{memdesc("src"), memdesc("dst"), {Name: "barrier", Kind: asmfmt.Optional, Constraint: ttg.MemDescC}},
	Format:   "$src `,` $dst (`,` $barrier^)? attr-dict `:` qualified(type(operands))",
	Verify:   verifyTMEMCopy,
})

// verifyTMEMCopy is Triton 3.6's TMEMCopyOp::verify, less its check of the
// source layout's alignment: a shared source of the destination's shape
// into mutable tensor memory, one CTA, an unswizzled source for scales and
// otherwise a swizzled 32-bit source into a 128-row layout.
func verifyTMEMCopy(op *ir.Operation) error {
	src, dst := memdescOf(op.Operand(0)), memdescOf(op.Operand(1))
	if _, ok := src.MemorySpace.(*ttg.SharedMemorySpace); !ok {
		return ir.OpErrorf(op, "The source must be a shared memory buffer")
	}
	if !equalInt64s(src.Dims, dst.Dims) {
		return ir.OpErrorf(op, "source shape %s must match destination shape %s", shapeList(src.Dims), shapeList(dst.Dims))
	}
	if op.NumOperands() > 2 {
		if _, ok := memdescOf(op.Operand(2)).MemorySpace.(*ttg.SharedMemorySpace); !ok {
			return ir.OpErrorf(op, "The optional barrier should be a shared memory buffer")
		}
	}
	if !dst.Mutable {
		return ir.OpErrorf(op, "Cannot copy into an immutable alloc")
	}
	if m := ttg.ModuleOf(op); m != nil && ttg.NumCTAs(m) != 1 {
		return ir.OpErrorf(op, "NYI: Only one CTA is supported for now.")
	}
	nvmma, _ := src.Encoding.(*ttg.NVMMASharedEncoding)
	if nvmma != nil && (nvmma.Transposed || nvmma.FP4Padded) {
		return ir.OpErrorf(op, "The source should not be transposed or padded")
	}
	if _, scales := dst.Encoding.(*TensorMemoryScalesEncoding); scales {
		if nvmma != nil && nvmma.SwizzlingByteWidth != 0 {
			return ir.OpErrorf(op, "The source should not be swizzled for now")
		}
		return nil
	}
	enc, ok := dst.Encoding.(*TensorMemoryEncoding)
	if !ok {
		return ir.OpErrorf(op, "Incorrect tmem layout.")
	}
	if enc.BlockM != 128 {
		return ir.OpErrorf(op, "Tmem layout ahouls have M=128.") // 3.6's words, typo included
	}
	if nvmma != nil && nvmma.SwizzlingByteWidth == 0 {
		return ir.OpErrorf(op, "Source layout should be swizzled.")
	}
	if ir.BitWidth(src.Elem) != 32 {
		return ir.OpErrorf(op, "Source element type should be 32-bit.")
	}
	return nil
}

// shapeList prints a shape as MLIR's diagnostics print an array: the
// sizes, comma-separated, without brackets.
func shapeList(dims []int64) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return strings.Join(parts, ", ")
}

func init() {
	tmem := func(buf []ir.Effect, v ir.Value, kinds ...ir.EffectKind) []ir.Effect {
		for _, k := range kinds {
			buf = append(buf, ir.Effect{Kind: k, Resource: TensorMemoryResource, Value: v})
		}
		return buf
	}
	mma := func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		buf = tmem(buf, op.Operand(2), ir.Read, ir.Write)
		if _, ok := memdescOf(op.Operand(0)).MemorySpace.(*ttg.SharedMemorySpace); ok {
			buf = appendShared(buf, op.Operand(0), ir.Read)
		} else {
			buf = tmem(buf, op.Operand(0), ir.Read)
		}
		return appendShared(buf, op.Operand(1), ir.Read)
	}
	TCGen5MMA.Def.AppendEffects = mma
	TCGen5MMAScaled.Def.AppendEffects = mma
	TCGen5Commit.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return appendShared(buf, op.Operand(0), ir.Write)
	}
	TMEMLoad.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return tmem(buf, op.Operand(0), ir.Read)
	}
	TMEMStore.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return tmem(buf, op.Operand(0), ir.Write)
	}
	TMEMAlloc.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		t := memdescOf(op.Result(0))
		if t == nil || (!t.Mutable && !op.HasAttr("tensor_memory_col_offset")) {
			return buf
		}
		buf = append(buf, ir.Effect{Kind: ir.Allocate, Resource: TensorMemoryResource, Value: op.Result(0)})
		if op.NumOperands() > 0 {
			buf = append(buf, ir.Effect{Kind: ir.Write, Resource: TensorMemoryResource, Value: op.Result(0)})
		}
		return buf
	}
	TMEMCopy.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return tmem(appendShared(buf, op.Operand(0), ir.Read), op.Operand(1), ir.Write)
	}
	ttg.TMEMCompatible = func(op *ir.Operation, src, dst ir.Type) bool { return false }
}

func isTMEMEncoding(a ir.Attribute) bool {
	switch a.(type) {
	case *TensorMemoryEncoding, *TensorMemoryScalesEncoding:
		return true
	}
	return false
}

// verifyTMEMOperand checks that a register tensor read from or written to
// TMEM is 2-D. (Triton also checks that its layout maps onto TMEM lanes;
// that check is not implemented: see the package notes.)
func verifyTMEMOperand(op *ir.Operation, t ir.Type, what string) error {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Rank() != 2 {
		return ir.OpErrorf(op, "%s must be a 2D tensor", what)
	}
	return nil
}

func verifyTMEMLoad(op *ir.Operation) error {
	src := memdescOf(op.Operand(0))
	if _, ok := src.MemorySpace.(*TensorMemorySpace); !ok {
		return ir.OpErrorf(op, "source must be a tensor memory buffer.")
	}
	if _, ok := src.Encoding.(*TensorMemoryEncoding); !ok {
		return ir.OpErrorf(op, "should use tensor memory encoding.")
	}
	if err := verifyTMEMOperand(op, op.Result(0).Type(), "result"); err != nil {
		return err
	}
	return verifyMemoryOpTypes(op, src, op.Result(0).Type())
}

func verifyTMEMStore(op *ir.Operation) error {
	dst := memdescOf(op.Operand(0))
	if !isTMEMEncoding(dst.Encoding) {
		return ir.OpErrorf(op, "should use tensor memory encoding.")
	}
	if !dst.Mutable {
		return ir.OpErrorf(op, "Cannot store into an immutable alloc")
	}
	src := op.Operand(op.NumOperands() - 2)
	if err := verifyTMEMOperand(op, src.Type(), "source"); err != nil {
		return err
	}
	return verifyMemoryOpTypes(op, src.Type(), dst)
}

func verifyTMEMAlloc(op *ir.Operation) error {
	t := memdescOf(op.Result(0))
	if !isTMEMEncoding(t.Encoding) {
		return ir.OpErrorf(op, "should use tensor memory encoding")
	}
	if op.NumOperands() > 0 {
		if err := verifyTMEMOperand(op, op.Operand(0).Type(), "source"); err != nil {
			return err
		}
	}
	if !equalInt64s(t.Dims, t.AllocShape) {
		return ir.OpErrorf(op, "result shape and its alloc shape must match")
	}
	if op.NumOperands() == 0 {
		if !t.Mutable {
			return ir.OpErrorf(op, "uninitialized alloc must have a mutable memdesc type")
		}
		return nil
	}
	return verifyMemoryOpTypes(op, op.Operand(0).Type(), t)
}

func verifyTMEMSubSlice(op *ir.Operation) error {
	enc, ok := memdescOf(op.Operand(0)).Encoding.(*TensorMemoryEncoding)
	if !ok {
		return ir.OpErrorf(op, "The source must be a tensor memory buffer.")
	}
	if enc.BlockM != 64 && enc.BlockM != 128 {
		return ir.OpErrorf(op, "The source tensor memory descriptor must have a 128xN or 64xN layout, got block_m=%d", enc.BlockM)
	}
	dst, ok := memdescOf(op.Result(0)).Encoding.(*TensorMemoryEncoding)
	if !ok {
		return ir.OpErrorf(op, "The destination must be a tensor memory buffer.")
	}
	if dst.BlockM != enc.BlockM || dst.CTASplitM != enc.CTASplitM || dst.CTASplitN != enc.CTASplitN || dst.ColStride != enc.ColStride {
		return ir.OpErrorf(op, "The destination must have the same block size and CTASplit size as the source.")
	}
	return nil
}

func verifyTCGen5MMA(op *ir.Operation) error {
	ops := op.Operands()
	if !op.HasAttr("is_async") && numBarriers(op, 6) > 0 {
		return ir.OpErrorf(op, "The op is synchronous but a barrier is present.")
	}
	a, b := memdescOf(ops[0]), memdescOf(ops[1])
	if err := verifyMMADType(op, a.Elem, b.Elem, memdescOf(ops[2]).Elem); err != nil {
		return err
	}
	switch a.Encoding.(type) {
	case *ttg.NVMMASharedEncoding, *ttg.SharedLinearEncoding, *TensorMemoryEncoding:
	default:
		return ir.OpErrorf(op, "LHS operand must have a NVMMAShared or TensorMemory encoding")
	}
	switch b.Encoding.(type) {
	case *ttg.NVMMASharedEncoding, *ttg.SharedLinearEncoding:
	default:
		return ir.OpErrorf(op, "RHS operand must have a NVMMAShared encoding")
	}
	d := memdescOf(ops[2])
	ret, ok := d.Encoding.(*TensorMemoryEncoding)
	if !ok {
		return ir.OpErrorf(op, "Return operand must have a TensorMemory encoding")
	}
	if t, ok := a.Encoding.(*TensorMemoryEncoding); ok && t.ColStride != 1 {
		return ir.OpErrorf(op, "The col stride of the LHS operand must be 1")
	}
	if bw := ir.BitWidth(d.Elem); bw > 0 && ret.ColStride != 32/bw {
		return ir.OpErrorf(op, "The col stride of the return operand must be 32 / %d but got %d", bw, ret.ColStride)
	}
	if op.HasAttr("two_ctas") {
		return verifyTwoCTAs(op, a.Encoding, b.Encoding, ret)
	}
	return nil
}

// verifyTCGen5MMAScaled checks the operand and accumulator element types.
func verifyTCGen5MMAScaled(op *ir.Operation) error {
	return verifyMMADType(op, memdescOf(op.Operand(0)).Elem, memdescOf(op.Operand(1)).Elem, memdescOf(op.Operand(2)).Elem)
}

// verifyMemoryOpTypes checks that a tensor and a buffer agree on element
// type and shape (ttg's verifyMemoryOpTypes).
func verifyMemoryOpTypes(op *ir.Operation, src, dst ir.Type) error {
	elem := func(t ir.Type) ir.Type {
		if md, ok := t.(*ttg.MemDescType); ok {
			return md.Elem
		}
		return ir.ElementTypeOrSelf(t)
	}
	shape := func(t ir.Type) []int64 {
		if md, ok := t.(*ttg.MemDescType); ok {
			return md.Dims
		}
		return ir.ShapeOf(t)
	}
	if elem(src) != elem(dst) {
		return ir.OpErrorf(op, "source element type %s must match destination element type %s", asm.TypeString(src), asm.TypeString(elem(dst)))
	}
	if !equalInt64s(shape(src), shape(dst)) {
		return ir.OpErrorf(op, "source shape [%s] must match [destination shape %s]", join(shape(src), ", "), join(shape(dst), ", "))
	}
	return nil
}

func equalInt64s(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
