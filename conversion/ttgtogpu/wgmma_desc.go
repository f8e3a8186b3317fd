package ttgtogpu

import (
	"fmt"
	"math/bits"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// Shared-memory operands of wgmma: the matrix descriptors.
//
// A wgmma reads an operand tile (64 or N rows of the M or N dimension by
// K columns) through a 64-bit descriptor: a start address, a swizzle
// width, two byte strides (LBO, SBO) and whether the tile is stored
// K-major or MN-major (the instruction's trans flag). dialects/gpu
// (wgmma.go) gives the exact address of every element. The buffer's
// shared layout (nvmma_shared, or any layout the allocation chose) gives
// where the element really is. As Triton does, the lowering reads the
// strides off the layout; unlike a fixed recipe per encoding it then
// checks, for every element of every instruction tile and warpgroup,
// that the descriptor addresses exactly where the layout stores it, and
// tries the other swizzle widths and majorness before giving up with a
// located error. A wrong swizzle therefore cannot pass silently.

// sharedMatrix is a rank-2 buffer as wgmma indexes it: by a row of the MN
// dimension and a column of K, whichever of the buffer's dims they are.
type sharedMatrix struct {
	inv   linearlayout.LinearLayout // (dim0, dim1) -> element offset
	mnDim int                       // the buffer dim of M (operand A: 0) or N (operand B: 1)
	dims  [2]int64                  // extent along (MN, K) of the operand (a view's own)
	elem  int64                     // bytes per element
	// view is the element offset a sub-view's first element has in its
	// root buffer (memview.go): element c of the view is the root's
	// element at inv(c) XOR view, since the view's offsets are multiples
	// of its shape and so share no bit with c.
	view int64
}

// at is the byte offset of the operand's element (mn, k) from the root
// buffer's start.
func (m *sharedMatrix) at(mn, k int32) int64 {
	return (m.index(mn, k) ^ m.view) * m.elem
}

// rel is the byte distance of element (mn, k) from the operand's first
// element: what strides and warpgroup moves are read from.
func (m *sharedMatrix) rel(mn, k int32) int64 {
	return m.index(mn, k) * m.elem
}

// index is the element offset of (mn, k) in the layout.
func (m *sharedMatrix) index(mn, k int32) int64 {
	c := []int32{mn, k}
	if m.mnDim == 1 {
		c = []int32{k, mn}
	}
	return int64(m.inv.ApplyFlat(m.inv.PackIn(c...)))
}

// wgmmaTiling is how one operand is cut into instruction tiles.
type wgmmaTiling struct {
	instrMN, instrK int32   // the instruction's extent along MN (64 for A, N for B) and K
	mnOrigins       []int32 // first MN row of each tile
	kTiles          int     // tiles along K, instrK apart
	// warpgroupMN is, per warp bit above the two of a warpgroup, the MN
	// rows the bit moves a warpgroup's slab by (from the result layout).
	warpgroupMN []int32
}

// smemOperand is a planned shared-memory operand.
type smemOperand struct {
	desc    gpu.DescLayout
	mnMajor bool
	// warpgroupBytes is, per thread-id bit, the bytes the warpgroup's
	// slab starts after the tile's start (nonzero only for warp bits
	// above the two of a warpgroup).
	warpgroupBytes []int32
	// tileStart is the byte offset of tile (mn, k)'s first element.
	tileStart [][]int64
}

// descCandidate is a descriptor form to try.
type descCandidate struct {
	swizzle int // 0 (16-byte core matrices), 32, 64 or 128
	mnMajor bool
}

// sharedOperandKey is what a shared-memory operand's plan depends on
// within one lowering: the buffer's (uniqued) type, which also fixes its
// sharedCTA, the view into it, which dimension is MN, the tiling and the
// thread-id bits.
type sharedOperandKey struct {
	mt                 *ttg.MemDescType
	view, tiling       string
	mnDim              int
	canTranspose       bool
	laneBits, warpBits int
}

// planSharedOperand is planSharedOperand, each plan made once per lowering.
func (l *lowering) planSharedOperand(op *ir.Operation, what string, mt *ttg.MemDescType, sh *sharedCTA, view memView, mnDim int, t wgmmaTiling, canTranspose bool, laneBits, warpBits int) (*smemOperand, error) {
	key := sharedOperandKey{mt: mt, view: fmt.Sprint(view.offsets), tiling: fmt.Sprint(t), mnDim: mnDim,
		canTranspose: canTranspose, laneBits: laneBits, warpBits: warpBits}
	if p, ok := l.sharedOperands[key]; ok {
		return p, nil
	}
	p, err := planSharedOperand(op, what, mt, sh, view, mnDim, t, canTranspose, laneBits, warpBits)
	if err != nil {
		return nil, err
	}
	if l.sharedOperands == nil {
		l.sharedOperands = map[sharedOperandKey]*smemOperand{}
	}
	l.sharedOperands[key] = p
	return p, nil
}

// planSharedOperand finds the descriptor form that reads the tiles of mt
// exactly as its layout stores them. A sub-view (ttg.memdesc_subslice,
// also under memdesc_trans) is read where it lies in its root buffer, as
// Triton's descriptors add the view's offset to the base: the tiles' starts
// move by the view's offset and the verification below checks that the
// swizzle still lands every element where the layout has it.
func planSharedOperand(op *ir.Operation, what string, mt *ttg.MemDescType, sh *sharedCTA, view memView, mnDim int, t wgmmaTiling, canTranspose bool, laneBits, warpBits int) (*smemOperand, error) {
	if len(mt.Dims) != 2 {
		return nil, ir.OpErrorf(op, "operand %s of wgmma must be a rank-2 buffer, got %s", what, asm.TypeString(mt))
	}
	bits := storageBits(mt.Elem)
	if bits%8 != 0 {
		return nil, ir.OpErrorf(op, "operand %s of wgmma has %d-bit elements", what, bits)
	}
	// With clusters, the CTA's share of the buffer.
	m := &sharedMatrix{inv: sh.inv, mnDim: mnDim, elem: int64(bits / 8)}
	m.dims = [2]int64{sh.shape[mnDim], sh.shape[1-mnDim]}
	if alloc := mt.AllocShape[len(mt.AllocShape)-2:]; alloc[0] != mt.Dims[0] || alloc[1] != mt.Dims[1] || !view.isZero() {
		if !sh.cta.isTrivial() {
			return nil, ir.OpErrorf(op, "operand %s of wgmma is a view %v at offsets %v of a %v buffer that the CTAs of a cluster split (CTA bases %v); only whole buffers are supported there", what, mt.Dims, view.offsets, alloc, sh.cta)
		}
		if err := sh.checkView(op, view); err != nil {
			return nil, err
		}
		m.dims = [2]int64{mt.Dims[mnDim], mt.Dims[1-mnDim]}
		c := make([]int32, len(view.offsets))
		for i, o := range view.offsets {
			c[i] = int32(o)
		}
		if len(c) == 2 {
			m.view = int64(m.inv.ApplyFlat(m.inv.PackIn(c...)))
		}
	}
	var reasons []string
	for _, c := range descCandidates(m, mt.Encoding, canTranspose) {
		desc, err := m.strides(c, t)
		if err == nil {
			err = m.verify(c, desc, t)
		}
		if err != nil {
			reasons = append(reasons, fmt.Sprintf("%s: %v", c, err))
			continue
		}
		return m.plan(c, desc, t, laneBits, warpBits), nil
	}
	return nil, ir.OpErrorf(op, "wgmma cannot read operand %s (%s) through a descriptor: %v", what, asm.TypeString(mt), reasons)
}

func (c descCandidate) String() string {
	major := "K-major"
	if c.mnMajor {
		major = "MN-major"
	}
	if c.swizzle == 0 {
		return "unswizzled " + major
	}
	return fmt.Sprintf("%dB-swizzled %s", c.swizzle, major)
}

// descCandidates lists the forms to try, the one the encoding names
// first: nvmma_shared's swizzle, and the majorness of its contiguous dim.
func descCandidates(m *sharedMatrix, enc ir.Attribute, canTranspose bool) []descCandidate {
	var out []descCandidate
	add := func(c descCandidate) {
		if c.mnMajor && !canTranspose {
			return
		}
		for _, o := range out {
			if o == c {
				return
			}
		}
		out = append(out, c)
	}
	mnContig := m.dims[0] > 1 && m.rel(1, 0) == m.elem
	if nv, ok := enc.(*ttg.NVMMASharedEncoding); ok {
		add(descCandidate{swizzle: nv.SwizzlingByteWidth, mnMajor: mnContig})
	}
	for _, major := range []bool{mnContig, !mnContig} {
		for _, s := range []int{128, 64, 32, 0} {
			add(descCandidate{swizzle: s, mnMajor: major})
		}
	}
	return out
}

// strides reads LBO and SBO off the layout for a candidate form: the
// byte offset of the next core matrix along each direction the
// instruction tile spans.
func (m *sharedMatrix) strides(c descCandidate, t wgmmaTiling) (gpu.DescLayout, error) {
	d := gpu.DescLayout{Swizzle: c.swizzle}
	width := int64(max(c.swizzle, 16)) // bytes of a core-matrix row
	probe := func(mn, k int64) (int, error) {
		if mn >= m.dims[0] || k >= m.dims[1] {
			return 0, fmt.Errorf("the instruction tile (%d x %d) is larger than the buffer (%d x %d)", t.instrMN, t.instrK, m.dims[0], m.dims[1])
		}
		off := m.rel(int32(mn), int32(k))
		if off%16 != 0 || off >= 1<<18 {
			return 0, fmt.Errorf("stride of %d bytes", off)
		}
		return int(off), nil
	}
	mnBytes, kBytes := int64(t.instrMN)*m.elem, int64(t.instrK)*m.elem
	var err error
	switch {
	case !c.mnMajor && c.swizzle > 0:
		if kBytes > width {
			return d, fmt.Errorf("a K slice of %d bytes spans more than one swizzled row", kBytes)
		}
		if t.instrMN > 8 {
			d.SBO, err = probe(8, 0)
		}
	case !c.mnMajor:
		if kBytes > 16 && err == nil {
			d.LBO, err = probe(0, 16/m.elem)
		}
		if t.instrMN > 8 && err == nil {
			d.SBO, err = probe(8, 0)
		}
	case c.swizzle > 0:
		if mnBytes > width {
			d.LBO, err = probe(width/m.elem, 0)
		}
		if t.instrK > 8 && err == nil {
			d.SBO, err = probe(0, 8)
		}
	default:
		if mnBytes > 16 {
			d.SBO, err = probe(16/m.elem, 0)
		}
		if t.instrK > 8 && err == nil {
			d.LBO, err = probe(0, 8)
		}
	}
	return d, err
}

// descOffset is where gpu.wgmma's descriptor puts element (r, k) of a
// tile relative to its start, before the swizzle (dialects/gpu/wgmma.go).
func descOffset(c descCandidate, d gpu.DescLayout, elem, r, k int64) int64 {
	S, lbo, sbo := int64(max(c.swizzle, 16)), int64(d.LBO), int64(d.SBO)
	if !c.mnMajor {
		kb := k * elem
		if c.swizzle == 0 {
			return 16*(r%8) + sbo*(r/8) + lbo*(kb/16) + kb%16
		}
		return S*(r%8) + sbo*(r/8) + kb
	}
	rb := r * elem
	if c.swizzle == 0 {
		return rb%16 + sbo*(rb/16) + 16*(k%8) + lbo*(k/8)
	}
	return rb%S + lbo*(rb/S) + S*(k%8) + sbo*(k/8)
}

// swizzleMask is the bits of a byte address's 128-byte row that a swizzle
// width XORs into its 16-byte chunk (none without a swizzle); swizzleBy
// applies them: swizzleBy(swizzleMask(w), x) is the descriptor's (and
// TMA's) swizzle of byte address x. The checks that swizzle every element
// of a buffer work the mask out once.
func swizzleMask(swizzle int) int64 {
	if swizzle == 0 {
		return 0
	}
	return int64(swizzle/16 - 1)
}

func swizzleBy(mask, x int64) int64 { return x ^ ((x>>7)&mask)<<4 }

// warpgroupOffsets returns the MN rows and the bytes each warpgroup's
// slab is moved by.
func (m *sharedMatrix) warpgroupOffsets(t wgmmaTiling) (rows []int32, bytes []int64) {
	n := 1 << len(t.warpgroupMN)
	rows, bytes = make([]int32, n), make([]int64, n)
	for g := 0; g < n; g++ {
		for b, r := range t.warpgroupMN {
			if g>>b&1 != 0 {
				rows[g] ^= r
				bytes[g] ^= m.rel(r, 0)
			}
		}
	}
	return rows, bytes
}

// verify checks every element of every tile, for every warpgroup: the
// descriptor must address where the layout stores it (the buffer start
// being aligned to the swizzle's repeat, as the allocation aligns
// nvmma_shared buffers).
func (m *sharedMatrix) verify(c descCandidate, d gpu.DescLayout, t wgmmaTiling) error {
	rows, bytes := m.warpgroupOffsets(t)
	for _, b := range bytes {
		if b%16 != 0 {
			return fmt.Errorf("a warpgroup's slab starts at byte %d, not a multiple of 16", b)
		}
	}
	// The layout is linear over GF(2) in the bits of each coordinate, so
	// an element's offset is its row's (at k = 0) XOR its column's (at
	// mn = 0): one layout application per row and per column of a tile
	// instead of one per element.
	cols := make([]int64, t.instrK)
	// descOffset is a sum of a term in the row and a term in k (each of
	// its forms is), so the descriptor's offsets too are tabled once per
	// row and per column.
	descRows, descCols := make([]int64, t.instrMN), make([]int64, t.instrK)
	for r := range descRows {
		descRows[r] = descOffset(c, d, m.elem, int64(r), 0)
	}
	for k := range descCols {
		descCols[k] = descOffset(c, d, m.elem, 0, int64(k))
	}
	swizzle := swizzleMask(c.swizzle)
	// The layout's offsets of the rows 0..instrMN-1 and of the columns
	// 0..instrK-1: a tile's row o+r whose o shares no bit with r has
	// offset index(o) ^ index(r), the layout being linear, and likewise a
	// column, so a tile costs one layout application per row and column
	// only where its origin is unaligned.
	rowIdx, colIdx := make([]int64, t.instrMN), make([]int64, t.instrK)
	for r := range rowIdx {
		rowIdx[r] = m.index(int32(r), 0)
	}
	for k := range colIdx {
		colIdx[k] = m.index(0, int32(k))
	}
	rowLow, colLow := lowBits(t.instrMN), lowBits(t.instrK)
	// Per row of the tile being checked: its layout offset and the byte
	// its descriptor address starts from.
	rowViews, rowStarts := make([]int64, t.instrMN), make([]int64, t.instrMN)
	for _, o := range t.mnOrigins {
		for kt := 0; kt < t.kTiles; kt++ {
			k0 := int32(kt) * t.instrK
			start := m.at(o, k0)
			if start%16 != 0 {
				return fmt.Errorf("tile (%d, %d) starts at byte %d, not a multiple of 16", o, k0, start)
			}
			indexRun(cols, colIdx, k0, colLow, func(k int32) int64 { return m.index(0, k) })
			for g := range rows {
				if o&rows[g] != 0 {
					return fmt.Errorf("warpgroup rows %d overlap tile row %d", rows[g], o)
				}
				indexRun(rowViews, rowIdx, o|rows[g], rowLow, func(mn int32) int64 { return m.index(mn, 0) ^ m.view })
				for r := range rowStarts {
					rowStarts[r] = start + bytes[g] + descRows[r]
				}
				if tileMatchesSeparably(rowViews, rowStarts, cols, descCols, m.elem, swizzle) {
					continue
				}
				// Element by element: the first misplaced one is named.
				for r, rowView := range rowViews {
					for k, col := range cols {
						want := (rowView ^ col) * m.elem
						got := swizzleBy(swizzle, rowStarts[r]+descCols[k])
						if got != want {
							return fmt.Errorf("element (%d, %d) is at byte %d, the descriptor reads byte %d", (o|rows[g])+int32(r), k0+int32(k), want, got)
						}
					}
				}
			}
		}
	}
	return nil
}

// indexRun sets out[i] to index(first+i): index(first) ^ table[i] where
// first shares no bit with i (first&low == 0, low covering every i; table
// holding index(i), index being linear), else index(first+i) itself.
func indexRun(out, table []int64, first, low int32, index func(int32) int64) {
	if first&low == 0 {
		base := index(first)
		for i := range out {
			out[i] = base ^ table[i]
		}
		return
	}
	for i := range out {
		out[i] = index(first + int32(i))
	}
}

// lowBits is the mask of the bits of the numbers below n.
func lowBits(n int32) int32 { return int32(1)<<bits.Len32(uint32(max(n-1, 0))) - 1 }

// tileMatchesSeparably reports whether every element (r, k) of a tile is
// where the descriptor reads it, (rowViews[r] ^ cols[k]) * elem ==
// swizzleBy(swizzle, rowStarts[r] + descCols[k]), by looking at each row
// and each column once; false means it could not tell that way. When no
// row start shares a bit with a column's descriptor offset, their sum is
// their XOR; the swizzle is linear over XOR, and so is multiplying by a
// power of two (a shift). Both sides then split into a row term XOR a
// column term, and every element matches exactly when
// swizzleBy(rowStarts[r]) ^ rowViews[r]*elem is one value for every row
// and swizzleBy(descCols[k]) ^ cols[k]*elem that same value for every
// column.
func tileMatchesSeparably(rowViews, rowStarts, cols, descCols []int64, elem, swizzle int64) bool {
	if len(rowViews) == 0 || len(cols) == 0 {
		return true
	}
	if elem <= 0 || elem&(elem-1) != 0 {
		return false
	}
	var rowBits, colBits int64
	for _, s := range rowStarts {
		rowBits |= s
	}
	for _, d := range descCols {
		colBits |= d
	}
	if rowBits&colBits != 0 {
		return false
	}
	x := swizzleBy(swizzle, rowStarts[0]) ^ rowViews[0]*elem
	for r, v := range rowViews {
		if swizzleBy(swizzle, rowStarts[r])^v*elem != x {
			return false
		}
	}
	for k, col := range cols {
		if swizzleBy(swizzle, descCols[k])^col*elem != x {
			return false
		}
	}
	return true
}

// plan records a verified form.
func (m *sharedMatrix) plan(c descCandidate, d gpu.DescLayout, t wgmmaTiling, laneBits, warpBits int) *smemOperand {
	p := &smemOperand{desc: d, mnMajor: c.mnMajor, warpgroupBytes: make([]int32, laneBits+warpBits)}
	for b, r := range t.warpgroupMN {
		p.warpgroupBytes[laneBits+2+b] = int32(m.rel(r, 0))
	}
	p.tileStart = make([][]int64, len(t.mnOrigins))
	for i, o := range t.mnOrigins {
		p.tileStart[i] = make([]int64, t.kTiles)
		for kt := range p.tileStart[i] {
			p.tileStart[i][kt] = m.at(o, int32(kt)*t.instrK)
		}
	}
	return p
}

// descriptors builds the descriptor of every tile from the buffer's
// base address: one gpu.wgmma_desc of the warpgroup's slab, plus each
// tile's start (in the descriptor's 16-byte units) as a constant.
func (p *smemOperand) descriptors(e *emitter, base ir.Value) [][]ir.Value {
	addr := e.byteGep(base, e.fs.threadPart(e.l, p.warpgroupBytes))
	d0 := gpu.NewWGMMADesc(e.b, e.loc, addr, p.desc).Result(0)
	out := make([][]ir.Value, len(p.tileStart))
	for i, row := range p.tileStart {
		out[i] = make([]ir.Value, len(row))
		for k, s := range row {
			out[i][k] = e.add(d0, e.cInt(e.i64(), s>>4))
		}
	}
	return out
}
