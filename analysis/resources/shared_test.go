package resources_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/ir"
)

// stages allocates n buffers of 3x128x64xf16 (48 KB each) that are all
// live at once, as a software-pipelined matmul's operand rings are.
func stages(n int) string {
	var b strings.Builder
	b.WriteString(`#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @k() {
`)
	for i := 0; i < n; i++ {
		b.WriteString("    %a" + string(rune('0'+i)) + " = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>\n")
	}
	for i := 0; i < n; i++ {
		b.WriteString("    ttg.local_dealloc %a" + string(rune('0'+i)) + " : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>\n")
	}
	b.WriteString("    tt.return\n  }\n}\n")
	return b.String()
}

func TestCheckSharedMemory(t *testing.T) {
	for _, c := range []struct {
		n     int
		arch  string
		want  string
		notes []string
	}{
		{4, "sm_90", "", nil},
		{1, "gfx942", "", nil},
		{5, "sm_90", "k.mlir:4:3: error: 'tt.func' op needs 240 KB of shared memory, over the 227 KB of sm_90; use fewer pipeline stages (--num-stages) or smaller blocks",
			[]string{"k.mlir:5:11: note: 48 KB for this 'ttg.local_alloc' (explicit buffer at offset 0)", "k.mlir:4:3: note: and 1 more buffers, none larger"}},
		{4, "sm_80", "k.mlir:4:3: error: 'tt.func' op needs 192 KB of shared memory, over the 163 KB of sm_80", nil},
		{2, "gfx942", "k.mlir:4:3: error: 'tt.func' op needs 96 KB of shared memory, over the 64 KB of gfx942", nil},
		{8, "sm_999", "", nil}, // unknown architectures are not checked
	} {
		err := resources.CheckSharedMemory(parse(t, stages(c.n)), c.arch)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if c.want == "" {
			if err != nil {
				t.Errorf("%d buffers on %s: %v", c.n, c.arch, err)
			}
			continue
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%d buffers on %s:\ngot  %s\nwant %s", c.n, c.arch, got, c.want)
		}
		var oor *resources.OutOfResources
		if !errors.As(err, &oor) {
			t.Fatalf("%d buffers on %s: %T is not an *OutOfResources", c.n, c.arch, err)
		}
		if want := c.n * 48 << 10; oor.Resource != "shared memory" || oor.Required != want || oor.Arch != c.arch {
			t.Errorf("%d buffers on %s: %+v, want %d bytes of shared memory", c.n, c.arch, oor, want)
		}
		if limit, _ := resources.SharedMemoryCapacity(c.arch); oor.Limit != limit {
			t.Errorf("%d buffers on %s: limit %d, want %d", c.n, c.arch, oor.Limit, limit)
		}
		d := ir.AsDiagnostics(err, nil)[0]
		var notes []string
		for _, n := range d.Notes {
			notes = append(notes, n.Error())
		}
		for _, w := range c.notes {
			if !strings.Contains(strings.Join(notes, "\n"), w) {
				t.Errorf("%d buffers on %s: no note %q in\n%s", c.n, c.arch, w, strings.Join(notes, "\n"))
			}
		}
	}
}

// An SM of sm_90 holds 228 KB, less 1 KB a block: two blocks of the
// persistent 128x128 matmul (104 KB), one of 128 KB, none of 228 KB.
func TestBlocksPerSMByShared(t *testing.T) {
	for _, c := range []struct {
		arch   string
		shared int
		want   int
		known  bool
	}{
		{"sm_90", 106496, 2, true}, {"sm_90a", 131072, 1, true}, {"sm_90", 228 << 10, 0, true},
		{"sm_90", 0, 228, true}, {"sm_80", 98304, 1, true}, {"gfx942", 1024, 0, false}, {"sm_90", -1, 0, false},
	} {
		got, known := resources.BlocksPerSMByShared(c.arch, c.shared)
		if got != c.want || known != c.known {
			t.Errorf("BlocksPerSMByShared(%s, %d) = %d, %t; want %d, %t", c.arch, c.shared, got, known, c.want, c.known)
		}
	}
}
