package ttir

import (
	"strings"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// threadSensitiveAsm reports whether PTX text reads which thread runs it
// or how many run (%tid, %ntid, %laneid, %warpid, %nwarpid, %lanemask_*),
// or synchronizes or trades data with other threads (barriers, shuffles,
// votes, warp reductions and matrix instructions of a warp or warpgroup):
// whether one of its words (runs of letters, digits and _) is such an
// instruction name, or such a register name after %.
func threadSensitiveAsm(text string) bool {
	for i := 0; i < len(text); {
		if !isWordByte(text[i]) {
			i++
			continue
		}
		start := i
		for i < len(text) && isWordByte(text[i]) {
			i++
		}
		word := text[start:i]
		if threadSensitiveInstruction(word) || start > 0 && text[start-1] == '%' && threadIndexRegister(word) {
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// threadIndexRegister reports whether word names one of
// threadSensitiveAsm's special registers (without its %).
func threadIndexRegister(word string) bool {
	switch word {
	case "tid", "ntid", "laneid", "warpid", "nwarpid":
		return true
	}
	return len(word) > len("lanemask_") && strings.HasPrefix(word, "lanemask_")
}

// threadSensitiveInstruction reports whether word is one of
// threadSensitiveAsm's instruction names (bar.warp's first word is bar).
func threadSensitiveInstruction(word string) bool {
	switch word {
	case "bar", "barrier", "shfl", "vote", "match", "redux", "activemask", "elect", "mma", "wgmma",
		"ldmatrix", "stmatrix", "setmaxnreg":
		return true
	}
	return false
}

// threadDependentAsm reports whether op is a tt.elementwise_inline_asm
// whose effect may change when other threads, or more of them, run it:
// asm with side effects (pure = false; it runs once for each thread that
// holds an element, so as often as the layout replicates it), and asm
// whose text matches threadSensitiveAsm. tt's schedules that change a
// kernel's warps (the row split, more warps for large accumulators) or run
// part of it in other warps (warp specialization it chooses) leave kernels
// with such asm as they were: tt cannot see what the asm does, and a
// thread index, a barrier's thread count or a replicated side effect would
// change under it.
func threadDependentAsm(op *ir.Operation) bool {
	if op.Name() != tt.InlineAsmDef.Name {
		return false
	}
	if pure, ok := op.Attr("pure").(*ir.IntegerAttr); !ok || !pure.Bool() {
		return true
	}
	text, ok := op.Attr("asm_string").(*ir.StringAttr)
	return !ok || threadSensitiveAsm(text.Value)
}
