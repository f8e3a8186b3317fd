package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
)

// gpu.cp_async, gpu.cp_async_commit and gpu.cp_async_wait: per-thread
// asynchronous global -> shared copies in commit groups.
//
// A copy reads its source when it is issued: the hardware may read it at
// any time between the issue and the wait that retires its group, and
// reading at the issue is one of those times (a kernel that writes the
// source before the wait is wrong either way). The src-size bytes read
// and the zeros after them are queued, with the destination, in the
// thread's cp.async queue, in its open group; a predicate that is false
// issues nothing. gpu.cp_async_commit closes the open group;
// gpu.cp_async_wait N retires every committed group but the newest N and
// `all` commits first and retires everything. Only then do the copies of
// the retired groups land: each is a write of its bytes by the issuing
// thread at the time of the wait, which the race detector checks like any
// store (a read by another warp before a barrier orders it after the
// wait is a race). Since the hardware may land a copy as early as its
// issue, the issue is checked as that write too (checkEarlyLanding): an
// access by another warp that nothing orders before it is a race. Until then a read of the destination sees its old
// contents, and a copy that is never waited for is an error when its
// thread exits. Copies of uncommitted groups belong to no group and never
// land before a commit. A gpu.cp_async_mbarrier_arrive hands the copies
// issued before it to an mbarrier, whose phase lands them if no wait
// has (exec_asynccopy_mbarrier.go).

func init() {
	define(compileCpAsync, gpu.CpAsyncOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			th.cpAsync.commit()
			return nil
		}
		return nil
	}, gpu.CpAsyncCommitOp)
	define(func(c *compiler, in *instr) error {
		if gpu.WaitsAll(in.op) {
			in.step = func(th *thread, in *instr) error {
				th.cpAsync.commit()
				th.acquireLandedCopies()
				return th.cpAsync.wait(th, 0)
			}
			return nil
		}
		keep := gpu.Pending(in.op)
		in.step = func(th *thread, in *instr) error {
			th.acquireLandedCopies()
			return th.cpAsync.wait(th, keep)
		}
		return nil
	}, gpu.CpAsyncWaitOp)
}

func compileCpAsync(c *compiler, in *instr) error {
	v := gpu.CpAsyncView{Operation: in.op}
	size := v.Size()
	if size != 4 && size != 8 && size != 16 {
		return fmt.Errorf("gpu.cp_async copies 4, 8 or 16 bytes, not %d", size)
	}
	srcSize, pred := int32(-1), int32(-1)
	if v.SrcSize() != nil {
		srcSize = in.args[2]
	}
	if v.Pred() != nil {
		pred = in.args[len(in.args)-1]
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		if pred >= 0 && r[pred]&1 == 0 {
			return nil
		}
		n := size
		if srcSize >= 0 {
			n = int(int32(r[srcSize]))
			if n < 0 || n > size {
				return fmt.Errorf("src-size %d is not between 0 and the copy size %d", n, size)
			}
		}
		dst, src := r[in.a], r[in.b]
		if _, err := th.cta.sharedBytes(dst, size, size); err != nil {
			return fmt.Errorf("destination: %w", err)
		}
		e := pendingEffect{op: in.op, land: landShared, addr: dst, n: size}
		if n > 0 {
			err := th.do(access{op: in.op, addr: src, n: n, align: size, kind: Read}, func(b []byte) { copy(e.data[:], b) })
			if err != nil {
				return fmt.Errorf("source: %w", err)
			}
		} else if src%uint64(size) != 0 {
			return fmt.Errorf("source address %#x is not aligned to the copy size %d", src, size)
		}
		if err := th.cta.checkEarlyLanding(th, &e); err != nil {
			return err
		}
		th.cpAsync.issue(e)
		return nil
	}
	return nil
}

// checkEarlyLanding checks a copy's write at its issue against the race
// detector without recording it: the hardware may land the copy at once,
// so every access of the destination by another warp must already be
// ordered before it (the refill of a pipeline slot that another warp may
// still be reading races, although the simulator lands the copy later,
// after that warp is done). The write is recorded when it lands.
func (c *cta) checkEarlyLanding(th *thread, e *pendingEffect) error {
	if c.race == nil {
		return nil
	}
	dst := c.shared[e.addr : e.addr+uint64(e.n)]
	if err := c.race.accessAs(c.race.warpActor(th.tid), int(e.addr), e.n, Write, e.op, dst, e.data[:e.n], false); err != nil {
		err.Block = c.id
		return err
	}
	return nil
}
