package nvptx

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// cp.async: `@%p cp.async.cg.shared.global [dst], [src], 16, srcsize;`
// with commit and wait groups.

func (f *fn) emitCpAsync(op *ir.Operation) error {
	if err := f.requireSM(op, 80, "cp.async"); err != nil {
		return err
	}
	c := gpu.CpAsyncView{Operation: op}
	dst, err := f.get(c.Dst())
	if err != nil {
		return err
	}
	src, err := f.get(c.Src())
	if err != nil {
		return err
	}
	prefix, happens, err := f.guard(c.Pred())
	if err != nil || !happens {
		return err
	}
	cache := "ca"
	if c.Cache() == memory.CacheCG {
		cache = "cg"
	}
	size := ""
	if n := c.SrcSize(); n != nil {
		x, err := f.get(n)
		if err != nil {
			return err
		}
		size = ", " + f.reg(x)
	}
	f.ins("%scp.async.%s.shared.global [%s], [%s], %d%s", prefix, cache, f.reg(dst), f.reg(src), c.Size(), size)
	return nil
}

func (f *fn) emitCpAsyncCommit(op *ir.Operation) error {
	if err := f.requireSM(op, 80, "cp.async.commit_group"); err != nil {
		return err
	}
	f.inss("cp.async.commit_group")
	return nil
}

func (f *fn) emitCpAsyncWait(op *ir.Operation) error {
	if err := f.requireSM(op, 80, "cp.async.wait_group"); err != nil {
		return err
	}
	if gpu.WaitsAll(op) {
		f.inss("cp.async.wait_all")
		return nil
	}
	// LLVM's NVPTX printer separates the count with " \t"; Triton's users
	// (and test_tl_range_num_stages) grep the PTX for that spelling.
	f.ins("cp.async.wait_group \t%d", gpu.Pending(op))
	return nil
}
