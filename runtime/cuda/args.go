package cuda

import (
	"fmt"
	"math"
	"strings"
)

// ArgKind is the PTX type of one kernel parameter.
type ArgKind uint8

// Parameter kinds. Triton kernels take, in tt.func order, pointers as .u64,
// i32 as .u32/.s32 (both 4 bytes), i64 as .u64/.s64, f32 as .f32, and, when
// present, fp16 scalars as .b16 and f64 as .f64.
const (
	ArgPtr ArgKind = iota + 1 // device pointer, 8 bytes
	ArgI32                    // 4 bytes
	ArgU32                    // 4 bytes
	ArgI64                    // 8 bytes
	ArgU64                    // 8 bytes
	ArgF16                    // 2 bytes (binary16 bits)
	ArgF32                    // 4 bytes
	ArgF64                    // 8 bytes
)

var argKindInfo = [...]struct {
	name string
	size int
}{
	ArgPtr: {"ptr", 8},
	ArgI32: {"i32", 4},
	ArgU32: {"u32", 4},
	ArgI64: {"i64", 8},
	ArgU64: {"u64", 8},
	ArgF16: {"f16", 2},
	ArgF32: {"f32", 4},
	ArgF64: {"f64", 8},
}

// Size returns the parameter's size in bytes (0 for an invalid kind).
func (k ArgKind) Size() int {
	if int(k) < len(argKindInfo) {
		return argKindInfo[k].size
	}
	return 0
}

func (k ArgKind) String() string {
	if int(k) < len(argKindInfo) && k != 0 {
		return argKindInfo[k].name
	}
	return fmt.Sprintf("ArgKind(%d)", uint8(k))
}

type arg struct {
	kind ArgKind
	bits uint64 // value, little-endian in the low Size() bytes
}

// Args is an immutable list of kernel arguments, built in parameter order:
//
//	args := cuda.Args{}.Ptr(x).Ptr(y).Ptr(out).I32(n)
//
// Each method returns a new list, so a common prefix can be shared safely.
type Args struct {
	list []arg
}

func (a Args) add(k ArgKind, bits uint64) Args {
	// The full slice expression forces append to copy, so a shared prefix
	// is never overwritten by a later append on another branch.
	return Args{list: append(a.list[:len(a.list):len(a.list)], arg{k, bits})}
}

// Ptr appends a device pointer (.u64).
func (a Args) Ptr(p DevicePtr) Args { return a.add(ArgPtr, uint64(p)) }

// I32 appends a 32-bit signed integer (.s32/.u32/.b32).
func (a Args) I32(v int32) Args { return a.add(ArgI32, uint64(uint32(v))) }

// U32 appends a 32-bit unsigned integer.
func (a Args) U32(v uint32) Args { return a.add(ArgU32, uint64(v)) }

// I64 appends a 64-bit signed integer.
func (a Args) I64(v int64) Args { return a.add(ArgI64, uint64(v)) }

// U64 appends a 64-bit unsigned integer.
func (a Args) U64(v uint64) Args { return a.add(ArgU64, v) }

// F16 appends a half-precision value given as binary16 bits.
func (a Args) F16(bits uint16) Args { return a.add(ArgF16, uint64(bits)) }

// F32 appends a float (.f32).
func (a Args) F32(v float32) Args { return a.add(ArgF32, uint64(math.Float32bits(v))) }

// F64 appends a double (.f64).
func (a Args) F64(v float64) Args { return a.add(ArgF64, math.Float64bits(v)) }

// Len returns the number of arguments.
func (a Args) Len() int { return len(a.list) }

// Kind returns the kind of argument i.
func (a Args) Kind(i int) ArgKind { return a.list[i].kind }

// String renders the arguments, such as "(ptr 0x7f0000000000, i32 1040)".
func (a Args) String() string {
	parts := make([]string, len(a.list))
	for i, x := range a.list {
		var v string
		switch x.kind {
		case ArgPtr:
			v = fmt.Sprintf("%#x", x.bits)
		case ArgI32:
			v = fmt.Sprint(int32(x.bits))
		case ArgI64:
			v = fmt.Sprint(int64(x.bits))
		case ArgF16:
			v = fmt.Sprintf("%#04x", x.bits)
		case ArgF32:
			v = fmt.Sprint(math.Float32frombits(uint32(x.bits)))
		case ArgF64:
			v = fmt.Sprint(math.Float64frombits(x.bits))
		default:
			v = fmt.Sprint(x.bits)
		}
		parts[i] = x.kind.String() + " " + v
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// slots returns one 8-byte slot per argument holding its value in the low
// bytes. On the little-endian hosts this package supports, a pointer to a
// slot is a pointer to the parameter's value at its own size.
func (a Args) slots() []uint64 {
	s := make([]uint64, len(a.list))
	for i, x := range a.list {
		s[i] = x.bits
	}
	return s
}
