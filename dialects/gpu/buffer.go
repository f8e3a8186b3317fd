package gpu

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// AMD buffer memory access, the raw buffer instructions of Triton's
// amdg.buffer_load / amdg.buffer_store:
//
//	%a, %b = gpu.buffer_load %base[%off], %pred, %o0, %o1 {cache = cg} : !llvm.ptr<1> -> f32, f32
//	gpu.buffer_store %base[%off], %pred, %v0, %v1 : !llvm.ptr<1>, f32, f32
//
// The words (1, 2 or 4 of one type, at most 128 bits, as gpu.load) are at
// byte offset %off (an i32 read as unsigned) from the global pointer %base,
// through a buffer resource of 0x7FFFFFFE bytes (Triton's num_records):
// an access that reaches past the resource's end reads zeros and writes
// nothing. Where %pred is false nothing is read or written and a load's
// results are the others (zeros when there are none); the emitter gives
// such a lane an out-of-range offset, as Triton does. Options: `cache`
// (tt's CacheModifier), `volatile`; the space is global.

var (
	BufferLoadOp  = Dialect.NewOp("buffer_load", 0)
	BufferStoreOp = Dialect.NewOp("buffer_store", 0)
)

// BufferRange is the size in bytes of the buffer resource the buffer ops
// address (Triton's num_records, INT_MAX - 1).
const BufferRange = 0x7FFFFFFE

var bufferOptions = []option{
	enumOpt("cache", memory.CacheModifierEnum, int64(memory.CacheNone), false),
	flag("volatile"),
}

func init() {
	for _, def := range []*ir.OpDef{BufferLoadOp, BufferStoreOp} {
		def.Inherent = inherentNames(bufferOptions)
	}
	BufferLoadOp.Parse = parseBufferLoad
	BufferLoadOp.Print = printBufferAccess
	BufferLoadOp.Verify = verifyBufferAccess
	BufferLoadOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Read, Resource: resource(SpaceGlobal), Value: op.Operand(0)})
	}
	BufferStoreOp.Parse = parseBufferStore
	BufferStoreOp.Print = printBufferAccess
	BufferStoreOp.Verify = verifyBufferAccess
	BufferStoreOp.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		return append(buf, ir.Effect{Kind: ir.Write, Resource: resource(SpaceGlobal), Value: op.Operand(0)})
	}
}

// BufferView is a typed view of gpu.buffer_load and gpu.buffer_store.
type BufferView struct{ *ir.Operation }

// Base returns the global pointer the offsets count from.
func (v BufferView) Base() ir.Value { return v.Operand(0) }

// Offset returns the byte offset (i32, unsigned).
func (v BufferView) Offset() ir.Value { return v.Operand(1) }

// Pred returns the predicate.
func (v BufferView) Pred() ir.Value { return v.Operand(2) }

// Rest returns a load's others (empty: zeros) or a store's values.
func (v BufferView) Rest() []ir.Value { return v.Operands()[3:] }

// NewBufferLoad builds `gpu.buffer_load base[off], pred[, others...]`.
func NewBufferLoad(b *ir.Builder, loc ir.Location, base, off, pred ir.Value, others []ir.Value, resultTypes []ir.Type, opts MemOptions) *ir.Operation {
	ops := append([]ir.Value{base, off, pred}, others...)
	return b.CreateOp(BufferLoadOp.Name, loc, ops, resultTypes, bufferAttrs(b.Ctx, opts)...)
}

// NewBufferStore builds `gpu.buffer_store base[off], pred, values...`.
func NewBufferStore(b *ir.Builder, loc ir.Location, base, off, pred ir.Value, values []ir.Value, opts MemOptions) *ir.Operation {
	ops := append([]ir.Value{base, off, pred}, values...)
	return b.CreateOp(BufferStoreOp.Name, loc, ops, nil, bufferAttrs(b.Ctx, opts)...)
}

func bufferAttrs(ctx *ir.Context, o MemOptions) []ir.NamedAttr {
	var out []ir.NamedAttr
	if o.Cache != 0 && o.Cache != memory.CacheNone {
		out = append(out, ir.NamedAttr{Name: "cache", Value: ir.I32EnumAttr(ctx, o.Cache)})
	}
	if o.Volatile {
		out = append(out, ir.NamedAttr{Name: "volatile", Value: ir.Unit(ctx)})
	}
	return out
}

// parseBufferHead reads `%base[%off], %pred` and the rest of the operand
// list, the options and the colon.
func parseBufferHead(p ir.OpParser, st *ir.OperationState) (base, off, pred ir.UnresolvedOperand, rest []ir.UnresolvedOperand, err error) {
	if base, err = p.ParseOperand(); err != nil {
		return
	}
	if err = p.ParseLSquare(); err != nil {
		return
	}
	if off, err = p.ParseOperand(); err != nil {
		return
	}
	if err = p.ParseRSquare(); err != nil {
		return
	}
	if err = p.ParseComma(); err != nil {
		return
	}
	if pred, err = p.ParseOperand(); err != nil {
		return
	}
	for p.ParseOptionalComma() {
		u, e := p.ParseOperand()
		if e != nil {
			return base, off, pred, rest, e
		}
		rest = append(rest, u)
	}
	if err = parseOptions(p, st, bufferOptions); err != nil {
		return
	}
	err = p.ParseColon()
	return
}

func resolveBuffer(p ir.OpParser, st *ir.OperationState, base, off, pred ir.UnresolvedOperand, rest []ir.UnresolvedOperand, ptrT ir.Type, restT []ir.Type) error {
	ctx := p.Context()
	us := append([]ir.UnresolvedOperand{base, off, pred}, rest...)
	types := append([]ir.Type{ptrT, ir.I32(ctx), ir.I1(ctx)}, restT...)
	vals, err := p.ResolveOperands(us, types)
	if err != nil {
		return err
	}
	st.Operands = vals
	return nil
}

func parseBufferLoad(p ir.OpParser, st *ir.OperationState) error {
	base, off, pred, rest, err := parseBufferHead(p, st)
	if err != nil {
		return err
	}
	ptrT, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseArrow(); err != nil {
		return err
	}
	results, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	var restT []ir.Type
	if len(rest) > 0 {
		if len(rest) != len(results) {
			return p.Errorf("expected %d 'other' operands (one per result), got %d", len(results), len(rest))
		}
		restT = results
	}
	st.Types = results
	return resolveBuffer(p, st, base, off, pred, rest, ptrT, restT)
}

func parseBufferStore(p ir.OpParser, st *ir.OperationState) error {
	base, off, pred, rest, err := parseBufferHead(p, st)
	if err != nil {
		return err
	}
	loc := p.Loc()
	types, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	if len(types) != len(rest)+1 {
		return p.ErrorfAt(loc, "expected the pointer type and one type per stored value")
	}
	return resolveBuffer(p, st, base, off, pred, rest, types[0], types[1:])
}

func printBufferAccess(p ir.OpPrinter, op *ir.Operation) {
	v := BufferView{op}
	p.WriteString(" ")
	p.PrintOperand(v.Base())
	p.WriteString("[")
	p.PrintOperand(v.Offset())
	p.WriteString("], ")
	p.PrintOperands(op.Operands()[2:])
	printOptions(p, op, bufferOptions)
	p.WriteString(" : ")
	p.PrintType(v.Base().Type())
	if op.Def() == BufferLoadOp {
		p.WriteString(" -> ")
		p.PrintTypes(op.ResultTypes())
		return
	}
	for _, x := range v.Rest() {
		p.WriteString(", ")
		p.PrintType(x.Type())
	}
}

func verifyBufferAccess(op *ir.Operation) error {
	if op.NumOperands() < 3 {
		return ir.OpErrorf(op, "expects a base pointer, an offset and a predicate")
	}
	v := BufferView{op}
	if s, ok := spaceOf(v.Base().Type()); !ok || s != SpaceGlobal {
		return ir.OpErrorf(op, "the base must be a global pointer, got '%s'", asm.TypeString(v.Base().Type()))
	}
	if !ir.IsInteger(v.Offset().Type(), 32) || !ir.IsInteger(v.Pred().Type(), 1) {
		return ir.OpErrorf(op, "the offset must be i32 and the predicate i1")
	}
	words := op.ResultTypes()
	if op.Def() == BufferStoreOp {
		words = nil
		for _, x := range v.Rest() {
			words = append(words, x.Type())
		}
	} else if n := len(v.Rest()); n != 0 && n != len(words) {
		return ir.OpErrorf(op, "expects one 'other' per result or none, got %d", n)
	}
	if err := verifyWords(op, words); err != nil {
		return err
	}
	return verifyOptions(op, bufferOptions)
}
