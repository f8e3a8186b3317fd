package ttrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/sim"
)

// persistentKernel is a persistent kernel as Triton users write one: it
// reads the SM count with inline assembly (%nsmid, as tt's persistent-dot
// pass does), and the first P = nsmid programs walk the tiles with stride
// P, storing their program id and %smid into each; the others exit.
// Program 0 also stores P after the tiles.
const persistentKernel = `module {
  tt.func public @persistent(%ids: !tt.ptr<i32>, %sms: !tt.ptr<i32>, %ntiles: i32) {
    %pid = tt.get_program_id x : i32
    %p = tt.elementwise_inline_asm "mov.u32 $0, %nsmid;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
    %s = tt.elementwise_inline_asm "{ mov.u32 $0, %smid; }" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
    %active = arith.cmpi slt, %pid, %p : i32
    scf.if %active {
      scf.for %t = %pid to %ntiles step %p : i32 {
        %a = tt.addptr %ids, %t : !tt.ptr<i32>, i32
        tt.store %a, %pid : !tt.ptr<i32>
        %b = tt.addptr %sms, %t : !tt.ptr<i32>, i32
        tt.store %b, %s : !tt.ptr<i32>
      }
    }
    %c0 = arith.constant 0 : i32
    %first = arith.cmpi eq, %pid, %c0 : i32
    scf.if %first {
      %q = tt.addptr %ids, %ntiles : !tt.ptr<i32>, i32
      tt.store %q, %p : !tt.ptr<i32>
    }
    tt.return
  }
}
`

// TestSimSMs runs persistentKernel with tt-run --backend sim: the SM
// count it reads is --sms (sim.DefaultSMs without it), tile t belongs
// to program t mod P, and that program's %smid is its index mod P.
func TestSimSMs(t *testing.T) {
	const tiles, grid = 11, 8
	dir := t.TempDir()
	src := filepath.Join(dir, "persistent.ttir")
	if err := os.WriteFile(src, []byte(persistentKernel), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sms := range []int{0, 2, 5} {
		t.Run(fmt.Sprint("sms", sms), func(t *testing.T) {
			ids := writeI32(t, dir, "ids.npy", make([]int32, tiles+1))
			smids := writeI32(t, dir, "smids.npy", make([]int32, tiles))
			args := []string{src, "--kernel", "persistent", "--backend", "sim", "--grid", fmt.Sprint(grid),
				"--arg", "@" + ids, "--arg", "@" + smids, "--arg", fmt.Sprint(tiles), "--out", "ids=" + ids, "--out", "sms=" + smids}
			want := sim.DefaultSMs
			if sms != 0 {
				args, want = append(args, "--sms", fmt.Sprint(sms)), sms
			}
			if code, stdout, stderr := runTool(args...); code != 0 {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			gotIDs, gotSMs := readI32(t, ids), readI32(t, smids)
			if int(gotIDs[tiles]) != want {
				t.Errorf("the kernel read %d SMs, want %d", gotIDs[tiles], want)
			}
			for tile := 0; tile < tiles; tile++ {
				if int(gotIDs[tile]) != tile%want || int(gotSMs[tile]) != tile%want {
					t.Errorf("tile %d: program %d on SM %d, want program and SM %d", tile, gotIDs[tile], gotSMs[tile], tile%want)
				}
			}
		})
	}
}

// TestSimPythonSMID: a @triton.jit kernel's tl.extra.cuda.smid() (inline
// assembly reading %smid) runs in the simulator: program i is on SM i mod
// --sms.
func TestSimPythonSMID(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "smid.py")
	const kernel = `import triton
import triton.language as tl


@triton.jit
def smid_kernel(out_ptr):
    pid = tl.program_id(0)
    tl.store(out_ptr + pid, tl.extra.cuda.smid())
`
	if err := os.WriteFile(src, []byte(kernel), 0o644); err != nil {
		t.Fatal(err)
	}
	out := writeI32(t, dir, "out.npy", make([]int32, 7))
	code, stdout, stderr := runTool(src, "--kernel", "smid_kernel", "--backend", "sim", "--sms", "4", "--no-cache",
		"--grid", "7", "--arg", "@"+out, "--out", "out_ptr="+out)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for i, got := range readI32(t, out) {
		if int(got) != i%4 {
			t.Errorf("program %d ran on SM %d, want %d", i, got, i%4)
		}
	}
}

// TestSMsFlag: --sms takes a positive count, applies to --backend sim
// only, and --help states sim.DefaultSMs.
func TestSMsFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--backend", "sim", "--sms", "0"}, "--sms must be between 1 and"},
		{[]string{"--backend", "sim", "--sms", "-3"}, "--sms must be between 1 and"},
		{[]string{"--backend", "sim", "--sms", "many"}, "invalid syntax"},
		{[]string{"--sms", "4"}, "--arch, --no-race-check and --sms apply to --backend sim"},
		{[]string{"--backend", "cuda", "--sms", "4"}, "--sms do not apply to --backend cuda"},
	} {
		code, _, stderr := runTool(append([]string{"x.ttir", "--grid", "1"}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d: %s, want %q", c.args, code, stderr, c.want)
		}
	}
	if _, stdout, _ := runTool("--help"); !strings.Contains(stdout, fmt.Sprintf("--sms is the number of SMs sim simulates (default %d)", sim.DefaultSMs)) {
		t.Errorf("--help does not state the default SM count:\n%s", stdout)
	}
}

func writeI32(t *testing.T, dir, name string, v []int32) string {
	t.Helper()
	a, err := npy.FromSlice(v, len(v))
	return writeArray(t, dir, name, a, err)
}

func readI32(t *testing.T, path string) []int32 {
	t.Helper()
	a, err := npy.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := a.Int32s()
	if err != nil {
		t.Fatal(err)
	}
	return v
}
