package numeric

import (
	"math"
	"testing"
)

var sinkU16 uint16
var sinkF32 float32
var sinkU32 uint32

func BenchmarkF16FromFloat32(b *testing.B) {
	x := uint32(0x3F812345)
	for i := 0; i < b.N; i++ {
		sinkU16 = F16FromFloat32(math.Float32frombits(x), RNE)
		x += 0x9E3779B9
	}
}

func BenchmarkF16FromFloat32Generic(b *testing.B) {
	x := uint32(0x3F812345)
	for i := 0; i < b.N; i++ {
		sinkU32 = F16.FromFloat32(math.Float32frombits(x), RNE)
		x += 0x9E3779B9
	}
}

func BenchmarkF16ToFloat32(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sinkF32 = F16ToFloat32(uint16(i))
	}
}

func BenchmarkBF16FromFloat32(b *testing.B) {
	x := uint32(0x3F812345)
	for i := 0; i < b.N; i++ {
		sinkU16 = BF16FromFloat32(math.Float32frombits(x), RNE)
		x += 0x9E3779B9
	}
}

func BenchmarkF8E4M3FNFromFloat32(b *testing.B) {
	x := uint32(0x3F812345)
	for i := 0; i < b.N; i++ {
		sinkU32 = uint32(F8E4M3FNFromFloat32(math.Float32frombits(x), RNE))
		x += 0x9E3779B9
	}
}

func BenchmarkPhilox4x32(b *testing.B) {
	var acc uint32
	for i := 0; i < b.N; i++ {
		r := Philox4x32([4]uint32{uint32(i), 0, 0, 0}, [2]uint32{42, 0}, PhiloxRounds)
		acc ^= r[0]
	}
	sinkU32 = acc
}

func BenchmarkTritonRand(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sinkF32 = TritonRand(42, uint64(i), 32, PhiloxRounds)
	}
}

func BenchmarkTritonRandn(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sinkF32 = TritonRandn(42, uint64(i), 32, PhiloxRounds)
	}
}
