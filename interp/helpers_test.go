package interp

import (
	"bytes"
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// kernel parses and verifies MLIR text and returns its only public
// function.
func kernel(t testing.TB, src string) *ir.Operation {
	t.Helper()
	mod, err := asm.Parse(all.NewContext(), src, asm.ParseConfig{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("verify: %v", err)
	}
	fn, err := FindKernel(mod, "")
	if err != nil {
		t.Fatal(err)
	}
	return fn
}

// launchOpts are optional launch settings for run.
type launchOpts struct {
	grid    [3]int
	workers int
	out     *bytes.Buffer
	opts    Options
}

// run launches the kernel in src. Arguments: []byte buffers (pointer
// parameters; the kernel writes into them), int/int64 and float64 scalars.
func run(t testing.TB, src string, lo launchOpts, args ...any) error {
	t.Helper()
	prog, err := CompileWith(kernel(t, src), lo.opts)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	mem := NewMemory()
	var as []Arg
	for i, a := range args {
		switch a := a.(type) {
		case []byte:
			as = append(as, PtrArg(mem.Alloc("arg"+string(rune('0'+i)), a)))
		case int:
			as = append(as, IntArg(int64(a)))
		case int64:
			as = append(as, IntArg(a))
		case float64:
			as = append(as, FloatArg(a))
		default:
			t.Fatalf("bad test argument %T", a)
		}
	}
	cfg := Config{Grid: lo.grid, Workers: lo.workers}
	if lo.out != nil {
		cfg.Stdout = lo.out
	}
	return prog.Launch(mem, as, cfg)
}

// mustRun is run that fails the test on error.
func mustRun(t testing.TB, src string, lo launchOpts, args ...any) {
	t.Helper()
	if err := run(t, src, lo, args...); err != nil {
		t.Fatal(err)
	}
}

func f32s(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func i32s(v ...int32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	return b
}

func u16s(v ...uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

func getF32(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func getU32(b []byte) []uint32 {
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func getI32(b []byte) []int32 {
	out := make([]int32, len(b)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func getU16(b []byte) []uint16 {
	out := make([]uint16, len(b)/2)
	for i := range out {
		out[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return out
}

// elementwise builds a kernel applying body to n elements: it loads %a
// (and %b) of type T from the first (second) buffer and stores %r of type
// R into the last. Tensors have the next power-of-two size (Triton's rule)
// and the lanes past n are masked off. body is MLIR defining %r from %a
// and %b, with S the tensor shape (`tensor<Sxf32>` is written with S).
func elementwise(n int, T, R string, twoInputs bool, body string) string {
	size := 1
	for size < n {
		size *= 2
	}
	s := itoa(size)
	body = strings.ReplaceAll(body, "<"+itoa(n)+"x", "<"+s+"x")
	var b strings.Builder
	tensor := func(e string) string { return "tensor<" + s + "x" + e + ">" }
	b.WriteString("tt.func public @k(%pa: !tt.ptr<" + T + ">")
	if twoInputs {
		b.WriteString(", %pb: !tt.ptr<" + T + ">")
	}
	b.WriteString(", %pr: !tt.ptr<" + R + ">) {\n")
	b.WriteString("  %i = tt.make_range {end = " + s + " : i32, start = 0 : i32} : " + tensor("i32") + "\n")
	b.WriteString("  %nn = arith.constant dense<" + itoa(n) + "> : " + tensor("i32") + "\n")
	b.WriteString("  %m = arith.cmpi slt, %i, %nn : " + tensor("i32") + "\n")
	load := func(name, ptr string) {
		b.WriteString("  %" + name + "p0 = tt.splat %" + ptr + " : !tt.ptr<" + T + "> -> " + tensor("!tt.ptr<"+T+">") + "\n")
		b.WriteString("  %" + name + "p = tt.addptr %" + name + "p0, %i : " + tensor("!tt.ptr<"+T+">") + ", " + tensor("i32") + "\n")
		b.WriteString("  %" + name + " = tt.load %" + name + "p, %m : " + tensor("!tt.ptr<"+T+">") + "\n")
	}
	load("a", "pa")
	if twoInputs {
		load("b", "pb")
	}
	b.WriteString(body + "\n")
	b.WriteString("  %rp0 = tt.splat %pr : !tt.ptr<" + R + "> -> " + tensor("!tt.ptr<"+R+">") + "\n")
	b.WriteString("  %rp = tt.addptr %rp0, %i : " + tensor("!tt.ptr<"+R+">") + ", " + tensor("i32") + "\n")
	b.WriteString("  tt.store %rp, %r, %m : " + tensor("!tt.ptr<"+R+">") + "\n")
	b.WriteString("  tt.return\n}\n")
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }
