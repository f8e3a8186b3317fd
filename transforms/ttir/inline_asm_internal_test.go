package ttir

import (
	"fmt"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// threadDependentAsm: asm that reads a thread's or the block's indices or
// counts, works with other threads, or has side effects depends on the
// threads that run it; pure arithmetic and conversions do not.
func TestThreadDependentAsm(t *testing.T) {
	for text, want := range map[string]bool{
		"mov.u32 $0, %tid.x;":                               true,
		"mov.u32 $0, %ntid.x;":                              true,
		"mov.u32 $0, %laneid;":                              true,
		"mov.u32 $0, %warpid;":                              true,
		"mov.u32 $0, %lanemask_lt;":                         true,
		"shfl.sync.bfly.b32 $0, $1, 1, 31, -1;":             true,
		"bar.sync 1, 128;":                                  true,
		"barrier.sync 0;":                                   true,
		"vote.sync.ballot.b32 $0, 1, -1;":                   true,
		"redux.sync.add.u32 $0, $1, -1;":                    true,
		"cvt.rna.tf32.f32 $0, $1;":                          false,
		"mov.u32 $0, %ctaid.x;":                             false,
		"{ .reg .b32 t; add.u32 t, $1, 1; mov.b32 $0, t; }": false,
		"ex2.approx.f32 $0, $1;":                            false,
	} {
		src := fmt.Sprintf("tt.func @f(%%x: i32) -> i32 {\n  %%y = tt.elementwise_inline_asm %q {constraints = \"=r,r\", packed_element = 1 : i32, pure = true} %%x : i32 -> i32\n  tt.return %%y : i32\n}\n", text)
		m, err := asm.ParseString(all.NewContext(), src)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		var op *ir.Operation
		ir.WalkOps(m, func(o *ir.Operation) {
			if o.Name() == "tt.elementwise_inline_asm" {
				op = o
			}
		})
		if got := threadDependentAsm(op); got != want {
			t.Errorf("%q: thread-dependent %v, want %v", text, got, want)
		}
		op.SetAttr("pure", ir.BoolAttrOf(m.Context(), false))
		if !threadDependentAsm(op) {
			t.Errorf("%q with side effects: not thread-dependent", text)
		}
	}
}
