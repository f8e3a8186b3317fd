package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the line's goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestLineDrawsAndErases(t *testing.T) {
	var buf syncBuffer
	l := Start(&buf, "tt-run", 2000, "programs", Options{Delay: time.Millisecond, Every: time.Millisecond, Force: true})
	l.Counter().Add(1500)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(buf.String(), "1,500/2,000 programs (75%)") {
		if time.Now().After(deadline) {
			t.Fatalf("the line never showed the count: %q", buf.String())
		}
		time.Sleep(time.Millisecond)
	}
	l.Stop()
	out := buf.String()
	if !strings.HasPrefix(out, "\rtt-run: ") || !strings.HasSuffix(out, "\r") {
		t.Errorf("the line is not redrawn in place and erased: %q", out)
	}
}

func TestShortWorkDrawsNothing(t *testing.T) {
	var buf syncBuffer
	l := Start(&buf, "x", 10, "items", Options{Delay: time.Hour, Force: true})
	l.Add(10)
	l.Stop()
	if buf.String() != "" {
		t.Errorf("work shorter than the delay drew %q", buf.String())
	}
}

func TestQuietWhenNotATerminal(t *testing.T) {
	var buf bytes.Buffer
	if l := Start(&buf, "x", 10, "items", Options{}); l != nil {
		t.Fatal("a line on a buffer (not a terminal)")
	}
	var l *Line // a nil line is a no-op
	l.Add(1)
	l.Stop()
	if l.Counter() != nil {
		t.Error("a nil line has a counter")
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 100000000: "100,000,000", -1234: "-1,234"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
