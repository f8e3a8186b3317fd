package interp

import (
	"errors"
	"strings"
	"testing"
)

const loadStoreKernel = `tt.func public @k(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c4 = arith.constant 4 : i32
  %base = arith.muli %pid, %c4 : i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %b = tt.splat %base : i32 -> tensor<4xi32>
  %o = arith.addi %b, %r : tensor<4xi32>
  %ns = tt.splat %n : i32 -> tensor<4xi32>
  %m = arith.cmpi slt, %o, %ns : tensor<4xi32>
  %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xp0, %o : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xp, %m : tensor<4x!tt.ptr<f32>>
  %yp0 = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %yp = tt.addptr %yp0, %o : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %yp, %v, %m : tensor<4x!tt.ptr<f32>>
  tt.return
}`

// Masked-off lanes may point anywhere; masked-in lanes outside the buffer
// are a located error naming the op, the program and the element.
func TestOutOfBoundsIsLocatedError(t *testing.T) {
	x, y := f32s(1, 2, 3, 4, 5, 6), make([]byte, 24)
	// n = 6 with 2 programs of 4: the masks keep every access in bounds.
	mustRun(t, loadStoreKernel, launchOpts{grid: [3]int{2, 1, 1}}, x, y, 6)
	if got := getF32(y); got[5] != 6 {
		t.Fatalf("copy failed: %v", got)
	}
	// n = 7: program 1's element 2 (offset 6) is masked in and outside x.
	err := run(t, loadStoreKernel, launchOpts{grid: [3]int{2, 1, 1}}, x, y, 7)
	var ie *Error
	if !errors.As(err, &ie) {
		t.Fatalf("want *Error, got %v", err)
	}
	if ie.Op == nil || ie.Op.Name() != "tt.load" || ie.PID != [3]int{1, 0, 0} || len(ie.Index) != 1 || ie.Index[0] != 2 {
		t.Fatalf("error names op %v, program %v, index %v: %v", ie.Op, ie.PID, ie.Index, err)
	}
	msg := err.Error()
	for _, want := range []string{"test.mlir:12:8", "'tt.load' op", "program (1, 0, 0)", "element [2]", "outside buffer", "24 bytes"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
}

// An all-false mask reads `other` (or zeros) and writes nothing.
func TestEmptyMask(t *testing.T) {
	src := `tt.func public @k(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %f = arith.constant dense<false> : tensor<4xi1>
  %t = arith.constant dense<true> : tensor<4xi1>
  %other = arith.constant dense<7.5> : tensor<4xf32>
  %big = arith.constant dense<1000000> : tensor<4xi32>
  %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %far = tt.addptr %xp0, %big : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %a = tt.load %far, %f, %other : tensor<4x!tt.ptr<f32>>
  %b = tt.load %far, %f : tensor<4x!tt.ptr<f32>>
  tt.store %far, %a, %f : tensor<4x!tt.ptr<f32>>
  %s = arith.addf %a, %b : tensor<4xf32>
  %yp0 = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %yp = tt.addptr %yp0, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %yp, %s, %t : tensor<4x!tt.ptr<f32>>
  tt.return
}`
	x, y := f32s(1, 2, 3, 4), make([]byte, 16)
	mustRun(t, src, launchOpts{}, x, y)
	for i, v := range getF32(y) {
		if v != 7.5 {
			t.Errorf("lane %d = %v, want other (7.5) + zero", i, v)
		}
	}
}

func TestNullPointer(t *testing.T) {
	src := `tt.func public @k(%p: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i64
  %z = tt.int_to_ptr %c0 : i64 -> !tt.ptr<i32>
  %v = tt.load %z : !tt.ptr<i32>
  tt.store %p, %v : !tt.ptr<i32>
  tt.return
}`
	err := run(t, src, launchOpts{}, make([]byte, 4))
	if err == nil || !strings.Contains(err.Error(), "null pointer") {
		t.Fatalf("want a null pointer error, got %v", err)
	}
}

// Pointers are integers: ptr_to_int/int_to_ptr round-trip, addptr scales
// by the pointee size, and a pointer may stray below its buffer without
// being confused with another one.
func TestPointerArithmetic(t *testing.T) {
	src := `tt.func public @k(%p: !tt.ptr<i64>, %q: !tt.ptr<i16>) {
  %c3 = arith.constant 3 : i32
  %cm5 = arith.constant -5 : i32
  %p3 = tt.addptr %q, %c3 : !tt.ptr<i16>, i32
  %a = tt.ptr_to_int %q : !tt.ptr<i16> -> i64
  %b = tt.ptr_to_int %p3 : !tt.ptr<i16> -> i64
  %d = arith.subi %b, %a : i64
  tt.store %p, %d : !tt.ptr<i64>
  %back = tt.addptr %p3, %cm5 : !tt.ptr<i16>, i32
  %v = tt.load %back : !tt.ptr<i16>
  tt.store %q, %v : !tt.ptr<i16>
  tt.return
}`
	out := make([]byte, 8)
	err := run(t, src, launchOpts{}, out, make([]byte, 8))
	if got := getU32(out)[0]; got != 6 {
		t.Errorf("addptr of 3 i16 elements moved %d bytes, want 6", got)
	}
	if err == nil || !strings.Contains(err.Error(), "byte offset -4") || !strings.Contains(err.Error(), `"arg1"`) {
		t.Errorf("a pointer 2 elements below its buffer must be reported against that buffer: %v", err)
	}
}

func TestMemoryPointerEncoding(t *testing.T) {
	m := NewMemory()
	p := m.Alloc("a", make([]byte, 16))
	q := m.Alloc("b", make([]byte, 16))
	if id, off := p.Split(); id != 1 || off != 0 {
		t.Errorf("first buffer: id %d off %d", id, off)
	}
	below := Pointer(uint64(q) - 8)
	if id, off := below.Split(); id != 2 || off != -8 {
		t.Errorf("8 bytes below buffer 2: id %d off %d", id, off)
	}
	if m.Buffer(q).Name != "b" || m.Buffer(Pointer(0)) != nil {
		t.Error("Buffer lookup")
	}
	if uint64(p)%(1<<47) != 0 {
		t.Error("buffers must be aligned to 2^47")
	}
}

// Atomics from many program instances running in parallel are atomic.
func TestAtomicsAcrossPrograms(t *testing.T) {
	src := `tt.func public @k(%c: !tt.ptr<i32>, %f: !tt.ptr<f32>, %mx: !tt.ptr<i32>, %cas: !tt.ptr<i32>) {
  %one = arith.constant 1 : i32
  %half = arith.constant 0.5 : f32
  %true = arith.constant true
  %pid = tt.get_program_id x : i32
  %old = tt.atomic_rmw add, acq_rel, gpu, %c, %one, %true : (!tt.ptr<i32>, i32, i1) -> i32
  %fo = tt.atomic_rmw fadd, relaxed, gpu, %f, %half, %true : (!tt.ptr<f32>, f32, i1) -> f32
  %mo = tt.atomic_rmw max, relaxed, gpu, %mx, %pid, %true : (!tt.ptr<i32>, i32, i1) -> i32
  %z = arith.constant 0 : i32
  %p1 = arith.addi %pid, %one : i32
  %co = tt.atomic_cas acq_rel, gpu, %cas, %z, %p1 : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}`
	c, f, mx, cas := make([]byte, 4), make([]byte, 4), i32s(-5), make([]byte, 4)
	mustRun(t, src, launchOpts{grid: [3]int{50, 3, 2}, workers: 8}, c, f, mx, cas)
	if got := getI32(c)[0]; got != 300 {
		t.Errorf("atomic add counter = %d, want 300", got)
	}
	if got := getF32(f)[0]; got != 150 {
		t.Errorf("atomic fadd = %v, want 150", got)
	}
	if got := getI32(mx)[0]; got != 49 {
		t.Errorf("atomic max = %d, want 49", got)
	}
	if got := getI32(cas)[0]; got < 1 || got > 50 {
		t.Errorf("atomic cas: exactly one program must win, got %d", got)
	}
}

// Misaligned atomics are reported (the GPU faults on them).
func TestMisalignedAtomic(t *testing.T) {
	src := `tt.func public @k(%c: !tt.ptr<i8>) {
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %q = tt.addptr %c, %c1 : !tt.ptr<i8>, i32
  %qi = tt.bitcast %q : !tt.ptr<i8> -> !tt.ptr<i32>
  %old = tt.atomic_rmw add, relaxed, gpu, %qi, %one, %true : (!tt.ptr<i32>, i32, i1) -> i32
  tt.return
}`
	if err := run(t, src, launchOpts{}, make([]byte, 8)); err == nil || !strings.Contains(err.Error(), "misaligned") {
		t.Fatalf("want misaligned atomic error, got %v", err)
	}
}

func TestLaunchArgumentErrors(t *testing.T) {
	prog, err := Compile(kernel(t, loadStoreKernel))
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemory()
	if err := prog.Launch(mem, []Arg{IntArg(1)}, Config{}); err == nil {
		t.Error("wrong argument count accepted")
	}
	x := mem.Alloc("x", make([]byte, 16))
	if err := prog.Launch(mem, []Arg{PtrArg(x), PtrArg(x), FloatArg(2)}, Config{}); err == nil {
		t.Error("float for an i32 parameter accepted")
	}
	if err := prog.Launch(mem, []Arg{PtrArg(x), PtrArg(x), IntArg(4)}, Config{Grid: [3]int{-1, 1, 1}}); err == nil {
		t.Error("negative grid accepted")
	}
}
