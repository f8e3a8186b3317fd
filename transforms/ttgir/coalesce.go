package ttgir

import (
	"flag"
	"fmt"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-coalesce",
		DisplayName: "TritonGPUCoalesce",
		Summary:     "coalesce",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return Coalesce(op) }
		},
	})
}

// memLayout is a memory op and the layout chosen for it.
type memLayout struct {
	op  *ir.Operation
	enc ir.Attribute
}

// Coalesce gives every global load, store and atomic on a tensor of
// pointers (and every TMA descriptor load and store) the blocked layout
// that makes its accesses coalesced and vectorized, converting its
// operands to that layout and its results back (Triton's
// TritonGPUCoalesce).
func Coalesce(module *ir.Operation) error {
	ctx := module.Context()
	ai := axisinfo.Analyze(module)
	threads := ttg.ThreadsPerWarp(module)
	widths := &sliceWidths{ai: ai, root: module}
	var plan []memLayout
	var err error
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		ptr := memAccessPtr(op)
		if ptr == nil {
			return ir.Advance
		}
		pt, ok := ptr.Type().(*ir.RankedTensorType)
		if !ok {
			return ir.Advance
		}
		if _, isPtr := pt.Elem.(*tt.PointerType); !isPtr {
			return ir.Advance
		}
		warps, e := numWarpsAt(op)
		if e != nil {
			err = e
			return ir.Interrupt
		}
		enc, e := coalescedEncoding(ctx, ai, widths, op, warps, threads, ttg.CGAOf(pt.Encoding, pt.Rank()), shapePerCTA(pt))
		if e != nil {
			err = e
			return ir.Interrupt
		}
		plan = append(plan, memLayout{op, enc})
		return ir.Advance
	})
	if err != nil {
		return err
	}
	descs, err := descriptorLayouts(module, threads)
	if err != nil {
		return err
	}
	plan = append(plan, descs...)
	for _, p := range plan {
		convertOpEncoding(ctx, p.enc, p.op)
	}
	return nil
}

// coalescedEncoding is Triton's buildCoalescedEncoding: the dims ordered
// by the pointer's contiguity, and along the fastest one as many elements
// per thread as the pointer's contiguity and alignment allow (up to 128
// bits, and no more than the tensor spreads over the threads). Memory ops
// connected to this one whose pointers have the same shape and order may
// raise it, so they agree on a layout; stores never exceed their own
// 128-bit limit, as wider would leave gaps in each warp's writes.
func coalescedEncoding(ctx *ir.Context, ai *axisinfo.Module, widths *sliceWidths, op *ir.Operation, warps, threads int, cga ttg.CGALayout, perCTA []int64) (*ttg.BlockedEncoding, error) {
	ptr := memAccessPtr(op)
	pt := ptr.Type().(*ir.RankedTensorType)
	info, ok := ai.Info(ptr)
	if !ok || info.Rank() != pt.Rank() {
		return nil, ir.OpErrorf(op, "has no axis information for its pointer")
	}
	order := orderFromContiguity(info.Contiguity)
	perThread := elemsPerThread(ai, op, order, perCTA)
	if ptr.DefiningOp() != nil {
		perThread = max(perThread, widths.widest(op, pt.Dims, order, perCTA))
	}
	var numElems int64 = 1
	for _, d := range perCTA {
		numElems *= d
	}
	perThread = min(perThread, max(int(numElems)/(warps*threads), 1))
	if op.Name() != "tt.load" {
		perThread = min(perThread, elemsPerThread(ai, op, order, perCTA))
	}
	spt := make([]int, pt.Rank())
	for i := range spt {
		spt[i] = 1
	}
	spt[order[0]] = perThread
	return ttg.BlockedForShapeCGA(ctx, pt.Dims, spt, order, warps, threads, cga), nil
}

func equalOrder(a, b []int) bool {
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

// sliceWidths answers coalescedEncoding's question for every memory op of
// a module: the widest vector (elemsPerThread) among the memory ops of
// its connected slice whose pointers have its shape and its order. The
// answers are folded over the slice components once per pointer shape,
// order and per-CTA shape (sliceComponents).
type sliceWidths struct {
	ai    *axisinfo.Module
	root  *ir.Operation
	comps *sliceComponents // made on the first question
	best  map[string][]int // per key, per component
}

// widest returns the widest vector of op's slice for op's pointer shape
// dims, order and per-CTA shape (op's own included), or -1 if op is not
// under the root.
func (w *sliceWidths) widest(op *ir.Operation, dims []int64, order []int, perCTA []int64) int {
	if w.comps == nil {
		w.comps = newSliceComponents(w.root)
		w.best = map[string][]int{}
	}
	key := fmt.Sprint(dims, order, perCTA)
	best, ok := w.best[key]
	if !ok {
		best = w.comps.maxOverSlices(func(u *ir.Operation) (int, bool) {
			v := memAccessPtr(u)
			if v == nil {
				return 0, false
			}
			vt, ok := v.Type().(*ir.RankedTensorType)
			if !ok || !ir.EqualShape(vt.Dims, dims) {
				return 0, false
			}
			vi, ok := w.ai.Info(v)
			if !ok || !equalOrder(orderFromContiguity(vi.Contiguity), order) {
				return 0, false
			}
			return elemsPerThread(w.ai, u, order, perCTA), true
		})
		w.best[key] = best
	}
	if c := w.comps.component(op); c >= 0 {
		return best[c]
	}
	return -1 // op is not under the root: its slice is unknown here
}

// elemsPerThread is Triton's getNumElementsPerThread: how many elements of
// op's pointer one thread may access as one vector along order[0].
func elemsPerThread(ai *axisinfo.Module, op *ir.Operation, order []int, perCTA []int64) int {
	ptr := memAccessPtr(op)
	pt := ptr.Type().(*ir.RankedTensorType)
	info, ok := ai.Info(ptr)
	if !ok || info.Rank() <= order[0] {
		return 1
	}
	bits := max(elementBits(pt), 1)
	bytes := uint32(max(bits/8, 1))
	// Triton holds the divisibility in an unsigned 32-bit integer here.
	maxMultiple := max(uint32(info.Divisibility[order[0]])/bytes, 1)
	maxContig := uint32(min(info.Contiguity[order[0]], perCTA[order[0]]))
	return int(min(min(maxMultiple, maxContig), uint32(max(128/bits, 1))))
}

// descriptorLayouts picks the layouts of TMA descriptor loads and stores:
// shared memory is filled through them, so they get up to 16-byte vectors
// along the last dim (pickDescriptorLoadStoreLayout).
func descriptorLayouts(module *ir.Operation, threads int) ([]memLayout, error) {
	var out []memLayout
	var err error
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		var t ir.Type
		switch op.Name() {
		case "tt.descriptor_load", "tt.descriptor_gather":
			t = op.Result(0).Type()
		case "tt.descriptor_store", "tt.descriptor_reduce":
			t = op.Operand(1).Type() // desc, src, indices...
		case "tt.descriptor_scatter":
			t = op.Operand(op.NumOperands() - 1).Type() // desc, x offsets, y offset, src
		default:
			return ir.Advance
		}
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return ir.Advance
		}
		warps, e := numWarpsAt(op)
		if e != nil {
			err = e
			return ir.Interrupt
		}
		out = append(out, memLayout{op, descriptorLayout(op.Context(), warps, threads, rt)})
		return ir.Advance
	})
	return out, err
}

func descriptorLayout(ctx *ir.Context, warps, threads int, t *ir.RankedTensorType) *ttg.BlockedEncoding {
	var numElems int64 = 1
	for _, d := range shapePerCTA(t) {
		numElems *= d
	}
	perThread := max(int(numElems)/(warps*threads), 1)
	vec := min(perThread, 128/max(ir.BitWidth(t.Elem), 1))
	rank := t.Rank()
	spt := make([]int, rank)
	order := make([]int, rank)
	for i := range spt {
		spt[i] = 1
		order[i] = rank - 1 - i
	}
	spt[rank-1] = vec
	return ttg.BlockedForShapeCGA(ctx, t.Dims, spt, order, warps, threads, ttg.CGAOf(t.Encoding, t.Rank()))
}

// convertOpEncoding rebuilds op with its tensor operands and results in
// layout enc, converting the operands to it and the results back (Triton's
// convertDistributedOpEncoding). The x offsets of TMA gathers and scatters
// keep their layout; async copies keep their memdesc result.
func convertOpEncoding(ctx *ir.Context, enc ir.Attribute, op *ir.Operation) *ir.Operation {
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	operands := op.Operands()
	for i, v := range operands {
		if _, ok := v.Type().(*ir.RankedTensorType); !ok {
			continue
		}
		if i == 1 && (op.Name() == "tt.descriptor_gather" || op.Name() == "tt.descriptor_scatter") {
			continue
		}
		operands[i] = ttg.NewConvertLayout(b, op.Loc(), v, withEncoding(ctx, v.Type(), enc)).Result(0)
	}
	types := op.ResultTypes()
	for i, t := range types {
		if _, ok := t.(*ir.RankedTensorType); ok && op.Name() != "ttg.async_copy_global_to_local" {
			types[i] = withEncoding(ctx, t, enc)
		}
	}
	st := ir.NewState(ctx, op.Name(), op.Loc())
	st.Operands = operands
	st.Types = types
	st.Props = append([]ir.NamedAttr(nil), op.Props()...)
	st.Attrs = append([]ir.NamedAttr(nil), op.DiscardableAttrs()...)
	n := b.Create(st)
	for i, r := range op.Results() {
		nr := n.Result(i)
		var repl ir.Value = nr
		if nr.Type() != r.Type() {
			repl = ttg.NewConvertLayout(b, op.Loc(), nr, r.Type()).Result(0)
		}
		ir.ReplaceAllUsesWith(r, repl)
	}
	op.Erase()
	return n
}
