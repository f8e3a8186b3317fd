package ttgtogpu

import (
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// tt.dot on MFMA (Triton 3.6's AMD DotOpMFMAConversion). The result has
// an amd_mfma layout: each wavefront owns MxN tiles of it, one MFMA
// accumulator each, and the operands are #ttg.dot_op of that layout,
// each lane holding kWidth consecutive elements of K per tile (kWidth is
// the instruction's kBase times kPack). For every tile of the result, in
// the order batch, m, n, and along K within the tile (as 3.6 chains the
// accumulator), one gpu.mfma takes the lane's kBase A and B elements and
// its accumulator elements and gives the new accumulator.
//
// A transposed layout (isTransposed) has the instruction compute D^T =
// B^T A^T: its A operand is fed with B's elements and its rows are the
// result's columns, which makes each lane hold a row segment of the
// result (for vectorized stores).
//
// As for mma.sync, registers are matched by coordinates at thread 0, and
// the layouts are checked to move with the lanes and warps as the
// instruction's elements and tiles do. K is the one dimension that may be
// permuted: the order in which a lane's K registers and K lane groups
// walk K (kPack splits a lane's kWidth elements over kPack instructions)
// is read off the operand layouts and must be the same for A and B.

// mfmaInstr is the MFMA instruction of a dot.
type mfmaInstr struct {
	shape gpu.Shape
	types gpu.MFMATypes
	form  gpu.MFMAForm
}

func (l *lowering) lowerMFMADot(op *ir.Operation, ts dotOperands, enc *ttg.AMDMfmaEncoding, e *emitter, rw *conversion.Rewriter) error {
	kWidths, err := checkDotOperands(op, ts)
	if err != nil {
		return err
	}
	instr, err := l.target.mfma(enc, ts.a.Elem, ts.b.Elem, ts.d.Elem, tt.DotOp{Operation: op}.InputPrecision())
	if err != nil {
		return ir.OpErrorf(op, "tt.dot: %v", err)
	}
	// A kWidth below kBase (gfx950's double-rate forms take 8 elements a
	// lane; a chained dot's operand has kWidth 4) gives the instruction
	// a lane's elements from two or more kWidth runs of K: another order
	// of K, which planMFMA reads off the layouts and checks is A's and
	// B's alike, as 3.6 issues them.
	for i, kw := range kWidths {
		if kw%instr.form.KBase != 0 && instr.form.KBase%kw != 0 {
			return ir.OpErrorf(op, "tt.dot: operand %s has kWidth %d, neither a multiple nor a divisor of the %s instruction's %d elements per lane",
				operandName[i], kw, instr.shape, instr.form.KBase)
		}
	}
	p, err := l.planMFMA(op, ts, enc.IsTransposed, instr)
	if err != nil {
		return err
	}
	av, bv := rw.RemappedN(op.Operand(0)), rw.RemappedN(op.Operand(1))
	// The instruction's A and B sources: swapped for a transposed layout.
	xv, yv := av, bv
	if enc.IsTransposed {
		xv, yv = bv, av
	}
	p.issue(op, rw, func(s mmaStep, acc []ir.Value) []ir.Value {
		return gpu.NewMFMA(e.b, e.loc, instr.shape, instr.types, pick(xv, s.a), pick(yv, s.b), acc).Results()
	})
	return nil
}

// mfmaKOrder is how an operand layout walks K: the K offsets of the
// instruction's elements (its first register bits along K), of its lane
// groups (the lane bits above the rows), and of the instruction steps
// (the remaining register bits along K, lowest first).
type mfmaKOrder struct {
	elem, group, step []int32
}

func (k mfmaKOrder) equal(o mfmaKOrder) bool {
	return slices.Equal(k.elem, o.elem) && slices.Equal(k.group, o.group) && slices.Equal(k.step, o.step)
}

// at returns the K coordinate of step s, lane group g, element i.
func (k mfmaKOrder) at(s, g, i int) int32 {
	var c int32
	for j, b := range k.elem {
		if i>>j&1 != 0 {
			c ^= b
		}
	}
	for j, b := range k.group {
		if g>>j&1 != 0 {
			c ^= b
		}
	}
	for j, b := range k.step {
		if s>>j&1 != 0 {
			c ^= b
		}
	}
	return c
}

// mfmaKOrderOf reads the K order of an operand layout whose rows (or
// columns) are dim rd and K is dim kd: the lanes below M must move along
// rd by 1, 2, 4, ..., the lanes above along K only, and the registers
// along K only or not at all.
func mfmaKOrderOf(lay *regLayout, rd, kd int, instr mfmaInstr, k int) (mfmaKOrder, error) {
	var ko mfmaKOrder
	rowBits := log2(int64(instr.shape.M))
	if lay.laneBits != 6 {
		return ko, fmt.Errorf("the layout spreads over %d lanes, an MFMA over 64", 1<<lay.laneBits)
	}
	for j := 0; j < lay.laneBits; j++ {
		c := lay.tidBases[j]
		if j < rowBits {
			want := make([]int32, len(c))
			want[rd] = 1 << j
			if !slices.Equal(c, wrapCoords(want, lay.shape)) {
				return ko, fmt.Errorf("lane %d holds %v, the MFMA's lane holds row %d", 1<<j, c, 1<<j)
			}
			continue
		}
		if !onlyDim(c, kd) {
			return ko, fmt.Errorf("lane %d must move along K, as the MFMA's lane groups do; it moves by %v", 1<<j, c)
		}
		ko.group = append(ko.group, c[kd])
	}
	kBaseBits := log2(int64(instr.form.KBase))
	for j := 0; 1<<j < lay.numRegs; j++ {
		c := lay.regs[1<<j]
		switch {
		case onlyDim(c, kd):
			if len(ko.elem) < kBaseBits {
				ko.elem = append(ko.elem, c[kd])
			} else {
				ko.step = append(ko.step, c[kd])
			}
		case c[kd] != 0:
			return ko, fmt.Errorf("register %d moves along K and another dimension at once", 1<<j)
		}
	}
	if len(ko.elem) != kBaseBits {
		return ko, fmt.Errorf("a lane holds %d consecutive K elements, the instruction takes %d", 1<<len(ko.elem), instr.form.KBase)
	}
	// Every K coordinate exactly once.
	seen := map[int32]bool{}
	n := 1 << (len(ko.elem) + len(ko.group) + len(ko.step))
	if n != k {
		return ko, fmt.Errorf("the layout covers %d elements of K, the dot has %d", n, k)
	}
	for s := 0; s < 1<<len(ko.step); s++ {
		for g := 0; g < 1<<len(ko.group); g++ {
			for i := 0; i < 1<<len(ko.elem); i++ {
				c := ko.at(s, g, i)
				if seen[c] || int(c) >= n {
					return ko, fmt.Errorf("the layout's K offsets do not cover K once")
				}
				seen[c] = true
			}
		}
	}
	return ko, nil
}

// planMFMA matches the registers of the operands and the result to the
// instruction's elements.
func (l *lowering) planMFMA(op *ir.Operation, ts dotOperands, transposed bool, instr mfmaInstr) (*mmaPlan, error) {
	la, lb, ld, err := l.dotLayouts(op, ts)
	if err != nil {
		return nil, err
	}
	rank := ld.rank()
	m, n := rank-2, rank-1
	kA, kB := rank-1, rank-2
	k := int(ts.a.Dims[kA])
	if k < instr.shape.K || k%instr.shape.K != 0 {
		return nil, ir.OpErrorf(op, "tt.dot: K = %d is not a multiple of the %s instruction's %d", k, instr.shape, instr.shape.K)
	}
	// The instruction's A (x) and B (y) sources and the result dims that
	// are the instruction's rows and columns.
	x, y, xRow, xK, yCol, yK := la, lb, m, kA, n, kB
	dRow, dCol := m, n
	if transposed {
		x, y, xRow, xK, yCol, yK = lb, la, n, kB, m, kA
		dRow, dCol = n, m
	}
	xo, err := mfmaKOrderOf(x, xRow, xK, instr, k)
	if err != nil {
		return nil, ir.OpErrorf(op, "tt.dot: the MFMA's A operand: %v", err)
	}
	yo, err := mfmaKOrderOf(y, yCol, yK, instr, k)
	if err != nil {
		return nil, ir.OpErrorf(op, "tt.dot: the MFMA's B operand: %v", err)
	}
	if !xo.equal(yo) {
		return nil, ir.OpErrorf(op, "tt.dot: operands A and B walk K differently (%v and %v)", xo, yo)
	}
	// The result's lanes move as the instruction's accumulator's.
	for j := 0; j < ld.laneBits; j++ {
		r0, c0 := gpu.MFMAElem(instr.shape, instr.form.KBase, 'c', 0, 0)
		r1, c1 := gpu.MFMAElem(instr.shape, instr.form.KBase, 'c', 1<<j, 0)
		want := make([]int32, rank)
		want[dRow], want[dCol] = int32(r1^r0), int32(c1^c0)
		if w := wrapCoords(want, ld.shape); !slices.Equal(ld.tidBases[j], w) {
			return nil, ir.OpErrorf(op, "tt.dot: lane %d of the result holds %v, the MFMA's accumulator lane holds %v", 1<<j, ld.tidBases[j], w)
		}
	}
	// Warps move by whole tiles, the operands with the result's rows and
	// columns.
	for j := ld.laneBits; j < len(ld.tidBases); j++ {
		w := ld.tidBases[j]
		if w[dRow]%int32(instr.shape.M) != 0 || w[dCol]%int32(instr.shape.N) != 0 {
			return nil, ir.OpErrorf(op, "tt.dot: warp bit %d of the result moves by %v, not by whole %dx%d tiles", j-ld.laneBits, w, instr.shape.M, instr.shape.N)
		}
		wantA, wantB := slices.Clone(w), slices.Clone(w)
		wantA[kA], wantA[n] = 0, 0
		wantB[kB], wantB[m] = 0, 0
		if !slices.Equal(la.tidBases[j], wrapCoords(wantA, la.shape)) || !slices.Equal(lb.tidBases[j], wrapCoords(wantB, lb.shape)) {
			return nil, ir.OpErrorf(op, "tt.dot: warp bit %d moves the result by %v, but operand A by %v and B by %v", j-ld.laneBits, w, la.tidBases[j], lb.tidBases[j])
		}
	}
	// The tiles, by their origin at thread 0: batch, then m, then n
	// (M = N: a tile is square in either orientation).
	origins := tileOrigins(ld, m, n, int32(instr.shape.M), int32(instr.shape.N))
	// rowCol is a tile's origin in the instruction's rows and columns.
	rowCol := func(o tileOrigin) (int32, int32) {
		if transposed {
			return o.n, o.m
		}
		return o.m, o.n
	}
	find := func(lay *regLayout, c []int32, shape []int64, what string) (int, error) {
		return regHolding(op, lay, c, shape, what, "the MFMA")
	}
	p := &mmaPlan{out: make([]tileElem, ld.numRegs)}
	byCoord := map[string]tileElem{}
	for ti, o := range origins {
		t := mmaTile{c: make([]int, instr.form.NumC)}
		for i := range t.c {
			r, c := gpu.MFMAElem(instr.shape, instr.form.KBase, 'c', 0, i)
			co := make([]int32, rank)
			if rank == 3 {
				co[0] = o.b
			}
			or, oc := rowCol(o)
			co[dRow], co[dCol] = or+int32(r), oc+int32(c)
			if t.c[i], err = find(ld, co, ts.d.Dims, "the accumulator"); err != nil {
				return nil, err
			}
			key := coordKey(wrapCoords(co, ts.d.Dims))
			if _, ok := byCoord[key]; !ok {
				byCoord[key] = tileElem{ti, i}
			}
		}
		p.tiles = append(p.tiles, t)
	}
	for r, c := range ld.regs {
		s, ok := byCoord[coordKey(c)]
		if !ok {
			return nil, ir.OpErrorf(op, "tt.dot: result register %d (element %v) is in no MFMA tile", r, c)
		}
		p.out[r] = s
	}
	numSteps := 1 << len(xo.step)
	for ti, o := range origins {
		for s := 0; s < numSteps; s++ {
			st := mmaStep{tile: ti, a: make([]int, instr.form.KBase), b: make([]int, instr.form.KBase)}
			for i := 0; i < instr.form.KBase; i++ {
				kc := xo.at(s, 0, i)
				cx := make([]int32, rank)
				cy := make([]int32, rank)
				if rank == 3 {
					cx[0], cy[0] = o.b, o.b
				}
				or, oc := rowCol(o)
				cx[xRow], cx[xK] = or, kc
				cy[yK], cy[yCol] = kc, oc
				if st.a[i], err = find(x, cx, x.shape, "the MFMA's A operand"); err != nil {
					return nil, err
				}
				if st.b[i], err = find(y, cy, y.shape, "the MFMA's B operand"); err != nil {
					return nil, err
				}
			}
			p.steps = append(p.steps, st)
		}
	}
	return p, nil
}
