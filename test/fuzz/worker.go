package fuzz

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// Job is one compilation: a kernel's text and the tt-translate settings.
type Job struct {
	Name     string `json:"name"`
	Src      string `json:"src"`
	Target   string `json:"target"`
	Arch     string `json:"arch"`
	NumWarps int    `json:"num_warps"`
	// NumStages is the software pipeliner's depth (0: tt-translate's
	// default for the target, 3 on NVIDIA and 2 on AMD).
	NumStages int `json:"num_stages,omitempty"`
	// NumCTAs is the CTAs of a cluster (0: one), sm_90's --num-ctas.
	NumCTAs int `json:"num_ctas,omitempty"`
	// Kernel and Signature make Src a Python file: tt-translate's
	// --kernel and --signature (see python.go).
	Kernel    string `json:"kernel,omitempty"`
	Signature string `json:"signature,omitempty"`
}

func (j Job) String() string {
	s := fmt.Sprintf("--target=%s --arch=%s --num-warps=%d", j.Target, j.Arch, j.NumWarps)
	if j.NumStages != 0 {
		s += fmt.Sprintf(" --num-stages=%d", j.NumStages)
	}
	if j.NumCTAs != 0 {
		s += fmt.Sprintf(" --num-ctas=%d", j.NumCTAs)
	}
	if j.Kernel != "" {
		s += fmt.Sprintf(" --kernel=%s --signature=%q", j.Kernel, j.Signature)
	}
	if j.Target == "ptx" {
		s += " --grid-variant" // jobOptions
	}
	return s
}

// Status is how a job ended.
type Status string

const (
	// OK: the kernel compiled.
	OK Status = "ok"
	// Rejected: the kernel got a located diagnostic (parse, verify or a
	// pass): the right answer to bad input.
	Rejected Status = "rejected"
	// Unlocated: an error without a source location.
	Unlocated Status = "unlocated"
	// Panic: a pass, the emitter or the worker panicked.
	Panic Status = "panic"
	// Broken: a pass left IR that does not verify (the input verified).
	Broken Status = "broken"
	// Timeout: the job ran past the time limit.
	Timeout Status = "timeout"
	// Memory: the job's heap grew past the memory limit.
	Memory Status = "memory"
	// Usage: a Python job's --signature does not parse (a constant
	// Python cannot evaluate): tt-translate's command-line error, which
	// has no place in the file to point at.
	Usage Status = "usage"
)

// Failed reports whether the status is a robustness failure.
func (s Status) Failed() bool { return s == Panic || s == Broken || s == Timeout || s == Memory }

// Outcome is a job's result.
type Outcome struct {
	Status Status `json:"status"`
	// Verified: the input parsed and verified, so the passes saw it.
	Verified bool   `json:"verified"`
	Msg      string `json:"msg,omitempty"`
}

// CompileFunc compiles a job's parsed and verified module through the
// whole pipeline.
type CompileFunc func(j Job) error

// Limits bound one job: the CPU time it may take (user and system, GC
// included: unlike wall time it does not depend on what else runs on the
// machine) and the heap it may grow.
type Limits struct {
	CPU    time.Duration
	Memory int64
}

// Serve is a worker's loop: it reads jobs (one JSON object a line) from in,
// runs each with compile and writes an Outcome line to out. Goroutines
// watch the job's CPU time and the heap; past a limit they write a Timeout
// or Memory outcome and exit the process, since a job cannot be stopped
// from outside. The parent (Runner) kills a worker that stops answering
// altogether.
func Serve(in io.Reader, out io.Writer, lim Limits, parseVerify func(j Job) error, compile CompileFunc) error {
	limit := lim.Memory
	var mu sync.Mutex
	enc := json.NewEncoder(out)
	write := func(o Outcome) error {
		mu.Lock()
		defer mu.Unlock()
		return enc.Encode(o)
	}
	// The collector works harder as the heap nears the limit, so garbage
	// does not count as a hit.
	debug.SetMemoryLimit(limit / 2)
	go watchHeap(limit, func() {
		write(Outcome{Status: Memory, Msg: fmt.Sprintf("heap over %d MiB", limit>>20)})
		os.Exit(3)
	})
	var jobStart atomic.Int64 // CPU time at the start of the running job, -1 between jobs
	jobStart.Store(-1)
	go watchCPU(&jobStart, lim.CPU, func() {
		write(Outcome{Status: Timeout, Msg: fmt.Sprintf("over %v of CPU time", lim.CPU)})
		os.Exit(4)
	})
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var j Job
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			return err
		}
		jobStart.Store(int64(cpuTime()))
		o := runJob(j, parseVerify, compile)
		jobStart.Store(-1)
		if err := write(o); err != nil {
			return err
		}
		runtime.GC()
	}
	return sc.Err()
}

// watchCPU calls over when the running job has used more than limit of
// CPU time.
func watchCPU(start *atomic.Int64, limit time.Duration, over func()) {
	for range time.Tick(10 * time.Millisecond) {
		if s := start.Load(); s >= 0 && cpuTime()-time.Duration(s) > limit {
			over()
			return
		}
	}
}

// runJob runs one job, turning panics into a Panic outcome.
func runJob(j Job, parseVerify func(Job) error, compile CompileFunc) (o Outcome) {
	defer func() {
		if x := recover(); x != nil {
			o = Outcome{Status: Panic, Verified: o.Verified, Msg: fmt.Sprintf("panic: %v\n%s", x, debug.Stack())}
		}
	}()
	if err := parseVerify(j); err != nil {
		return classify(err, false)
	}
	o.Verified = true
	return classify(compile(j), true)
}

// classify sorts a compilation's error: nil is OK; a pass the pass manager
// caught panicking is a Panic; IR a pass left that does not verify is
// Broken, however located the verifier's diagnostics; a diagnostic
// without a file location is Unlocated; anything else is a located
// rejection.
func classify(err error, verified bool) Outcome {
	if err == nil {
		return Outcome{Status: OK, Verified: verified}
	}
	if o, ok := classifyPython(err, verified); ok {
		return o
	}
	msg := err.Error()
	var crash *tttranslate.VariantCrash
	if strings.Contains(msg, "' crashed: ") || errors.As(err, &crash) {
		return Outcome{Status: Panic, Verified: verified, Msg: msg}
	}
	if broken := (*passmgr.BrokenIR)(nil); errors.As(err, &broken) {
		return Outcome{Status: Broken, Verified: verified, Msg: "the IR after " + broken.Pass + " does not verify:\n" + msg}
	}
	for _, d := range ir.AsDiagnostics(err, nil) {
		if d.Loc == nil || ir.FindFileLineCol(d.Loc) == nil {
			return Outcome{Status: Unlocated, Verified: verified, Msg: msg}
		}
	}
	return Outcome{Status: Rejected, Verified: verified, Msg: msg}
}

// watchHeap calls over when the live and not yet collected heap objects
// exceed limit bytes.
func watchHeap(limit int64, over func()) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for range time.Tick(2 * time.Millisecond) {
		metrics.Read(s)
		if s[0].Value.Kind() == metrics.KindUint64 && int64(s[0].Value.Uint64()) > limit {
			over()
			return
		}
	}
}
