//go:build !nonvptx

package ttgtogpu_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/targets/nvptx"
)

// TestCpAsyncTrackedPTX: the tracked kernel goes through to PTX, where
// every thread executes the noinc arrival (no guard predicate) between
// its cp.async and the phase wait, and no cp.async wait is emitted.
func TestCpAsyncTrackedPTX(t *testing.T) {
	m := parse(t, cpAsyncTracked)
	lower(t, m)
	var b strings.Builder
	if _, err := nvptx.Emit(m, nvptx.Options{Arch: "sm_90"}, &b); err != nil {
		t.Fatalf("emit: %v", err)
	}
	ptx := b.String()
	order := regexp.MustCompile(`(?s)\tcp\.async\.cg\.shared\.global .*\n\tcp\.async\.mbarrier\.arrive\.noinc\.shared\.b64 \[%r\d+\];\n.*mbarrier\.try_wait\.parity\.shared\.b64`)
	if !order.MatchString(ptx) || strings.Contains(ptx, "cp.async.wait") {
		t.Errorf("want cp.async, an unpredicated cp.async.mbarrier.arrive.noinc and a parity wait, no cp.async wait:\n%s", ptx)
	}
}
