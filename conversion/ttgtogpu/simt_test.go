package ttgtogpu_test

// A SIMT simulator of the per-thread IR the conversion produces: every
// thread of a CTA runs the llvm.func in its own goroutine; gpu.barrier
// waits for the block and gpu.shuffle for the warp. It exists to check the
// lowering against the tt interpreter without a GPU: same kernel, same
// inputs, same outputs.

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"time"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// simMem is global memory: buffers at distinct base addresses.
type simMem struct {
	mu   sync.Mutex
	bufs [][]byte
}

const simBufStride = 1 << 36

func (m *simMem) alloc(data []byte) uint64 {
	m.bufs = append(m.bufs, data)
	return uint64(len(m.bufs)) * simBufStride
}

func (m *simMem) at(addr uint64, n int) ([]byte, error) {
	i := int(addr/simBufStride) - 1
	off := addr % simBufStride
	if i < 0 || i >= len(m.bufs) || off+uint64(n) > uint64(len(m.bufs[i])) {
		return nil, fmt.Errorf("global access of %d bytes at %#x is out of bounds", n, addr)
	}
	return m.bufs[i][off : off+uint64(n)], nil
}

// cyclic is a reusable barrier for n parties that also exchanges one
// value per party (for shuffles).
type cyclic struct {
	mu    sync.Mutex
	cond  *sync.Cond
	n     int
	count int
	gen   int
	vals  []uint64
	snap  []uint64
}

func newCyclic(n int) *cyclic {
	c := &cyclic{n: n, vals: make([]uint64, n), snap: make([]uint64, n)}
	c.cond = sync.NewCond(&c.mu)
	return c
}

// arrive deposits v for party i, waits for all parties and returns the
// values of this round.
func (c *cyclic) arrive(i int, v uint64) []uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.vals[i] = v
	c.count++
	g := c.gen
	if c.count == c.n {
		copy(c.snap, c.vals)
		c.count = 0
		c.gen++
		c.cond.Broadcast()
		return c.snap
	}
	for c.gen == g {
		c.cond.Wait()
	}
	return c.snap
}

// simBlock is one CTA.
type simBlock struct {
	mem     *simMem
	shared  []byte
	smemMu  sync.Mutex
	barrier *cyclic
	warps   []*cyclic
	bid     [3]uint64
	grid    [3]uint64
	nT      int
	lanes   int // threads per warp (32, or 64 for AMD wavefronts)
}

type simThread struct {
	b    *simBlock
	tid  int
	vals map[ir.Value]uint64
}

// simulate launches fn (an llvm.func kernel) over grid with the given
// parameter bit patterns, in warps of the module's ttg.threads-per-warp.
func simulate(module, fn *ir.Operation, mem *simMem, grid [3]int, args []uint64) error {
	numWarps := ttg.NumWarps(module)
	lanes := ttg.ThreadsPerWarp(module)
	nT := lanes * numWarps
	shared := ttg.SharedBytes(module)
	for z := 0; z < grid[2]; z++ {
		for y := 0; y < grid[1]; y++ {
			for x := 0; x < grid[0]; x++ {
				b := &simBlock{mem: mem, shared: make([]byte, shared+16), barrier: newCyclic(nT), nT: nT, lanes: lanes,
					bid: [3]uint64{uint64(x), uint64(y), uint64(z)}, grid: [3]uint64{uint64(grid[0]), uint64(grid[1]), uint64(grid[2])}}
				for w := 0; w < numWarps; w++ {
					b.warps = append(b.warps, newCyclic(lanes))
				}
				errs := make([]error, nT)
				var wg sync.WaitGroup
				for t := 0; t < nT; t++ {
					wg.Add(1)
					go func(t int) {
						defer wg.Done()
						th := &simThread{b: b, tid: t, vals: map[ir.Value]uint64{}}
						errs[t] = th.run(fn, args)
					}(t)
				}
				done := make(chan struct{})
				go func() { wg.Wait(); close(done) }()
				select {
				case <-done:
				case <-time.After(60 * time.Second):
					return fmt.Errorf("block (%d,%d,%d) deadlocked", x, y, z)
				}
				for t, err := range errs {
					if err != nil {
						return fmt.Errorf("block (%d,%d,%d) thread %d: %w", x, y, z, t, err)
					}
				}
			}
		}
	}
	return nil
}

func (th *simThread) run(fn *ir.Operation, args []uint64) error {
	_, err := th.call(fn, args)
	return err
}

// call runs fn in a frame of its own and returns what it returns.
func (th *simThread) call(fn *ir.Operation, args []uint64) ([]uint64, error) {
	frame := &simThread{b: th.b, tid: th.tid, vals: map[ir.Value]uint64{}}
	return frame.body(fn, args)
}

func (th *simThread) body(fn *ir.Operation, args []uint64) ([]uint64, error) {
	entry := fn.Region(0).Front()
	if entry.NumArguments() != len(args) {
		return nil, fmt.Errorf("@%s takes %d arguments, got %d", ir.SymbolName(fn), entry.NumArguments(), len(args))
	}
	for i, a := range entry.Arguments() {
		th.vals[a] = args[i]
	}
	b := entry
	for {
		var next *ir.Block
		var nextArgs []uint64
		for op := b.First(); op != nil; op = op.Next() {
			switch op.Name() {
			case "llvm.return":
				return th.get(op.Operands()), nil
			case "llvm.br":
				next, nextArgs = op.Successor(0), th.get(op.Operands())
			case "llvm.cond_br":
				segs := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr).Ints
				ops := op.Operands()
				nt := int(segs[1])
				if th.vals[ops[0]]&1 != 0 {
					next, nextArgs = op.Successor(0), th.get(ops[1:1+nt])
				} else {
					next, nextArgs = op.Successor(1), th.get(ops[1+nt:])
				}
			default:
				if err := th.exec(op); err != nil {
					return nil, fmt.Errorf("%s: %w", ir.LocString(op.Loc()), err)
				}
				continue
			}
			break
		}
		if next == nil {
			return nil, fmt.Errorf("block without terminator")
		}
		for i, a := range next.Arguments() {
			th.vals[a] = nextArgs[i]
		}
		b = next
	}
}

func (th *simThread) get(vs []ir.Value) []uint64 {
	out := make([]uint64, len(vs))
	for i, v := range vs {
		out[i] = th.vals[v]
	}
	return out
}

func width(t ir.Type) int {
	switch t := t.(type) {
	case *llvm.PointerType:
		return 64
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	}
	return 64
}

func fkind(t ir.Type) ir.FloatKind {
	if ft, ok := t.(*ir.FloatType); ok {
		return ft.Kind
	}
	return ir.F4E2M1FN // never a register type here
}

// toF64 / fromF64 convert float bit patterns of type t.
func toF64(t ir.Type, b uint64) float64 {
	switch fkind(t) {
	case ir.F16:
		return float64(numeric.F16ToFloat32(uint16(b)))
	case ir.BF16:
		return float64(numeric.BF16ToFloat32(uint16(b)))
	case ir.F32:
		return float64(math.Float32frombits(uint32(b)))
	case ir.F64:
		return math.Float64frombits(b)
	}
	panic(fmt.Sprintf("simt: not a float type %v", t))
}

// fromF64RZ converts a non-NaN v to t rounding toward zero (a finite
// value too large for t gives t's largest finite value).
func fromF64RZ(t ir.Type, v float64) uint64 {
	switch fkind(t) {
	case ir.F16:
		return uint64(numeric.F16FromFloat64(v, numeric.RTZ))
	case ir.BF16:
		return uint64(numeric.BF16FromFloat64(v, numeric.RTZ))
	case ir.F32:
		f := float32(v)
		if !math.IsInf(v, 0) && math.Abs(float64(f)) > math.Abs(v) {
			f = math.Nextafter32(f, 0)
		}
		return uint64(math.Float32bits(f))
	}
	return fromF64(t, v)
}

func fromF64(t ir.Type, v float64) uint64 {
	switch fkind(t) {
	case ir.F16, ir.BF16:
		if math.IsNaN(v) {
			return 0x7fff // the GPU's conversions give the canonical NaN
		}
	}
	switch fkind(t) {
	case ir.F16:
		return uint64(numeric.F16FromFloat64(v, numeric.RNE))
	case ir.BF16:
		return uint64(numeric.BF16FromFloat64(v, numeric.RNE))
	case ir.F32:
		return uint64(math.Float32bits(float32(v)))
	case ir.F64:
		return math.Float64bits(v)
	}
	panic(fmt.Sprintf("simt: not a float type %v", t))
}

// f32op applies a float op in the precision of t (f32 ops round to f32).
func f32op(t ir.Type, f func(a ...float64) float64, in ...uint64) uint64 {
	xs := make([]float64, len(in))
	for i, b := range in {
		xs[i] = toF64(t, b)
	}
	r := f(xs...)
	if fkind(t) == ir.F32 {
		return uint64(math.Float32bits(float32(r)))
	}
	return fromF64(t, r)
}

func (th *simThread) set(op *ir.Operation, v uint64) {
	th.vals[op.Result(0)] = v & numeric.Mask(width(op.Result(0).Type()))
}

func (th *simThread) exec(op *ir.Operation) error {
	ops := th.get(op.Operands())
	var t ir.Type
	if op.NumResults() > 0 {
		t = op.Result(0).Type()
	}
	var at ir.Type
	if op.NumOperands() > 0 {
		at = op.Operand(0).Type()
	}
	w := width(at)
	name := op.Name()
	switch name {
	case "llvm.mlir.constant":
		switch a := op.Attr("value").(type) {
		case *ir.IntegerAttr:
			th.set(op, a.Bits)
		case *ir.FloatAttr:
			th.set(op, fromF64(t, a.Value))
		default:
			return fmt.Errorf("unsupported constant")
		}
	case "llvm.mlir.zero", "llvm.mlir.poison", "llvm.mlir.undef":
		th.set(op, 0)
	case "llvm.add":
		th.set(op, numeric.AddI(ops[0], ops[1], w))
	case "llvm.sub":
		th.set(op, numeric.SubI(ops[0], ops[1], w))
	case "llvm.mul":
		th.set(op, numeric.MulI(ops[0], ops[1], w))
	case "llvm.and":
		th.set(op, ops[0]&ops[1])
	case "llvm.or":
		th.set(op, ops[0]|ops[1])
	case "llvm.xor":
		th.set(op, ops[0]^ops[1])
	case "llvm.shl":
		th.set(op, numeric.ShLI(ops[0], ops[1], w))
	case "llvm.lshr":
		th.set(op, numeric.ShRUI(ops[0], ops[1], w))
	case "llvm.ashr":
		th.set(op, numeric.ShRSI(ops[0], ops[1], w))
	case "llvm.sdiv":
		th.set(op, numeric.DivSI(ops[0], ops[1], w))
	case "llvm.udiv":
		th.set(op, numeric.DivUI(ops[0], ops[1], w))
	case "llvm.srem":
		th.set(op, numeric.RemSI(ops[0], ops[1], w))
	case "llvm.urem":
		th.set(op, numeric.RemUI(ops[0], ops[1], w))
	case "llvm.intr.smax":
		th.set(op, numeric.MaxSI(ops[0], ops[1], w))
	case "llvm.intr.smin":
		th.set(op, numeric.MinSI(ops[0], ops[1], w))
	case "llvm.intr.umax":
		th.set(op, numeric.MaxUI(ops[0], ops[1], w))
	case "llvm.intr.umin":
		th.set(op, numeric.MinUI(ops[0], ops[1], w))
	case "llvm.intr.ctpop":
		th.set(op, uint64(bits.OnesCount64(ops[0])))
	case "llvm.icmp":
		p := llvm.ICmpPredicate(op.Attr("predicate").(*ir.IntegerAttr).Int())
		a, b := ops[0], ops[1]
		sa, sb := numeric.Int64(a, w), numeric.Int64(b, w)
		var r bool
		switch p {
		case llvm.ICmpEQ:
			r = a == b
		case llvm.ICmpNE:
			r = a != b
		case llvm.ICmpSLT:
			r = sa < sb
		case llvm.ICmpSLE:
			r = sa <= sb
		case llvm.ICmpSGT:
			r = sa > sb
		case llvm.ICmpSGE:
			r = sa >= sb
		case llvm.ICmpULT:
			r = a < b
		case llvm.ICmpULE:
			r = a <= b
		case llvm.ICmpUGT:
			r = a > b
		case llvm.ICmpUGE:
			r = a >= b
		}
		th.set(op, b2u(r))
	case "llvm.fcmp":
		p := llvm.FCmpPredicate(op.Attr("predicate").(*ir.IntegerAttr).Int())
		a, b := toF64(at, ops[0]), toF64(at, ops[1])
		uno := math.IsNaN(a) || math.IsNaN(b)
		var r bool
		switch p {
		case llvm.FCmpFalse:
		case llvm.FCmpOEQ:
			r = !uno && a == b
		case llvm.FCmpOGT:
			r = !uno && a > b
		case llvm.FCmpOGE:
			r = !uno && a >= b
		case llvm.FCmpOLT:
			r = !uno && a < b
		case llvm.FCmpOLE:
			r = !uno && a <= b
		case llvm.FCmpONE:
			r = !uno && a != b
		case llvm.FCmpORD:
			r = !uno
		case llvm.FCmpUEQ:
			r = uno || a == b
		case llvm.FCmpUGT:
			r = uno || a > b
		case llvm.FCmpUGE:
			r = uno || a >= b
		case llvm.FCmpULT:
			r = uno || a < b
		case llvm.FCmpULE:
			r = uno || a <= b
		case llvm.FCmpUNE:
			r = uno || a != b
		case llvm.FCmpUNO:
			r = uno
		case llvm.FCmpTrue:
			r = true
		}
		th.set(op, b2u(r))
	case "llvm.select":
		if ops[0]&1 != 0 {
			th.set(op, ops[1])
		} else {
			th.set(op, ops[2])
		}
	case "llvm.fadd":
		th.set(op, f32op(t, func(x ...float64) float64 { return x[0] + x[1] }, ops...))
	case "llvm.fsub":
		th.set(op, f32op(t, func(x ...float64) float64 { return x[0] - x[1] }, ops...))
	case "llvm.fmul":
		th.set(op, f32op(t, func(x ...float64) float64 { return x[0] * x[1] }, ops...))
	case "llvm.fdiv", "gpu.div_full", "gpu.div_approx":
		th.set(op, f32op(t, func(x ...float64) float64 { return x[0] / x[1] }, ops...))
	case "llvm.fneg":
		th.set(op, ops[0]^(1<<(width(t)-1)))
	case "llvm.intr.fabs":
		th.set(op, ops[0]&^(1<<(width(t)-1)))
	case "llvm.intr.fma":
		th.set(op, f32op(t, func(x ...float64) float64 { return math.FMA(x[0], x[1], x[2]) }, ops...))
	case "gpu.min_xorsign_abs":
		sign := uint64(1) << (width(t) - 1)
		a, b := toF64(t, ops[0]&^sign), toF64(t, ops[1]&^sign)
		if gpu.NaN(op) && (a != a || b != b) {
			th.set(op, sign-1) // PTX's canonical NaN, all ones but the sign
			break
		}
		th.set(op, fromF64(t, numeric.MinNumF64(a, b))|(ops[0]^ops[1])&sign)
	case "llvm.intr.maxnum", "llvm.intr.minnum", "llvm.intr.maximum", "llvm.intr.minimum":
		a, b := toF64(t, ops[0]), toF64(t, ops[1])
		var r float64
		switch name {
		case "llvm.intr.maxnum":
			r = numeric.MaxNumF64(a, b)
		case "llvm.intr.minnum":
			r = numeric.MinNumF64(a, b)
		case "llvm.intr.maximum":
			r = numeric.MaximumF64(a, b)
		default:
			r = numeric.MinimumF64(a, b)
		}
		th.set(op, fromF64(t, r))
	case "llvm.intr.floor", "llvm.intr.ceil", "llvm.intr.trunc", "llvm.intr.round", "llvm.intr.roundeven",
		"llvm.intr.sqrt", "gpu.ex2_approx", "gpu.lg2_approx", "gpu.sqrt_approx", "gpu.rsqrt_approx",
		"gpu.sin_approx", "gpu.cos_approx", "gpu.tanh_approx", "gpu.rcp_approx":
		fns := map[string]func(float64) float64{
			"llvm.intr.floor": math.Floor, "llvm.intr.ceil": math.Ceil, "llvm.intr.trunc": math.Trunc,
			"llvm.intr.round": math.Round, "llvm.intr.roundeven": math.RoundToEven, "llvm.intr.sqrt": math.Sqrt,
			"gpu.ex2_approx": math.Exp2, "gpu.lg2_approx": math.Log2, "gpu.sqrt_approx": math.Sqrt,
			"gpu.rsqrt_approx": func(x float64) float64 { return 1 / math.Sqrt(x) },
			"gpu.sin_approx":   math.Sin, "gpu.cos_approx": math.Cos, "gpu.tanh_approx": math.Tanh,
			"gpu.rcp_approx": func(x float64) float64 { return 1 / x },
		}
		f := fns[name]
		th.set(op, f32op(t, func(x ...float64) float64 { return f(x[0]) }, ops...))
	case "llvm.intr.copysign":
		s := uint64(1) << (width(t) - 1)
		th.set(op, ops[0]&^s|ops[1]&s)
	case "llvm.sext":
		th.set(op, numeric.SExt(ops[0], w))
	case "llvm.zext", "llvm.bitcast", "llvm.ptrtoint", "llvm.inttoptr":
		th.set(op, ops[0])
	case "llvm.trunc":
		th.set(op, ops[0])
	case "llvm.fpext", "llvm.fptrunc":
		th.set(op, fromF64(t, toF64(at, ops[0])))
	case "llvm.sitofp":
		th.set(op, fromF64(t, float64(numeric.Int64(ops[0], w))))
	case "llvm.uitofp":
		th.set(op, fromF64(t, float64(ops[0])))
	case "llvm.fptosi", "llvm.fptoui":
		// PTX cvt.rzi saturates and maps NaN to 0.
		x := math.Trunc(toF64(at, ops[0]))
		rw := width(t)
		lo, hi := -math.Ldexp(1, rw-1), math.Ldexp(1, rw-1)-1
		if name == "llvm.fptoui" {
			lo, hi = 0, math.Ldexp(1, rw)-1
		}
		switch {
		case math.IsNaN(x):
			x = 0
		case x < lo:
			x = lo
		case x > hi:
			x = hi
		}
		if x < 0 {
			th.set(op, uint64(int64(x)))
		} else {
			th.set(op, uint64(x))
		}
	case "llvm.getelementptr":
		raw := op.Attr("rawConstantIndices").(*ir.DenseArrayAttr).Ints
		elem := op.Attr("elem_type").(*ir.TypeAttr).Value
		size := int64(width(elem) / 8)
		idx := raw[0]
		if idx == -(1 << 31) {
			idx = numeric.Int64(ops[1], width(op.Operand(1).Type()))
		}
		th.set(op, ops[0]+uint64(idx*size))
	case "llvm.call":
		// Calls of functions returning at most one register value.
		ref, _ := op.Attr("callee").(*ir.SymbolRefAttr)
		var callee *ir.Operation
		if ref != nil {
			callee = ir.LookupSymbol(op, ref)
		}
		if callee == nil || op.NumResults() > 1 {
			return fmt.Errorf("simt: this llvm.call is not simulated")
		}
		rs, err := th.call(callee, ops)
		if err != nil {
			return err
		}
		if op.NumResults() == 1 {
			th.set(op, rs[0])
		}
	case "llvm.extractvalue", "llvm.insertvalue", "llvm.inline_asm":
		return fmt.Errorf("simt: %s is not simulated", name)
	case "gpu.thread_id":
		th.set(op, uint64(th.tid))
	case "gpu.lane_id":
		th.set(op, uint64(th.tid%th.b.lanes))
	case "gpu.block_id":
		th.set(op, th.b.bid[gpu.DimensionOf(op)])
	case "gpu.grid_dim":
		th.set(op, th.b.grid[gpu.DimensionOf(op)])
	case "gpu.shared_base":
		th.set(op, 0)
	case "gpu.barrier":
		th.b.barrier.arrive(th.tid, 0)
	case "gpu.shuffle":
		// gpu.shuffle's semantics: the warp in segments of width lanes.
		lanes := th.b.lanes
		lane := th.tid % lanes
		off, w := int(ops[1]), int(ops[2])
		if w <= 0 || w > lanes || w&(w-1) != 0 {
			return fmt.Errorf("shuffle width %d on a %d-lane warp", w, lanes)
		}
		all := th.b.warps[th.tid/lanes].arrive(lane, ops[0])
		seg, pos := lane&^(w-1), lane&(w-1)
		src := lane
		switch gpu.ShuffleModeOf(op) {
		case gpu.ShuffleXor:
			if s := lane ^ off; s&^(w-1) == seg {
				src = s
			}
		case gpu.ShuffleUp:
			if pos >= off {
				src = lane - off
			}
		case gpu.ShuffleDown:
			if pos+off < w {
				src = lane + off
			}
		case gpu.ShuffleIdx:
			src = seg + off&(w-1)
		}
		th.set(op, all[src])
	case "gpu.mulhi":
		if op.Attr("unsigned") != nil {
			th.set(op, numeric.MulHiUI(ops[0], ops[1], w))
		} else {
			th.set(op, numeric.MulHiSI(ops[0], ops[1], w))
		}
	case "gpu.cvt":
		v := toF64(at, ops[0])
		switch r := gpu.CvtOptionsOf(op).Rounding; {
		case r == gpu.RoundRZ && !math.IsNaN(v):
			th.set(op, fromF64RZ(t, v))
		case r == gpu.RoundRN, r == gpu.RoundNone, math.IsNaN(v):
			th.set(op, fromF64(t, v))
		default:
			return fmt.Errorf("simt: gpu.cvt rounding %s is not simulated", r)
		}
	case "gpu.load":
		pred := len(ops) < 2 || ops[1]&1 != 0
		if !pred {
			for i, r := range op.Results() {
				v := uint64(0)
				if len(ops) > 2 {
					v = ops[2+i]
				}
				th.vals[r] = v
			}
			return nil
		}
		for i, r := range op.Results() {
			n := width(r.Type()) / 8
			v, err := th.load(op.Operand(0).Type(), ops[0]+uint64(i*n), n)
			if err != nil {
				return err
			}
			th.vals[r] = v
		}
	case "gpu.store":
		vals := ops[1:]
		types := op.OperandTypes()[1:]
		if ir.IsInteger(op.Operand(1).Type(), 1) {
			if ops[1]&1 == 0 {
				return nil
			}
			vals, types = ops[2:], op.OperandTypes()[2:]
		}
		addr := ops[0]
		for i, v := range vals {
			n := width(types[i]) / 8
			if err := th.store(op.Operand(0).Type(), addr, n, v); err != nil {
				return err
			}
			addr += uint64(n)
		}
	case "gpu.atomic_rmw", "gpu.atomic_cas":
		return th.atomic(op, ops)
	case "gpu.printf":
	case "gpu.assert":
		if ops[0]&1 == 0 {
			return fmt.Errorf("device assertion failed: %s", gpu.AssertMessage(op))
		}
	default:
		return fmt.Errorf("simt: unsupported op %s", name)
	}
	return nil
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (th *simThread) bytes(ptrType ir.Type, addr uint64, n int) ([]byte, *sync.Mutex, error) {
	if p, ok := ptrType.(*llvm.PointerType); ok && p.AddrSpace == llvm.SharedAddrSpace {
		if addr+uint64(n) > uint64(len(th.b.shared)) || addr%uint64(n) != 0 {
			return nil, nil, fmt.Errorf("shared access of %d bytes at %d (size %d) is out of bounds or misaligned", n, addr, len(th.b.shared))
		}
		return th.b.shared[addr : addr+uint64(n)], &th.b.smemMu, nil
	}
	if addr%uint64(n) != 0 {
		return nil, nil, fmt.Errorf("misaligned global access of %d bytes at %#x", n, addr)
	}
	b, err := th.b.mem.at(addr, n)
	return b, &th.b.mem.mu, err
}

func (th *simThread) load(pt ir.Type, addr uint64, n int) (uint64, error) {
	b, mu, err := th.bytes(pt, addr, n)
	if err != nil {
		return 0, err
	}
	mu.Lock()
	defer mu.Unlock()
	var buf [8]byte
	copy(buf[:], b)
	return binary.LittleEndian.Uint64(buf[:]), nil
}

func (th *simThread) store(pt ir.Type, addr uint64, n int, v uint64) error {
	b, mu, err := th.bytes(pt, addr, n)
	if err != nil {
		return err
	}
	mu.Lock()
	defer mu.Unlock()
	var buf [8]byte
	binary.LittleEndian.PutUint64(buf[:], v)
	copy(b, buf[:n])
	return nil
}

func (th *simThread) atomic(op *ir.Operation, ops []uint64) error {
	t := op.Result(0).Type()
	n := width(t) / 8
	last := len(ops) - 1
	predIdx := 2
	if op.Name() == "gpu.atomic_cas" {
		predIdx = 3
	}
	if last >= predIdx && ops[predIdx]&1 == 0 {
		th.set(op, 0)
		return nil
	}
	b, mu, err := th.bytes(op.Operand(0).Type(), ops[0], n)
	if err != nil {
		return err
	}
	mu.Lock()
	defer mu.Unlock()
	var buf [8]byte
	copy(buf[:], b)
	old := binary.LittleEndian.Uint64(buf[:])
	var nv uint64
	w := width(t)
	if op.Name() == "gpu.atomic_cas" {
		nv = old
		if old == ops[1] {
			nv = ops[2]
		}
	} else {
		v := ops[1]
		kind := memory.RMWOp(op.Attr("kind").(*ir.IntegerAttr).Int())
		switch kind {
		case memory.RMWAnd:
			nv = old & v
		case memory.RMWOr:
			nv = old | v
		case memory.RMWXor:
			nv = old ^ v
		case memory.RMWAdd:
			nv = numeric.AddI(old, v, w)
		case memory.RMWFAdd:
			nv = f32op(t, func(x ...float64) float64 { return x[0] + x[1] }, old, v)
		case memory.RMWMax:
			nv = numeric.MaxSI(old, v, w)
		case memory.RMWMin:
			nv = numeric.MinSI(old, v, w)
		case memory.RMWUMax:
			nv = numeric.MaxUI(old, v, w)
		case memory.RMWUMin:
			nv = numeric.MinUI(old, v, w)
		case memory.RMWXchg:
			nv = v
		default:
			return fmt.Errorf("simt: atomic kind %v", kind)
		}
	}
	binary.LittleEndian.PutUint64(buf[:], nv)
	copy(b, buf[:n])
	th.set(op, old)
	return nil
}
