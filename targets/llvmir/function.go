package llvmir

import (
	"fmt"
	"strings"
	"sync"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// fnTr translates the body of one llvm.func.
type fnTr struct {
	tr     *translator
	op     *ir.Operation
	f      *llir.Func
	blocks map[*ir.Block]*llir.Block
	vals   map[ir.Value]value.Value
	// cur is the LLVM block new instructions go to. Lowering a gpu op may
	// split the block (predicated accesses on AMDGCN, asserts), so the
	// block a terminator ends up in is cur, not blocks[b].
	cur     *llir.Block
	entry   *llir.Block
	splits  int
	allocas int // allocas at the start of the entry block
}

// defineFunc translates the body of an llvm.func (declared already).
func (tr *translator) defineFunc(op *ir.Operation) error {
	f := tr.funcs[ir.SymbolName(op)]
	fx := &fnTr{tr: tr, op: op, f: f, blocks: map[*ir.Block]*llir.Block{}, vals: map[ir.Value]value.Value{}}
	region := op.Region(0)
	for i, b := range region.Blocks() {
		lb := f.NewBlock("bb" + itoa(i))
		fx.blocks[b] = lb
		if i == 0 {
			fx.entry = lb
			for j, a := range b.Arguments() {
				fx.vals[a] = f.Params[j]
			}
			continue
		}
		// Block arguments become phis; branches add their incomings.
		for _, a := range b.Arguments() {
			lt, err := fx.typ(op, a.Type())
			if err != nil {
				return err
			}
			phi := &llir.InstPhi{Typ: lt}
			lb.Insts = append(lb.Insts, phi)
			fx.vals[a] = phi
		}
	}
	for _, b := range blockOrder(region) {
		fx.cur = fx.blocks[b]
		for _, o := range b.Ops() {
			if err := fx.translate(o); err != nil {
				return err
			}
		}
		if fx.cur.Term == nil {
			return ir.OpErrorf(op, "block %d does not end with a terminator", indexOf(region, b))
		}
	}
	return nil
}

// blockOrder lists the blocks in reverse post-order from the entry (so
// that definitions are translated before their uses), then the
// unreachable ones in region order.
func blockOrder(r *ir.Region) []*ir.Block {
	seen := map[*ir.Block]bool{}
	var post []*ir.Block
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		if t := b.Terminator(); t != nil {
			for _, s := range t.Successors() {
				if !seen[s] {
					visit(s)
				}
			}
		}
		post = append(post, b)
	}
	visit(r.Front())
	out := make([]*ir.Block, 0, len(r.Blocks()))
	for i := len(post) - 1; i >= 0; i-- {
		out = append(out, post[i])
	}
	for _, b := range r.Blocks() {
		if !seen[b] {
			out = append(out, b)
		}
	}
	return out
}

func indexOf(r *ir.Region, b *ir.Block) int {
	for i, x := range r.Blocks() {
		if x == b {
			return i
		}
	}
	return -1
}

// The handler tables are filled when a process first translates to LLVM
// IR, not at start-up: a compilation to PTX never needs them.
var handlersOnce sync.Once

func registerHandlers() {
	handlersOnce.Do(func() {
		registerGPUOps()
		registerLLVMOps()
		registerBitcast()
		registerNVVMOps()
	})
}

// translate lowers one op at the end of cur. A lowering that trips over
// IR it did not expect reports it at the op instead of crashing.
func (fx *fnTr) translate(op *ir.Operation) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = ir.OpErrorf(op, "internal error translating '%s' to LLVM IR: %v", op.Name(), r)
		}
	}()
	if h, ok := llvmOps[op.Name()]; ok {
		return h(fx, op)
	}
	if h, ok := gpuOps[op.Name()]; ok {
		return h(fx, op)
	}
	if op.Name() == "builtin.unrealized_conversion_cast" {
		return fx.unrealizedCast(op)
	}
	return ir.OpErrorf(op, "cannot translate '%s' to LLVM IR", op.Name())
}

// unrealizedCast forwards casts between identical types and drops unused
// ones; anything else is left over from an incomplete conversion.
func (fx *fnTr) unrealizedCast(op *ir.Operation) error {
	if op.NumOperands() == op.NumResults() {
		same := true
		for i := range op.Results() {
			same = same && op.Operand(i).Type() == op.Result(i).Type()
		}
		if same {
			for i, r := range op.Results() {
				v, err := fx.val(op, op.Operand(i))
				if err != nil {
					return err
				}
				fx.vals[r] = v
			}
			return nil
		}
	}
	if !op.ResultsUsed() {
		return nil
	}
	return ir.OpErrorf(op, "unresolved conversion cast: the IR is not fully lowered to the llvm and gpu dialects")
}

// val returns the LLVM value of an IR value.
func (fx *fnTr) val(op *ir.Operation, v ir.Value) (value.Value, error) {
	if lv, ok := fx.vals[v]; ok {
		return lv, nil
	}
	return nil, ir.OpErrorf(op, "operand defined in a block not reached from the entry (or not translated)")
}

// operands returns the LLVM values of all operands of op.
func (fx *fnTr) operands(op *ir.Operation) ([]value.Value, error) {
	out := make([]value.Value, op.NumOperands())
	for i, v := range op.Operands() {
		lv, err := fx.val(op, v)
		if err != nil {
			return nil, err
		}
		out[i] = lv
	}
	return out, nil
}

// set records the LLVM values of op's results.
func (fx *fnTr) set(op *ir.Operation, vs ...value.Value) {
	for i, v := range vs {
		fx.vals[op.Result(i)] = v
	}
}

func (fx *fnTr) typ(op *ir.Operation, t ir.Type) (lltypes.Type, error) {
	lt, ok := fx.tr.typ(t)
	if !ok {
		return nil, ir.OpErrorf(op, "cannot translate type '%s' to LLVM IR", asm.TypeString(t))
	}
	return lt, nil
}

// newBlock creates a block for control flow that a lowering introduces.
func (fx *fnTr) newBlock(hint string) *llir.Block {
	fx.splits++
	// Named after the IR block it was split from, not after the split block
	// it follows: chained splits (a predicated access per register) would
	// otherwise grow every label by a suffix, and the module quadratically.
	base, _, _ := strings.Cut(fx.cur.LocalName, ".")
	return fx.f.NewBlock(base + "." + hint + itoa(fx.splits))
}

// bitcast converts v to t unless it has that type already.
func (fx *fnTr) bitcast(v value.Value, t lltypes.Type) value.Value {
	if v.Type().Equal(t) {
		return v
	}
	if c, ok := v.(constant.Constant); ok {
		return constant.NewBitCast(c, t)
	}
	return fx.cur.NewBitCast(v, t)
}

// call calls an intrinsic or runtime function, declaring it with the
// argument types on first use.
func (fx *fnTr) call(name string, ret lltypes.Type, args ...value.Value) value.Value {
	var ps []lltypes.Type
	for _, a := range args {
		ps = append(ps, a.Type())
	}
	return fx.cur.NewCall(fx.tr.declare(name, ret, ps...), args...)
}

// asm calls inline assembly.
func (fx *fnTr) asm(text, constraints string, ret lltypes.Type, sideEffects bool, args ...value.Value) value.Value {
	var ps []lltypes.Type
	for _, a := range args {
		ps = append(ps, a.Type())
	}
	a := llir.NewInlineAsm(lltypes.NewPointer(lltypes.NewFunc(ret, ps...)), text, constraints)
	a.SideEffect = sideEffects
	return fx.cur.NewCall(a, args...)
}

// alloca reserves a stack slot of type t in the entry block.
func (fx *fnTr) alloca(t lltypes.Type, align int) value.Value {
	a := llir.NewAlloca(t)
	a.Align = llir.Align(align)
	a.LocalName = fmt.Sprintf("buf%d", fx.allocas)
	insts := fx.entry.Insts
	i := fx.allocas
	// Keep the entry block's phis (none) and earlier allocas first.
	fx.entry.Insts = append(insts[:i:i], append([]llir.Instruction{a}, insts[i:]...)...)
	fx.allocas++
	return a
}

func i32c(v int64) constant.Constant { return constant.NewInt(lltypes.I32, v) }
func i64c(v int64) constant.Constant { return constant.NewInt(lltypes.I64, v) }

// intConst returns the value of an LLVM integer constant.
func intConst(v value.Value) (int64, bool) {
	if c, ok := v.(*constant.Int); ok && c.X.IsInt64() {
		return c.X.Int64(), true
	}
	return 0, false
}
