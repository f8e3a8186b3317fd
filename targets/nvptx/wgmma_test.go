package nvptx

import (
	"regexp"
	"strings"
	"testing"
)

// TestWGMMAAccumulatorsStayInPlace emits the wgmma goldens and checks that
// nothing touches accumulator registers while a wgmma may write them, that
// every register write feeding a wgmma is fenced, and that the pipelined
// loop's accumulators cross the back edge without a single mov.
func TestWGMMAAccumulatorsStayInPlace(t *testing.T) {
	ptx, ks := emitFile(t, "testdata/golden/wgmma.mlir", "sm_90")
	if ks[0].Target != "sm_90a" || !strings.Contains(ptx, ".target sm_90a") {
		t.Errorf("wgmma did not select sm_90a: %+v", ks)
	}
	for _, h := range WGMMAHazards(ptx) {
		t.Error(h)
	}
	loop := ptx[strings.Index(ptx, "$L__BB0_1:"):strings.Index(ptx, "$L__BB0_3:")]
	acc, _, ok := wgmmaOperands(loop)
	if !ok {
		t.Fatalf("no wgmma in the loop:\n%s", loop)
	}
	for _, r := range registerRefs(acc, -1) {
		for _, l := range strings.Split(loop, "\n") {
			if strings.Contains(l, "mov") && regexp.MustCompile(regexp.QuoteMeta(r)+`\b`).MatchString(l) {
				t.Errorf("accumulator %s copied in the loop: %s", r, l)
			}
		}
	}
	// Both wgmma of an iteration and the wait share one register list.
	if n := strings.Count(loop, "{"+acc+"}"); n != 2 {
		t.Errorf("the loop's two wgmma do not share their accumulators (%d uses of {%s})", n, acc)
	}
}

// TestWGMMAHazardCheck makes sure the hazard scan above can fail.
func TestWGMMAHazardCheck(t *testing.T) {
	bad := WGMMAHazards(`
	mov.f32 %f1, 0f00000000;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2}, %rd1, %rd2, 1, 1, 1, 0, 0;
	add.f32 %f3, %f2, %f2;
	wgmma.wait_group.sync.aligned 0;`)
	if len(bad) != 2 {
		t.Errorf("want an unfenced write and an in-flight read, got %q", bad)
	}
	// wait_group 1 retires the older group only: the newer one's
	// accumulators are still in flight (a pipelined loop's back edge).
	bad = WGMMAHazards(`
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2}, %rd1, %rd2, 1, 1, 1, 0, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f3, %f4}, %rd1, %rd2, 1, 1, 1, 0, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 1;
	add.f32 %f5, %f1, %f2;
	mov.b32 %f6, %f3;
	wgmma.wait_group.sync.aligned 0;
	add.f32 %f7, %f3, %f4;`)
	if len(bad) != 1 || !strings.Contains(bad[0], "%f3 touched by: mov.b32 %f6, %f3") {
		t.Errorf("want only the copy of the pending group's accumulator, got %q", bad)
	}
}
