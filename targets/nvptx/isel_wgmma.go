package nvptx

import (
	"strconv"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// wgmma: the accumulators are 32-bit words that stay in their registers
// from the wgmma through its wait (coalesce.go gives the whole chain one
// set of registers), so the selectors below name registers and copy only
// where coalescing could not apply.

func (f *fn) emitWGMMAFence(op *ir.Operation) error {
	if err := f.requireAccel(op, "wgmma.fence", true); err != nil {
		return err
	}
	f.inss("wgmma.fence.sync.aligned")
	return nil
}

func (f *fn) emitWGMMACommit(op *ir.Operation) error {
	if err := f.requireAccel(op, "wgmma.commit_group", true); err != nil {
		return err
	}
	f.inss("wgmma.commit_group.sync.aligned")
	return nil
}

func (f *fn) emitWGMMA(op *ir.Operation) error {
	v := gpu.WGMMAView{Operation: op}
	s, ts, o := gpu.ShapeOf(op), gpu.TypesOf(op), gpu.WGMMAOptionsOf(op)
	if err := gpu.WGMMAForm(s, ts, v.AInRegisters(), o); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	if err := f.requireAccel(op, "wgmma.mma_async", true); err != nil {
		return err
	}
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	na := len(v.A())
	copied := false // registers written here, which a wgmma.fence must order
	var a string
	if v.AInRegisters() {
		regs := make([]string, na)
		for i, x := range xs[:na] {
			copied = copied || x.konst != nil
			regs[i] = f.reg(x)
		}
		a = braces(regs)
	} else {
		a = f.reg(xs[0])
	}
	bDesc := f.reg(xs[na])
	// scale-d is a predicate; the constant false is the immediate 0 (D =
	// A*B, as Triton writes it), anything else a predicate register.
	scale := xs[na+1]
	scaleD := "0"
	k, isConst := constInt(scale)
	scaleOff := isConst && k&1 == 0
	if !scaleOff {
		scaleD = f.reg(scale)
	}
	d := make([]string, op.NumResults())
	for i := range d {
		r, err := f.def(op, i)
		if err != nil {
			return err
		}
		d[i] = r
	}
	// Accumulators not coalesced with their results are copied in (unless
	// D = A*B ignores them), then fenced.
	// C is the operands after A, B and scaleD (by index: C() would build
	// a list of them).
	for i := range op.NumOperands() - (na + 2) {
		x := xs[na+2+i]
		if x.reg == d[i] || scaleOff {
			continue
		}
		if f.webs.mayBeInFlight(op.Operand(na + 2 + i)) {
			return ir.OpErrorf(op, "accumulator %d may still be written by an earlier wgmma and is live after this one, so it cannot be updated in place; wait for it first or do not reuse it", i)
		}
		cls := classB32
		if ts.D == gpu.MMAF32 {
			cls = classF32
		}
		f.inss("mov.%s %s, %s", classInfo[cls].movType, d[i], f.imm(x, cls))
		copied = true
	}
	if copied {
		f.inss("wgmma.fence.sync.aligned")
	}
	if ts.A != ts.B && (ts.A == gpu.MMAS8 || ts.A == gpu.MMAU8) {
		f.requirePTX(84) // ptxas: "WGMMA with mixed integer types" needs PTX ISA 8.4
	}
	// `wgmma.mma_async.sync.aligned.<shape>[.satfinite].<D>.<A>.<B> {d},
	// a, b, scale-d[, immediates]`, written into the body in place: D
	// alone is 64 registers or more, which joining the operands and
	// formatting the line copied twice more.
	f.flushSource()
	b := append(f.body, "\twgmma.mma_async.sync.aligned.m"...)
	b = strconv.AppendInt(b, int64(s.M), 10)
	b = strconv.AppendInt(append(b, 'n'), int64(s.N), 10)
	b = strconv.AppendInt(append(b, 'k'), int64(s.K), 10)
	if o.Satfinite {
		b = append(b, ".satfinite"...)
	}
	for _, t := range [3]gpu.MMAType{ts.D, ts.A, ts.B} {
		b = append(append(b, '.'), t.String()...)
	}
	b = appendVector(append(b, ' '), d)
	for _, x := range [3]string{a, bDesc, scaleD} {
		b = append(append(b, ", "...), x...)
	}
	for _, k := range o.Immediates(ts, v.AInRegisters()) {
		b = strconv.AppendInt(append(b, ", "...), int64(k), 10)
	}
	f.body = append(b, ";\n"...)
	return nil
}

// emitWGMMAWait: the results are the operands' registers (coalesced); a
// result that could not be coalesced is copied after the wait, which is
// only correct when nothing it names is still in flight.
func (f *fn) emitWGMMAWait(op *ir.Operation) error {
	if err := f.requireAccel(op, "wgmma.wait_group", true); err != nil {
		return err
	}
	f.ins("wgmma.wait_group.sync.aligned %d", gpu.Pending(op))
	for i := range op.NumOperands() {
		operand := op.Operand(i)
		x, err := f.get(operand)
		if err != nil {
			return err
		}
		if x.konst != nil {
			f.bind(op, i, x)
			continue
		}
		d, err := f.def(op, i)
		if err != nil {
			return err
		}
		if d == x.reg {
			continue
		}
		if gpu.Pending(op) > 0 && f.webs.mayBeInFlight(operand) {
			return ir.OpErrorf(op, "operand %d may still be in flight after this wait and cannot share its registers with result %d (one of them is live where the other changes); tie the accumulators through the wait only", i, i)
		}
		c := f.class(x)
		f.inss("mov.%s %s, %s", classInfo[c].movType, d, x.reg)
	}
	return nil
}

// emitWGMMADesc computes ((addr & 0x3FFFF) >> 4) | layout bits.
func (f *fn) emitWGMMADesc(op *ir.Operation) error {
	addr, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	bits := gpu.DescLayoutOf(op).Bits()
	if k, ok := constInt(addr); ok {
		f.bind(op, 0, constValue(op.Result(0).Type(), uint64(k)&0x3FFFF>>4|bits))
		return nil
	}
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	t := f.regs.alloc(classB32)
	f.inss("and.b32 %s, %s, 262128", t, f.reg(addr))
	f.inss("shr.u32 %s, %s, 4", t, t)
	if bits == 0 {
		f.inss("cvt.u64.u32 %s, %s", d, t)
		return nil
	}
	w := f.regs.alloc(classB64)
	f.inss("cvt.u64.u32 %s, %s", w, t)
	f.ins("or.b64 %s, %s, 0x%X", d, w, bits)
	return nil
}
