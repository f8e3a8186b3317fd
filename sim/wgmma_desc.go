package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
)

// The shared-memory matrix descriptors of gpu.wgmma (built by
// gpu.wgmma_desc) and the address of a matrix element through one, as the
// dialect defines them (the canonical layouts of the PTX ISA).

func init() {
	define(func(c *compiler, in *instr) error {
		bits := gpu.DescLayoutOf(in.op).Bits()
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = (r[in.a]&0x3FFFF)>>4 | bits
			return nil
		}
		return nil
	}, gpu.WGMMADescOp)
}

// matrixDesc is a decoded descriptor: byte offsets and the swizzle width
// S (16 for no swizzle).
type matrixDesc struct {
	start, lbo, sbo uint64
	swizzle         uint64
}

// descReserved are the bits of a descriptor no field uses.
const descReserved = 3<<14 | 3<<30 | 7<<46 | 0x3FF<<52

// decodeDesc reads a descriptor. The simulator refuses the fields it does
// not model: a nonzero base offset (a swizzle pattern not aligned to its
// repeat) and reserved bits.
func decodeDesc(d uint64) (matrixDesc, error) {
	if b := d >> 49 & 7; b != 0 {
		return matrixDesc{}, fmt.Errorf("descriptor %#x has base offset %d; the simulator models base offset 0 only (swizzle patterns aligned to their repeat)", d, b)
	}
	if r := d & descReserved; r != 0 {
		return matrixDesc{}, fmt.Errorf("descriptor %#x sets reserved bits %#x", d, r)
	}
	return matrixDesc{
		start:   (d & 0x3FFF) << 4,
		lbo:     (d >> 16 & 0x3FFF) << 4,
		sbo:     (d >> 32 & 0x3FFF) << 4,
		swizzle: [4]uint64{16, 128, 64, 32}[d>>62],
	}, nil
}

// addr is the shared-memory address of the element at row r (of M for A,
// of N for B) and k, of e bytes, K-major or (mnMajor) MN-major.
func (d matrixDesc) addr(r, k, e int, mnMajor bool) uint64 {
	S := d.swizzle
	var off uint64
	if !mnMajor {
		kb, r := uint64(k*e), uint64(r)
		if S == 16 {
			off = 16*(r%8) + d.sbo*(r/8) + d.lbo*(kb/16) + kb%16
		} else {
			off = S*(r%8) + d.sbo*(r/8) + kb
		}
	} else {
		rb, k := uint64(r*e), uint64(k)
		if S == 16 {
			off = rb%16 + d.sbo*(rb/16) + 16*(k%8) + d.lbo*(k/8)
		} else {
			off = rb%S + d.lbo*(rb/S) + S*(k%8) + d.sbo*(k/8)
		}
	}
	return swizzle(d.start+off, S)
}

// swizzle XORs the 16-byte chunk index of x with its row in the 8-row
// pattern of S-byte rows (S = 16: no swizzle).
func swizzle(x, S uint64) uint64 {
	return x ^ (x>>7&(S/16-1))<<4
}
