package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// ttg.local_load through ldmatrix, as Triton 3.6's lowerLdStMatrix
// chooses it for every local load on sm_75 and later (the dot operands of
// mma.sync above all). An 8x8 ldmatrix moves rows of 16 bytes: lane
// (g = L>>2, t = L&3) receives bytes 4t..4t+3 of row g as one 32-bit word
// (E = 32/bits elements), and lane L supplies the address of row L&7 of
// matrix L>>3; with .trans (16-bit elements) it receives element g of
// rows 2t and 2t+1 instead. So a load fits when the map from the
// destination's registers and lanes to buffer elements (the shared
// layout's inverse composed with the register layout, which carries the
// layout's swizzle) has that shape:
//
//   - plain: E register bits move by 1, 2, .. E/2 elements and lanes 0, 1
//     by E and 2E (the 16-byte row chunk); every other register, lane
//     and warp bit moves by a multiple of 4E (whole rows);
//   - trans: lanes 2, 3, 4 move by 1, 2, 4 (a row's 8 elements) and every
//     other bit by a multiple of 8; the first register bit picks row 2t or
//     2t+1.
//
// Then each instruction takes up to 4 matrices (128 bits per thread), the
// next register bits choose the matrix, and the remaining ones are the
// instructions. Addresses are computed like every shared access here
// (thread part XOR constant), so the swizzle that keeps the 8 rows of a
// matrix on distinct banks is the layout's own. Registers that repeat
// another's element are loaded once. Anything else takes the generic path
// (localmem.go).

// ldMatrixPlan is a local load as ldmatrix instructions.
type ldMatrixPlan struct {
	trans    bool
	col      []int32 // per thread-id bit, the element index its address adds
	perWord  int     // elements per 32-bit word
	numMat   int     // matrices per instruction
	instrs   []ldMatrixInstr
	uniqueTo []int // compact register -> register
}

// ldMatrixInstr is one instruction: the element index its addresses add,
// and per result element the compact register it fills.
type ldMatrixInstr struct {
	idx  int64
	regs []int
}

// planLdMatrix returns the ldmatrix form of a local load of lay from a
// buffer addressed by p, or nil when the layouts do not fit one.
func (l *lowering) planLdMatrix(lay *regLayout, p *cvtPlan) *ldMatrixPlan {
	if !l.target.hasLdMatrix() {
		return nil
	}
	return planMatrixMove(lay, p)
}

// planMatrixMove returns the 8x8-matrix form of a move between the
// registers of lay and a buffer addressed by p, or nil when the layouts do
// not fit one. ldmatrix and stmatrix share it: each is the other's inverse
// (stmatrix.go).
func planMatrixMove(lay *regLayout, p *cvtPlan) *ldMatrixPlan {
	if lay.laneBits != 5 || p.bits < 8 || p.bits > 32 {
		return nil
	}
	// The registers that hold distinct elements, as bits of a compact index.
	var rbits []int
	for j := 0; 1<<j < lay.numRegs; j++ {
		if lay.freeReg>>j&1 == 0 {
			rbits = append(rbits, j)
		}
	}
	regOff := make([]int64, len(rbits))
	for i, j := range rbits {
		regOff[i] = p.flat(lay.regs[1<<j])
	}
	tidOff := make([]int64, len(lay.tidBases))
	for i, b := range lay.tidBases {
		tidOff[i] = p.flat(b)
	}
	if ld := planLdMatrixPlain(regOff, tidOff, p); ld != nil {
		return ld.finish(rbits)
	}
	if p.bits == 16 {
		if ld := planLdMatrixTrans(regOff, tidOff, p); ld != nil {
			return ld.finish(rbits)
		}
	}
	return nil
}

// ldMatrixShape is what the two forms decide: which compact register bits
// fill a word (in element order), which pick the matrix, and what each
// address lane bit adds.
type ldMatrixShape struct {
	trans    bool
	wordBits []int    // compact register bits, element order within a word
	matBits  []int    // compact register bits selecting the matrix
	laneOff  [5]int64 // per address lane bit, the element index it adds
	regOff   []int64
	tidOff   []int64
	xor      int64
}

// planLdMatrixPlain checks the plain form.
func planLdMatrixPlain(regOff, tidOff []int64, p *cvtPlan) *ldMatrixShape {
	e := int64(32 / p.bits)
	chunk := 4 * e // elements of a 16-byte row
	if p.regXor&(chunk-1) != 0 || tidOff[0] != e || tidOff[1] != 2*e {
		return nil
	}
	s := &ldMatrixShape{regOff: regOff, tidOff: tidOff, xor: p.regXor}
	for off := int64(1); off < e; off <<= 1 {
		j := indexOf(regOff, off)
		if j < 0 {
			return nil
		}
		s.wordBits = append(s.wordBits, j)
	}
	for j, o := range regOff {
		if indexOf64(s.wordBits, j) < 0 && o&(chunk-1) != 0 {
			return nil
		}
	}
	for _, o := range tidOff[2:] {
		if o&(chunk-1) != 0 {
			return nil
		}
	}
	if !s.chooseMatrices(int(e), p.bits) {
		return nil
	}
	// Lane L gives row L&7 (lanes 2, 3, 4 of the layout) of matrix L>>3.
	s.laneOff[0], s.laneOff[1], s.laneOff[2] = tidOff[2], tidOff[3], tidOff[4]
	for i, j := range s.matBits {
		s.laneOff[3+i] = regOff[j]
	}
	return s
}

// planLdMatrixTrans checks the transposed form (16-bit elements).
func planLdMatrixTrans(regOff, tidOff []int64, p *cvtPlan) *ldMatrixShape {
	if p.regXor&7 != 0 || len(regOff) == 0 || tidOff[2] != 1 || tidOff[3] != 2 || tidOff[4] != 4 {
		return nil
	}
	for _, o := range append(append([]int64{tidOff[0], tidOff[1]}, tidOff[5:]...), regOff...) {
		if o&7 != 0 {
			return nil
		}
	}
	s := &ldMatrixShape{trans: true, wordBits: []int{0}, regOff: regOff, tidOff: tidOff, xor: p.regXor}
	if !s.chooseMatrices(2, p.bits) {
		return nil
	}
	// Lane L gives row L&7 = 2t + e of matrix L>>3: e is the first
	// register bit, t lanes 0 and 1 of the layout.
	s.laneOff[0], s.laneOff[1], s.laneOff[2] = regOff[0], tidOff[0], tidOff[1]
	for i, j := range s.matBits {
		s.laneOff[3+i] = regOff[j]
	}
	return s
}

// chooseMatrices takes, after the word's bits, up to two more register
// bits (in register order) to load up to 4 matrices (128 bits) at once.
func (s *ldMatrixShape) chooseMatrices(perWord, bits int) bool {
	n := 1 << len(s.regOff)
	if n < perWord {
		return false
	}
	numMat := min(128/bits, n) / perWord
	for j := 0; j < len(s.regOff) && 1<<len(s.matBits) < numMat; j++ {
		if indexOf64(s.wordBits, j) < 0 {
			s.matBits = append(s.matBits, j)
		}
	}
	return true
}

// finish enumerates the instructions.
func (s *ldMatrixShape) finish(rbits []int) *ldMatrixPlan {
	perWord := 1 << len(s.wordBits)
	numMat := 1 << len(s.matBits)
	ld := &ldMatrixPlan{trans: s.trans, perWord: perWord, numMat: numMat}
	ld.col = make([]int32, len(s.tidOff))
	for i := 0; i < 5; i++ {
		ld.col[i] = int32(s.laneOff[i])
	}
	copy(ld.col[5:], toInt32s(s.tidOff[5:]))
	var rest []int
	for j := range s.regOff {
		if indexOf64(s.wordBits, j) < 0 && indexOf64(s.matBits, j) < 0 {
			rest = append(rest, j)
		}
	}
	compose := func(bits []int, x int) (reg int, off int64) {
		for i, j := range bits {
			if x>>i&1 != 0 {
				reg |= 1 << j
				off ^= s.regOff[j]
			}
		}
		return reg, off
	}
	for g := 0; g < 1<<len(rest); g++ {
		greg, goff := compose(rest, g)
		in := ldMatrixInstr{idx: goff ^ s.xor}
		for m := 0; m < numMat; m++ {
			mreg, _ := compose(s.matBits, m)
			for w := 0; w < perWord; w++ {
				wreg, _ := compose(s.wordBits, w)
				in.regs = append(in.regs, greg|mreg|wreg)
			}
		}
		ld.instrs = append(ld.instrs, in)
	}
	ld.uniqueTo = make([]int, 1<<len(rbits))
	for u := range ld.uniqueTo {
		for i, j := range rbits {
			if u>>i&1 != 0 {
				ld.uniqueTo[u] |= 1 << j
			}
		}
	}
	return ld
}

// emit loads the registers of lay from the buffer at base.
func (ld *ldMatrixPlan) emit(e *emitter, base ir.Value, lay *regLayout, elem ir.Type, bits int) []ir.Value {
	tp := e.fs.threadPart(e.l, ld.col)
	out := make([]ir.Value, lay.numRegs)
	for _, in := range ld.instrs {
		idx := e.xor(tp, e.i32c(in.idx))
		addr := e.byteGep(base, e.mulC(idx, int64(bits/8)))
		res := gpu.NewLdMatrix(e.b, e.loc, addr, elem, len(in.regs), ld.trans).Results()
		for i, u := range in.regs {
			out[ld.uniqueTo[u]] = res[i]
		}
	}
	// Registers that repeat an element take their holder's value.
	canon := lay.canonicalRegs()
	for r, c := range canon {
		if out[r] == nil {
			out[r] = out[c]
		}
	}
	return out
}

func indexOf(v []int64, x int64) int {
	for i, y := range v {
		if y == x {
			return i
		}
	}
	return -1
}

func indexOf64(v []int, x int) int {
	for i, y := range v {
		if y == x {
			return i
		}
	}
	return -1
}

func toInt32s(v []int64) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(x)
	}
	return out
}
