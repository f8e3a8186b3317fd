package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// Predicated vector memory access, the way Triton writes it: the results
// first receive the `other` values (or zeros), then one predicated
// ld.vN overwrites them where the predicate holds.

// memQualifiers renders, in PTX's order, the volatility, state space and
// cache operator or L1 eviction priority of a gpu.load/gpu.store (PTX
// takes one of the last two; an explicit cache operator wins; volatile
// accesses take neither).
func memQualifiers(op *ir.Operation, ptr ir.Type) string {
	o := gpu.Options(op)
	if o.Volatile {
		return ".volatile" + space(ptr)
	}
	if o.Cache != 0 && o.Cache != memory.CacheNone {
		return space(ptr) + "." + o.Cache.String()
	}
	switch o.Evict {
	case memory.EvictFirst:
		return space(ptr) + ".L1::evict_first"
	case memory.EvictLast:
		return space(ptr) + ".L1::evict_last"
	}
	return space(ptr)
}

// word is one word of a gpu.load or gpu.store: its register, and for a
// vector word (vector<2xf16>) the lanes packed in or out of it.
type word struct {
	reg  string
	v    *value
	cls  regClass
	bits int
}

// wordOf returns the register a vector word travels in (a fresh one of the
// total width), or the scalar's own register.
func (f *fn) wordOf(v *value) (word, error) {
	if v.parts == nil {
		c := f.class(v)
		return word{reg: v.reg, v: v, cls: c, bits: bitWidth(v.typ)}, nil
	}
	total := 0
	for _, l := range v.leaves() {
		total += bitWidth(l.typ)
	}
	var c regClass
	switch total {
	case 16:
		c = classB16
	case 32:
		c = classB32
	case 64:
		c = classB64
	default:
		return word{}, fmt.Errorf("a %d-bit vector is not a memory word", total)
	}
	return word{reg: f.regs.alloc(c), v: v, cls: c, bits: total}, nil
}

// wordType is the PTX type of a memory word.
func wordType(w word) string {
	if w.v.parts == nil {
		return memType(w.v.typ)
	}
	return fmt.Sprintf("b%d", w.bits)
}

func vecSuffix(n int) string {
	if n == 1 {
		return ""
	}
	return fmt.Sprintf(".v%d", n)
}

func regList(ws []word) string {
	if len(ws) == 1 {
		return ws[0].reg
	}
	regs := make([]string, len(ws))
	for i, w := range ws {
		regs[i] = w.reg
	}
	return "{" + join(regs) + "}"
}

// guard returns the instruction prefix of a predicate ("" for none or
// constant true) and whether the access happens at all.
func (f *fn) guard(pred ir.Value) (string, bool, error) {
	if pred == nil {
		return "", true, nil
	}
	p, err := f.get(pred)
	if err != nil {
		return "", false, err
	}
	if k := p.konst; k != nil && !k.undef {
		return "", k.bits&1 != 0, nil
	}
	return "@" + f.reg(p) + " ", true, nil
}

func (f *fn) emitGPULoad(op *ir.Operation) error {
	l := gpu.LoadView{Operation: op}
	addr, err := f.get(l.Ptr())
	if err != nil {
		return err
	}
	var words []word
	for i := 0; i < op.NumResults(); i++ {
		r, err := f.result(op, i)
		if err != nil {
			return err
		}
		w, err := f.wordOf(r)
		if err != nil {
			return ir.OpErrorf(op, "%v", err)
		}
		words = append(words, w)
	}
	if n := len(words); n != 1 && n != 2 && n != 4 {
		return ir.OpErrorf(op, "loads 1, 2 or 4 words, not %d", n)
	}
	prefix, happens, err := f.guard(l.Pred())
	if err != nil {
		return err
	}
	if l.Pred() != nil {
		// Where the predicate is false the results are the others.
		others := l.Others()
		for i, w := range words {
			src := zero(w.cls)
			if len(others) > 0 {
				o, err := f.get(others[i])
				if err != nil {
					return err
				}
				if o.parts != nil {
					ow, err := f.wordOf(o)
					if err != nil {
						return ir.OpErrorf(op, "%v", err)
					}
					f.packWord(&ow)
					src = ow.reg
				} else {
					src = f.imm(o, w.cls)
				}
			}
			f.inss("mov.%s %s, %s", classInfo[w.cls].movType, w.reg, src)
		}
	}
	if happens {
		q := memQualifiers(op, addr.typ)
		f.inss("%sld%s%s.%s %s, [%s]", prefix, q, vecSuffix(len(words)), wordType(words[0]), regList(words), f.reg(addr))
	}
	for _, w := range words {
		if w.v.parts != nil {
			f.unpackWord(w.v.leaves(), w.reg, w.cls)
		}
	}
	return nil
}

func (f *fn) emitGPUStore(op *ir.Operation) error {
	s := gpu.StoreView{Operation: op}
	addr, err := f.get(s.Ptr())
	if err != nil {
		return err
	}
	var words []word
	for _, v := range s.Values() {
		x, err := f.get(v)
		if err != nil {
			return err
		}
		if x.parts == nil {
			words = append(words, word{reg: f.reg(x), v: x, cls: f.class(x), bits: bitWidth(x.typ)})
			continue
		}
		w, err := f.wordOf(x)
		if err != nil {
			return ir.OpErrorf(op, "%v", err)
		}
		f.packWord(&w)
		words = append(words, w)
	}
	if n := len(words); n != 1 && n != 2 && n != 4 {
		return ir.OpErrorf(op, "stores 1, 2 or 4 words, not %d", n)
	}
	prefix, happens, err := f.guard(s.Pred())
	if err != nil || !happens {
		return err
	}
	q := memQualifiers(op, addr.typ)
	f.inss("%sst%s%s.%s [%s], %s", prefix, q, vecSuffix(len(words)), wordType(words[0]), f.reg(addr), regList(words))
	return nil
}

// Atomics: one predicated atom; the result is zero where the predicate is
// false. (llvm.atomicrmw and llvm.cmpxchg, isel_atomic.go, keep the
// order LLVM's NVPTX backend prints: semantics, scope, space.)

var semPTX = map[memory.MemSemantic]string{
	memory.SemRelaxed: ".relaxed", memory.SemAcquire: ".acquire", memory.SemRelease: ".release", memory.SemAcqRel: ".acq_rel",
}

var scopePTX = map[memory.MemSyncScope]string{
	memory.ScopeGPU: ".gpu", memory.ScopeCTA: ".cta", memory.ScopeSystem: ".sys",
}

func (f *fn) emitGPUAtomic(op *ir.Operation) error {
	a := gpu.AtomicView{Operation: op}
	sem, ok1 := semPTX[a.Sem()]
	scope, ok2 := scopePTX[a.Scope()]
	if !ok1 || !ok2 {
		return ir.OpErrorf(op, "invalid memory semantic or scope")
	}
	addr, err := f.get(a.Ptr())
	if err != nil {
		return err
	}
	val, err := f.get(a.Value())
	if err != nil {
		return err
	}
	d, err := f.result(op, 0)
	if err != nil {
		return err
	}
	dw, err := f.wordOf(d)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	vw, err := f.wordOf(val)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	if val.parts != nil {
		f.packWord(&vw)
	} else {
		vw.reg = f.reg(val)
	}
	var opType string
	var operands string
	if op.Name() == "gpu.atomic_cas" {
		cmp, err := f.get(a.Compare())
		if err != nil {
			return err
		}
		opType = fmt.Sprintf("cas.b%d", vw.bits)
		operands = fmt.Sprintf("%s, %s", f.reg(cmp), vw.reg)
	} else {
		t, err := f.rmwType(op, a.Kind(), val)
		if err != nil {
			return err
		}
		opType = t
		operands = vw.reg
	}
	prefix, happens, err := f.guard(a.Pred())
	if err != nil {
		return err
	}
	if a.Pred() != nil {
		f.inss("mov.%s %s, %s", classInfo[dw.cls].movType, dw.reg, zero(dw.cls))
	}
	if happens {
		// Qualifiers in the order Triton's PTX spells them (PTX accepts
		// any order; Triton's tests search the text): the state space,
		// then scope and semantics for read-modify-writes, semantics and
		// scope for compare-and-swap.
		quals := space(addr.typ) + scope + sem
		if op.Name() == "gpu.atomic_cas" {
			quals = space(addr.typ) + sem + scope
		}
		f.inss("%satom%s.%s %s, [%s], %s", prefix, quals, opType, dw.reg, f.reg(addr), operands)
	}
	if d.parts != nil {
		f.unpackWord(d.leaves(), dw.reg, dw.cls)
	}
	return nil
}

// rmwType is the operation and type suffix of an atom for kind k on val.
func (f *fn) rmwType(op *ir.Operation, k memory.RMWOp, val *value) (string, error) {
	t := val.typ
	w := bitWidth(t)
	if val.parts != nil {
		// Packed halves: only fadd, as f16x2/bf16x2.
		if k != memory.RMWFAdd {
			return "", errUnsupported(op, t)
		}
		ft := ftype(val.parts[0].typ)
		if ft == "bf16" && f.m.arch.sm < 90 {
			return "", errUnsupported(op, t)
		}
		return "add.noftz." + ft + "x2", nil
	}
	switch k {
	case memory.RMWAnd:
		return fmt.Sprintf("and.b%d", w), nil
	case memory.RMWOr:
		return fmt.Sprintf("or.b%d", w), nil
	case memory.RMWXor:
		return fmt.Sprintf("xor.b%d", w), nil
	case memory.RMWAdd:
		return fmt.Sprintf("add.u%d", w), nil
	case memory.RMWMax:
		return fmt.Sprintf("max.s%d", w), nil
	case memory.RMWMin:
		return fmt.Sprintf("min.s%d", w), nil
	case memory.RMWUMax:
		return fmt.Sprintf("max.u%d", w), nil
	case memory.RMWUMin:
		return fmt.Sprintf("min.u%d", w), nil
	case memory.RMWXchg:
		if w == 16 {
			return "", ir.OpErrorf(op, "PTX has no 16-bit atomic exchange")
		}
		return fmt.Sprintf("exch.b%d", w), nil
	case memory.RMWFAdd:
		switch ft := ftype(t); ft {
		case "f32", "f64":
			return "add." + ft, nil
		case "f16":
			return "add.noftz.f16", nil
		case "bf16":
			if f.m.arch.sm < 90 {
				return "", errUnsupported(op, t)
			}
			return "add.noftz.bf16", nil
		}
	}
	return "", errUnsupported(op, t)
}
