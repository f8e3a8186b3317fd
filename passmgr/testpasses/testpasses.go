// Package testpasses registers passes that exist to test the pass
// manager itself (MLIR has the same kind in its test library): one that
// fails with a located error, one that panics, one that breaks the IR so
// that --verify-each catches it, and one that counts ops into a statistic.
package testpasses

import (
	"flag"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(
		&passmgr.Pass{
			Name: "test-pass-failure", DisplayName: "TestFailurePass",
			Summary: "Fail with a located error on the first op named by the option",
			Build: func(fs *flag.FlagSet) passmgr.RunFunc {
				name := fs.String("op", "", "op name to fail on (default: the anchor)")
				return func(op *ir.Operation, st *passmgr.State) error {
					target := op
					ir.WalkOps(op, func(o *ir.Operation) {
						if *name != "" && o.Name() == *name && target == op {
							target = o
						}
					})
					return ir.OpErrorf(target, "test pass failure")
				}
			},
		},
		&passmgr.Pass{
			Name: "test-pass-crash", DisplayName: "TestCrashPass",
			Summary: "Panic, to test crash recovery and reproducers",
			Build: func(fs *flag.FlagSet) passmgr.RunFunc {
				return func(op *ir.Operation, st *passmgr.State) error {
					panic("test pass crashed on purpose")
				}
			},
		},
		&passmgr.Pass{
			Name: "test-pass-invalid-ir", DisplayName: "TestInvalidIRPass",
			Summary: "Move the last op of every function body first, breaking dominance",
			Anchor:  "builtin.module",
			Build: func(fs *flag.FlagSet) passmgr.RunFunc {
				return func(op *ir.Operation, st *passmgr.State) error {
					for _, fn := range op.Region(0).Front().Ops() {
						if fn.NumRegions() == 0 || fn.Region(0).Empty() {
							continue
						}
						b := fn.Region(0).Front()
						if last := b.Last(); last != nil && last.Prev() != nil {
							if t := last.Prev(); t.NumResults() > 0 {
								t.MoveBefore(b.First())
								// Make the moved op use a value defined after it.
								if b.First().Next() != nil && b.First().Next().NumResults() > 0 && t.NumOperands() > 0 {
									t.SetOperand(0, b.First().Next().Result(0))
								}
							}
						}
					}
					return nil
				}
			},
		},
		&passmgr.Pass{
			Name: "test-count-ops", DisplayName: "TestCountOps",
			Summary: "Count the ops nested in the anchor into a statistic",
			Build: func(fs *flag.FlagSet) passmgr.RunFunc {
				return func(op *ir.Operation, st *passmgr.State) error {
					n := int64(0)
					ir.WalkNested(op, func(*ir.Operation) { n++ })
					st.Stat("num-ops", "Number of operations").Add(n)
					st.PreserveAll()
					return nil
				}
			},
		},
	)
}
