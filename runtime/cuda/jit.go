package cuda

import (
	"bytes"
	"math"
	"runtime"
	"time"
	"unsafe"
)

// JITOptions controls PTX compilation in Context.LoadModule. The zero value
// asks for the driver defaults with 64 KiB info and error logs.
type JITOptions struct {
	// LogSize is the capacity of each log buffer in bytes; 0 means 64 KiB.
	LogSize int
	// Verbose asks ptxas for verbose output in the info log, including
	// per-kernel register, shared memory and spill counts
	// (CU_JIT_LOG_VERBOSE).
	Verbose bool
	// MaxRegisters caps registers per thread (CU_JIT_MAX_REGISTERS); 0
	// leaves it to the compiler.
	MaxRegisters int
	// OptLevel selects ptxas optimization level 1 to 4
	// (CU_JIT_OPTIMIZATION_LEVEL); 0 keeps the driver default (4) and a
	// negative value requests level 0.
	OptLevel int
	// LineInfo embeds line information for profilers
	// (CU_JIT_GENERATE_LINE_INFO).
	LineInfo bool
}

// CUjit_option values (cuda.h).
const (
	jitMaxRegisters       uint32 = 0
	jitWallTime           uint32 = 2
	jitInfoLogBuffer      uint32 = 3
	jitInfoLogBufferSize  uint32 = 4
	jitErrorLogBuffer     uint32 = 5
	jitErrorLogBufferSize uint32 = 6
	jitOptimizationLevel  uint32 = 7
	jitLogVerbose         uint32 = 12
	jitGenerateLineInfo   uint32 = 13
	defaultJITLogSize            = 64 << 10
	maxJITLogSize                = 64 << 20
)

// jitOptions is the encoded form of JITOptions: the parallel option and
// value arrays cuModuleLoadDataEx takes. Each value is a void*-sized slot
// holding either an integer or a buffer address; for the size and wall-time
// options the driver writes results back into the slot.
type jitOptions struct {
	keys              []uint32
	vals              []uintptr
	infoLog, errorLog []byte
	// Indexes of the slots the driver writes back.
	infoSize, errorSize, wallTime int
}

// encodeJIT lays out the options. The log buffer addresses are written into
// vals by pin, just before the call, once the buffers are pinned.
func encodeJIT(o JITOptions) *jitOptions {
	size := o.LogSize
	if size <= 0 {
		size = defaultJITLogSize
	}
	size = min(size, maxJITLogSize)
	j := &jitOptions{infoLog: make([]byte, size), errorLog: make([]byte, size)}
	add := func(k uint32, v uintptr) int {
		j.keys = append(j.keys, k)
		j.vals = append(j.vals, v)
		return len(j.keys) - 1
	}
	add(jitInfoLogBuffer, 0)
	j.infoSize = add(jitInfoLogBufferSize, uintptr(size))
	add(jitErrorLogBuffer, 0)
	j.errorSize = add(jitErrorLogBufferSize, uintptr(size))
	j.wallTime = add(jitWallTime, 0)
	if o.Verbose {
		add(jitLogVerbose, 1)
	}
	if o.MaxRegisters > 0 {
		add(jitMaxRegisters, uintptr(o.MaxRegisters))
	}
	switch {
	case o.OptLevel < 0:
		add(jitOptimizationLevel, 0)
	case o.OptLevel > 0:
		add(jitOptimizationLevel, uintptr(min(o.OptLevel, 4)))
	}
	if o.LineInfo {
		add(jitGenerateLineInfo, 1)
	}
	return j
}

// pin pins the log buffers and the value array and stores the buffer
// addresses in their slots. The caller must keep p pinned until the driver
// call returns.
func (j *jitOptions) pin(p *runtime.Pinner) {
	p.Pin(&j.infoLog[0])
	p.Pin(&j.errorLog[0])
	p.Pin(&j.keys[0])
	p.Pin(&j.vals[0])
	for i, k := range j.keys {
		switch k {
		case jitInfoLogBuffer:
			j.vals[i] = uintptr(unsafe.Pointer(&j.infoLog[0]))
		case jitErrorLogBuffer:
			j.vals[i] = uintptr(unsafe.Pointer(&j.errorLog[0]))
		}
	}
}

// logs returns the info and error logs the driver wrote.
func (j *jitOptions) logs() (info, errLog string) {
	return readLog(j.infoLog, j.vals[j.infoSize]), readLog(j.errorLog, j.vals[j.errorSize])
}

// wall returns the compile time the driver reported through CU_JIT_WALL_TIME,
// a float (milliseconds) stored in the low 32 bits of the slot.
func (j *jitOptions) wall() time.Duration {
	ms := math.Float32frombits(uint32(j.vals[j.wallTime]))
	if ms < 0 || ms != ms || ms > 1e9 {
		return 0
	}
	return time.Duration(float64(ms) * float64(time.Millisecond))
}

// readLog extracts the text the driver wrote: at most filled bytes (the
// size slot's output value), cut at the first NUL.
func readLog(buf []byte, filled uintptr) string {
	if filled < uintptr(len(buf)) {
		buf = buf[:filled]
	}
	if i := bytes.IndexByte(buf, 0); i >= 0 {
		buf = buf[:i]
	}
	return string(bytes.TrimRight(buf, "\n"))
}
