package cuda

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestResultNames(t *testing.T) {
	tests := map[Result]string{
		Success:           "CUDA_SUCCESS",
		ErrInvalidValue:   "CUDA_ERROR_INVALID_VALUE",
		ErrOutOfMemory:    "CUDA_ERROR_OUT_OF_MEMORY",
		ErrNoDevice:       "CUDA_ERROR_NO_DEVICE",
		ErrInvalidPTX:     "CUDA_ERROR_INVALID_PTX",
		ErrNotFound:       "CUDA_ERROR_NOT_FOUND",
		ErrIllegalAddress: "CUDA_ERROR_ILLEGAL_ADDRESS",
		ErrLaunchFailed:   "CUDA_ERROR_LAUNCH_FAILED",
		ErrUnknown:        "CUDA_ERROR_UNKNOWN",
		Result(12345):     "CUresult(12345)",
	}
	for r, want := range tests {
		if r.Name() != want || r.Error() != want {
			t.Errorf("Result(%d): Name %q Error %q, want %q", uint32(r), r.Name(), r.Error(), want)
		}
	}
	for r, name := range resultNames {
		if !strings.HasPrefix(name, "CUDA_") {
			t.Errorf("Result(%d) has odd name %q", uint32(r), name)
		}
	}
}

func TestErrorMapping(t *testing.T) {
	var l *lib // not loaded: static names only
	if err := l.check("cuInit", 0); err != nil {
		t.Fatalf("CUDA_SUCCESS mapped to %v", err)
	}
	err := l.check("cuModuleLoadDataEx", uint32(ErrInvalidPTX))
	var e *Error
	if !errors.As(err, &e) || e.Op != "cuModuleLoadDataEx" || e.Code != ErrInvalidPTX || e.Name != "CUDA_ERROR_INVALID_PTX" {
		t.Fatalf("got %#v", err)
	}
	if !errors.Is(err, ErrInvalidPTX) || errors.Is(err, ErrInvalidValue) {
		t.Error("errors.Is does not match the code")
	}
	if got := err.Error(); got != "cuda: cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX" {
		t.Errorf("Error() = %q", got)
	}
	wrapped := fmt.Errorf("loading kernel: %w", err)
	if !errors.Is(wrapped, ErrInvalidPTX) {
		t.Error("errors.Is fails through wrapping")
	}

	e = &Error{Op: "cuModuleLoadDataEx", Code: ErrInvalidPTX, Name: "CUDA_ERROR_INVALID_PTX",
		Description: "a PTX JIT compilation failed", Log: "ptxas application ptx input, line 9; error   : Unknown symbol '%rd1'\n"}
	want := "cuda: cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed)\n" +
		"ptxas application ptx input, line 9; error   : Unknown symbol '%rd1'"
	if got := e.Error(); got != want {
		t.Errorf("Error() =\n%q\nwant\n%q", got, want)
	}
}

func TestCStrings(t *testing.T) {
	b := []byte("abc\x00")
	if got := goString(&b[0]); got != "abc" {
		t.Errorf("goString = %q", got)
	}
	if got := cString([]byte("ptx")); string(got) != "ptx\x00" {
		t.Errorf("cString = %q", got)
	}
	if got := cString(b); &got[0] != &b[0] {
		t.Error("cString copied an already terminated string")
	}
}
