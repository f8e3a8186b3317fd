package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/numeric"
)

// gpu.mfma: a wavefront collective. When the 64 lanes have arrived, it
// reads every lane's kBase A and B elements and its accumulator elements
// in place from its registers into the MxK and NxK operand matrices, by
// the dialect's lane mapping (gpu.MFMAElem, CDNA3's v_mfma register
// layout), and computes each lane's D elements. The arithmetic is the
// tensor cores' (mma.go): exact products, the float sum formed in
// float64 (C first, then ascending k) and rounded once to f32; xf32
// operands lose their 13 low mantissa bits; fp8 and bf8 are CDNA3's FNUZ
// formats (E4M3FNUZ, E5M2FNUZ: one NaN, 0x80, and no infinities); the i32
// sum wraps.
//
// The AMD scheduling hints (gpu.sched_barrier, sched_group_barrier,
// set_priority) change no value and run as no-ops, and so does
// gpu.memory_counter_wait: the simulator completes every memory access
// when it issues it, so no access is ever in flight; gpu.cond_barrier is
// the block barrier for the threads whose predicate holds (arrivals at
// any barrier count, as with s_barrier), a no-op for the others.

func init() {
	define(compileMFMA, gpu.MFMAOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(*thread, *instr) error { return nil }
		return nil
	}, gpu.SchedBarrierOp, gpu.SchedGroupBarrierOp, gpu.SetPriorityOp, gpu.MemoryCounterWaitOp)
	define(compileCondBarrier, gpu.CondBarrierOp)
}

// mfma is a compiled gpu.mfma.
type mfma struct {
	shape gpu.Shape
	types gpu.MFMATypes
	form  gpu.MFMAForm
	// aPos[lane*kBase+i] is the index in A (m*K+k) of lane's element i;
	// bPos likewise in B transposed (n*K+k), cPos in C and D (m*N+n).
	aPos, bPos, cPos []int32
}

func compileMFMA(c *compiler, in *instr) error {
	if c.prog.Lanes != 64 {
		return fmt.Errorf("gpu.mfma needs wavefronts of 64 lanes, the module has %d", c.prog.Lanes)
	}
	s, ts := gpu.ShapeOf(in.op), gpu.MFMATypesOf(in.op)
	form, err := gpu.MFMAFormOf(s, ts)
	if err != nil {
		return err
	}
	if len(in.args) != 2*form.KBase+form.NumC || len(in.res) != form.NumC {
		return fmt.Errorf("gpu.mfma %s takes %d operands and gives %d results", s, 2*form.KBase+form.NumC, form.NumC)
	}
	m := &mfma{shape: s, types: ts, form: form}
	for lane := 0; lane < 64; lane++ {
		for i := 0; i < form.KBase; i++ {
			r, k := gpu.MFMAElem(s, form.KBase, 'a', lane, i)
			m.aPos = append(m.aPos, int32(r*s.K+k))
			k, n := gpu.MFMAElem(s, form.KBase, 'b', lane, i)
			m.bPos = append(m.bPos, int32(n*s.K+k))
		}
		for i := 0; i < form.NumC; i++ {
			r, n := gpu.MFMAElem(s, form.KBase, 'c', lane, i)
			m.cPos = append(m.cPos, int32(r*s.N+n))
		}
	}
	in.kind = kindCollective
	in.coll = &collective{scope: scopeWarp, run: m.run}
	return nil
}

// fnuz values of CDNA3's fp8 (E4M3FNUZ) and bf8 (E5M2FNUZ) by bit pattern.
var e4m3fnuzValues, e5m2fnuzValues [256]float64

func init() {
	for i := range e4m3fnuzValues {
		e4m3fnuzValues[i] = numeric.F8E4M3FNUZ.ToFloat64(uint32(i))
		e5m2fnuzValues[i] = numeric.F8E5M2FNUZ.ToFloat64(uint32(i))
	}
}

// mfmaFloat is the value of a float element of type t.
func mfmaFloat(t gpu.MFMAType, b uint64) float64 {
	switch t {
	case gpu.MFMAF16:
		return float64(numeric.F16ToFloat32(uint16(b)))
	case gpu.MFMABF16:
		return float64(math.Float32frombits(uint32(b&0xffff) << 16))
	case gpu.MFMAXF32:
		return float64(math.Float32frombits(uint32(b) &^ 0x1fff))
	case gpu.MFMAFP8:
		return e4m3fnuzValues[b&0xff]
	case gpu.MFMABF8:
		return e5m2fnuzValues[b&0xff]
	}
	return float64(math.Float32frombits(uint32(b)))
}

// run computes the wavefront's product.
func (m *mfma) run(c *cta, ins []*instr, wave []*thread) error {
	in := ins[0]
	s, kb, nc := m.shape, m.form.KBase, m.form.NumC
	aArgs, bArgs, cArgs := in.args[:kb], in.args[kb:2*kb], in.args[2*kb:]
	if m.types.D == gpu.MFMAI32 {
		a, b := c.mma.ints(s.M*s.K, s.N*s.K)
		for lane, th := range wave {
			r := th.regs
			for i, slot := range aArgs {
				a[m.aPos[lane*kb+i]] = int64(int8(r[slot]))
			}
			for i, slot := range bArgs {
				b[m.bPos[lane*kb+i]] = int64(int8(r[slot]))
			}
		}
		for lane, th := range wave {
			r := th.regs
			for i, slot := range cArgs {
				p := int(m.cPos[lane*nc+i])
				row, col := p/s.N, p%s.N
				v := dotInt(int64(int32(r[slot])), a[row*s.K:(row+1)*s.K], b[col*s.K:(col+1)*s.K])
				r[in.res[i]] = roundInt(v, false)
			}
		}
		return nil
	}
	a, b := c.mma.floats(s.M*s.K, s.N*s.K)
	for lane, th := range wave {
		r := th.regs
		for i, slot := range aArgs {
			a[m.aPos[lane*kb+i]] = mfmaFloat(m.types.A, r[slot])
		}
		for i, slot := range bArgs {
			b[m.bPos[lane*kb+i]] = mfmaFloat(m.types.B, r[slot])
		}
	}
	for lane, th := range wave {
		r := th.regs
		for i, slot := range cArgs {
			p := int(m.cPos[lane*nc+i])
			row, col := p/s.N, p%s.N
			acc := dotFloat(float64(math.Float32frombits(uint32(r[slot]))), a[row*s.K:(row+1)*s.K], b[col*s.K:(col+1)*s.K])
			r[in.res[i]] = roundFloat(gpu.MMAF32, acc)
		}
	}
	return nil
}

// compileCondBarrier: the block barrier, taken by the threads whose
// predicate holds.
func compileCondBarrier(c *compiler, in *instr) error {
	in.kind, in.coll = kindCollective, condBarrier
	return nil
}

// condBarrier arrives at the block barrier (barrier's action) when the
// predicate holds.
var condBarrier = &collective{scope: scopeCTA, anyInstance: true, run: barrier.run, family: barrier,
	skip: func(regs []uint64, in *instr) bool { return regs[in.a]&1 == 0 }}
