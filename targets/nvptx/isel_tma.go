package nvptx

import (
	"strings"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TMA: cp.async.bulk.tensor through a tensor map (a 64-bit address),
// bulk groups, and the tensor-map prefetch.

// tmaOperands returns the registers of the map and coordinates of a TMA
// op, its predicate prefix and whether it executes.
func (f *fn) tmaOperands(op *ir.Operation, what string) (tmap string, coords []string, prefix string, happens bool, err error) {
	if err := f.requireSM(op, 90, what); err != nil {
		return "", nil, "", false, err
	}
	v := gpu.TMAView{Operation: op}
	m, err := f.get(v.Map())
	if err != nil {
		return "", nil, "", false, err
	}
	for _, c := range v.Coords() {
		x, err := f.get(c)
		if err != nil {
			return "", nil, "", false, err
		}
		coords = append(coords, f.reg(x))
	}
	prefix, happens, err = f.guard(v.Pred())
	return f.reg(m), coords, prefix, happens, err
}

func (f *fn) emitTMALoad(op *ir.Operation) error {
	tmap, coords, prefix, happens, err := f.tmaOperands(op, "cp.async.bulk.tensor")
	if err != nil || !happens {
		return err
	}
	v := gpu.TMAView{Operation: op}
	dst, err := f.get(v.Shared())
	if err != nil {
		return err
	}
	bar, err := f.get(v.Barrier())
	if err != nil {
		return err
	}
	if mask := gpu.Multicast(op); mask != 0 {
		return f.emitTMAMulticast(op, mask, prefix, f.reg(dst), tmap, coords, f.reg(bar))
	}
	f.ins("%scp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes [%s], [%s, {%s}], [%s]",
		prefix, len(coords), f.reg(dst), tmap, strings.Join(coords, ", "), f.reg(bar))
	return nil
}

// emitTMAMulticast issues a load whose box lands in every CTA of the
// cluster named by mask (bit i: rank i), each at dst's offset, with
// complete_tx on the mbarrier at bar's offset in each of them. ctaMask
// is a 16-bit operand, materialized in a register:
//
//	mov.b16 %rs1, 3;
//	@%p1 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r1], [%rd1, {%r2, %r3}], [%r4], %rs1;
//
// The PTX ISA advises .multicast::cluster for sm_90a only (it may be
// much slower elsewhere), so it makes the target sm_90a, as wgmma does.
func (f *fn) emitTMAMulticast(op *ir.Operation, mask int, prefix, dst, tmap string, coords []string, bar string) error {
	if err := f.requireAccel(op, "cp.async.bulk.tensor with .multicast::cluster", false); err != nil {
		return err
	}
	m := f.regs.alloc(classB16)
	f.ins("mov.b16 %s, %d", m, mask)
	f.ins("%scp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%s], [%s, {%s}], [%s], %s",
		prefix, len(coords), dst, tmap, strings.Join(coords, ", "), bar, m)
	return nil
}

func (f *fn) emitTMAStore(op *ir.Operation) error {
	tmap, coords, prefix, happens, err := f.tmaOperands(op, "cp.async.bulk.tensor")
	if err != nil || !happens {
		return err
	}
	src, err := f.get(gpu.TMAView{Operation: op}.Shared())
	if err != nil {
		return err
	}
	f.ins("%scp.async.bulk.tensor.%dd.global.shared::cta.bulk_group [%s, {%s}], [%s]",
		prefix, len(coords), tmap, strings.Join(coords, ", "), f.reg(src))
	return nil
}

// emitTMAReduce prints the reducing store as Triton 3.6 does: the tile
// load mode is the default, and the element type is the tensor map's.
func (f *fn) emitTMAReduce(op *ir.Operation) error {
	tmap, coords, prefix, happens, err := f.tmaOperands(op, "cp.reduce.async.bulk.tensor")
	if err != nil || !happens {
		return err
	}
	src, err := f.get(gpu.TMAView{Operation: op}.Shared())
	if err != nil {
		return err
	}
	f.ins("%scp.reduce.async.bulk.tensor.%dd.global.shared::cta.%s.bulk_group [%s, {%s}], [%s]",
		prefix, len(coords), gpu.TMAReduceKind(op), tmap, strings.Join(coords, ", "), f.reg(src))
	return nil
}

func (f *fn) emitBulkCommit(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "cp.async.bulk.commit_group"); err != nil {
		return err
	}
	f.inss("cp.async.bulk.commit_group")
	return nil
}

func (f *fn) emitBulkWait(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "cp.async.bulk.wait_group"); err != nil {
		return err
	}
	read := ""
	if gpu.WaitsForRead(op) {
		read = ".read"
	}
	f.ins("cp.async.bulk.wait_group%s %d", read, gpu.Pending(op))
	return nil
}

func (f *fn) emitTMAPrefetch(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "prefetch.tensormap"); err != nil {
		return err
	}
	m, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	var pred ir.Value
	if op.NumOperands() > 1 {
		pred = op.Operand(1)
	}
	prefix, happens, err := f.guard(pred)
	if err != nil || !happens {
		return err
	}
	f.inss("%sprefetch.tensormap [%s]", prefix, f.reg(m))
	return nil
}
