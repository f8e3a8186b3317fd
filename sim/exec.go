package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
)

// instr is one compiled op of a function: its step function and the
// register slots it reads and writes, with what the op's implementation
// precomputed from its types and attributes.
type instr struct {
	op   *ir.Operation
	kind instrKind
	// step runs a kindStep instr on a thread (its registers are th.regs).
	step func(th *thread, in *instr) error
	// coll is the collective a kindCollective instr joins.
	coll *collective
	// blk is how a kindBlock instr holds its thread.
	blk *blocking
	// a, b, c are the first operands' slots, d the first result's (-1
	// where absent); args and res list every operand and result slot.
	a, b, c, d int32
	args, res  []int32
	// w is the bit width of the first operand, mask the mask of the first
	// result's width.
	w    int
	mask uint64
	// aux is what an implementation keeps for its step (successors of a
	// branch, the callee of a call, a conversion's types).
	aux any
}

type instrKind uint8

const (
	kindStep instrKind = iota
	kindCollective
	kindBr
	kindCondBr
	kindReturn
	kindCall
	// kindBlock holds its thread until a condition other threads bring
	// about holds (an mbarrier phase, a named barrier).
	kindBlock
)

// blocking is what a kindBlock op does: arrive (optional) runs once when
// the thread reaches the op; ready reports whether the thread may go on,
// and is asked again by the scheduler after other threads ran; stuck
// says what the thread waits for when no thread can make progress.
type blocking struct {
	arrive func(th *thread, in *instr) error
	ready  func(th *thread, in *instr) (bool, error)
	stuck  func(th *thread, in *instr) string
}

// opImpl compiles one op into in: it sets in.step (or in.coll, or a
// control kind) and whatever the step needs. in arrives with op, the
// operand and result slots and widths filled in. An error is reported at
// the op's location when the op would execute.
type opImpl func(c *compiler, in *instr) error

// table maps op definitions to their implementations; exec_*.go files add
// theirs with define from their init functions.
var table = map[*ir.OpDef]opImpl{}

// define registers impl for the ops defs.
func define(impl opImpl, defs ...*ir.OpDef) {
	for _, d := range defs {
		if _, dup := table[d]; dup {
			panic("sim: op " + d.Name + " defined twice")
		}
		table[d] = impl
	}
}

// function is a compiled llvm.func.
type function struct {
	op     *ir.Operation
	name   string
	blocks []*block
	// template is the register file a new frame starts from: zeros, and
	// the values of the function's constants.
	template []uint64
	params   []int32
	// pendingSlots are the registers that may hold a wgmma accumulator
	// in flight (wgmma_pending.go).
	pendingSlots []int32
}

// block is a compiled basic block.
type block struct {
	args []int32
	code []instr
}

// compiler compiles the functions of a Program.
type compiler struct {
	prog  *Program
	fn    *function
	slots map[ir.Value]int32
	// blocks maps the IR's blocks to compiled ones.
	blocks map[*ir.Block]*block
	// pending are the values that may hold a wgmma accumulator in flight.
	pending map[ir.Value]bool
}

// slot returns the register slot of a value of the function.
func (c *compiler) slot(v ir.Value) int32 { return c.slots[v] }

// constant records that slot holds v in every frame.
func (c *compiler) constant(slot int32, v uint64) { c.fn.template[slot] = v }

// function compiles fn (an llvm.func with a body) and the functions it
// calls, once each.
func (p *Program) function(fn *ir.Operation) (*function, error) {
	if f, ok := p.funcs[fn]; ok {
		return f, nil
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, ir.OpErrorf(fn, "@%s has no body to execute", ir.SymbolName(fn))
	}
	f := &function{op: fn, name: ir.SymbolName(fn)}
	p.funcs[fn] = f
	c := &compiler{prog: p, fn: f, slots: map[ir.Value]int32{}, blocks: map[*ir.Block]*block{}}
	n := int32(0)
	number := func(v ir.Value) {
		c.slots[v] = n
		n++
	}
	for _, b := range fn.Region(0).Blocks() {
		cb := &block{}
		c.blocks[b] = cb
		f.blocks = append(f.blocks, cb)
		for _, a := range b.Arguments() {
			cb.args = append(cb.args, n)
			number(a)
		}
		for op := b.First(); op != nil; op = op.Next() {
			for _, r := range op.Results() {
				number(r)
			}
		}
	}
	f.template = make([]uint64, n)
	f.params = f.blocks[0].args
	c.pending = pendingValues(fn)
	f.pendingSlots = c.pendingSlots(c.pending)
	for _, b := range fn.Region(0).Blocks() {
		if t := b.Last(); t == nil || !t.Has(ir.Terminator) {
			return nil, ir.OpErrorf(fn, "a block of @%s does not end in a terminator", f.name)
		}
		cb := c.blocks[b]
		for op := b.First(); op != nil; op = op.Next() {
			if g := c.pendingGuard(op); g != nil {
				cb.code = append(cb.code, *g)
			}
			in, err := c.compile(op)
			if err != nil {
				return nil, err
			}
			if in != nil {
				cb.code = append(cb.code, *in)
			}
		}
	}
	return f, nil
}

// compile makes the instr of one op, or nil for an op that needs no
// execution (a constant, folded into the register template).
func (c *compiler) compile(op *ir.Operation) (*instr, error) {
	in := &instr{op: op, a: -1, b: -1, c: -1, d: -1}
	for _, v := range op.Operands() {
		in.args = append(in.args, c.slot(v))
	}
	for _, r := range op.Results() {
		in.res = append(in.res, c.slot(r))
	}
	for i, s := range in.args {
		switch i {
		case 0:
			in.a = s
		case 1:
			in.b = s
		case 2:
			in.c = s
		}
	}
	if len(in.res) > 0 {
		in.d = in.res[0]
		in.mask = maskOf(op.Result(0).Type())
	}
	if op.NumOperands() > 0 {
		in.w = bitWidth(op.Operand(0).Type())
	}
	impl, ok := table[op.Def()]
	if !ok || op.NumRegions() > 0 {
		return unsupported(in, fmt.Errorf("%s is not simulated", op.Name())), nil
	}
	if err := impl(c, in); err != nil {
		return unsupported(in, err), nil
	}
	if in.kind == kindStep && in.step == nil {
		return nil, nil // folded into the template
	}
	return in, nil
}

// unsupported makes in fail with err when it executes: a kernel may hold
// ops the simulator cannot run on paths it never takes.
func unsupported(in *instr, err error) *instr {
	in.kind = kindStep
	in.step = func(*thread, *instr) error { return err }
	return in
}
