package interp

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// A kernel whose loop never ends: a while loop on a condition that stays
// true.
const endlessKernel = `tt.func public @k(%out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    scf.condition(%true) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  tt.store %out, %r : !tt.ptr<i32>
  tt.return
}`

// launchWith launches src with cfg and waits at most a minute for it.
func launchWith(t *testing.T, src string, cfg Config, out []byte) error {
	t.Helper()
	prog, err := Compile(kernel(t, src))
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemory()
	done := make(chan error, 1)
	go func() { done <- prog.Launch(mem, []Arg{PtrArg(mem.Alloc("out", out))}, cfg) }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatal("the launch did not stop within a minute of its context ending")
	}
	return nil
}

func TestContextStopsEndlessLoop(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	err := launchWith(t, endlessKernel, Config{Grid: [3]int{8, 1, 1}, Workers: 2, Context: ctx}, make([]byte, 4))
	var st *Stopped
	if !errors.As(err, &st) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want a Stopped error for the deadline", err)
	}
	if st.Total != 8 || st.Done != 0 {
		t.Errorf("Stopped{Done: %d, Total: %d}, want 0 of 8", st.Done, st.Total)
	}
}

func TestContextEndedBeforeLaunch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := launchWith(t, endlessKernel, Config{Context: ctx}, make([]byte, 4))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestProgressCountsPrograms(t *testing.T) {
	src := `tt.func public @k(%out: !tt.ptr<i32>) {
  %x = tt.get_program_id x : i32
  %p = tt.addptr %out, %x : !tt.ptr<i32>, i32
  tt.store %p, %x : !tt.ptr<i32>
  tt.return
}`
	var n atomic.Int64
	out := make([]byte, 4*1000)
	if err := launchWith(t, src, Config{Grid: [3]int{1000, 1, 1}, Workers: 3, Progress: &n, Context: context.Background()}, out); err != nil {
		t.Fatal(err)
	}
	if n.Load() != 1000 {
		t.Errorf("progress counted %d programs, want 1000", n.Load())
	}
	for i, v := range getI32(out) {
		if v != int32(i) {
			t.Fatalf("program %d wrote %d", i, v)
		}
	}
}

// The first error in program order is reported, whichever worker hit an
// error first in time.
func TestFirstErrorInProgramOrder(t *testing.T) {
	src := `tt.func public @k(%out: !tt.ptr<i32>) {
  %true = arith.constant true
  %x = tt.get_program_id x : i32
  %c4 = arith.constant 4 : i32
  %bad = arith.cmpi sge, %x, %c4 : i32
  %ok = arith.xori %bad, %true : i1
  tt.assert %ok, "program too far" : i1
  tt.return
}`
	for range 5 {
		err := launchWith(t, src, Config{Grid: [3]int{64, 1, 1}, Workers: 4}, make([]byte, 4))
		var ie *Error
		if !errors.As(err, &ie) {
			t.Fatalf("got %v, want an interpreter error", err)
		}
		if ie.PID[0] != 4 {
			t.Fatalf("reported program %v, want the first failing one (4)", ie.PID)
		}
	}
}

// Launch keeps no state per program instance: the heap stays small for a
// grid of four million programs (16 bytes a program, as an error slot
// each once took, would be 64 MiB on their own).
func TestLaunchMemoryDoesNotGrowWithGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("runs four million programs")
	}
	src := `tt.func public @k(%out: !tt.ptr<i32>) {
  %x = tt.get_program_id x : i32
  tt.return
}`
	stop := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		var max uint64
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			max = maxOf(max, ms.HeapAlloc)
			select {
			case <-stop:
				peak <- max
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	err := launchWith(t, src, Config{Grid: [3]int{1 << 22, 1, 1}, Workers: 2}, make([]byte, 4))
	close(stop)
	p := <-peak
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("peak heap for 2^22 programs: %d MiB", p>>20)
	if p > 40<<20 {
		t.Errorf("the heap reached %d MiB for a grid of 2^22 programs", p>>20)
	}
}

func maxOf(a, b uint64) uint64 {
	if a > b {
		return a
	}
	return b
}
