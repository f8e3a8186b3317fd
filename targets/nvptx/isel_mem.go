package nvptx

import (
	"fmt"
	"strconv"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// emitGEP computes base + sum(index * stride) + constant offset with the
// data layout of sizeAlign: mad.wide.s32 for 32-bit indices into 64-bit
// addresses, as LLVM's NVPTX backend selects.
func (f *fn) emitGEP(op *ir.Operation) error {
	et := llvm.GEPElemType(op)
	var ibuf [4]llvm.GEPIndex
	indices := llvm.AppendGEPIndices(ibuf[:0], op)
	if et == nil {
		return ir.OpErrorf(op, "missing elem_type")
	}
	type term struct {
		idx    ir.Value
		stride int64
	}
	var tbuf [4]term
	terms := tbuf[:0]
	var offset int64
	t := et
	for i, ix := range indices {
		var stride int64
		if i > 0 {
			switch a := t.(type) {
			case *llvm.StructType:
				off, err := fieldOffset(a, int(ix.Const))
				if err != nil {
					return ir.OpErrorf(op, "%v", err)
				}
				offset += off
				t = a.Body[ix.Const]
				continue
			case *llvm.ArrayType:
				t = a.Elem
			case *ir.VectorType:
				t = a.Elem
			default:
				return ir.OpErrorf(op, "type %s cannot be indexed", asm.TypeString(t))
			}
		}
		size, _, err := sizeAlign(t)
		if err != nil {
			return ir.OpErrorf(op, "%v", err)
		}
		stride = size
		if ix.Value == nil {
			offset += ix.Const * stride
			continue
		}
		terms = append(terms, term{ix.Value, stride})
	}
	base, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	if base.parts != nil {
		return ir.OpErrorf(op, "the PTX emitter does not support vectors of pointers")
	}
	if len(terms) == 0 && offset == 0 {
		f.bind(op, 0, base)
		return nil
	}
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	wide := regBits(base.typ) == 64
	acc := f.src(base)
	for i, tm := range terms {
		iv, err := f.get(tm.idx)
		if err != nil {
			return err
		}
		dst := d
		if i < len(terms)-1 || offset != 0 {
			dst = f.regs.alloc(f.class(base))
		}
		f.addScaled(dst, acc, iv, tm.stride, wide)
		acc = dst
	}
	if offset != 0 {
		if wide {
			f.ins("add.s64 %s, %s, %d", d, acc, offset)
		} else {
			f.ins("add.s32 %s, %s, %d", d, acc, int32(offset))
		}
	}
	return nil
}

// addScaled emits dst = acc + idx*stride, with idx sign-extended (GEP
// indices are signed) to the address width. (The numbers are printed
// here and the instructions written with inss: through ins, the strings
// and numbers were boxed, an allocation each.)
func (f *fn) addScaled(dst, acc string, idx *value, stride int64, wide bool) {
	if k, ok := constInt(idx); ok {
		if wide {
			f.inss("add.s64 %s, %s, %s", dst, acc, strconv.FormatInt(k*stride, 10))
		} else {
			f.inss("add.s32 %s, %s, %s", dst, acc, strconv.FormatInt(int64(int32(k*stride)), 10))
		}
		return
	}
	ib := bitWidth(idx.typ)
	r := f.reg(idx)
	if ib < 32 {
		w := f.regs.alloc(classB32)
		f.inss("cvt.s32.%s %s, %s", cvtInt('s', idx.typ), w, r)
		r, ib = w, 32
	}
	switch {
	case stride == 1 && wide && ib == 32:
		w := f.regs.alloc(classB64)
		f.inss("cvt.s64.s32 %s, %s", w, r)
		f.inss("add.s64 %s, %s, %s", dst, acc, w)
	case stride == 1 && wide:
		f.inss("add.s64 %s, %s, %s", dst, acc, r)
	case wide && ib == 32:
		f.inss("mad.wide.s32 %s, %s, %s, %s", dst, r, strconv.FormatInt(stride, 10), acc)
	case wide:
		f.inss("mad.lo.s64 %s, %s, %s, %s", dst, r, strconv.FormatInt(stride, 10), acc)
	default:
		if ib == 64 {
			w := f.regs.alloc(classB32)
			f.inss("cvt.u32.u64 %s, %s", w, r)
			r = w
		}
		if stride == 1 {
			f.inss("add.s32 %s, %s, %s", dst, acc, r)
			return
		}
		f.inss("mad.lo.s32 %s, %s, %s, %s", dst, r, strconv.FormatInt(int64(int32(stride)), 10), acc)
	}
}

// memType is the PTX type of a memory access of scalar type t.
func memType(t ir.Type) string {
	switch t := t.(type) {
	case *ir.IntegerType:
		if t.Width <= 8 {
			return "u8"
		}
		return fmt.Sprintf("b%d", t.Width)
	case *ir.FloatType:
		// Floats move as bits, as Triton's PTX spells them (ld.global.b32
		// into an .f32 register is a same-size bit type, which PTX allows).
		switch t.Kind {
		case ir.F32:
			return "b32"
		case ir.F64:
			return "b64"
		}
		if t.Width() == 8 {
			return "u8"
		}
		return "b16"
	case *llvm.PointerType:
		return fmt.Sprintf("b%d", bitWidth(t))
	}
	return ""
}

// space is the state-space qualifier of accesses through a pointer type
// (empty for generic addresses).
func space(t ir.Type) string {
	if p, ok := t.(*llvm.PointerType); ok {
		if s := spaceName(p.AddrSpace); s != "" {
			return "." + s
		}
	}
	return ""
}

// accessQualifiers renders volatile / atomic ordering and scope.
func accessQualifiers(op *ir.Operation) string {
	ord := llvm.AtomicOrdering(0)
	if a, ok := op.Attr("ordering").(*ir.IntegerAttr); ok {
		ord = llvm.AtomicOrdering(a.Int())
	}
	switch ord {
	case llvm.NotAtomic:
		if op.Attr("volatile_") != nil {
			return ".volatile"
		}
		return ""
	case llvm.Unordered, llvm.Monotonic:
		return ".relaxed" + scopeOf(op)
	case llvm.Acquire:
		return ".acquire" + scopeOf(op)
	case llvm.Release:
		return ".release" + scopeOf(op)
	}
	// acq_rel and seq_cst loads/stores: the strongest ordering PTX's ld and
	// st take (a fence.sc precedes seq_cst accesses in LLVM's lowering; the
	// lowering here never produces them).
	if op.Name() == "llvm.load" {
		return ".acquire" + scopeOf(op)
	}
	return ".release" + scopeOf(op)
}

// scopeOf maps an LLVM syncscope to a PTX scope.
func scopeOf(op *ir.Operation) string {
	s, _ := op.Attr("syncscope").(*ir.StringAttr)
	if s == nil {
		return ".sys"
	}
	switch s.Value {
	case "agent", "device", "gpu":
		return ".gpu"
	case "workgroup", "block", "cta":
		return ".cta"
	case "cluster":
		return ".cluster"
	}
	return ".sys"
}

// vectorShape reports whether leaves can move with one ld/st.vN.
func vectorShape(leaves []*value) (string, bool) {
	n := len(leaves)
	if n != 2 && n != 4 {
		return "", false
	}
	t := leaves[0].typ
	for _, l := range leaves {
		if l.typ != t {
			return "", false
		}
	}
	if n == 4 && bitWidth(t) == 64 {
		return "", false
	}
	return fmt.Sprintf(".v%d", n), true
}

func (f *fn) emitLoad(op *ir.Operation) error {
	addr, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	d, err := f.result(op, 0)
	if err != nil {
		return err
	}
	q := accessQualifiers(op) + space(addr.typ)
	a := f.reg(addr)
	leaves := d.leaves()
	if d.parts != nil {
		if vec, ok := vectorShape(leaves); ok && ir.BitWidth(leaves[0].typ) != 1 {
			regs := make([]string, len(leaves))
			for i, l := range leaves {
				regs[i] = l.reg
			}
			f.inss("ld%s%s.%s {%s}, [%s]", q, vec, memType(leaves[0].typ), join(regs), a)
			return nil
		}
	}
	return f.eachLeaf(op, d.typ, func(l *value, off int64) {
		f.loadScalar(q, l, a, off)
	}, leaves)
}

// loadScalar loads one scalar; i1 is a byte in memory.
func (f *fn) loadScalar(q string, l *value, addr string, off int64) {
	if bitWidth(l.typ) == 1 {
		b := f.regs.alloc(classB16)
		f.inss("ld%s.u8 %s, [%s]", q, b, addrOff(addr, off))
		f.inss("and.b16 %s, %s, 1", b, b)
		f.inss("setp.ne.b16 %s, %s, 0", l.reg, b)
		return
	}
	f.inss("ld%s.%s %s, [%s]", q, memType(l.typ), l.reg, addrOff(addr, off))
}

func addrOff(addr string, off int64) string {
	if off == 0 {
		return addr
	}
	return fmt.Sprintf("%s+%d", addr, off)
}

// eachLeaf calls fn for every scalar leaf of an aggregate of type t with
// its byte offset.
func (f *fn) eachLeaf(op *ir.Operation, t ir.Type, fn func(l *value, off int64), leaves []*value) error {
	offs, err := leafOffsets(t)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	for i, l := range leaves {
		fn(l, offs[i])
	}
	return nil
}

// leafOffsets returns the byte offsets of t's scalar leaves.
func leafOffsets(t ir.Type) ([]int64, error) {
	switch a := t.(type) {
	case *llvm.StructType:
		var out []int64
		for i, e := range a.Body {
			base, err := fieldOffset(a, i)
			if err != nil {
				return nil, err
			}
			sub, err := leafOffsets(e)
			if err != nil {
				return nil, err
			}
			for _, o := range sub {
				out = append(out, base+o)
			}
		}
		return out, nil
	case *llvm.ArrayType, *ir.VectorType:
		elems := elementTypes(t)
		if len(elems) == 0 {
			return nil, nil
		}
		size, _, err := sizeAlign(elems[0])
		if err != nil {
			return nil, err
		}
		sub, err := leafOffsets(elems[0])
		if err != nil {
			return nil, err
		}
		var out []int64
		for i := range elems {
			for _, o := range sub {
				out = append(out, int64(i)*size+o)
			}
		}
		return out, nil
	}
	return []int64{0}, nil
}

func (f *fn) emitStore(op *ir.Operation) error {
	v, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	addr, err := f.get(op.Operand(1))
	if err != nil {
		return err
	}
	q := accessQualifiers(op) + space(addr.typ)
	a := f.reg(addr)
	leaves := v.leaves()
	if v.parts != nil {
		if vec, ok := vectorShape(leaves); ok && ir.BitWidth(leaves[0].typ) != 1 {
			regs := make([]string, len(leaves))
			for i, l := range leaves {
				regs[i] = f.reg(l)
			}
			f.inss("st%s%s.%s [%s], {%s}", q, vec, memType(leaves[0].typ), a, join(regs))
			return nil
		}
	}
	return f.eachLeaf(op, v.typ, func(l *value, off int64) {
		f.storeScalar(q, l, a, off)
	}, leaves)
}

func (f *fn) storeScalar(q string, l *value, addr string, off int64) {
	if bitWidth(l.typ) == 1 {
		b := f.regs.alloc(classB16)
		f.inss("selp.u16 %s, 1, 0, %s", b, f.reg(l))
		f.inss("st%s.u8 [%s], %s", q, addrOff(addr, off), b)
		return
	}
	f.inss("st%s.%s [%s], %s", q, memType(l.typ), addrOff(addr, off), f.reg(l))
}
