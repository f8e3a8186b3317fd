package axisinfo

import (
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Module is the result of the analysis over a module (Triton's
// ModuleAxisInfoAnalysis): the Info of every value of every function.
// Functions are solved callers first; what the callers pass to a callee's
// scalar arguments is folded into the callee's tt.contiguity /
// tt.divisibility / tt.constancy argument attributes before the callee is
// solved (as Triton does, so the IR is updated for functions with calls).
type Module struct {
	infos infoTable
}

// Analyze runs the analysis on module. Extra visitors are tried before the
// built-in transfer functions (Triton's visitor callback). The solver
// marks the ops of the function it solves (ir.OpMarks), so two analyses of
// one module must not run at once on two goroutines (as passes that change
// it must not).
func Analyze(module *ir.Operation, extra ...Visitor) *Module {
	m := &Module{}
	funcs, calls := callerFirstOrder(module)
	for _, fn := range funcs {
		res := newSolver(fn, extra).run()
		if m.infos.len() == 0 {
			// The first function's table becomes the module's, holding
			// what joining into an empty table would: Join(i, Info{}).
			for k, i := range res.infos {
				if i.Rank() == 0 {
					res.infos[k] = Info{}
				}
			}
			m.infos = res
		} else {
			res.each(func(v ir.Value, k int32) {
				cur, _ := m.infos.get(v)
				m.infos.set(v, Join(res.infos[k], cur))
			})
		}
		for _, c := range calls[fn] {
			m.updateCallee(c.op, c.callee)
		}
	}
	return m
}

// Info returns the Info of v and whether the analysis covered it.
func (m *Module) Info(v ir.Value) (Info, bool) {
	return m.infos.get(v)
}

// isCall reports whether op calls a function symbol.
func isCall(op *ir.Operation) bool { return op.Name() == "tt.call" || op.Name() == "func.call" }

// resolveCallee returns the function op called by op, or nil.
func resolveCallee(op *ir.Operation) *ir.Operation {
	if !isCall(op) {
		return nil
	}
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	callee := ir.LookupSymbol(op, ref)
	if callee == nil || !isFunction(callee) {
		return nil
	}
	return callee
}

// call is a call op and the function it calls.
type call struct{ op, callee *ir.Operation }

// callerFirstOrder lists the functions of module so that every function
// comes after all its callers: the reverse of a post-order walk of the
// call graph from the functions nobody calls (recursion is not expected;
// a cycle is broken where it is found). It also returns the calls in each
// function, in walk order: solving a function and updating its callees'
// hints changes no op or symbol, so Analyze need not look for them again.
func callerFirstOrder(module *ir.Operation) ([]*ir.Operation, map[*ir.Operation][]call) {
	var funcs []*ir.Operation
	called := map[*ir.Operation]bool{}
	calls := map[*ir.Operation][]call{}
	for _, r := range module.Regions() {
		for _, b := range r.Blocks() {
			for op := b.First(); op != nil; op = op.Next() {
				if isFunction(op) {
					funcs = append(funcs, op)
				}
			}
		}
	}
	for _, fn := range funcs {
		ir.WalkNested(fn, func(op *ir.Operation) {
			if c := resolveCallee(op); c != nil {
				calls[fn] = append(calls[fn], call{op: op, callee: c})
				called[c] = true
			}
		})
	}
	var post []*ir.Operation
	state := map[*ir.Operation]int{} // 1 visiting, 2 done
	var visit func(fn *ir.Operation)
	visit = func(fn *ir.Operation) {
		if state[fn] != 0 {
			return
		}
		state[fn] = 1
		for _, c := range calls[fn] {
			visit(c.callee)
		}
		state[fn] = 2
		post = append(post, fn)
	}
	for _, fn := range funcs {
		if !called[fn] {
			visit(fn)
		}
	}
	for _, fn := range funcs {
		visit(fn)
	}
	out := make([]*ir.Operation, len(post))
	for i, fn := range post {
		out[len(post)-1-i] = fn
	}
	return out, calls
}

// updateCallee folds the Infos of call's scalar operands into the callee's
// argument hints (gcd with what earlier callers passed).
func (m *Module) updateCallee(call, callee *ir.Operation) {
	ctx := callee.Context()
	nargs := len(function.FunctionType(callee).Inputs)
	for i, v := range call.Operands() {
		if i >= nargs {
			break
		}
		info, ok := m.infos.get(v)
		if !ok || info.Rank() != 1 {
			// Only scalars are forwarded.
			continue
		}
		set := func(name string, val int64) {
			cur := MaxDivisor
			if a, ok := funcArgAttr(callee, i, name).(*ir.IntegerAttr); ok {
				cur = a.Int()
			}
			function.SetArgAttr(callee, i, name, ir.IntegerAttrOf(ctx, ir.I64(ctx), gcd(val, cur)))
		}
		set(AttrContiguity, info.Contiguity[0])
		set(AttrDivisibility, info.Divisibility[0])
		set(AttrConstancy, info.Constancy[0])
	}
}

// elemBits returns the bit width of the elements a tensor (of pointers)
// holds or addresses.
func elemBits(t *ir.RankedTensorType) int {
	e := t.Elem
	if p, ok := e.(*tt.PointerType); ok {
		e = p.Pointee
	}
	return ir.BitWidth(e)
}

// Contiguity is the number of elements of v (a tensor of pointers or of
// offsets) that one thread can access contiguously: its contiguous
// registers along the fastest dimension of its layout, bounded by the
// alignment (Triton's getContiguity).
func (m *Module) Contiguity(v ir.Value) int {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return 1
	}
	return m.ContiguityBits(v, elemBits(t))
}

// ContiguityBits is Contiguity with an explicit element width (for offsets
// added to a separate base pointer).
func (m *Module) ContiguityBits(v ir.Value, elemBits int) int {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return 1
	}
	order, contig, ok := layoutOrderAndContig(t)
	if !ok {
		return 1
	}
	return min(m.AlignmentBits(v, elemBits), contig[order[0]])
}

// Alignment is how many elements of v's fastest dimension (in its layout)
// are both contiguous and aligned to their size (Triton's getAlignment).
func (m *Module) Alignment(v ir.Value) int {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return 1
	}
	return m.AlignmentBits(v, elemBits(t))
}

// AlignmentBits is Alignment with an explicit element width.
func (m *Module) AlignmentBits(v ir.Value, elemBits int) int {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return 1
	}
	info, ok := m.infos.get(v)
	if !ok || info.Rank() != t.Rank() {
		return 1
	}
	order, _, ok := layoutOrderAndContig(t)
	if !ok {
		return 1
	}
	div := info.Divisibility[order[0]]
	maxMultiple := div
	if _, isPtr := t.Elem.(*tt.PointerType); isPtr {
		maxMultiple = max(div/int64(max(elemBits/8, 1)), 1)
	}
	return int(min(maxMultiple, info.Contiguity[order[0]]))
}

// MaskAlignment is the constancy of a mask along the fastest dimension of
// its layout: how many consecutive elements share one predicate.
func (m *Module) MaskAlignment(mask ir.Value) int {
	t, ok := mask.Type().(*ir.RankedTensorType)
	if !ok {
		return 1
	}
	info, ok := m.infos.get(mask)
	if !ok || info.Rank() != t.Rank() {
		return 1
	}
	order, _, ok := layoutOrderAndContig(t)
	if !ok {
		return 1
	}
	return int(max(info.Constancy[order[0]], 1))
}

// layoutOrderAndContig returns the order of t's layout as Triton's
// LinearEncodingAttr sees it (dims by the order its registers walk them)
// and the contiguous elements per thread in each dim.
func layoutOrderAndContig(t *ir.RankedTensorType) ([]int, []int, bool) {
	ll, err := ttg.TypeLinearLayout(t)
	if err != nil || t.Encoding == nil {
		return nil, nil, false
	}
	regs := [][]int32(nil)
	if ll.HasInDim("register") {
		regs = ll.DimBases("register")
	}
	rank := t.Rank()
	order := make([]int, 0, rank)
	seen := make([]bool, rank)
	for _, b := range regs {
		for d, x := range b {
			if x != 0 {
				if d < rank && !seen[d] {
					seen[d] = true
					order = append(order, d)
				}
				break
			}
		}
	}
	for d := rank - 1; d >= 0; d-- {
		if !seen[d] {
			order = append(order, d)
		}
	}
	contig := make([]int, rank)
	for d := range contig {
		contig[d] = 1
	}
	k := 0
	for _, d := range order {
		want := int32(contig[d])
		for k < len(regs) && isUnitBasis(regs[k], d, want) {
			contig[d] *= 2
			want *= 2
			k++
		}
	}
	return order, contig, true
}

func isUnitBasis(b []int32, dim int, v int32) bool {
	for d, x := range b {
		if (d == dim && x != v) || (d != dim && x != 0) {
			return false
		}
	}
	return true
}
