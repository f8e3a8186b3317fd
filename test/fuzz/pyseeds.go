package fuzz

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ttcompiler/tt/frontend/triton"
)

// PySeed is a @triton.jit kernel the Python mutations start from: its
// file (Name, the base name its diagnostics carry, and Src), the kernel
// and a signature in triton.tools.compile's syntax with one entry per
// parameter (constexprs given by value), as tt-translate takes it.
type PySeed struct {
	Name, Src, Kernel string
	Signature         []string
	// Params are the kernel's parameters as the unmutated file declares
	// them (which entries are constexprs).
	Params []triton.KernelParam
}

// PySeeds collects the Python kernels with known specializations: the
// front end's reference spec (the examples and Triton's tutorials 01,
// 02, 03, 05 and 06, these from shared/ when it is there) and Triton's
// unit tests as recorded in frontend/testdata/reference/test_core.tar.gz
// (test_core.py, test_block_pointer.py, ... : some ten thousand
// standalone kernel files with the arguments Triton launched them with).
// A record whose kernel cannot be read, or takes a @jit function as an
// argument, is left out. The result is sorted by name, so that a seed
// number picks the same kernel on every machine with the same files.
func PySeeds(root, shared string) []PySeed {
	ref := filepath.Join(root, "frontend", "testdata", "reference")
	var out []PySeed
	add := func(s PySeed) {
		read := func(p string) ([]byte, error) {
			if p == s.Name {
				return []byte(s.Src), nil
			}
			return nil, os.ErrNotExist
		}
		k, err := triton.FindKernel(s.Name, s.Kernel, read)
		if err != nil || len(k.Params) != len(s.Signature) {
			return
		}
		s.Params = k.Params
		out = append(out, s)
	}
	if data, err := os.ReadFile(filepath.Join(ref, "spec.json")); err == nil {
		var spec struct {
			Cases []struct{ Name, File, Kernel, Signature string }
		}
		if json.Unmarshal(data, &spec) == nil {
			for _, c := range spec.Cases {
				path := filepath.Join(root, c.File)
				if rest, ok := strings.CutPrefix(c.File, "shared/"); ok {
					if shared == "" {
						continue
					}
					path = filepath.Join(shared, rest)
				}
				src, err := os.ReadFile(path)
				if err != nil {
					continue
				}
				add(PySeed{Name: filepath.Base(path), Src: string(src), Kernel: c.Kernel, Signature: triton.SplitSignature(c.Signature)})
			}
		}
	}
	files, rows := readTestCore(filepath.Join(ref, "test_core.tar.gz"))
	for _, r := range rows {
		src, ok := files[r.File]
		if !ok || r.Skip != "" || len(r.UnsupportedGlobals) > 0 {
			continue
		}
		sig := append([]string(nil), r.Args...)
		// The constexprs are keyed by parameter name; the arguments are in
		// order, with "" where a constexpr is. A @jit function passed as
		// one ("@fn:NAME") is its name, which the kernel's file defines.
		if len(r.Constexprs) > 0 {
			k, err := triton.FindKernel(r.File, r.Kernel, func(p string) ([]byte, error) {
				if p == r.File {
					return src, nil
				}
				return nil, os.ErrNotExist
			})
			if err != nil || len(k.Params) != len(sig) {
				continue
			}
			for i, p := range k.Params {
				if v, ok := r.Constexprs[p.Name]; ok {
					sig[i] = strings.TrimPrefix(v, "@fn:")
				}
			}
		}
		if slices.Contains(sig, "") {
			continue
		}
		add(PySeed{Name: r.File, Src: string(src), Kernel: r.Kernel, Signature: sig})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Kernel < out[j].Kernel
	})
	return out
}

// testCoreRow is the part of a test_core.tar.gz manifest row the seeds
// need.
type testCoreRow struct {
	File, Kernel       string
	Args               []string
	Constexprs         map[string]string
	Skip               string
	UnsupportedGlobals []string `json:"unsupported_globals"`
}

// readTestCore reads the recording's files by base name and its manifest
// (nothing when the archive is missing: the seeds are then the spec's).
func readTestCore(path string) (map[string][]byte, []testCoreRow) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, nil
	}
	files := map[string][]byte{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		if h.Typeflag != tar.TypeReg || !(strings.HasSuffix(h.Name, ".py") || strings.HasSuffix(h.Name, ".jsonl")) {
			continue
		}
		if data, err := io.ReadAll(tr); err == nil {
			files[filepath.Base(h.Name)] = data
		}
	}
	var rows []testCoreRow
	seen := map[string]bool{}
	for _, line := range strings.Split(string(files["manifest.jsonl"]), "\n") {
		var r testCoreRow
		if json.Unmarshal([]byte(line), &r) != nil || seen[r.File] {
			continue
		}
		seen[r.File] = true
		rows = append(rows, r)
	}
	return files, rows
}
