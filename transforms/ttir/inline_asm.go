package ttir

import (
	"regexp"
	"sync"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// threadSensitiveAsm matches PTX that reads which thread runs it or how many
// run (%tid, %ntid, %laneid, %warpid, %nwarpid, %lanemask_*), or that
// synchronizes or trades data with other threads (barriers, shuffles,
// votes, warp reductions and matrix instructions of a warp or warpgroup).
// Compiled on first use: kernels without inline asm, most of them, do not
// pay for it at every process's start.
var threadSensitiveAsm = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`%(tid|ntid|laneid|warpid|nwarpid|lanemask_\w+)\b|\b(bar|barrier|bar\.warp|shfl|vote|match|redux|activemask|elect|mma|wgmma|ldmatrix|stmatrix|setmaxnreg)\b`)
})

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
	return !ok || threadSensitiveAsm().MatchString(text.Value)
}
