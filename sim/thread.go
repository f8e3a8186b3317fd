package sim

// thread is one GPU thread of a CTA: a call stack of frames over compiled
// functions, run until it reaches a collective op or exits.
type thread struct {
	cta *cta
	// tid is the thread's linear index in its CTA, lane its index in its
	// warp.
	tid, lane int
	// regs are the registers of the innermost frame.
	regs   []uint64
	frames []frame
	// wait is the collective or blocking instr the thread waits at (nil
	// if it runs).
	wait   *instr
	exited bool
	// scratch holds branch arguments while they move (a parallel copy).
	scratch []uint64
	// cpAsync, wgmma and bulk are the thread's asynchronous effects, by
	// the kind of group that retires them.
	cpAsync, wgmma, bulk pendingQueue
	// cpLanded is what the async agent wrote of the thread's copies that
	// mbarrier phases landed (exec_asynccopy_mbarrier.go).
	cpLanded clockVec
	// gen is the generation of the named barrier the thread waits at.
	gen uint64
	// clArrived is 1 + the cluster barrier's generation the thread last
	// arrived in (cluster.go), 0 once its wait returned.
	clArrived uint64
}

// frame is one function activation.
type frame struct {
	fn   *function
	regs []uint64
	code []instr
	pc   int
	// call is the caller's call instr that receives the results.
	call *instr
}

// start resets the thread to the entry of fn with args.
func (th *thread) start(fn *function, args []uint64) {
	th.frames = th.frames[:0]
	th.wait, th.exited, th.clArrived = nil, false, 0
	th.cpAsync.reset()
	th.wgmma.reset()
	th.bulk.reset()
	th.cpLanded.epoch = 0
	th.push(fn, nil)
	for i, s := range fn.params {
		th.regs[s] = args[i]
	}
}

// push enters fn, reusing the register file of an earlier frame at that
// depth when it fits.
func (th *thread) push(fn *function, call *instr) {
	var regs []uint64
	if n := len(th.frames); n < cap(th.frames) {
		if old := th.frames[:n+1][n].regs; cap(old) >= len(fn.template) {
			regs = old[:len(fn.template)]
		}
	}
	if regs == nil {
		regs = make([]uint64, len(fn.template))
	}
	copy(regs, fn.template)
	th.frames = append(th.frames, frame{fn: fn, regs: regs, code: fn.blocks[0].code, call: call})
	th.regs = regs
}

// run executes the thread until it waits at a collective, exits, or
// fails. A collective leaves pc at the collective: resume advances it.
func (th *thread) run() error {
	f := &th.frames[len(th.frames)-1]
	code, pc, regs := f.code, f.pc, f.regs
	for {
		in := &code[pc]
		switch in.kind {
		case kindStep:
			if err := in.step(th, in); err != nil {
				f.pc = pc
				return th.fail(in, err)
			}
			pc++
		case kindBr:
			if th.cta.stop != nil && th.cta.stop.Load() {
				return errStopped
			}
			t := in.aux.(*successor)
			th.jump(regs, in.args, t)
			code, pc = t.block.code, 0
		case kindCondBr:
			if th.cta.stop != nil && th.cta.stop.Load() {
				return errStopped
			}
			br := in.aux.(*condBranch)
			t, args := br.f, br.fArgs
			if regs[in.a]&1 != 0 {
				t, args = br.t, br.tArgs
			}
			th.jump(regs, args, t)
			code, pc = t.block.code, 0
		case kindCall:
			f.code, f.pc = code, pc
			callee := in.aux.(*function)
			th.push(callee, in)
			f = &th.frames[len(th.frames)-1]
			for i, s := range callee.params {
				f.regs[s] = regs[in.args[i]]
			}
			code, pc, regs = f.code, 0, f.regs
		case kindReturn:
			call := f.call
			th.frames = th.frames[:len(th.frames)-1]
			if len(th.frames) == 0 {
				th.exited = true
				th.cta.exits++
				th.cta.cl.threadExited(th)
				if err := th.exitEffects(); err != nil {
					return th.fail(in, err)
				}
				return nil
			}
			f = &th.frames[len(th.frames)-1]
			for i, s := range call.res {
				f.regs[s] = regs[in.args[i]]
			}
			code, pc, regs = f.code, f.pc+1, f.regs
			th.regs = regs
		case kindCollective:
			if in.coll.skip != nil && in.coll.skip(regs, in) {
				pc++
				continue
			}
			f.code, f.pc = code, pc
			th.wait = in
			return nil
		case kindBlock:
			f.code, f.pc = code, pc
			if in.blk.arrive != nil {
				if err := in.blk.arrive(th, in); err != nil {
					return th.fail(in, err)
				}
			}
			ok, err := in.blk.ready(th, in)
			if err != nil {
				return th.fail(in, err)
			}
			if !ok {
				th.wait = in
				return nil
			}
			pc++
		}
	}
}

// successor is a branch target with the slots of its arguments.
type successor struct{ block *block }

// condBranch is the compiled form of llvm.cond_br.
type condBranch struct {
	t, f         *successor
	tArgs, fArgs []int32
}

// jump moves the values of srcs into the arguments of t, all read before
// any is written (a loop may pass its arguments rotated).
func (th *thread) jump(regs []uint64, srcs []int32, t *successor) {
	if len(srcs) == 0 {
		return
	}
	th.scratch = th.scratch[:0]
	for _, s := range srcs {
		th.scratch = append(th.scratch, regs[s])
	}
	for i, d := range t.block.args {
		regs[d] = th.scratch[i]
	}
}

// exitEffects settles the asynchronous effects of a thread that exits:
// copies into shared memory and wgmma results never waited for are
// errors (their data would never be seen, or land in a CTA that is
// gone); bulk stores that finished reading shared memory complete their
// global writes, as the grid's completion makes them visible.
func (th *thread) exitEffects() error {
	if err := th.cpAsync.atExit(); err != nil {
		return err
	}
	if err := th.wgmma.atExit(); err != nil {
		return err
	}
	return bulkAtExit(th)
}

// resume continues a thread after the collective it waited at acted.
func (th *thread) resume() {
	th.wait = nil
	th.frames[len(th.frames)-1].pc++
}

// fail wraps an op's error with the thread and the op.
func (th *thread) fail(in *instr, err error) error {
	if _, ok := err.(*ExecError); ok {
		return err
	}
	if _, ok := err.(*RaceError); ok {
		return err
	}
	return &ExecError{Block: th.cta.id, Thread: th.tid, Lanes: th.cta.lanes, Op: in.op, Err: err}
}

// String names the thread for messages.
func (th *thread) String() string {
	return threadName(th.tid, th.cta.lanes)
}
