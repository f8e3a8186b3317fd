package sim

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Unit tests of the race detector: accesses are given directly, with
// 32-lane warps (thread t is in warp t/32).

type raceStep struct {
	barrier bool
	tid     int
	kind    AccessKind
	addr, n int
	// old and new are the bytes of a write (equal bytes: a silent write).
	old, new []byte
}

func rd(tid, addr, n int) raceStep { return raceStep{tid: tid, kind: Read, addr: addr, n: n} }
func at(tid, addr, n int) raceStep { return raceStep{tid: tid, kind: Atomic, addr: addr, n: n} }
func wr(tid, addr int, old, new []byte) raceStep {
	return raceStep{tid: tid, kind: Write, addr: addr, n: len(new), old: old, new: new}
}

var bar = raceStep{barrier: true}

func TestRaceDetector(t *testing.T) {
	one, two := []byte{1}, []byte{2}
	cases := []struct {
		name  string
		steps []raceStep
		// race is the index of the step that must report a race (-1: none),
		// first the index of the earlier access it must name.
		race, first int
		addr        int
	}{
		{"same warp write then read", []raceStep{wr(0, 0, one, two), rd(31, 0, 1)}, -1, 0, 0},
		{"other warp read after write", []raceStep{wr(0, 4, one, two), rd(32, 4, 1)}, 1, 0, 4},
		{"other warp write after read", []raceStep{rd(40, 8, 4), wr(3, 10, one, two)}, 1, 0, 10},
		{"write write", []raceStep{wr(0, 0, one, two), wr(64, 0, two, one)}, 1, 0, 0},
		{"barrier between", []raceStep{wr(0, 0, one, two), bar, rd(32, 0, 1), wr(64, 0, two, one)}, 3, 2, 0},
		{"disjoint bytes", []raceStep{wr(0, 0, []byte{0, 0}, one), rd(32, 1, 1), wr(64, 2, one, two)}, -1, 0, 0},
		{"overlapping vector", []raceStep{rd(32, 0, 16), wr(0, 12, []byte{0, 0, 0, 0}, []byte{1, 0, 0, 0})}, 1, 0, 12},
		// Reads from warps 1 and 2 are kept; a write from warp 1 conflicts
		// with warp 2's, one from warp 2 with warp 1's.
		{"two reader warps, writer among them", []raceStep{rd(32, 0, 1), rd(33, 0, 1), rd(64, 0, 1), wr(40, 0, one, two)}, 3, 2, 0},
		{"two reader warps, other writer", []raceStep{rd(32, 0, 1), rd(64, 0, 1), wr(70, 0, one, two)}, 2, 0, 0},
		{"three reader warps", []raceStep{rd(0, 0, 1), rd(32, 0, 1), rd(64, 0, 1), wr(64, 0, one, two)}, 3, 0, 0},
		{"atomics with atomics", []raceStep{at(0, 0, 4), at(32, 0, 4), at(64, 2, 2)}, -1, 0, 0},
		{"read after atomic", []raceStep{at(0, 0, 4), at(32, 0, 4), rd(0, 0, 4)}, 2, 1, 0},
		{"atomic after write", []raceStep{wr(0, 0, one, two), at(32, 0, 4)}, 1, 0, 0},
		{"atomic after read", []raceStep{rd(96, 3, 1), at(32, 0, 4)}, 1, 0, 3},
		// A write that stores what the byte holds changes nothing a read
		// can see; only an atomic of another warp makes it matter.
		{"silent write after write", []raceStep{wr(0, 0, one, two), wr(32, 0, two, two), rd(0, 0, 1)}, -1, 0, 0},
		{"silent write after read", []raceStep{rd(0, 0, 1), wr(32, 0, one, one)}, -1, 0, 0},
		{"silent write after atomic", []raceStep{at(0, 0, 1), wr(32, 0, one, one)}, 1, 0, 0},
		{"read after silent write", []raceStep{wr(32, 0, one, one), rd(0, 0, 1)}, -1, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRaceDetector(32, 32, 4)
			for i, s := range c.steps {
				if s.barrier {
					r.barrier()
					continue
				}
				err := r.access(s.addr, s.n, s.kind, s.tid, nil, s.old, s.new)
				switch {
				case i == c.race && err == nil:
					t.Fatalf("step %d: no race reported", i)
				case i != c.race && err != nil:
					t.Fatalf("step %d: unexpected %v", i, err)
				case err != nil:
					f := c.steps[c.first]
					if err.Addr != c.addr || err.First.Thread != f.tid || err.First.Kind != f.kind ||
						err.Second.Thread != s.tid || err.Second.Kind != s.kind {
						t.Errorf("race %+v, want byte %d between %+v and %+v", err, c.addr, f, s)
					}
					return
				}
			}
		})
	}
}

// TestRaceDetectorEpochs checks that a new CTA (an epoch bump) forgets
// the accesses of the previous one without clearing anything.
func TestRaceDetectorEpochs(t *testing.T) {
	r := newRaceDetector(4, 32, 2)
	if err := r.access(0, 4, Write, 0, nil, []byte{0, 0, 0, 0}, []byte{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	r.barrier()
	if err := r.access(0, 4, Write, 32, nil, []byte{1, 2, 3, 4}, []byte{5, 6, 7, 8}); err != nil {
		t.Fatalf("after a barrier: %v", err)
	}
	if err := r.access(0, 1, Read, 0, nil, nil, nil); err == nil {
		t.Fatal("a read of warp 0 after warp 1's write in the same epoch must race")
	}
}

// TestRaceDetectorClocks: releases and acquires (mbarrier arrivals and
// waits) order accesses within an epoch; a TMA landing is ordered after
// what its issuer did and before the threads that acquired its phase.
func TestRaceDetectorClocks(t *testing.T) {
	one, two := []byte{1}, []byte{2}
	r := newRaceDetector(8, 32, 3)
	var phase clockVec
	if err := r.access(0, 1, Write, 33, nil, one, two); err != nil { // warp 1 writes
		t.Fatal(err)
	}
	r.release(&phase, 32) // lane 0 of warp 1 arrives: lane 1's write still comes before it
	if err := r.access(1, 1, Write, 33, nil, one, two); err != nil {
		t.Fatal(err)
	}
	if err := r.access(2, 1, Write, 32, nil, one, two); err != nil { // after lane 0's arrival
		t.Fatal(err)
	}
	r.acquire(0, &phase) // warp 0 waits
	if err := r.access(0, 2, Read, 0, nil, nil, nil); err != nil {
		t.Fatalf("reads ordered by the phase: %v", err)
	}
	if err := r.access(2, 1, Read, 0, nil, nil, nil); err == nil || err.First.Thread != 32 {
		t.Fatalf("a write after the arrival must race with warp 0's read, got %v", err)
	}
	if err := r.access(4, 1, Read, 64, nil, nil, nil); err != nil { // warp 2 reads byte 4
		t.Fatal(err)
	}
	// Thread 64 issues a TMA load into byte 4..5 after its read; it lands
	// on a phase that warp 0 acquires and warp 1 does not.
	var issued, done clockVec
	r.snapshot(&issued, 64)
	landing := r.asyncActor(64, &issued)
	if err := r.accessAs(landing, 4, 2, Write, nil, []byte{0, 0}, []byte{1, 1}, true); err != nil {
		t.Fatalf("the landing is ordered after the issuer's read: %v", err)
	}
	r.landed(&done)
	r.acquire(0, &done)
	if err := r.access(4, 2, Read, 0, nil, nil, nil); err != nil {
		t.Fatalf("warp 0 waited for the landing: %v", err)
	}
	if err := r.access(5, 1, Read, 32, nil, nil, nil); err == nil || err.First.Thread != 64 || err.First.Kind != Write {
		t.Fatalf("warp 1 did not wait for the landing: %v", err)
	}
}

func TestPendingQueue(t *testing.T) {
	var q pendingQueue
	var landed []int
	land := func(_ *thread, e *pendingEffect) error {
		landed = append(landed, e.n)
		return nil
	}
	issue := func(v int) { q.issue(pendingEffect{land: land, n: v}) }
	issue(1)
	issue(2)
	q.commit() // group 1: 1, 2
	issue(3)
	q.commit() // group 2: 3
	issue(4)   // open group
	if err := q.wait(nil, 1); err != nil {
		t.Fatal(err)
	}
	if len(landed) != 2 || landed[0] != 1 || landed[1] != 2 || q.retired != 1 {
		t.Fatalf("wait(1) landed %v (retired %d), want group 1 only", landed, q.retired)
	}
	if err := q.atExit(); err == nil {
		t.Fatal("exiting with effects pending must fail")
	}
	if err := q.wait(nil, 0); err != nil || len(landed) != 3 || landed[2] != 3 {
		t.Fatalf("wait(0) landed %v (%v), want groups 1 and 2", landed, err)
	}
	q.commit()
	if err := q.wait(nil, 0); err != nil || len(landed) != 4 || q.atExit() != nil {
		t.Fatalf("the last group: %v %v", landed, err)
	}
}

func TestCPrintf(t *testing.T) {
	i32, i8 := ir32(), ir8()
	for _, c := range []struct {
		format string
		args   []printfArg
		vals   []uint64
		want   string
	}{
		{"%hhd %hd %d", []printfArg{{0, i32}, {0, i32}, {0, i8}}, []uint64{0x1ff, 0x18000, 0xff}, "-1 -32768 -1"},
		{"%08.3f|%+d|% d|%#x|%o|%c", []printfArg{{0, f32()}, {0, i32}, {0, i32}, {0, i32}, {0, i32}, {0, i32}}, []uint64{0x40490fdb, 5, 5, 255, 8, 'A'}, "0003.142|+5| 5|0xff|10|A"},
		{"%d %d", []printfArg{{0, i32}}, []uint64{1}, "1 %d"},
		{"%10.3e|%-5G|%a", []printfArg{{0, f32()}, {0, f32()}, {0, f32()}}, []uint64{0x7fc00000, 0xff800000, 0x3f800000}, "       nan|-INF |0x1p+00"},
	} {
		if got := cprintf(c.format, c.args, c.vals); got != c.want {
			t.Errorf("%q: got %q, want %q", c.format, got, c.want)
		}
	}
}

var typesCtx = ir.NewContext()

func ir32() ir.Type { return ir.I32(typesCtx) }
func ir8() ir.Type  { return ir.I8(typesCtx) }
func f32() ir.Type  { return ir.F32Type(typesCtx) }
