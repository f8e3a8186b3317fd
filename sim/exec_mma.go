package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
)

// gpu.mma_sync: a warp collective. When the 32 lanes have arrived, it
// reads every lane's A, B and C fragment elements in place from its
// registers into the MxK and NxK operand matrices, and computes each
// lane's D elements from them (mma.go says how the sum is formed and
// rounded). The fragment of each operand, shape and element size is the
// dialect's table (PTX ISA "Matrix fragments for mma.m16n8k*"); the
// simulator precomputes, per lane and element, the matrix position it
// stands for.

func init() {
	define(compileMMASync, gpu.MMASyncOp)
}

// mmaSync is a compiled gpu.mma_sync.
type mmaSync struct {
	shape      gpu.Shape
	types      gpu.MMATypes
	satfinite  bool
	isInt      bool
	na, nb, nc int
	// aPos[lane*na+i] is the index in A (m*K+k) of lane's element i; bPos
	// likewise in B transposed (n*K+k), cPos in C and D (m*N+n).
	aPos, bPos, cPos []int32
}

func compileMMASync(c *compiler, in *instr) error {
	if c.prog.Lanes != 32 {
		return fmt.Errorf("gpu.mma_sync needs warps of 32 lanes, the module has %d", c.prog.Lanes)
	}
	s, ts := gpu.ShapeOf(in.op), gpu.TypesOf(in.op)
	sat := gpu.MMASyncView{Operation: in.op}.Satfinite()
	if _, err := gpu.MMASyncForm(s, ts, sat); err != nil {
		return err
	}
	m := &mmaSync{shape: s, types: ts, satfinite: sat, isInt: ts.A.IsInt8()}
	m.na, m.nb, m.nc = gpu.MMASyncCounts(s)
	if len(in.args) != m.na+m.nb+m.nc || len(in.res) != m.nc {
		return fmt.Errorf("gpu.mma_sync %s takes %d operands and gives %d results", s, m.na+m.nb+m.nc, m.nc)
	}
	bits := ts.A.Bits()
	for lane := 0; lane < 32; lane++ {
		for i := 0; i < m.na; i++ {
			r, k := mmaAPosition(s.K, bits, lane, i)
			m.aPos = append(m.aPos, int32(r*s.K+k))
		}
		for i := 0; i < m.nb; i++ {
			k, n := mmaBPosition(s.K, bits, lane, i)
			m.bPos = append(m.bPos, int32(n*s.K+k))
		}
		for i := 0; i < m.nc; i++ {
			r, n := mmaCPosition(lane, i)
			m.cPos = append(m.cPos, int32(r*s.N+n))
		}
	}
	in.kind = kindCollective
	in.coll = &collective{scope: scopeWarp, run: m.run}
	return nil
}

// mmaAPosition is the (row, k) of A element i of lane: the dialect's
// fragment table, with g = lane>>2 and t = lane&3.
func mmaAPosition(K, bits, lane, i int) (int, int) {
	g, t := lane>>2, lane&3
	switch {
	case bits == 64: // m8n8k4 has one element (i = 0), the m16 shapes 2, 4 or 8
		return g + 8*(i&1), t + 4*(i>>1)
	case bits == 16 && K == 16:
		return g + 8*(i>>1&1), 2*t + i&1 + 8*(i>>2)
	case bits == 16:
		return g + 8*(i>>1), 2*t + i&1
	case bits == 32:
		return g + 8*(i&1), t + 4*(i>>1)
	case K == 32:
		return g + 8*(i>>2&1), 4*t + i&3 + 16*(i>>3)
	}
	return g + 8*(i>>2), 4*t + i&3 // 8-bit, k16
}

// mmaBPosition is the (k, n) of B element i of lane.
func mmaBPosition(K, bits, lane, i int) (int, int) {
	g, t := lane>>2, lane&3
	switch {
	case bits == 32 || bits == 64:
		return t + 4*i, g
	case bits == 16 && K == 16:
		return 2*t + i&1 + 8*(i>>1), g
	case bits == 16:
		return 2*t + i, g
	case K == 32:
		return 4*t + i&3 + 16*(i>>2), g
	}
	return 4*t + i, g // 8-bit, k16
}

// mmaCPosition is the (row, n) of C and D element i of lane: rows g and
// g+8 (i>>1) of an m16 tile, row g alone of an m8 one (two elements),
// columns 2t and 2t+1.
func mmaCPosition(lane, i int) (int, int) {
	return lane>>2 + 8*(i>>1), 2*(lane&3) + i&1
}

// run computes the warp's product: gather A and B from every lane, then
// each lane's D elements from its C elements.
func (m *mmaSync) run(c *cta, ins []*instr, warp []*thread) error {
	in := ins[0]
	s := m.shape
	aArgs, bArgs, cArgs := in.args[:m.na], in.args[m.na:m.na+m.nb], in.args[m.na+m.nb:]
	if m.isInt {
		a, b := c.mma.ints(s.M*s.K, s.N*s.K)
		for lane, th := range warp {
			r := th.regs
			for i, slot := range aArgs {
				a[m.aPos[lane*m.na+i]] = mmaInt(m.types.A, r[slot])
			}
			for i, slot := range bArgs {
				b[m.bPos[lane*m.nb+i]] = mmaInt(m.types.B, r[slot])
			}
		}
		for lane, th := range warp {
			r := th.regs
			for i, slot := range cArgs {
				p := int(m.cPos[lane*m.nc+i])
				row, col := p/s.N, p%s.N
				v := dotInt(mmaInt(gpu.MMAS32, r[slot]), a[row*s.K:(row+1)*s.K], b[col*s.K:(col+1)*s.K])
				r[in.res[i]] = roundInt(v, m.satfinite)
			}
		}
		return nil
	}
	a, b := c.mma.floats(s.M*s.K, s.N*s.K)
	raw := c.mma.rawBits(len(a) + len(b))
	rawA, rawB := raw[:len(a)], raw[len(a):]
	for lane, th := range warp {
		r := th.regs
		for i, slot := range aArgs {
			rawA[m.aPos[lane*m.na+i]] = r[slot]
		}
		for i, slot := range bArgs {
			rawB[m.bPos[lane*m.nb+i]] = r[slot]
		}
	}
	if m.types.D == gpu.MMAF64 {
		m.runF64(warp, in, rawA, rawB)
		return nil
	}
	decodeFloats(m.types.A, rawA, a)
	decodeFloats(m.types.B, rawB, b)
	K := s.K
	for lane, th := range warp {
		// The lane's C and D elements are the 2x2 block at rows g, g+8 and
		// columns 2t, 2t+1, in that order.
		r := th.regs
		row, col := lane>>2, 2*(lane&3)
		var acc [4]float64
		for i, slot := range cArgs {
			acc[i] = mmaFloat(m.types.D, r[slot])
		}
		dot2x2(&acc, a[row*K:(row+1)*K], a[(row+8)*K:(row+9)*K], b[col*K:(col+1)*K], b[(col+1)*K:(col+2)*K])
		for i, v := range acc {
			r[in.res[i]] = roundFloat(m.types.D, v)
		}
	}
	return nil
}

// runF64 computes each lane's D elements of an f64 mma from the gathered
// A (MxK) and transposed B (NxK) bit patterns: C, then one fused
// multiply-add per k in ascending k, each rounded to nearest even (mma.go).
func (m *mmaSync) runF64(warp []*thread, in *instr, rawA, rawB []uint64) {
	K := m.shape.K
	cArgs := in.args[m.na+m.nb:]
	for lane, th := range warp {
		r := th.regs
		var acc [4]float64
		for i, slot := range cArgs {
			acc[i] = math.Float64frombits(r[slot])
		}
		for i := range cArgs {
			p := int(m.cPos[lane*m.nc+i])
			row, col := p/m.shape.N, p%m.shape.N
			for k := 0; k < K; k++ {
				acc[i] = math.FMA(math.Float64frombits(rawA[row*K+k]), math.Float64frombits(rawB[col*K+k]), acc[i])
			}
			r[in.res[i]] = math.Float64bits(acc[i])
		}
	}
}
