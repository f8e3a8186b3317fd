package npy

import (
	"math"
	"reflect"
	"testing"
)

func TestFromSliceAndValues(t *testing.T) {
	a, err := FromSlice([]int16{-1, 2, 300}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{0xff, 0xff, 2, 0, 0x2c, 1}; !reflect.DeepEqual(a.Data, want) {
		t.Errorf("int16 data % x, want % x", a.Data, want)
	}
	if v, err := Values[int16](a); err != nil || !reflect.DeepEqual(v, []int16{-1, 2, 300}) {
		t.Errorf("Values = %v, %v", v, err)
	}
	if _, err := Values[uint16](a); err == nil {
		t.Error("Values[uint16] on int16 succeeded")
	}
	if _, err := FromSlice([]float32{1, 2, 3}, 2, 2); err == nil {
		t.Error("FromSlice with mismatched shape succeeded")
	}
	if _, err := FromSlice([]float32{1}, -1); err == nil {
		t.Error("FromSlice with negative shape succeeded")
	}
	type myFloat float64
	m, err := FromSlice([]myFloat{0.5})
	if err != nil || m.DType != Float64 {
		t.Errorf("named type: %v, %v", m, err)
	}
	e, err := FromSlice([]int8(nil))
	if err != nil || !reflect.DeepEqual(e.Shape, []int{0}) || len(e.Data) != 0 {
		t.Errorf("empty: %#v, %v", e, err)
	}
}

func TestBoolsAreNormalized(t *testing.T) {
	a := Array{DType: Bool, Shape: []int{3}, Data: []byte{0, 2, 255}}
	v, err := Values[bool](a)
	if err != nil || !reflect.DeepEqual(v, []bool{false, true, true}) {
		t.Fatalf("got %v, %v", v, err)
	}
	f, _ := a.Float64Values()
	if !reflect.DeepEqual(f, []float64{0, 1, 1}) {
		t.Errorf("Float64Values = %v", f)
	}
	b, _ := FromSlice([]bool{true, false})
	if !reflect.DeepEqual(b.Data, []byte{1, 0}) {
		t.Errorf("bool data %v", b.Data)
	}
}

func TestScalar(t *testing.T) {
	s := Scalar(float32(2.5))
	if s.DType != Float32 || len(s.Shape) != 0 || s.Len() != 1 {
		t.Fatalf("Scalar = %#v", s)
	}
	if v, _ := s.Float32s(); v[0] != 2.5 {
		t.Errorf("value %v", v)
	}
}

func TestFloat64ValuesAllDTypes(t *testing.T) {
	check := func(a Array, err error, want []float64) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Float64Values()
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%v: Float64Values = %v, %v; want %v", a, got, err, want)
		}
	}
	a, err := FromSlice([]int8{-128, 127})
	check(a, err, []float64{-128, 127})
	a, err = FromSlice([]uint8{0, 255})
	check(a, err, []float64{0, 255})
	a, err = FromSlice([]int16{-32768, 5})
	check(a, err, []float64{-32768, 5})
	a, err = FromSlice([]uint16{65535})
	check(a, err, []float64{65535})
	a, err = FromSlice([]int32{math.MinInt32, 7})
	check(a, err, []float64{math.MinInt32, 7})
	a, err = FromSlice([]uint32{math.MaxUint32})
	check(a, err, []float64{math.MaxUint32})
	a, err = FromSlice([]int64{-1 << 40})
	check(a, err, []float64{-1 << 40})
	a, err = FromSlice([]uint64{1 << 63})
	check(a, err, []float64{1 << 63})
	a, err = FromSlice([]float32{0.1})
	check(a, err, []float64{float64(float32(0.1))})
	a, err = FromSlice([]float64{math.Inf(-1)})
	check(a, err, []float64{math.Inf(-1)})
	a, err = FromFloat16Bits([]uint16{0x3c00, 0xc000, 0x0001, 0x7bff}, 2, 2)
	check(a, err, []float64{1, -2, 0x1p-24, 65504})

	bad := Array{DType: Float32, Shape: []int{2}, Data: []byte{1}}
	if _, err := bad.Float64Values(); err == nil {
		t.Error("Float64Values on inconsistent array succeeded")
	}
}

func TestFloat16BitsAndBFloat16Values(t *testing.T) {
	a, err := FromFloat16Bits([]uint16{0x3c00, 0x7e00})
	if err != nil {
		t.Fatal(err)
	}
	if bits, err := a.Float16Bits(); err != nil || !reflect.DeepEqual(bits, []uint16{0x3c00, 0x7e00}) {
		t.Errorf("Float16Bits = %#04x, %v", bits, err)
	}
	if _, err := a.BFloat16Values(); err == nil {
		t.Error("BFloat16Values on float16 succeeded")
	}
	bf := []uint16{Float32ToBFloat16(1.5), Float32ToBFloat16(-0.25), Float32ToBFloat16(3e38)}
	b, err := FromSlice(bf)
	if err != nil {
		t.Fatal(err)
	}
	v, err := b.BFloat16Values()
	if err != nil || v[0] != 1.5 || v[1] != -0.25 || math.Abs(v[2]-3e38)/3e38 > 1./128 {
		t.Errorf("BFloat16Values = %v, %v", v, err)
	}
	if _, err := b.Float16Bits(); err == nil {
		t.Error("Float16Bits on uint16 succeeded")
	}
}

func TestNewAndLen(t *testing.T) {
	a, err := New(Float64, 2, 3)
	if err != nil || len(a.Data) != 48 || a.Len() != 6 {
		t.Fatalf("New: %v, %v", a, err)
	}
	if _, err := New(Invalid, 1); err == nil {
		t.Error("New(Invalid) succeeded")
	}
	if _, err := New(Float64, math.MaxInt/2, 4); err == nil {
		t.Error("New with overflowing shape succeeded")
	}
	if n := (Array{Shape: []int{-1}}).Len(); n != -1 {
		t.Errorf("Len of negative shape = %d", n)
	}
	if n := (Array{Shape: []int{math.MaxInt / 2, math.MaxInt / 2}}).Len(); n != -1 {
		t.Errorf("Len of overflowing shape = %d", n)
	}
}
