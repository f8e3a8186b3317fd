package cuda

import (
	"math"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

func TestArgsPacking(t *testing.T) {
	a := Args{}.Ptr(0x7f0000001000).I32(-2).U32(7).I64(-3).U64(1 << 63).F16(0x3c00).F32(1.5).F64(-0.25)
	wantKinds := []ArgKind{ArgPtr, ArgI32, ArgU32, ArgI64, ArgU64, ArgF16, ArgF32, ArgF64}
	wantSizes := []int{8, 4, 4, 8, 8, 2, 4, 8}
	wantSlots := []uint64{
		0x7f0000001000,
		0xfffffffe, // -2 as 32 bits; upper bytes zero
		7,
		0xfffffffffffffffd,
		1 << 63,
		0x3c00,
		uint64(math.Float32bits(1.5)),
		math.Float64bits(-0.25),
	}
	if a.Len() != len(wantKinds) {
		t.Fatalf("Len = %d", a.Len())
	}
	slots := a.slots()
	for i := range wantKinds {
		if a.Kind(i) != wantKinds[i] || a.Kind(i).Size() != wantSizes[i] {
			t.Errorf("arg %d: kind %v size %d, want %v %d", i, a.Kind(i), a.Kind(i).Size(), wantKinds[i], wantSizes[i])
		}
		if slots[i] != wantSlots[i] {
			t.Errorf("slot %d = %#x, want %#x", i, slots[i], wantSlots[i])
		}
	}
	want := "(ptr 0x7f0000001000, i32 -2, u32 7, i64 -3, u64 9223372036854775808, f16 0x3c00, f32 1.5, f64 -0.25)"
	if got := a.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	if (Args{}).String() != "()" || (Args{}).Len() != 0 {
		t.Error("empty Args")
	}
	if ArgKind(0).Size() != 0 || ArgKind(99).Size() != 0 || !strings.HasPrefix(ArgKind(99).String(), "ArgKind(") {
		t.Error("invalid ArgKind")
	}
}

func TestArgsShareNothing(t *testing.T) {
	base := Args{}.Ptr(1).Ptr(2)
	left := base.I32(10)
	right := base.I32(20)
	if left.slots()[2] != 10 || right.slots()[2] != 20 || base.Len() != 2 {
		t.Fatalf("branches interfere: left %v right %v base %v", left, right, base)
	}
}

func TestKernelParamsPointAtSlots(t *testing.T) {
	var p runtime.Pinner
	defer p.Unpin()
	if kernelParams(&p, nil) != nil {
		t.Error("no parameters should give a nil array")
	}
	slots := Args{}.Ptr(0xdead0000).I32(-1).F32(2).slots()
	arr := kernelParams(&p, slots)
	ptrs := unsafe.Slice((*unsafe.Pointer)(arr), len(slots))
	for i, ptr := range ptrs {
		if *(*uint64)(ptr) != slots[i] {
			t.Errorf("param %d points at %#x, want %#x", i, *(*uint64)(ptr), slots[i])
		}
	}
	// A 4-byte parameter is read from the start of its slot.
	if v := *(*int32)(ptrs[1]); v != -1 {
		t.Errorf("i32 through pointer = %d", v)
	}
	if v := *(*float32)(ptrs[2]); v != 2 {
		t.Errorf("f32 through pointer = %v", v)
	}
}

func TestCheckArgs(t *testing.T) {
	triton := []int{8, 8, 8, 4, 8, 8} // x, y, out, n, global scratch, profile scratch
	full := Args{}.Ptr(1).Ptr(2).Ptr(3).I32(4).Ptr(0).Ptr(0)
	if err := checkArgs("add_kernel", triton, full); err != nil {
		t.Errorf("matching args rejected: %v", err)
	}
	if err := checkArgs("add_kernel", nil, Args{}); err != nil {
		t.Errorf("unknown layout should not be checked: %v", err)
	}
	if err := checkArgs("k", []int{}, Args{}); err != nil {
		t.Errorf("no parameters, no arguments: %v", err)
	}
	short := Args{}.Ptr(1).Ptr(2).Ptr(3).I32(4)
	err := checkArgs("add_kernel", triton, short)
	if err == nil || !strings.Contains(err.Error(), "takes 6 parameters") || !strings.Contains(err.Error(), "got 4 arguments") {
		t.Errorf("missing arguments: %v", err)
	}
	wrong := Args{}.Ptr(1).Ptr(2).Ptr(3).I64(4).Ptr(0).Ptr(0)
	if err := checkArgs("add_kernel", triton, wrong); err == nil {
		t.Error("i64 for an i32 parameter accepted")
	}
}

func TestLaunchConfigValidate(t *testing.T) {
	ok := LaunchConfig{Grid: [3]int{2, 1, 1}, Block: [3]int{128, 1, 1}, SharedBytes: 100 << 10}
	if err := ok.validate(); err != nil {
		t.Errorf("valid config rejected: %v", err)
	}
	bad := []LaunchConfig{
		{Grid: [3]int{0, 1, 1}, Block: [3]int{1, 1, 1}},
		{Grid: [3]int{1, 1, 1}, Block: [3]int{1, 0, 1}},
		{Grid: [3]int{1, 1, 1}, Block: [3]int{1, 1, -1}},
		{Grid: [3]int{1, 1, 1}, Block: [3]int{1, 1, 1}, SharedBytes: -1},
		{},
	}
	for _, c := range bad {
		if err := c.validate(); err == nil {
			t.Errorf("invalid config %+v accepted", c)
		}
	}
}

func TestAsBytes(t *testing.T) {
	b := AsBytes([]float32{1, -2})
	if len(b) != 8 || b[3] != 0x3f || b[7] != 0xc0 {
		t.Errorf("AsBytes(float32) = % x", b)
	}
	if AsBytes([]int64(nil)) != nil {
		t.Error("AsBytes(nil) != nil")
	}
	u := []uint16{1, 2}
	AsBytes(u)[2] = 9 // a view, not a copy
	if u[1] != 9 {
		t.Errorf("AsBytes copied: %v", u)
	}
}
