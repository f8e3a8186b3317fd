package ttgtogpu_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// TestTMAReduceSplitOverCTAsSim: test_tensor_descriptor_reduce's kernel
// shape at num_ctas = 2 (and 4), where make_ttgir splits the 8x32 block
// between the CTAs of a cluster: each CTA reduces its share at its own
// coordinates (tma.go's eachBox, shared by every store-like copy), against
// the interpreter; with programs along z several clusters reduce into the
// same tile.
func TestTMAReduceSplitOverCTAsSim(t *testing.T) {
	for _, c := range []struct {
		kind, elem, desc string
		ctas             string
	}{
		{"add", "i32", "si32", "2"}, {"xor", "i32", "si32", "4"}, {"min", "f16", "f16", "2"},
	} {
		t.Run(c.kind+"_"+c.desc+"_c"+c.ctas, func(t *testing.T) {
			src := strings.NewReplacer("ELEM", c.elem, "DESC", c.desc, "KIND", c.kind).Replace(tmaReduceTTIR)
			m := parse(t, src)
			ref := m.Clone(nil)
			runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 num-ctas="+c.ctas+" capability=90 num-stages=3}")
			red := ops(m, "ttng.async_tma_reduce")
			if len(red) != 1 {
				t.Fatalf("%d ttng.async_tma_reduce, want 1", len(red))
			}
			mt := red[0].Operand(red[0].NumOperands() - 1).Type().(*ttg.MemDescType)
			if split := ttg.CGAOf(mt.Encoding, len(mt.Dims)).CTASplitNum(); split[0]*split[1] < 2 {
				t.Fatalf("the reduced buffer is not split between the CTAs (%v)", split)
			}
			r := rand.New(rand.NewSource(int64(len(c.kind) * 17)))
			a, out := reduceBuf(r, c.elem, 16*64), reduceBuf(r, c.elem, 16*64)
			z := 2
			if c.elem != "i32" {
				z = 1
			}
			diffRefCheck(t, ref, m, "kernel", [3]int{2, 2, z}, []diffArg{a, out}, 0, func(lowered *ir.Operation) {
				if count(lowered, gpu.ClusterBlockRankOp.Name) == 0 {
					t.Errorf("the lowered kernel never reads its rank in the cluster")
				}
			})
		})
	}
}

// TestTMAReduceSplitOverCTAsRankIgnored: with the ranks read as 0, both
// CTAs of a cluster reduce their share at the first CTA's coordinates:
// half of each tile is reduced twice and the other half never.
func TestTMAReduceSplitOverCTAsRankIgnored(t *testing.T) {
	src := strings.NewReplacer("ELEM", "i32", "DESC", "si32", "KIND", "add").Replace(tmaReduceTTIR)
	m := parse(t, src)
	ref := m.Clone(nil)
	runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 num-ctas=2 capability=90 num-stages=3}")
	r := rand.New(rand.NewSource(5))
	a, out := reduceBuf(r, "i32", 16*64), reduceBuf(r, "i32", 16*64)
	want := cloneArgs([]diffArg{a, out})
	interpret(t, ref, "kernel", [3]int{2, 2, 1}, want)
	got, err := runMutated(t, m, "kernel", [3]int{2, 2, 1}, cloneArgs([]diffArg{a, out}), zeroClusterRank(t))
	if err != nil {
		t.Fatal(err)
	}
	if msg := compareBuf("i32", want[1].buf, got[1].buf, 0); msg == "" {
		t.Errorf("the reduction is right with the CTAs' ranks read as 0: the rank does not place the CTA's share")
	}
}
