package tttottg

import (
	"github.com/ttcompiler/tt/conversion"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// converter holds one run's parameters and state.
type converter struct {
	ctx                               *ir.Context
	numWarps, threadsPerWarp, numCTAs int
	types                             *conversion.TypeConverter
	// materialized caches the convert_layout made for (value, type), so
	// every user wanting the same type shares one conversion.
	materialized map[matKey]ir.Value
}

type matKey struct {
	v ir.Value
	t ir.Type
}

func newConverter(ctx *ir.Context, numWarps, threadsPerWarp, numCTAs int) *converter {
	c := &converter{ctx: ctx, numWarps: numWarps, threadsPerWarp: threadsPerWarp, numCTAs: numCTAs,
		materialized: map[matKey]ir.Value{}}
	tc := conversion.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) { return t, true })
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return nil, false
		}
		return c.tensorType(rt), true
	})
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) {
		pt, ok := t.(*tt.PointerType)
		if !ok {
			return nil, false
		}
		bt, ok := pt.Pointee.(*ir.RankedTensorType)
		if !ok {
			return pt, true
		}
		return tt.Ptr(ctx, c.tensorType(bt), pt.AddrSpace), true
	})
	c.types = tc
	return c
}

// tensorType gives an unencoded tensor the default blocked layout; tensors
// that already have a layout keep it.
func (c *converter) tensorType(t *ir.RankedTensorType) *ir.RankedTensorType {
	if t.Encoding != nil {
		return t
	}
	enc := c.defaultEncoding(t.Dims)
	return ir.RankedTensor(c.ctx, t.Dims, t.Elem, enc)
}

func (c *converter) defaultEncoding(shape []int64) *ttg.BlockedEncoding {
	return ttg.DefaultBlocked(c.ctx, shape, c.numWarps, c.threadsPerWarp, c.numCTAs)
}

// convertType returns the converted type of t (t itself when it needs no
// conversion).
func (c *converter) convertType(t ir.Type) ir.Type {
	if r := c.types.ConvertType(t); r != nil {
		return r
	}
	return t
}

func (c *converter) convertTypes(ts []ir.Type) []ir.Type {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		out[i] = c.convertType(t)
	}
	return out
}

// target is TritonGPUConversionTarget: ttg ops are legal; ops of arith,
// math, tt, cf, scf and ub are legal once all their types (operands,
// results, block arguments of their regions) are; tt.dot also needs
// dot_op operands and tt.func tensor arguments with layouts; some scf ops
// Triton never lowers are illegal.
func (c *converter) target() *conversion.Target {
	t := conversion.NewTarget()
	t.AddLegalDialect("ttg")
	t.AddIllegalOp("scf.execute_region", "scf.parallel", "scf.reduce", "scf.reduce.return")
	legal := func(op *ir.Operation) bool { return c.types.IsOpLegal(op) }
	for _, d := range []string{"arith", "math", "tt", "cf", "scf", "ub"} {
		t.AddDynamicallyLegalDialect(d, legal)
	}
	t.AddDynamicallyLegalOp("tt.dot", func(op *ir.Operation) bool {
		return isDotOperand(op.Operand(0).Type()) && isDotOperand(op.Operand(1).Type())
	})
	t.AddDynamicallyLegalOp("tt.func", func(op *ir.Operation) bool {
		// Triton checks the entry block only and keeps function_type as it
		// was, which leaves tt.return disagreeing with the signature when a
		// function returns tensors; here the signature must be converted too.
		if ft := function.FunctionType(op); ft != nil {
			for _, ts := range [][]ir.Type{ft.Inputs, ft.Results} {
				for _, t := range ts {
					if rt, ok := t.(*ir.RankedTensorType); ok && rt.Encoding == nil {
						return false
					}
				}
			}
		}
		if op.Region(0).Empty() {
			return true
		}
		for _, a := range op.Region(0).Front().Arguments() {
			if rt, ok := a.Type().(*ir.RankedTensorType); ok && rt.Encoding == nil {
				return false
			}
		}
		return true
	})
	return t
}

func isDotOperand(t ir.Type) bool {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return false
	}
	_, ok = rt.Encoding.(*ttg.DotOperandEncoding)
	return ok
}
