package llvmir

import (
	"fmt"
	"strings"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// NVPTX lowering of the gpu dialect: NVVM intrinsics where LLVM 14 has
// them, inline PTX (as Triton's lowering writes it) for predicated and
// cache-controlled memory accesses, scoped atomics and the conversions
// and fast-math instructions LLVM 14 lacks.

var nvSpecialRegs = map[string]string{
	"gpu.thread_id": "tid", "gpu.block_id": "ctaid", "gpu.grid_dim": "nctaid", "gpu.block_dim": "ntid",
}

func (fx *fnTr) nvThreadIndex(op *ir.Operation) error {
	name := "llvm.nvvm.read.ptx.sreg." + nvSpecialRegs[op.Name()] + "." + gpu.DimensionOf(op).String()
	fx.set(op, fx.call(name, lltypes.I32))
	return nil
}

// nvClusterRegs are the cluster special registers (sm_90), which LLVM 14
// has no intrinsics for: read with inline PTX.
var nvClusterRegs = map[string]string{
	"gpu.cluster_id": "clusterid", "gpu.cluster_dim": "nclusterid",
	"gpu.cluster_block_id": "cluster_ctaid", "gpu.cluster_dim_blocks": "cluster_nctaid",
	"gpu.cluster_block_rank": "cluster_ctarank", "gpu.cluster_num_blocks": "cluster_nctarank",
}

func (fx *fnTr) nvClusterIndex(op *ir.Operation) error {
	reg := "%" + nvClusterRegs[op.Name()]
	if op.Attr("dimension") != nil {
		reg += "." + gpu.DimensionOf(op).String()
	}
	fx.set(op, fx.asm("mov.u32 $0, "+reg+";", "=r", lltypes.I32, false))
	return nil
}

// nvScalarRegs are the special registers without components that the
// gpu dialect reads.
var nvScalarRegs = map[string]string{"gpu.lane_id": "laneid", "gpu.sm_id": "smid", "gpu.num_sm_ids": "nsmid"}

func (fx *fnTr) nvScalarRegister(op *ir.Operation) error {
	fx.set(op, fx.call("llvm.nvvm.read.ptx.sreg."+nvScalarRegs[op.Name()], lltypes.I32))
	return nil
}

func (fx *fnTr) nvBarrier(*ir.Operation) error {
	fx.call("llvm.nvvm.barrier0", lltypes.Void)
	return nil
}

var shuffleKinds = map[gpu.ShuffleMode]string{gpu.ShuffleXor: "bfly", gpu.ShuffleUp: "up", gpu.ShuffleDown: "down", gpu.ShuffleIdx: "idx"}

// nvShuffle calls llvm.nvvm.shfl.sync.<mode>.{i32,f32} over the full warp.
// Its c operand packs the segment mask ((32 - width) << 8) and the clamp
// (31, or 0 for up), as CUDA's __shfl_*_sync do.
func (fx *fnTr) nvShuffle(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	mode := gpu.ShuffleModeOf(op)
	clamp := int64(0x1f)
	if mode == gpu.ShuffleUp {
		clamp = 0
	}
	var c value.Value
	if w, ok := intConst(xs[2]); ok {
		c = i32c((32-w)<<8 | clamp)
	} else {
		c = fx.cur.NewOr(fx.cur.NewShl(fx.cur.NewSub(i32c(32), xs[2]), i32c(8)), i32c(clamp))
	}
	v, t := xs[0], xs[0].Type()
	suffix := "f32"
	if !t.Equal(lltypes.Float) {
		suffix = "i32"
		v = fx.bitcast(v, lltypes.I32)
	}
	r := fx.call("llvm.nvvm.shfl.sync."+shuffleKinds[mode]+"."+suffix, v.Type(), i32c(-1), v, xs[1], c)
	fx.set(op, fx.bitcast(r, t))
	return nil
}

func (fx *fnTr) nvBallot(op *ir.Operation) error {
	p, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	var r value.Value = fx.call("llvm.nvvm.vote.ballot.sync", lltypes.I32, i32c(-1), p)
	if ir.IsInteger(op.Result(0).Type(), 64) {
		r = fx.cur.NewZExt(r, lltypes.I64)
	}
	fx.set(op, r)
	return nil
}

// ptxReg returns the inline-asm constraint and mov type of a register of
// the given width.
func ptxReg(bits int) (constraint, movType string) {
	switch bits {
	case 8:
		return "c", "u16"
	case 16:
		return "h", "u16"
	case 64:
		return "l", "u64"
	}
	return "r", "u32"
}

func ptxSpace(s gpu.MemorySpace) string {
	switch s {
	case gpu.SpaceGlobal:
		return ".global"
	case gpu.SpaceShared:
		return ".shared"
	}
	return ""
}

// ptxCacheMods returns the cache qualifiers of an access: a cache
// operator, else an L1 eviction priority (PTX allows only one of them).
func ptxCacheMods(o gpu.MemOptions) string {
	if o.Cache != memory.CacheNone && o.Cache != 0 {
		return "." + o.Cache.String()
	}
	switch o.Evict {
	case memory.EvictFirst:
		return ".L1::evict_first"
	case memory.EvictLast:
		return ".L1::evict_last"
	}
	return ""
}

func ptxVec(n int) string {
	if n == 1 {
		return ""
	}
	return ".v" + itoa(n)
}

// operandList formats PTX operands $first..$first+n-1: `$0` or
// `{ $0, $1 }`.
func operandList(first, n int) string {
	if n == 1 {
		return "$" + itoa(first)
	}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = "$" + itoa(first+i)
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// plainAccess reports whether an access needs no inline assembly.
func plainAccess(pred value.Value, o gpu.MemOptions) bool {
	return pred == nil && !o.Volatile && (o.Cache == memory.CacheNone || o.Cache == 0) && (o.Evict == memory.EvictNormal || o.Evict == 0)
}

// plainLoad loads the words with an LLVM load of `<n x iW>` (or `iW`)
// aligned to the access size.
func (fx *fnTr) plainLoad(ptr value.Value, w word, volatile bool) []value.Value {
	var t lltypes.Type = w.intType()
	if w.n > 1 {
		t = lltypes.NewVector(uint64(w.n), w.intType())
	}
	l := fx.cur.NewLoad(t, fx.typedPtr(ptr, t))
	l.Align = llir.Align(w.n * w.bits / 8)
	l.Volatile = volatile
	return fx.splitWords(l, w)
}

func (fx *fnTr) splitWords(v value.Value, w word) []value.Value {
	if w.n == 1 {
		return []value.Value{fx.bitcast(v, w.lt)}
	}
	out := make([]value.Value, w.n)
	for i := range out {
		e := fx.cur.NewExtractElement(v, i32c(int64(i)))
		out[i] = fx.bitcast(e, w.lt)
	}
	return out
}

func (fx *fnTr) plainStore(ptr value.Value, vals []value.Value, w word, volatile bool) {
	var v value.Value
	var t lltypes.Type = w.intType()
	if w.n == 1 {
		v = fx.bitcast(vals[0], t)
	} else {
		vt := lltypes.NewVector(uint64(w.n), w.intType())
		t = vt
		v = constant.NewUndef(vt)
		for i, x := range vals {
			v = fx.cur.NewInsertElement(v, fx.bitcast(x, w.intType()), i32c(int64(i)))
		}
	}
	s := fx.cur.NewStore(v, fx.typedPtr(ptr, t))
	s.Align = llir.Align(w.n * w.bits / 8)
	s.Volatile = volatile
}

// nvLoad: `mov` the others (or zeros) into the outputs, then a
// predicated `ld{.volatile}{.space}{.cache}{.vN}.bW`, as Triton does.
func (fx *fnTr) nvLoad(op *ir.Operation) error {
	l := gpu.LoadView{Operation: op}
	w, err := fx.words(op, op.ResultTypes())
	if err != nil {
		return err
	}
	ptr, err := fx.val(op, l.Ptr())
	if err != nil {
		return err
	}
	var pred value.Value
	if l.Pred() != nil {
		if pred, err = fx.val(op, l.Pred()); err != nil {
			return err
		}
	}
	o := gpu.Options(op)
	if plainAccess(pred, o) {
		fx.set(op, fx.plainLoad(ptr, w, false)...)
		return nil
	}
	reg, mov := ptxReg(w.bits)
	var others []value.Value
	for _, v := range l.Others() {
		x, err := fx.val(op, v)
		if err != nil {
			return err
		}
		others = append(others, fx.bitcast(x, w.intType()))
	}
	var text, cons []string
	n := w.n
	args := append([]value.Value(nil), others...)
	for i := 0; i < n; i++ {
		cons = append(cons, "="+reg)
	}
	for range others {
		cons = append(cons, reg)
	}
	addr := n + len(others)
	args = append(args, ptr)
	cons = append(cons, "l")
	prefix := ""
	if pred != nil {
		for i := 0; i < n; i++ {
			src := "0x0"
			if len(others) > 0 {
				src = "$" + itoa(n+i)
			}
			text = append(text, fmt.Sprintf("mov.%s $%d, %s;", mov, i, src))
		}
		args = append(args, pred)
		cons = append(cons, "b")
		prefix = "@$" + itoa(addr+1) + " "
	}
	vol := ""
	if o.Volatile {
		vol = ".volatile"
	}
	text = append(text, fmt.Sprintf("%sld%s%s%s%s.b%d %s, [ $%d + 0 ];", prefix, vol, ptxSpace(gpu.Space(op)),
		ptxCacheMods(o), ptxVec(n), w.bits, operandList(0, n), addr))
	var ret lltypes.Type = w.intType()
	if n > 1 {
		fields := make([]lltypes.Type, n)
		for i := range fields {
			fields[i] = w.intType()
		}
		ret = lltypes.NewStruct(fields...)
	}
	r := fx.asm(strings.Join(text, "\n\t"), strings.Join(cons, ","), ret, true, args...)
	if n == 1 {
		fx.set(op, fx.bitcast(r, w.lt))
		return nil
	}
	res := make([]value.Value, n)
	for i := range res {
		res[i] = fx.bitcast(fx.cur.NewExtractValue(r, uint64(i)), w.lt)
	}
	fx.set(op, res...)
	return nil
}

// nvStore: a predicated `st{.volatile}{.space}{.cache}{.vN}.bW`.
func (fx *fnTr) nvStore(op *ir.Operation) error {
	w, ptr, pred, vals, err := fx.storeOperands(op)
	if err != nil {
		return err
	}
	for i, x := range vals {
		vals[i] = fx.bitcast(x, w.intType())
	}
	o := gpu.Options(op)
	if plainAccess(pred, o) {
		fx.plainStore(ptr, vals, w, false)
		return nil
	}
	reg, _ := ptxReg(w.bits)
	var cons []string
	for range vals {
		cons = append(cons, reg)
	}
	args := append(vals, ptr)
	cons = append(cons, "l")
	addr := w.n
	prefix := ""
	if pred != nil {
		args = append(args, pred)
		cons = append(cons, "b")
		prefix = "@$" + itoa(addr+1) + " "
	}
	vol := ""
	if o.Volatile {
		vol = ".volatile"
	}
	text := fmt.Sprintf("%sst%s%s%s%s.b%d [ $%d + 0 ], %s;", prefix, vol, ptxSpace(gpu.Space(op)),
		ptxCacheMods(o), ptxVec(w.n), w.bits, addr, operandList(0, w.n))
	fx.asm(text, strings.Join(cons, ","), lltypes.Void, true, args...)
	return nil
}

var ptxAtomOps = map[memory.RMWOp]string{
	memory.RMWAnd: "and", memory.RMWOr: "or", memory.RMWXor: "xor", memory.RMWAdd: "add", memory.RMWFAdd: "add",
	memory.RMWMax: "max", memory.RMWMin: "min", memory.RMWUMax: "max", memory.RMWUMin: "min", memory.RMWXchg: "exch",
}

// ptxAtomType is the PTX type suffix of an atomic on values of type t.
func ptxAtomType(kind memory.RMWOp, cas bool, t ir.Type, w int) string {
	if cas {
		return ".b" + itoa(w)
	}
	switch kind {
	case memory.RMWAnd, memory.RMWOr, memory.RMWXor, memory.RMWXchg:
		return ".b" + itoa(w)
	case memory.RMWAdd, memory.RMWUMax, memory.RMWUMin:
		return ".u" + itoa(w)
	case memory.RMWMax, memory.RMWMin:
		return ".s" + itoa(w)
	}
	// fadd
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return ".noftz.f16"
		case ir.BF16:
			return ".noftz.bf16"
		}
		return ".f" + itoa(w)
	case *ir.VectorType:
		if ft, ok := t.Elem.(*ir.FloatType); ok && ft.Kind == ir.BF16 {
			return ".noftz.bf16x2"
		}
		return ".noftz.f16x2"
	}
	return ".b" + itoa(w)
}

// nvAtomic: `@$p atom.<space>.<scope>.<sem>.<op>.<type>`; where the
// predicate is false the result is selected to zero.
func (fx *fnTr) nvAtomic(op *ir.Operation) error {
	a := gpu.AtomicView{Operation: op}
	cas := op.Name() == gpu.AtomicCASOp.Name
	vt := a.Value().Type()
	lvt, err := fx.typ(op, vt)
	if err != nil {
		return err
	}
	wb := bits(lvt)
	it := lltypes.NewInt(uint64(wb))
	reg, _ := ptxReg(wb)
	ptr, err := fx.val(op, a.Ptr())
	if err != nil {
		return err
	}
	var vals []value.Value
	if cas {
		c, err := fx.val(op, a.Compare())
		if err != nil {
			return err
		}
		vals = append(vals, fx.bitcast(c, it))
	}
	v, err := fx.val(op, a.Value())
	if err != nil {
		return err
	}
	vals = append(vals, fx.bitcast(v, it))
	var pred value.Value
	if a.Pred() != nil {
		if pred, err = fx.val(op, a.Pred()); err != nil {
			return err
		}
	}
	opName := "cas"
	if !cas {
		opName = ptxAtomOps[a.Kind()]
	}
	space, _ := spaceOfValue(a.Ptr())
	// Qualifier order as Triton writes it: space, scope, semantic.
	inst := fmt.Sprintf("atom%s.%s.%s.%s%s $0, [ $1 + 0 ], ", ptxSpace(space), a.Scope(), a.Sem(), opName, ptxAtomType(a.Kind(), cas, vt, wb))
	cons := []string{"=" + reg, "l"}
	args := []value.Value{ptr}
	for i, x := range vals {
		if i > 0 {
			inst += ", "
		}
		inst += "$" + itoa(2+i)
		cons = append(cons, reg)
		args = append(args, x)
	}
	inst += ";"
	if pred != nil {
		inst = "@$" + itoa(2+len(vals)) + " " + inst
		cons = append(cons, "b")
		args = append(args, pred)
	}
	var r value.Value = fx.asm(inst, strings.Join(cons, ","), it, true, args...)
	if pred != nil {
		r = fx.cur.NewSelect(pred, r, constant.NewInt(it, 0))
	}
	fx.set(op, fx.bitcast(r, lvt))
	return nil
}

// spaceOfValue returns the memory space a pointer value points into.
func spaceOfValue(v ir.Value) (gpu.MemorySpace, bool) {
	p, ok := v.Type().(*llvm.PointerType)
	if !ok {
		return 0, false
	}
	switch p.AddrSpace {
	case llvm.GlobalAddrSpace:
		return gpu.SpaceGlobal, true
	case llvm.SharedAddrSpace:
		return gpu.SpaceShared, true
	}
	return gpu.SpaceGeneric, p.AddrSpace == 0
}

func (fx *fnTr) nvMulHi(op *ir.Operation) error {
	if !ir.IsInteger(op.Result(0).Type(), 64) {
		return fx.mulHi(op)
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	sign := "s"
	if gpu.Unsigned(op) {
		sign = "u"
	}
	fx.set(op, fx.asm("mul.hi."+sign+"64 $0, $1, $2;", "=l,l,l", lltypes.I64, false, xs...))
	return nil
}

func (fx *fnTr) nvPrmt(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.set(op, fx.asm("prmt.b32 $0, $1, $2, $3;", "=r,r,r,r", lltypes.I32, false, xs...))
	return nil
}

func (fx *fnTr) nvBfe(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	sign := "s"
	if gpu.Unsigned(op) {
		sign = "u"
	}
	if ir.IsInteger(op.Result(0).Type(), 64) {
		fx.set(op, fx.asm("bfe."+sign+"64 $0, $1, $2, $3;", "=l,l,r,r", lltypes.I64, false, xs...))
		return nil
	}
	fx.set(op, fx.asm("bfe."+sign+"32 $0, $1, $2, $3;", "=r,r,r,r", lltypes.I32, false, xs...))
	return nil
}
