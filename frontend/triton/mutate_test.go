package triton_test

import (
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/frontend/triton"
)

// TestMutatedKernels complements FuzzFrontend (whose byte-level mutations
// mostly stop in the parser): it replaces tokens of the reference
// kernels (numbers, dtypes, operators, tl functions, keyword arguments)
// with others that parse, and compiles each variant with the kernel's
// real specialization. Every variant must compile to IR that verifies or
// fail with a diagnostic: no "internal error", no IR that Triton's
// verifier (and tt's) would reject. TT_MUTATE=N runs N variants per
// kernel (default 12) with seed N.

var mutationSite = regexp.MustCompile(`\b\d+(\.\d+)?\b|tl\.(float16|float32|bfloat16|int32|int64|int8|int1|float64|uint8|float8e4nv)\b|\b(axis|mask|other)\b|[-+*/%<>]=?|==|\b(and|or|not)\b|\btl\.[a-z_]+\b`)

var mutationTokens = []string{"0", "1", "3", "-1", "16", "1024", "2**40", "0.5", "True", "None", "'ieee'", "(16, 16)",
	"tl.float16", "tl.bfloat16", "tl.int8", "tl.int64", "tl.float8e4nv", "tl.int1", "tl.uint8", "tl.float64",
	"+", "-", "*", "/", "//", "%", "<<", ">>", "&", "|", "^", "<", "==", ">=", "and", "or",
	"tl.sum", "tl.max", "tl.dot", "tl.where", "tl.load", "tl.store", "tl.arange", "tl.full", "tl.reshape", "tl.trans",
	"tl.cumsum", "tl.sort", "tl.exp", "tl.sqrt", "tl.abs", "tl.cast", "tl.broadcast_to", "tl.expand_dims", "tl.view",
	"tl.atomic_add", "tl.program_id", "tl.num_programs", "tl.split", "tl.join", "tl.permute", "tl.histogram",
	"tl.fma", "tl.clamp", "tl.umulhi", "tl.minimum", "tl.argmax", "tl.flip", "tl.interleave", "tl.zeros_like",
	"tl.assume", "tl.make_block_ptr", "tl.advance", "tl.make_tensor_descriptor", "x", "offs", "BLOCK"}

func TestMutatedKernels(t *testing.T) {
	n := 12
	if s := os.Getenv("TT_MUTATE"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("TT_MUTATE=%q: %v", s, err)
		}
	}
	rng := rand.New(rand.NewSource(int64(n)))
	for _, c := range readSpec(t).Cases {
		file := casePath(c.File)
		data, err := os.ReadFile(file)
		if err != nil {
			continue // a shared/ file that is not here
		}
		src := string(data)
		args := caseArgs(t, file, c)
		sites := mutationSite.FindAllStringIndex(src, -1)
		for i := 0; i < n; i++ {
			variant, changes := src, []string{}
			for j := 0; j < 1+rng.Intn(3); j++ {
				at := sites[rng.Intn(len(sites))]
				if at[1] > len(variant) {
					continue
				}
				tok := mutationTokens[rng.Intn(len(mutationTokens))]
				line := strings.Count(variant[:at[0]], "\n") + 1
				changes = append(changes, fmt.Sprintf("line %d: %q -> %q", line, variant[at[0]:at[1]], tok))
				variant = variant[:at[0]] + tok + variant[at[1]:]
			}
			read := func(p string) ([]byte, error) {
				if p == "variant.py" {
					return []byte(variant), nil
				}
				return nil, os.ErrNotExist
			}
			_, err := triton.Compile(all.NewContext(), "variant.py", triton.Options{Kernel: c.Kernel, Args: args, ReadFile: read})
			if err != nil && (strings.Contains(err.Error(), "internal error") || strings.Contains(err.Error(), "does not verify")) {
				t.Errorf("%s with %s:\n%s", c.Name, strings.Join(changes, ", "), triton.Render(err, read))
			}
		}
	}
}
