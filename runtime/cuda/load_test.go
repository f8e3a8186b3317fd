package cuda

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestSymbolTableCoversLib(t *testing.T) {
	var l lib
	syms := l.symbols()
	funcs := 0
	for i := range reflect.TypeOf(l).NumField() {
		if reflect.TypeOf(l).Field(i).Type.Kind() == reflect.Func {
			funcs++
		}
	}
	if len(syms) != funcs {
		t.Errorf("%d symbols for %d lib functions", len(syms), funcs)
	}
	seen := map[any]bool{}
	for _, s := range syms {
		v := reflect.ValueOf(s.fn)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Func || len(s.names) == 0 {
			t.Errorf("bad symbol entry %v", s.names)
		}
		if seen[v.Pointer()] {
			t.Errorf("field bound twice: %v", s.names)
		}
		seen[v.Pointer()] = true
		for _, n := range s.names {
			if !strings.HasPrefix(n, "cu") {
				t.Errorf("odd symbol name %q", n)
			}
		}
	}
}

// TestLoadWithoutGPU checks the behaviour CI sees: Load fails cleanly, the
// same way every time, and every entry point reports that error.
func TestLoadWithoutGPU(t *testing.T) {
	err := Load()
	if err == nil {
		t.Skip("a CUDA driver is present")
	}
	if err2 := Load(); err2 != err {
		t.Errorf("second Load returned %v, first %v", err2, err)
	}
	var e *Error
	if !errors.Is(err, ErrDriverNotFound) && !errors.As(err, &e) {
		t.Errorf("Load error %q is neither ErrDriverNotFound nor a driver error", err)
	}
	if errors.Is(err, ErrDriverNotFound) && !strings.Contains(err.Error(), "libcuda.so.1 not found: ") {
		t.Errorf("Load error %q does not say libcuda.so.1 was not found", err)
	}
	if _, got := DeviceCount(); got != err {
		t.Errorf("DeviceCount error %v", got)
	}
	if _, got := GetDevice(0); got != err {
		t.Errorf("GetDevice error %v", got)
	}
	if _, got := DriverVersion(); got != err {
		t.Errorf("DriverVersion error %v", got)
	}
	if _, got := NewContext(Device{}); got != err {
		t.Errorf("NewContext error %v", got)
	}
	t.Logf("Load: %v", err)
}
