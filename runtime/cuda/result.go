package cuda

import (
	"strconv"
	"strings"
	"unsafe"
)

// Result is a CUresult status code. It implements error so that
// errors.Is(err, cuda.ErrInvalidPTX) matches an *Error carrying that code.
type Result uint32

// Frequently tested CUresult codes. resultNames lists every known code.
const (
	Success                  Result = 0
	ErrInvalidValue          Result = 1
	ErrOutOfMemory           Result = 2
	ErrNotInitialized        Result = 3
	ErrStubLibrary           Result = 34
	ErrNoDevice              Result = 100
	ErrInvalidDevice         Result = 101
	ErrInvalidImage          Result = 200
	ErrInvalidContext        Result = 201
	ErrNoBinaryForGPU        Result = 209
	ErrInvalidPTX            Result = 218
	ErrUnsupportedPTXVersion Result = 222
	ErrInvalidHandle         Result = 400
	ErrNotFound              Result = 500
	ErrNotReady              Result = 600
	ErrIllegalAddress        Result = 700
	ErrLaunchOutOfResources  Result = 701
	ErrMisalignedAddress     Result = 716
	ErrLaunchFailed          Result = 719
	ErrNotSupported          Result = 801
	ErrUnknown               Result = 999
)

// Name returns the CUresult enumerator name, such as
// "CUDA_ERROR_INVALID_PTX", or "CUresult(n)" for a code this package does
// not know (the driver's own name is used in *Error when available).
func (r Result) Name() string {
	if n, ok := resultNames[r]; ok {
		return n
	}
	return "CUresult(" + strconv.FormatUint(uint64(r), 10) + ")"
}

// Error returns Name, so a bare Result reads like the driver's constant.
func (r Result) Error() string { return r.Name() }

// Error is a failed driver call.
type Error struct {
	Op          string // driver function, e.g. "cuModuleLoadDataEx"
	Code        Result
	Name        string // e.g. "CUDA_ERROR_INVALID_PTX"
	Description string // cuGetErrorString's text, if the driver gave one
	Log         string // JIT error log, for module loads
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("cuda: ")
	b.WriteString(e.Op)
	b.WriteString(": ")
	b.WriteString(e.Name)
	if e.Description != "" {
		b.WriteString(" (")
		b.WriteString(e.Description)
		b.WriteString(")")
	}
	if e.Log != "" {
		b.WriteString("\n")
		b.WriteString(strings.TrimRight(e.Log, "\n"))
	}
	return b.String()
}

// Unwrap returns the Result so that errors.Is can match codes.
func (e *Error) Unwrap() error { return e.Code }

// newError builds an *Error, asking the driver (if l is non-nil) for the
// code's name and description.
func newError(l *lib, op string, r uint32) *Error {
	e := &Error{Op: op, Code: Result(r), Name: Result(r).Name()}
	if l == nil {
		return e
	}
	var s *byte
	if l.cuGetErrorName(r, &s) == 0 && s != nil {
		e.Name = goString(s)
	}
	s = nil
	if l.cuGetErrorString(r, &s) == 0 && s != nil {
		e.Description = goString(s)
	}
	return e
}

// check converts a CUresult into nil or an *Error.
func (l *lib) check(op string, r uint32) error {
	if r == 0 {
		return nil
	}
	return newError(l, op, r)
}

// goString copies a NUL-terminated C string owned by the driver. The driver
// returns static strings, so p stays valid during the copy.
func goString(p *byte) string {
	n := 0
	for *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}

// cString returns s as bytes with a terminating NUL, copying if needed.
func cString(s []byte) []byte {
	if len(s) > 0 && s[len(s)-1] == 0 {
		return s
	}
	out := make([]byte, len(s)+1)
	copy(out, s)
	return out
}
