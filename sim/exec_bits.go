package sim

import (
	"math/bits"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
)

// Bit reversal and the gpu dialect's bit scans and sum of absolute
// differences (dialects/gpu/bits.go), as PTX's brev, clz, bfind and sad
// compute them. Registers hold values zero-extended to 64 bits; w is the
// operand's width.

func init() {
	define(intUnary(func(a uint64, w int) uint64 { return bits.Reverse64(a) >> (64 - w) }), llvm.BitReverseOp)
	define(intUnary(func(a uint64, w int) uint64 { return uint64(bits.LeadingZeros64(a) - (64 - w)) }), gpu.ClzOp)
	define(func(c *compiler, in *instr) error {
		unsigned, shift := gpu.Unsigned(in.op), gpu.ShiftAmt(in.op)
		return intUnary(func(a uint64, w int) uint64 { return bfind(a, w, unsigned, shift) })(c, in)
	}, gpu.BfindOp)
	define(compileSad, gpu.SadOp)
}

// bfind is PTX bfind of the w-bit a: the position of its highest set bit
// (signed: of the highest bit that differs from the sign bit), or w - 1
// less that with shiftamt; 0xFFFFFFFF where there is none.
func bfind(a uint64, w int, unsigned, shiftAmt bool) uint64 {
	if !unsigned && a>>(w-1)&1 != 0 {
		a = ^a & (1<<w - 1)
	}
	if a == 0 {
		return 0xFFFFFFFF
	}
	pos := 63 - bits.LeadingZeros64(a)
	if shiftAmt {
		return uint64(w - 1 - pos)
	}
	return uint64(pos)
}

// compileSad: c + |a - b| on i32, the comparison signed unless unsigned,
// modulo 2^32.
func compileSad(c *compiler, in *instr) error {
	unsigned := gpu.Unsigned(in.op)
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		a, b := r[in.a], r[in.b]
		less := a < b
		if !unsigned {
			less = int32(a) < int32(b)
		}
		d := a - b
		if less {
			d = b - a
		}
		r[in.d] = (r[in.c] + d) & in.mask
		return nil
	}
	return nil
}
