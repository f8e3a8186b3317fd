package nvidia

import (
	"flag"
	"slices"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "triton-nvidia-optimize-descriptor-encoding",
		DisplayName: "TritonNvidiaGPUOptimizeDescriptorEncodingPass",
		Summary:     "Set encodings on tensor descriptor types",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return OptimizeDescriptorEncoding(op) }
		},
	})
}

// OptimizeDescriptorEncoding is Triton 3.6's
// triton-nvidia-optimize-descriptor-encoding: every !tt.tensordesc gets the
// shared layout its TMA transfers use. A descriptor whose loads land in a
// non-transposed nvmma_shared buffer takes that layout; otherwise it gets
// the default nvmma_shared layout of the block it moves (in the CTA layout
// of the registers it feeds or reads). Layouts are unified across the
// values loops and conditionals tie together; descriptors crossing a call,
// a return, a reinterpretation or a non-kernel function boundary, or with
// clashing wishes, take the default layout of their block type.
func OptimizeDescriptorEncoding(module *ir.Operation) error {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	for op := module.Region(0).Front().First(); op != nil; op = op.Next() {
		if op.Name() == "tt.func" && op.NumRegions() > 0 && !op.Region(0).Empty() {
			assignDescriptorLayouts(tt.FuncOp{Operation: op})
		}
	}
	return nil
}

// descWish is what the uses of a descriptor ask of its layout (Triton's
// EncodingInfo).
type descWish struct {
	desired ir.Attribute
	cga     *ttg.CGALayout
	// shape is the block a gather or scatter moves, when it differs from
	// the descriptor's.
	shape  []int64
	forced bool
}

func (w descWish) equal(o descWish) bool {
	sameCGA := (w.cga == nil) == (o.cga == nil) && (w.cga == nil || cgaEqual(*w.cga, *o.cga))
	return w.desired == o.desired && sameCGA && w.forced == o.forced && slices.Equal(w.shape, o.shape)
}

func cgaEqual(a, b ttg.CGALayout) bool {
	if a.Rank != b.Rank || len(a.Bases) != len(b.Bases) {
		return false
	}
	for i := range a.Bases {
		if !slices.Equal(a.Bases[i], b.Bases[i]) {
			return false
		}
	}
	return true
}

// combine merges two wishes: a forced default wins, shapes meet at their
// minimum, clashing CTA layouts fall back to the default one and clashing
// desired layouts force the default layout.
func combine(l, r descWish, rank int) descWish {
	out := descWish{forced: l.forced || r.forced}
	if out.forced {
		return out
	}
	switch {
	case len(l.shape) == 0 || slices.Equal(l.shape, r.shape):
		out.shape = r.shape
	case len(r.shape) == 0:
		out.shape = l.shape
	default:
		out.shape = make([]int64, len(l.shape))
		for i := range out.shape {
			out.shape[i] = min(l.shape[i], r.shape[i])
		}
	}
	switch {
	case l.cga != nil && r.cga != nil && !cgaEqual(*l.cga, *r.cga):
		d := ttg.DefaultCGA(rank)
		out.cga = &d
	case l.cga != nil:
		out.cga = l.cga
	default:
		out.cga = r.cga
	}
	switch {
	case l.desired != nil && r.desired != nil && l.desired != r.desired:
		out.forced = true
	case l.desired != nil:
		out.desired = l.desired
	default:
		out.desired = r.desired
	}
	return out
}

func isTensorDesc(v ir.Value) bool {
	_, ok := v.Type().(*tt.TensorDescType)
	return ok
}

func blockOf(v ir.Value) *ir.RankedTensorType { return v.Type().(*tt.TensorDescType).Block }

// tmaCompatible reports the layouts TMA can write: non-transposed
// nvmma_shared.
func tmaCompatible(enc ir.Attribute) bool {
	n, ok := enc.(*ttg.NVMMASharedEncoding)
	return ok && !n.Transposed
}

// loadTargetLayout is the layout of the first buffer a loaded block is
// stored into that TMA could write directly.
func loadTargetLayout(op *ir.Operation) ir.Attribute {
	for _, u := range ir.Users(op.Result(0)) {
		var enc ir.Attribute
		switch u.Name() {
		case "ttg.local_alloc":
			enc = u.Result(0).Type().(*ttg.MemDescType).Encoding
		case "ttg.local_store":
			enc = u.Operand(1).Type().(*ttg.MemDescType).Encoding
		}
		if enc != nil && tmaCompatible(enc) {
			return enc
		}
	}
	return nil
}

// expandToRank pads shape with leading 1s to rank dims.
func expandToRank(shape []int64, rank int) []int64 {
	out := make([]int64, rank)
	for i := range out {
		out[i] = 1
	}
	copy(out[rank-len(shape):], shape)
	return out
}

// useWish is the wish of a TMA op for its descriptor operand, if op is one.
func useWish(op *ir.Operation) (ir.Value, descWish, bool) {
	var tensor ir.Value
	var desired ir.Attribute
	switch op.Name() {
	case "tt.descriptor_load", "tt.descriptor_gather":
		tensor = op.Result(0)
		desired = loadTargetLayout(op)
	case "tt.descriptor_store", "tt.descriptor_reduce":
		tensor = op.Operand(1)
	case "tt.descriptor_scatter":
		tensor = op.Operand(op.NumOperands() - 1)
	default:
		return nil, descWish{}, false
	}
	desc := op.Operand(0)
	t := tensor.Type().(*ir.RankedTensorType)
	enc := t.Encoding
	if desired != nil {
		enc = desired
	}
	cga := ttg.CGAOf(enc, t.Rank())
	return desc, descWish{desired: desired, cga: &cga, shape: expandToRank(t.Dims, blockOf(desc).Rank())}, true
}

// tiedValues are the values a loop or conditional forces to one type with
// its idx-th result (Triton's getTiedArgs).
func tiedValues(op *ir.Operation, idx int) []ir.Value {
	switch op.Name() {
	case "scf.for":
		body := op.Region(0).Front()
		return []ir.Value{body.Argument(idx + 1), op.Result(idx), body.Last().Operand(idx), op.Operand(3 + idx)}
	case "scf.while":
		before, after := op.Region(0).Front(), op.Region(1).Front()
		return []ir.Value{before.Argument(idx), op.Result(idx), before.Last().Operand(idx + 1), op.Operand(idx), after.Argument(idx)}
	case "scf.if":
		var vals []ir.Value
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				if y := b.Last(); y != nil && y.Name() == "scf.yield" {
					vals = append(vals, y.Operand(idx))
				}
			}
		}
		return append(vals, op.Result(idx))
	}
	return nil
}

// descPropagation is one function's run (the value map keeps the order
// values were first met).
type descPropagation struct {
	wish     map[ir.Value]descWish
	order    []ir.Value
	worklist []ir.Value
}

func (p *descPropagation) push(v ir.Value) {
	if i := slices.Index(p.worklist, v); i >= 0 {
		p.worklist = slices.Delete(p.worklist, i, i+1)
	}
	p.worklist = append(p.worklist, v)
}

func (p *descPropagation) setIfAbsent(v ir.Value, w descWish) bool {
	if _, ok := p.wish[v]; ok {
		return false
	}
	p.wish[v] = w
	p.order = append(p.order, v)
	return true
}

// update merges w with the wishes of vals and gives all of them the result.
func (p *descPropagation) update(vals []ir.Value, w descWish) {
	for _, v := range vals {
		if old, ok := p.wish[v]; ok {
			w = combine(old, w, blockOf(v).Rank())
		}
	}
	for _, v := range vals {
		old, ok := p.wish[v]
		switch {
		case !ok:
			p.setIfAbsent(v, w)
			p.push(v)
		case !old.equal(w):
			p.wish[v] = w
			p.push(v)
		}
	}
}

func assignDescriptorLayouts(fn tt.FuncOp) {
	p := &descPropagation{wish: map[ir.Value]descWish{}}
	kernel := fn.IsPublic()
	for _, a := range fn.Region(0).Front().Arguments() {
		if isTensorDesc(a) {
			p.update([]ir.Value{a}, descWish{forced: !kernel})
		}
	}
	ir.Walk(fn.Operation, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op == fn.Operation {
			return ir.Advance
		}
		if desc, w, ok := useWish(op); ok {
			p.update([]ir.Value{desc}, w)
			return ir.Advance
		}
		forced := op.Name() == "tt.call" || op.Name() == "tt.return" || op.Name() == "ttng.reinterpret_tensor_descriptor"
		for _, v := range append(op.Results(), op.Operands()...) {
			if isTensorDesc(v) {
				p.setIfAbsent(v, descWish{forced: forced})
				if forced {
					p.push(v)
				}
			}
		}
		return ir.Advance
	})
	for len(p.worklist) > 0 {
		desc := p.worklist[len(p.worklist)-1]
		p.worklist = p.worklist[:len(p.worklist)-1]
		for _, use := range ir.Uses(desc) {
			owner := use.Owner()
			switch owner.Name() {
			case "scf.for":
				p.update(tiedValues(owner, use.Index()-3), descWish{})
			case "scf.while":
				p.update(tiedValues(owner, use.Index()), descWish{})
			case "scf.yield":
				p.update(tiedValues(owner.ParentOp(), use.Index()), descWish{})
			}
		}
		if d := desc.DefiningOp(); d != nil {
			if d.Name() == "scf.for" || d.Name() == "scf.while" || d.Name() == "scf.if" {
				p.update(tiedValues(d, desc.(*ir.OpResult).Index()), descWish{})
			}
		} else if arg, ok := desc.(*ir.BlockArgument); ok {
			parent := arg.Owner().ParentOp()
			switch {
			case parent != nil && parent.Name() == "scf.for":
				p.update(tiedValues(parent, arg.Index()-1), descWish{})
			case parent != nil && parent.Name() == "scf.while":
				p.update(tiedValues(parent, arg.Index()), descWish{})
			}
		}
	}
	ctx := fn.Context()
	for _, v := range p.order {
		w := p.wish[v]
		block := blockOf(v)
		var enc ir.Attribute
		switch {
		case w.desired != nil:
			enc = w.desired
		case w.forced:
			enc = fallbackDescLayout(ctx, block, nil, nil)
		default:
			enc = fallbackDescLayout(ctx, block, w.cga, w.shape)
		}
		v.SetType(tt.TensorDesc(ctx, ir.RankedTensor(ctx, block.Dims, block.Elem, layoutForShape(ctx, enc, block))))
	}
	ft := fn.Type()
	var args []ir.Type
	for _, a := range fn.Region(0).Front().Arguments() {
		args = append(args, a.Type())
	}
	results := append([]ir.Type(nil), ft.Results...)
	for i, r := range results {
		if d, ok := r.(*tt.TensorDescType); ok {
			enc := fallbackDescLayout(ctx, d.Block, nil, nil)
			results[i] = tt.TensorDesc(ctx, ir.RankedTensor(ctx, d.Block.Dims, d.Block.Elem, layoutForShape(ctx, enc, d.Block)))
		}
	}
	fn.SetAttr("function_type", ir.TypeAttrOf(ctx, ir.Function(ctx, args, results)))
}

// fallbackDescLayout is the default nvmma_shared layout of a descriptor's
// block (or of the block its uses move), row-major.
func fallbackDescLayout(ctx *ir.Context, block *ir.RankedTensorType, cga *ttg.CGALayout, usage []int64) ir.Attribute {
	rank := block.Rank()
	order := make([]int, rank)
	for i := range order {
		order[i] = rank - 1 - i
	}
	shape := block.Dims
	if len(usage) > 0 {
		shape = usage
	}
	c := ttg.DefaultCGA(rank)
	if cga != nil {
		c = cga.WithRank(len(shape))
	}
	return ttg.NVMMASharedFor(ctx, shape, order, c, ir.BitWidth(block.Elem), false)
}

// layoutForShape adapts a shared layout chosen for a block of another rank
// (a rank-reducing load) to block's rank (Triton's updateEncodingForShape).
func layoutForShape(ctx *ir.Context, enc ir.Attribute, block *ir.RankedTensorType) ir.Attribute {
	if r := ttg.SharedLayoutForRank(enc, block.Rank()); r != nil {
		return r
	}
	return enc
}
