// Package libdevicelist reads the lists of testdata/libdevice: every
// signature of Triton 3.6's libdevice modules (CUDA's cuda.txt, AMD's
// hip.txt), a symbol and its type letters a line (f f32, d f64, i i32 or
// u32, l i64 or u64; the result last), with # comments. The tests of the
// lowering, the interpreter and the translator read them.
package libdevicelist

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Signature is one function of a list: its symbol and type letters.
type Signature struct{ Symbol, Types string }

// Read returns the signatures of the list at path, in order; a list
// without any is an error.
func Read(path string) ([]Signature, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var sigs []Signature
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			sym, types, _ := strings.Cut(line, " ")
			sigs = append(sigs, Signature{sym, types})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(sigs) == 0 {
		return nil, fmt.Errorf("%s: no signatures", path)
	}
	return sigs, nil
}
