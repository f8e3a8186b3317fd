// Package progress draws one self-updating status line on a terminal for
// long work (a large tt-run grid, autotuning many configurations), and
// stays silent when the output is a file or a pipe, so logs and tests see
// only the tools' real output.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Options tune a Line; the zero value is what the tools use.
type Options struct {
	// Delay is how long the work runs before the line first appears
	// (default 1 s): short work draws nothing.
	Delay time.Duration
	// Every is the redraw interval (default 200 ms).
	Every time.Duration
	// Force draws even when the writer is not a terminal (tests).
	Force bool
}

// Line is a status line counting done units of a known total. Its zero
// value is not usable; make one with Start. A nil *Line is valid and does
// nothing, so callers need no checks.
type Line struct {
	w     io.Writer
	label string
	total int64
	unit  string
	done  atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
	drawn bool
	width int
}

// IsTerminal reports whether w is a character device (a terminal) and the
// terminal is not TERM=dumb.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Start begins a line on w that reads "label: done/total unit (p%), elapsed"
// once the work has run for opts.Delay; it returns nil (a no-op line) when w
// is not a terminal and opts.Force is unset.
func Start(w io.Writer, label string, total int64, unit string, opts Options) *Line {
	if !opts.Force && !IsTerminal(w) {
		return nil
	}
	if opts.Delay == 0 {
		opts.Delay = time.Second
	}
	if opts.Every == 0 {
		opts.Every = 200 * time.Millisecond
	}
	l := &Line{w: w, label: label, total: total, unit: unit, start: time.Now(), stop: make(chan struct{})}
	l.wg.Add(1)
	go l.loop(opts)
	return l
}

func (l *Line) loop(opts Options) {
	defer l.wg.Done()
	select {
	case <-l.stop:
		return
	case <-time.After(opts.Delay):
	}
	t := time.NewTicker(opts.Every)
	defer t.Stop()
	for {
		l.draw()
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
	}
}

// Counter is the count the line shows; workers add to it directly.
func (l *Line) Counter() *atomic.Int64 {
	if l == nil {
		return nil
	}
	return &l.done
}

// Add counts n more units done.
func (l *Line) Add(n int64) {
	if l != nil {
		l.done.Add(n)
	}
}

// Stop erases the line (if it was drawn) and ends its updates; the caller
// then prints its results on a clean line.
func (l *Line) Stop() {
	if l == nil {
		return
	}
	close(l.stop)
	l.wg.Wait()
	if l.drawn {
		fmt.Fprintf(l.w, "\r%s\r", strings.Repeat(" ", l.width))
	}
}

func (l *Line) draw() {
	done := l.done.Load()
	s := fmt.Sprintf("%s: %s/%s %s", l.label, Count(done), Count(l.total), l.unit)
	if l.total > 0 {
		s += fmt.Sprintf(" (%d%%)", done*100/l.total)
	}
	s += fmt.Sprintf(", %s", time.Since(l.start).Round(time.Second))
	pad := ""
	if n := l.width - len(s); n > 0 {
		pad = strings.Repeat(" ", n)
	}
	fmt.Fprintf(l.w, "\r%s%s", s, pad)
	l.width = max(l.width, len(s))
	l.drawn = true
}

// Count renders n with thousands separators (100,000,000).
func Count(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
