package cuda

import (
	"math"
	"reflect"
	"runtime"
	"testing"
	"time"
	"unsafe"
)

func TestEncodeJITDefaults(t *testing.T) {
	j := encodeJIT(JITOptions{})
	wantKeys := []uint32{jitInfoLogBuffer, jitInfoLogBufferSize, jitErrorLogBuffer, jitErrorLogBufferSize, jitWallTime}
	if !reflect.DeepEqual(j.keys, wantKeys) {
		t.Fatalf("keys = %v, want %v", j.keys, wantKeys)
	}
	if len(j.infoLog) != defaultJITLogSize || len(j.errorLog) != defaultJITLogSize {
		t.Errorf("log sizes %d %d", len(j.infoLog), len(j.errorLog))
	}
	if j.vals[j.infoSize] != defaultJITLogSize || j.vals[j.errorSize] != defaultJITLogSize || j.vals[j.wallTime] != 0 {
		t.Errorf("vals = %v", j.vals)
	}
	// The CUjit_option values are part of the driver ABI.
	abi := map[uint32]uint32{jitMaxRegisters: 0, jitWallTime: 2, jitInfoLogBuffer: 3, jitInfoLogBufferSize: 4,
		jitErrorLogBuffer: 5, jitErrorLogBufferSize: 6, jitOptimizationLevel: 7, jitLogVerbose: 12, jitGenerateLineInfo: 13}
	for got, want := range abi {
		if got != want {
			t.Errorf("CUjit_option %d should be %d", got, want)
		}
	}
}

func TestEncodeJITAllOptions(t *testing.T) {
	j := encodeJIT(JITOptions{LogSize: 100, Verbose: true, MaxRegisters: 128, OptLevel: 9, LineInfo: true})
	got := map[uint32]uintptr{}
	for i, k := range j.keys {
		got[k] = j.vals[i]
	}
	want := map[uint32]uintptr{
		jitInfoLogBuffer: 0, jitInfoLogBufferSize: 100, jitErrorLogBuffer: 0, jitErrorLogBufferSize: 100,
		jitWallTime: 0, jitLogVerbose: 1, jitMaxRegisters: 128, jitOptimizationLevel: 4, jitGenerateLineInfo: 1,
	}
	if !reflect.DeepEqual(got, want) || len(j.keys) != len(want) {
		t.Errorf("options = %v, want %v", got, want)
	}
	if o := encodeJIT(JITOptions{OptLevel: -1}); o.keys[len(o.keys)-1] != jitOptimizationLevel || o.vals[len(o.vals)-1] != 0 {
		t.Error("negative OptLevel should request level 0")
	}
	if o := encodeJIT(JITOptions{LogSize: math.MaxInt}); len(o.infoLog) != maxJITLogSize {
		t.Errorf("log size not capped: %d", len(o.infoLog))
	}
}

func TestJITPinStoresBufferAddresses(t *testing.T) {
	j := encodeJIT(JITOptions{LogSize: 64})
	var p runtime.Pinner
	defer p.Unpin()
	j.pin(&p)
	for i, k := range j.keys {
		switch k {
		case jitInfoLogBuffer:
			if j.vals[i] != uintptr(unsafe.Pointer(&j.infoLog[0])) {
				t.Error("info log address not stored")
			}
		case jitErrorLogBuffer:
			if j.vals[i] != uintptr(unsafe.Pointer(&j.errorLog[0])) {
				t.Error("error log address not stored")
			}
		}
	}
}

func TestJITLogsAndWallTime(t *testing.T) {
	j := encodeJIT(JITOptions{LogSize: 64})
	copy(j.infoLog, "ptxas info    : Used 8 registers\n\x00garbage")
	j.vals[j.infoSize] = 64 // driver left the size unchanged: cut at NUL
	copy(j.errorLog, "ptxas error   : bad\nmore")
	j.vals[j.errorSize] = 19 // driver reported bytes filled
	j.vals[j.wallTime] = uintptr(math.Float32bits(1.5))
	info, errLog := j.logs()
	if info != "ptxas info    : Used 8 registers" || errLog != "ptxas error   : bad" {
		t.Errorf("logs = %q, %q", info, errLog)
	}
	if d := j.wall(); d != 1500*time.Microsecond {
		t.Errorf("wall = %v", d)
	}
	j.vals[j.wallTime] = uintptr(math.Float32bits(float32(math.NaN())))
	if d := j.wall(); d != 0 {
		t.Errorf("NaN wall time = %v", d)
	}
}
