package lit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseScript(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		runs    []runLine
		req     []string
		unsup   []string
		xfail   []string
		wantErr string
	}{
		{
			name: "comment leaders",
			text: "// RUN: a %s\n; RUN: b\n# RUN: c | d  \nfoo\n",
			runs: []runLine{{1, " a %s", nil}, {2, " b", nil}, {3, " c | d", nil}},
		},
		{
			name: "continuation",
			text: "// RUN: tt-opt %s \\\n// RUN:   -pass \\\n// RUN: | FileCheck %s\n// RUN: second\n",
			runs: []runLine{{1, " tt-opt %s    -pass  | FileCheck %s", nil}, {4, " second", nil}},
		},
		{
			name: "line numbers",
			text: "\n// RUN: echo %(line) %(line+2) %(line - 1)\n",
			runs: []runLine{{2, " echo 2 4 1", nil}},
		},
		{
			name:  "features",
			text:  "// REQUIRES: cuda, x86 && !win\n// UNSUPPORTED: windows\n// XFAIL: *\n// REQUIRES: more\n// RUN: x\n",
			runs:  []runLine{{5, " x", nil}},
			req:   []string{"cuda", "x86 && !win", "more"},
			unsup: []string{"windows"},
			xfail: []string{"*"},
		},
		{
			name: "end stops parsing",
			text: "// RUN: a\n// END.\n// RUN: b\n",
			runs: []runLine{{1, " a", nil}},
		},
		{
			name: "define and redefine",
			text: "// DEFINE: %{cmd} = tt-opt \\\n// DEFINE:   -x\n// RUN: %{cmd} %s\n// REDEFINE: %{cmd} = other\n// RUN: %{cmd}\n",
			runs: []runLine{
				{3, " %{cmd} %s", []Substitution{{"%{cmd}", "tt-opt -x"}}},
				{5, " %{cmd}", []Substitution{{"%{cmd}", "other"}}},
			},
		},
		{
			name: "crlf",
			text: "// RUN: a\r\n// RUN: b\r\n",
			runs: []runLine{{1, " a", nil}, {2, " b", nil}},
		},
		{name: "no run", text: "// CHECK: x\n", wantErr: "test has no 'RUN:' line"},
		{name: "unterminated", text: "// RUN: a \\\n", wantErr: "unterminated RUN lines"},
		{name: "bad requires", text: "// REQUIRES: a &&\n// RUN: x\n", wantErr: "line 1: REQUIRES:"},
		{name: "redefine undefined", text: "// REDEFINE: %{x} = 1\n// RUN: x\n", wantErr: "REDEFINE of %{x}, which is not defined"},
		{name: "define twice", text: "// DEFINE: %{x} = 1\n// DEFINE: %{x} = 2\n// RUN: x\n", wantErr: "already defined"},
		{name: "bad define", text: "// DEFINE: x = 1\n// RUN: x\n", wantErr: "expects '%{name} = value'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := parseScript(tt.text)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.runs, s.runs, cmp.AllowUnexported(runLine{})); diff != "" {
				t.Errorf("runs (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.req, s.requires); diff != "" {
				t.Errorf("requires (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.unsup, s.unsupported); diff != "" {
				t.Errorf("unsupported (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.xfail, s.xfail); diff != "" {
				t.Errorf("xfail (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSubstitute(t *testing.T) {
	p := testPaths{source: "/src/dir/test.mlir", tmp: "/build/x/test.mlir.tmp", tmpDir: "/build/x"}
	tests := []struct {
		in, want string
		defines  []Substitution
		config   []Substitution
	}{
		{"tt-opt %s | FileCheck %s", "tt-opt /src/dir/test.mlir | FileCheck /src/dir/test.mlir", nil, nil},
		{"%S/Inputs %p/a", "/src/dir/Inputs /src/dir/a", nil, nil},
		{"%t %t.o %T", "/build/x/test.mlir.tmp /build/x/test.mlir.tmp.o /build/x", nil, nil},
		{"%basename_t", "test.mlir", nil, nil},
		{"%/s %/t", "/src/dir/test.mlir /build/x/test.mlir.tmp", nil, nil},
		{"100%% %%s", "100% %s", nil, nil},
		{"a%{pathsep}b", "a:b", nil, nil},
		{"%{cmd} %s", "tt-opt -x /src/dir/test.mlir", []Substitution{{"%{cmd}", "tt-opt -x"}}, nil},
		{"%PYTHON %s", "python3 /src/dir/test.mlir", nil, []Substitution{{"%PYTHON", "python3"}}},
		{"%{a}", "/src/dir/test.mlir.x", []Substitution{{"%{a}", "%s.x"}}, nil},
	}
	for _, tt := range tests {
		if got := p.substitute(tt.in, tt.defines, tt.config); got != tt.want {
			t.Errorf("substitute(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBoolExpr(t *testing.T) {
	features := map[string]bool{"cuda": true, "x86-registered-target": true, "sm_90": true}
	tests := []struct {
		expr    string
		want    bool
		wantErr bool
	}{
		{"cuda", true, false},
		{"rocm", false, false},
		{"!rocm", true, false},
		{"cuda && rocm", false, false},
		{"cuda || rocm", true, false},
		{"!(cuda && rocm) && x86-registered-target", true, false},
		{"true", true, false},
		{"sm_{{[0-9]+}}", true, false},
		{"sm_{{8.}}", false, false},
		{"cuda &&", false, true},
		{"(cuda", false, true},
		{"cuda rocm", false, true},
		{"cu$da", false, true},
	}
	for _, tt := range tests {
		got, err := evalBoolExpr(tt.expr, features)
		if (err != nil) != tt.wantErr {
			t.Errorf("evalBoolExpr(%q) error = %v, wantErr %v", tt.expr, err, tt.wantErr)
			continue
		}
		if err == nil && got != tt.want {
			t.Errorf("evalBoolExpr(%q) = %v, want %v", tt.expr, got, tt.want)
		}
	}
}
