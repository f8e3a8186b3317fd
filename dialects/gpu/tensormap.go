package gpu

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Tensor maps built by the kernel (sm_90; Triton's tt.make_tensor_descriptor):
//
//	gpu.tensormap_replace %tmpl, %v, %p {field = "box_dim", ord = 1 : i32} : !llvm.ptr<3>, i32, i1
//	gpu.tensormap_replace %tmpl, %p {field = "swizzle_mode", value = 3 : i32} : !llvm.ptr<3>, i1
//	gpu.tensormap_cp_fenceproxy %dst, %tmpl, %p : !llvm.ptr<1>, !llvm.ptr<3>, i1
//	gpu.fence_proxy_tensormap_acquire %map, %p : !llvm.ptr<1>, i1
//
// A kernel writes a tensor map field by field into a 128-byte template in
// shared memory (128-byte aligned) that it zeroed first, copies it to
// global memory and makes the copy visible to the TMA unit (the tensormap
// proxy) before TMA copies use it.
//
// gpu.tensormap_replace (PTX tensormap.replace.tile.FIELD.shared::cta.
// b1024) sets one field of the template at %tmpl, where %p holds. The
// fields and what they take:
//
//	global_address    the tensor's base, an !llvm.ptr<1> or i64 operand
//	rank              value attribute: rank-1 (0..4)
//	box_dim[ord]      i32 operand: the box size of dimension ord (1..256)
//	global_dim[ord]   i32 operand: the tensor's size in dimension ord
//	global_stride[ord] i64 operand: the byte stride of dimension ord+1
//	element_stride[ord] i32 operand: the traversal stride (1..8)
//	elemtype          value attribute: CUtensorMapDataType numbering
//	interleave_layout value attribute: 0 none
//	swizzle_mode      value attribute: 0 none, 1 32B, 2 64B, 3 128B
//	fill_mode         value attribute: 0 zeros, 1 NaN
//
// Dimension 0 varies fastest. PTX takes the last five as immediates, so
// they are attributes here.
//
// gpu.tensormap_cp_fenceproxy (PTX tensormap.cp_fenceproxy.global.
// shared::cta.tensormap::generic.release.gpu.sync.aligned) copies the 128
// bytes at %tmpl to %dst (global, 128-byte aligned) with a release fence
// of the generic-to-tensormap proxy. It is warp-collective: every lane of
// a warp executes it with the same %p, and the warp copies once.
//
// gpu.fence_proxy_tensormap_acquire (PTX fence.proxy.tensormap::generic.
// acquire.gpu) makes the tensor map at %map, released by
// gpu.tensormap_cp_fenceproxy, visible to this thread's later TMA copies
// through it (other threads then need a barrier).
//
// All three read and write memory in order (never moved or erased).
var (
	TensormapReplaceOp       = Dialect.NewOp("tensormap_replace", 0)
	TensormapCpFenceproxyOp  = Dialect.NewOp("tensormap_cp_fenceproxy", 0)
	FenceProxyTensormapAcqOp = Dialect.NewOp("fence_proxy_tensormap_acquire", 0)
)

// TensormapField describes a field tensormap.replace writes.
type TensormapField struct {
	// Ordinal: the field is per dimension (ord attribute).
	Ordinal bool
	// Immediate: the value is the `value` attribute, not an operand.
	Immediate bool
	// Bits is the operand's width (32 or 64) when not immediate.
	Bits int
}

// TensormapFields are the fields of a tiled tensor map.
var TensormapFields = map[string]TensormapField{
	"global_address":    {Bits: 64},
	"rank":              {Immediate: true},
	"box_dim":           {Ordinal: true, Bits: 32},
	"global_dim":        {Ordinal: true, Bits: 32},
	"global_stride":     {Ordinal: true, Bits: 64},
	"element_stride":    {Ordinal: true, Bits: 32},
	"elemtype":          {Immediate: true},
	"interleave_layout": {Immediate: true},
	"swizzle_mode":      {Immediate: true},
	"fill_mode":         {Immediate: true},
}

// Upper bounds of the immediate fields.
var tensormapImmediateMax = map[string]int64{"rank": 4, "elemtype": 15, "interleave_layout": 2, "swizzle_mode": 4, "fill_mode": 1}

func init() {
	for _, def := range []*ir.OpDef{TensormapReplaceOp, TensormapCpFenceproxyOp, FenceProxyTensormapAcqOp} {
		def.Parse = parseTypedOperands
		def.Print = printTypedOperands
		def.AppendEffects = orderingEffects
	}
	TensormapReplaceOp.Inherent = []string{"field", "ord", "value"}
	TensormapReplaceOp.Verify = verifyTensormapReplace
	TensormapCpFenceproxyOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 3, 0); err != nil {
			return err
		}
		if s, ok := spaceOf(op.Operand(0).Type()); !ok || s != SpaceGlobal {
			return ir.OpErrorf(op, "the destination must be an !llvm.ptr<1>, got '%s'", asm.TypeString(op.Operand(0).Type()))
		}
		if s, ok := spaceOf(op.Operand(1).Type()); !ok || s != SpaceShared {
			return ir.OpErrorf(op, "the template must be an !llvm.ptr<3>, got '%s'", asm.TypeString(op.Operand(1).Type()))
		}
		return verifyLastPred(op)
	}
	FenceProxyTensormapAcqOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 2, 0); err != nil {
			return err
		}
		if err := verifyTensorMap(op, op.Operand(0)); err != nil {
			return err
		}
		return verifyLastPred(op)
	}
}

// TensormapReplaceView is a typed view of gpu.tensormap_replace.
type TensormapReplaceView struct{ *ir.Operation }

// Template returns the shared-memory template.
func (v TensormapReplaceView) Template() ir.Value { return v.Operand(0) }

// Field returns the field's name.
func (v TensormapReplaceView) Field() string {
	s, _ := v.Attr("field").(*ir.StringAttr)
	if s == nil {
		return ""
	}
	return s.Value
}

// Ord returns the dimension of a per-dimension field.
func (v TensormapReplaceView) Ord() int { return int(enumOf(v.Operation, "ord", 0)) }

// Value returns the new value's operand, nil for an immediate field.
func (v TensormapReplaceView) Value() ir.Value {
	if v.NumOperands() == 3 {
		return v.Operand(1)
	}
	return nil
}

// Immediate returns the value attribute of an immediate field.
func (v TensormapReplaceView) Immediate() int64 { return enumOf(v.Operation, "value", 0) }

// Pred returns the guarding predicate.
func (v TensormapReplaceView) Pred() ir.Value { return v.Operand(v.NumOperands() - 1) }

func verifyTensormapReplace(op *ir.Operation) error {
	v := TensormapReplaceView{op}
	f, ok := TensormapFields[v.Field()]
	if !ok {
		return ir.OpErrorf(op, "unknown tensor map field '%s'", v.Field())
	}
	want := 3
	if f.Immediate {
		want = 2
	}
	if err := counts(op, want, 0); err != nil {
		return err
	}
	if s, ok := spaceOf(op.Operand(0).Type()); !ok || s != SpaceShared {
		return ir.OpErrorf(op, "the template must be an !llvm.ptr<3>, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if err := verifyLastPred(op); err != nil {
		return err
	}
	if f.Ordinal {
		if o := v.Ord(); op.Attr("ord") == nil || o < 0 || o > 4 {
			return ir.OpErrorf(op, "field '%s' needs an ord between 0 and 4", v.Field())
		}
	} else if op.Attr("ord") != nil {
		return ir.OpErrorf(op, "field '%s' takes no ord", v.Field())
	}
	if f.Immediate {
		if x := v.Immediate(); op.Attr("value") == nil || x < 0 || x > tensormapImmediateMax[v.Field()] {
			return ir.OpErrorf(op, "field '%s' needs a value between 0 and %d", v.Field(), tensormapImmediateMax[v.Field()])
		}
		return nil
	}
	t := v.Value().Type()
	if f.Bits == 64 {
		if s, ok := spaceOf(t); ok && s == SpaceGlobal || ir.IsInteger(t, 64) {
			return nil
		}
	} else if ir.IsInteger(t, 32) {
		return nil
	}
	return ir.OpErrorf(op, "field '%s' takes a %d-bit value, got '%s'", v.Field(), f.Bits, asm.TypeString(t))
}

// verifyLastPred checks that the last operand is the i1 predicate.
func verifyLastPred(op *ir.Operation) error {
	if t := op.Operand(op.NumOperands() - 1).Type(); !ir.IsInteger(t, 1) {
		return ir.OpErrorf(op, "the last operand must be the i1 predicate, got '%s'", asm.TypeString(t))
	}
	return nil
}

// parseTypedOperands reads `%a, %b {attrs} : Ta, Tb`.
func parseTypedOperands(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(us) {
		return p.ErrorfAt(loc, "expected %d types, one per operand, got %d", len(us), len(ts))
	}
	vals, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printTypedOperands(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.PrintTypes(op.OperandTypes())
}

// NewTensormapReplace builds a gpu.tensormap_replace of an operand field
// (value != nil) or an immediate field (value == nil, imm); ord < 0 for a
// field that is not per dimension.
func NewTensormapReplace(b *ir.Builder, loc ir.Location, tmpl ir.Value, field string, ord int, value ir.Value, imm int64, pred ir.Value) *ir.Operation {
	attrs := []ir.NamedAttr{{Name: "field", Value: ir.StringAttrOf(b.Ctx, field)}}
	if ord >= 0 {
		attrs = append(attrs, ir.NamedAttr{Name: "ord", Value: ir.I32Attr(b.Ctx, int64(ord))})
	}
	ops := []ir.Value{tmpl}
	if value != nil {
		ops = append(ops, value)
	} else {
		attrs = append(attrs, ir.NamedAttr{Name: "value", Value: ir.I32Attr(b.Ctx, imm)})
	}
	return b.CreateOp(TensormapReplaceOp.Name, loc, append(ops, pred), nil, attrs...)
}

// NewTensormapCpFenceproxy builds `gpu.tensormap_cp_fenceproxy dst, tmpl, pred`.
func NewTensormapCpFenceproxy(b *ir.Builder, loc ir.Location, dst, tmpl, pred ir.Value) *ir.Operation {
	return b.CreateOp(TensormapCpFenceproxyOp.Name, loc, []ir.Value{dst, tmpl, pred}, nil)
}

// NewFenceProxyTensormapAcquire builds `gpu.fence_proxy_tensormap_acquire map, pred`.
func NewFenceProxyTensormapAcquire(b *ir.Builder, loc ir.Location, tensorMap, pred ir.Value) *ir.Operation {
	return b.CreateOp(FenceProxyTensormapAcqOp.Name, loc, []ir.Value{tensorMap, pred}, nil)
}
