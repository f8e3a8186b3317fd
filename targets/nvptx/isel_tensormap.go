package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Tensor maps built by the kernel: tensormap.replace on a shared-memory
// template, tensormap.cp_fenceproxy to global memory, and the acquire
// fence (sm_90a, PTX 8.3).

// tensormapPTX is the PTX version the tensormap instructions need. PTX
// 8.5 and older also need the stride workaround (tensormapStrideShift).
const tensormapPTX = 83

// tensormapStrideShift is what Triton does for a ptxas bug with PTX 8.5
// and older: global_stride operands are given in units of 16 bytes.
// Without a fixed version the emitter asks for PTX 8.6, which has no bug.
func (f *fn) tensormapStrideShift() bool {
	v := f.m.opts.PTXVersion
	if v == "" {
		f.requirePTX(86)
		return false
	}
	var major, minor int
	fmt.Sscanf(v, "%d.%d", &major, &minor)
	return major*10+minor <= 85
}

func (f *fn) tensormapGuard(op *ir.Operation, what string, pred ir.Value) (string, bool, error) {
	if err := f.requireAccel(op, what, false); err != nil {
		return "", false, err
	}
	f.requirePTX(tensormapPTX)
	return f.guard(pred)
}

func (f *fn) emitTensormapReplace(op *ir.Operation) error {
	v := gpu.TensormapReplaceView{Operation: op}
	prefix, happens, err := f.tensormapGuard(op, "tensormap.replace", v.Pred())
	if err != nil || !happens {
		return err
	}
	tmpl, err := f.get(v.Template())
	if err != nil {
		return err
	}
	field := gpu.TensormapFields[v.Field()]
	ord := ""
	if field.Ordinal {
		ord = fmt.Sprintf("%d, ", v.Ord())
	}
	if field.Immediate {
		f.ins("%stensormap.replace.tile.%s.shared::cta.b1024.b32 [%s], %s%d", prefix, v.Field(), f.reg(tmpl), ord, v.Immediate())
		return nil
	}
	x, err := f.get(v.Value())
	if err != nil {
		return err
	}
	val := f.src(x)
	if v.Field() == "global_stride" && f.tensormapStrideShift() {
		val = f.regs.alloc(classB64)
		f.inss("shr.s64 %s, %s, 4", val, f.src(x))
	}
	f.ins("%stensormap.replace.tile.%s.shared::cta.b1024.b%d [%s], %s%s", prefix, v.Field(), field.Bits, f.reg(tmpl), ord, val)
	return nil
}

func (f *fn) emitTensormapCpFenceproxy(op *ir.Operation) error {
	prefix, happens, err := f.tensormapGuard(op, "tensormap.cp_fenceproxy", op.Operand(2))
	if err != nil || !happens {
		return err
	}
	dst, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	src, err := f.get(op.Operand(1))
	if err != nil {
		return err
	}
	f.inss("%stensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%s], [%s], 128",
		prefix, f.reg(dst), f.reg(src))
	return nil
}

func (f *fn) emitFenceProxyTensormapAcquire(op *ir.Operation) error {
	prefix, happens, err := f.tensormapGuard(op, "fence.proxy.tensormap", op.Operand(1))
	if err != nil || !happens {
		return err
	}
	m, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	f.inss("%sfence.proxy.tensormap::generic.acquire.gpu [%s], 128", prefix, f.reg(m))
	// Triton's workaround for ptxas missing a fence after the acquire: an
	// empty bulk group, waited for.
	f.inss("%scp.async.bulk.commit_group", prefix)
	f.inss("%scp.async.bulk.wait_group.read 0", prefix)
	return nil
}

// emitTensormapPoolClaim: the claiming thread probes the pool's claim
// words from (%smid * 8) mod slots on until an acquire compare-and-swap
// of 0 to 1 succeeds, and takes that slot (gpu.tensormap_pool_claim):
//
//	mov.u32 %r1, 0;
//	@!%p bra.uni $L__BB0_s1;
//	mov.u32 %r2, %smid;
//	shl.b32 %r2, %r2, 3;
//	and.b32 %r2, %r2, SLOTS-1;
//	$L__BB0_c2:
//	mul.wide.u32 %rd1, %r2, 4;
//	add.s64 %rd1, %claims, %rd1;
//	atom.acquire.gpu.global.cas.b32 %r3, [%rd1], 0, 1;
//	setp.ne.s32 %p1, %r3, 0;
//	@%p1 add.s32 %r2, %r2, 1;
//	@%p1 and.b32 %r2, %r2, SLOTS-1;
//	@%p1 nanosleep.u32 32;
//	@%p1 bra.uni $L__BB0_c2;
//	mov.u32 %r1, %r2;
//	$L__BB0_s1:
func (f *fn) emitTensormapPoolClaim(op *ir.Operation) error {
	if err := f.requireSM(op, 70, "gpu.tensormap_pool_claim (atom.acquire, nanosleep)"); err != nil {
		return err
	}
	slots := gpu.TensormapPoolSlots(op)
	claims, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	f.inss("mov.u32 %s, 0", d)
	prefix, happens, err := f.guard(op.Operand(1))
	if err != nil || !happens {
		return err
	}
	skip := ""
	if prefix != "" {
		skip = f.localLabel("s")
		p, _ := f.get(op.Operand(1))
		f.inss("@!%s bra.uni %s", f.reg(p), skip)
	}
	mask := fmt.Sprint(slots - 1)
	j := f.regs.alloc(classB32)
	f.inss("mov.u32 %s, %%smid", j)
	f.inss("shl.b32 %s, %s, 3", j, j)
	f.inss("and.b32 %s, %s, %s", j, j, mask)
	loop := f.localLabel("c")
	f.label(loop)
	addr := f.regs.alloc(classB64)
	f.inss("mul.wide.u32 %s, %s, 4", addr, j)
	f.inss("add.s64 %s, %s, %s", addr, f.reg(claims), addr)
	old := f.regs.alloc(classB32)
	f.inss("atom.acquire.gpu.global.cas.b32 %s, [%s], 0, 1", old, addr)
	busy := f.regs.alloc(classPred)
	f.inss("setp.ne.s32 %s, %s, 0", busy, old)
	f.inss("@%s add.s32 %s, %s, 1", busy, j, j)
	f.inss("@%s and.b32 %s, %s, %s", busy, j, j, mask)
	f.inss("@%s nanosleep.u32 32", busy)
	f.inss("@%s bra.uni %s", busy, loop)
	f.inss("mov.u32 %s, %s", d, j)
	if skip != "" {
		f.label(skip)
	}
	return nil
}
