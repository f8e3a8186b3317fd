package axisinfo

import (
	"math/rand"
	"testing"
)

// joinKeeps is the solver's shortcut for "Join(a, b) would change
// nothing"; it restates Join's rule per dimension, so it must agree with
// Join exactly where the ranks match (and never claim "keeps" otherwise
// unless Join does keep a).
func TestJoinKeepsAgreesWithJoin(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	vals := []int64{1, 2, 3, 4, 8, 12, 16, 64, MaxDivisor}
	info := func(rank int) Info {
		i := Info{Contiguity: make([]int64, rank), Divisibility: make([]int64, rank), Constancy: make([]int64, rank)}
		for d := range rank {
			i.Contiguity[d] = vals[rng.Intn(len(vals)-1)]
			i.Divisibility[d] = vals[rng.Intn(len(vals))]
			i.Constancy[d] = vals[rng.Intn(len(vals)-1)]
		}
		if rng.Intn(3) == 0 {
			i = i.WithConstant(int64(rng.Intn(3)))
		}
		return i
	}
	kept := 0
	for n := 0; n < 20000; n++ {
		a := info(1 + rng.Intn(2))
		b := a
		switch rng.Intn(4) {
		case 0:
			b = info(a.Rank()) // unrelated, same rank
		case 1:
			b = info(rng.Intn(3)) // any rank, rank 0 included
		case 2:
			b = Join(a, info(a.Rank())) // at most as precise as a
		}
		want := Join(a, b).Equal(a)
		got := joinKeeps(a, b)
		if got && !want || b.Rank() == a.Rank() && got != want {
			t.Fatalf("joinKeeps(%v, %v) = %v, Join(a, b).Equal(a) = %v", a, b, got, want)
		}
		if got {
			kept++
		}
	}
	if kept == 0 {
		t.Fatal("no case where the join keeps a: the test does not exercise the shortcut")
	}
}

// joinKeepsSelf is joinKeeps(a, a) with a shortcut for positive entries;
// non-positive ones (negative hints, zeros) must still get joinKeeps'
// answer.
func TestJoinKeepsSelfAgreesWithJoin(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	vals := []int64{-8, -3, -1, 0, 1, 2, 3, 16, MaxDivisor}
	for n := 0; n < 20000; n++ {
		rank := rng.Intn(3)
		a := Info{Contiguity: make([]int64, rank), Divisibility: make([]int64, rank), Constancy: make([]int64, rank)}
		for d := range rank {
			a.Contiguity[d] = vals[rng.Intn(len(vals))]
			a.Divisibility[d] = vals[rng.Intn(len(vals))]
			a.Constancy[d] = vals[rng.Intn(len(vals))]
		}
		if rng.Intn(3) == 0 {
			a = a.WithConstant(int64(rng.Intn(3)))
		}
		if got, want := joinKeepsSelf(a), Join(a, a).Equal(a); got != want {
			t.Fatalf("joinKeepsSelf(%v) = %v, Join(a, a).Equal(a) = %v", a, got, want)
		}
	}
}
