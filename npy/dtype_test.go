package npy

import (
	"strings"
	"testing"
)

func TestDTypeProperties(t *testing.T) {
	tests := []struct {
		d     DType
		name  string
		size  int
		descr string
	}{
		{Bool, "bool", 1, "|b1"},
		{Int8, "int8", 1, "|i1"},
		{Int16, "int16", 2, "<i2"},
		{Int32, "int32", 4, "<i4"},
		{Int64, "int64", 8, "<i8"},
		{Uint8, "uint8", 1, "|u1"},
		{Uint16, "uint16", 2, "<u2"},
		{Uint32, "uint32", 4, "<u4"},
		{Uint64, "uint64", 8, "<u8"},
		{Float16, "float16", 2, "<f2"},
		{Float32, "float32", 4, "<f4"},
		{Float64, "float64", 8, "<f8"},
	}
	for _, tt := range tests {
		if got := tt.d.Name(); got != tt.name {
			t.Errorf("%d.Name() = %q, want %q", tt.d, got, tt.name)
		}
		if got := tt.d.Size(); got != tt.size {
			t.Errorf("%s.Size() = %d, want %d", tt.name, got, tt.size)
		}
		if got := tt.d.Descr(); got != tt.descr {
			t.Errorf("%s.Descr() = %q, want %q", tt.name, got, tt.descr)
		}
		d, big, err := ParseDescr(tt.descr)
		if err != nil || d != tt.d || big {
			t.Errorf("ParseDescr(%q) = %v, %v, %v; want %v, false, nil", tt.descr, d, big, err, tt.d)
		}
	}
	for _, d := range []DType{Invalid, DType(200)} {
		if d.Valid() || d.Size() != 0 || d.Descr() != "" || !strings.HasPrefix(d.Name(), "DType(") {
			t.Errorf("invalid DType %d: Valid=%v Size=%d Descr=%q Name=%q", d, d.Valid(), d.Size(), d.Descr(), d.Name())
		}
	}
	if !Float16.IsFloat() || Int8.IsFloat() || !Int8.IsSigned() || !Uint64.IsUnsigned() || Bool.IsUnsigned() {
		t.Error("kind predicates are wrong")
	}
}

func TestParseDescr(t *testing.T) {
	tests := []struct {
		in   string
		want DType
		big  bool
	}{
		{">f4", Float32, true},
		{">i8", Int64, true},
		{">u1", Uint8, false}, // one byte: nothing to swap
		{"<b1", Bool, false},
		{"|?1", Bool, false},
		{"=f8", Float64, false},
		{"f2", Float16, false},
		{"<V2", Uint16, false},
		{"|V2", Uint16, false},
	}
	for _, tt := range tests {
		d, big, err := ParseDescr(tt.in)
		if err != nil || d != tt.want || big != tt.big {
			t.Errorf("ParseDescr(%q) = %v, %v, %v; want %v, %v, nil", tt.in, d, big, err, tt.want, tt.big)
		}
	}
	for _, bad := range []string{"", "<", "<f", "<f3", "<c8", "<f16", "|f4", "<V4", "<U10", "O", "<i-4", "<f4x", "<M8"} {
		if d, _, err := ParseDescr(bad); err == nil {
			t.Errorf("ParseDescr(%q) = %v, want error", bad, d)
		}
	}
}
