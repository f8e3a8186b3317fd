// Command tt-run runs Triton kernels (TTIR or TTGIR) on NumPy buffers. See
// package tools/ttrun for its flags.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/ttcompiler/tt/tools/ttrun"
)

func main() {
	// The interpreter allocates a fresh tensor per operation; a larger GC
	// target trades a little memory for much less collection work.
	debug.SetGCPercent(400)
	// A run's heap is capped at its buffers plus the workers' working
	// memory, whatever the grid.
	ttrun.BoundHeap = true
	// Ctrl-C (or SIGTERM) stops the kernel at once; a second one kills
	// the process, as the signal's default does.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	os.Exit(ttrun.RunContext(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
