package ttgir

import (
	"flag"
	"slices"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-prefetch",
		DisplayName: "TritonGPUPrefetch",
		Summary:     "prefetch",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return Prefetch(op) }
		},
	})
}

// Prefetch is Triton 3.6's tritongpu-prefetch, the register double
// buffering of mma.sync (and MFMA) loops: when a loop's only dot reads both
// operands from shared buffers carried by the loop, the first K slice
// (8*kWidth wide) of the next iteration's operands is read into registers
// before the loop and at the end of each iteration (carried as extra iter
// args), and the dot is split along K into slices whose shared reads are
// issued ahead of the dot consuming the previous slice. Elementwise ops
// between the shared read and the dot are replayed per slice.
func Prefetch(module *ir.Operation) error {
	if err := applyFrozen(module, convertLayoutSet()); err != nil {
		return err
	}
	for _, loop := range opsNamed(module, "scf.for") {
		p := &prefetcher{loop: loop, yield: loop.Region(0).Front().Last(), width: 32}
		if !p.initialize() {
			continue
		}
		p.emitPrologue()
		n := p.newLoop()
		for i, r := range loop.Results() {
			ir.ReplaceAllUsesWith(r, n.Result(i))
		}
		loop.Erase()
	}
	return nil
}

// dotOperandSource is the chain from a loop-carried shared buffer to a dot
// operand: the buffer, the local_load reading it, then the single-use
// elementwise ops applied to the loaded value (the last is the operand).
type dotOperandSource []ir.Value

// prefetched is one dot the prefetcher splits, with its operands' sources.
type prefetched struct {
	dot        *ir.Operation
	src        [2]dotOperandSource
	headerDef  [2]ir.Value // the buffers' initial values
	loopArg    [2]ir.Value // the buffers as iter args
	yielded    [2]ir.Value // the buffers the next iteration gets
	headFetch  [2]ir.Value // the operand slices read before the loop
	encodingOf ir.Attribute
}

type prefetcher struct {
	loop, yield *ir.Operation
	// width is the K extent of one prefetched slice.
	width int64
	dots  []*prefetched
}

// operandSource walks back from a dot operand through single-operand,
// single-use ops to a local_load with a dot operand layout, or returns nil.
func operandSource(v ir.Value) dotOperandSource {
	op := v.DefiningOp()
	if op == nil {
		return nil
	}
	chain := []ir.Value{op.Result(0)}
	found := false
	for op != nil {
		if op.NumOperands() != 1 || len(ir.Uses(op.Result(0))) != 1 {
			break
		}
		chain = append(chain, op.Operand(0))
		if op.Name() == "ttg.local_load" {
			_, found = ir.EncodingOf(op.Result(0).Type()).(*ttg.DotOperandEncoding)
			break
		}
		op = op.Operand(0).DefiningOp()
	}
	if !found {
		return nil
	}
	slices.Reverse(chain)
	return chain
}

func (p *prefetcher) initialize() bool {
	body := p.loop.Region(0).Front()
	var dots []*ir.Operation
	for op := body.First(); op != nil; op = op.Next() {
		if op.Name() != "tt.dot" {
			continue
		}
		// Only mma.sync (v2) and MFMA dots are split.
		switch enc := ir.EncodingOf(op.Result(0).Type()).(type) {
		case *ttg.AMDMfmaEncoding:
		case *ttg.NvidiaMmaEncoding:
			if enc.VersionMajor != 2 {
				return false
			}
		default:
			return false
		}
		dots = append(dots, op)
	}
	// Several dots (attention) are not split.
	if len(dots) != 1 {
		return false
	}
	for _, dot := range dots {
		aT := dot.Operand(0).Type().(*ir.RankedTensorType)
		aEnc, ok1 := aT.Encoding.(*ttg.DotOperandEncoding)
		bEnc, ok2 := ir.EncodingOf(dot.Operand(1).Type()).(*ttg.DotOperandEncoding)
		if !ok1 || !ok2 || aEnc.KWidth != bEnc.KWidth {
			return false
		}
		if aEnc.KWidth == 0 {
			p.width = int64(256 / ir.BitWidth(aT.Elem))
		} else {
			p.width = int64(8 * aEnc.KWidth)
		}
		if aT.Dims[len(aT.Dims)-1] < p.width {
			continue
		}
		pd := &prefetched{dot: dot, encodingOf: ir.EncodingOf(dot.Result(0).Type())}
		ok := true
		for i := 0; i < 2 && ok; i++ {
			src := operandSource(dot.Operand(i))
			if src == nil {
				ok = false
				break
			}
			arg, isArg := src[0].(*ir.BlockArgument)
			if !isArg || arg.Owner() != body || arg.Index() == 0 {
				ok = false
				break
			}
			pd.src[i] = src
			pd.loopArg[i] = src[0]
			pd.headerDef[i] = p.loop.Operand(3 + arg.Index() - 1)
			pd.yielded[i] = p.yield.Operand(arg.Index() - 1)
		}
		if ok {
			p.dots = append(p.dots, pd)
		}
	}
	return true
}

// fetch reads a K slice of the shared buffer v (the operand opIdx of a
// dot with result layout enc) into registers: the first slice, or the
// slice at offset of extent size.
func (p *prefetcher) fetch(b *ir.Builder, v ir.Value, opIdx int, enc ir.Attribute, offset, size int64) ir.Value {
	t := v.Type().(*ttg.MemDescType)
	shape := append([]int64(nil), t.Dims...)
	rank := len(shape)
	kDim := rank - 2
	if opIdx == 0 {
		kDim = rank - 1
	}
	offsets := make([]int64, rank)
	offsets[kDim] = offset
	shape[kDim] = size
	sub := b.CreateOp("ttg.memdesc_subslice", v.Loc(), []ir.Value{v},
		[]ir.Type{ttg.MemDesc(b.Ctx, shape, t.Elem, t.Encoding, t.MemorySpace, t.Mutable, t.AllocShape)},
		ir.NamedAttr{Name: "offsets", Value: ir.DenseI32Array(b.Ctx, offsets)})
	dotEnc := ttg.NewDotOperand(b.Ctx, opIdx, enc, int(p.width/8))
	return ttg.NewLocalLoad(b, v.Loc(), ir.RankedTensor(b.Ctx, shape, t.Elem, dotEnc), sub.Result(0), nil).Result(0)
}

// replay applies the elementwise ops of src after its local_load to the
// slice v, giving each result v's shape and its operand's layout.
func replay(b *ir.Builder, v ir.Value, src dotOperandSource) ir.Value {
	m := ir.NewMapping()
	m.Map(src[1], v)
	for _, x := range src[2:] {
		c := b.Insert(x.DefiningOp().Clone(m))
		r := c.Result(0)
		if t, ok := r.Type().(*ir.RankedTensorType); ok {
			enc := ir.EncodingOf(c.Operand(0).Type())
			r.SetType(ir.RankedTensor(b.Ctx, ir.ShapeOf(v.Type()), t.Elem, enc))
		}
		m.Map(x, r)
	}
	if len(src) > 1 {
		return m.Lookup(src[len(src)-1])
	}
	return v
}

func (p *prefetcher) emitPrologue() {
	b := ir.NewBuilder(p.loop.Context())
	b.SetInsertionPoint(p.loop)
	for _, d := range p.dots {
		for i := 0; i < 2; i++ {
			v := p.fetch(b, d.headerDef[i], i, d.encodingOf, 0, p.width)
			d.headFetch[i] = replay(b, v, d.src[i])
		}
	}
}

func (p *prefetcher) splitDot(dot *ir.Operation) *prefetched {
	for _, d := range p.dots {
		if d.dot == dot {
			return d
		}
	}
	return nil
}

// newLoop builds the loop with the prefetched slices carried along.
func (p *prefetcher) newLoop() *ir.Operation {
	ctx := p.loop.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(p.loop)
	old := p.loop.Region(0).Front()
	inits := append([]ir.Value(nil), p.loop.Operands()[3:]...)
	for _, d := range p.dots {
		inits = append(inits, d.headFetch[0], d.headFetch[1])
	}
	st := ir.NewState(ctx, "scf.for", p.loop.Loc())
	st.Operands = append(append([]ir.Value(nil), p.loop.Operands()[:3]...), inits...)
	types := []ir.Type{old.Argument(0).Type()}
	locs := []ir.Location{p.loop.Loc()}
	for _, v := range inits {
		st.Types = append(st.Types, v.Type())
		types = append(types, v.Type())
		locs = append(locs, p.loop.Loc())
	}
	body := ir.NewBlock(ctx, types, locs)
	st.AddRegion().Append(body)
	n := b.Create(st)
	m := ir.NewMapping()
	for i, a := range old.Arguments() {
		m.Map(a, body.Argument(i))
	}
	// The iter arg carrying a prefetched slice into the body.
	carried := func(init ir.Value) ir.Value {
		for i, v := range inits {
			if v == init {
				return body.Argument(i + 1)
			}
		}
		return nil
	}
	b.SetInsertionPointToEnd(body)
	toEnd := func() { b.SetInsertionPointToEnd(body) }
	for op := old.First(); op != nil && op != old.Last(); op = op.Next() {
		// Stop delaying the last partial dot at control flow and at users
		// of a split dot.
		if op.NumRegions() > 0 {
			toEnd()
		}
		for _, v := range op.Operands() {
			if def := v.DefiningOp(); def != nil && p.splitDot(def) != nil {
				toEnd()
			}
		}
		newOp := b.Insert(op.Clone(m))
		if d := p.splitDot(op); d != nil {
			first := b.Insert(op.Clone(m))
			first.SetOperand(0, carried(d.headFetch[0]))
			first.SetOperand(1, carried(d.headFetch[1]))
			kOff := p.width
			kRem := ir.ShapeOf(op.Operand(0).Type())[len(ir.ShapeOf(op.Operand(0).Type()))-1] - p.width
			prev := first
			if kRem == 0 {
				// A single slice: delay its dot, and let it stand for the
				// original in the yield.
				b.SetInsertionPoint(prev)
				newOp = first
			}
			for kRem != 0 {
				restore := b.Restore()
				b.SetInsertionPoint(prev)
				var rem [2]ir.Value
				for i := 0; i < 2; i++ {
					v := p.fetch(b, m.Lookup(d.loopArg[i]), i, d.encodingOf, kOff, p.width)
					rem[i] = replay(b, v, d.src[i])
				}
				restore()
				newOp = b.Insert(op.Clone(m))
				newOp.SetOperand(0, rem[0])
				newOp.SetOperand(1, rem[1])
				newOp.SetOperand(2, prev.Result(0))
				prev = newOp
				kOff += p.width
				kRem -= p.width
				if kRem == 0 {
					// Issue the last dot as late as possible: after the
					// next iteration's prefetch, unless something needs it.
					b.SetInsertionPoint(prev)
				}
			}
		}
		for i, r := range op.Results() {
			m.Map(r, newOp.Result(i))
		}
	}
	var yields []ir.Value
	for _, v := range p.yield.Operands() {
		yields = append(yields, m.Lookup(v))
	}
	for _, d := range p.dots {
		for i := 0; i < 2; i++ {
			v := p.fetch(b, m.Lookup(d.yielded[i]), i, d.encodingOf, 0, p.width)
			yields = append(yields, replay(b, v, d.src[i]))
		}
	}
	toEnd()
	b.CreateOp("scf.yield", p.yield.Loc(), yields, nil)
	return n
}
