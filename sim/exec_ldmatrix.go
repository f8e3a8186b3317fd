package sim

import (
	"encoding/binary"
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/numeric"
)

// gpu.ldmatrix and gpu.stmatrix: warp collectives moving num = 1, 2 or 4
// 8x8 matrices of 16-bit units between shared memory and the lanes' 32-bit
// words. Row r of matrix i is the 16 bytes at the pointer of lane 8i+r;
// lane L (g = L>>2, t = L&3) holds, as word i, bytes 4t..4t+3 of row g of
// matrix i, or with trans unit g of rows 2t (low half) and 2t+1 (high
// half). A word's elements are its low bits first. Each row is one
// 16-byte shared-memory access by the lane that supplies its address, so
// the race detector sees the rows' reads (ldmatrix) and writes
// (stmatrix) as that lane's, at the op.

func init() {
	define(compileMatrix(false), gpu.LdMatrixOp)
	define(compileMatrix(true), gpu.StMatrixOp)
}

// matrixMove is a compiled ldmatrix or stmatrix.
type matrixMove struct {
	store, trans bool
	num          int
	// elemBits is the width of an element, perWord the elements per word.
	elemBits, perWord int
	// vals are the slots of the loaded results or the stored values.
	vals []int32
}

func compileMatrix(store bool) opImpl {
	return func(c *compiler, in *instr) error {
		if c.prog.Lanes != 32 {
			return fmt.Errorf("%s needs warps of 32 lanes, the module has %d", in.op.Name(), c.prog.Lanes)
		}
		m := &matrixMove{store: store, trans: gpu.Trans(in.op), vals: in.res}
		ts := in.op.ResultTypes()
		if store {
			ts, m.vals = in.op.OperandTypes()[1:], in.args[1:]
		}
		m.num = gpu.MatrixCount(ts)
		if m.num != 1 && m.num != 2 && m.num != 4 {
			return fmt.Errorf("%s of %d elements is not 1, 2 or 4 matrices", in.op.Name(), len(ts))
		}
		m.elemBits = bitWidth(ts[0])
		m.perWord = 32 / m.elemBits
		in.kind = kindCollective
		in.coll = &collective{scope: scopeWarp, run: m.run}
		return nil
	}
}

func (m *matrixMove) run(c *cta, ins []*instr, warp []*thread) error {
	in := ins[0]
	var rows [4][8][16]byte
	if !m.store {
		for i := 0; i < m.num; i++ {
			for r := 0; r < 8; r++ {
				th := warp[8*i+r]
				row := &rows[i][r]
				err := th.do(access{op: in.op, shared: true, addr: th.regs[in.a], n: 16, kind: Read}, func(b []byte) { copy(row[:], b) })
				if err != nil {
					return rowError(th, r, i, err)
				}
			}
		}
	}
	mask := numeric.Mask(m.elemBits)
	for lane, th := range warp {
		g, t := lane>>2, lane&3
		regs := th.regs
		for i := 0; i < m.num; i++ {
			vals := m.vals[i*m.perWord : (i+1)*m.perWord]
			if m.store {
				var w uint32
				for j, s := range vals {
					w |= uint32(regs[s]&mask) << (j * m.elemBits)
				}
				m.putWord(&rows[i], g, t, w)
				continue
			}
			w := m.word(&rows[i], g, t)
			for j, s := range vals {
				regs[s] = uint64(w>>(j*m.elemBits)) & mask
			}
		}
	}
	if m.store {
		for i := 0; i < m.num; i++ {
			for r := 0; r < 8; r++ {
				th := warp[8*i+r]
				row := &rows[i][r]
				err := th.do(access{op: in.op, shared: true, addr: th.regs[in.a], n: 16, kind: Write}, func(b []byte) { copy(b, row[:]) })
				if err != nil {
					return rowError(th, r, i, err)
				}
			}
		}
	}
	return nil
}

// word is the 32-bit word lane (g, t) holds of matrix mat.
func (m *matrixMove) word(mat *[8][16]byte, g, t int) uint32 {
	if !m.trans {
		return binary.LittleEndian.Uint32(mat[g][4*t:])
	}
	lo := binary.LittleEndian.Uint16(mat[2*t][2*g:])
	hi := binary.LittleEndian.Uint16(mat[2*t+1][2*g:])
	return uint32(lo) | uint32(hi)<<16
}

// putWord stores the word of lane (g, t) into matrix mat.
func (m *matrixMove) putWord(mat *[8][16]byte, g, t int, w uint32) {
	if !m.trans {
		binary.LittleEndian.PutUint32(mat[g][4*t:], w)
		return
	}
	binary.LittleEndian.PutUint16(mat[2*t][2*g:], uint16(w))
	binary.LittleEndian.PutUint16(mat[2*t+1][2*g:], uint16(w>>16))
}

// rowError says which row of which matrix a failed access was for; a race
// report stays as it is.
func rowError(th *thread, r, i int, err error) error {
	if _, ok := err.(*RaceError); ok {
		return err
	}
	return fmt.Errorf("row %d of matrix %d (the address of %s): %w", r, i, th, err)
}
