package gpu

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Asynchronous global -> shared copies of one thread (PTX cp.async,
// sm_80), grouped and waited for:
//
//	gpu.cp_async %dst, %src {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
//	gpu.cp_async %dst, %src, %n, %p {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>, i32, i1
//	gpu.cp_async_commit
//	gpu.cp_async_wait 1
//	gpu.cp_async_wait all
//
// gpu.cp_async copies `size` (4, 8 or 16) bytes from src (global memory,
// aligned to size) to dst (shared memory, aligned to size). The optional
// i32 src-size operand n (0 <= n <= size) says how many of those bytes
// come from src; the rest of the destination is filled with zeros (n = 0
// writes size zero bytes, which is how Triton's lowering zero-fills masked
// elements). The optional trailing i1 predicate p guards the whole
// copy: where p is false nothing is read, written or queued. `cache` is
// the PTX cache operator, a hint: ca (cache at all levels, any size) or cg
// (L2 only, size 16 only).
//
// Memory effects, per thread: a copy is *issued* at the op and joins the
// thread's open group. It reads its source at some unspecified time
// between the op and the retirement of its group, and its destination is
// written only when its group retires; before that, reading the
// destination (by any thread) or writing the source is a race.
// gpu.cp_async_commit closes the open group (possibly empty) and appends
// it to the thread's queue of committed groups. gpu.cp_async_wait N
// blocks until at most the N most recently committed groups of this
// thread are still pending, retiring the older ones in commit order:
// their destination bytes are written and visible to this thread. Other
// threads see them only after a barrier that follows the wait (the usual
// gpu.barrier after the wait in every thread). `gpu.cp_async_wait all`
// (PTX cp.async.wait_all) first commits the open group, then waits for
// every group (N = 0). Copies never retire by themselves: a copy whose
// group is never waited for may never land.
var (
	CpAsyncOp       = Dialect.NewOp("cp_async", 0)
	CpAsyncCommitOp = Dialect.NewOp("cp_async_commit", 0)
	CpAsyncWaitOp   = Dialect.NewOp("cp_async_wait", 0)
)

var cpAsyncOptions = []option{
	enumOpt("cache", memory.CacheModifierEnum, int64(memory.CacheCA), true),
	intOpt("size", 0, true),
}

func init() {
	CpAsyncOp.Inherent = inherentNames(cpAsyncOptions)
	CpAsyncOp.Parse = parseCpAsync
	CpAsyncOp.Print = printCpAsync
	CpAsyncOp.Verify = verifyCpAsync
	CpAsyncOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf,
			ir.Effect{Kind: ir.Read, Resource: "global", Value: op.Operand(1)},
			ir.Effect{Kind: ir.Write, Resource: "shared", Value: op.Operand(0)},
		)
	}

	CpAsyncCommitOp.Parse = parseNoOperands
	CpAsyncCommitOp.Print = printNoOperands
	CpAsyncCommitOp.Verify = func(op *ir.Operation) error { return counts(op, 0, 0) }
	CpAsyncCommitOp.AppendEffects = orderingEffects

	CpAsyncWaitOp.Inherent = []string{"pending", "all"}
	CpAsyncWaitOp.Parse = parseCpAsyncWait
	CpAsyncWaitOp.Print = printCpAsyncWait
	CpAsyncWaitOp.Verify = func(op *ir.Operation) error {
		if err := counts(op, 0, 0); err != nil {
			return err
		}
		if op.Attr("all") != nil {
			if _, ok := op.Attr("all").(*ir.UnitAttr); !ok || op.Attr("pending") != nil {
				return ir.OpErrorf(op, "'all' is a unit attribute and excludes 'pending'")
			}
			return nil
		}
		return verifyPending(op)
	}
	CpAsyncWaitOp.AppendEffects = orderingEffects
}

// orderingEffects are those of ops that order memory accesses around
// them (waits, fences, barriers): they read and write all memory, so that
// no access moves across them and they are never erased.
// orderingEffects are the effects of the ops that order memory without
// naming a buffer.
func orderingEffects(_ *ir.Operation, buf []ir.Effect) []ir.Effect { return append(buf, ordering...) }

var ordering = []ir.Effect{{Kind: ir.Read}, {Kind: ir.Write}}

func parseNoOperands(p ir.OpParser, st *ir.OperationState) error { return p.ParseOptionalAttrDict(st) }

func printNoOperands(p ir.OpPrinter, op *ir.Operation) { p.PrintOptionalAttrDict(op.Attrs()) }

// verifyPending checks the `pending` count of a wait.
func verifyPending(op *ir.Operation) error {
	a, ok := op.Attr("pending").(*ir.IntegerAttr)
	if !ok || !ir.IsInteger(a.Type(), 32) || a.Int() < 0 || a.Int() > 255 {
		return ir.OpErrorf(op, "requires attribute 'pending': an i32 count of groups between 0 and 255")
	}
	return nil
}

// Pending returns the number of groups a wait leaves in flight.
func Pending(op *ir.Operation) int { return int(enumOf(op, "pending", 0)) }

func parseCpAsync(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if err := parseOptions(p, st, cpAsyncOptions); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(us) != len(ts) {
		return p.ErrorfAt(loc, "%d operands but %d types", len(us), len(ts))
	}
	vals, err := p.ResolveOperands(us, ts)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func printCpAsync(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	printOptions(p, op, cpAsyncOptions)
	p.WriteString(" : ")
	p.PrintTypes(op.OperandTypes())
}

func verifyCpAsync(op *ir.Operation) error {
	if op.NumOperands() < 2 || op.NumOperands() > 4 || op.NumResults() != 0 {
		return ir.OpErrorf(op, "expected dst, src, an optional i32 src-size and an optional i1 predicate, and no results")
	}
	if err := verifyOptions(op, cpAsyncOptions); err != nil {
		return err
	}
	if s, ok := spaceOf(op.Operand(0).Type()); !ok || s != SpaceShared {
		return ir.OpErrorf(op, "destination must be an !llvm.ptr<3>, got '%s'", asm.TypeString(op.Operand(0).Type()))
	}
	if s, ok := spaceOf(op.Operand(1).Type()); !ok || s != SpaceGlobal {
		return ir.OpErrorf(op, "source must be an !llvm.ptr<1>, got '%s'", asm.TypeString(op.Operand(1).Type()))
	}
	for i := 2; i < op.NumOperands(); i++ {
		if v := op.Operand(i); !ir.IsInteger(v.Type(), 32) && !ir.IsInteger(v.Type(), 1) {
			return ir.OpErrorf(op, "the operands after the pointers are an i32 src-size and an i1 predicate, got '%s'", asm.TypeString(v.Type()))
		}
	}
	c := CpAsyncView{op}
	if op.NumOperands() == 4 && (c.SrcSize() == nil || c.Pred() == nil) {
		return ir.OpErrorf(op, "with four operands the third must be the i32 src-size and the fourth the i1 predicate")
	}
	size, ok := op.Attr("size").(*ir.IntegerAttr)
	if !ok {
		return ir.OpErrorf(op, "requires option 'size' (4, 8 or 16 bytes)")
	}
	switch size.Int() {
	case 4, 8, 16:
	default:
		return ir.OpErrorf(op, "copies 4, 8 or 16 bytes, not %d", size.Int())
	}
	switch c.Cache() {
	case memory.CacheCA:
	case memory.CacheCG:
		if size.Int() != 16 {
			return ir.OpErrorf(op, "cache operator 'cg' copies 16 bytes only, not %d", size.Int())
		}
	default:
		return ir.OpErrorf(op, "cache operator must be 'ca' or 'cg', got '%s'", c.Cache())
	}
	if n := c.SrcSize(); n != nil {
		if ia, ok := ir.DefiningConstant(n).(*ir.IntegerAttr); ok && (ia.Int() < 0 || ia.Int() > size.Int()) {
			return ir.OpErrorf(op, "src-size %d is not between 0 and the copy size %d", ia.Int(), size.Int())
		}
	}
	return nil
}

// CpAsyncView is a typed view of gpu.cp_async.
type CpAsyncView struct{ *ir.Operation }

// Dst returns the shared-memory destination.
func (c CpAsyncView) Dst() ir.Value { return c.Operand(0) }

// Src returns the global-memory source.
func (c CpAsyncView) Src() ir.Value { return c.Operand(1) }

// SrcSize returns the number of bytes read from the source, or nil (all).
func (c CpAsyncView) SrcSize() ir.Value {
	if c.NumOperands() > 2 && ir.IsInteger(c.Operand(2).Type(), 32) {
		return c.Operand(2)
	}
	return nil
}

// Pred returns the guarding predicate, or nil.
func (c CpAsyncView) Pred() ir.Value {
	if n := c.NumOperands(); n > 2 && ir.IsInteger(c.Operand(n-1).Type(), 1) {
		return c.Operand(n - 1)
	}
	return nil
}

// Size returns the number of bytes copied.
func (c CpAsyncView) Size() int { return int(enumOf(c.Operation, "size", 0)) }

// Cache returns the cache operator (memory.CacheCA or memory.CacheCG).
func (c CpAsyncView) Cache() memory.CacheModifier {
	return memory.CacheModifier(enumOf(c.Operation, "cache", int64(memory.CacheCA)))
}

// NewCpAsync builds `gpu.cp_async dst, src[, srcSize][, pred]`; srcSize
// and pred may be nil.
func NewCpAsync(b *ir.Builder, loc ir.Location, dst, src, srcSize, pred ir.Value, size int, cache memory.CacheModifier) *ir.Operation {
	ops := []ir.Value{dst, src}
	for _, v := range []ir.Value{srcSize, pred} {
		if v != nil {
			ops = append(ops, v)
		}
	}
	return b.CreateOp(CpAsyncOp.Name, loc, ops, nil,
		ir.NamedAttr{Name: "cache", Value: ir.I32EnumAttr(b.Ctx, cache)},
		ir.NamedAttr{Name: "size", Value: ir.I32Attr(b.Ctx, int64(size))})
}

// NewCpAsyncCommit builds `gpu.cp_async_commit`.
func NewCpAsyncCommit(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(CpAsyncCommitOp.Name, loc, nil, nil)
}

// NewCpAsyncWait builds `gpu.cp_async_wait pending`.
func NewCpAsyncWait(b *ir.Builder, loc ir.Location, pending int) *ir.Operation {
	return b.CreateOp(CpAsyncWaitOp.Name, loc, nil, nil, ir.NamedAttr{Name: "pending", Value: ir.I32Attr(b.Ctx, int64(pending))})
}

// NewCpAsyncWaitAll builds `gpu.cp_async_wait all`.
func NewCpAsyncWaitAll(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(CpAsyncWaitOp.Name, loc, nil, nil, ir.NamedAttr{Name: "all", Value: ir.Unit(b.Ctx)})
}

// WaitsAll reports whether a cp_async_wait is `all`.
func WaitsAll(op *ir.Operation) bool { return op.Attr("all") != nil }

// parseCpAsyncWait reads `N` or `all`.
func parseCpAsyncWait(p ir.OpParser, st *ir.OperationState) error {
	if _, ok := p.ParseOptionalKeyword("all"); ok {
		st.AddAttr("all", ir.Unit(p.Context()))
		return p.ParseOptionalAttrDict(st)
	}
	return parsePendingCount(p, st)
}

// parsePendingCount reads the integer `pending` of a wait and an optional
// attribute dictionary.
func parsePendingCount(p ir.OpParser, st *ir.OperationState) error {
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("pending", ir.I32Attr(p.Context(), n))
	return p.ParseOptionalAttrDict(st)
}

func printCpAsyncWait(p ir.OpPrinter, op *ir.Operation) {
	if WaitsAll(op) {
		p.WriteString(" all")
		p.PrintOptionalAttrDict(op.Attrs(), "all")
		return
	}
	printPendingCount(p, op)
}

func printPendingCount(p ir.OpPrinter, op *ir.Operation) {
	p.Printf(" %d", Pending(op))
	p.PrintOptionalAttrDict(op.Attrs(), "pending")
}
