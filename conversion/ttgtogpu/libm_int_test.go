package ttgtogpu_test

import (
	"encoding/binary"
	"math/bits"
	"math/rand"
	"testing"
)

// libdevice's integer functions (libm_int.go) lowered for sm_90 and
// gfx942 and run in the simulator, against Go references written from the
// functions' definitions (CUDA's documentation and PTX's instruction
// semantics) in exact integer arithmetic.

// intWidth is the bytes of an element type of the integer tests.
func intWidth(ty string) int {
	if ty == "i64" {
		return 8
	}
	return 4
}

// intBuf holds vals (their low bits) as elements of type ty.
func intBuf(ty string, vals []uint64) diffArg {
	w := intWidth(ty)
	b := make([]byte, w*len(vals))
	for i, v := range vals {
		if w == 8 {
			binary.LittleEndian.PutUint64(b[8*i:], v)
		} else {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(v))
		}
	}
	return diffArg{buf: b, kind: ty}
}

// simulateInts runs c's symbols on inputs (one slice per argument) for tg
// in the simulator: results[k][i] is symbol k on element i, zero-extended.
func simulateInts(t *testing.T, tg gpuTarget, c externCase, inputs [][]uint64) [][]uint64 {
	t.Helper()
	n := len(inputs[0])
	var args []diffArg
	for i, ty := range c.args {
		args = append(args, intBuf(ty, inputs[i]))
	}
	args = append(args, zeroBuf(c.res, len(c.syms)*n))
	simulateLowered(t, ttirKernelFor(t, tg, c.src(n), 4), "ext", [3]int{1, 1, 1}, args, c.lowered)
	out := make([][]uint64, len(c.syms))
	buf, w := args[len(c.args)].buf, intWidth(c.res)
	for k := range out {
		out[k] = make([]uint64, n)
		for i := range out[k] {
			if at := (k*n + i) * w; w == 8 {
				out[k][i] = binary.LittleEndian.Uint64(buf[at:])
			} else {
				out[k][i] = uint64(binary.LittleEndian.Uint32(buf[at:]))
			}
		}
	}
	return out
}

// intInputs is n values of width bits: the edges (0, 1, all ones, the
// sign bit and its neighbours, single bits, the 24-bit edges mul24 cuts
// at, bytes of each sign) first, then random patterns of random density,
// for operand k of a function (the edges rotated by k, so that operands
// pair unlike edges too).
func intInputs(rng *rand.Rand, n, width, k int) []uint64 {
	mask := uint64(1)<<width - 1
	if width == 64 {
		mask = ^uint64(0)
	}
	var edges []uint64
	for _, v := range []uint64{0, 1, 2, 3, 0x7F, 0x80, 0xFF, 0x7FFFFF, 0x800000, 0xFFFFFF, 0x1000000, 0xFFFF, 0x10000} {
		edges = append(edges, v, -v)
	}
	top := uint64(1) << (width - 1)
	edges = append(edges, top, top-1, top+1, mask, mask-1)
	for s := 0; s < width; s += 5 {
		edges = append(edges, 1<<s, ^(uint64(1) << s))
	}
	out := make([]uint64, n)
	for i := range out {
		if i < len(edges) {
			out[i] = edges[(i+3*k)%len(edges)] & mask
			continue
		}
		v := rng.Uint64()
		switch i % 4 {
		case 1: // sparse
			v &= rng.Uint64() & rng.Uint64()
		case 2: // dense
			v |= rng.Uint64() | rng.Uint64()
		case 3: // small magnitudes of either sign
			v = uint64(rng.Int63n(1 << (1 + rng.Intn(min(width-1, 62)))))
			if rng.Intn(2) == 0 {
				v = -v
			}
		}
		out[i] = v & mask
	}
	return out
}

// sext32 is the int64 of v's low 32 bits read as an int32.
func sext32(v uint64) int64 { return int64(int32(uint32(v))) }

// sext24 is v's low 24 bits read as a signed 24-bit integer.
func sext24(v uint64) int64 { return int64(int32(uint32(v)<<8) >> 8) }

// absDiff is |a - b| of two integers that fit an int64 with room.
func absDiff(a, b int64) uint64 {
	if a < b {
		return uint64(b - a)
	}
	return uint64(a - b)
}

// TestLibdeviceIntegerSim: every integer function libm_int.go lowers gives,
// on sm_90 and gfx942, the reference's bits for the edge values and 4096
// random operand tuples.
func TestLibdeviceIntegerSim(t *testing.T) {
	const n = 4096
	ffs := func(v uint64, w int) uint64 {
		if v == 0 {
			return 0
		}
		return uint64(bits.TrailingZeros64(v)) + 1
	}
	bytePerm := func(a, b, c uint64) uint64 {
		src := uint64(uint32(b))<<32 | uint64(uint32(a)) // a is bytes 0-3, b 4-7
		var r uint64
		for k := 0; k < 4; k++ {
			sel := c >> (4 * k) & 7 // the sign-replicate bit is cleared by libdevice
			r |= (src >> (8 * sel) & 0xFF) << (8 * k)
		}
		return r
	}
	cases := []struct {
		args, res string
		syms      []string
		ref       []func(a []uint64) uint64
	}{
		{"i", "i32", []string{"__nv_brev", "__nv_clz", "__nv_ffs"}, []func(a []uint64) uint64{
			func(a []uint64) uint64 { return uint64(bits.Reverse32(uint32(a[0]))) },
			func(a []uint64) uint64 { return uint64(bits.LeadingZeros32(uint32(a[0]))) },
			func(a []uint64) uint64 { return ffs(a[0]&0xFFFFFFFF, 32) },
		}},
		{"l", "i64", []string{"__nv_brevll"}, []func(a []uint64) uint64{
			func(a []uint64) uint64 { return bits.Reverse64(a[0]) },
		}},
		{"l", "i32", []string{"__nv_clzll", "__nv_ffsll"}, []func(a []uint64) uint64{
			func(a []uint64) uint64 { return uint64(bits.LeadingZeros64(a[0])) },
			func(a []uint64) uint64 { return ffs(a[0], 64) },
		}},
		{"ii", "i32", []string{"__nv_hadd", "__nv_rhadd", "__nv_uhadd", "__nv_urhadd", "__nv_mul24", "__nv_umul24"}, []func(a []uint64) uint64{
			// Floor of the exact mean: an arithmetic shift of the exact sum.
			func(a []uint64) uint64 { return uint64((sext32(a[0]) + sext32(a[1])) >> 1) },
			func(a []uint64) uint64 { return uint64((sext32(a[0]) + sext32(a[1]) + 1) >> 1) },
			func(a []uint64) uint64 { return (a[0] + a[1]) >> 1 },
			func(a []uint64) uint64 { return (a[0] + a[1] + 1) >> 1 },
			func(a []uint64) uint64 { return uint64(sext24(a[0]) * sext24(a[1])) },
			func(a []uint64) uint64 { return (a[0] & 0xFFFFFF) * (a[1] & 0xFFFFFF) },
		}},
		{"iii", "i32", []string{"__nv_byte_perm", "__nv_sad", "__nv_usad"}, []func(a []uint64) uint64{
			func(a []uint64) uint64 { return bytePerm(a[0], a[1], a[2]) },
			func(a []uint64) uint64 { return a[2] + absDiff(sext32(a[0]), sext32(a[1])) },
			func(a []uint64) uint64 { return a[2] + absDiff(int64(a[0]), int64(a[1])) },
		}},
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		for _, c := range cases {
			rng := rand.New(rand.NewSource(int64(len(c.args))*7 + int64(len(c.syms))))
			ec := externCase{res: c.res, syms: c.syms}
			var inputs [][]uint64
			for k, l := range c.args {
				ty, w := "i32", 32
				if l == 'l' {
					ty, w = "i64", 64
				}
				ec.args = append(ec.args, ty)
				inputs = append(inputs, intInputs(rng, n, w, k))
			}
			if len(c.syms) > 0 && c.syms[0] == "__nv_byte_perm" {
				// Selectors with every nibble, the sign-replicate bits and
				// upper half set included.
				for i := range inputs[2] {
					if i%2 == 0 {
						inputs[2][i] = uint64(rng.Uint32())
					}
				}
			}
			got := simulateInts(t, tg, ec, inputs)
			mask := uint64(1)<<(8*intWidth(c.res)) - 1
			if c.res == "i64" {
				mask = ^uint64(0)
			}
			for k, sym := range c.syms {
				bad := 0
				for i := 0; i < n; i++ {
					args := make([]uint64, len(inputs))
					for j := range inputs {
						args[j] = inputs[j][i]
					}
					if want := c.ref[k](args) & mask; got[k][i] != want {
						if bad++; bad <= 5 {
							t.Errorf("%s(%#x) = %#x, want %#x", sym, args, got[k][i], want)
						}
					}
				}
				if bad > 0 {
					t.Errorf("%s: %d of %d results wrong", sym, bad, n)
				}
			}
		}
	})
}
