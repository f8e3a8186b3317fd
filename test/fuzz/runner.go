package fuzz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"
)

// Runner sends jobs to a worker process and guards against one that stops
// answering (deadlocked, or starved past any CPU limit): a job that does
// not answer in Timeout of wall time gets its worker killed (and the next
// job a fresh worker). The worker enforces the CPU and memory limits. A worker that dies without answering is a Panic (an
// unrecovered panic in a goroutine, a fatal runtime error such as Go's
// own "out of memory").
type Runner struct {
	// Start returns the command that starts a worker (it must call Serve).
	Start   func() *exec.Cmd
	Timeout time.Duration

	cmd     *exec.Cmd
	stdin   io.WriteCloser
	answers chan []byte
	stderr  *tailBuffer
}

func (r *Runner) start() error {
	cmd := r.Start()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	r.stderr = &tailBuffer{max: 8 << 10}
	cmd.Stderr = r.stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	answers := make(chan []byte, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			answers <- append([]byte(nil), sc.Bytes()...)
		}
		close(answers)
	}()
	r.cmd, r.stdin, r.answers = cmd, stdin, answers
	return nil
}

// Run runs one job.
func (r *Runner) Run(j Job) Outcome {
	if r.cmd == nil {
		if err := r.start(); err != nil {
			return Outcome{Status: Panic, Msg: "starting the worker: " + err.Error()}
		}
	}
	line, err := json.Marshal(j)
	if err != nil {
		return Outcome{Status: Panic, Msg: err.Error()}
	}
	if _, err := r.stdin.Write(append(line, '\n')); err != nil {
		return r.died("writing the job: " + err.Error())
	}
	timer := time.NewTimer(r.Timeout)
	defer timer.Stop()
	select {
	case a, ok := <-r.answers:
		if !ok {
			return r.died("the worker exited without an answer")
		}
		var o Outcome
		if err := json.Unmarshal(a, &o); err != nil {
			return r.died("bad answer " + string(a))
		}
		if o.Status == Memory || o.Status == Timeout {
			r.stop() // the worker exits after reporting a limit
		}
		return o
	case <-timer.C:
		r.stop()
		return Outcome{Status: Timeout, Msg: fmt.Sprintf("no answer in %v", r.Timeout)}
	}
}

// died reports a worker that stopped answering.
func (r *Runner) died(why string) Outcome {
	tail := r.stderr.String()
	r.stop()
	return Outcome{Status: Panic, Msg: why + "\n" + tail}
}

// stop kills the worker (if any) and waits for it.
func (r *Runner) stop() {
	if r.cmd == nil {
		return
	}
	r.stdin.Close()
	r.cmd.Process.Kill()
	r.cmd.Wait()
	r.cmd = nil
}

// Close stops the worker.
func (r *Runner) Close() { r.stop() }

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if over := t.b.Len() - t.max; over > 0 {
		t.b.Next(over)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.b.String()
}
