package npy

import (
	"reflect"
	"strings"
	"testing"
)

func TestParsePyLiteral(t *testing.T) {
	tests := []struct {
		in   string
		want pyValue
	}{
		{"True", true},
		{" False ", false},
		{"None", nil},
		{"'a\\'b'", "a'b"},
		{`"x\"y"`, `x"y`},
		{`'\x41\u00e9\n\\'`, "Aé\n\\"},
		{`u'<f4'`, "<f4"},
		{`b'<f4'`, "<f4"},
		{`r'a\b'`, `a\b`},
		{"'\\q'", "\\q"},
		{"12", pyInt{v: 12}},
		{"-7", pyInt{v: -7}},
		{"3L", pyInt{v: 3}},
		{"1_000", pyInt{v: 1000}},
		{"()", pyTuple{}},
		{"( )", pyTuple{}},
		{"(3,)", pyTuple{pyInt{v: 3}}},
		{"(3)", pyInt{v: 3}},
		{"(2, 3)", pyTuple{pyInt{v: 2}, pyInt{v: 3}}},
		{"(2, 3, )", pyTuple{pyInt{v: 2}, pyInt{v: 3}}},
		{"[1,[2]]", pyList{pyInt{v: 1}, pyList{pyInt{v: 2}}}},
		{"[]", pyList{}},
		{"{}", pyDict{values: map[string]pyValue{}}},
		{"{'a': 1, 'b': (), }", pyDict{keys: []string{"a", "b"}, values: map[string]pyValue{"a": pyInt{v: 1}, "b": pyTuple{}}}},
		{"99999999999999999999999", pyInt{overflow: true}},
		{"-9223372036854775808", pyInt{v: -9223372036854775808}},
	}
	for _, tt := range tests {
		got, err := parsePyLiteral(tt.in)
		if err != nil {
			t.Errorf("parsePyLiteral(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parsePyLiteral(%q) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

func TestParsePyLiteralErrors(t *testing.T) {
	for _, in := range []string{
		"", "{", "(", "[1", "{'a' 1}", "{'a': }", "{1: 2}", "{'a': 1, 'a': 2}",
		"'abc", "'a\nb'", "1.5", "1e3", "0x10", "-", "nan", "true", "{'a': 1} x",
		"(1 2)", "'\\x4'", "'\\uZZZZ'", "'\\", "{'a': 1,,}", ",",
		strings.Repeat("(", 100) + strings.Repeat(")", 100),
	} {
		if v, err := parsePyLiteral(in); err == nil {
			t.Errorf("parsePyLiteral(%q) = %#v, want error", in, v)
		}
	}
}
