package ttgtogpu

import (
	"fmt"
	"slices"
	"sort"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// tt.dot on mma.sync (Triton 3.6's MMAv2 conversion). The result has an
// nvidia_mma version 2 layout: each warp owns 16x8 tiles of it, one
// mma.sync accumulator fragment each, and the operands are #ttg.dot_op of
// that layout, holding the A rows and B columns of the warp's tiles. The
// target picks the instruction for the element types (m16n8k16 for
// f16/bf16, m16n8k8 for tf32, m16n8k32 for 8-bit integers and, from
// sm_89, fp8; for f64, m8n8k4 up to sm_89 and m16n8k16 on sm_90, as
// 3.6's Ampere and "HopperF64" paths). For every tile of the result
// (16x8, or 8x8 for m8n8k4), in increasing k (the order
// that decides the accumulator's roundings, as in 3.6: batch, k, m, n),
// one gpu.mma_sync takes the thread's A, B and C fragment elements and
// gives the new C.
//
// Which register goes into which fragment element is found by
// coordinates, never by register order: the lowering works at lane 0 of
// warp 0 (thread 0), where register r of a layout holds exactly regs[r],
// looks up the element each fragment slot needs, and checks that the
// layouts move the operands with the lanes and warps as the fragments and
// tiles move (so the same registers serve every thread). K is the one
// dimension an instruction may permute (kSplit, mmafrag.go), and it is
// permuted alike for A and B. Coordinates are taken modulo the tensor's
// shape, as the layouts broadcast a tensor smaller than their tile: the
// repeated rows or columns compute repeated results. maxNumImpreciseAcc
// changes nothing here, as in 3.6 (it is a Hopper wgmma fp8 mode).

// mmaInstr is an mma.sync instruction.
type mmaInstr struct {
	shape     gpu.Shape
	types     gpu.MMATypes
	satfinite bool
}

// mmaSyncTypes maps tt element types to the PTX types of mma.sync, as
// Triton 3.6's getMmaTypeDot: the instruction for A x B -> D, or why
// there is none.
func mmaSyncTypes(a, b, d ir.Type, prec tt.InputPrecision) (mmaInstr, error) {
	fp8 := func(t ir.Type) gpu.MMAType {
		if ft, ok := t.(*ir.FloatType); ok {
			switch ft.Kind {
			case ir.F8E4M3FN:
				return gpu.MMAE4M3
			case ir.F8E5M2:
				return gpu.MMAE5M2
			}
		}
		return gpu.MMAInvalid
	}
	fa, fb := fp8(a), fp8(b)
	switch {
	case isF32(d) && isF16(a) && isF16(b):
		return mmaInstr{gpu.Shape{M: 16, N: 8, K: 16}, gpu.MMATypes{D: gpu.MMAF32, A: gpu.MMAF16, B: gpu.MMAF16}, false}, nil
	case isF32(d) && promoted(a) && promoted(b):
		return mmaInstr{gpu.Shape{M: 16, N: 8, K: 16}, gpu.MMATypes{D: gpu.MMAF32, A: gpu.MMABF16, B: gpu.MMABF16}, false}, nil
	case isF16(d) && isF16(a) && isF16(b):
		return mmaInstr{gpu.Shape{M: 16, N: 8, K: 16}, gpu.MMATypes{D: gpu.MMAF16, A: gpu.MMAF16, B: gpu.MMAF16}, false}, nil
	case (isF32(d) || isF16(d)) && fa != gpu.MMAInvalid && fb != gpu.MMAInvalid:
		dt := gpu.MMAF32
		if isF16(d) {
			dt = gpu.MMAF16
		}
		return mmaInstr{gpu.Shape{M: 16, N: 8, K: 32}, gpu.MMATypes{D: dt, A: fa, B: fb}, false}, nil
	case isF32(d) && isF32(a) && isF32(b):
		if prec != tt.PrecisionTF32 {
			return mmaInstr{}, fmt.Errorf("an f32 dot with inputPrecision = %s has no mma.sync form (tf32 is m16n8k8; ieee dots are FMA dots, tf32x3 and bf16x3 are split by F32DotTC)", prec)
		}
		return mmaInstr{gpu.Shape{M: 16, N: 8, K: 8}, gpu.MMATypes{D: gpu.MMAF32, A: gpu.MMATF32, B: gpu.MMATF32}, false}, nil
	case ir.IsInteger(d, 32) && ir.IsInteger(a, 8) && ir.IsInteger(b, 8):
		return mmaInstr{gpu.Shape{M: 16, N: 8, K: 32}, gpu.MMATypes{D: gpu.MMAS32, A: gpu.MMAS8, B: gpu.MMAS8}, true}, nil
	case isF64(d) && isF64(a) && isF64(b):
		// Ampere's one f64 shape; sm_90 has m16n8k16 (the target says).
		return mmaInstr{gpu.Shape{M: 8, N: 8, K: 4}, gpu.MMATypes{D: gpu.MMAF64, A: gpu.MMAF64, B: gpu.MMAF64}, false}, nil
	}
	return mmaInstr{}, fmt.Errorf("no mma.sync multiplies %s by %s into %s", asm.TypeString(a), asm.TypeString(b), asm.TypeString(d))
}

// checkDotOperands checks that A and B are dot operands of the result's
// layout and C has the result's type, and returns the operands' kWidths.
func checkDotOperands(op *ir.Operation, ts dotOperands) ([2]int, error) {
	var kWidths [2]int
	for i, t := range []*ir.RankedTensorType{ts.a, ts.b} {
		oe, err := dotOperandParent(op, t, i)
		if err != nil {
			return kWidths, err
		}
		if oe.Parent != ts.d.Encoding {
			return kWidths, ir.OpErrorf(op, "tt.dot: the layout of operand %s is a dot operand of %s, not of the result's layout", operandName[i], layoutName(oe.Parent))
		}
		kWidths[i] = oe.KWidth
	}
	if ts.c.Encoding != ts.d.Encoding || ts.c.Elem != ts.d.Elem {
		return kWidths, ir.OpErrorf(op, "tt.dot: the accumulator C must have the result's type %s, got %s", asm.TypeString(ts.d), asm.TypeString(ts.c))
	}
	return kWidths, nil
}

// operandName names dot operand i in diagnostics.
var operandName = [2]string{"A", "B"}

func (l *lowering) lowerMMAv2Dot(op *ir.Operation, ts dotOperands, enc *ttg.NvidiaMmaEncoding, e *emitter, rw *conversion.Rewriter) error {
	kWidths, err := checkDotOperands(op, ts)
	if err != nil {
		return err
	}
	if len(enc.InstrShape) < 2 || enc.InstrShape[len(enc.InstrShape)-2] != 16 || enc.InstrShape[len(enc.InstrShape)-1] != 8 {
		return ir.OpErrorf(op, "tt.dot: an nvidia_mma version 2 layout has instrShape [16, 8], got %v", enc.InstrShape)
	}
	instr, err := l.target.mmaSync(ts.a.Elem, ts.b.Elem, ts.d.Elem, tt.DotOp{Operation: op}.InputPrecision())
	if err != nil {
		return ir.OpErrorf(op, "tt.dot: %v", err)
	}
	if instr.types.A == gpu.MMAF64 && (kWidths[0] != 1 || kWidths[1] != 1) {
		// 3.6 builds f64 operands with kWidth 1 and has no "largeK" f64
		// grouping (it asserts against one).
		return ir.OpErrorf(op, "tt.dot: f64 mma operands need kWidth = 1, got %d and %d", kWidths[0], kWidths[1])
	}
	p, err := l.planMMA(op, ts, instr, kWidths)
	if err != nil {
		return err
	}
	av, bv := rw.RemappedN(op.Operand(0)), rw.RemappedN(op.Operand(1))
	p.issue(op, rw, func(s mmaStep, acc []ir.Value) []ir.Value {
		return gpu.NewMMASync(e.b, e.loc, instr.shape, instr.types, instr.satfinite, pick(av, s.a), pick(bv, s.b), acc).Results()
	})
	return nil
}

// pick returns the values of the given registers.
func pick(vals []ir.Value, regs []int) []ir.Value {
	out := make([]ir.Value, len(regs))
	for i, r := range regs {
		out[i] = vals[r]
	}
	return out
}

// issue emits the plan's instructions in order, one call of instr per
// step with the step's tile's accumulator (which instr returns anew),
// starting from the dot's C, and replaces the dot by its result.
func (p *mmaPlan) issue(op *ir.Operation, rw *conversion.Rewriter, instr func(s mmaStep, acc []ir.Value) []ir.Value) {
	cv := rw.RemappedN(op.Operand(2))
	acc := make([][]ir.Value, len(p.tiles))
	for ti, tile := range p.tiles {
		acc[ti] = pick(cv, tile.c)
	}
	for _, s := range p.steps {
		acc[s.tile] = instr(s, acc[s.tile])
	}
	out := make([]ir.Value, len(p.out))
	for r, s := range p.out {
		out[r] = acc[s.tile][s.elem]
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
}

// mmaPlan is the instructions of an mma dot, in registers of thread 0:
// the accumulator tiles, the instructions in issue order, and where each
// result register comes from.
type mmaPlan struct {
	tiles []mmaTile
	steps []mmaStep
	out   []tileElem // per result register
}

type mmaTile struct {
	c []int // the C registers of the fragment
}

type mmaStep struct {
	tile int
	a, b []int // the A and B registers of the fragments
}

type tileElem struct{ tile, elem int }

// tileOrigin is where an instruction tile of a dot's result starts, in the
// result's coordinates (b: the batch, 0 for rank 2).
type tileOrigin struct{ b, m, n int32 }

// tileOrigins lists the tm x tn tiles (powers of two) that hold the
// result's registers at thread 0, ordered by batch, m, n.
func tileOrigins(ld *regLayout, m, n int, tm, tn int32) []tileOrigin {
	seen := map[tileOrigin]bool{}
	var origins []tileOrigin
	for _, c := range ld.regs {
		o := tileOrigin{m: c[m] &^ (tm - 1), n: c[n] &^ (tn - 1)}
		if ld.rank() == 3 {
			o.b = c[0]
		}
		if !seen[o] {
			seen[o] = true
			origins = append(origins, o)
		}
	}
	sort.Slice(origins, func(i, j int) bool {
		x, y := origins[i], origins[j]
		if x.b != y.b {
			return x.b < y.b
		}
		if x.m != y.m {
			return x.m < y.m
		}
		return x.n < y.n
	})
	return origins
}

// regHolding returns the register of lay that holds (at tid 0)
// element c, wrapped into shape, or an error naming what (the operand) and
// who (the instruction) needed it.
func regHolding(op *ir.Operation, lay *regLayout, c []int32, shape []int64, what, who string) (int, error) {
	r, ok := lay.regAt(wrapCoords(c, shape))
	if !ok {
		return 0, ir.OpErrorf(op, "tt.dot: no register of %s holds element %v that %s needs", what, wrapCoords(c, shape), who)
	}
	return r, nil
}

// planMMA matches the registers of the operands and the result to the
// fragments of the instruction, or says why they do not match.
func (l *lowering) planMMA(op *ir.Operation, ts dotOperands, instr mmaInstr, kWidths [2]int) (*mmaPlan, error) {
	la, lb, ld, err := l.dotLayouts(op, ts)
	if err != nil {
		return nil, err
	}
	rank := ld.rank()
	m, n := rank-2, rank-1   // result (and A row, B column) dims
	kA, kB := rank-1, rank-2 // the K dims of A and B
	// Elements per 32-bit word; an f64 element is a word of its own in
	// the fragment tables (it takes one register per element, like tf32).
	v := max(32/storageBits(ts.a.Elem), 1)
	instrK := instr.shape.K
	k := int(la.shape[kA])
	if k%instrK != 0 && k > instrK {
		return nil, ir.OpErrorf(op, "tt.dot: K = %d is not a multiple of the %s instruction's %d", k, instr.shape, instrK)
	}
	dShape, aShape, bShape := ld.shape, la.shape, lb.shape
	// How each operand spreads K over registers and lanes: the same way.
	var splits [2]kSplit
	for i, lay := range []*regLayout{la, lb} {
		if kWidths[i] < v || !isPow2(int64(kWidths[i])) {
			return nil, ir.OpErrorf(op, "tt.dot: operand %s has kWidth %d; %s elements need kWidth %d or a larger power of two", operandName[i], kWidths[i], asm.TypeString(ts.a.Elem), v)
		}
		if splits[i], err = operandKSplit(lay, [2]int{kA, kB}[i], v, kWidths[i], k); err != nil {
			return nil, ir.OpErrorf(op, "tt.dot: operand %s: %v", operandName[i], err)
		}
	}
	if !splits[0].equal(splits[1]) {
		return nil, ir.OpErrorf(op, "tt.dot: operands A and B spread K over their threads differently (k bits %v and %v)", splits[0].physical, splits[1].physical)
	}
	split := splits[0]
	g := mmaGeometry{rank: rank, m: m, n: n, kA: kA, kB: kB, shapes: [3][]int64{la.shape, lb.shape, ld.shape}}
	if err := g.checkThreads(op, [3]*regLayout{la, lb, ld}, split, v); err != nil {
		return nil, err
	}
	origins := tileOrigins(ld, m, n, int32(instr.shape.M), int32(instr.shape.N))
	at := func(o tileOrigin, dm, dn int32) []int32 {
		c := make([]int32, rank)
		if rank == 3 {
			c[0] = o.b
		}
		c[m], c[n] = o.m+dm, o.n+dn
		return c
	}
	find := func(lay *regLayout, c []int32, shape []int64, what string) (int, error) {
		return regHolding(op, lay, c, shape, what, "the mma fragment")
	}
	na, nb, nc := gpu.MMASyncCounts(instr.shape)
	p := &mmaPlan{out: make([]tileElem, ld.numRegs)}
	byCoord := map[string]tileElem{}
	for ti, o := range origins {
		t := mmaTile{c: make([]int, nc)}
		for i := range t.c {
			dm, dn := fragC(i)
			c := at(o, int32(dm), int32(dn))
			if t.c[i], err = find(ld, c, dShape, "the accumulator"); err != nil {
				return nil, err
			}
			if _, ok := byCoord[coordKey(wrapCoords(c, dShape))]; !ok {
				byCoord[coordKey(wrapCoords(c, dShape))] = tileElem{ti, i}
			}
		}
		p.tiles = append(p.tiles, t)
	}
	for r, c := range ld.regs {
		s, ok := byCoord[coordKey(c)]
		if !ok {
			return nil, ir.OpErrorf(op, "tt.dot: result register %d (element %v) is in no mma tile", r, c)
		}
		p.out[r] = s
	}
	numK := max(k/instrK, 1)
	bIdx := func(o tileOrigin) []int32 { return at(o, 0, 0) }
	for kt := 0; kt < numK; kt++ {
		for ti, o := range origins {
			s := mmaStep{tile: ti, a: make([]int, na), b: make([]int, nb)}
			for i := range s.a {
				row, kv := fragA(v, i)
				c := bIdx(o)
				c[m], c[kA] = o.m+int32(row), split.at(kt*instrK+kv)
				if s.a[i], err = find(la, c, aShape, "operand A"); err != nil {
					return nil, err
				}
			}
			for i := range s.b {
				kv, _ := fragB(v, i)
				c := bIdx(o)
				c[kB], c[n] = split.at(kt*instrK+kv), o.n
				if s.b[i], err = find(lb, c, bShape, "operand B"); err != nil {
					return nil, err
				}
			}
			p.steps = append(p.steps, s)
		}
	}
	return p, nil
}

// mmaGeometry is the dims of an mma dot: the result's rows m and columns
// n (A's rows and B's columns), the K dims of A and B, and the shapes of
// A, B and the result.
type mmaGeometry struct {
	rank, m, n, kA, kB int
	shapes             [3][]int64
}

// wrapCoords takes coordinates modulo a power-of-two shape, as layouts of
// tensors smaller than their tile repeat them.
func wrapCoords(c []int32, shape []int64) []int32 {
	c = slices.Clone(c)
	for d := range c {
		c[d] &= int32(shape[d] - 1)
	}
	return c
}

// checkThreads checks that the layouts of A, B and the result (lays)
// move their elements with the lanes as the fragments do (t along K as
// split says for A and B, along columns for the result; g along rows or
// columns) and with the warps by whole tiles, the operands following the
// result's rows and columns: then the registers matched at thread 0 hold
// every thread's fragments.
func (g mmaGeometry) checkThreads(op *ir.Operation, lays [3]*regLayout, split kSplit, v int) error {
	unit := func(d int, x int32) []int32 {
		c := make([]int32, g.rank)
		c[d] = x
		return c
	}
	names := [3]string{"operand A", "operand B", "the result"}
	for j := 0; j < 5; j++ {
		var want [3][]int32
		if j < 2 {
			t := split.physical[log2(int64(v))+j]
			want = [3][]int32{unit(g.kA, t), unit(g.kB, t), unit(g.n, 2<<j)}
		} else {
			want = [3][]int32{unit(g.m, 1<<(j-2)), unit(g.n, 1<<(j-2)), unit(g.m, 1<<(j-2))}
		}
		for i, lay := range lays {
			if w := wrapCoords(want[i], g.shapes[i]); !slices.Equal(lay.tidBases[j], w) {
				return ir.OpErrorf(op, "tt.dot: lane %d of %s holds %v, the mma fragment's lane holds %v", 1<<j, names[i], lay.tidBases[j], w)
			}
		}
	}
	la, lb, ld := lays[0], lays[1], lays[2]
	for j := ld.laneBits; j < len(ld.tidBases); j++ {
		w := ld.tidBases[j]
		if w[g.m]%16 != 0 || w[g.n]%8 != 0 {
			return ir.OpErrorf(op, "tt.dot: warp bit %d of the result moves by %v, not by whole 16x8 tiles", j-ld.laneBits, w)
		}
		wantA, wantB := slices.Clone(w), slices.Clone(w)
		wantA[g.kA], wantB[g.kB] = 0, 0
		if !slices.Equal(la.tidBases[j], wantA) || !slices.Equal(lb.tidBases[j], wantB) {
			return ir.OpErrorf(op, "tt.dot: warp bit %d moves the result by %v, but operand A by %v and B by %v", j-ld.laneBits, w, la.tidBases[j], lb.tidBases[j])
		}
	}
	return nil
}

// operandKSplit reads how a dot operand's layout spreads K (dim kd) over
// registers and lanes: its register bits that move along K, in register
// order, and its lanes 0 and 1, which must move along K only.
func operandKSplit(lay *regLayout, kd, v, kWidth, k int) (kSplit, error) {
	var kRegs []int32
	for j := 0; 1<<j < lay.numRegs; j++ {
		c := lay.regs[1<<j]
		if onlyDim(c, kd) {
			kRegs = append(kRegs, c[kd])
		} else if c[kd] != 0 {
			return kSplit{}, fmt.Errorf("register %d moves along K and another dimension at once", 1<<j)
		}
	}
	var lanes [2]int32
	for j := 0; j < 2; j++ {
		if lay.laneBits < 5 || !onlyDim(lay.tidBases[j], kd) {
			return kSplit{}, fmt.Errorf("lane %d must move along K, as the mma fragment's lanes do", 1<<j)
		}
		lanes[j] = lay.tidBases[j][kd]
	}
	return newKSplit(kRegs, lanes, v, kWidth, k)
}

// onlyDim reports whether c is non-zero in dim d only.
func onlyDim(c []int32, d int) bool {
	for i, x := range c {
		if (i == d) != (x != 0) {
			return false
		}
	}
	return true
}
