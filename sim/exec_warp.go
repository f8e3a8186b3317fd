package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
)

// The collective ops of the gpu dialect: the CTA barrier, and the warp's
// shuffle and ballot.

func init() {
	define(func(c *compiler, in *instr) error {
		in.kind, in.coll = kindCollective, barrier
		return nil
	}, gpu.BarrierOp)
	define(func(c *compiler, in *instr) error {
		in.kind = kindCollective
		in.coll = &collective{scope: scopeWarp, run: shuffle}
		in.aux = gpu.ShuffleModeOf(in.op)
		return nil
	}, gpu.ShuffleOp)
	define(func(c *compiler, in *instr) error {
		in.kind, in.coll = kindCollective, &collective{scope: scopeWarp, run: ballot}
		return nil
	}, gpu.BallotOp)
}

// barrier is gpu.barrier (bar.sync 0): every thread of the CTA arrives,
// at this or another barrier op; memory accesses before it happen before
// those after it.
var barrier = &collective{scope: scopeCTA, anyInstance: true, run: func(c *cta, _ []*instr, _ []*thread) error {
	if c.race != nil {
		c.race.barrier()
	}
	return nil
}}

// shuffle is gpu.shuffle: each lane reads the value of a source lane of
// its segment of width lanes (the dialect's rules for xor, up, down and
// idx; a source outside the segment gives the lane's own value).
func shuffle(c *cta, ins []*instr, warp []*thread) error {
	in := ins[0]
	vals := c.valScratch(len(warp))
	for i, th := range warp {
		vals[i] = th.regs[in.a]
	}
	mode := in.aux.(gpu.ShuffleMode)
	for lane, th := range warp {
		r := th.regs
		off, w := int(r[in.b]), int(r[in.c])
		if w <= 0 || w > len(warp) || w&(w-1) != 0 {
			return fmt.Errorf("%s: shuffle width %d on a %d-lane warp", th, w, len(warp))
		}
		seg, pos := lane&^(w-1), lane&(w-1)
		src := lane
		switch mode {
		case gpu.ShuffleXor:
			if s := lane ^ off; s&^(w-1) == seg {
				src = s
			}
		case gpu.ShuffleUp:
			if pos >= off {
				src = lane - off
			}
		case gpu.ShuffleDown:
			if pos+off < w {
				src = lane + off
			}
		case gpu.ShuffleIdx:
			src = seg + off&(w-1)
		}
		r[in.d] = vals[src]
	}
	return nil
}

// ballot is gpu.ballot: bit i of every lane's result is lane i's
// predicate.
func ballot(c *cta, ins []*instr, warp []*thread) error {
	in := ins[0]
	var m uint64
	for i, th := range warp {
		m |= (th.regs[in.a] & 1) << i
	}
	for _, th := range warp {
		th.regs[in.d] = m & in.mask
	}
	return nil
}

// valScratch returns n reusable registers of the CTA.
func (c *cta) valScratch(n int) []uint64 {
	if cap(c.vals) < n {
		c.vals = make([]uint64, n)
	}
	return c.vals[:n]
}
