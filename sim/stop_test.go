package sim_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ttcompiler/tt/sim"
)

// A kernel whose loop never ends stops when its launch's context does.
func TestContextStopsEndlessLoop(t *testing.T) {
	src := `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    llvm.br ^loop
  ^loop:
    llvm.br ^loop
  }
}`
	k := load(t, src)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	mem := sim.NewMemory()
	p := mem.Alloc("p", make([]byte, 4))
	done := make(chan error, 1)
	go func() { done <- k.Launch(mem, [3]int{4, 1, 1}, []uint64{p}, sim.Config{Workers: 2, Context: ctx}) }()
	select {
	case err := <-done:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("got %v, want the deadline", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the launch did not stop within a minute of its context ending")
	}
}

func TestProgressCountsCTAs(t *testing.T) {
	src := `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    llvm.return
  }
}`
	k := load(t, src)
	var n atomic.Int64
	mem := sim.NewMemory()
	p := mem.Alloc("p", make([]byte, 4))
	if err := k.Launch(mem, [3]int{5, 3, 2}, []uint64{p}, sim.Config{Progress: &n, Context: context.Background()}); err != nil {
		t.Fatal(err)
	}
	if n.Load() != 30 {
		t.Errorf("progress counted %d CTAs, want 30", n.Load())
	}
}
