package nvidia

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "triton-nvidia-gpu-fence-insertion",
		DisplayName: "TritonGPUFenceInsertion",
		Summary:     "Insert fences across generic and async proxy.",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			cc := fs.Int("compute-capability", 90, "device compute capability")
			return func(op *ir.Operation, _ *passmgr.State) error {
				InsertFences(op, *cc)
				return nil
			}
		},
	})
}

// InsertFences is Triton 3.6's triton-nvidia-gpu-fence-insertion: before
// every MMA reading a shared-memory operand that registers were copied
// into (a local_alloc with a source, or a local_store into the buffer),
// insert ttng.fence_async_shared, hoisted out of the loops that do not
// write the operand, unless a fence directly precedes it. Only sm_90 and
// later have the async proxy.
func InsertFences(module *ir.Operation, computeCapability int) {
	if computeCapability < 90 {
		return
	}
	var dots []*ir.Operation
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if isDotLike(op) {
			dots = append(dots, op)
		}
		return ir.Advance
	})
	for _, dot := range dots {
		writesA := regToSharedCopies(dot.Operand(0))
		writesB := regToSharedCopies(dot.Operand(1))
		if len(writesA) == 0 && len(writesB) == 0 {
			continue
		}
		b := ir.NewBuilder(dot.Context())
		b.SetInsertionPoint(dot)
		fence := b.CreateOp("ttng.fence_async_shared", dot.Loc(), nil, nil,
			ir.NamedAttr{Name: "bCluster", Value: ir.BoolAttrOf(dot.Context(), false)})
		for loop := enclosingLoop(fence); loop != nil; loop = enclosingLoop(fence) {
			if writesInside(loop, writesA) || writesInside(loop, writesB) {
				break
			}
			fence.MoveBefore(loop)
		}
		if prev := fence.Prev(); prev != nil && prev.Name() == "ttng.fence_async_shared" &&
			prev.Attr("bCluster") == fence.Attr("bCluster") {
			fence.Erase()
		}
	}
}

// isDotLike reports the ops of Triton's DotOpInterface.
func isDotLike(op *ir.Operation) bool {
	switch op.Name() {
	case "tt.dot", "tt.dot_scaled", "ttng.warp_group_dot", "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled":
		return true
	}
	return false
}

// enclosingLoop is the closest loop-like op around op.
func enclosingLoop(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == "scf.for" || p.Name() == "scf.while" {
			return p
		}
	}
	return nil
}

func writesInside(loop *ir.Operation, writes []*ir.Operation) bool {
	for _, w := range writes {
		if loop.IsAncestorOf(w) {
			return true
		}
	}
	return false
}

// regToSharedCopies lists the ops that copy registers into the shared
// buffer v views, looking through views, loop-carried values and
// warp_specialize captures; an origin it cannot follow counts as a copy.
func regToSharedCopies(v ir.Value) []*ir.Operation {
	var out []*ir.Operation
	seen := map[ir.Value]bool{}
	inOut := map[*ir.Operation]bool{}
	add := func(op *ir.Operation) {
		if !inOut[op] {
			inOut[op] = true
			out = append(out, op)
		}
	}
	var visit func(v ir.Value)
	visit = func(v ir.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		if _, ok := v.Type().(*ttg.MemDescType); !ok {
			return
		}
		if op := v.DefiningOp(); op != nil {
			if op.Name() == "ttg.local_alloc" {
				if op.NumOperands() > 0 {
					add(op)
				}
				for _, u := range ir.Users(op.Result(0)) {
					for ttg.IsMemDescView(u) && len(ir.Uses(u.Result(0))) == 1 {
						u = ir.Uses(u.Result(0))[0].Owner()
					}
					if u.Name() == "ttg.local_store" {
						add(u)
						return
					}
				}
			}
			for _, x := range op.Operands() {
				visit(x)
			}
			return
		}
		arg := v.(*ir.BlockArgument)
		owner := arg.Owner().ParentOp()
		switch {
		case owner != nil && owner.Name() == "scf.for" && arg.Index() > 0:
			i := arg.Index() - 1
			visit(owner.Operand(3 + i))
			visit(arg.Owner().Last().Operand(i))
		case owner != nil && owner.Name() == "ttg.warp_specialize.partitions":
			visit(owner.ParentOp().Operand(arg.Index()))
		case owner != nil:
			add(owner)
		}
	}
	visit(v)
	return out
}
