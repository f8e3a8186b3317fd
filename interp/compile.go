package interp

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// runFn executes one compiled operation in a program instance.
type runFn func(x *execCtx, in *instr) error

// instr is one compiled operation: its operand and result slots in the
// frame, its compiled regions, and the function that runs it.
type instr struct {
	op      *ir.Operation
	in      []int
	out     []int
	regions []*cregion
	run     runFn
	// term is set for terminators: how control leaves the block.
	term termKind
	// succ are the compiled successor blocks of a branch; succArgs[i] are
	// the operand slots passed to succ[i].
	succ     []*cblock
	succArgs [][]int
}

type termKind uint8

const (
	notTerm    termKind = iota
	termYield           // leaves the region with its operands
	termBranch          // continues in a successor block
)

type cblock struct {
	args   []int
	body   []*instr
	term   *instr // nil for a block without terminator (implicit yield of nothing)
	labels string
}

type cregion struct {
	blocks []*cblock
	// vector reports whether every op in the region is elementwise, so the
	// region can run once on vectors of operand pairs (see reduce.go).
	vector bool
}

// cfunc is a compiled function.
type cfunc struct {
	op     *ir.Operation
	name   string
	nslots int
	body   *cregion
}

// compiler turns one function into closures. Values get frame slots on
// first sight (definition or use: in a CFG a use may be compiled before
// its definition).
type compiler struct {
	prog  *Program
	slots map[ir.Value]int
}

func (c *compiler) slot(v ir.Value) int {
	if s, ok := c.slots[v]; ok {
		return s
	}
	s := len(c.slots)
	c.slots[v] = s
	return s
}

func (c *compiler) slotsOf(vs []ir.Value) []int {
	s := make([]int, len(vs))
	for i, v := range vs {
		s[i] = c.slot(v)
	}
	return s
}

// compileFunc compiles a tt.func (or func.func) body.
func (p *Program) compileFunc(fn *ir.Operation) (*cfunc, error) {
	if cf, ok := p.funcs[fn]; ok {
		return cf, nil
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, ir.OpErrorf(fn, "function @%s has no body to interpret", ir.SymbolName(fn))
	}
	c := &compiler{prog: p, slots: map[ir.Value]int{}}
	cf := &cfunc{op: fn, name: ir.SymbolName(fn)}
	p.funcs[fn] = cf // before the body: recursive calls find it
	body, err := c.compileRegion(fn.Region(0))
	if err != nil {
		delete(p.funcs, fn)
		return nil, err
	}
	cf.body = body
	cf.nslots = len(c.slots)
	return cf, nil
}

func (c *compiler) compileRegion(r *ir.Region) (*cregion, error) {
	cr := &cregion{vector: true}
	index := map[*ir.Block]*cblock{}
	for _, b := range r.Blocks() {
		cb := &cblock{args: c.slotsOf(b.Arguments())}
		index[b] = cb
		cr.blocks = append(cr.blocks, cb)
	}
	if len(cr.blocks) != 1 {
		cr.vector = false
	}
	for bi, b := range r.Blocks() {
		cb := cr.blocks[bi]
		for _, op := range b.Ops() {
			in, err := c.compileOp(op, index)
			if err != nil {
				return nil, err
			}
			if !isVectorSafe(op) {
				cr.vector = false
			}
			if in.term != notTerm {
				if op.Next() != nil {
					return nil, ir.OpErrorf(op, "terminator is not the last operation of its block")
				}
				cb.term = in
				continue
			}
			cb.body = append(cb.body, in)
		}
	}
	return cr, nil
}

func (c *compiler) compileOp(op *ir.Operation, index map[*ir.Block]*cblock) (*instr, error) {
	in := &instr{op: op, in: c.slotsOf(op.Operands()), out: c.slotsOf(op.Results())}
	for _, r := range op.Regions() {
		cr, err := c.compileRegion(r)
		if err != nil {
			return nil, err
		}
		in.regions = append(in.regions, cr)
	}
	if op.NumSuccessors() > 0 {
		if op.Def().SuccessorOperands == nil {
			return nil, ir.OpErrorf(op, "branch without successor operands cannot be interpreted")
		}
		in.term = termBranch
		for i := 0; i < op.NumSuccessors(); i++ {
			cb := index[op.Successor(i)]
			if cb == nil {
				return nil, ir.OpErrorf(op, "successor #%d is not in the enclosing region", i)
			}
			var args []int
			for _, k := range op.Def().SuccessorOperands(op, i) {
				args = append(args, in.in[k])
			}
			in.succ = append(in.succ, cb)
			in.succArgs = append(in.succArgs, args)
		}
		in.run = branchRun(op)
		return in, nil
	}
	if yieldOps[op.Name()] {
		in.term = termYield
		in.run = func(*execCtx, *instr) error { return nil }
		return in, nil
	}
	build, ok := registry[op.Name()]
	if !ok {
		in.run = unsupported(op, fmt.Sprintf("operation '%s' is not supported by the interpreter", op.Name()))
		return in, nil
	}
	run, err := safeBuild(build, c, op)
	if err != nil {
		in.run = unsupported(op, diagMessage(op, err))
		return in, nil
	}
	in.run = run
	return in, nil
}

// unsupported returns a runFn that fails with msg when executed, so that a
// kernel whose unsupported operation is never reached still runs.
func unsupported(op *ir.Operation, msg string) runFn {
	return func(x *execCtx, in *instr) error { return x.fail(op, nil, "%s", msg) }
}

// yieldOps are terminators that hand their operands to the parent op.
var yieldOps = map[string]bool{
	"scf.yield": true, "scf.condition": true, "tt.return": true, "func.return": true,
	"tt.reduce.return": true, "tt.scan.return": true, "tt.map_elementwise.return": true,
	"ttg.warp_yield": true, "ttg.warp_return": true, "ttg.mask.return": true,
}

// opBuilder compiles one operation kind.
type opBuilder struct {
	build func(c *compiler, op *ir.Operation) (runFn, error)
	// elementwise ops accept vectors where their types say scalars, so
	// combine regions made only of them run vectorized.
	elementwise bool
}

var registry = map[string]opBuilder{}

func register(name string, b func(c *compiler, op *ir.Operation) (runFn, error)) {
	registry[name] = opBuilder{build: b}
}

func registerElementwise(name string, b func(c *compiler, op *ir.Operation) (runFn, error)) {
	registry[name] = opBuilder{build: b, elementwise: true}
}

func isVectorSafe(op *ir.Operation) bool {
	if yieldOps[op.Name()] {
		return true
	}
	if op.NumRegions() > 0 || op.NumSuccessors() > 0 {
		return false
	}
	return registry[op.Name()].elementwise
}

// elem returns the element description of a value's type.
func (c *compiler) elem(t ir.Type) (*Elem, error) {
	return c.prog.elems.elemOf(ir.ElementTypeOrSelf(t))
}

// diagMessage returns the text of a build error without its location and
// op-name prefix, which the runtime Error adds again.
func diagMessage(op *ir.Operation, err error) string {
	if d, ok := err.(*ir.Diagnostic); ok {
		return strings.TrimPrefix(d.Message, "'"+op.Name()+"' op ")
	}
	return err.Error()
}

// safeBuild compiles one op, turning a panic (IR that escaped
// verification, or an interpreter bug) into an error for that op.
func safeBuild(b opBuilder, c *compiler, op *ir.Operation) (run runFn, err error) {
	defer func() {
		if r := recover(); r != nil {
			run, err = nil, fmt.Errorf("cannot interpret this operation (malformed IR?): %v", r)
		}
	}()
	return b.build(c, op)
}
