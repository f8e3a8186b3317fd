package amd

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-optimize-epilogue",
		DisplayName: "TritonAMDGPUOptimizeEpilogue",
		Summary:     "Optimize epilogue: (1) Store accumulators directly without going thorough SMEM in epilogue.",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return OptimizeEpilogue(op) }
		},
	})
}

// OptimizeEpilogue is Triton 3.6's tritonamdgpu-optimize-epilogue: a
// tt.store of a value that comes, through a chain of single-use one-operand
// elementwise ops, from a conversion of an MFMA or WMMA result to a blocked
// layout stores in the MMA layout instead: the pointer and mask are
// converted (cheap, often rematerialized), the value is not, so the
// accumulator never goes through LDS. On gfx950 a transposed 16-bit result
// is stored from the layout that permlane swaps make 128-bit wide.
func OptimizeEpilogue(module *ir.Operation) error {
	return applyGreedily(module, []ir.RewritePattern{ir.NewPattern("BypassEpilogueSMEM", "tt.store", 1, bypassEpilogueSMEM)})
}

// oneOperandElementwise are the ops an epilogue chain may pass through.
var oneOperandElementwise = map[string]bool{
	"arith.extf": true, "arith.extsi": true, "arith.extui": true, "arith.fptosi": true, "arith.fptoui": true,
	"arith.negf": true, "arith.sitofp": true, "arith.truncf": true, "arith.trunci": true, "arith.uitofp": true,
	"math.absf": true, "math.absi": true, "math.atan": true, "math.atan2": true, "math.ceil": true, "math.cos": true,
	"math.sin": true, "math.ctlz": true, "math.cttz": true, "math.ctpop": true, "math.erf": true, "math.exp": true,
	"math.exp2": true, "math.expm1": true, "math.floor": true, "math.log": true, "math.log10": true, "math.log1p": true,
	"math.log2": true, "math.sqrt": true, "math.rsqrt": true, "math.tanh": true,
	"tt.int_to_ptr": true, "tt.ptr_to_int": true, "tt.bitcast": true, "tt.fp_to_fp": true,
}

func isOneOperandElementwise(op *ir.Operation) bool {
	if op.Name() == "tt.extern_elementwise" {
		pure, _ := op.Attr("pure").(*ir.IntegerAttr)
		return op.NumOperands() == 1 && op.NumResults() == 1 && pure != nil && pure.Bool()
	}
	return oneOperandElementwise[op.Name()]
}

func bypassEpilogueSMEM(op *ir.Operation, rw ir.Rewriter) bool {
	st := tt.StoreOp{Operation: op}
	ptrT, ok1 := st.Ptr().Type().(*ir.RankedTensorType)
	valT, ok2 := st.Value().Type().(*ir.RankedTensorType)
	if !ok1 || !ok2 {
		return false
	}
	if _, b := ptrT.Encoding.(*ttg.BlockedEncoding); !b {
		return false
	}
	if _, b := valT.Encoding.(*ttg.BlockedEncoding); !b {
		return false
	}
	val := st.Value()
	var chain []*ir.Operation
	var cvt *ir.Operation
	for {
		d := val.DefiningOp()
		if d == nil {
			return false
		}
		if d.Name() == "ttg.convert_layout" {
			cvt = d
			break
		}
		if !ir.HasOneUse(d.Result(0)) || !isOneOperandElementwise(d) {
			return false
		}
		val = d.Operand(0)
		chain = append(chain, d)
	}
	enc := encodingOf(cvt.Operand(0))
	if _, mma := enc.(ttg.MmaLayout); !mma || !ir.HasOneUse(cvt.Result(0)) {
		return false
	}
	ctx := op.Context()
	b := rw.B()
	withEnc := func(v ir.Value, e ir.Attribute) ir.Value {
		t := v.Type().(*ir.RankedTensorType)
		return ttg.NewConvertLayout(b, v.Loc(), v, ir.RankedTensor(ctx, t.Dims, t.Elem, e)).Result(0)
	}
	newPtr := withEnc(st.Ptr(), enc)
	newVal := cvt.Operand(0)
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		v := newVal
		rw.ModifyInPlace(c, func() {
			c.SetOperand(0, v)
			t := c.Result(0).Type().(*ir.RankedTensorType)
			c.Result(0).SetType(ir.RankedTensor(ctx, t.Dims, t.Elem, enc))
		})
		newVal = c.Result(0)
	}
	var newMask ir.Value
	if m := st.Mask(); m != nil {
		newMask = withEnc(m, enc)
	}
	if l, ok := ttg.MfmaLikeStoreLayout(newVal.Type().(*ir.RankedTensorType)); ok {
		lin := ttg.NewLinearFromLL(ctx, l)
		newPtr, newVal = withEnc(newPtr, lin), withEnc(newVal, lin)
		if newMask != nil {
			newMask = withEnc(newMask, lin)
		}
	}
	rw.ReplaceOpWithOp(op, tt.NewStore(b, op.Loc(), newPtr, newVal, newMask, st.Cache(), st.Evict(), nil))
	return true
}
