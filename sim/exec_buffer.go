package sim

import (
	"github.com/ttcompiler/tt/dialects/gpu"
)

// gpu.buffer_load and gpu.buffer_store: the access is at base + offset,
// the offset an unsigned 32-bit byte count; an access reaching past the
// buffer's gpu.BufferRange bytes reads zeros and writes nothing (AMD's
// raw buffer range check), without touching memory. Where the predicate
// is false a load's results are its others (zeros without them) and a
// store does nothing.

func init() {
	define(compileBufferLoad, gpu.BufferLoadOp)
	define(compileBufferStore, gpu.BufferStoreOp)
}

// inBufferRange reports whether n bytes at byte offset off lie inside the
// buffer resource.
func inBufferRange(off uint64, n int) bool {
	return uint64(uint32(off))+uint64(n) <= gpu.BufferRange
}

func compileBufferLoad(c *compiler, in *instr) error {
	v := gpu.BufferView{Operation: in.op}
	m := &memAccess{bytes: bitWidth(in.op.Result(0).Type()) / 8, words: in.op.NumResults(), pred: in.args[2]}
	if len(v.Rest()) > 0 {
		m.values = in.args[3:]
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		n := m.bytes * m.words
		if r[m.pred]&1 == 0 || !inBufferRange(r[in.b], n) {
			for i, d := range in.res {
				r[d] = 0
				if r[m.pred]&1 == 0 && m.values != nil {
					r[d] = r[m.values[i]]
				}
			}
			return nil
		}
		addr := r[in.a] + uint64(uint32(r[in.b]))
		return th.do(access{op: in.op, addr: addr, n: n, kind: Read}, func(b []byte) {
			for i, d := range in.res {
				r[d] = word(b[i*m.bytes : (i+1)*m.bytes])
			}
		})
	}
	return nil
}

func compileBufferStore(c *compiler, in *instr) error {
	vals := gpu.BufferView{Operation: in.op}.Rest()
	m := &memAccess{bytes: bitWidth(vals[0].Type()) / 8, words: len(vals), pred: in.args[2], values: in.args[3:]}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		n := m.bytes * m.words
		if r[m.pred]&1 == 0 || !inBufferRange(r[in.b], n) {
			return nil
		}
		addr := r[in.a] + uint64(uint32(r[in.b]))
		return th.do(access{op: in.op, addr: addr, n: n, kind: Write}, func(b []byte) {
			for i, v := range m.values {
				putWord(b[i*m.bytes:(i+1)*m.bytes], r[v])
			}
		})
	}
	return nil
}
