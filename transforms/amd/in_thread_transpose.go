package amd

import (
	"flag"
	"strings"

	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/pattern"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-in-thread-transpose",
		DisplayName: "TritonAMDGPUInThreadTranspose",
		Summary:     "Extend global load sizePerThread to 2D shape and perform transpose within registers per thread before writing to shared memory",
		Anchor:      "tt.func",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { InThreadTranspose(op); return nil }
		},
	})
}

// InThreadTranspose is Triton 3.6's tritonamdgpu-in-thread-transpose. A
// dot operand read from LDS (ttg.local_load to an MFMA or WMMA dot_op
// layout) that was stored there from a global load contiguous along M or N
// (not K) cannot be read with wide ds_reads: the LDS order follows global
// memory while each lane wants consecutive K elements. The pass widens the
// global load's sizePerThread along K (up to 64 bits of elements),
// transposes each thread's registers (amdg.in_thread_transpose) before the
// LDS store, and stores in a K-contiguous amd_rotating_shared layout: the
// load stays coalesced, the store and the dot's ds_reads are vectorized.
// Every op of the LDS data flow (allocations, stores, memdesc_index views,
// loop-carried buffers) is found first; the pattern applies only when all
// the global loads feeding it have one 2-D blocked type.
func InThreadTranspose(fn *ir.Operation) {
	pattern.ApplyWalk(fn, pattern.Freeze([]ir.RewritePattern{ir.NewPattern("InThreadTransposePattern", "ttg.local_load", 1, inThreadTransposeLocalLoad)}))
}

// smemChain is the data flow from global loads through LDS to a local_load.
type smemChain struct {
	globalLoads []*ir.Operation
	// allocStores are the local_alloc and local_store ops writing the LDS.
	allocStores []*ir.Operation
	// memVals are the memdesc values (views, loop-carried buffers, control
	// flow results) whose encoding changes with the allocation's.
	memVals []ir.Value
}

func inThreadTransposeLocalLoad(op *ir.Operation, rw ir.Rewriter) bool {
	chain, ok := matchInThreadTranspose(op)
	if !ok {
		return false
	}
	dotEnc := encodingOf(op.Result(0)).(*ttg.DotOperandEncoding)
	loadT := chain.globalLoads[0].Result(0).Type().(*ir.RankedTensorType)
	newBlocked := transposableBlocked(op.Context(), dotEnc.OpIdx, loadT)
	for _, l := range chain.globalLoads {
		refineGlobalLoadLayout(rw, newBlocked, l)
	}
	for _, st := range chain.allocStores {
		transposeBeforeStore(rw, st, loadT.Dims, newBlocked)
	}
	newShared := rotatingSharedFor(op.Context(), op.Result(0).Type().(*ir.RankedTensorType))
	for _, v := range chain.memVals {
		mt, ok := v.Type().(*ttg.MemDescType)
		if !ok {
			continue
		}
		if _, swizzled := mt.Encoding.(*ttg.SwizzledSharedEncoding); !swizzled {
			continue
		}
		owner := v.ParentBlock().ParentOp()
		rw.ModifyInPlace(owner, func() {
			v.SetType(ttg.MemDesc(op.Context(), mt.Dims, mt.Elem, newShared, mt.MemorySpace, mt.Mutable, mt.AllocShape))
		})
	}
	return true
}

// matchInThreadTranspose finds the LDS data flow of a local_load to an
// MFMA/WMMA dot operand, and checks that it is fed by global loads of one
// 2-D blocked type whose order is not K-first and whose threads can hold
// two or more elements along K.
func matchInThreadTranspose(lload *ir.Operation) (*smemChain, bool) {
	dotEnc, ok := encodingOf(lload.Result(0)).(*ttg.DotOperandEncoding)
	if !ok {
		return nil, false
	}
	switch dotEnc.Parent.(type) {
	case *ttg.AMDMfmaEncoding, *ttg.AMDWmmaEncoding:
	default:
		return nil, false
	}
	kDim := 0
	if dotEnc.OpIdx == 0 {
		kDim = 1
	}
	chain, ok := reachableSMemOps(lload)
	if !ok || len(chain.allocStores) == 0 {
		return nil, false
	}
	seen := map[*ir.Operation]bool{}
	for _, st := range chain.allocStores {
		if st.NumOperands() == 0 {
			continue
		}
		data := st.Operand(0)
		blocked, ok := encodingOf(data).(*ttg.BlockedEncoding)
		if !ok || blocked.Order[0] == kDim {
			return nil, false
		}
		defs, ok := cfValueDefs(data, map[ir.Value]bool{})
		if !ok {
			return nil, false
		}
		for _, d := range defs {
			if l := d.DefiningOp(); l != nil && l.Name() == "tt.load" && !seen[l] {
				seen[l] = true
				chain.globalLoads = append(chain.globalLoads, l)
			}
		}
	}
	if len(chain.globalLoads) == 0 {
		return nil, false
	}
	want := chain.globalLoads[0].Result(0).Type().(*ir.RankedTensorType)
	if want.Rank() != 2 || maxSizePerThread(want, kDim) < 2 {
		return nil, false
	}
	for _, l := range chain.globalLoads {
		if l.Result(0).Type() != want {
			return nil, false
		}
	}
	return chain, true
}

// maxSizePerThread is how many elements along dim a thread of t's blocked
// layout could hold (0 if t is not blocked).
func maxSizePerThread(t *ir.RankedTensorType, dim int) int {
	b, ok := t.Encoding.(*ttg.BlockedEncoding)
	if !ok {
		return 0
	}
	return max(1, int(t.Dims[dim])/(b.ThreadsPerWarp[dim]*b.WarpsPerCTA[dim]))
}

// transposableBlocked widens the load layout along K to as many elements
// as fit in 64 bits (ds_write_b64) and the tensor allows.
func transposableBlocked(ctx *ir.Context, opIdx int, t *ir.RankedTensorType) *ttg.BlockedEncoding {
	kDim := 0
	if opIdx == 0 {
		kDim = 1
	}
	b := t.Encoding.(*ttg.BlockedEncoding)
	spt := append([]int(nil), b.SizePerThread...)
	spt[kDim] = min(maxSizePerThread(t, kDim), 64/ir.BitWidth(t.Elem))
	return ttg.BlockedForShape(ctx, t.Dims, spt, b.Order, product(b.WarpsPerCTA), product(b.ThreadsPerWarp), b.CGALayout.NumCTAs())
}

func product(xs []int) int {
	p := 1
	for _, x := range xs {
		p *= x
	}
	return p
}

// refineGlobalLoadLayout reloads in layout enc: the load's tensor operands
// are converted to enc and its result converted back.
func refineGlobalLoadLayout(rw ir.Rewriter, enc ir.Attribute, load *ir.Operation) {
	ctx := load.Context()
	b := rw.B()
	b.SetInsertionPoint(load)
	args := make([]ir.Value, load.NumOperands())
	for i, v := range load.Operands() {
		args[i] = v
		if t, ok := v.Type().(*ir.RankedTensorType); ok {
			args[i] = ttg.NewConvertLayout(b, load.Loc(), v, ir.RankedTensor(ctx, t.Dims, t.Elem, enc)).Result(0)
		}
	}
	old := load.Result(0).Type().(*ir.RankedTensorType)
	st := ir.NewState(ctx, "tt.load", load.Loc())
	st.Operands = args
	st.Types = []ir.Type{ir.RankedTensor(ctx, old.Dims, old.Elem, enc)}
	st.Attrs = load.Attrs()
	newLoad := rw.Create(st)
	rw.ReplaceOp(load, []ir.Value{ttg.NewConvertLayout(b, load.Loc(), newLoad.Result(0), old).Result(0)})
}

// transposeBeforeStore makes an LDS store take the data converted to the
// widened layout and transposed in registers.
func transposeBeforeStore(rw ir.Rewriter, st *ir.Operation, shape []int64, enc *ttg.BlockedEncoding) {
	if st.NumOperands() == 0 {
		return
	}
	ctx := st.Context()
	data := st.Operand(0)
	dt := data.Type().(*ir.RankedTensorType)
	ll, err := amdgpu.InThreadTransposeLayout(shape, enc)
	if err != nil {
		return
	}
	b := rw.B()
	b.SetInsertionPoint(st)
	wide := ttg.NewConvertLayout(b, st.Loc(), data, ir.RankedTensor(ctx, dt.Dims, dt.Elem, enc)).Result(0)
	tr := b.CreateOp("amdg.in_thread_transpose", st.Loc(), []ir.Value{wide},
		[]ir.Type{ir.RankedTensor(ctx, dt.Dims, dt.Elem, ttg.NewLinearFromLL(ctx, ll))}).Result(0)
	rw.ModifyInPlace(st, func() { st.SetOperand(0, tr) })
}

// rotatingSharedFor is the LDS layout of a transposed operand: the
// swizzle the operand would get stored K-contiguously, as an
// amd_rotating_shared layout.
func rotatingSharedFor(ctx *ir.Context, t *ir.RankedTensorType) *ttg.AMDRotatingSharedEncoding {
	dotEnc := t.Encoding.(*ttg.DotOperandEncoding)
	order := []int{1, 0}
	if dotEnc.OpIdx == 1 {
		order = []int{0, 1}
	}
	cga := ttg.CGAOf(dotEnc, t.Rank())
	sw := ttg.SwizzledForDotOperand(ctx, dotEnc, t.Dims, order, cga, ir.BitWidth(t.Elem), false)
	return ttg.NewAMDRotatingShared(ctx, sw.Vec, sw.PerPhase, sw.MaxPhase, order, cga)
}

// reachableSMemOps walks the LDS data flow from a local_load, breadth
// first, through allocations, stores, memdesc_index views, deallocations
// and control flow. Direct-to-LDS copies, and data flow leaving through a
// function return or unknown control flow, fail the search.
func reachableSMemOps(root *ir.Operation) (*smemChain, bool) {
	chain := &smemChain{}
	visited := map[*ir.Operation]bool{}
	inChain := map[*ir.Operation]bool{}
	fwdSeen, bwdSeen := map[ir.Value]bool{}, map[ir.Value]bool{}
	step := []*ir.Operation{root}
	for len(step) > 0 {
		var next []*ir.Operation
		for _, c := range step {
			if visited[c] {
				continue
			}
			visited[c] = true
			var in, out ir.Value
			switch c.Name() {
			case "ttg.local_alloc":
				if !inChain[c] {
					inChain[c] = true
					chain.allocStores = append(chain.allocStores, c)
				}
				out = c.Result(0)
			case "ttg.local_store":
				if !inChain[c] {
					inChain[c] = true
					chain.allocStores = append(chain.allocStores, c)
				}
				in = c.Operand(1)
			case "ttg.memdesc_index":
				in, out = c.Operand(0), c.Result(0)
			case "ttg.local_load", "ttg.local_dealloc":
				in = c.Operand(0)
			default:
				// Direct-to-LDS copies (async_copy_global_to_local,
				// buffer_load_to_local) write LDS without a register tile to
				// transpose; anything else is not LDS data flow.
				return nil, false
			}
			if in != nil {
				defs, ok := cfValueDefs(in, bwdSeen)
				if !ok {
					return nil, false
				}
				for _, d := range defs {
					chain.memVals = append(chain.memVals, d)
					if o := d.DefiningOp(); o != nil && (o.Name() == "ttg.memdesc_index" || o.Name() == "ttg.local_alloc") {
						next = append(next, o)
					}
				}
			}
			if out != nil {
				users, cf, ok := cfValueUses(out, fwdSeen)
				if !ok {
					return nil, false
				}
				chain.memVals = append(chain.memVals, cf...)
				next = append(next, users...)
			}
		}
		step = next
	}
	return chain, true
}

// isSCF reports the ops of the scf dialect.
func isSCF(op *ir.Operation) bool { return strings.HasPrefix(op.Name(), "scf.") }

// cfValueDefs follows v back through control flow (loop-carried values,
// if and while results) to the values that define it; the control flow
// values passed through are included. It fails at function arguments and
// unknown control flow.
func cfValueDefs(v ir.Value, seen map[ir.Value]bool) ([]ir.Value, bool) {
	if seen[v] {
		return nil, true
	}
	seen[v] = true
	follow := func(vals ...ir.Value) ([]ir.Value, bool) {
		var out []ir.Value
		for _, x := range vals {
			d, ok := cfValueDefs(x, seen)
			if !ok {
				return nil, false
			}
			out = append(out, d...)
		}
		return append(out, v), true
	}
	if d := v.DefiningOp(); d != nil {
		if !isSCF(d) || d.NumRegions() == 0 {
			return []ir.Value{v}, true
		}
		idx := resultIndex(d, v)
		var vals []ir.Value
		ir.WalkOps(d, func(y *ir.Operation) {
			if y.Name() == "scf.yield" && y.ParentOp() == d && idx < y.NumOperands() {
				vals = append(vals, y.Operand(idx))
			}
		})
		return follow(vals...)
	}
	arg, ok := v.(*ir.BlockArgument)
	if !ok {
		return nil, false
	}
	parent := arg.Owner().ParentOp()
	if parent == nil {
		return nil, false
	}
	idx := arg.Index()
	switch parent.Name() {
	case "scf.for":
		f := scf.ForOp{Operation: parent}
		if idx == 0 {
			return follow(f.LowerBound())
		}
		return follow(f.YieldedValues()[idx-1], f.Inits()[idx-1])
	case "scf.if":
		ifOp := scf.IfOp{Operation: parent}
		var vals []ir.Value
		if y := ifOp.ThenYield(); y != nil && idx < y.NumOperands() {
			vals = append(vals, y.Operand(idx))
		}
		if y := ifOp.ElseYield(); y != nil && idx < y.NumOperands() {
			vals = append(vals, y.Operand(idx))
		}
		return follow(vals...)
	case "scf.while":
		w := scf.WhileOp{Operation: parent}
		return follow(w.Yield().Operand(idx), w.Inits()[idx])
	}
	return nil, false
}

func resultIndex(op *ir.Operation, v ir.Value) int {
	for i, r := range op.Results() {
		if r == v {
			return i
		}
	}
	return -1
}

// cfValueUses collects the non-control-flow users of v, following v into
// and out of loops, ifs and whiles; the control flow values it passes
// through are returned too. A use by a function return or by control flow
// it does not know fails the search.
func cfValueUses(v ir.Value, seen map[ir.Value]bool) ([]*ir.Operation, []ir.Value, bool) {
	if seen[v] {
		return nil, nil, true
	}
	seen[v] = true
	var ops []*ir.Operation
	var cf []ir.Value
	follow := func(x ir.Value) bool {
		o, c, ok := cfValueUses(x, seen)
		if !ok {
			return false
		}
		ops = append(ops, o...)
		cf = append(cf, x)
		cf = append(cf, c...)
		return true
	}
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		user := u.Owner()
		idx := u.Index()
		switch user.Name() {
		case "tt.return":
			return nil, nil, false
		case "scf.yield":
			parent := user.ParentOp()
			if parent.Name() == "scf.for" || parent.Name() == "scf.if" {
				if !follow(parent.Result(idx)) {
					return nil, nil, false
				}
			}
			switch parent.Name() {
			case "scf.for":
				if !follow(scf.ForOp{Operation: parent}.Body().Argument(idx + 1)) {
					return nil, nil, false
				}
			case "scf.while":
				if !follow(scf.WhileOp{Operation: parent}.Before().Argument(idx)) {
					return nil, nil, false
				}
			case "scf.if":
			default:
				return nil, nil, false
			}
		case "scf.for":
			if !follow(scf.ForOp{Operation: user}.Body().Argument(idx - 3 + 1)) {
				return nil, nil, false
			}
		case "scf.while":
			if !follow(scf.WhileOp{Operation: user}.Before().Argument(idx)) {
				return nil, nil, false
			}
		case "scf.condition":
			w := user.ParentOp()
			if w.Name() != "scf.while" {
				return nil, nil, false
			}
			if !follow(scf.WhileOp{Operation: w}.After().Argument(idx-1)) || !follow(w.Result(idx-1)) {
				return nil, nil, false
			}
		default:
			if isSCF(user) {
				return nil, nil, false
			}
			ops = append(ops, user)
		}
	}
	return ops, cf, true
}
