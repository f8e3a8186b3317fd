package nvptx

import (
	"github.com/ttcompiler/tt/ir"
)

// What an instruction needs from the target: a compute capability, the
// architecture-specific `a` features, a PTX version. Missing capabilities
// are located errors at the op that needs them.

// requireSM fails unless the target is sm_<sm> or newer; what names the
// instruction in the diagnostic.
func (f *fn) requireSM(op *ir.Operation, sm int, what string) error {
	if f.m.arch.sm < sm {
		return ir.OpErrorf(op, "%s needs sm_%d or newer; the target is %s", what, sm, f.m.arch.target(false))
	}
	return nil
}

// requireAccel records that the kernel uses architecture-specific
// instructions, so that the target becomes sm_90a (sm_100a ...). With
// only90 the instruction exists on sm_90a alone (wgmma).
func (f *fn) requireAccel(op *ir.Operation, what string, only90 bool) error {
	switch {
	case only90 && f.m.arch.sm != 90:
		return ir.OpErrorf(op, "%s needs sm_90a; the target is %s", what, f.m.arch.target(false))
	case f.m.arch.sm < 90:
		return ir.OpErrorf(op, "%s needs sm_90a or newer; the target is %s", what, f.m.arch.target(false))
	}
	f.m.accel = true
	return nil
}

// requirePTX raises the printed `.version` to at least major*10+minor
// (unless the caller fixed the version, which is then checked).
func (f *fn) requirePTX(v int) {
	if v > f.m.minPTX {
		f.m.minPTX = v
	}
}
