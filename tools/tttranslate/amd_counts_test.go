package tttranslate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// asmCounts is what docs/PERFORMANCE.md's AMD tables compare: how many
// instructions of each kind an AMDGCN listing has (the whole kernel,
// prologue and epilogue included), and llc's register statistics.
type asmCounts struct {
	mfma                   map[string]int // v_mfma_* by mnemonic
	dsRead, dsWrite        int
	globalLoad, bufferLoad int
	globalStore            int
	bufferStore            int
	waitcnt, barrier       int
	vgpr, agpr, scratch    int
}

// mfmaTotal is the number of v_mfma instructions of every form.
func (c asmCounts) mfmaTotal() int {
	n := 0
	for _, k := range c.mfma {
		n += k
	}
	return n
}

var asmStat = regexp.MustCompile(`(?m)^; (NumVgprs|NumAgprs|ScratchSize): (\d+)$`)

// countAsm counts the instructions of an AMDGCN listing by mnemonic (the
// first word of an indented line); the register statistics are llc's
// comments for the first kernel.
func countAsm(text string) asmCounts {
	c := asmCounts{mfma: map[string]int{}}
	for _, line := range strings.Split(text, "\n") {
		if line == "" || (line[0] != '\t' && line[0] != ' ') {
			continue
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		m := f[0]
		switch {
		case strings.HasPrefix(m, "v_mfma_"):
			c.mfma[m]++
		case strings.HasPrefix(m, "ds_read"):
			c.dsRead++
		case strings.HasPrefix(m, "ds_write"):
			c.dsWrite++
		case strings.HasPrefix(m, "global_load"):
			c.globalLoad++
		case strings.HasPrefix(m, "buffer_load"):
			c.bufferLoad++
		case strings.HasPrefix(m, "global_store"):
			c.globalStore++
		case strings.HasPrefix(m, "buffer_store"):
			c.bufferStore++
		case strings.HasPrefix(m, "s_waitcnt"):
			c.waitcnt++
		case m == "s_barrier":
			c.barrier++
		}
	}
	seen := map[string]bool{}
	for _, s := range asmStat.FindAllStringSubmatch(text, -1) {
		if seen[s[1]] {
			continue
		}
		seen[s[1]] = true
		n, _ := strconv.Atoi(s[2])
		switch s[1] {
		case "NumVgprs":
			c.vgpr = n
		case "NumAgprs":
			c.agpr = n
		case "ScratchSize":
			c.scratch = n
		}
	}
	return c
}

// row is the counts as a docs/PERFORMANCE.md table row after the label
// columns; lds < 0 prints as "?".
func (c asmCounts) row(lds int) string {
	var forms []string
	for m := range c.mfma {
		forms = append(forms, strings.TrimPrefix(m, "v_mfma_"))
	}
	sort.Strings(forms)
	mfma := strconv.Itoa(c.mfmaTotal())
	if len(forms) > 0 {
		mfma += " (" + strings.Join(forms, ", ") + ")"
	}
	l := "?"
	if lds >= 0 {
		l = strconv.Itoa(lds)
	}
	return fmt.Sprintf("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %s |", mfma,
		c.dsRead, c.dsWrite, c.globalLoad, c.bufferLoad, c.globalStore, c.bufferStore,
		c.waitcnt, c.barrier, c.vgpr, c.agpr, c.scratch, l)
}

// TestAMDGCNAgainstTriton compiles the TTIR of shared/kernels/amd with
// tt-translate's defaults for gfx942 (4 waves, 2 stages, as Triton
// compiled them), assembles it with llc and links it with ld.lld when
// present, and compares the AMDGCN with Triton 3.6's own for the same
// TTIR: the same MFMA instructions, as many of them (32
// v_mfma_f32_32x32x8_f16 in the f16 matmul). The other counts are
// logged: docs/PERFORMANCE.md's table is this test's log (-v).
func TestAMDGCNAgainstTriton(t *testing.T) {
	requireStages(t, LevelTTIR)
	llc := newLLC(t)
	lld := findLLD()
	dir := "../../../shared/kernels/amd"
	triton, _ := filepath.Glob(filepath.Join(dir, "*.amdgcn"))
	if len(triton) == 0 {
		t.Skipf("Triton's gfx942 kernels not found in %s", dir)
	}
	for _, theirsPath := range triton {
		name := strings.TrimSuffix(filepath.Base(theirsPath), ".amdgcn")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(theirsPath)
			if err != nil {
				t.Fatal(err)
			}
			theirs := countAsm(string(b))
			path := filepath.Join(dir, name+".ttir")
			src := parseFile(t, path)
			o := DefaultOptions()
			o.Target, o.Arch, o.LLC, o.NumStages = "amdgcn", "gfx942", llc, 2
			res, err := CompileSource(path, src, o)
			if err != nil {
				t.Fatalf("%s", RenderError(path, src, err))
			}
			ours := countAsm(string(res.Output))
			if fmt.Sprint(ours.mfma) != fmt.Sprint(theirs.mfma) {
				t.Errorf("v_mfma by form: tt %v, Triton %v", ours.mfma, theirs.mfma)
			}
			if ours.vgpr == 0 {
				t.Errorf("no llc register statistics in tt's assembly")
			}
			t.Logf("| %s | Triton %s", name, theirs.row(-1))
			t.Logf("| %s | tt %s", name, ours.row(res.Kernels[0].Shared))
			if lld != "" {
				checkCodeObject(t, path, src, o, lld, res.Kernels[0].Name)
			}
		})
	}
}

// pointerRange32 finds a pointer argument's type and the start of its
// attributes in a TTIR signature.
var pointerRange32 = regexp.MustCompile(`(%[\w.$-]+: !tt\.ptr<[^>]+>) \{`)

// TestAMDGCNPerfDotKernels compiles the perf suite's matmul and attention
// kernels (shared/kernels/perf, TTIR Triton made for an NVIDIA GPU) for
// gfx942 with their manifest's num_warps, at Triton's AMD default of 2
// stages and at the manifest's num_stages: each assembles to MFMA code
// (and links) or, where the stream pipeliner's LDS buffers exceed the 64
// KB of gfx942, is refused with the located diagnostic that says so. The
// "buffer" variant is the TTIR as Triton's AMD backend specializes it for
// tensors under 2 GB (tt.pointer_range = 32 on the pointers): every
// global access becomes a buffer access.
func TestAMDGCNPerfDotKernels(t *testing.T) {
	requireStages(t, LevelTTIR)
	llc := newLLC(t)
	lld := findLLD()
	perf := "../../../shared/kernels/perf/"
	b, err := os.ReadFile(perf + "manifest.json")
	if err != nil {
		t.Skipf("perf kernels not available: %v", err)
	}
	var man []struct {
		Name      string `json:"name"`
		Kernel    string `json:"kernel"`
		NumWarps  int    `json:"num_warps"`
		NumStages int    `json:"num_stages"`
	}
	if err := json.Unmarshal(b, &man); err != nil {
		t.Fatal(err)
	}
	compiled := 0
	seen := map[string]bool{} // the 4096 and 8192 matmuls are one kernel
	for _, c := range man {
		path := perf + c.Name + ".ttir"
		src := parseFile(t, path)
		if !strings.Contains(src, "tt.dot") {
			continue // TestAMDGCNFromTTIR compiles the others
		}
		key := fmt.Sprint(src, c.NumWarps, c.NumStages)
		if seen[key] {
			continue
		}
		seen[key] = true
		for _, v := range []struct {
			stages int
			buffer bool
		}{{2, false}, {c.NumStages, false}, {2, true}} {
			stages, src := v.stages, src
			label := fmt.Sprintf("%s/stages=%d", c.Name, stages)
			if v.buffer {
				label += "/buffer"
				src = pointerRange32.ReplaceAllString(src, "$1 {tt.pointer_range = 32 : i32, ")
			}
			t.Run(label, func(t *testing.T) {
				o := DefaultOptions()
				o.Target, o.Arch, o.LLC, o.NumWarps, o.NumStages = "amdgcn", "gfx942", llc, c.NumWarps, stages
				res, err := CompileSource(path, src, o)
				if err != nil {
					msg := RenderError(path, src, err)
					if stages == 2 || !strings.Contains(msg, "of shared memory, over the 64 KB of gfx942") {
						t.Fatalf("%s", msg)
					}
					t.Logf("| %s | %d | %d | over the LDS: %s", c.Name, c.NumWarps, stages, strings.SplitN(msg, "\n", 2)[0])
					return
				}
				ours := countAsm(string(res.Output))
				if ours.mfmaTotal() == 0 || ours.dsRead == 0 || ours.dsWrite == 0 {
					t.Errorf("no MFMA fed from LDS: %d v_mfma, %d ds_read, %d ds_write", ours.mfmaTotal(), ours.dsRead, ours.dsWrite)
				}
				if buffers := ours.bufferLoad > 0 && ours.bufferStore > 0 && ours.globalLoad+ours.globalStore == 0; buffers != v.buffer {
					t.Errorf("%d buffer_load, %d buffer_store, %d global_load, %d global_store; want buffer accesses: %t",
						ours.bufferLoad, ours.bufferStore, ours.globalLoad, ours.globalStore, v.buffer)
				}
				if k := res.Kernels[0]; k.Name != c.Kernel || k.Shared == 0 || k.Shared > 64<<10 {
					t.Errorf("metadata %+v", k)
				}
				compiled++
				t.Logf("| %s | %d | %d | %t %s", c.Name, c.NumWarps, stages, v.buffer, ours.row(res.Kernels[0].Shared))
				if lld != "" {
					checkCodeObject(t, path, src, o, lld, c.Kernel)
				}
			})
		}
	}
	if compiled == 0 {
		t.Error("no perf dot kernel compiled")
	}
}
