package pipeliner

import "github.com/ttcompiler/tt/ir"

// emitter reports the pipeliner's remarks and warnings (the pass manager's
// State.Emit); nil drops them.
type emitter func(*ir.Diagnostic)

func (e emitter) emit(op *ir.Operation, sev ir.Severity, msg string) {
	if e != nil {
		e(&ir.Diagnostic{Loc: op.Loc(), Severity: sev, Message: msg})
	}
}

// remark reports a remark located at op.
func (e emitter) remark(op *ir.Operation, msg string) { e.emit(op, ir.SevRemark, msg) }

// remarkFn returns a one-argument remark reporter for op.
func (e emitter) remarkFn(op *ir.Operation) func(string) {
	return func(msg string) { e.remark(op, msg) }
}
