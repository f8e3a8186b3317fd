package interp

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Hopper and Blackwell (ttng) operations on shared and tensor memory:
// wgmma, tcgen05 MMAs, TMA copies. They complete when they run.

func init() {
	register("ttng.tmem_copy", buildMemCopy)
	register("ttng.warp_group_dot", buildWarpGroupDot)
	register("ttng.warp_group_dot_wait", buildPassThrough)
	register("ttng.tc_gen5_mma", buildTCGen5MMA)
	register("ttng.async_tma_copy_global_to_local", buildTMALoad)
	register("ttng.async_tma_copy_local_to_global", buildTMAStore(false))
	register("ttng.async_tma_reduce", buildTMAStore(true))
}

func buildWarpGroupDot(c *compiler, op *ir.Operation) (runFn, error) {
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	prec := tt.PrecisionIEEE
	if a, ok := op.Attr("inputPrecision").(*ir.IntegerAttr); ok {
		prec = tt.InputPrecision(a.Int())
	}
	return func(x *execCtx, in *instr) error {
		a, err := x.tensorOrMemDesc(in, 0)
		if err != nil {
			return err
		}
		b, err := x.tensorOrMemDesc(in, 1)
		if err != nil {
			return err
		}
		acc, err := x.tensor(in, 2)
		if err != nil {
			return err
		}
		if len(in.in) > 3 {
			use, err := scalarOperand(x, in, 3)
			if err != nil {
				return err
			}
			if use&1 == 0 {
				acc = newTensor(acc.Elem, acc.Shape)
			}
		}
		r, err := dot(x, in.op, a, b, acc, prec, re)
		if err != nil {
			return err
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// ttng.tc_gen5_mma: D = A x B (+ D if useD), in place in tensor memory,
// when pred holds.
func buildTCGen5MMA(c *compiler, op *ir.Operation) (runFn, error) {
	seg, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if seg == nil || len(seg.Ints) < 6 {
		return nil, ir.OpErrorf(op, "has no operand segment sizes")
	}
	useK := int(seg.Ints[0] + seg.Ints[1] + seg.Ints[2] + seg.Ints[3])
	predK := useK + 1
	e, err := c.operandElem(op, 2)
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr) error {
		pred, err := scalarOperand(x, in, predK)
		if err != nil {
			return err
		}
		setTokens(x, in, 0)
		if pred&1 == 0 {
			return nil
		}
		a, err := x.tensorOrMemDesc(in, 0)
		if err != nil {
			return err
		}
		b, err := x.tensorOrMemDesc(in, 1)
		if err != nil {
			return err
		}
		d, err := x.memdesc(in, 2)
		if err != nil {
			return err
		}
		acc := d.load()
		use, err := scalarOperand(x, in, useK)
		if err != nil {
			return err
		}
		if use&1 == 0 {
			acc = newTensor(acc.Elem, acc.Shape)
		}
		r, err := dot(x, in.op, a, b, acc, tt.PrecisionTF32, e)
		if err != nil {
			return err
		}
		d.store(r, nil)
		return nil
	}, nil
}

// TMA copies between a tensor descriptor and a shared view.
func buildTMALoad(c *compiler, op *ir.Operation) (runFn, error) {
	n := op.NumOperands()
	// desc, coords..., barrier, result, pred
	return func(x *execCtx, in *instr) error {
		d, err := x.desc(in)
		if err != nil {
			return err
		}
		pred, err := scalarOperand(x, in, n-1)
		if err != nil {
			return err
		}
		if pred&1 == 0 {
			return nil
		}
		m, err := x.memdesc(in, n-2)
		if err != nil {
			return err
		}
		origin, err := intOperands(x, in, 1, n-4)
		if err != nil {
			return err
		}
		if len(origin) != len(d.block) {
			return x.fail(in.op, nil, "%d coordinates for a rank-%d descriptor", len(origin), len(d.block))
		}
		t, err := x.tileLoad(in.op, &d.view, origin, d.block, allDims, d.nanPad, m.shape)
		if err != nil {
			return err
		}
		m.store(t, nil)
		return nil
	}, nil
}

func buildTMAStore(reduce bool) func(c *compiler, op *ir.Operation) (runFn, error) {
	return func(c *compiler, op *ir.Operation) (runFn, error) {
		n := op.NumOperands()
		var rmw rmwFn
		if reduce {
			e, err := c.operandElem(op, n-1)
			if err != nil {
				return nil, err
			}
			if rmw, err = descReduceFn(op, e); err != nil {
				return nil, err
			}
		}
		return func(x *execCtx, in *instr) error {
			d, err := x.desc(in)
			if err != nil {
				return err
			}
			m, err := x.memdesc(in, n-1)
			if err != nil {
				return err
			}
			origin, err := intOperands(x, in, 1, n-2)
			if err != nil {
				return err
			}
			if len(origin) != len(d.block) {
				return x.fail(in.op, nil, "%d coordinates for a rank-%d descriptor", len(origin), len(d.block))
			}
			return x.tileStore(in.op, &d.view, origin, d.block, allDims, m.load(), rmw)
		}, nil
	}
}

// ttng.tmem_copy copies a shared view into tensor memory.
func buildMemCopy(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		src, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		dst, err := x.memdesc(in, 1)
		if err != nil {
			return err
		}
		t := src.load()
		if t.Len() != numel(dst.shape) {
			return x.fail(in.op, nil, "copying %d elements into a %v view", t.Len(), dst.shape)
		}
		dst.store(t, nil)
		return nil
	}, nil
}
