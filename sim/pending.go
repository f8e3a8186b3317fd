package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
)

// pendingQueue holds a thread's asynchronous effects: writes an op issued
// whose data lands only when the thread waits for them. It models
// cp.async's commit groups (issue, commit_group, wait_group N: all but
// the newest N committed groups complete), and is the place mbarrier
// phases and TMA will complete their copies from.
type pendingQueue struct {
	effects []pendingEffect
	// group is the number of groups committed so far; effects issued
	// since the last commit carry group+1.
	group int
}

// pendingEffect is an issued asynchronous effect; apply makes it land.
type pendingEffect struct {
	op    *ir.Operation
	group int
	apply func() error
}

func (q *pendingQueue) reset() { q.effects, q.group = q.effects[:0], 0 }

// issue queues an effect of op in the open group.
func (q *pendingQueue) issue(op *ir.Operation, apply func() error) {
	q.effects = append(q.effects, pendingEffect{op: op, group: q.group + 1, apply: apply})
}

// commit closes the open group.
func (q *pendingQueue) commit() { q.group++ }

// wait applies, in issue order, the effects of every committed group but
// the newest keep ones; effects of the open group stay pending.
func (q *pendingQueue) wait(keep int) error {
	last := q.group - keep
	rest := q.effects[:0]
	for _, e := range q.effects {
		if e.group > last {
			rest = append(rest, e)
			continue
		}
		if err := e.apply(); err != nil {
			return err
		}
	}
	q.effects = rest
	return nil
}

// atExit is the error of a thread that exits with effects pending.
func (q *pendingQueue) atExit() error {
	if len(q.effects) == 0 {
		return nil
	}
	return fmt.Errorf("the thread exited with %d asynchronous effects not waited for (the first by %s at %s)",
		len(q.effects), opName(q.effects[0].op), opLoc(q.effects[0].op))
}
