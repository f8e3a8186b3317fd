package fuzz

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Seed is a kernel the mutations start from.
type Seed struct {
	Name, Src string
}

// maxSeedBytes keeps the kernels small enough that a mutant compiles in
// well under the time limit when nothing is wrong.
const maxSeedBytes = 64 << 10

// Seeds collects the repository's own kernels: examples/*.ttir,
// testdata/cases/*.ttir|ttgir, Triton 3.6's TTIR of the front end's
// reference kernels (frontend/testdata/reference: the tutorials' matmul
// and attention among them) and its sm_90 TTGIR of their runs (pipelined
// wgmma loops), the kernels of the warp-specialization and cluster TMA
// tests (tools/tttranslate/testdata/warpspec, conversion/ttgtogpu/testdata/cta),
// testdata/seeds (kernels kept only to be mutated: a tt.warp_specialize TMA
// matmul loop), and, when shared is not empty and exists, the Triton 3.6
// kernels under shared/kernels (top level, cases, perf, amd). They are
// sorted by name so that a seed number picks the same kernel on every
// machine with the same files; a file whose text another seed already
// has is left out.
func Seeds(root, shared string) []Seed {
	ref := filepath.Join(root, "frontend", "testdata", "reference")
	globs := []string{
		filepath.Join(root, "examples", "*.ttir"),
		filepath.Join(root, "testdata", "cases", "*.ttir"),
		filepath.Join(root, "testdata", "cases", "*.ttgir"),
		filepath.Join(ref, "*.ttir"),
		filepath.Join(ref, "runs", "*.ttir"),
		filepath.Join(ref, "runs", "*.ttgir"),
		filepath.Join(root, "tools", "tttranslate", "testdata", "warpspec", "*.ttir"),
		filepath.Join(root, "tools", "tttranslate", "testdata", "warpspec", "*.ttgir"),
		filepath.Join(root, "conversion", "ttgtogpu", "testdata", "cta", "*.ttgir"),
		filepath.Join(root, "test", "fuzz", "testdata", "seeds", "*.ttir"),
	}
	if shared != "" {
		for _, dir := range []string{"", "cases", "perf", "amd"} {
			for _, ext := range []string{"*.ttir", "*.ttgir"} {
				globs = append(globs, filepath.Join(shared, "kernels", dir, ext))
			}
		}
	}
	var out []Seed
	seen := map[string]bool{}
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil || len(data) > maxSeedBytes || seen[string(data)] {
				continue
			}
			seen[string(data)] = true
			name, err := filepath.Rel(root, f)
			if shared != "" && (err != nil || strings.HasPrefix(name, "..")) {
				name, _ = filepath.Rel(shared, f)
				name = filepath.Join("shared", name)
			}
			out = append(out, Seed{Name: filepath.ToSlash(name), Src: string(data)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// A crasher is a kept failing input: the kernel text after a header of
// `// fuzz:` lines (`# fuzz:` in a Python file) giving the tt-translate
// settings and what happened.
const headerPrefix, pyHeaderPrefix = "// fuzz: ", "# fuzz: "

// FormatCrasher renders a failing job with its history for the corpus. A
// Python job's header also gives its kernel (on the first line) and its
// signature (on the second, whole).
func FormatCrasher(j Job, o Outcome, history []string) string {
	var b strings.Builder
	headerPrefix := headerPrefix
	if isPython(j) {
		headerPrefix = pyHeaderPrefix
	}
	fmt.Fprintf(&b, "%starget=%s arch=%s num-warps=%d", headerPrefix, j.Target, j.Arch, j.NumWarps)
	if j.NumStages != 0 {
		fmt.Fprintf(&b, " num-stages=%d", j.NumStages)
	}
	if j.NumCTAs != 0 {
		fmt.Fprintf(&b, " num-ctas=%d", j.NumCTAs)
	}
	if isPython(j) {
		fmt.Fprintf(&b, " kernel=%s\n%ssignature=%s", j.Kernel, headerPrefix, j.Signature)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "%sfound as %s from %s\n", headerPrefix, o.Status, j.Name)
	for _, h := range history {
		fmt.Fprintf(&b, "%s  %s\n", headerPrefix, strings.ReplaceAll(h, "\n", " "))
	}
	b.WriteString(j.Src)
	return b.String()
}

// CrasherName is a stable file name for a crasher's content: a job's
// source, and a Python job's signature.
func CrasherName(j Job) string {
	if isPython(j) {
		return fmt.Sprintf("%x", sha256.Sum256([]byte(j.Src+"\x00"+j.Signature)))[:16] + ".py"
	}
	return fmt.Sprintf("%x", sha256.Sum256([]byte(j.Src)))[:16] + ".mlir"
}

// ParseCrasher reads a corpus file back into a job. The header's first
// line gives the settings; a file without a header runs with
// tt-translate's defaults (ptx, sm_90, 4 warps).
func ParseCrasher(name, text string) Job {
	j := Job{Name: name, Src: text, Target: "ptx", Arch: "sm_90", NumWarps: 4}
	first, rest, _ := strings.Cut(text, "\n")
	settings, ok := strings.CutPrefix(first, headerPrefix)
	if !ok {
		if settings, ok = strings.CutPrefix(first, pyHeaderPrefix); !ok {
			return j
		}
		second, _, _ := strings.Cut(rest, "\n")
		j.Signature, _ = strings.CutPrefix(second, pyHeaderPrefix+"signature=")
	}
	for _, kv := range strings.Fields(settings) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "target":
			j.Target = v
		case "arch":
			j.Arch = v
		case "num-warps":
			if n, err := strconv.Atoi(v); err == nil {
				j.NumWarps = n
			}
		case "num-stages":
			if n, err := strconv.Atoi(v); err == nil {
				j.NumStages = n
			}
		case "num-ctas":
			if n, err := strconv.Atoi(v); err == nil {
				j.NumCTAs = n
			}
		case "kernel":
			j.Kernel = v
		}
	}
	return j
}
