package tttranslate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/passmgr"
)

// The compile cache's hook: a compilation whose only outputs are the
// emitted text, the metadata and the passes' diagnostics is looked up in
// a compilecache.Cache by a key of its input and every option that
// shapes the output, and stored there once compiled. tt-run and the Go
// API (package tt) key their compilations with the same functions.

// Cacheable reports whether a compilation with o can come from the cache:
// IR printing, timing, stage dumps and reproducers need the pipeline to
// run.
func Cacheable(o *Options) bool {
	c := &o.Pass
	return o.DumpStages == "" && o.ReproducerPath == "" && c.Timer == nil && !c.PrintBeforeAll && !c.PrintAfterAll &&
		len(c.PrintBefore) == 0 && len(c.PrintAfter) == 0 && !c.PrintAfterChange && !c.PrintAfterFailure &&
		c.PrintTreeDir == "" && !c.Statistics && c.CrashReproducer == "" && c.Diagnostics == nil
}

// OptionsKey adds to h every option that shapes a compilation's output.
func OptionsKey(h *compilecache.Hasher, o *Options) *compilecache.Hasher {
	h.String("target", o.Target).String("arch", o.arch()).
		Int("num-warps", int64(o.NumWarps)).Int("num-stages", int64(o.NumStages)).Int("num-ctas", int64(o.NumCTAs)).
		Bool("num-warps-given", o.NumWarpsGiven).String("ptx-version", o.PTXVersion).Bool("fp-fusion", o.FPFusion).Bool("line-info", o.LineInfo).
		Bool("verify-each", o.Pass.VerifyEach).Bool("debug-info", o.Pass.PrintConfig.DebugInfo).
		Bool("remarks", o.Remarks).Bool("grid-variant", o.GridVariant)
	t := &o.Triton
	var libs []string
	for name, path := range t.ExternLibs {
		libs = append(libs, name+"="+path)
	}
	sort.Strings(libs)
	h.Bool("reflect-ftz", t.ReflectFTZ).Int("maxnreg", int64(t.MaxNReg)).Strings("extern-libs", libs).
		Bool("debug", t.Debug).Bool("sanitize-overflow", t.SanitizeOverflow).
		Bool("cooperative-grid", t.LaunchCooperativeGrid).Bool("pdl", t.LaunchPDL).String("kernel-abi", t.KernelABI)
	if o.Target == "amdgcn" {
		h.String("llc", llcIdentity(o.LLC))
	}
	return h
}

// llcIdentity names the llc an AMDGCN compilation runs: its path, size and
// modification time (a new llc at the same path is another compiler).
func llcIdentity(llc string) string {
	if llc == "" {
		for _, name := range []string{"llc-19", "llc-18", "llc-17", "llc"} {
			if p, err := exec.LookPath(name); err == nil {
				llc = p
				break
			}
		}
	}
	st, err := os.Stat(llc)
	if err != nil {
		return llc + " (missing)"
	}
	return fmt.Sprintf("%s %d %d", llc, st.Size(), st.ModTime().UnixNano())
}

// CompileCached returns the cached result for key, or runs compile with
// its passes' diagnostics written to diags, and caches what it returns
// (an error is not cached). On a hit the diagnostics the compilation
// gave are written to diags again; the result's Module is nil. A nil
// cache just compiles. deps lists the files read beyond what the key
// hashes (Python modules a kernel imports); it is called after compile.
func CompileCached(c *compilecache.Cache, key compilecache.Key, diags io.Writer, compile func(diags io.Writer) (*Result, error), deps func() []compilecache.Dep) (*Result, bool, error) {
	if c == nil {
		res, err := compile(diags)
		return res, false, err
	}
	if e, ok := c.Get(key); ok {
		if res, err := resultOf(e); err == nil {
			diags.Write(e.Parts["diagnostics"])
			return res, true, nil
		}
	}
	var rec bytes.Buffer
	res, err := compile(io.MultiWriter(diags, &rec))
	if err != nil {
		return nil, false, err
	}
	e, err := entryOf(res, rec.Bytes())
	if err == nil {
		if deps != nil {
			e.Deps = deps()
		}
		err = c.Put(key, e)
	}
	if err != nil {
		// The compilation stands; only its reuse is lost.
		fmt.Fprintf(diags, "warning: %v (the result is not cached)\n", err)
	}
	return res, false, nil
}

// cachedResult is the metadata part of a cached compilation.
type cachedResult struct {
	Kernels  []Kernel       `json:"kernels"`
	NotBuilt []passmgr.Step `json:"not_built"`
	Input    Level          `json:"input"`
}

func entryOf(res *Result, diags []byte) (*compilecache.Entry, error) {
	meta, err := json.Marshal(cachedResult{Kernels: res.Kernels, NotBuilt: res.NotBuilt, Input: res.Input})
	if err != nil {
		return nil, err
	}
	return &compilecache.Entry{Parts: map[string][]byte{"output": res.Output, "result.json": meta, "diagnostics": diags}}, nil
}

func resultOf(e *compilecache.Entry) (*Result, error) {
	var m cachedResult
	if err := json.Unmarshal(e.Parts["result.json"], &m); err != nil {
		return nil, err
	}
	return &Result{Output: e.Parts["output"], Kernels: m.Kernels, NotBuilt: m.NotBuilt, Input: m.Input}, nil
}

// cache is the compile cache of a command line: none with --no-cache or
// when the compilation must run (Cacheable), and none, with a warning on
// stderr, when the cache directory cannot be opened.
func (cl *cmdline) cache(stderr io.Writer) *compilecache.Cache {
	if cl.noCache || !Cacheable(&cl.opts) || cl.timing {
		return nil
	}
	return compilecache.DefaultOrWarn(stderr, "tt-translate")
}
